package types

import "testing"

// fuzzPool is a spread of types: every scalar kind in several shapes,
// aggregates, objects, sugar.
func fuzzPool(u *Universe) []*Type {
	var pool []*Type
	for s := Bool; s < NumScalars; s++ {
		pool = append(pool, ScalarType(s), Vec(s, 1), Vec(s, 3), Vec(s, 4), Mat(s, 1, 1), Mat(s, 1, 4), Mat(s, 3, 3), MatMajor(s, 2, 4, RowMajor))
	}
	st := u.NewStruct("S", false)
	st.Named().Fields = []Field{{Name: "a", Type: Vec(Float, 3)}, {Name: "b", Type: ScalarType(Int)}}
	d := u.NewStruct("D", false)
	d.Named().Base = st
	anon := u.NewStruct("", false)
	anon.Named().Fields = st.Named().Fields
	pool = append(pool, st, d, anon, u.Array(ScalarType(Float), 4), u.Array(st, 2), u.Array(ScalarType(Int), Unsized),
		u.NewEnum("E", Uint, false), u.NewEnum("EC", Int, true), u.NewAlias("T", Vec(Float, 2)),
		u.NewObject(Texture2D, nil, 0), u.NewObject(StructuredBuffer, st, 0), VoidType(), InvalidType(),
		u.NewFunc(Signature{Result: VoidType()}), u.NewTypeParam("P"))
	return pool
}

func FuzzConversions(f *testing.F) {
	f.Add(uint16(3), uint16(17), uint8(0))
	f.Add(uint16(200), uint16(5), uint8(2))
	u := NewUniverse(Config{})
	pool := fuzzPool(u)
	f.Fuzz(func(t *testing.T, i, j uint16, op uint8) {
		a, b := pool[int(i)%len(pool)], pool[int(j)%len(pool)]
		checkConversionLaws(t, a, b, op)
	})
}

// checkConversionLaws asserts what must hold for any pair of types.
func checkConversionLaws(t *testing.T, a, b *Type, op uint8) {
	if c, ok := Convert(a, a, Implicit); !ok || !c.IsIdentity() && a.Kind() != Invalid {
		if a.Kind() != Void && a.Kind() != Func && a.Kind() != TypeParam {
			t.Fatalf("%s does not convert to itself: %+v %v", a, c, ok)
		}
	}
	if Score(a, a) != 0 {
		t.Fatalf("Score(%s, %s) != 0", a, a)
	}
	_, imp := Convert(a, b, Implicit)
	_, leg := Convert(a, b, ImplicitLegacy)
	_, exp := Convert(a, b, Explicit)
	if imp && !leg {
		t.Fatalf("%s -> %s: HLSL 2021 allows what 2018 does not", a, b)
	}
	if leg && !exp {
		t.Fatalf("%s -> %s: implicit but not explicit", a, b)
	}
	CombineShapes(a, b)
	r := BinaryTypes(BinaryOp{Class: OpClass(op % 5), DivOrRem: op&8 != 0}, a, b)
	if r.Problem == BinaryOK && (r.Operand == nil || r.Result == nil) {
		t.Fatalf("%s op %s: ok without types", a, b)
	}
	if res, p := UnaryTypes(UnaryOp(op%5), a); p == UnaryOK && res == nil {
		t.Fatalf("unary on %s: ok without a type", a)
	}
	_ = a.String() + a.CanonicalString() + Quote(a)
}

// TestConversionLaws runs the fuzz laws over every pair of the pool.
func TestConversionLaws(t *testing.T) {
	u := NewUniverse(Config{})
	pool := fuzzPool(u)
	for i, a := range pool {
		for j, b := range pool {
			checkConversionLaws(t, a, b, uint8(i+j))
		}
	}
}

func FuzzSwizzle(f *testing.F) {
	for _, s := range []string{"xyzw", "rgba", "_m00_m11", "_11_44", "", "x_", "_m0"} {
		f.Add(s, uint8(3))
	}
	u := NewUniverse(Config{})
	pool := fuzzPool(u)
	f.Fuzz(func(t *testing.T, sel string, k uint8) {
		ty := pool[int(k)%len(pool)]
		for _, fn := range []func(*Type, string) (Swizzle, error){VectorSwizzle, MatrixSwizzle} {
			s, err := fn(ty, sel)
			if err == nil {
				if s.Type == nil || len(s.Indices) == 0 || len(s.Indices) > 4 {
					t.Fatalf("%s.%s: %+v", ty, sel, s)
				}
				for _, i := range s.Indices {
					if i < 0 || i >= ty.ComponentCount() {
						t.Fatalf("%s.%s: index %d out of range", ty, sel, i)
					}
				}
			}
		}
	})
}

func FuzzInstantiate(f *testing.F) {
	f.Add("vector", uint8(2), int64(3))
	f.Add("Texture2DMS", uint8(2), int64(8))
	u := NewUniverse(Config{})
	pool := fuzzPool(u)
	names := BuiltinTypeNames()
	f.Fuzz(func(t *testing.T, name string, n uint8, v int64) {
		if _, ok := LookupBuiltin(name); !ok {
			name = names[int(n)%len(names)]
		}
		b, _ := LookupBuiltin(name)
		var args []TemplateArg
		for i := 0; i < int(n%4); i++ {
			if (int(n)+i)%2 == 0 {
				args = append(args, TemplateArg{Type: pool[(int(v)+i*7)&0x7fff%len(pool)]})
			} else {
				args = append(args, TemplateArg{Value: v + int64(i)})
			}
		}
		got, err := b.Instantiate(u, name, args)
		if err == nil && got == nil {
			t.Fatalf("%s%v: nil type without error", name, args)
		}
	})
}
