package types

import "testing"

func TestCombineScalars(t *testing.T) {
	tests := []struct {
		a, b, want Scalar
	}{
		{Int, Float, Float},
		{Int, Uint, Uint},
		{Int, LiteralInt, Int},
		{LiteralInt, LiteralFloat, LiteralFloat},
		{LiteralInt, LiteralInt, LiteralInt},
		{HalfPP, Float, Float},
		{HalfPP, LiteralFloat, HalfPP},
		{HalfPP, Int, Float}, // DXC: the partial-precision flag is lost on the one-sided float path
		{Min16Float, Float, Float},
		{Min16Float, LiteralFloat, Min16Float},
		{Min16Float, Int, Min16Float},
		{Min16Int, Int, Int},
		{Min16Uint, Min16Int, Min16Uint},
		{Min10Float, Min16Float, Min16Float},
		{Float16, Min16Float, Float16},
		{Bool, Int, Int},
		{Bool, Float, Float},
		{Bool, Bool, Bool},
		{Bool, LiteralInt, Int},
		{Double, Int64, Double},
		{Int16, Int, Int},
		{Uint16, Int, Uint}, // unsigned wins at the wider width, as in DXC
		{LiteralInt, Uint16, Uint16},
		{LiteralFloat, Float16, Float16},
		{LiteralFloat, Int, Float},
		{Int64, Uint, Uint64},
		{Min12Int, Min16Int, Min16Int},
		{Double, Float, Double},
	}
	for _, tc := range tests {
		for _, swap := range []bool{false, true} {
			a, b := tc.a, tc.b
			if swap {
				a, b = b, a
			}
			got, ok := CombineScalars(a, b)
			if !ok || got != tc.want {
				t.Errorf("CombineScalars(%v, %v) = %v, %v; want %v", a, b, got, ok, tc.want)
			}
		}
	}
	if _, ok := CombineScalars(NoScalar, Int); ok {
		t.Error("combining an invalid kind succeeded")
	}
}

