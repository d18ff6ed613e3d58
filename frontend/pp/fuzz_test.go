package pp

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/hlsl2spirv/hlsl2spirv/frontend/diag"
	"github.com/hlsl2spirv/hlsl2spirv/frontend/token"
)

// FuzzPreprocess: any input preprocesses without panicking or hanging,
// the output is bounded by MaxTokens, ends in EOF, and prints.
func FuzzPreprocess(f *testing.F) {
	for _, c := range expandCases {
		f.Add(c.src)
	}
	for _, c := range diagCases {
		f.Add(c.src)
	}
	f.Add("#define A B B\n#define B C C\n#define C D D\n#define D E E\nA A A A")
	f.Add("#include \"x.h\"\n#include <x.h>\nX")
	f.Add("#define F(x) F(x x) x\nF(F(F(1)))")
	f.Add("#if ((((((((((1))))))))))\n#elif\n#else\n#endif")
	f.Add("_Pragma(\"once\") _Pragma( _Pragma(\"x\")")
	f.Add("a\\\r\nb\\  \n'\\\n\"\\")
	const limit = 1 << 14
	f.Fuzz(func(t *testing.T, src string) {
		fs := diag.NewFileSet()
		dl := diag.NewList(fs, diag.Options{ErrorLimit: 1000})
		cfg := Config{
			MaxTokens:   limit,
			MaxIncludes: 1000,
			// Every #include finds the fuzzed text itself (recursion included).
			ReadFile: func(string) ([]byte, error) { return []byte(src), nil },
		}
		res := Preprocess(fs, dl, "fuzz.hlsl", []byte(src), cfg)
		n := len(res.Tokens)
		if n == 0 || res.Tokens[n-1].Kind != token.EOF {
			t.Fatalf("result does not end in EOF")
		}
		if n > limit+1 {
			t.Fatalf("%d tokens, limit %d", n, limit)
		}
		for _, tk := range res.Tokens[:n-1] {
			if tk.Kind == token.EOF || tk.Kind >= kEOD {
				t.Fatalf("internal token kind %v leaked", tk.Kind)
			}
			if tk.Text == "" {
				t.Fatalf("empty token text at %v", fs.Position(tk.Pos))
			}
		}
		var b bytes.Buffer
		Print(&b, fs, res)
		dl.Render(&b)
	})
}

// TestPathological checks the limits that keep bad input from running away.
func TestPathological(t *testing.T) {
	var exp strings.Builder
	for i := 0; i < 40; i++ {
		fmt.Fprintf(&exp, "#define M%d M%d M%d\n", i, i+1, i+1)
	}
	exp.WriteString("M0\n")
	cases := []struct{ name, src, diag string }{
		{"exponential macros", exp.String(), "error: macro expansion exceeds 65536 tokens"},
		{"deep arguments", "#define F(x) x\n" + strings.Repeat("F(", 1000) + "1" + strings.Repeat(")", 1000), "macro arguments nested too deeply"},
		{"deep #if", "#if " + strings.Repeat("- ", 100000) + "1\n#endif\n", "preprocessor expression nested too deeply"},
		{"deep parens", "#if " + strings.Repeat("(", 100000) + "1\n#endif\n", "preprocessor expression nested too deeply"},
		{"recursive include", "#include \"main.hlsl\"\n", "#include nested too deeply"},
		{"exponential include", "#if __INCLUDE_LEVEL__ < 40\n#include \"main.hlsl\"\n#include \"main.hlsl\"\n#endif\n", "more than 65536 files #included"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, _, diags := run(t, c.src, map[string]string{"main.hlsl": c.src}, Config{MaxTokens: 1 << 16})
			if !strings.Contains(diags, c.diag) {
				t.Errorf("want %q in:\n%.2000s", c.diag, diags)
			}
		})
	}
}
