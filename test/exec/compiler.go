package exec

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/hlsl2spirv/hlsl2spirv/frontend"
	"github.com/hlsl2spirv/hlsl2spirv/frontend/diag"
	"github.com/hlsl2spirv/hlsl2spirv/test/tool"
)

// A Compiler compiles an HLSL compute shader with dxc-style flags (-T, -E,
// -D, -HV, -fspv-target-env=, -fvk-use-*-layout, ...) and returns the SPIR-V
// module and the target environment it was compiled for (a spirv-val
// --target-env name such as "vulkan1.1").
type Compiler func(tb testing.TB, filename string, source []byte, args []string) (module []byte, targetEnv string, err error)

// ErrNotAvailable is returned by a compiler that cannot run here; the tests
// report it as a skip, never as a pass.
var ErrNotAvailable = errors.New("compiler not available")

// Compilers are the compilers a test run can select, by the names used in
// `//: xfail NAME: reason` markers.
var Compilers = map[string]Compiler{
	"hlsl2spirv":    Hlsl2spirv,
	"hlsl2spirv-O0": withArgs(Hlsl2spirv, "-O0"),
	"glslang":       Glslang,
}

// withArgs is comp with extra flags after the test's own: the project's
// compiler runs every case at its default -O3 and again at -O0, so that
// both the optimized and the unoptimized module compute the answers.
func withArgs(comp Compiler, extra ...string) Compiler {
	return func(tb testing.TB, filename string, source []byte, args []string) ([]byte, string, error) {
		return comp(tb, filename, source, append(append([]string{}, args...), extra...))
	}
}

// Hlsl2spirv compiles with the project's own compiler, frontend.Compile.
// While code generation (or a flag the test needs) is not implemented, it
// returns ErrNotAvailable, which the tests report as a skip, never a pass.
func Hlsl2spirv(tb testing.TB, filename string, source []byte, args []string) ([]byte, string, error) {
	opts, err := hlsl2spirvOptions(args)
	if err != nil {
		return nil, "", err
	}
	res, err := frontend.Compile(opts, filename, source)
	if err != nil {
		return nil, "", fmt.Errorf("hlsl2spirv: %v", err)
	}
	if res.Failed() {
		var sb strings.Builder
		res.Diags.Render(&sb)
		for _, d := range res.Diags.Sorted() {
			if d.Severity == diag.Error && d.Code == diag.NotImplemented {
				return nil, "", fmt.Errorf("hlsl2spirv: %w:\n%s", ErrNotAvailable, sb.String())
			}
		}
		return nil, "", fmt.Errorf("hlsl2spirv:\n%s", sb.String())
	}
	env := opts.TargetEnv
	if env == "" {
		env = "vulkan1.0"
	}
	return tool.Words2Bytes(res.SPIRV), env, nil
}

// flagValue takes the value that follows the flag args[*i].
func flagValue(args []string, i *int) (string, error) {
	if *i+1 >= len(args) {
		return "", fmt.Errorf("flag %s needs a value", args[*i])
	}
	*i++
	return args[*i], nil
}

