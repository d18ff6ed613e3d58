package sema

import (
	"fmt"
	"strings"
	"testing"

	"github.com/hlsl2spirv/hlsl2spirv/frontend/ast"
	"github.com/hlsl2spirv/hlsl2spirv/sema/stage"
	"github.com/hlsl2spirv/hlsl2spirv/sema/types"
)

// ioFacts renders leaves as "semantic(name,index) path type dir interp
// [sv] [clip] [attr...]", one per line, for comparing with a table.
func ioFacts(elems []IOElem) string {
	var b strings.Builder
	for _, el := range elems {
		dir := "out"
		if el.Input {
			dir = "in"
		}
		fmt.Fprintf(&b, "%s(%s,%d) %v %s %s", el.Semantic, el.Name, el.Index, el.Path, el.Type, dir)
		if el.Interp != 0 {
			fmt.Fprintf(&b, " interp=%d", el.Interp)
		}
		if el.SystemValue {
			b.WriteString(" sv")
		}
		if el.ClipCull {
			b.WriteString(" clip")
		}
		for _, a := range el.Attrs {
			fmt.Fprintf(&b, " %s::%s", a.Namespace, a.Name)
		}
		b.WriteString("\n")
	}
	return b.String()
}

// funcNamed finds a function definition's object.
func funcNamed(t *testing.T, ck *checked, name string) *Func {
	t.Helper()
	var find func(ds []ast.Decl) *Func
	find = func(ds []ast.Decl) *Func {
		for _, d := range ds {
			switch d := d.(type) {
			case *ast.FuncDecl:
				if d.Name != nil && d.Name.Name == name && d.Body != nil {
					f, _ := ck.info.ObjectOf(d).(*Func)
					return f
				}
			case *ast.NamespaceDecl:
				if f := find(d.Decls); f != nil {
					return f
				}
			}
		}
		return nil
	}
	f := find(ck.file.Decls)
	if f == nil {
		t.Fatalf("no function %s", name)
	}
	return f
}

func checkIO(t *testing.T, src string, cfg Config) *checked {
	t.Helper()
	ck := checkSource(t, "stageio.hlsl", []byte(src), cfg, nil)
	if ck.info == nil || ck.diags.HasErrors() {
		t.Fatalf("errors:\n%s", ck.render())
	}
	return ck
}

func wantIO(t *testing.T, what string, got []IOElem, want ...string) {
	t.Helper()
	w := ""
	if len(want) > 0 {
		w = strings.Join(want, "\n") + "\n"
	}
	if g := ioFacts(got); g != w {
		t.Errorf("%s:\n got:\n%s want:\n%s", what, g, w)
	}
}

// TestStageIOFacts: sema publishes each entry's stage inputs and outputs
// flattened once, with semantic names and indexes (a struct with a
// semantic numbers its leaves on), member paths (a base struct is member
// 0), interpolation modifiers gathered on the way down, attributes,
// system values and clip/cull distances.
func TestStageIOFacts(t *testing.T) {
	const src = `
struct Base { float4 pos : SV_Position; };
struct Pair { float2 a; float b; };
struct VSOut : Base {
  nointerpolation uint id : ID;
  Pair p : PAIR;
  Pair q : Q3;
  float clip[2] : SV_ClipDistance1;
};
VSOut main([[vk::location(4)]] centroid float4 v : POSITION, [[vk::location(5)]] float2 uv : TEXCOORD2, out float w : W) {
  VSOut o = (VSOut)0;
  w = 0;
  return o;
}
`
	ck := checkIO(t, src, Config{Stage: "vs", Entry: "main"})
	io := ck.info.StageIOOf(funcNamed(t, ck, "main"), stage.Vertex)
	if io == nil || len(io.Params) != 3 {
		t.Fatalf("no stage I/O published for main: %+v", io)
	}
	wantIO(t, "v", io.Params[0].In, fmt.Sprintf("POSITION(POSITION,-1) [] float4 in interp=%d vk::location", Centroid))
	wantIO(t, "uv", io.Params[1].In, "TEXCOORD2(TEXCOORD,2) [] float2 in vk::location")
	if io.Params[0].Out != nil || io.Params[1].Out != nil {
		t.Errorf("in parameters have outputs")
	}
	wantIO(t, "w", io.Params[2].Out, "W(W,-1) [] float out")
	wantIO(t, "w in", io.Params[2].In)
	wantIO(t, "result", io.Result,
		"SV_Position(SV_Position,-1) [0 0] float4 out sv",
		fmt.Sprintf("ID(ID,-1) [1] uint out interp=%d", NoInterpolation),
		"PAIR(PAIR,-1) [2 0] float2 out",
		"PAIR1(PAIR,1) [2 1] float out",
		"Q3(Q,3) [3 0] float2 out",
		"Q4(Q,4) [3 1] float out",
		"SV_ClipDistance1(SV_ClipDistance,1) [4] float [2] out sv clip",
	)
}

