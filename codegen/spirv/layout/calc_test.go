package layout

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/hlsl2spirv/hlsl2spirv/builder"
	"github.com/hlsl2spirv/hlsl2spirv/builder/spv"
	"github.com/hlsl2spirv/hlsl2spirv/sema/types"
)

// A layoutCase lays out one struct (or block member list) under one rule and
// checks every member offset, and optionally the size and the strides.
// The expected numbers were computed by hand from the rules and agree with
// the Offset/ArrayStride/MatrixStride decorations dxc emits for the same
// declarations; pins says which dxc behaviour the case holds us to.
type layoutCase struct {
	pins    string
	cfg     types.Config
	opts    Options
	decls   []string // "Name [: Base] { fields }", in order
	root    string   // the struct to lay out, or "{ members }" for a block
	rule    Rule
	offsets []uint32
	size    int            // -1: not checked
	arrays  map[int]uint32 // member -> ArrayStride of its type
	mats    map[int]uint32 // member -> MatrixStride
	rowMaj  map[int]bool   // member -> SPIR-V RowMajor (only for members in mats)
	diags   map[int]string // member -> expected diagnostic (substring)
	after   func(*testing.T, *env, *Calculator)
	// straddle lists the rules under which the block, as a whole, puts a
	// vector across a 16-byte boundary, so lowering must refuse it.
	straddle []Rule
}

func (tc layoutCase) run(t *testing.T) {
	e := newEnv(t, tc.cfg)
	for _, d := range tc.decls {
		head, body, ok := strings.Cut(d, "{")
		if !ok {
			t.Fatalf("bad decl %q", d)
		}
		e.declare(head, strings.TrimSuffix(strings.TrimSpace(body), "}"))
	}
	c := e.calc(tc.opts)
	var sl *StructLayout
	if body, ok := strings.CutPrefix(tc.root, "{"); ok {
		sl = c.Members(e.members(strings.TrimSuffix(body, "}")), tc.rule)
	} else {
		st, ok := e.structs[tc.root]
		if !ok {
			t.Fatalf("no struct %q", tc.root)
		}
		sl = c.Struct(st, tc.rule)
	}
	var got []uint32
	for _, m := range sl.Members {
		got = append(got, m.Offset)
	}
	if !slices.Equal(got, tc.offsets) {
		t.Errorf("offsets under %s:\n got %v\nwant %v", tc.rule, got, tc.offsets)
	}
	if tc.size >= 0 && sl.Size != uint32(tc.size) {
		t.Errorf("size under %s = %d, want %d", tc.rule, sl.Size, tc.size)
	}
	for i, want := range tc.arrays {
		if g := sl.Members[i].Stride; g != want {
			t.Errorf("member %d ArrayStride = %d, want %d", i, g, want)
		}
	}
	for i, m := range sl.Members {
		want, isMat := tc.mats[i]
		if !isMat {
			if m.MatrixStride != 0 {
				t.Errorf("member %d has MatrixStride %d, want none", i, m.MatrixStride)
			}
			continue
		}
		if m.MatrixStride != want {
			t.Errorf("member %d MatrixStride = %d, want %d", i, m.MatrixStride, want)
		}
		if rm, ok := tc.rowMaj[i]; ok && m.SPIRVRowMajor != rm {
			t.Errorf("member %d SPIR-V RowMajor = %v, want %v", i, m.SPIRVRowMajor, rm)
		}
	}
	seen := map[int]bool{}
	for _, d := range c.Diagnostics {
		want, ok := tc.diags[d.Member]
		if !ok || !strings.Contains(d.Msg, want) {
			t.Errorf("unexpected diagnostic on member %d: %s", d.Member, d.Msg)
		}
		seen[d.Member] = true
	}
	for i, want := range tc.diags {
		if !seen[i] {
			t.Errorf("missing diagnostic on member %d: %q", i, want)
		}
	}
	if tc.after != nil {
		tc.after(t, e, c)
	}
}

// The struct of DXC's manual, "Memory layout rules": the same declarations
// under all seven rules. The manual's table gives the offsets; sizes and
// strides follow from the rules.
func TestManualTable(t *testing.T) {
	decls := []string{
		"S { float3 f }",
		`T { float a_float; float3 b_float3; S c_S_float3; float2x3 d_float2x3;
		     row_major float2x3 e_float2x3; int f_int_3[3]; float2 g_float2_2[2] }`,
	}
	for _, tc := range []struct {
		rule             Rule
		offsets          []uint32
		size             int
		dStride, eStride uint32
		fStride, gStride uint32
	}{
		// float3 packs after a float (relaxed), structs and arrays go to 16.
		{VkStd140, []uint32{0, 4, 16, 32, 80, 112, 160}, 192, 16, 16, 16, 16},
		// fxc: matrices and arrays leave their last register open.
		{DXCBuffer, []uint32{0, 4, 16, 32, 80, 112, 160}, 184, 16, 16, 16, 16},
		// strict std140: float3 takes a 16-byte slot of its own.
		{GLStd140, []uint32{0, 16, 32, 48, 96, 128, 176}, 208, 16, 16, 16, 16},
		{Scalar, []uint32{0, 4, 16, 28, 52, 76, 88}, 104, 8, 12, 4, 8},
		// std430: column-major float2x3 is three 8-byte columns.
		{VkStd430, []uint32{0, 4, 16, 32, 64, 96, 112}, 128, 8, 16, 4, 8},
		{DXSBuffer, []uint32{0, 4, 16, 28, 52, 76, 88}, 104, 8, 12, 4, 8},
		{GLStd430, []uint32{0, 16, 32, 48, 80, 112, 128}, 144, 8, 16, 4, 8},
	} {
		t.Run(tc.rule.String(), func(t *testing.T) {
			layoutCase{
				decls: decls, root: "T", rule: tc.rule, offsets: tc.offsets, size: tc.size,
				arrays: map[int]uint32{5: tc.fStride, 6: tc.gStride},
				mats:   map[int]uint32{3: tc.dStride, 4: tc.eStride},
				rowMaj: map[int]bool{3: true, 4: false},
			}.run(t)
		})
	}
}

