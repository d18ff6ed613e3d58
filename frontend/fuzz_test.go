package frontend

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hlsl2spirv/hlsl2spirv/builder/binary"
	"github.com/hlsl2spirv/hlsl2spirv/frontend/diag"
)

// FuzzCompile compiles arbitrary text for each stage: it must never panic
// or report an internal compiler error (code generation turns a panic into
// one), and whatever it accepts must be a well-formed module.
func FuzzCompile(f *testing.F) {
	seeds, _ := filepath.Glob(filepath.Join("..", "test", "examples", "*.hlsl"))
	more, _ := filepath.Glob(filepath.Join("..", "test", "exec", "testdata", "*.hlsl"))
	seeds = append(seeds, more...)
	for _, p := range seeds {
		if src, err := os.ReadFile(p); err == nil {
			f.Add(string(src), uint8(0))
		}
	}
	f.Add("float4 main(float4 c : COLOR) : SV_Target { return c * 2; }", uint8(1))
	f.Add("[numthreads(1,1,1)] void main() { int a[3] = {1,2,3}; for (int i = 0; i < 3; i++) a[i] += i; }", uint8(2))
	profiles := []string{"ps_6_0", "vs_6_0", "cs_6_0"}
	f.Fuzz(func(t *testing.T, src string, which uint8) {
		if len(src) > 4096 {
			// Large mutated files spend the budget in the parser's
			// recovery (FuzzParse covers it); keep this target on codegen.
			return
		}
		// Entry points named in the exec tests differ; "main" is common.
		res, err := Compile(Options{Profile: profiles[int(which)%len(profiles)], ReadFile: noIncludes}, "fuzz.hlsl", []byte(src))
		if err != nil {
			return
		}
		for _, d := range res.Diags.Diags {
			if d.Severity == diag.Error && strings.Contains(d.Msg, "internal compiler error") {
				t.Fatalf("internal error: %s\n--- input:\n%s", d.Msg, src)
			}
		}
		if res.Failed() {
			return
		}
		if _, err := binary.ReadWords(res.SPIRV); err != nil {
			t.Fatalf("the module does not read back: %v", err)
		}
	})
}

func noIncludes(string) ([]byte, error) { return nil, os.ErrNotExist }
