package sema

import (
	"testing"

	"github.com/hlsl2spirv/hlsl2spirv/frontend/ast"
	"github.com/hlsl2spirv/hlsl2spirv/sema/intrinsics"
	"github.com/hlsl2spirv/hlsl2spirv/sema/types"
)

const infoSrc = `
float g;
static float st = 2;
groupshared float gs[4];
Texture2D tex;
cbuffer CB { float4 c0; int c1; };
static const int N = 3 * 4 - 2;
static const float4 V = float4(1, 2, 3, 4);
#pragma pack_matrix(row_major)
float4x4 rm;
float2x2 cm2 : register(c0);

float f(in float a, out float b, inout int c) { b = a; c++; return a; }

float4 main(float4 p : POSITION) : SV_Position {
  float b; int c = 0;
  float r = f(1, b, c);
  float4 v = p * 2;
  int i = v.x;
  return dot(v, c0) + r + g + st + N + V.y + i; // gs: no vertex shader has groupshared memory
}
`

func findFunc(file *ast.File, name string) *ast.FuncDecl {
	for _, d := range file.Decls {
		if f, ok := d.(*ast.FuncDecl); ok && f.Name.Name == name {
			return f
		}
	}
	return nil
}

func TestInfo(t *testing.T) {
	ck := checkSource(t, "info.hlsl", []byte(infoSrc), Config{Stage: "vs"}, nil)
	if ck.info == nil || ck.diags.HasErrors() {
		t.Fatalf("errors:\n%s", ck.render())
	}
	info := ck.info

	// Storage classes and $Globals membership.
	storage := map[string]Storage{}
	major := map[string]types.Major{}
	for _, d := range ck.file.Decls {
		switch d := d.(type) {
		case *ast.VarDecl:
			v := info.ObjectOf(d).(*Var)
			storage[v.Name()] = v.Storage
			major[v.Name()] = v.Type().Major()
		case *ast.BufferDecl:
			b := info.ObjectOf(d).(*Buffer)
			if len(b.Members) != 2 || b.Members[0].Storage != StorageCBuffer || b.Members[1].Buffer != b {
				t.Errorf("cbuffer members: %+v", b.Members)
			}
		}
	}
	wantStorage := map[string]Storage{"g": StorageGlobals, "st": StorageStatic, "gs": StorageGroupShared,
		"tex": StorageResource, "N": StorageStatic, "V": StorageStatic, "rm": StorageGlobals, "cm2": StorageGlobals}
	for name, want := range wantStorage {
		if storage[name] != want {
			t.Errorf("%s: storage %v, want %v", name, storage[name], want)
		}
	}
	var globals []string
	for _, v := range info.Globals {
		globals = append(globals, v.Name())
	}
	if len(globals) != 3 || globals[0] != "g" || globals[1] != "rm" || globals[2] != "cm2" {
		t.Errorf("$Globals = %v, want [g rm cm2]", globals)
	}
	// #pragma pack_matrix(row_major) applies after it.
	if major["rm"] != types.RowMajor || major["cm2"] != types.RowMajor {
		t.Errorf("pack_matrix: rm %v, cm2 %v", major["rm"], major["cm2"])
	}

	// Constants.
	for _, d := range ck.file.Decls {
		if vd, ok := d.(*ast.VarDecl); ok && vd.Name.Name == "N" {
			v := info.ObjectOf(vd).(*Var)
			if v.Value == nil || v.Value.String() != "10" {
				t.Errorf("N = %v, want 10", v.Value)
			}
		}
		if vd, ok := d.(*ast.VarDecl); ok && vd.Name.Name == "V" {
			v := info.ObjectOf(vd).(*Var)
			if v.Value == nil || v.Value.String() != "{1, 2, 3, 4}" {
				t.Errorf("V = %v", v.Value)
			}
		}
	}

	// Parameters and their modes.
	f := findFunc(ck.file, "f")
	fn := info.ObjectOf(f).(*Func)
	modes := []types.ParamMode{types.In, types.Out, types.InOut}
	for i, p := range fn.Params {
		if p.Mode != modes[i] || p.Storage != StorageParam {
			t.Errorf("param %s: mode %v storage %v", p.Name(), p.Mode, p.Storage)
		}
	}
	if info.Entry == nil || info.Entry.Name() != "main" {
		t.Errorf("entry = %v", info.Entry)
	}

	// Inside main: uses, intrinsic calls and implicit conversions.
	main := findFunc(ck.file, "main")
	var sawCallF, sawDot, sawMulConv, sawIntConv bool
	ast.Inspect(main.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.CallExpr:
			if name, ok := n.Fun.(*ast.NameExpr); ok {
				switch name.Name {
				case "f":
					if info.ObjectOf(n) != fn {
						t.Errorf("call of f resolved to %v", info.ObjectOf(n))
					}
					if conv := info.ConversionOf(n.Args[0]); conv == nil || conv.To.String() != "float" {
						t.Errorf("f(1): literal argument conversion %v", conv)
					}
					sawCallF = true
				case "dot":
					m := info.CallOf(n)
					if m == nil || m.ID != intrinsics.Dot || m.Result.String() != "float" {
						t.Errorf("dot resolved to %+v", m)
					}
					sawDot = true
				}
			}
		case *ast.BinaryExpr:
			if n.Op == ast.Mul {
				if conv := info.ConversionOf(n.Y); conv != nil && conv.To.String() == "float4" && conv.Conv.Shape == types.ShapeSplat {
					sawMulConv = true
				}
			}
		case *ast.MemberExpr:
			if n.Name.Name == "x" {
				if sw := info.SwizzleOf(n); sw == nil || len(sw.Indices) != 1 || sw.Indices[0] != 0 {
					t.Errorf("v.x swizzle = %+v", sw)
				}
			}
		case *ast.VarDecl:
			if n.Name.Name == "i" {
				if conv := info.ConversionOf(n.Init); conv != nil && conv.To.String() == "int" {
					sawIntConv = true
				}
			}
		case *ast.NameExpr:
			if n.Name == "g" {
				if v, ok := info.ObjectOf(n).(*Var); !ok || v.Storage != StorageGlobals {
					t.Errorf("g resolved to %v", info.ObjectOf(n))
				}
			}
		}
		return true
	})
	if !sawCallF || !sawDot || !sawMulConv || !sawIntConv {
		t.Errorf("call f %v, dot %v, splat conversion %v, float->int conversion %v", sawCallF, sawDot, sawMulConv, sawIntConv)
	}
}

// TestFactChunks makes records of rare facts for thousands of nodes: each
// node must find its own, and the chunks holding them must start small
// and double up to factChunk.
func TestFactChunks(t *testing.T) {
	const n = 5000
	in := newInfo(types.NewUniverse(types.Config{}), n, n)
	swizzles := make([]types.Swizzle, n)
	for id := n - 1; id >= 0; id -= 2 { // every other node, not in order
		in.factsOf(id, true).swizzle = &swizzles[id]
	}
	for id := 0; id < n; id++ {
		f := in.factsOf(id, false)
		switch {
		case id%2 == 0 && f != nil:
			t.Fatalf("node %d has a record", id)
		case id%2 == 1 && (f == nil || f.swizzle != &swizzles[id]):
			t.Fatalf("node %d: record %+v, want its own", id, f)
		}
	}
	want := firstFactChunk
	for i, c := range in.facts {
		if len(c) != want {
			t.Fatalf("chunk %d holds %d records, want %d", i, len(c), want)
		}
		want = min(2*want, factChunk)
	}
}
