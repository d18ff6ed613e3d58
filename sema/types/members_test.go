package types

import (
	"fmt"
	"testing"
)

func TestVectorSwizzle(t *testing.T) {
	tests := []struct {
		t    *Type
		sel  string
		want string // type, or "error: msg"
		idx  string
		dup  bool
	}{
		{Vec(Float, 4), "xyz", "float3", "[0 1 2]", false},
		{Vec(Float, 4), "w", "float", "[3]", false},
		{Vec(Float, 4), "rgba", "float4", "[0 1 2 3]", false},
		{Vec(Float, 2), "xxyy", "float4", "[0 0 1 1]", true},
		{ScalarType(Int), "xxx", "int3", "[0 0 0]", true},
		{Vec(Float, 2), "z", "error: vector swizzle 'z' is out of bounds", "", false},
		{Vec(Float, 4), "xg", "error: invalid format for vector swizzle 'xg'", "", false},
		{Vec(Float, 4), "xyzwx", "error: more than four positions are referenced in 'xyzwx'", "", false},
		{Vec(Float, 4), "q", "error: invalid format for vector swizzle 'q'", "", false},
		{Mat(Float, 2, 2), "x", "error: invalid format for vector swizzle 'x'", "", false},
	}
	for _, tc := range tests {
		s, err := VectorSwizzle(tc.t, tc.sel)
		check(t, fmt.Sprintf("%s.%s", tc.t, tc.sel), s, err, tc.want, tc.idx, tc.dup)
	}
}

func TestMatrixSwizzle(t *testing.T) {
	m := Mat(Float, 3, 4)
	tests := []struct {
		sel  string
		want string
		idx  string
		dup  bool
	}{
		{"_m00", "float", "[0]", false},
		{"_11", "float", "[0]", false},
		{"_m23", "float", "[11]", false},
		{"_34", "float", "[11]", false},
		{"_m00_m11_m22", "float3", "[0 5 10]", false},
		{"_11_11", "float2", "[0 0]", true},
		{"_m00_11", "error: matrix subscript '_m00_11' mixes one-based and zero-based references", "", false},
		{"_m04", "error: the digit '4' is used in '_m04', but the syntax is for zero-based rows and columns", "", false},
		{"_01", "error: the digit '0' is used in '_01', but the syntax is for one-based rows and columns", "", false},
		{"_m30", "error: matrix subscript '_m30' is out of bounds", "", false},
		{"_11_12_13_14_21", "error: more than four positions are referenced in '_11_12_13_14_21'", "", false},
		{"_1", "error: invalid format for matrix subscript '_1'", "", false},
		{"m00", "error: invalid format for matrix subscript 'm00'", "", false},
	}
	for _, tc := range tests {
		s, err := MatrixSwizzle(m, tc.sel)
		check(t, "m."+tc.sel, s, err, tc.want, tc.idx, tc.dup)
	}
}

func check(t *testing.T, what string, s Swizzle, err error, want, idx string, dup bool) {
	t.Helper()
	if len(want) > 7 && want[:7] == "error: " {
		if err == nil || err.Error() != want[7:] {
			t.Errorf("%s: err %v, want %q", what, err, want[7:])
		}
		return
	}
	if err != nil {
		t.Errorf("%s: %v", what, err)
		return
	}
	if s.Type.String() != want || fmt.Sprint(s.Indices) != idx || s.Duplicates != dup {
		t.Errorf("%s: %s %v dup=%v, want %s %s %v", what, s.Type, s.Indices, s.Duplicates, want, idx, dup)
	}
}

func TestSubscript(t *testing.T) {
	u := NewUniverse(Config{})
	tests := []struct {
		t          *Type
		elem, idx  string
		writable   bool
		notAllowed bool
	}{
		{Vec(Float, 3), "float", "uint", true, false},
		{Mat(Int, 3, 2), "int2", "uint", true, false},
		{u.Array(Vec(Float, 4), 8), "float4", "uint", true, false},
		{u.NewObject(Buffer, Vec(Float, 4), 0), "float4", "uint", false, false},
		{u.NewObject(RWStructuredBuffer, ScalarType(Uint), 0), "uint", "uint", true, false},
		{u.NewObject(RWTexture2D, Vec(Float, 4), 0), "float4", "uint2", true, false},
		{u.NewObject(Texture2DArray, nil, 0), "float4", "uint3", false, false},
		{u.NewObject(Texture3D, ScalarType(Float), 0), "float", "uint3", false, false},
		{u.NewObject(Texture1D, nil, 0), "float4", "uint", false, false},
		{u.NewObject(InputPatch, Vec(Float, 3), 3), "float3", "uint", false, false},
		{u.NewObject(OutputPatch, Vec(Float, 3), 3), "float3", "uint", true, false},
		{u.NewObject(TextureCube, nil, 0), "", "", false, true},
		{u.NewObject(AppendStructuredBuffer, ScalarType(Uint), 0), "", "", false, true},
		{ScalarType(Float), "", "", false, true},
		{u.NewObject(SamplerState, nil, 0), "", "", false, true},
	}
	for _, tc := range tests {
		s, err := SubscriptOf(tc.t)
		if tc.notAllowed {
			if err != ErrNotSubscriptable {
				t.Errorf("%s[]: err %v", tc.t, err)
			}
			continue
		}
		if err != nil || s.Elem.String() != tc.elem || s.Index.String() != tc.idx || s.Writable != tc.writable {
			t.Errorf("%s[]: %+v %v", tc.t, s, err)
		}
	}
}

