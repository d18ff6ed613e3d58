package frontend

import (
	"bytes"
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/hlsl2spirv/hlsl2spirv/frontend/ast"
	"github.com/hlsl2spirv/hlsl2spirv/sema"
)

// pipelineCases are files whose declarations exercise what the pipeline
// must keep as it was: sema's diagnostics after the parser's, none when
// the parse fails (even late, after sema saw earlier declarations), the
// parser's warnings not repeated when its fast pass fails, templates
// (whose copies are numbered after the whole file), the error cap and -WX.
var pipelineCases = []struct {
	name string
	opts Options
	src  string
}{
	{"valid", Options{Profile: "ps_6_0"}, `
struct Light { float3 dir; float3 color; };
cbuffer Frame { Light lights[4]; float4 tint; };
Texture2D tex; SamplerState smp;
float3 shade(Light l, float3 n) { return l.color * saturate(dot(n, -l.dir)); }
template<typename T> T twice(T x) { return x + x; }
struct Pair { float a; float b; };
static const float scale = 0.5;
float3 all(float3 n) {
	float3 c = 0;
	[unroll] for (int i = 0; i < 4; i++) c += shade(lights[i], n);
	return c;
}
float4 main(float2 uv : TEXCOORD0, float3 n : NORMAL) : SV_Target {
	Pair p = { twice(1.0), scale };
	return tex.Sample(smp, uv) * tint * float4(all(n), p.a + p.b);
}`},
	{"sema errors early and late", Options{Profile: "ps_6_0"}, `
float f() { return undeclared1; }
float3 g() { float4 v = 1; return v; }
float4 main() : SV_Target { return undeclared2 + f(); }`},
	{"sema error early, syntax error late", Options{Profile: "ps_6_0"}, `
float f() { return undeclared; }
float g() { return 1; }
float4 main() : SV_Target { return f() +; }`},
	{"parser warning early, syntax error late", Options{Profile: "ps_6_0"}, `
float a < string UIName = "a"; > = 1;
float f() { return a; }
float4 main() : SV_Target { return f() +; }`},
	{"parser and sema warnings", Options{Profile: "ps_6_0"}, `
float a < string UIName = "a"; > = 1;
float3 f() { float4 v = a; return v; }
float4 main() : SV_Target { return float4(f(), 1); }`},
	{"-WX", Options{Profile: "ps_6_0", WarningsAsErrors: true}, `
float3 f() { float4 v = 1; return v; }
float4 main() : SV_Target { return float4(f(), 1); }`},
	{"template instantiated early", Options{Profile: "cs_6_0"}, `
template<typename T> T sq(T x) { return x * x; }
RWStructuredBuffer<float> buf;
float f(float x) { return sq(x) + sq(int(x)); }
template<typename T> struct Box { T v; T get() { return v; } };
Box<float> g(float x) { Box<float> b; b.v = x; return b; }
[numthreads(1, 1, 1)] void main(uint i : SV_DispatchThreadID) { buf[i] = f(buf[i]) + g(1).get(); }`},
	{"pack_matrix pragma", Options{Profile: "vs_6_0"}, `
cbuffer A { float4x4 m1; };
#pragma pack_matrix(row_major)
cbuffer B { float4x4 m2; };
float4 main(float4 p : POSITION) : SV_Position { return mul(m1, p) + mul(m2, p); }`},
	{"no entry point", Options{Profile: "ps_6_0"}, `
float f() { return 1; }
float g() { return f(); }`},
}

// generatedCases are files too long to write out: pragmas changing the
// matrix orientation over several blocks of tokens, more sema errors than
// the cap (20), and a late declaration nested too deeply for the parser
// (a chain of unary minus) or for the stages after it (a chain of +).
func generatedCases() map[string]string {
	var errs strings.Builder
	for i := range 30 {
		fmt.Fprintf(&errs, "float f%d() { return undeclared%d; }\n", i, i)
	}
	errs.WriteString("float4 main() : SV_Target { return 0; }\n")
	early := "float f() { return undeclared; }\nfloat g() { return 1; }\n"
	// Pragmas across the preprocessor's blocks, which the checker gets
	// as they come.
	var pragmas, sum strings.Builder
	for i := range 100 {
		if i%7 == 0 {
			fmt.Fprintf(&pragmas, "#pragma pack_matrix(%s)\n", []string{"row_major", "column_major"}[i/7%2])
		}
		fmt.Fprintf(&pragmas, "cbuffer B%d { float4x4 m%d; };\n", i, i)
		fmt.Fprintf(&sum, " + mul(m%d, p)", i)
	}
	pragmas.WriteString("float4 main(float4 p : TEXCOORD0) : SV_Target { return 0" + sum.String() + "; }\n")
	return map[string]string{
		"pragmas.hlsl":   pragmas.String(),
		"errors.hlsl":    errs.String(),
		"deeprules.hlsl": early + "float4 main() : SV_Target { return " + strings.Repeat("- ", 5000) + "1; }\n",
		"deeptree.hlsl":  early + "float4 main() : SV_Target { return 1" + strings.Repeat(" + 1", 5000) + "; }\n",
		"deeptree2.hlsl": "float g() { return 1; }\nfloat4 main() : SV_Target { return g()" + strings.Repeat(" + 1", 5000) + "; }\n",
	}
}