// layoutCases are the declarations of dxc's layout tests, rewritten; the
// lowering tests reuse them.
func layoutCases() map[string]layoutCase {
	f16 := types.Config{Enable16BitTypes: true}
	return map[string]layoutCase{
		"gl140/nested": {
			pins: "strict std140: structs align to 16 and round their size; arrays of structs stride 16; float3 needs a 16-byte slot",
			decls: []string{
				"R { float2 rf }",
				"S { R sf1; float sf2; float3 sf3; float sf4 }",
				"T { int tf1; R tf2[3]; float3x2 tf3; S tf4; float tf5; row_major int3x2 tf6 }",
			},
			root: "T", rule: GLStd140, offsets: []uint32{0, 16, 64, 96, 144, 160}, size: 208,
			arrays: map[int]uint32{1: 16, 5: 16},
			mats:   map[int]uint32{2: 16}, rowMaj: map[int]bool{2: true},
		},
		"gl140/cbuffer": {
			pins: "std140 block members: uint1 is a scalar, float2x1 a 2-vector, arrays of matrices stride by whole matrices, row_major is ColMajor",
			decls: []string{
				"R { float2 rf }",
				"S { R sf1; float sf2; float3 sf3; float sf4 }",
				"T { int tf1; R tf2[3]; float3x2 tf3; S tf4; float tf5; row_major int3x2 tf6 }",
			},
			root: `{ bool a; uint1 b; float3 c; row_major float2x3 d; column_major float2x3 e; float2x1 f;
			         row_major float2x3 g[3]; column_major float2x2 h[4]; T t; row_major int2x3 y; float z }`,
			rule: GLStd140, offsets: []uint32{0, 4, 16, 32, 64, 112, 128, 224, 352, 560, 592}, size: -1,
			arrays: map[int]uint32{6: 32, 7: 32, 9: 16},
			mats:   map[int]uint32{3: 16, 4: 16, 6: 16, 7: 16},
			rowMaj: map[int]bool{3: false, 4: true, 6: false, 7: true},
		},
		"gl430/sbuffer": {
			pins: "strict std430: struct alignment is the largest member's, no 16-byte rounding of arrays; column-major float2x3 has MatrixStride 8",
			decls: []string{
				"R { float2 rf }",
				"S { R sf1; float sf2; float3 sf3; float sf4 }",
				"T { int tf1; R tf2[3]; float3x2 tf3; row_major int3x2 tf4; S tf5; float tf6 }",
				`SB { bool a; uint1 b; float3 c; row_major float2x3 d; column_major float2x3 e; float2x1 f;
				      row_major float2x3 g[3]; column_major float2x2 h[4]; row_major int2x3 i[5]; T t; float z }`,
			},
			root: "SB", rule: GLStd430, offsets: []uint32{0, 4, 16, 32, 64, 88, 96, 192, 256, 416, 560}, size: 576,
			arrays: map[int]uint32{6: 32, 7: 16, 8: 32},
			mats:   map[int]uint32{3: 16, 4: 8, 6: 16, 7: 8},
			rowMaj: map[int]bool{3: false, 4: true, 6: false, 7: true},
			after: func(t *testing.T, e *env, c *Calculator) {
				if l := c.Struct(e.structs["T"], GLStd430); l.Size != 144 || l.Members[2].MatrixStride != 16 {
					t.Errorf("T: %+v", l)
				}
				if s := c.Of(e.ty("row_major int2x3"), GLStd430).Stride; s != 16 {
					t.Errorf("row_major int2x3 row stride %d, want 16", s)
				}
			},
		},
		"vk140/relaxed-vectors": {
			pins: "vector relaxation: vectors align to their component unless they would cross a 16-byte boundary; float1 is a scalar; arrays still go to 16",
			decls: []string{`S { float f0; float3 f1; float3 f2; float1 f3; float f4; float2 f5; float1 f6;
			                    float2 f7; float2 f8; float2 f9; float3 f10; float f11; float1 f12; float4 f13;
			                    float3 f14; float f15; float1 f16[1]; float3 f17[1]; float3 f18[1]; float f19[1];
			                    float1 f20[2]; float3 f21[2]; float3 f22[2]; float f23[2] }`},
			root: "S", rule: VkStd140,
			offsets: []uint32{0, 4, 16, 28, 32, 36, 44, 48, 56, 64, 80, 92, 96, 112, 128, 140, 144, 160, 176, 192, 208, 240, 272, 304},
			size:    336,
		},
		"vk430/relaxed-vectors": {
			pins: "the same relaxation under std430, where arrays of scalars are tightly packed",
			decls: []string{`S { float f0; float3 f1; float3 f2; float1 f3; float f4; float2 f5; float1 f6;
			                    float2 f7; float2 f8; float2 f9; float3 f10; float f11; float1 f12; float4 f13;
			                    float3 f14; float f15; float1 f16[1]; float3 f17[1]; float3 f18[1]; float f19[1];
			                    float1 f20[2]; float3 f21[2]; float3 f22[2]; float f23[2] }`,
				"T { S s }"},
			root: "S", rule: VkStd430,
			offsets: []uint32{0, 4, 16, 28, 32, 36, 44, 48, 56, 64, 80, 92, 96, 112, 128, 140, 144, 160, 176, 192, 196, 208, 240, 272},
			size:    288,
			after: func(t *testing.T, e *env, c *Calculator) {
				if s := c.ArrayStride(e.structs["T"], VkStd430); s != 288 {
					t.Errorf("StructuredBuffer<T> stride %d, want 288", s)
				}
			},
		},
		"dxcb/struct": {
			pins: "fxc cbuffer packing: doubles and double3 vectors, matrices of 16-byte registers with an open last register, arrays with open last element",
			decls: []string{`S { float scalar1; double scalar2; float3 vector1; float3 vector2; double3 vector3; double3 vector4;
			  float2x3 matrix1; row_major float2x3 matrix2; float3x2 matrix3; row_major float3x2 matrix4;
			  float scalarArray1[1]; double scalarArray2[2]; float3 vectorArray1[1]; float3 vectorArray2[2];
			  double3 vectorArray3[3]; double3 vectorArray4[4]; float2x3 matrixArray1[1];
			  row_major float2x3 matrixArray2[2]; float3x2 matrixArray3[3]; row_major float3x2 matrixArray4[4] }`},
			root: "S", rule: DXCBuffer,
			offsets: []uint32{0, 8, 16, 32, 48, 80, 112, 160, 192, 224, 272, 288, 320, 336, 368, 464, 592, 640, 704, 800},
			size:    984,
			arrays:  map[int]uint32{10: 16, 11: 16, 12: 16, 13: 16, 14: 32, 15: 32, 16: 48, 17: 32, 18: 32, 19: 48},
			mats:    map[int]uint32{6: 16, 7: 16, 8: 16, 9: 16, 16: 16, 17: 16, 18: 16, 19: 16},
			rowMaj:  map[int]bool{6: true, 7: false, 8: true, 9: false, 16: true, 17: false, 18: true, 19: false},
			after: func(t *testing.T, e *env, c *Calculator) {
				if s := c.ArrayStride(e.structs["S"], DXCBuffer); s != 992 {
					t.Errorf("S[2] stride %d, want 992", s)
				}
			},
		},
		"dxcb/cbuffer": {
			pins: "fxc cbuffer members after arrays and matrices reuse their last register",
			decls: []string{`S { float scalar1; double scalar2; float3 vector1; float3 vector2; double3 vector3; double3 vector4;
			  float2x3 matrix1; row_major float2x3 matrix2; float3x2 matrix3; row_major float3x2 matrix4;
			  float scalarArray1[1]; double scalarArray2[2]; float3 vectorArray1[1]; float3 vectorArray2[2];
			  double3 vectorArray3[3]; double3 vectorArray4[4]; float2x3 matrixArray1[1];
			  row_major float2x3 matrixArray2[2]; float3x2 matrixArray3[3]; row_major float3x2 matrixArray4[4] }`},
			root: `{ float a; S b[2]; float c[1]; float3 d[1]; float3 e; float2x3 f[1]; float3 g; double h[2];
			         float2x3 i; double3 j; row_major float2x3 k; row_major float2x3 l[2]; float3x2 m;
			         row_major float3x2 n; float3 o[2]; float3x2 p[3]; double3 q[3]; row_major float3x2 r[4];
			         double3 s; double3 t[4]; double u; float3 v; int w[3]; float3 x }`,
			rule: DXCBuffer,
			offsets: []uint32{0, 16, 2000, 2016, 2032, 2048, 2096, 2112, 2144, 2192, 2224, 2256, 2320, 2352,
				2400, 2432, 2528, 2624, 2816, 2848, 2968, 2976, 2992, 3028},
			size: -1,
			mats: map[int]uint32{5: 16, 8: 16, 10: 16, 11: 16, 12: 16, 13: 16, 15: 16, 17: 16},
		},
		"dxcb/struct-does-not-pad": {
			pins:  "fxc: a struct starts a register but what follows may share its last register",
			decls: []string{"S { float a }", "T { float a; S b; float c; S d }"},
			root:  "T", rule: DXCBuffer, offsets: []uint32{0, 16, 20, 32}, size: 36,
		},
		"dxcb/n-by-m": {
			pins: "fxc: a column-major float2x3 is three registers, the last holding two floats",
			root: "{ float dummy0; float2x3 foo; float end }",
			rule: DXCBuffer, offsets: []uint32{0, 16, 56}, size: -1,
			mats: map[int]uint32{1: 16}, rowMaj: map[int]bool{1: true},
		},
		"dxcb/matrix-arrays": {
			pins: "fxc: float1x3 is three one-float registers (an array, stride 16), not a vector; arrays of it stride 48",
			root: "{ float dummy0; float3x2 foo[7]; float1x3 bar[5]; float end }",
			rule: DXCBuffer, offsets: []uint32{0, 16, 240, 468}, size: -1,
			arrays: map[int]uint32{1: 32, 2: 48}, mats: map[int]uint32{1: 16},
		},
		"dxcb/majorness": {
			pins: "fxc: float1x2 and row_major float3x1 use one register per component; orientation decides which",
			root: "{ float dummy0; float1x2 foo; float2x3 bar[7]; row_major float3x1 zar[5]; float1x3 x[5]; float end }",
			rule: DXCBuffer, offsets: []uint32{0, 16, 48, 384, 624, 852}, size: -1,
			arrays: map[int]uint32{1: 16, 2: 48, 3: 48, 4: 48}, mats: map[int]uint32{2: 16},
		},
		"dxsb/struct": {
			pins: "fxc structured buffers: everything aligned to its component, matrices packed with MatrixStride = vector size",
			decls: []string{`S { float scalar1; double scalar2; float3 vector1; float3 vector2; double3 vector3; double3 vector4;
			  float2x3 matrix1; row_major float2x3 matrix2; float3x2 matrix3; row_major float3x2 matrix4;
			  float scalarArray1[1]; double scalarArray2[2]; float3 vectorArray1[1]; float3 vectorArray2[2];
			  double3 vectorArray3[3]; double3 vectorArray4[4]; float2x3 matrixArray1[1];
			  row_major float2x3 matrixArray2[2]; float3x2 matrixArray3[3]; row_major float3x2 matrixArray4[4] }`,
				`T { float a; S b[2]; float c[1]; float3 d[1]; float3 e; float2x3 f[1]; float3 g; double h[2];
			         float2x3 i; double3 j; row_major float2x3 k; row_major float2x3 l[2]; float3x2 m;
			         row_major float3x2 n; float3 o[2]; float3x2 p[3]; double3 q[3]; row_major float3x2 r[4];
			         double3 s; double3 t[4]; double u }`},
			root: "S", rule: DXSBuffer,
			offsets: []uint32{0, 8, 16, 28, 40, 64, 88, 112, 136, 160, 184, 192, 208, 220, 248, 320, 416, 440, 488, 560},
			size:    656,
			arrays:  map[int]uint32{10: 4, 11: 8, 12: 12, 13: 12, 14: 24, 15: 24, 16: 24, 17: 24, 18: 24, 19: 24},
			mats:    map[int]uint32{6: 8, 7: 12, 8: 12, 9: 8, 16: 8, 17: 12, 18: 12, 19: 8},
			rowMaj:  map[int]bool{6: true, 7: false, 8: true, 9: false, 16: true, 17: false, 18: true, 19: false},
			after: func(t *testing.T, e *env, c *Calculator) {
				l := c.Struct(e.structs["T"], DXSBuffer)
				want := []uint32{0, 8, 1320, 1324, 1336, 1348, 1372, 1384, 1400, 1424, 1448, 1472, 1520, 1544, 1568, 1592, 1664, 1736, 1832, 1856, 1952}
				for i, m := range l.Members {
					if m.Offset != want[i] {
						t.Errorf("T member %d at %d, want %d", i, m.Offset, want[i])
					}
				}
				if l.Size != 1960 || c.ArrayStride(e.structs["T"], DXSBuffer) != 1960 {
					t.Errorf("T size %d, want 1960", l.Size)
				}
			},
		},
		"dxsb/16bit-sizes": {
			pins: "fxc structured buffers round struct sizes to the struct's alignment (doubles make it 8, half with float 4)",
			cfg:  f16, opts: Options{Enable16BitTypes: true},
			decls: []string{
				"A { double d; float3 f }", "B { double d; float f }", "C { double d[2]; float f }",
				"D { double d[2]; float3 f }", "E { float a; half b }", "F { float a; half3 b }", "G { float2 a; half3 b }",
				"Inner { float a; double3 b[2]; half last }", "Outer { half first; Inner second; float last }",
				"Outer1 { Inner first; float last }",
			},
			root: "Outer", rule: DXSBuffer, offsets: []uint32{0, 8, 72}, size: 80,
			after: func(t *testing.T, e *env, c *Calculator) {
				for name, want := range map[string][2]uint32{"A": {8, 24}, "B": {8, 16}, "C": {16, 24}, "D": {16, 32}, "E": {4, 8}, "F": {4, 12}, "G": {8, 16}, "Inner": {56, 64}, "Outer1": {64, 72}} {
					l := c.Struct(e.structs[name], DXSBuffer)
					if l.Members[len(l.Members)-1].Offset != want[0] || c.ArrayStride(e.structs[name], DXSBuffer) != want[1] {
						t.Errorf("%s: last member at %d, stride %d; want %v", name, l.Members[len(l.Members)-1].Offset, c.ArrayStride(e.structs[name], DXSBuffer), want)
					}
				}
			},
		},
		"dxsb/double-matrices": {
			pins: "fxc structured buffers: double3x2 is two packed 24-byte columns, arrays of double2x3 stride 48",
			cfg:  f16, opts: Options{Enable16BitTypes: true},
			decls: []string{"Inner { float a; double2x3 b[2]; double3 c; half last }", "T2 { float first; Inner second; float last }"},
			root:  "Inner", rule: DXSBuffer, offsets: []uint32{0, 8, 104, 128}, size: 136,
			arrays: map[int]uint32{1: 48}, mats: map[int]uint32{1: 16}, rowMaj: map[int]bool{1: true},
			after: func(t *testing.T, e *env, c *Calculator) {
				l := c.Members(e.members("half first; double3x2 second; float last"), DXSBuffer)
				if l.Members[1].Offset != 8 || l.Members[1].MatrixStride != 24 || l.Members[2].Offset != 56 || l.Size != 64 {
					t.Errorf("double3x2 member: %+v", l)
				}
				if l := c.Struct(e.structs["T2"], DXSBuffer); l.Members[2].Offset != 144 || l.Size != 152 {
					t.Errorf("T2: %+v", l)
				}
			},
		},
		"scalar/cbuffer": {
			pins: "scalar layout: everything at its component alignment, struct size rounded to alignment (double makes 8)",
			cfg:  f16, opts: Options{Enable16BitTypes: true},
			decls: []string{
				"R { double rf }",
				"S { R sf1; float sf2; float3 sf3; float sf4 }",
				"T { int tf1; R tf2[3]; float3x2 tf3; S tf4; float16_t tf5; float tf6 }",
			},
			root: `{ bool a; uint1 b; float3 c; row_major float2x3 d; column_major float2x3 e; float2x1 f;
			         row_major float2x3 g[3]; column_major float2x2 h[4]; T t; float z }`,
			rule: Scalar, offsets: []uint32{0, 4, 8, 20, 44, 68, 76, 148, 216, 312}, size: 320,
			arrays: map[int]uint32{6: 24, 7: 16},
			mats:   map[int]uint32{3: 12, 4: 8, 6: 12, 7: 8},
			rowMaj: map[int]bool{3: false, 4: true, 6: false, 7: true},
			after: func(t *testing.T, e *env, c *Calculator) {
				if l := c.Struct(e.structs["S"], Scalar); !slices.Equal(offsetsOf(l), []uint32{0, 8, 12, 24}) || l.Size != 32 {
					t.Errorf("S: %+v", l)
				}
				if l := c.Struct(e.structs["T"], Scalar); !slices.Equal(offsetsOf(l), []uint32{0, 8, 32, 56, 88, 92}) || l.Members[2].MatrixStride != 12 {
					t.Errorf("T: %+v", l)
				}
			},
		},
		"scalar/c-like-size": {
			pins:  "scalar layout rounds struct sizes (uint64_t then int is 16 bytes) so arrays of them keep the uint64_t aligned",
			decls: []string{"Foo { uint64_t a; int b }", "Bar { Foo foo; int c }", "Baz { Foo foo[3]; uint64_t c }"},
			root:  "Baz", rule: Scalar, offsets: []uint32{0, 48}, size: 56, arrays: map[int]uint32{0: 16},
			after: func(t *testing.T, e *env, c *Calculator) {
				if l := c.Struct(e.structs["Bar"], Scalar); l.Members[1].Offset != 16 || l.Size != 24 {
					t.Errorf("Bar: %+v", l)
				}
			},
		},
		"vk140/64bit": {
			pins: "64-bit types under the default cbuffer rule: int64_t3 and double3x2 keep their 32-byte alignment (relaxation only below 8-byte components)",
			root: `{ float f1; uint64_t f2; double f3[3]; float f4; int64_t3 f5; double3x2 f6; double2x1 f7; float f8;
			         row_major double2x3 f9[2]; int64_t2 f10[1] }`,
			rule: VkStd140, offsets: []uint32{0, 8, 16, 64, 96, 128, 192, 208, 224, 352}, size: 384,
			arrays: map[int]uint32{2: 16, 8: 64, 9: 16},
			mats:   map[int]uint32{5: 32, 8: 32}, rowMaj: map[int]bool{5: true, 8: false},
		},
		"vk140/16bit": {
			pins: "16-bit types: uint16_t2 takes 4 bytes, half3x2 has 16-byte columns in a cbuffer",
			cfg:  f16, opts: Options{Enable16BitTypes: true},
			root: "{ uint16_t2 gVal1; int16_t gVal2; half3x2 gVal3 }",
			rule: VkStd140, offsets: []uint32{0, 4, 16}, size: 48,
			mats: map[int]uint32{2: 16}, rowMaj: map[int]bool{2: true},
		},
		"vk430/16bit": {
			pins: "16-bit types under std430: float16_t3x2 has 8-byte columns",
			cfg:  f16, opts: Options{Enable16BitTypes: true},
			decls: []string{"S { float16_t3x2 val1; uint16_t2 val2; int16_t val3 }", "T { S nested; float4 val }"},
			root:  "S", rule: VkStd430, offsets: []uint32{0, 16, 20}, size: 24,
			mats: map[int]uint32{0: 8}, rowMaj: map[int]bool{0: true},
			after: func(t *testing.T, e *env, c *Calculator) {
				if l := c.Struct(e.structs["T"], VkStd430); l.Members[1].Offset != 32 || l.Size != 48 {
					t.Errorf("T: %+v", l)
				}
			},
		},
		"min-precision": {
			pins: "min16float is 4 bytes without -enable-16bit-types, 2 with it",
			root: "{ min16float a; min16float3 b; min12int c }",
			rule: VkStd430, offsets: []uint32{0, 4, 16}, size: 32,
			after: func(t *testing.T, e *env, c *Calculator) {
				c16 := NewCalculator(Options{Enable16BitTypes: true})
				if l := c16.Members(e.members("min16float a; min16float3 b; min12int c"), VkStd430); !slices.Equal(offsetsOf(l), []uint32{0, 2, 8}) {
					t.Errorf("16-bit: %v", offsetsOf(l))
				}
			},
		},
		"vk-offset/dx": {
			pins:  "[[vk::offset]] moves a field and the following ones continue from it, under both fxc rules, nested structs included",
			decls: []string{"S { float a; @32 float2 b; @64 float3 c; float d[2] }", "T { @4 float a; S s; float b }"},
			root:  "T", rule: DXCBuffer, offsets: []uint32{4, 16, 116}, size: -1,
			after: func(t *testing.T, e *env, c *Calculator) {
				if l := c.Struct(e.structs["S"], DXCBuffer); !slices.Equal(offsetsOf(l), []uint32{0, 32, 64, 80}) {
					t.Errorf("S cbuffer: %v", offsetsOf(l))
				}
				if l := c.Struct(e.structs["S"], DXSBuffer); !slices.Equal(offsetsOf(l), []uint32{0, 32, 64, 76}) {
					t.Errorf("S sbuffer: %v", offsetsOf(l))
				}
				if l := c.Struct(e.structs["T"], DXSBuffer); !slices.Equal(offsetsOf(l), []uint32{4, 8, 92}) {
					t.Errorf("T sbuffer: %v", offsetsOf(l))
				}
			},
		},
		"vk-offset/misaligned": {
			pins:  "a misaligned [[vk::offset]] is taken as written, with dxc's warning",
			decls: []string{"S { float a; @6 float2 b }"},
			root:  "S", rule: VkStd430, offsets: []uint32{0, 6}, size: 16,
			diags: map[int]string{1: "should be 8-byte aligned"},
		},
		"packoffset": {
			pins:  "packoffset(cN.c) is N*16 + 4*component, whatever the rule would have said",
			decls: []string{"S { float4 f }"},
			root: `{ float4 data1 : c0; float4 data2 : c2; float data3 : c3.y; float data4 : c3.z; float data5 : c3.w;
			         float4 data6 : c100; float2x3 data7 : c110; S data8 : c150 }`,
			rule: VkStd140, offsets: []uint32{0, 32, 52, 56, 60, 1600, 1760, 2400}, size: -1,
			mats: map[int]uint32{6: 16},
		},
		"packoffset/overlap": {
			pins: "packoffset below the end of the previous member is dxc's overlap error",
			root: "{ float4 data1 : c0; float4 data2 : c2; float data3 : c0; float data4 : c10.z; float data5 : c10.z }",
			rule: VkStd140, offsets: []uint32{0, 32, 0, 168, 168}, size: -1,
			diags: map[int]string{2: "packoffset caused overlap with previous members", 4: "packoffset caused overlap with previous members"},
		},
		"register-c": {
			pins: "$Globals with register(c#): placed variables by register, the others after the highest one, in order",
			root: `{ float x; float y : r0; float z : r2; float w : r1; float2 xy : r9; float3 xyz : r3; float4 xyzw;
			         float4 arr4[3] : r4; float2 arr2[3] : r10; float3 arr3[3]; float s }`,
			rule: DXCBuffer, offsets: []uint32{200, 0, 32, 16, 144, 48, 208, 64, 160, 224, 268}, size: -1,
		},
		"register-c/all": {
			pins: "every $Globals variable placed: 16 bytes per register, gaps kept",
			root: `{ float x : r0; float y : r1; float z : r2; float w : r4; float2 xy : r6; float3 xyz : r9;
			         float4 xyzw : r10; float4 arr4[3] : r12; float2 arr2[3] : r15; float3 arr3[3] : r18; float s : r21 }`,
			rule: DXCBuffer, offsets: []uint32{0, 16, 32, 64, 96, 144, 160, 192, 240, 288, 336}, size: -1,
			arrays: map[int]uint32{7: 16, 8: 16, 9: 16},
		},
		"register-c/overlap": {
			pins: "register(c#) below the end of the register before it is dxc's overlap error",
			root: `{ float x : r0; float y : r1; float z : r2; float w : r3; float2 xy : r4; float3 xyz : r5;
			         float4 xyzw : r6; float4 arr4[3] : r7; float2 arr2[3] : r8; float3 arr3[3] : r9; float s : r10 }`,
			rule: DXCBuffer, offsets: []uint32{0, 16, 32, 48, 64, 80, 96, 112, 128, 144, 160}, size: -1,
			diags: map[int]string{8: "register(c8)", 9: "register(c9)", 10: "register(c10)"},
		},
		"register-c/duplicate": {
			pins: "two variables in one register: dxc reports the earlier one (it meets them last to first)",
			root: "{ float a : r1; float b : r1 }",
			rule: VkStd140, offsets: []uint32{16, 16}, size: -1,
			diags: map[int]string{0: `field "a" at register(c1) overlaps with previous members`},
		},
		"empty-structs": {
			pins:  "empty structs take no room, even under std140",
			decls: []string{"I0 {}", "I1 {}", "O { I0 s0; I1 s1 }"},
			root:  "O", rule: GLStd140, offsets: []uint32{0, 0}, size: 0,
		},
		"derived": {
			pins:  "a base class is an implicit first member",
			decls: []string{"B1 { float4 foo1 }", "B2 : B1 { float4 foo2 }", "D : B2 { float4 foo3; float4 foo4 }"},
			root:  "{ D derivedData; float4x4 MVP }",
			rule:  VkStd140, offsets: []uint32{0, 64}, size: 128,
			mats: map[int]uint32{1: 16},
			after: func(t *testing.T, e *env, c *Calculator) {
				if l := c.Struct(e.structs["D"], VkStd140); !slices.Equal(offsetsOf(l), []uint32{0, 32, 48}) {
					t.Errorf("D: %v", offsetsOf(l))
				}
			},
		},
		"derived/empty": {
			pins:  "a derived struct adding nothing has its base's size",
			decls: []string{"Base { float4 arr[4] }", "Derived : Base {}"},
			root:  "Derived", rule: VkStd430, offsets: []uint32{0}, size: 64,
		},
		"bool": {
			pins:  "bool is a 4-byte uint in buffers; bool matrices are arrays of row vectors",
			decls: []string{"T { bool boolArray[1] }", "F { bool boolScalar; bool3 boolVec; row_major bool2x3 boolMat; T t }"},
			root:  "F", rule: VkStd140, offsets: []uint32{0, 4, 16, 48}, size: 64,
			arrays: map[int]uint32{2: 16},
		},
		"zpr": {
			pins: "-Zpr makes undecorated matrices HLSL row-major: SPIR-V ColMajor",
			opts: Options{DefaultRowMajor: true},
			root: "{ row_major float2x3 m1[5]; column_major float2x3 m2[5]; float2x3 m3[5] }",
			rule: VkStd140, offsets: []uint32{0, 160, 400}, size: 560,
			arrays: map[int]uint32{0: 32, 1: 48, 2: 32},
			mats:   map[int]uint32{0: 16, 1: 16, 2: 16}, rowMaj: map[int]bool{0: false, 1: true, 2: false},
		},
		"dxcb/double-matrix": {
			pins: "fxc: a double3x2's columns are 32 bytes apart, so it spans 56 bytes (dxc says 40 and overlaps the next member; we do not)",
			root: "{ double3x2 m; float f; double2x2 n; float g }",
			rule: DXCBuffer, offsets: []uint32{0, 56, 64, 96}, size: -1,
			mats: map[int]uint32{0: 32, 2: 16},
		},
		"vk/relaxed-after-struct": {
			pins:  "relaxed rules: a uint2 packs into the register after an int, following a struct; same under std140 and std430",
			decls: []string{"S { float4 f1; float3 f2 }"},
			root:  "{ bool a; S s; int b; uint2 c; float3x4 d; float t[4] }",
			rule:  VkStd140, offsets: []uint32{0, 16, 48, 52, 64, 128}, size: -1,
			mats: map[int]uint32{4: 16}, arrays: map[int]uint32{5: 16},
			after: func(t *testing.T, e *env, c *Calculator) {
				l := c.Members(e.members("bool a; S s; int b; uint2 c; float3x4 d; float t[4]"), VkStd430)
				if !slices.Equal(offsetsOf(l), []uint32{0, 16, 48, 52, 64, 128}) {
					t.Errorf("std430: %v", offsetsOf(l))
				}
			},
		},
		"dxcb/1xN-in-struct": {
			pins:  "fxc: float1x1 is a scalar, float1x2 two registers; the struct is 40 bytes and the next member shares its last register",
			decls: []string{"layout { float1x1 dummy0; float1x2 foo; float end }"},
			root:  "{ float dummy0; layout bar; float end }",
			rule:  DXCBuffer, offsets: []uint32{0, 16, 56}, size: -1,
			// Under std430, layout (aligned to 8) lands at 8 and its float2 at 12.
			straddle: []Rule{VkStd430},
			after: func(t *testing.T, e *env, c *Calculator) {
				if l := c.Struct(e.structs["layout"], DXCBuffer); !slices.Equal(offsetsOf(l), []uint32{0, 16, 36}) || l.Size != 40 || l.Members[1].Stride != 16 {
					t.Errorf("layout: %+v", l)
				}
			},
		},
		"dxcb/16bit": {
			pins: "fxc with 16-bit types: half3 moves to the next register rather than straddle; float2 may follow a half in the same register",
			cfg:  f16, opts: Options{Enable16BitTypes: true},
			root: "{ float16_t a; float b[1]; float16_t c; float d; float16_t3 e; double f; float16_t g; float2 h; float2 i; float end }",
			rule: DXCBuffer, offsets: []uint32{0, 16, 20, 24, 32, 40, 48, 52, 64, 72}, size: 76,
			arrays: map[int]uint32{1: 16},
		},
		"bitfields": {
			pins: "HLSL 2021 bitfields: consecutive ones of one type share a member while their bits fit; every struct here is one register in a cbuffer",
			decls: []string{
				"S1 { uint f1 : 1 }", "S2 { uint f2 : 1; uint f1 : 1 }", "S3 { uint f2 : 1; uint f1 : 31 }",
				"S4 { uint f2 : 31; uint f1 : 1 }", "S5 { uint f1 : 30; uint f2 : 3 }", "S6 { uint f2 : 1; int f1 : 1 }",
				"S7 { uint f1; uint f2 : 1; uint f3 : 1; uint f4 }", "S8 { uint f1 : 1; uint f2 : 1; uint f3 }",
				"S9 { uint f1; uint f2 : 1; uint f3 : 1 }", "S10 { uint f2 : 1; int f1 : 1; uint f3 : 1; int f4 : 1 }",
				"S11 { uint f1; uint f2 : 1 }", "S12 { uint f2 : 1; uint f1 }", "S13 { uint f1 : 1; float4 f2 }",
				"S14 { uint f1 : 1; uint f2 : 3; uint f3 : 8 }",
			},
			root: `{ S1 s1; S2 s2; S3 s3; S4 s4; S5 s5; S6 s6; S7 s7; S8 s8; S9 s9; S10 s10; S11 s11; S12 s12; S13 s13; S14 s14 }`,
			rule: VkStd140, offsets: []uint32{0, 16, 32, 48, 64, 80, 96, 112, 128, 144, 160, 176, 192, 224}, size: -1,
			after: func(t *testing.T, e *env, c *Calculator) {
				for name, want := range map[string][][3]uint32{ // per field: SPIR-V member, its offset, bit offset
					"S1": {{0, 0, 0}}, "S2": {{0, 0, 0}, {0, 0, 1}}, "S3": {{0, 0, 0}, {0, 0, 1}},
					"S4": {{0, 0, 0}, {0, 0, 31}}, "S5": {{0, 0, 0}, {1, 4, 0}}, "S6": {{0, 0, 0}, {1, 4, 0}},
					"S7": {{0, 0, 0}, {1, 4, 0}, {1, 4, 1}, {2, 8, 0}}, "S8": {{0, 0, 0}, {0, 0, 1}, {1, 4, 0}},
					"S9": {{0, 0, 0}, {1, 4, 0}, {1, 4, 1}}, "S10": {{0, 0, 0}, {1, 4, 0}, {2, 8, 0}, {3, 12, 0}},
					"S11": {{0, 0, 0}, {1, 4, 0}}, "S12": {{0, 0, 0}, {1, 4, 0}}, "S13": {{0, 0, 0}, {1, 16, 0}},
					"S14": {{0, 0, 0}, {0, 0, 1}, {0, 0, 4}},
				} {
					l := c.Struct(e.structs[name], VkStd140)
					for i, w := range want {
						m := l.Members[i]
						if m.Index != w[0] || m.Offset != w[1] || m.BitOffset != w[2] {
							t.Errorf("%s field %d: member %d offset %d bit %d; want %v", name, i, m.Index, m.Offset, m.BitOffset, w)
						}
						if got := c.MemberIndex(e.structs[name], i); got != w[0] {
							t.Errorf("%s field %d: MemberIndex %d, want %d", name, i, got, w[0])
						}
					}
				}
			},
		},
		"nested-matrix-arrays": {
			pins: "arrays of arrays of matrices still carry MatrixStride (dxc omits it and fails spirv-val)",
			root: "{ float2x3 m[2][3] }",
			rule: VkStd430, offsets: []uint32{0}, size: 144,
			arrays: map[int]uint32{0: 72}, mats: map[int]uint32{0: 8},
		},
	}
}