func TestConvert(t *testing.T) {
	u := NewUniverse(Config{})
	s := u.NewStruct("S", false)
	s.Named().Fields = []Field{{Name: "a", Type: Vec(Float, 2)}, {Name: "b", Type: ScalarType(Int)}}
	s2 := u.NewStruct("S2", false)
	s2.Named().Fields = []Field{{Name: "x", Type: u.Array(ScalarType(Float), 2)}, {Name: "y", Type: ScalarType(Int)}}
	derived := u.NewStruct("D", false)
	derived.Named().Base = s
	derived.Named().Fields = []Field{{Name: "c", Type: ScalarType(Float)}}
	tex := u.NewObject(Texture2D, nil, 0)
	type want struct {
		ok    bool
		shape ShapeConv
		comp  CompConv
		trunc bool
	}
	tests := []struct {
		from, to *Type
		explicit bool
		want     want
	}{
		{ScalarType(Float), ScalarType(Float), false, want{true, ShapeIdentity, CompIdentity, false}},
		{Vec(Float, 4), Vec(Float, 3), false, want{true, ShapeTruncation, CompIdentity, true}},
		{ScalarType(Float), Vec(Float, 4), false, want{true, ShapeSplat, CompIdentity, false}},
		{Vec(Float, 3), Vec(Float, 4), false, want{false, 0, 0, false}},
		{Vec(Float, 1), Vec(Float, 4), false, want{true, ShapeSplat, CompIdentity, false}},
		{Vec(Float, 4), ScalarType(Float), false, want{true, ShapeTruncation, CompIdentity, true}},
		{Vec(Float, 1), ScalarType(Int), false, want{true, ShapeToScalar, CompFloatIntegral, false}},
		{Vec(Float, 4), Mat(Float, 2, 2), false, want{true, ShapeReshape, CompIdentity, false}},
		{Mat(Float, 2, 2), Vec(Float, 4), false, want{true, ShapeReshape, CompIdentity, false}},
		{Mat(Float, 1, 4), Vec(Float, 3), false, want{true, ShapeTruncation, CompIdentity, true}},
		{Mat(Float, 3, 3), Vec(Float, 4), false, want{false, 0, 0, false}},
		{Mat(Float, 4, 4), Mat(Float, 3, 3), false, want{true, ShapeTruncation, CompIdentity, true}},
		{Mat(Float, 3, 3), Mat(Float, 4, 4), false, want{false, 0, 0, false}},
		{Mat(Float, 2, 3), Mat(Float, 3, 2), false, want{false, 0, 0, false}},
		{Vec(Int, 3), Vec(Float, 3), false, want{true, ShapeIdentity, CompFloatIntegral, false}},
		{ScalarType(Int), ScalarType(Bool), false, want{true, ShapeIdentity, CompBoolean, false}},
		{ScalarType(Bool), ScalarType(Float), false, want{true, ShapeIdentity, CompFloatIntegral, false}},
		{ScalarType(Int), ScalarType(Int64), false, want{true, ShapeIdentity, CompIntPromotion, false}},
		{ScalarType(Int64), ScalarType(Int), false, want{true, ShapeIdentity, CompIntConversion, false}},
		{ScalarType(Double), ScalarType(Float), false, want{true, ShapeIdentity, CompFloatConversion, false}},
		{ScalarType(Float), ScalarType(Double), false, want{true, ShapeIdentity, CompFloatPromotion, false}},
		{ScalarType(LiteralFloat), ScalarType(HalfPP), false, want{true, ShapeIdentity, CompFloatPromotion, false}},
		{s, s2, false, want{true, ShapeFlat, CompIdentity, false}},
		{ScalarType(Float), s, false, want{false, 0, 0, false}},
		{ScalarType(Float), s, true, want{true, ShapeFlat, CompIdentity, false}},
		{derived, s, false, want{true, ShapeDerivedToBase, CompIdentity, false}},
		{s, derived, false, want{false, 0, 0, false}},
		{tex, tex, false, want{true, ShapeIdentity, CompIdentity, false}},
		{tex, u.NewObject(Texture2D, Vec(Float, 2), 0), false, want{false, 0, 0, false}},
		{tex, ScalarType(Float), true, want{false, 0, 0, false}},
		{u.Array(ScalarType(Int), 4), u.Array(ScalarType(Int), 4), false, want{true, ShapeIdentity, CompIdentity, false}},
		{u.Array(ScalarType(Int), 4), Vec(Int, 4), false, want{false, 0, 0, false}},
		{u.Array(ScalarType(Int), 4), Vec(Int, 4), true, want{true, ShapeFlat, CompIdentity, false}},
		{u.Array(ScalarType(Int), 4), u.Array(ScalarType(Float), 4), false, want{false, 0, 0, false}},
		{VoidType(), ScalarType(Int), true, want{false, 0, 0, false}},
	}
	for _, tc := range tests {
		c, ok := Convert(tc.from, tc.to, kindOf(tc.explicit))
		got := want{ok, c.Shape, c.Comp, c.Truncates}
		if !ok {
			got = want{}
		}
		if got != tc.want {
			t.Errorf("Convert(%s -> %s, explicit=%v) = %+v, want %+v", tc.from, tc.to, tc.explicit, got, tc.want)
		}
	}
	// Enums: to an enum only by cast; from an unscoped enum implicitly.
	e := u.NewEnum("E", Int, false)
	ec := u.NewEnum("EC", Int, true)
	for _, tc := range []struct {
		from, to *Type
		explicit bool
		ok       bool
	}{
		{e, ScalarType(Int), false, true},
		{e, ScalarType(Float), false, true},
		{ScalarType(Int), e, false, false},
		{ScalarType(Int), e, true, true},
		{ec, ScalarType(Int), false, false},
		{ec, ScalarType(Int), true, true},
	} {
		if _, ok := Convert(tc.from, tc.to, kindOf(tc.explicit)); ok != tc.ok {
			t.Errorf("Convert(%s -> %s, explicit=%v) ok=%v", tc.from, tc.to, tc.explicit, ok)
		}
	}
}

