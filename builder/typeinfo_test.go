package builder

import (
	"testing"

	"github.com/hlsl2spirv/hlsl2spirv/builder/spv"
)

func TestTypeQueries(t *testing.T) {
	b := New(spv.Version1_0)
	f32, i16, u32 := b.TypeFloat(32), b.TypeInt(16, true), b.TypeInt(32, false)
	v3 := b.TypeVector(f32, 3)
	m := b.TypeMatrix(v3, 4)
	arr := b.TypeArrayN(u32, 7, 0)
	st := b.TypeStruct(StructType{Members: []StructMember{{Type: f32}, {Type: arr}}})
	p := b.TypePointer(spv.StorageClassWorkgroup, st)
	cases := []struct {
		name      string
		got, want any
	}{
		{"op", b.TypeOp(m), spv.OpTypeMatrix},
		{"op unknown", b.TypeOp(9999), spv.Op(0)},
		{"width f32", b.ScalarWidth(f32), uint32(32)},
		{"width i16", b.ScalarWidth(i16), uint32(16)},
		{"width vector", b.ScalarWidth(v3), uint32(0)},
		{"signed i16", b.IsSigned(i16), true},
		{"signed u32", b.IsSigned(u32), false},
		{"signed f32", b.IsSigned(f32), false},
		{"vector element", b.ElementType(v3), f32},
		{"matrix column", b.ElementType(m), v3},
		{"array element", b.ElementType(arr), u32},
		{"scalar element", b.ElementType(f32), ID(0)},
		{"vector count", b.ComponentCount(v3), uint32(3)},
		{"matrix count", b.ComponentCount(m), uint32(4)},
		{"struct count", b.ComponentCount(st), uint32(2)},
		{"member", b.MemberType(st, 1), arr},
		{"member out of range", b.MemberType(st, 2), ID(0)},
	}
	for _, c := range cases {
		if c.got != c.want {
			t.Errorf("%s: got %v, want %v", c.name, c.got, c.want)
		}
	}
	if sc, pointee, ok := b.Pointee(p); !ok || sc != spv.StorageClassWorkgroup || pointee != st {
		t.Errorf("Pointee = %v %v %v", sc, pointee, ok)
	}
	if _, _, ok := b.Pointee(st); ok {
		t.Error("struct is not a pointer")
	}
	if v, ok := b.ConstantValue(b.ConstInt64(-2)); !ok || v != 0xfffffffffffffffe {
		t.Errorf("ConstantValue(-2) = %#x %v", v, ok)
	}
	if _, ok := b.ConstantValue(b.ConstBool(true)); ok {
		t.Error("ConstantValue of a bool")
	}
}
