package webgpu_test

import (
	"flag"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/hlsl2spirv/hlsl2spirv/codegen/wgsl"
	"github.com/hlsl2spirv/hlsl2spirv/test/tool"
	"github.com/hlsl2spirv/hlsl2spirv/test/webgpu"
)

var update = flag.Bool("update", false, "rewrite testdata/golden/*.wgsl from this run")

// SpirvOpt optimises glslang's modules (phis, merged blocks) for a second
// variant of each compute fixture.
var spirvOpt = tool.Program{Names: []string{"spirv-opt"}, Package: "spirv-tools"}

var expectError = regexp.MustCompile(`(?m)^// expect-error: (.*)$`)

// TestFixtures compiles the GLSL and HLSL fixtures with glslangValidator
// (with line information, -g), and for compute fixtures also runs
// spirv-opt -O over them; each module must translate to WGSL that Tint
// accepts with its pipelines, equal to testdata/golden/NAME.wgsl (-update
// rewrites those), or be refused with the error its expect-error line
// names.
func TestFixtures(t *testing.T) {
	glslang := tool.Require(t, tool.Glslang)
	files, err := filepath.Glob("testdata/fixtures/*")
	if err != nil || len(files) == 0 {
		t.Fatal("no fixtures")
	}
	type module struct {
		name string
		spv  []byte
		want *regexp.Regexp
	}
	var mods []module
	dir := t.TempDir()
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		base := filepath.Base(f)
		args := []string{"-V", "-g", "--quiet", base, "-o", filepath.Join(dir, base+".spv")}
		if strings.HasSuffix(base, ".hlsl") {
			stage := "frag"
			if strings.HasPrefix(base, "cs_") {
				stage = "comp"
			}
			args = append([]string{"-D", "-e", "main", "-S", stage}, args...)
		}
		cmd := []string{glslang}
		out, errOut, err := runIn(filepath.Dir(f), append(cmd, args...)...)
		if err != nil {
			t.Fatalf("glslangValidator %s: %v\n%s%s", base, err, out, errOut)
		}
		spv, err := os.ReadFile(filepath.Join(dir, base+".spv"))
		if err != nil {
			t.Fatal(err)
		}
		var want *regexp.Regexp
		if m := expectError.FindSubmatch(src); m != nil {
			want = regexp.MustCompile(string(m[1]))
		}
		mods = append(mods, module{base, spv, want})
		if strings.HasSuffix(base, ".comp") && want == nil {
			if opt := tool.Lookup(spirvOpt); opt != "" {
				optimized := filepath.Join(dir, base+".opt.spv")
				if _, e, err := tool.Run(opt, nil, "-O", filepath.Join(dir, base+".spv"), "-o", optimized); err != nil {
					t.Fatalf("spirv-opt %s: %v\n%s", base, err, e)
				}
				spv, _ := os.ReadFile(optimized)
				mods = append(mods, module{base + ".opt", spv, nil})
			} else {
				tool.Missing(t, "spirv-opt not found; install the spirv-tools package")
			}
		}
	}
	var batch []webgpu.Module
	var names []string
	for _, m := range mods {
		res, err := wgsl.TranslateBytes(m.spv, wgsl.Options{})
		switch {
		case m.want != nil && err == nil:
			t.Errorf("%s: translated, but should fail with %q", m.name, m.want)
			continue
		case m.want != nil:
			if !m.want.MatchString(err.Error()) {
				t.Errorf("%s: the error %q does not match %q", m.name, err, m.want)
			}
			continue
		case err != nil:
			t.Errorf("%s: %v", m.name, err)
			continue
		}
		golden := filepath.Join("testdata", "golden", m.name+".wgsl")
		if *update {
			os.MkdirAll(filepath.Dir(golden), 0o755)
			if err := os.WriteFile(golden, []byte(res.WGSL), 0o644); err != nil {
				t.Fatal(err)
			}
		} else if want, err := os.ReadFile(golden); err != nil {
			t.Errorf("%s: no golden file (run with -update): %v", m.name, err)
		} else if string(want) != res.WGSL {
			t.Errorf("%s: the WGSL differs from %s (run with -update if the change is right):\n%s", m.name, golden, res.WGSL)
		}
		batch = append(batch, webgpu.Module{Code: res.WGSL, Entries: entriesOf(res)})
		names = append(names, m.name)
	}
	for i, v := range webgpu.ValidateAll(t, batch) {
		if !v.OK() {
			t.Errorf("%s: Tint refuses the WGSL:\n%s\n%s", names[i], v, batch[i].Code)
		}
	}
}

func runIn(dir string, args ...string) ([]byte, []byte, error) {
	wd, _ := os.Getwd()
	if err := os.Chdir(dir); err != nil {
		return nil, nil, err
	}
	defer os.Chdir(wd)
	return tool.Run(args[0], nil, args[1:]...)
}

func entriesOf(res *wgsl.Result) []webgpu.Entry {
	var out []webgpu.Entry
	for _, ep := range res.EntryPoints {
		e := webgpu.Entry{Name: ep.Name, Stage: ep.Stage, FragDepth: ep.FragDepth}
		for _, io := range ep.Inputs {
			e.Inputs = append(e.Inputs, webgpu.IO{Location: io.Location, Type: io.Type, Interp: io.Interpolate})
		}
		for _, io := range ep.Outputs {
			e.Outputs = append(e.Outputs, webgpu.IO{Location: io.Location, Type: io.Type})
		}
		out = append(out, e)
	}
	return out
}