func TestInstantiate(t *testing.T) {
	u := NewUniverse(Config{})
	st := u.NewStruct("S", false)
	ty := func(x *Type) TemplateArg { return TemplateArg{Type: x} }
	val := func(v int64) TemplateArg { return TemplateArg{Value: v} }
	tests := []struct {
		name string
		args []TemplateArg
		want string // String(), or "error: ..."
	}{
		{"vector", []TemplateArg{ty(ScalarType(Int)), val(3)}, "int3"},
		{"vector", []TemplateArg{ty(ScalarType(Int))}, "int4"},
		{"vector", nil, "float4"},
		{"vector", []TemplateArg{ty(ScalarType(Float)), val(5)}, "error: invalid value, valid range is between 1 and 4 inclusive"},
		{"vector", []TemplateArg{ty(ScalarType(Float)), val(0)}, "error: invalid value, valid range is between 1 and 4 inclusive"},
		{"vector", []TemplateArg{ty(Vec(Float, 2)), val(2)}, "error: 'float2' cannot be used as a type parameter where a scalar is required"},
		{"vector", []TemplateArg{val(1)}, "error: template argument for template type parameter must be a type"},
		{"vector", []TemplateArg{ty(ScalarType(Float)), ty(ScalarType(Float))}, "error: template argument for non-type template parameter must be an expression"},
		{"vector", []TemplateArg{ty(ScalarType(Float)), val(1), val(1)}, "error: too many template arguments for class template 'vector'"},
		{"matrix", []TemplateArg{ty(ScalarType(Float)), val(2), val(3)}, "float2x3"},
		{"matrix", []TemplateArg{ty(ScalarType(Float)), val(0), val(1)}, "error: invalid value, valid range is between 1 and 4 inclusive"},
		{"Texture2D", []TemplateArg{ty(ScalarType(Float))}, "Texture2D<float>"},
		{"Texture2D", nil, "Texture2D<float4>"},
		{"Texture2D", []TemplateArg{ty(st)}, "error: elements of typed buffers and textures must be scalars or vectors"},
		{"Buffer", []TemplateArg{ty(Vec(Double, 3))}, "error: elements of typed buffers and textures must fit in four 32-bit quantities"},
		{"Buffer", []TemplateArg{ty(Vec(Double, 2))}, "Buffer<double2>"},
		{"Texture2DMS", []TemplateArg{ty(Vec(Float, 4)), val(8)}, "Texture2DMS<float4, 8>"},
		{"StructuredBuffer", []TemplateArg{ty(st)}, "StructuredBuffer<S>"},
		{"StructuredBuffer", nil, "error: too few template arguments for class template 'StructuredBuffer'"},
		{"StructuredBuffer", []TemplateArg{ty(u.NewObject(Texture2D, nil, 0))}, "error: 'Texture2D<float4>' cannot be used as a type parameter"},
		{"RWStructuredBuffer", []TemplateArg{ty(u.NewObject(VkBufferPointer, st, 0))}, "RWStructuredBuffer<vk::BufferPointer<S, 0>>"},
		{"vk::BufferPointer", []TemplateArg{ty(u.NewObject(VkBufferPointer, st, 0))}, "vk::BufferPointer<vk::BufferPointer<S, 0>, 0>"},
		{"Buffer", []TemplateArg{ty(u.NewObject(VkBufferPointer, st, 0))}, "error: 'vk::BufferPointer<S, 0>' cannot be used as a type parameter"},
		{"ConstantBuffer", []TemplateArg{ty(st)}, "ConstantBuffer<S>"},
		{"ConstantBuffer", []TemplateArg{ty(Vec(Float, 4))}, "error: 'float4' cannot be used as a type parameter where a struct/class is required"},
		{"InputPatch", []TemplateArg{ty(st), val(3)}, "InputPatch<S, 3>"},
		{"InputPatch", []TemplateArg{ty(st), val(0)}, "error: InputPatch element count must be greater than 0"},
		{"InputPatch", []TemplateArg{ty(st)}, "error: too few template arguments for class template 'InputPatch'"},
		{"RayQuery", []TemplateArg{val(4)}, "RayQuery<4>"},
		{"RayQuery", nil, "error: too few template arguments for class template 'RayQuery'"},
		{"SamplerState", []TemplateArg{val(1)}, "error: 'SamplerState' is not a template"},
		{"vk::BufferPointer", []TemplateArg{ty(st), val(16)}, "vk::BufferPointer<S, 16>"},
		{"vk::SpirvType", []TemplateArg{val(21), val(4), val(4), val(32)}, "vk::SpirvType<21, 4, 4, 32>"},
		{"float4", []TemplateArg{val(1)}, "error: 'float4' is not a template"},
		{"float16_t", nil, "error: 'float16_t' is only supported with -enable-16bit-types option"},
		{"int16_t2", nil, "error: 'int16_t2' is only supported with -enable-16bit-types option"},
		{"half", nil, "half"},
	}
	for _, tc := range tests {
		b, ok := LookupBuiltin(tc.name)
		if !ok {
			t.Fatalf("no builtin %s", tc.name)
		}
		got, err := b.Instantiate(u, tc.name, tc.args)
		if len(tc.want) > 7 && tc.want[:7] == "error: " {
			if err == nil || err.Error() != tc.want[7:] {
				t.Errorf("%s%v: got %v, %v; want %s", tc.name, tc.args, got, err, tc.want)
			}
			continue
		}
		if err != nil || got.String() != tc.want {
			t.Errorf("%s%v: got %v, %v; want %s", tc.name, tc.args, got, err, tc.want)
		}
	}
}

