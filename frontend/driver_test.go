package frontend

import (
	"bytes"
	"fmt"
	"os"
	"strings"
	"testing"
)

func TestProfiles(t *testing.T) {
	for _, good := range []string{"ps_6_0", "vs_6_7", "cs_6_10", "lib_6_3", "ms_6_5", "as_6_8", "vs_5_0"} {
		if _, err := ParseProfile(good); err != nil {
			t.Errorf("%s: %v", good, err)
		}
	}
	for _, bad := range []string{"", "ps", "ps_6", "xs_6_0", "ps_7_0", "ps_6_11", "lib_6_1", "ms_6_4", "lib_5_0", "ps_6_x"} {
		if _, err := ParseProfile(bad); err == nil {
			t.Errorf("%q: want an error", bad)
		}
	}
}

func TestNormalizeDefaultsAndErrors(t *testing.T) {
	var o Options
	if err := o.Normalize(); err != nil {
		t.Fatal(err)
	}
	if o.Entry != "main" || o.TargetEnv != "vulkan1.0" || o.HLSLVersion != 2021 || o.StageIOOrder != "decl" {
		t.Errorf("defaults: %+v", o)
	}
	for _, bad := range []Options{{TargetEnv: "vulkan9"}, {HLSLVersion: 2020}, {StageIOOrder: "random"}} {
		if err := bad.Normalize(); err == nil {
			t.Errorf("%+v: want an error", bad)
		}
	}
}

// memFS serves #include from memory, as a library user would.
func memFS(files map[string]string) func(string) ([]byte, error) {
	return func(path string) ([]byte, error) {
		for name, text := range files {
			if strings.HasSuffix(path, name) {
				return []byte(text), nil
			}
		}
		return nil, fmt.Errorf("%s: %w", path, os.ErrNotExist)
	}
}

func TestPreprocessFromMemory(t *testing.T) {
	opts := Options{Profile: "ps_6_0", ReadFile: memFS(map[string]string{"common.hlsli": "#define GAIN 4\n"})}
	var out bytes.Buffer
	res, err := Preprocess(opts, "main.hlsl", []byte("#include \"common.hlsli\"\nfloat g = GAIN;\n"), &out)
	if err != nil {
		t.Fatal(err)
	}
	if res.Failed() || !strings.Contains(out.String(), "float g = 4;") {
		var d bytes.Buffer
		res.Diags.Render(&d)
		t.Errorf("output %q, diagnostics %s", out.String(), d.String())
	}
}

func TestCheckReportsPositionedErrors(t *testing.T) {
	res, err := Check(Options{Profile: "cs_6_0"}, "k.hlsl", []byte("[numthreads(1,1,1)]\nvoid main() {\n  int x = (1 + ;\n}\n"), nil)
	if err != nil {
		t.Fatal(err)
	}
	var d bytes.Buffer
	res.Diags.Render(&d)
	if !res.Failed() || !strings.Contains(d.String(), "k.hlsl:3:") {
		t.Errorf("want an error on line 3, got:\n%s", d.String())
	}
}

// Compile returns a module on success and none on failure.
func TestCompileProducesModule(t *testing.T) {
	res, err := Compile(Options{Profile: "ps_6_0"}, "p.hlsl", []byte("float4 main() : SV_Target { return 1; }\n"))
	if err != nil {
		t.Fatal(err)
	}
	if res.Failed() || len(res.SPIRV) < 5 || res.SPIRV[0] != 0x07230203 {
		t.Errorf("want a SPIR-V module, got %d words (failed %v)", len(res.SPIRV), res.Failed())
	}
	res, err = Compile(Options{Profile: "ps_6_0"}, "p.hlsl", []byte("float4 main() : SV_Target { return undeclared; }\n"))
	if err != nil {
		t.Fatal(err)
	}
	if !res.Failed() || res.SPIRV != nil {
		t.Errorf("an error must give no module, got %d words", len(res.SPIRV))
	}
	if _, err := Compile(Options{}, "p.hlsl", nil); err == nil || !strings.Contains(err.Error(), "target profile missing") {
		t.Errorf("no -T: got %v", err)
	}
}