func TestScoreOrdering(t *testing.T) {
	f, i, u32 := ScalarType(Float), ScalarType(Int), ScalarType(Uint)
	// Each row: for argument arg, the parameters in strictly increasing score order.
	tests := []struct {
		arg    *Type
		params []*Type
	}{
		{i, []*Type{i, u32, f}},                                             // exact < sign swap < conversion
		{f, []*Type{f, ScalarType(Double), ScalarType(Int)}},                // exact < promotion < conversion
		{f, []*Type{f, Vec(Float, 4), Vec(Int, 4)}},                         // splat is the cheapest penalty
		{Vec(Float, 4), []*Type{Vec(Float, 4), Vec(Int, 4), Vec(Float, 3)}}, // truncation is the dearest
		{ScalarType(Min16Float), []*Type{ScalarType(Min16Float), ScalarType(Float), ScalarType(Int), ScalarType(HalfPP)}},
		{ScalarType(Int16), []*Type{ScalarType(Int16), ScalarType(Int), ScalarType(Float)}},
	}
	for _, tc := range tests {
		prev := uint64(0)
		for k, p := range tc.params {
			s := Score(tc.arg, p)
			if k == 0 && s != 0 {
				t.Errorf("Score(%s, %s) = %d, want 0", tc.arg, p, s)
			}
			if k > 0 && s <= prev {
				t.Errorf("Score(%s, %s) = %#x not above Score(%s, %s) = %#x", tc.arg, p, s, tc.arg, tc.params[k-1], prev)
			}
			prev = s
		}
	}
	// Literals take any sized kind of their class for free.
	for _, p := range []*Type{i, u32, ScalarType(Int64), ScalarType(Uint16)} {
		if s := Score(ScalarType(LiteralInt), p); s != 0 {
			t.Errorf("Score(literal int, %s) = %#x, want 0", p, s)
		}
	}
	for _, p := range []*Type{f, ScalarType(Double), ScalarType(HalfPP), ScalarType(Float16)} {
		if s := Score(ScalarType(LiteralFloat), p); s != 0 {
			t.Errorf("Score(literal float, %s) = %#x, want 0", p, s)
		}
	}
	if Score(ScalarType(LiteralInt), f) == 0 {
		t.Error("literal int to float must cost a conversion")
	}
	// Penalties are additive over arguments and don't carry into each other.
	if penalty(penaltyTruncation) <= 127*penalty(penaltyArgCast) {
		t.Error("penalty fields overlap")
	}
}