// hlsl2spirvOptions maps the dxc flags the tests use to frontend.Options.
func hlsl2spirvOptions(args []string) (frontend.Options, error) {
	var o frontend.Options
	for i := 0; i < len(args); i++ {
		a := args[i]
		value := func() (string, error) { return flagValue(args, &i) }
		var err error
		switch {
		case a == "-T":
			o.Profile, err = value()
		case a == "-E":
			o.Entry, err = value()
		case a == "-D":
			var d string
			d, err = value()
			o.Defines = append(o.Defines, d)
		case strings.HasPrefix(a, "-D"):
			o.Defines = append(o.Defines, a[2:])
		case a == "-HV":
			var v string
			if v, err = value(); err == nil {
				if v == "202x" {
					v = "2029"
				}
				o.HLSLVersion, err = strconv.Atoi(v)
			}
		case a == "-enable-16bit-types":
			o.Enable16BitTypes = true
		case strings.HasPrefix(a, "-fspv-target-env="):
			o.TargetEnv = strings.TrimPrefix(a, "-fspv-target-env=")
		case a == "-Zpr":
			o.RowMajor = true
		case a == "-Zpc":
			o.RowMajor = false
		case a == "-O0" || a == "-Od":
			o.NoOptimize = true
		case a == "-O1" || a == "-O2" || a == "-O3":
		case a == "-fvk-use-dx-layout":
			o.UseDXLayout = true
		case a == "-fvk-use-gl-layout":
			o.UseGLLayout = true
		case a == "-fvk-use-scalar-layout":
			o.UseScalarLayout = true
		case strings.HasPrefix(a, "-fspv-extension="):
			o.Extensions = append(o.Extensions, strings.TrimPrefix(a, "-fspv-extension="))
		case a == "-fspv-fix-func-call-arguments":
			o.FixFuncCallArguments = true
		default:
			return o, fmt.Errorf("hlsl2spirv: %w: frontend.Options cannot express flag %q yet", ErrNotAvailable, a)
		}
		if err != nil {
			return o, err
		}
	}
	return o, nil
}

// Glslang compiles with glslangValidator, the reference compiler used to
// prove the runner and the tests. Its HLSL front end differs from DXC in
// places; tests where it gives a different answer carry `//: xfail glslang:`.
// Flags glslang has no equivalent for (-HV, -Zpr, the layout flags, -O*,
// -fspv-fix-func-call-arguments) are dropped, which is exactly why the tests depending on them are xfail.
func Glslang(tb testing.TB, filename string, source []byte, args []string) ([]byte, string, error) {
	bin := tool.Require(tb, tool.Glslang)
	env := "vulkan1.1" // glslang needs 1.1 for subgroup operations; dxc defaults to 1.0
	gargs := []string{"-V", "-D", "-S", "comp", "--quiet"}
	entry := "main"
	for i := 0; i < len(args); i++ {
		a := args[i]
		next := func() (string, error) { return flagValue(args, &i) }
		var err error
		switch {
		case a == "-E":
			entry, err = next()
		case strings.HasPrefix(a, "-E"):
			entry = a[2:]
		case a == "-T" || a == "-HV":
			_, err = next()
		case strings.HasPrefix(a, "-T"), strings.HasPrefix(a, "-HV"):
		case a == "-D":
			var d string
			d, err = next()
			gargs = append(gargs, "-D"+d)
		case strings.HasPrefix(a, "-D"):
			gargs = append(gargs, a)
		case a == "-enable-16bit-types":
			gargs = append(gargs, "--hlsl-enable-16bit-types")
		case strings.HasPrefix(a, "-fspv-target-env="):
			env = strings.TrimPrefix(a, "-fspv-target-env=")
			if env == "vulkan1.0" {
				env = "vulkan1.1"
			}
		case a == "-Zpr", a == "-Zpc", a == "-fvk-use-dx-layout", a == "-fvk-use-gl-layout",
			a == "-fvk-use-scalar-layout", a == "-O0", a == "-Od", a == "-O1", a == "-O2", a == "-O3",
			a == "-fspv-fix-func-call-arguments":
		default:
			return nil, "", fmt.Errorf("glslang: no equivalent for flag %q", a)
		}
		if err != nil {
			return nil, "", err
		}
	}
	dir := tb.TempDir()
	src := filepath.Join(dir, filepath.Base(filename))
	out := filepath.Join(dir, "out.spv")
	if err := os.WriteFile(src, source, 0o644); err != nil {
		return nil, "", err
	}
	gargs = append(gargs, "-e", entry, "--target-env", env, "-o", out, src)
	stdout, stderr, err := tool.Run(bin, nil, gargs...)
	if err != nil {
		return nil, "", fmt.Errorf("glslangValidator %s: %v\n%s%s", strings.Join(gargs, " "), err, stdout, stderr)
	}
	module, err := os.ReadFile(out)
	return module, env, err
}
