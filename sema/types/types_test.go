package types

import (
	"slices"
	"strconv"
	"sync"
	"testing"
)

func TestBuiltinNames(t *testing.T) {
	u := NewUniverse(Config{})
	u16 := NewUniverse(Config{Enable16BitTypes: true})
	tests := []struct {
		name  string
		u     *Universe
		want  string // String() of the type, "" for nil
		canon string
	}{
		{"float", u, "float", "float"},
		{"float4", u, "float4", "vector<float, 4>"},
		{"int2x3", u, "int2x3", "matrix<int, 2, 3>"},
		{"uint64_t3", u, "uint64_t3", "vector<unsigned long long, 3>"},
		{"min16float4x4", u, "min16float4x4", "matrix<min16float, 4, 4>"},
		{"dword", u, "uint", "unsigned int"},
		{"uint32_t2", u, "uint2", "vector<unsigned int, 2>"},
		{"float64_t", u, "double", "double"},
		{"half3", u, "half3", "vector<half, 3>"},
		{"vector", u, "float4", "vector<float, 4>"},
		{"matrix", u, "float4x4", "matrix<float, 4, 4>"},
		{"Texture2D", u, "Texture2D<float4>", "Texture2D<vector<float, 4> >"},
		{"SamplerState", u, "SamplerState", "SamplerState"},
		{"sampler", u, "SamplerState", "SamplerState"},
		{"ByteAddressBuffer", u, "ByteAddressBuffer", "ByteAddressBuffer"},
		{"StructuredBuffer", u, "", ""},
		{"float16_t", u, "", ""},
		{"float16_t2", u16, "half2", "vector<half, 2>"},
		{"int16_t", u16, "int16_t", "short"},
		{"RaytracingAccelerationStructure", u, "RaytracingAccelerationStructure", "RaytracingAccelerationStructure"},
	}
	for _, tc := range tests {
		b, ok := LookupBuiltin(tc.name)
		if !ok {
			t.Errorf("LookupBuiltin(%q) not found", tc.name)
			continue
		}
		got := b.Type(tc.u)
		if tc.want == "" {
			if got != nil {
				t.Errorf("%s: got %s, want nil", tc.name, got)
			}
			continue
		}
		if got == nil {
			t.Errorf("%s: got nil, want %s", tc.name, tc.want)
			continue
		}
		if got.String() != tc.want || got.CanonicalString() != tc.canon {
			t.Errorf("%s: got %q / %q, want %q / %q", tc.name, got, got.CanonicalString(), tc.want, tc.canon)
		}
	}
	for _, n := range []string{"float5", "float0", "int4x5", "foo", "Float4", "texture2D", "vk::SpirvTyp", "float4x"} {
		if IsBuiltinTypeName(n) {
			t.Errorf("IsBuiltinTypeName(%q) = true", n)
		}
	}
	for _, n := range []string{"float1x1", "bool4x4", "min12int3", "vk::BufferPointer", "RayQuery", "InputPatch", "RWTexture2DMSArray", "vk::SampledTexture2D", "uint8_t4_packed"} {
		if !IsBuiltinTypeName(n) {
			t.Errorf("IsBuiltinTypeName(%q) = false", n)
		}
	}
	// The table's size pins that nothing was lost: 21 component names times
	// (1 + 4 + 16), the two packed names, vector/matrix, the objects and
	// the legacy sampler aliases.
	if got, want := len(BuiltinTypeNames()), 21*21+2+2+int(NumObjects-1)+len(objectAliases); got != want {
		t.Errorf("%d builtin names, want %d", got, want)
	}
}

