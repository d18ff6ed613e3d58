package sema

import (
	"strings"
	"testing"

	"github.com/hlsl2spirv/hlsl2spirv/frontend/ast"
)

// exprTypes are expressions with the type the checker must record for
// them (types.Type.String spelling), in the scope of typeDecls.
var exprTypes = []struct {
	expr, want string
}{
	{"1", "literal int"},
	{"1.5", "literal float"},
	{"1u", "uint"},
	{"1.5f", "float"},
	{"true", "bool"},
	{"f + i", "float"},
	{"i + u", "uint"},
	{"i + 1", "int"},
	{"v3 * f", "float3"},
	{"v4 + 1", "float4"},
	{"v3 < v3", "bool3"},
	{"!v3", "bool3"},
	{"-b", "int"},
	{"~u", "uint"},
	{"i << 2", "int"},
	{"v4.xy", "float2"},
	{"v4.x", "float"},
	{"v4.rgba.bgr", "float3"},
	{"f.xxxx", "float4"},
	{"m._m00_m11", "float2"},
	{"m._11", "float"},
	{"m[1]", "float4"},
	{"m[1][2]", "float"},
	{"arr[2]", "int"},
	{"arr[2] + 0.5", "float"},
	{"s.pos", "float4"},
	{"s.inner.w", "uint2"},
	{"d.pos", "float4"},
	{"d.extra", "float"},
	{"float3(f, v4.xy)", "float3"},
	{"float2x2(1, 2, 3, 4)", "float2x2"},
	{"(int3)v3", "int3"},
	{"(float)i", "float"},
	{"b ? v3 : f", "float3"},
	{"i = 2", "int"},
	{"v4 += 1", "float4"},
	{"i++", "int"},
	{"--i", "int"},
	{"f, i", "int"},
	{"dot(v3, v3)", "float"},
	{"mul(m, v4)", "float4"},
	{"abs(i)", "int"},
	{"lerp(v3, v3, 0.5)", "float3"},
	{"tex.Sample(samp, v4.xy)", "float4"},
	{"tex.SampleLevel(samp, v4.xy, 0)", "float4"},
	{"buf[u]", "float2"},
	{"rw[u].pos", "float4"},
	{"cbv", "float3"},
	{"half_user(f)", "int"},
	{"over(1.0f)", "float"},
	{"over(1u)", "uint"},
	{"Two", "Mode"},
	{"(Mode::Two)", "Mode"},
	{"(Shade::Hard)", "Shade"},
	{"(ShadeAlias::Soft)", "Shade"},
	{"(ModeAlias::Two)", "Mode"},
	{"ns::k", "int"},
	{"K * 2", "int"},
	{"sizeof(float4)", "uint"},
	{"RAY_FLAG_CULL_OPAQUE", "uint"},
	{"len_t(3)", "len_t"},
	{"ident(v3)", "float3"},
	{"ident(1)", "int"},
	{"ident<uint>(1)", "uint"},
	{"fixedResult(v4)", "float"},
}

const typeDecls = `
struct Inner { uint2 w; };
struct S { float4 pos; Inner inner; };
struct D : S { float extra; };
enum Mode { One, Two };
enum class Shade { Soft, Hard };
using ShadeAlias = Shade;
typedef Mode ModeAlias;
typedef uint len_t;
namespace ns { static const int k = 3; }
static const int K = 4;
cbuffer CB { float3 cbv; };
Texture2D<float4> tex;
SamplerState samp;
Buffer<float2> buf;
RWStructuredBuffer<S> rw;
int half_user(float x) { return (int)x; }
float over(float x) { return x; }
uint over(uint x) { return x; }
template <typename T> T ident(T x) { return x; }
template <typename T> float fixedResult(T x) { return 1; }
`

func TestExprTypes(t *testing.T) {
	src := typeDecls + "void probe() {\n float f; int i; uint u; bool b; float3 v3; float4 v4; float4x4 m; int arr[4]; S s; D d;\n"
	for _, c := range exprTypes {
		src += " " + c.expr + ";\n"
	}
	src += "}\n"
	ck := checkSource(t, "types.hlsl", []byte(src), Config{}, nil)
	if ck.info == nil || ck.diags.HasErrors() {
		t.Fatalf("errors:\n%s", ck.render())
	}
	var probe *ast.FuncDecl
	for _, d := range ck.file.Decls {
		if f, ok := d.(*ast.FuncDecl); ok && f.Name.Name == "probe" {
			probe = f
		}
	}
	if probe == nil {
		t.Fatal("no probe function")
	}
	stmts := probe.Body.List[1:]
	for len(stmts) > 0 {
		if _, ok := stmts[0].(*ast.ExprStmt); ok {
			break
		}
		stmts = stmts[1:]
	}
	if len(stmts) != len(exprTypes) {
		t.Fatalf("got %d expression statements, want %d", len(stmts), len(exprTypes))
	}
	for i, c := range exprTypes {
		es, ok := stmts[i].(*ast.ExprStmt)
		if !ok {
			t.Errorf("%s: not an expression statement", c.expr)
			continue
		}
		got := ck.info.TypeOf(es.X)
		if got == nil {
			t.Errorf("%s: no type recorded", c.expr)
			continue
		}
		if got.String() != c.want {
			t.Errorf("%s: type %s, want %s", c.expr, got, c.want)
		}
	}
}

// TestMissingEntry: -E naming no function is an error without a position.
func TestMissingEntry(t *testing.T) {
	ck := checkSource(t, "e.hlsl", []byte("float4 main() : SV_Target { return 1; }\n"), Config{Stage: "ps", Entry: "other"}, nil)
	if got := ck.render(); !strings.Contains(got, "error: missing entry point definition") {
		t.Errorf("got %q", got)
	}
	ck = checkSource(t, "e.hlsl", []byte("float4 main() : SV_Target { return 1; }\n"), Config{Stage: "ps"}, nil)
	if ck.diags.HasErrors() || ck.info.Entry == nil || ck.info.Entry.Name() != "main" {
		t.Errorf("default entry main not found: %s", ck.render())
	}
}
