package frontend

import (
	"fmt"
	"regexp"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/hlsl2spirv/hlsl2spirv/frontend/diag"
)

// TestResourceLimits feeds inputs built to exhaust a stage — nesting,
// giant arrays, macro bombs, include cycles, huge switches — and requires
// each to end in a positioned error, within a time and allocation budget,
// instead of a stack overflow, hours of work or gigabytes.
func TestResourceLimits(t *testing.T) {
	rep := strings.Repeat
	head := "RWStructuredBuffer<int> O : register(u0);\n[numthreads(1,1,1)] void main() {\n"
	cases := []struct {
		name  string
		src   string
		files map[string]string // #include targets
		want  string            // regexp of the error message
		line  int               // the line the error must point at
	}{
		{"nested ifs", head + rep("if (O[0]) ", 300000) + "O[1] = 1;\n}\n", nil, "nested too deeply", 3},
		{"unary chain", head + "O[0] = " + rep("- ", 300000) + "O[1];\n}\n", nil, "nested too deeply", 3},
		{"conditional chain", head + "O[0] = " + rep("O[1] ? 1 : ", 100000) + "2;\n}\n", nil, "nested too deeply", 3},
		{"operator chain", head + "O[0] = " + rep("O[1] + ", 100000) + "1;\n}\n", nil, "nested too deeply", 3},
		{"brackets", head + "O[0] = " + rep("(", 100000) + "1" + rep(")", 100000) + ";\n}\n", nil, "nesting level exceeded", 3},
		{"blocks", head + rep("{", 100000) + rep("}", 100000) + "\n}\n", nil, "nesting level exceeded", 3},
		{"giant array cast", head + "int a[1000000000] = (int[1000000000])O[1];\nO[0] = a[O[2]];\n}\n", nil, "too large for SPIR-V", 3},
		{"giant struct value", "struct S { int a[100000]; };\nRWStructuredBuffer<S> O : register(u0);\n[numthreads(1,1,1)] void main() {\nS s = (S)0; s.a[3] = 1; O[0] = s;\n}\n", nil, "too large for SPIR-V", 4},
		{"giant array type", "groupshared int a[4294967295];\n" + head + "a[5] = 1; O[0] = a[5];\n}\n", nil, "out of range", 1},
		{"macro bomb", "#define A0 x x\n" + macroTower(40) + "int A40;\n", nil, "exceeds [0-9]+ tokens", 42},
		{"macro argument bomb", "#define F(x) x x\n#define G(x) F(F(F(F(F(F(F(F(x))))))))\nint G(G(G(G(a))));\n", nil, "exceeds [0-9]+ tokens", 3},
		{"include cycle", "#include \"a.hlsli\"\n", map[string]string{"a.hlsli": "#include \"b.hlsli\"\n", "b.hlsli": "#include \"a.hlsli\"\n"}, "#include nested too deeply", 1},
		{"huge switch", head + "switch (O[0]) {\n" + hugeSwitch(40000) + "}\n}\n", nil, "OpSwitch holds at most", 3},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			opts := Options{Profile: "cs_6_0", ReadFile: memFS(c.files)}
			var before, after runtime.MemStats
			runtime.ReadMemStats(&before)
			start := time.Now()
			res, err := Compile(opts, "limits.hlsl", []byte(c.src))
			took := time.Since(start)
			runtime.ReadMemStats(&after)
			if err != nil {
				t.Fatal(err)
			}
			if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 2<<30 { // allocated in all, not the peak
				t.Errorf("allocated %d MB", alloc>>20)
			}
			if took > 30*time.Second {
				t.Errorf("took %v", took)
			}
			if !res.Failed() {
				t.Fatalf("compiled; want an error matching %q", c.want)
			}
			re := regexp.MustCompile(c.want)
			for _, d := range res.Diags.Sorted() {
				if d.Severity < diag.Error || !re.MatchString(d.Msg) {
					continue
				}
				if strings.Contains(d.Msg, "internal compiler error") {
					t.Errorf("an internal error: %s", d.Msg)
				}
				pos := res.Files.Position(d.Pos)
				if pos.Line != c.line || pos.Col < 1 {
					t.Errorf("error at %s:%d:%d, want line %d: %s", pos.Filename, pos.Line, pos.Col, c.line, d.Msg)
				}
				return
			}
			var sb strings.Builder
			res.Diags.Render(&sb)
			t.Errorf("no error matching %q:\n%.2000s", c.want, sb.String())
		})
	}
}

// macroTower defines A1..An, each twice the one before.
func macroTower(n int) string {
	var sb strings.Builder
	for i := 1; i <= n; i++ {
		fmt.Fprintf(&sb, "#define A%d A%d A%d\n", i, i-1, i-1)
	}
	return sb.String()
}

func hugeSwitch(n int) string {
	var sb strings.Builder
	for i := 0; i < n; i++ {
		fmt.Fprintf(&sb, "case %d: O[1] = %d; break;\n", i, i)
	}
	return sb.String()
}