func TestBuiltinStructs(t *testing.T) {
	u := NewUniverse(Config{})
	b, _ := LookupBuiltin("RayDesc")
	rd := b.Type(u)
	if rd == nil || !rd.IsStruct() || rd != b.Type(u) || rd.String() != "RayDesc" {
		t.Fatalf("RayDesc = %v", rd)
	}
	if f, ok := rd.FieldByName("Direction"); !ok || f.Type != Vec(Float, 3) {
		t.Errorf("RayDesc.Direction = %v %v", f, ok)
	}
	if rd.ComponentCount() != 8 {
		t.Errorf("RayDesc has %d components", rd.ComponentCount())
	}
	b, _ = LookupBuiltin("BuiltInTriangleIntersectionAttributes")
	if f, ok := b.Type(u).FieldByName("barycentrics"); !ok || f.Type != Vec(Float, 2) {
		t.Errorf("barycentrics = %v %v", f, ok)
	}
	if u.BuiltinStruct(Texture2D) != nil {
		t.Error("Texture2D is not a struct")
	}
}

func TestMinPrecisionPromotion(t *testing.T) {
	for _, tc := range []struct {
		name  string
		bit16 bool
		want  Scalar
		warn  string
	}{
		{"min16float", false, Min16Float, ""},
		{"min10float", false, Min16Float, "'min10float' is promoted to 'min16float'"},
		{"min12int", false, Min16Int, "'min12int' is promoted to 'min16int'"},
		{"min16uint", false, Min16Uint, ""},
		{"min16float", true, Float16, "'min16float' is promoted to 'half'"},
		{"min10float4", true, Float16, "'min10float' is promoted to 'half'"},
		{"min16int", true, Int16, "'min16int' is promoted to 'int16_t'"},
		{"min12int2x2", true, Int16, "'min12int' is promoted to 'int16_t'"},
		{"min16uint", true, Uint16, "'min16uint' is promoted to 'uint16_t'"},
		{"float", true, Float, ""},
		{"int", false, Int, ""},
	} {
		b, _ := LookupBuiltin(tc.name)
		cfg := Config{Enable16BitTypes: tc.bit16}
		if got := b.ScalarIn(cfg); got != b.Scalar {
			t.Errorf("%s (16-bit %v) = %v: min-precision names keep their identity", tc.name, tc.bit16, got)
		}
		if got := b.Scalar.Lowered(cfg); got != tc.want {
			t.Errorf("%s (16-bit %v) lowers to %v, want %v", tc.name, tc.bit16, got, tc.want)
		}
		if got := b.PromotionWarning(cfg); got != tc.warn {
			t.Errorf("%s (16-bit %v) warns %q, want %q", tc.name, tc.bit16, got, tc.warn)
		}
	}
}

func TestHalfDependsOn16BitTypes(t *testing.T) {
	b, _ := LookupBuiltin("half")
	if s := b.ScalarIn(Config{}); s != HalfPP || s.Bits() != 32 || s.SPIRVBits() != 32 {
		t.Errorf("half without -enable-16bit-types = %v (%d bits)", s, s.Bits())
	}
	if s := b.ScalarIn(Config{Enable16BitTypes: true}); s != Float16 || s.SPIRVBits() != 16 {
		t.Errorf("half with -enable-16bit-types = %v", s)
	}
	f16, _ := LookupBuiltin("float16_t")
	u := NewUniverse(Config{Enable16BitTypes: true})
	if f16.Type(u) != b.Type(u) {
		t.Error("half and float16_t differ under -enable-16bit-types")
	}
}