func TestBinaryTypes(t *testing.T) {
	f, i := ScalarType(Float), ScalarType(Int)
	arith := BinaryOp{Class: OpArithmetic}
	tests := []struct {
		name    string
		op      BinaryOp
		l, r    *Type
		operand *Type
		result  *Type
		problem BinaryProblem
		trunc   bool
	}{
		{"int3+float", arith, Vec(Int, 3), f, Vec(Float, 3), Vec(Float, 3), BinaryOK, false},
		{"float+int3", arith, f, Vec(Int, 3), Vec(Float, 3), Vec(Float, 3), BinaryOK, false},
		{"float4+float3", arith, Vec(Float, 4), Vec(Float, 3), Vec(Float, 3), Vec(Float, 3), BinaryOK, true},
		{"float2x2+float4", arith, Mat(Float, 2, 2), Vec(Float, 4), Mat(Float, 2, 2), Mat(Float, 2, 2), BinaryOK, false},
		{"float4+float2x2", arith, Vec(Float, 4), Mat(Float, 2, 2), Vec(Float, 4), Vec(Float, 4), BinaryOK, false},
		{"float3x3+float4x4", arith, Mat(Float, 3, 3), Mat(Float, 4, 4), Mat(Float, 3, 3), Mat(Float, 3, 3), BinaryOK, true},
		{"float2x3+float3x2", arith, Mat(Float, 2, 3), Mat(Float, 3, 2), nil, nil, BinaryShapeMismatch, false},
		{"int<float", BinaryOp{Class: OpComparison}, i, f, f, ScalarType(Bool), BinaryOK, false},
		{"int3==uint3", BinaryOp{Class: OpComparison}, Vec(Int, 3), Vec(Uint, 3), Vec(Uint, 3), Vec(Bool, 3), BinaryOK, false},
		{"bool+bool", arith, ScalarType(Bool), ScalarType(Bool), i, i, BinaryOK, false},
		{"lit<<uint", BinaryOp{Class: OpShift}, ScalarType(LiteralInt), ScalarType(Uint), ScalarType(Uint), ScalarType(Uint), BinaryOK, false},
		{"uint<<int", BinaryOp{Class: OpShift}, ScalarType(Uint), i, ScalarType(Uint), ScalarType(Uint), BinaryOK, false},
		{"float&int", BinaryOp{Class: OpBitwise}, f, i, nil, nil, BinaryIntRequired, false},
		{"int<<float", BinaryOp{Class: OpShift}, i, f, nil, nil, BinaryIntRequired, false},
		{"min16int/min16int", BinaryOp{Class: OpArithmetic, DivOrRem: true}, ScalarType(Min16Int), ScalarType(Min16Int), ScalarType(Min16Int), ScalarType(Min16Int), BinaryMinIntDivision, false},
		{"double%double", BinaryOp{Class: OpArithmetic, DivOrRem: true, Rem: true}, ScalarType(Double), ScalarType(Double), ScalarType(Double), ScalarType(Double), BinaryDoubleModulo, false},
		{"float2&&float2 (2021)", BinaryOp{Class: OpLogical, HLSL2021: true}, Vec(Float, 2), Vec(Float, 2), nil, nil, BinaryLogicalScalar, false},
		{"float2&&float2 (2018)", BinaryOp{Class: OpLogical}, Vec(Float, 2), Vec(Float, 2), Vec(Bool, 2), Vec(Bool, 2), BinaryOK, false},
		{"lit+lit", arith, ScalarType(LiteralInt), ScalarType(LiteralFloat), ScalarType(LiteralFloat), ScalarType(LiteralFloat), BinaryOK, false},
		{"min16float+lit", arith, ScalarType(Min16Float), ScalarType(LiteralFloat), ScalarType(Min16Float), ScalarType(Min16Float), BinaryOK, false},
		{"min16float4x4*lit", arith, Mat(Min16Float, 4, 4), ScalarType(LiteralFloat), Mat(Min16Float, 4, 4), Mat(Min16Float, 4, 4), BinaryOK, false},
		{"min16float*float", arith, ScalarType(Min16Float), f, f, f, BinaryOK, false},
		{"lit<<min16uint", BinaryOp{Class: OpShift}, ScalarType(LiteralInt), ScalarType(Min16Uint), i, i, BinaryOK, false},
		{"uint64*litfloat", arith, ScalarType(Uint64), ScalarType(LiteralFloat), f, f, BinaryOK, false},
	}
	for _, tc := range tests {
		got := BinaryTypes(tc.op, tc.l, tc.r)
		if got.Problem != tc.problem {
			t.Errorf("%s: problem %v, want %v", tc.name, got.Problem, tc.problem)
			continue
		}
		if tc.operand == nil {
			continue
		}
		if got.Operand != tc.operand || got.Result != tc.result || got.Truncate != tc.trunc {
			t.Errorf("%s: operand %s result %s trunc %v; want %s %s %v", tc.name, got.Operand, got.Result, got.Truncate, tc.operand, tc.result, tc.trunc)
		}
	}
	if r := BinaryTypes(BinaryOp{Class: OpShift}, ScalarType(LiteralInt), i); !r.AmbiguousLiteralShift {
		t.Error("1 << int must warn about the ambiguous literal shift")
	}
}

func kindOf(explicit bool) ConvKind {
	if explicit {
		return Explicit
	}
	return ImplicitLegacy
}

// TestConvertStrictUDT pins HLSL 2021's rule: distinct named structs (and
// structs vs arrays) no longer convert implicitly; derived-to-base, the
// same struct and anonymous targets still do, and casts are unchanged.
func TestConvertStrictUDT(t *testing.T) {
	u := NewUniverse(Config{})
	mk := func(name string, n int) *Type {
		s := u.NewStruct(name, false)
		for i := 0; i < n; i++ {
			s.Named().Fields = append(s.Named().Fields, Field{Name: string(rune('a' + i)), Type: ScalarType(Int)})
		}
		return s
	}
	s2, like, anon := mk("S2", 2), mk("Like_S2", 2), mk("", 2)
	derived := u.NewStruct("D", false)
	derived.Named().Base = s2
	derived.Named().Fields = []Field{{Name: "c", Type: ScalarType(Int)}}
	a2 := u.Array(ScalarType(Int), 2)
	tests := []struct {
		from, to *Type
		kind     ConvKind
		ok       bool
	}{
		{s2, like, ImplicitLegacy, true},
		{s2, like, Implicit, false},
		{s2, like, Explicit, true},
		{a2, s2, Implicit, false},
		{s2, a2, Implicit, false},
		{a2, s2, ImplicitLegacy, true},
		{s2, anon, Implicit, true},
		{s2, s2, Implicit, true},
		{u.NewAlias("TD_S2", s2), s2, Implicit, true},
		{derived, s2, Implicit, true},
		{a2, u.Array(ScalarType(Int), 2), Implicit, true},
	}
	for _, tc := range tests {
		if _, ok := Convert(tc.from, tc.to, tc.kind); ok != tc.ok {
			t.Errorf("Convert(%s -> %s, %d) = %v", tc.from, tc.to, tc.kind, ok)
		}
	}
}

