package builder

import (
	"strings"
	"testing"

	"github.com/hlsl2spirv/hlsl2spirv/builder/spv"
)

func countOp(ins []*Inst, op spv.Op) int {
	n := 0
	for _, in := range ins {
		if in.Op == op {
			n++
		}
	}
	return n
}

func TestTypeInterning(t *testing.T) {
	b := New(spv.Version1_0)
	f32 := b.TypeFloat(32)
	if b.TypeFloat(32) != f32 || b.TypeFloat(64) == f32 {
		t.Error("float interning")
	}
	i32, u32 := b.TypeInt(32, true), b.TypeInt(32, false)
	if i32 == u32 || b.TypeInt(32, true) != i32 {
		t.Error("int interning: signedness must distinguish")
	}
	v4 := b.TypeVector(f32, 4)
	if b.TypeVector(f32, 4) != v4 || b.TypeVector(f32, 3) == v4 || b.TypeVector(i32, 4) == v4 {
		t.Error("vector interning")
	}
	m := b.TypeMatrix(v4, 4)
	if b.TypeMatrix(v4, 4) != m || b.TypeMatrix(v4, 3) == m {
		t.Error("matrix interning")
	}
	p := b.TypePointer(spv.StorageClassUniform, v4)
	if b.TypePointer(spv.StorageClassUniform, v4) != p || b.TypePointer(spv.StorageClassFunction, v4) == p {
		t.Error("pointer interning")
	}
	a := b.TypeArrayN(f32, 4, 0)
	if b.TypeArrayN(f32, 4, 0) != a || b.TypeArrayN(f32, 4, 16) == a || b.TypeArrayN(f32, 5, 0) == a {
		t.Error("array interning: stride and length must distinguish")
	}
	if b.TypeArrayN(f32, 4, 16) != b.TypeArrayN(f32, 4, 16) {
		t.Error("strided array not interned")
	}
	ra := b.TypeRuntimeArray(f32, 4)
	if b.TypeRuntimeArray(f32, 4) != ra || b.TypeRuntimeArray(f32, 8) == ra {
		t.Error("runtime array interning")
	}
	fn := b.TypeFunction(b.TypeVoid(), f32, v4)
	if b.TypeFunction(b.TypeVoid(), f32, v4) != fn || b.TypeFunction(b.TypeVoid(), v4, f32) == fn || b.TypeFunction(b.TypeVoid()) == fn {
		t.Error("function type interning")
	}
	img := ImageType{SampledType: f32, Dim: spv.Dim2D, Sampled: 1, Format: spv.ImageFormatUnknown}
	it := b.TypeImage(img)
	img2 := img
	img2.Arrayed = true
	img3 := img
	img3.Sampled, img3.Format = 2, spv.ImageFormatRgba32f
	if b.TypeImage(img) != it || b.TypeImage(img2) == it || b.TypeImage(img3) == it || b.TypeImage(img3) == b.TypeImage(img2) {
		t.Error("image interning")
	}
	if b.TypeSampledImage(it) != b.TypeSampledImage(it) || b.TypeSampler() != b.TypeSampler() ||
		b.TypeAccelerationStructure() != b.TypeAccelerationStructure() || b.TypeRayQuery() != b.TypeRayQuery() {
		t.Error("opaque type interning")
	}
	// One OpTypeFloat 32 in the module, one ArrayStride 16 decoration.
	n := 0
	for _, in := range b.M.Globals {
		if in.Op == spv.OpTypeFloat && in.Operands[0].Word == 32 {
			n++
		}
	}
	if n != 1 {
		t.Errorf("%d OpTypeFloat 32", n)
	}
	if got := countOp(b.M.Annotations, spv.OpDecorate); got != 3 { // ArrayStride 16, 4 and 8
		t.Errorf("%d decorations, want 3", got)
	}
	if err := b.Err(); err != nil {
		t.Fatal(err)
	}
}