func TestMipsAndSample(t *testing.T) {
	u := NewUniverse(Config{})
	if s, ok := MipsOf(u.NewObject(Texture2DArray, ScalarType(Float), 0)); !ok || s.Elem != ScalarType(Float) || s.Index != Vec(Uint, 3) || s.Writable {
		t.Errorf("Texture2DArray.mips: %+v %v", s, ok)
	}
	for _, o := range []Object{TextureCube, RWTexture2D, Texture2DMS, Buffer} {
		if _, ok := MipsOf(u.NewObject(o, nil, 0)); ok {
			t.Errorf("%v has no .mips", o)
		}
	}
	if s, ok := SampleOf(u.NewObject(Texture2DMS, Vec(Float, 4), 4)); !ok || s.Index != Vec(Uint, 2) {
		t.Errorf("Texture2DMS.sample: %+v %v", s, ok)
	}
	if _, ok := SampleOf(u.NewObject(Texture2D, nil, 0)); ok {
		t.Error("Texture2D has no .sample")
	}
}

func TestFlatInit(t *testing.T) {
	u := NewUniverse(Config{})
	f, f2 := ScalarType(Float), Vec(Float, 2)
	s := u.NewStruct("s_f3_f3", false)
	s.Named().Fields = []Field{{Name: "a", Type: Vec(Float, 3)}, {Name: "b", Type: Vec(Float, 3)}}
	tex := u.NewObject(Texture2D, nil, 0)
	st := u.NewStruct("WithTex", false)
	st.Named().Fields = []Field{{Name: "t", Type: tex}, {Name: "x", Type: f}}
	tests := []struct {
		target *Type
		elems  []*Type
		length int64
		err    string
	}{
		{Vec(Float, 4), []*Type{f2, f, f}, 0, ""},
		{Mat(Float, 2, 2), []*Type{f, Mat(Float, 1, 1)}, 0, "too few elements in vector initialization (expected 4 elements, have 2)"},
		{f2, []*Type{f}, 0, "too few elements in vector initialization (expected 2 elements, have 1)"},
		{s, []*Type{f2, f, f}, 0, "too few elements in vector initialization (expected 6 elements, have 4)"},
		{f, []*Type{f, f}, 0, "too many elements in vector initialization (expected 1 element, have 2)"},
		{u.Array(ScalarType(Int), Unsized), []*Type{ScalarType(Int), ScalarType(Int), ScalarType(Int)}, 3, ""},
		{u.Array(f2, Unsized), []*Type{f, f, f}, 0, "too few elements in vector initialization (expected 4 elements, have 3)"},
		{u.Array(f2, 2), []*Type{Vec(Float, 4)}, 2, ""},
		{st, []*Type{tex, f}, 0, ""},
		{s, []*Type{s}, 0, ""},
	}
	for _, tc := range tests {
		n, err := FlatInit(tc.target, tc.elems)
		got := ""
		if err != nil {
			got = err.Error()
		}
		if got != tc.err || err == nil && n != tc.length {
			t.Errorf("%s = %v: %d %q, want %d %q", tc.target, tc.elems, n, got, tc.length, tc.err)
		}
	}
}