// TestStageIOShapes: per-vertex arrays (a geometry shader's input
// primitive), streams, patches and the patch constant function.
func TestStageIOShapes(t *testing.T) {
	const gs = `
struct V { float4 pos : SV_Position; float3 n : NORMAL; };
[maxvertexcount(3)]
void main(triangle V input[3], inout TriangleStream<V> s) { s.Append(input[0]); }
`
	ck := checkIO(t, gs, Config{Stage: "gs", Entry: "main"})
	io := ck.info.StageIOOf(funcNamed(t, ck, "main"), stage.Geometry)
	if io == nil {
		t.Fatal("no stage I/O published for the geometry shader")
	}
	if p := io.Params[0]; p.Shape != IOPerVertex || p.ArrayLen != 3 {
		t.Errorf("input primitive: shape %d, length %d; want per-vertex, 3", p.Shape, p.ArrayLen)
	}
	wantIO(t, "input", io.Params[0].In,
		"SV_Position(SV_Position,-1) [0] float4 in sv",
		"NORMAL(NORMAL,-1) [1] float3 in")
	if io.Params[1].Shape != IOStream {
		t.Errorf("stream: shape %d", io.Params[1].Shape)
	}
	wantIO(t, "stream", io.Params[1].Out,
		"SV_Position(SV_Position,-1) [0] float4 out sv",
		"NORMAL(NORMAL,-1) [1] float3 out")

	const hs = `
struct CP { float4 pos : POS; };
struct PC { float edges[3] : SV_TessFactor; float inside : SV_InsideTessFactor; float3 k : K; };
PC patch(InputPatch<CP, 3> ip, uint id : SV_PrimitiveID, out float x : X) { PC o = (PC)0; x = 0; return o; }
[domain("tri")] [partitioning("integer")] [outputtopology("triangle_cw")]
[outputcontrolpoints(3)] [patchconstantfunc("patch")]
CP main(InputPatch<CP, 3> ip, uint i : SV_OutputControlPointID) { return ip[i]; }
`
	ck = checkIO(t, hs, Config{Stage: "hs", Entry: "main"})
	io = ck.info.StageIOOf(funcNamed(t, ck, "main"), stage.Hull)
	if io == nil {
		t.Fatal("no stage I/O published for the hull shader")
	}
	if p := io.Params[0]; p.Shape != IOPerVertex || p.ArrayLen != 3 {
		t.Errorf("input patch: shape %d, length %d", p.Shape, p.ArrayLen)
	}
	wantIO(t, "input patch", io.Params[0].In, "POS(POS,-1) [0] float4 in")
	wantIO(t, "control point id", io.Params[1].In, "SV_OutputControlPointID(SV_OutputControlPointID,-1) [] uint in sv")
	pcf := ck.info.StageIOOf(funcNamed(t, ck, "patch"), stage.Hull)
	if pcf == nil {
		t.Fatal("no stage I/O published for the patch constant function")
	}
	wantIO(t, "patch's patch", pcf.Params[0].In) // the entry's
	wantIO(t, "patch's id", pcf.Params[1].In, "SV_PrimitiveID(SV_PrimitiveID,-1) [] uint in sv")
	if pcf.Params[2].Shape != IOPatch {
		t.Errorf("patch constant out parameter: shape %d", pcf.Params[2].Shape)
	}
	wantIO(t, "patch's x", pcf.Params[2].Out, "X(X,-1) [] float out")
	wantIO(t, "patch's result", pcf.Result,
		"SV_TessFactor(SV_TessFactor,-1) [0] float [3] out sv",
		"SV_InsideTessFactor(SV_InsideTessFactor,-1) [1] float out sv",
		"K(K,-1) [2] float3 out")
}