func TestLayoutCases(t *testing.T) {
	cases := layoutCases()
	names := make([]string, 0, len(cases))
	for n := range cases {
		names = append(names, n)
	}
	slices.Sort(names)
	for _, n := range names {
		t.Run(n, cases[n].run)
	}
}

func offsetsOf(l *StructLayout) []uint32 {
	var o []uint32
	for _, m := range l.Members {
		o = append(o, m.Offset)
	}
	return o
}

func TestRulesFor(t *testing.T) {
	for _, tc := range []struct {
		f    Flags
		want Rules
	}{
		{Flags{}, Rules{VkStd140, VkStd430, VkStd430, VkStd430}},
		{Flags{UseGLLayout: true}, Rules{GLStd140, GLStd430, GLStd430, GLStd430}},
		{Flags{UseDXLayout: true}, Rules{DXCBuffer, DXCBuffer, DXSBuffer, DXSBuffer}},
		{Flags{UseScalarLayout: true}, Rules{Scalar, Scalar, Scalar, Scalar}},
		{Flags{UseDXLayout: true, UseGLLayout: true, UseScalarLayout: true}, Rules{DXCBuffer, DXCBuffer, DXSBuffer, DXSBuffer}},
		{Flags{UseGLLayout: true, UseScalarLayout: true}, Rules{GLStd140, GLStd430, GLStd430, GLStd430}},
	} {
		if got := RulesFor(tc.f); got != tc.want {
			t.Errorf("RulesFor(%+v) = %+v, want %+v", tc.f, got, tc.want)
		}
	}
	if Void.HasLayout() || !Scalar.HasLayout() || Rule(200).HasLayout() {
		t.Error("HasLayout")
	}
	if fmt.Sprint(DXSBuffer) != "dx-sbuffer" || fmt.Sprint(Rule(99)) != "Rule(99)" {
		t.Error("String")
	}
}

