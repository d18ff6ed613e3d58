package sema

import (
	"testing"

	"github.com/hlsl2spirv/hlsl2spirv/frontend/ast"
)

const attrsSrc = `
static const int K = 2 + 1;
[[vk::binding(3, 1)]] Texture2D a;
[[vk::binding((4), (2))]] Texture2D b;
[[vk::binding(5)]] Texture2D c;
[[vk::ext_decorate(-1, 0x10u)]] float4 d;
[[vk::image_format("rgba8")]] RWTexture2D<float4> e;

[numthreads(8, (4), 1)]
void main() {
  [unroll((3))] for (int i = 0; i < 4; i++) {}
}
`

// TestAttrs: Info.AttrsOf gives every attribute with its arguments
// evaluated by the one integer evaluator: literals, parenthesized and
// negated literals, suffixes and hexadecimal.
func TestAttrs(t *testing.T) {
	ck := checkSource(t, "attrs.hlsl", []byte(attrsSrc), Config{Stage: "cs"}, nil)
	if ck.info == nil || ck.diags.HasErrors() {
		t.Fatalf("errors:\n%s", ck.render())
	}
	info := ck.info
	vars := map[string]Attrs{}
	var main *ast.FuncDecl
	for _, d := range ck.file.Decls {
		switch d := d.(type) {
		case *ast.VarDecl:
			vars[d.Name.Name] = info.AttrsOf(d)
		case *ast.FuncDecl:
			main = d
		}
	}
	bindings := map[string]VkBinding{
		"a": {Binding: 3, Set: 1, HasBinding: true, HasSet: true},
		"b": {Binding: 4, Set: 2, HasBinding: true, HasSet: true},
		"c": {Binding: 5, HasBinding: true},
	}
	for name, want := range bindings {
		got, ok := vars[name].Binding()
		if !ok || got != want {
			t.Errorf("%s: Binding() = %+v, %v; want %+v", name, got, ok, want)
		}
	}
	if _, ok := vars["d"].Binding(); ok || vars["K"] != nil {
		t.Errorf("d has no binding and K no attributes")
	}
	ed := vars["d"].Vk("ext_decorate")
	if n, ok := ed.Int(0); !ok || n != -1 {
		t.Errorf("ext_decorate argument 0 = %d, %v; want -1", n, ok)
	}
	if n, ok := ed.Int(1); !ok || n != 16 {
		t.Errorf("ext_decorate argument 1 = %d, %v; want 16", n, ok)
	}
	if s, ok := vars["e"].Vk("image_format").Text(0); !ok || s != "rgba8" {
		t.Errorf("image_format = %q, %v", s, ok)
	}
	if _, ok := vars["e"].Vk("image_format").Int(0); ok {
		t.Errorf("a string argument is no integer")
	}
	nt := info.AttrsOf(main).Plain("NumThreads")
	for i, want := range []int64{8, 4, 1} {
		if n, ok := nt.Int(i); !ok || n != want {
			t.Errorf("numthreads argument %d = %d, %v; want %d", i, n, ok, want)
		}
	}
	if _, ok := nt.Int(3); ok {
		t.Errorf("numthreads has no argument 3")
	}
	loop := main.Body.List[0].(*ast.AttrStmt)
	if n, ok := info.AttrsOf(loop).Plain("unroll").Int(0); !ok || n != 3 {
		t.Errorf("unroll((3)) = %d, %v; want 3", n, ok)
	}
}

// TestRegisterOf: register() operands in any case and spacing, a space
// alone, a class without a number.
func TestRegisterOf(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want Register
	}{
		{[]string{"t3"}, Register{Class: 't', Num: 3, HasNum: true}},
		{[]string{" U2 ", " SPACE1"}, Register{Class: 'u', Num: 2, HasNum: true, Space: 1, HasSpace: true}},
		{[]string{"space4"}, Register{Space: 4, HasSpace: true}},
		{[]string{"c1"}, Register{Class: 'c', Num: 1, HasNum: true}},
		{[]string{"sx", "spacey"}, Register{Class: 's'}},
	} {
		got, ok := RegisterOf(&ast.Semantic{Kind: ast.Register, Args: tc.args})
		if !ok || got != tc.want {
			t.Errorf("RegisterOf(%q) = %+v, %v; want %+v", tc.args, got, ok, tc.want)
		}
	}
	if _, ok := RegisterOf(&ast.Semantic{Kind: ast.Register}); ok {
		t.Error("register() without operands")
	}
	if _, ok := RegisterOf(&ast.Semantic{Kind: ast.PackOffset, Args: []string{"c0"}}); ok {
		t.Error("packoffset is no register")
	}
}

// TestPackOffsetOf: registers, components by either name set, case, and
// what is no packoffset.
func TestPackOffsetOf(t *testing.T) {
	for arg, want := range map[string]int64{"c0": 0, "c3": 48, "c1.y": 20, " C2.A ": 44, "c0.b": 8} {
		po, ok := PackOffsetOf(&ast.Semantic{Kind: ast.PackOffset, Args: []string{arg}})
		if !ok || po.Bytes() != want {
			t.Errorf("PackOffsetOf(%q) = %+v (%d bytes), %v; want %d bytes", arg, po, po.Bytes(), ok, want)
		}
	}
	for _, arg := range []string{"b0", "c", "c1.xy", "c1.q", "cx", "c-1"} {
		if po, ok := PackOffsetOf(&ast.Semantic{Kind: ast.PackOffset, Args: []string{arg}}); ok {
			t.Errorf("PackOffsetOf(%q) = %+v, want none", arg, po)
		}
	}
}