func TestInterning(t *testing.T) {
	u := NewUniverse(Config{})
	if Vec(Float, 4) != Vec(Float, 4) || Mat(Int, 2, 3) != Mat(Int, 2, 3) {
		t.Fatal("vector/matrix not interned")
	}
	if Vec(Float, 5) != InvalidType() || Mat(Float, 0, 2) != InvalidType() {
		t.Error("out-of-range dimensions must give the invalid type")
	}
	a1 := u.Array(Vec(Float, 4), 3)
	if a1 != u.Array(Vec(Float, 4), 3) || a1 == u.Array(Vec(Float, 4), 4) {
		t.Error("arrays not interned by element and length")
	}
	if got := u.Array(u.Array(Float4(), 3), 2).String(); got != "float4 [2][3]" {
		t.Errorf("2-D array prints %q", got)
	}
	if got := u.Array(ScalarType(Int), Unsized).String(); got != "int []" {
		t.Errorf("unsized array prints %q", got)
	}
	tex := u.NewObject(Texture2D, nil, 0)
	if tex != u.NewObject(Texture2D, Vec(Float, 4), 0) {
		t.Error("Texture2D and Texture2D<float4> differ")
	}
	if tex == u.NewObject(Texture2D, Vec(Float, 3), 0) {
		t.Error("Texture2D<float3> equals Texture2D<float4>")
	}
	// Aliases and orientation are sugar.
	alias := u.NewAlias("color", Vec(Float, 4))
	if !Identical(alias, Vec(Float, 4)) || alias.String() != "color" || alias.VecSize() != 4 {
		t.Errorf("typedef: identical=%v string=%q", Identical(alias, Vec(Float, 4)), alias)
	}
	rm := MatMajor(Float, 4, 4, RowMajor)
	if rm == Mat(Float, 4, 4) || !Identical(rm, Mat(Float, 4, 4)) || rm.Major() != RowMajor {
		t.Error("row_major must be distinct sugar over an identical type")
	}
	if rm.String() != "row_major float4x4" {
		t.Errorf("row_major prints %q", rm)
	}
	arr := u.WithMajor(u.Array(Mat(Float, 3, 4), 2), ColumnMajor)
	if arr.Elem().Major() != ColumnMajor || !Identical(arr, u.Array(Mat(Float, 3, 4), 2)) {
		t.Error("WithMajor on an array must orient the element and keep identity")
	}
	sbAlias := u.NewObject(StructuredBuffer, alias, 0)
	if !Identical(sbAlias, u.NewObject(StructuredBuffer, Vec(Float, 4), 0)) {
		t.Error("StructuredBuffer<typedef> not identical to StructuredBuffer<float4>")
	}
	// Structs are nominal.
	s1, s2 := u.NewStruct("S", false), u.NewStruct("S", false)
	if Identical(s1, s2) {
		t.Error("two struct declarations are identical")
	}
	// Template instances are interned by argument.
	tmpl := u.NewTemplate("Pair", []string{"T"})
	i1, c1 := u.Instantiate(tmpl, []TemplateArg{{Type: ScalarType(Int)}})
	i2, c2 := u.Instantiate(tmpl, []TemplateArg{{Type: ScalarType(Int)}})
	i3, _ := u.Instantiate(tmpl, []TemplateArg{{Type: ScalarType(Float)}})
	if !c1 || c2 || i1 != i2 || i1 == i3 || i1.String() != "Pair<int>" {
		t.Errorf("template instances: %v %v %v %v %s", c1, c2, i1 == i2, i1 == i3, i1)
	}
	f1 := u.NewFunc(Signature{Result: ScalarType(Float), Params: []Param{{Name: "a", Type: Vec(Float, 2)}, {Name: "b", Type: ScalarType(Int), Mode: Out}}})
	f2 := u.NewFunc(Signature{Result: ScalarType(Float), Params: []Param{{Name: "x", Type: Vec(Float, 2)}, {Name: "y", Type: ScalarType(Int), Mode: Out}}})
	if f1 != f2 || f1.String() != "float (float2, out int)" {
		t.Errorf("function types: same=%v %s", f1 == f2, f1)
	}
}

func Float4() *Type { return Vec(Float, 4) }