func TestScalarSizes(t *testing.T) {
	c, c16 := NewCalculator(Options{}), NewCalculator(Options{Enable16BitTypes: true})
	for _, tc := range []struct {
		s         types.Scalar
		size, s16 uint32
	}{
		{types.Bool, 4, 4}, {types.Int, 4, 4}, {types.HalfPP, 4, 4}, {types.Float16, 2, 2},
		{types.Int16, 2, 2}, {types.Uint16, 2, 2}, {types.Double, 8, 8}, {types.Int64, 8, 8},
		{types.Uint64, 8, 8}, {types.Min16Float, 4, 2}, {types.Min10Float, 4, 2}, {types.Min12Int, 4, 2},
		{types.Min16Int, 4, 2}, {types.Min16Uint, 4, 2}, {types.Uint8_4Packed, 4, 4}, {types.LiteralFloat, 4, 4},
	} {
		if g, g16 := c.ScalarSize(tc.s), c16.ScalarSize(tc.s); g != tc.size || g16 != tc.s16 {
			t.Errorf("%s: %d/%d, want %d/%d", tc.s, g, g16, tc.size, tc.s16)
		}
	}
	u := types.NewUniverse(types.Config{})
	e := u.NewEnum("E", types.Uint16, false)
	if l := c.Of(e, VkStd430); l.Size != 4 || l.Align != 4 {
		t.Errorf("enum: %+v, want 4 bytes like dxc's int", l)
	}
}