// compileBothWays compiles src with sema pipelined beside the parser (each
// declaration handed over on its own, and the preprocessor on a goroutine
// of its own too) and after it, and fails when the two differ in anything
// a user sees.
func compileBothWays(t *testing.T, name string, opts Options, src []byte) {
	t.Helper()
	run := func(minTokens int, check bool) string {
		defer func(n int, b int32, pp int) {
			pipelineMinTokens, batchNodes, concurrentPPBytes = n, b, pp
		}(pipelineMinTokens, batchNodes, concurrentPPBytes)
		pipelineMinTokens, batchNodes = minTokens, 1
		if minTokens == 0 {
			concurrentPPBytes = 0
		}
		var r *Result
		var err error
		var dump bytes.Buffer
		if check {
			r, err = NewCompiler().Check(opts, name, src, &dump)
		} else {
			r, err = NewCompiler().Compile(opts, name, src)
		}
		if err != nil {
			t.Fatal(err)
		}
		var out bytes.Buffer
		r.Diags.Render(&out)
		fmt.Fprintf(&out, "failed=%v info=%v words=%d %x\n%s", r.Failed(), r.Info != nil, len(r.SPIRV), r.SPIRV, dump.String())
		return out.String()
	}
	for _, check := range []bool{false, true} {
		seq, pipe := run(math.MaxInt, check), run(0, check)
		if seq != pipe {
			t.Errorf("%s (check=%v): pipelined sema differs from sequential:\n--- sequential\n%s\n--- pipelined\n%s", name, check, seq, pipe)
		}
	}
}

// Sema beside the parser reports exactly what it reports after it, and
// produces the same module; CI runs this under -race.
func TestCompilerPipelinedSemaIsSequential(t *testing.T) {
	for _, c := range pipelineCases {
		compileBothWays(t, c.name+".hlsl", c.opts, []byte(c.src))
	}
	for name, src := range generatedCases() {
		compileBothWays(t, name, Options{Profile: "ps_6_0"}, []byte(src))
	}
	shaders, opts := corpus(t)
	for i, s := range shaders {
		compileBothWays(t, s.Name, opts[i], s.Source)
	}
}

// A panic on the checker's goroutine is the compilation's internal error,
// as a panic in any stage is, when the parse succeeds; when it fails, sema
// never counted. Either way the process goes on, and so does the Compiler.
func TestCompilerPipelinePanicIsInternalError(t *testing.T) {
	defer func(n int, b int32, f func(*sema.Checker, ast.Decl, int32)) {
		pipelineMinTokens, batchNodes, checkDecl = n, b, f
	}(pipelineMinTokens, batchNodes, checkDecl)
	pipelineMinTokens, batchNodes = 0, 1
	checkDecl = func(*sema.Checker, ast.Decl, int32) { panic("checker exploded") }
	c := NewCompiler()
	// More declarations than the channel to the checker holds: the parser
	// must not wait for the dead checker to take them.
	var many strings.Builder
	for i := range 200 {
		fmt.Fprintf(&many, "float f%d() { return %d; }\n", i, i)
	}
	for _, tc := range []struct {
		src, want string
	}{
		{many.String() + "float4 main() : SV_Target { return f0(); }\n", "internal compiler error: checker exploded"},
		{many.String() + "float4 main() : SV_Target { return f0() +; }\n", "error: expected expression"},
	} {
		r, err := c.Compile(Options{Profile: "ps_6_0"}, "t.hlsl", []byte(tc.src))
		if err != nil {
			t.Fatal(err)
		}
		var out bytes.Buffer
		r.Diags.Render(&out)
		if !r.Failed() || r.SPIRV != nil || r.Info != nil || !strings.Contains(out.String(), tc.want) || r.Diags.ErrorCount() != 1 {
			t.Errorf("want one error %q and no module, got:\n%s", tc.want, out.String())
		}
	}
	checkDecl = (*sema.Checker).Decl
	compileOrFail(t, c, Options{Profile: "ps_6_0"}, "ok.hlsl", []byte("float4 main() : SV_Target { return 1; }\n"))
}