func TestUnaryTypes(t *testing.T) {
	u := NewUniverse(Config{})
	e := u.NewEnum("E", Uint, false)
	tests := []struct {
		op      UnaryOp
		x       *Type
		want    *Type
		problem UnaryProblem
	}{
		{UnaryMinus, Vec(Float, 3), Vec(Float, 3), UnaryOK},
		{UnaryMinus, ScalarType(Bool), ScalarType(Int), UnaryOK},
		{UnaryPlus, Vec(Bool, 2), Vec(Int, 2), UnaryOK},
		{UnaryMinus, ScalarType(Uint), ScalarType(Uint), UnaryOK},
		{UnaryBitNot, Vec(Uint, 4), Vec(Uint, 4), UnaryOK},
		{UnaryBitNot, ScalarType(Bool), ScalarType(Int), UnaryOK},
		{UnaryBitNot, ScalarType(Float), nil, UnaryIntRequired},
		{UnaryLogNot, Vec(Float, 3), Vec(Bool, 3), UnaryOK},
		{UnaryLogNot, Mat(Int, 2, 2), Mat(Bool, 2, 2), UnaryOK},
		{UnaryLogNot, e, ScalarType(Bool), UnaryOK},
		{UnaryMinus, e, ScalarType(Uint), UnaryOK},
		{UnaryIncDec, ScalarType(Int), ScalarType(Int), UnaryOK},
		{UnaryIncDec, ScalarType(Bool), nil, UnaryBoolLvalue},
		{UnaryIncDec, e, nil, UnaryEnumIncDec},
		{UnaryMinus, u.NewStruct("S", false), nil, UnaryNotNumeric},
	}
	for _, tc := range tests {
		got, p := UnaryTypes(tc.op, tc.x)
		if p != tc.problem || p == UnaryOK && got != tc.want {
			t.Errorf("op %d on %s: %v %v, want %v %v", tc.op, tc.x, got, p, tc.want, tc.problem)
		}
	}
}

func TestConditionalTypes(t *testing.T) {
	u := NewUniverse(Config{})
	b, f, i := ScalarType(Bool), ScalarType(Float), ScalarType(Int)
	tex := u.NewObject(Texture2D, nil, 0)
	tests := []struct {
		cond, l, r *Type
		v2021      bool
		want       string // type or error text
	}{
		{b, f, i, true, "float"},
		{b, Vec(Float, 3), f, true, "float3"},
		{b, Vec(Int, 4), Vec(Float, 2), true, "float2"},
		{Vec(Bool, 3), f, i, true, "condition for short-circuiting ternary operator must be scalar, for non-scalar types use 'select'"},
		{Vec(Bool, 3), f, i, false, "float3"}, // scalar result takes the condition's shape
		{Vec(Bool, 3), Vec(Float, 3), Vec(Float, 3), false, "float3"},
		{Vec(Bool, 2), Vec(Float, 3), Vec(Float, 3), false, "conditional operator condition and result dimensions mismatch."},
		{Mat(Bool, 2, 2), f, f, false, "float2x2"},
		{b, Mat(Float, 2, 3), Mat(Float, 3, 2), true, "conditional operator result dimensions mismatch."},
		{b, tex, tex, true, "Texture2D<float4>"},
		{b, tex, f, true, "conditional operator only supports results with numeric scalar, vector, or matrix types."},
		{tex, f, f, true, "conditional operator only supports condition with scalar, vector, or matrix types convertible to bool."},
		{i, ScalarType(LiteralInt), ScalarType(LiteralFloat), true, "literal float"},
	}
	for _, tc := range tests {
		got, err := ConditionalTypes(tc.cond, tc.l, tc.r, tc.v2021)
		s := ""
		if err != nil {
			s = err.Error()
		} else {
			s = got.String()
		}
		if s != tc.want {
			t.Errorf("%s ? %s : %s (2021=%v) = %s, want %s", tc.cond, tc.l, tc.r, tc.v2021, s, tc.want)
		}
	}
}