func TestNonFloatColumnMajor(t *testing.T) {
	e := newEnv(t, types.Config{})
	e.declare("A", "uint2x3 a")
	e.declare("B", "A a[7]")
	e.declare("C", "row_major int2x3 a; float2x3 b; int1x3 c")
	c, zpr := NewCalculator(Options{}), NewCalculator(Options{DefaultRowMajor: true})
	for _, tc := range []struct {
		ty       string
		def, zpr bool
	}{
		{"int2x3", true, false}, {"row_major int2x3", false, false}, {"column_major int2x3", true, true},
		{"B", true, false}, {"C", false, false}, {"int2x3[2][3]", true, false}, {"float2x3", false, false},
	} {
		ty := e.ty(tc.ty)
		if g := c.HasNonFloatColumnMajorMatrix(ty); g != tc.def {
			t.Errorf("%s: %v, want %v", tc.ty, g, tc.def)
		}
		if g := zpr.HasNonFloatColumnMajorMatrix(ty); g != tc.zpr {
			t.Errorf("%s with -Zpr: %v, want %v", tc.ty, g, tc.zpr)
		}
	}
}

// The example of the package documentation.
func TestDocExample(t *testing.T) {
	e := newEnv(t, types.Config{})
	s := e.declare("S", "float a; float3 b; float2x3 m; float c[2]")
	c := e.calc(Options{})
	for r, want := range map[Rule][]uint32{
		GLStd140: {0, 16, 32, 80}, VkStd140: {0, 4, 16, 64}, GLStd430: {0, 16, 32, 56}, VkStd430: {0, 4, 16, 40},
		DXCBuffer: {0, 4, 16, 64}, DXSBuffer: {0, 4, 16, 40}, Scalar: {0, 4, 16, 40},
	} {
		if got := offsetsOf(c.Struct(s, r)); !slices.Equal(got, want) {
			t.Errorf("%s: %v, want %v", r, got, want)
		}
	}
	if l := c.Struct(s, DXCBuffer).Members[3]; l.Size != 20 {
		t.Errorf("dx-cbuffer float[2] is %d bytes, want 20", l.Size)
	}
}

func TestZeroCalculator(t *testing.T) {
	var c Calculator
	e := newEnv(t, types.Config{})
	s := e.declare("S", "float a; float3 b")
	if l := c.Struct(s, VkStd140); l.Size != 16 || l.Members[1].Offset != 4 {
		t.Errorf("zero Calculator: %+v", l)
	}
	// A struct that contains itself (only malformed input can build one)
	// terminates.
	self := e.declare("Self", "float a")
	self.Named().Fields = append(self.Named().Fields, types.Field{Name: "me", Type: self})
	if l := c.Struct(self, VkStd430); len(l.Members) != 2 {
		t.Errorf("self-containing struct: %+v", l)
	}
	var low Lowerer
	low.B, low.Calc = builder.New(spv.Version1_0), &c
	if _, err := low.Type(self, Void); err == nil || !strings.Contains(err.Error(), "contains itself") {
		t.Errorf("lowering a self-containing struct: %v", err)
	}
	if id, err := low.Type(s, VkStd140); err != nil || id == 0 {
		t.Errorf("zero Lowerer: %v", err)
	}
}