func TestStructInterning(t *testing.T) {
	b := New(spv.Version1_0)
	f32 := b.TypeFloat(32)
	v4 := b.TypeVector(f32, 4)
	desc := func() StructType {
		return StructType{
			Name: "S",
			Members: []StructMember{
				{Type: f32, Name: "a", Decorations: []Decoration{Deco(spv.DecorationOffset, Lit(0))}},
				{Type: v4, Name: "b", Decorations: []Decoration{Deco(spv.DecorationOffset, Lit(16))}},
			},
			Decorations: []Decoration{Deco(spv.DecorationBlock)},
		}
	}
	s := b.TypeStruct(desc())
	if b.TypeStruct(desc()) != s {
		t.Error("identical structs not interned")
	}
	variants := map[string]func(*StructType){
		"name":              func(d *StructType) { d.Name = "T" },
		"member name":       func(d *StructType) { d.Members[1].Name = "c" },
		"member offset":     func(d *StructType) { d.Members[1].Decorations[0] = Deco(spv.DecorationOffset, Lit(4)) },
		"member type":       func(d *StructType) { d.Members[0].Type = v4 },
		"struct decoration": func(d *StructType) { d.Decorations = nil },
		"extra decoration": func(d *StructType) {
			d.Members[0].Decorations = append(d.Members[0].Decorations, Deco(spv.DecorationNonWritable))
		},
		"fewer members": func(d *StructType) { d.Members = d.Members[:1] },
	}
	seen := map[ID]string{s: "original"}
	for name, change := range variants {
		d := desc()
		change(&d)
		id := b.TypeStruct(d)
		if prev, dup := seen[id]; dup {
			t.Errorf("struct differing by %s got the id of %s", name, prev)
		}
		seen[id] = name
	}
	if err := b.Err(); err != nil {
		t.Fatal(err)
	}
	// The original's decorations and names appear once each.
	names, offsets := 0, 0
	for _, in := range b.M.Names {
		if in.Operands[0].ID() == s {
			names++
		}
	}
	for _, in := range b.M.Annotations {
		if in.Operands[0].ID() == s && in.Op == spv.OpMemberDecorate {
			offsets++
		}
	}
	if names != 3 || offsets != 2 {
		t.Errorf("original struct has %d names, %d member decorations; want 3, 2", names, offsets)
	}
}

func TestConstantInterning(t *testing.T) {
	b := New(spv.Version1_0)
	if b.ConstInt32(1) != b.ConstInt32(1) || b.ConstInt32(1) == b.ConstUint32(1) || b.ConstInt32(1) == b.ConstInt32(2) {
		t.Error("int constants")
	}
	if b.ConstFloat32(0) == b.ConstFloat32(float32(negZero())) {
		t.Error("0.0 and -0.0 merged")
	}
	if b.ConstFloat32(1) != b.ConstFloat32(1) || b.ConstFloat64(1) == b.ConstFloat32(1) {
		t.Error("float constants")
	}
	if b.ConstBool(true) != b.ConstBool(true) || b.ConstBool(true) == b.ConstBool(false) {
		t.Error("bool constants")
	}
	v2 := b.TypeVector(b.TypeFloat(32), 2)
	c := b.ConstComposite(v2, b.ConstFloat32(1), b.ConstFloat32(2))
	if b.ConstComposite(v2, b.ConstFloat32(1), b.ConstFloat32(2)) != c || b.ConstComposite(v2, b.ConstFloat32(2), b.ConstFloat32(1)) == c {
		t.Error("composite constants")
	}
	if b.ConstNull(v2) != b.ConstNull(v2) || b.Undef(v2) != b.Undef(v2) || b.ConstNull(v2) == b.Undef(v2) {
		t.Error("null/undef")
	}
	if b.ConstUint64(1<<40) != b.ConstUint64(1<<40) {
		t.Error("64-bit constants")
	}
	// Spec constants are never merged.
	i32 := b.TypeInt(32, true)
	if b.SpecConstant(i32, 3) == b.SpecConstant(i32, 3) || b.SpecConstantBool(true) == b.SpecConstantBool(true) {
		t.Error("spec constants merged")
	}
	sc := b.SpecConstantOp(i32, spv.OpIAdd, Ref(b.ConstInt32(1)), Ref(b.ConstInt32(2)))
	if sc == 0 {
		t.Error("OpSpecConstantOp failed")
	}
	if err := b.Err(); err != nil {
		t.Fatal(err)
	}
	// Narrow signed constants are sign-extended, narrow unsigned ones not.
	i16, u16 := b.TypeInt(16, true), b.TypeInt(16, false)
	if w := b.Def(b.Constant(i16, 0xffff)).Operands[0].Word; w != 0xffffffff {
		t.Errorf("int16 -1 encodes as %#x", w)
	}
	if w := b.Def(b.Constant(u16, 0x1ffff)).Operands[0].Word; w != 0xffff {
		t.Errorf("uint16 0xffff encodes as %#x", w)
	}
	if b.Constant(b.TypeVector(i32, 2), 1) != 0 || b.Err() == nil || !strings.Contains(b.Err().Error(), "not a numeric scalar type") {
		t.Errorf("constant of a vector type: %v", b.Err())
	}
}

