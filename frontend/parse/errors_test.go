package parse

import (
	"strings"
	"testing"
)

// Each case is a source and the exact rendered diagnostics, caret lines
// included: the wording and the position are the contract.
var syntaxErrorTests = []struct {
	name, src, want string
}{
	{
		name: "variadic template",
		src:  "template <typename T, typename... Rest>\nT first(T a, Rest... r) { return a; }\n",
		want: `t.hlsl:1:31: error: variadic templates are not supported in HLSL
template <typename T, typename... Rest>
                              ^
1 error generated.
`,
	},
	{
		name: "effect technique cut off by the end of the file",
		src:  "technique T { pass P {\n",
		want: `t.hlsl:1:1: warning: effect technique ignored - effect syntax is deprecated [-Weffects-syntax]
technique T { pass P {
^
1 warning generated.
`,
	},
	{
		name: "effect technique inside a namespace",
		src:  "namespace N { technique T { pass P { } } }\n",
		want: `t.hlsl:1:15: error: unknown type name 'technique'
namespace N { technique T { pass P { } } }
              ^
1 error generated.
`,
	},
	{
		name: "sampler_state without its block",
		src:  "sampler s = sampler_state\n",
		want: `t.hlsl:1:10: error: expected ';' after top level declarator
sampler s = sampler_state
         ^
t.hlsl:1:13: warning: effect sampler_state assignment ignored - effect syntax is deprecated [-Weffects-syntax]
sampler s = sampler_state
            ^
1 warning and 1 error generated.
`,
	},
	{
		name: "missing semicolon after declaration",
		src:  "float4 main() : SV_Target {\n  float x = 1\n  return x;\n}\n",
		want: `t.hlsl:2:14: error: expected ';' at end of declaration
  float x = 1
             ^
1 error generated.
`,
	},
	{
		name: "type name where an expression is due",
		src:  "float f(float2x2 m);\nfloat g() {\n  return f(float2x2 { 1, 2, 3, 4 });\n}\n",
		want: `t.hlsl:3:21: error: expected '(' for function-style cast or type construction
  return f(float2x2 { 1, 2, 3, 4 });
                    ^
1 error generated.
`,
	},
	{
		name: "missing operand",
		src:  "void f() {\n  int a = 3 * ;\n}\n",
		want: `t.hlsl:2:15: error: expected expression
  int a = 3 * ;
              ^
1 error generated.
`,
	},
	{
		name: "unknown type in a statement",
		src:  "void f() {\n  Foo x;\n  x = 1;\n}\n",
		want: `t.hlsl:2:3: error: unknown type name 'Foo'
  Foo x;
  ^
1 error generated.
`,
	},
	{
		name: "unknown type in a parameter",
		src:  "void f(Bar b) {}\n",
		want: `t.hlsl:1:8: error: unknown type name 'Bar'
void f(Bar b) {}
       ^
1 error generated.
`,
	},
	{
		name: "struct without semicolon",
		src:  "struct S { float a; }\nfloat4 main() : SV_Target { return 0; }\n",
		want: `t.hlsl:1:22: error: expected ';' after struct
struct S { float a; }
                     ^
1 error generated.
`,
	},
	{
		name: "unclosed condition",
		src:  "void f() {\n  if (x > 0 {\n    return;\n  }\n}\n",
		want: `t.hlsl:2:13: error: expected ')'
  if (x > 0 {
            ^
t.hlsl:2:6: note: to match this '('
  if (x > 0 {
     ^
1 error generated.
`,
	},
	{
		name: "several independent errors in one run",
		src:  "void f() {\n  x = y +* 2;\n  z = w * ;\n  return\n}\n",
		want: `t.hlsl:2:10: error: expected expression
  x = y +* 2;
         ^
t.hlsl:3:11: error: expected expression
  z = w * ;
          ^
t.hlsl:4:9: error: expected ';' after return statement
  return
        ^
3 errors generated.
`,
	},
	{
		name: "spaced shift",
		src:  "void f() {\n  int a = b > > 2;\n}\n",
		want: `t.hlsl:2:15: error: expected expression
  int a = b > > 2;
              ^
1 error generated.
`,
	},
	{
		name: "unclosed call",
		src:  "float4 main() : SV_Target {\n  return float4(1, 2, 3, 4;\n}\n",
		want: `t.hlsl:2:27: error: expected ')'
  return float4(1, 2, 3, 4;
                          ^
t.hlsl:2:16: note: to match this '('
  return float4(1, 2, 3, 4;
               ^
1 error generated.
`,
	},
	{
		name: "unexpected end of file",
		src:  "void f() {\n",
		want: `t.hlsl:2:1: error: expected '}'

^
t.hlsl:1:10: note: to match this '{'
void f() {
         ^
1 error generated.
`,
	},
	{
		name: "missing semicolon after expression",
		src:  "void f() {\n  x = 1\n  y = 2;\n}\n",
		want: `t.hlsl:2:8: error: expected ';' after expression
  x = 1
       ^
1 error generated.
`,
	},
	{
		name: "member without semicolon",
		src:  "struct S { float a }\n",
		want: `t.hlsl:1:19: error: expected ';' at end of declaration list
struct S { float a }
                  ^
1 error generated.
`,
	},
	{
		name: "unclosed template argument list",
		src:  "Texture2D<float4 t;\n",
		want: `t.hlsl:1:18: error: expected '>'
Texture2D<float4 t;
                 ^
1 error generated.
`,
	},
	{
		name: "missing loop body",
		src:  "void f() { for (int i = 0; i < 3; i++) }\n",
		want: `t.hlsl:1:40: error: expected expression
void f() { for (int i = 0; i < 3; i++) }
                                       ^
1 error generated.
`,
	},
	{
		name: "stray character",
		src:  "float a = 1 @ 2;\n",
		want: `t.hlsl:1:13: error: invalid character '@' in source
float a = 1 @ 2;
            ^
t.hlsl:1:12: error: expected ';' after top level declarator
float a = 1 @ 2;
           ^
2 errors generated.
`,
	},
}

func TestSyntaxErrors(t *testing.T) {
	for _, tc := range syntaxErrorTests {
		t.Run(tc.name, func(t *testing.T) {
			f, got, _ := parseString(t, "t.hlsl", tc.src)
			if got != tc.want {
				t.Errorf("diagnostics:\n%s\nwant:\n%s", got, tc.want)
			}
			if f == nil {
				t.Fatal("no tree returned after syntax errors")
			}
		})
	}
}

// Valid input never takes the LL fallback path in these common shapes, and
// reports nothing.
func TestNoErrorsOnValidInput(t *testing.T) {
	srcs := []string{
		"float4 main(float4 p : SV_Position) : SV_Target { return p; }",
		"struct S { float a; }; S make() { S s = (S)0; return s; }",
		"Texture2D<vector<float, 4>> t; SamplerState s; float4 f(float2 uv) { return t.Sample(s, uv); }",
		"int int1 = 0; void f() { int1++; }",
		"template <typename T> T twice(T x) { return x + x; } float g() { return twice<float>(1.0); }",
	}
	for _, src := range srcs {
		_, diags, st := parseString(t, "ok.hlsl", src)
		if diags != "" {
			t.Errorf("%s\nunexpected diagnostics:\n%s", src, diags)
		}
		if st.LLFallback {
			t.Errorf("%s\nneeded the LL fallback", src)
		}
		if strings.Contains(diags, "internal error") {
			t.Errorf("internal error: %s", diags)
		}
	}
}