// TestStageIOMesh: a mesh shader's vertices and primitives are arrays of
// per-vertex (per-primitive) leaves; indices and the payload have none.
func TestStageIOMesh(t *testing.T) {
	const ms = `
struct V { float4 pos : SV_Position; float2 uv : UV; };
struct P { uint layer : SV_RenderTargetArrayIndex; };
struct Payload { float x; };
[outputtopology("triangle")] [numthreads(1, 1, 1)]
void main(out vertices V verts[3], out primitives P prims[1], out indices uint3 tris[1], in payload Payload pl) {
  SetMeshOutputCounts(3, 1);
}
`
	ck := checkIO(t, ms, Config{Stage: "ms", Entry: "main", Major: 6, Minor: 5})
	io := ck.info.StageIOOf(funcNamed(t, ck, "main"), stage.Mesh)
	if io == nil {
		t.Fatal("no stage I/O published for the mesh shader")
	}
	for i, want := range []struct {
		shape IOShape
		n     int
	}{{IOMeshVertices, 3}, {IOMeshPrimitives, 1}, {IOMeshIndices, 1}, {IOMeshPayload, 0}} {
		if p := io.Params[i]; p.Shape != want.shape || p.ArrayLen != want.n {
			t.Errorf("parameter %d: shape %d, length %d; want %d, %d", i, p.Shape, p.ArrayLen, want.shape, want.n)
		}
	}
	wantIO(t, "vertices", io.Params[0].Out,
		"SV_Position(SV_Position,-1) [0] float4 out sv",
		"UV(UV,-1) [1] float2 out")
	wantIO(t, "primitives", io.Params[1].Out, "SV_RenderTargetArrayIndex(SV_RenderTargetArrayIndex,-1) [0] uint out sv")
	wantIO(t, "indices", io.Params[2].Out)
	wantIO(t, "payload", io.Params[3].In)
}

// TestStageIOLibrary: library entries are published per stage, also
// those written [Shader("...")] or inside a namespace, which codegen takes
// as entries too.
func TestStageIOLibrary(t *testing.T) {
	const lib = `
[shader("pixel")]
float4 ps(float4 c : COLOR) : SV_Target { return c; }
namespace N {
[Shader("vertex")]
float4 vs(uint id : SV_VertexID) : SV_Position { return id; }
}
`
	ck := checkIO(t, lib, Config{Stage: "lib", Major: 6, Minor: 3})
	ps := ck.info.StageIOOf(funcNamed(t, ck, "ps"), stage.Pixel)
	vs := ck.info.StageIOOf(funcNamed(t, ck, "vs"), stage.Vertex)
	if ps == nil || vs == nil {
		t.Fatalf("library entries not published: ps %v, vs %v", ps, vs)
	}
	wantIO(t, "ps in", ps.Params[0].In, "COLOR(COLOR,-1) [] float4 in")
	// (the result's attributes are the function's)
	wantIO(t, "ps out", ps.Result, "SV_Target(SV_Target,-1) [] float4 out sv ::shader")
	wantIO(t, "vs in", vs.Params[0].In, "SV_VertexID(SV_VertexID,-1) [] uint in sv")
	if ck.info.StageIOOf(funcNamed(t, ck, "ps"), stage.Vertex) != nil {
		t.Errorf("ps published as a vertex shader too")
	}
}

// TestStageIOMissingSemantic: a struct field without a semantic is
// reported once, by sema.
func TestStageIOMissingSemantic(t *testing.T) {
	const src = `
struct S { float4 a; float b : B; };
float4 main(S s) : SV_Target { return s.a; }
`
	ck := checkSource(t, "stageio.hlsl", []byte(src), Config{Stage: "ps", Entry: "main"}, nil)
	if got := ck.render(); strings.Count(got, "semantic must be attached to each field of 'S'") != 1 {
		t.Errorf("want one error for the field without a semantic, got:\n%s", got)
	}
}

// TestLocationCount: the locations a stage variable takes, as DXC counts
// them (codegen assigns them, sema checks explicit ones).
func TestLocationCount(t *testing.T) {
	u := types.NewUniverse(types.Config{})
	for _, c := range []struct {
		t    *types.Type
		want int
	}{
		{types.ScalarType(types.Float), 1},
		{types.Vec(types.Float, 4), 1},
		{types.Vec(types.Double, 2), 1},
		{types.Vec(types.Double, 3), 2},
		{types.Mat(types.Float, 3, 2), 3},  // a location per row
		{types.Mat(types.Double, 2, 4), 4}, // two per row of four doubles
		{types.Mat(types.Float, 3, 1), 1},  // Nx1 is a vector
		{types.Mat(types.Double, 1, 3), 2}, // so is 1xN
		{u.Array(types.Vec(types.Float, 2), 3), 3},
		{u.Array(types.Mat(types.Float, 2, 2), 2), 4},
	} {
		if got := LocationCount(c.t); got != c.want {
			t.Errorf("LocationCount(%s) = %d, want %d", c.t, got, c.want)
		}
	}
}