func negZero() float64 { z := 0.0; return -z }

func TestDecorationsAndNamesOnce(t *testing.T) {
	b := New(spv.Version1_0)
	f32 := b.TypeFloat(32)
	v := b.GlobalVariable(b.TypePointer(spv.StorageClassInput, f32), spv.StorageClassInput, "v", 0)
	for range 3 {
		b.Decorate(v, spv.DecorationLocation, Lit(1))
		b.Name(v, "other")
	}
	b.Decorate(v, spv.DecorationLocation, Lit(2)) // different parameter: a second decoration (invalid SPIR-V, but not the builder's call)
	b.Decorate(v, spv.DecorationUserSemantic, Str("TEXCOORD"))
	b.Decorate(v, spv.DecorationUserSemantic, Str("TEXCOORD"))
	if got := countOp(b.M.Annotations, spv.OpDecorate); got != 2 {
		t.Errorf("%d OpDecorate, want 2", got)
	}
	if got := countOp(b.M.Annotations, spv.OpDecorateString); got != 1 {
		t.Errorf("%d OpDecorateString, want 1", got)
	}
	if got := countOp(b.M.Names, spv.OpName); got != 2 { // "v" and "other"
		t.Errorf("%d OpName, want 2", got)
	}
	b.Decorate(v, spv.DecorationLocation) // missing parameter
	if b.Err() == nil {
		t.Error("decoration without its parameter accepted")
	}
}

func TestDeleteForgetsInterned(t *testing.T) {
	b := New(spv.Version1_0)
	c1 := b.ConstInt32(7)
	v4 := b.TypeVector(b.TypeFloat(32), 4)
	b.Decorate(v4, spv.DecorationRelaxedPrecision)
	b.Name(v4, "v4")
	glsl := b.ExtInstImport("GLSL.std.450")
	b.DeleteIf(func(in *Inst) bool {
		return in.Result == c1 || in.Result == v4 || in.Result == glsl || (len(in.Operands) > 0 && in.Operands[0].ID() == v4)
	})
	if len(b.M.Annotations) != 0 || len(b.M.Names) != 0 || len(b.M.ExtInstImports) != 0 {
		t.Fatalf("not deleted: %d annotations, %d names, %d imports", len(b.M.Annotations), len(b.M.Names), len(b.M.ExtInstImports))
	}
	if b.Def(c1) != nil {
		t.Error("deleted constant still has a definition")
	}
	c2 := b.ConstInt32(7)
	v4b := b.TypeVector(b.TypeFloat(32), 4)
	if c2 == c1 || v4b == v4 || b.Def(c2) == nil || b.Def(v4b) == nil {
		t.Errorf("interning handed out deleted ids: %d %d", c2, v4b)
	}
	b.Decorate(v4b, spv.DecorationRelaxedPrecision)
	b.Name(v4b, "v4")
	if len(b.M.Annotations) != 1 || len(b.M.Names) != 1 {
		t.Errorf("%d annotations, %d names after re-adding", len(b.M.Annotations), len(b.M.Names))
	}
	if b.ExtInstImport("GLSL.std.450") == glsl || len(b.M.ExtInstImports) != 1 {
		t.Error("deleted import not re-imported")
	}
	// Things not deleted stay interned.
	if b.TypeFloat(32) != b.TypeFloat(32) || b.TypeInt(32, true) != b.Def(c2).Type {
		t.Error("survivors lost")
	}
}

func TestDeleteDecorationThenReadd(t *testing.T) {
	b := New(spv.Version1_0)
	f32 := b.TypeFloat(32)
	b.Decorate(f32, spv.DecorationRelaxedPrecision)
	b.Name(f32, "f")
	b.DeleteIf(func(in *Inst) bool { return in.Op == spv.OpDecorate || in.Op == spv.OpName })
	b.Decorate(f32, spv.DecorationRelaxedPrecision)
	b.Name(f32, "f")
	if len(b.M.Annotations) != 1 || len(b.M.Names) != 1 {
		t.Errorf("%d annotations, %d names after delete and re-add, want 1, 1", len(b.M.Annotations), len(b.M.Names))
	}
}
