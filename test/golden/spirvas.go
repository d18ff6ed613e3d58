package golden

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/hlsl2spirv/hlsl2spirv/test/tool"
)

// SpirvAs is a Compiler for .spvasm golden files, named %spirv-as in RUN
// lines: it assembles the file with spirv-as and prints the module with
// spirv-dis's default output (the text form the compiler's own disassembler
// reproduces). It lets the runner, and hand-written SPIR-V expectations, be
// tested without the HLSL compiler.
//
// Arguments: the file (%s), -fspv-target-env=ENV (default vulkan1.0, as
// for dxc; it sets the SPIR-V version through spirv-as --target-env and the
// runner validates for it), --preserve-numeric-ids, and the dxc flags that
// change only how the runner validates (-fcgl, -Vd, -fvk-use-gl-layout,
// -fvk-use-dx-layout, -fvk-use-scalar-layout). Anything else is a usage
// error.
func SpirvAs(args []string, filename string, src []byte) Output {
	as, dis := tool.Lookup(tool.SpirvAs), tool.Lookup(tool.SpirvDis)
	if as == "" || dis == "" {
		return Output{Err: &missingTool{"spirv-as/spirv-dis not found; install the spirv-tools package (make deps does it)"}}
	}
	// The SPIR-V version follows the target environment, as with DXC.
	env, _ := ValidatorOptions(args)
	asArgs := []string{"--target-env", env}
	for _, a := range args {
		switch {
		case a == filename, strings.HasPrefix(a, "-fspv-target-env="):
		case a == "-fcgl", a == "-Vd", a == "-fvk-use-gl-layout", a == "-fvk-use-dx-layout", a == "-fvk-use-scalar-layout":
			// dxc flags that change only how the runner validates.
		case a == "--preserve-numeric-ids":
			asArgs = append(asArgs, a)
		default:
			return Output{Diagnostics: fmt.Sprintf("spirv-as: unsupported argument %q\n", a), Err: fmt.Errorf("usage error")}
		}
	}
	dir, err := os.MkdirTemp("", "golden-as-*")
	if err != nil {
		return Output{Err: err}
	}
	defer os.RemoveAll(dir)
	in := filepath.Join(dir, "in.spvasm")
	bin := filepath.Join(dir, "out.spv")
	if err := os.WriteFile(in, src, 0o644); err != nil {
		return Output{Err: err}
	}
	_, stderr, err := tool.Run(as, nil, append(asArgs, "-o", bin, in)...)
	if err != nil {
		// spirv-as names the temporary file; name the golden file instead.
		msg := strings.ReplaceAll(string(stderr), in, filename)
		return Output{Diagnostics: msg, Err: fmt.Errorf("spirv-as: %v", err)}
	}
	module, err := os.ReadFile(bin)
	if err != nil {
		return Output{Err: err}
	}
	words, err := wordsOf(module)
	if err != nil {
		return Output{Err: err}
	}
	text, stderr, err := tool.Run(dis, nil, bin)
	if err != nil {
		return Output{Diagnostics: string(stderr), Err: fmt.Errorf("spirv-dis: %v", err)}
	}
	return Output{SPIRV: words, Text: string(text), Diagnostics: string(stderr)}
}