func TestObjectPrinting(t *testing.T) {
	u := NewUniverse(Config{})
	tests := []struct {
		t           *Type
		short, full string
	}{
		{u.NewObject(Texture2DMS, Vec(Float, 4), 8), "Texture2DMS<float4, 8>", "Texture2DMS<vector<float, 4>, 8>"},
		{u.NewObject(Buffer, Vec(Float, 4), 0), "Buffer<float4>", "Buffer<vector<float, 4> >"},
		{u.NewObject(RWStructuredBuffer, ScalarType(Uint), 0), "RWStructuredBuffer<uint>", "RWStructuredBuffer<unsigned int>"},
		{u.NewObject(InputPatch, Vec(Float, 3), 3), "InputPatch<float3, 3>", "InputPatch<vector<float, 3>, 3>"},
		{u.NewObject(RayQuery, nil, 5), "RayQuery<5>", "RayQuery<5>"},
		{u.NewObject(VkBufferPointer, ScalarType(Float), 16), "vk::BufferPointer<float, 16>", "vk::BufferPointer<float, 16>"},
		{u.NewObjectArgs(VkIntegralConstant, []TemplateArg{{Type: ScalarType(Uint)}, {Value: 7}}), "vk::integral_constant<uint, 7>", "vk::integral_constant<unsigned int, 7>"},
		{Vec(LiteralInt, 2), "vector<literal int, 2>", "vector<literal int, 2>"},
	}
	for _, tc := range tests {
		if tc.t.String() != tc.short || tc.t.CanonicalString() != tc.full {
			t.Errorf("got %q / %q, want %q / %q", tc.t, tc.t.CanonicalString(), tc.short, tc.full)
		}
	}
}

func TestObjectGeometry(t *testing.T) {
	tests := []struct {
		o                         Object
		coord, offset, load, dims int
	}{
		{Texture1D, 1, 1, 2, 1},
		{Texture1DArray, 2, 1, 3, 1},
		{Texture2D, 2, 2, 3, 2},
		{Texture2DArray, 3, 2, 4, 2},
		{Texture2DMS, 2, 2, 2, 2},
		{Texture2DMSArray, 3, 2, 3, 2},
		{Texture3D, 3, 3, 4, 3},
		{TextureCube, 3, 0, 0, 3},
		{TextureCubeArray, 4, 0, 0, 3},
		{RWTexture2D, 2, 2, 2, 2},
		{RWTexture2DArray, 3, 2, 3, 2},
		{Buffer, 1, 0, 1, 1},
	}
	for _, tc := range tests {
		if c, o, l, d := tc.o.CoordCount(), tc.o.OffsetCount(), tc.o.LoadCoordCount(), tc.o.SpatialCount(); c != tc.coord || o != tc.offset || l != tc.load || d != tc.dims {
			t.Errorf("%v: coord %d offset %d load %d dims %d, want %d %d %d %d", tc.o, c, o, l, d, tc.coord, tc.offset, tc.load, tc.dims)
		}
	}
	if !RWByteAddressBuffer.IsWritable() || ByteAddressBuffer.IsWritable() || !RasterizerOrderedTexture2D.IsROV() {
		t.Error("writability flags wrong")
	}
	if SamplerState.IsResource() != true || RayQuery.IsResource() {
		t.Error("IsResource wrong")
	}
}

func TestQuote(t *testing.T) {
	u := NewUniverse(Config{})
	if got := Quote(Vec(Float, 4)); got != "'float4'" {
		t.Errorf("got %s", got)
	}
	a := u.NewAlias("A1", u.Array(ScalarType(Int), 1))
	if got := Quote(a); got != "'A1' (aka 'int [1]')" {
		t.Errorf("got %s", got)
	}
}

func BenchmarkIsBuiltinTypeName(b *testing.B) {
	names := []string{"float4", "Texture2D", "myStruct", "min16float3x3", "x"}
	for i := 0; i < b.N; i++ {
		IsBuiltinTypeName(names[i%len(names)])
	}
}

func BenchmarkScore(b *testing.B) {
	a, p := Vec(Int, 3), Vec(Float, 3)
	for i := 0; i < b.N; i++ {
		Score(a, p)
	}
}

// LookupBuiltin reads scalar, vector and matrix names from their spelling;
// it must agree with the table of every spelling written out, for each
// name in it, and reject every near miss.
func TestLookupBuiltinAgreesWithTable(t *testing.T) {
	table := map[string]Builtin{}
	for _, sn := range scalarNames {
		base := Builtin{Scalar: sn.s, Needs16Bit: sn.needs, half: sn.isHalf}
		b := base
		b.Kind = BuiltinScalar
		table[sn.name] = b
		for n := 1; n <= 4; n++ {
			b := base
			b.Kind, b.Cols = BuiltinVector, uint8(n)
			table[sn.name+strconv.Itoa(n)] = b
			for c := 1; c <= 4; c++ {
				b := base
				b.Kind, b.Rows, b.Cols = BuiltinMatrix, uint8(n), uint8(c)
				table[sn.name+strconv.Itoa(n)+"x"+strconv.Itoa(c)] = b
			}
		}
	}
	table["int8_t4_packed"] = Builtin{Kind: BuiltinScalar, Scalar: Int8_4Packed}
	table["uint8_t4_packed"] = Builtin{Kind: BuiltinScalar, Scalar: Uint8_4Packed}
	table["vector"] = Builtin{Kind: BuiltinVectorT}
	table["matrix"] = Builtin{Kind: BuiltinMatrixT}
	for o := Object(1); o < NumObjects; o++ {
		table[o.String()] = Builtin{Kind: BuiltinObject, Object: o}
	}
	for name, o := range objectAliases {
		table[name] = Builtin{Kind: BuiltinObject, Object: o}
	}
	for name, want := range table {
		if got, ok := LookupBuiltin(name); !ok || got != want {
			t.Errorf("LookupBuiltin(%q) = %+v, %v; want %+v", name, got, ok, want)
		}
		for _, miss := range []string{name + "1", name + "x1", name + "0", name + "5", name + "x", "x" + name, name[1:], name[:len(name)-1], name + "1x1", name + "_"} {
			if _, inTable := table[miss]; inTable {
				continue
			}
			if got, ok := LookupBuiltin(miss); ok {
				t.Errorf("LookupBuiltin(%q) = %+v, want no type", miss, got)
			}
		}
	}
	if got := len(BuiltinTypeNames()); got != len(table) {
		t.Errorf("BuiltinTypeNames: %d names, want %d", got, len(table))
	}
}

// Matrix types are made on first use, yet each is one value per process,
// whichever goroutine asks first, and its orientations share one
// canonical type.
func TestMatrixTypesAreSingletons(t *testing.T) {
	const workers = 4
	got := make([][]*Type, workers)
	var wg sync.WaitGroup
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for s := Scalar(1); s < NumScalars; s++ {
				for r := 1; r <= 4; r++ {
					for c := 1; c <= 4; c++ {
						for mj := DefaultMajor; mj <= ColumnMajor; mj++ {
							got[w] = append(got[w], MatMajor(s, r, c, mj))
						}
					}
				}
			}
		}()
	}
	wg.Wait()
	for w := 1; w < workers; w++ {
		if !slices.Equal(got[w], got[0]) {
			t.Fatal("goroutines got different matrix types")
		}
	}
	for _, m := range got[0] {
		s, r, c := m.Scalar(), m.Rows(), m.Cols()
		if m.Kind() != Matrix || m.Canonical() != Mat(s, r, c) || Mat(s, r, c) != MatMajor(s, r, c, DefaultMajor) {
			t.Errorf("%v: kind %v, canonical %v, want matrix with canonical %v", m, m.Kind(), m.Canonical(), Mat(s, r, c))
		}
	}
	if Mat(Float, 0, 2) != InvalidType() || Mat(Float, 2, 5) != InvalidType() {
		t.Error("a matrix dimension outside 1..4 is not invalid")
	}
}
