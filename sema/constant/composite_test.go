package constant

import (
	"testing"

	"github.com/hlsl2spirv/hlsl2spirv/sema/types"
)

func vec(s types.Scalar, xs ...float64) Composite {
	c := Composite{Type: types.Vec(s, len(xs))}
	for _, x := range xs {
		if s.IsFloat() {
			c.Elems = append(c.Elems, Float(s, x))
		} else {
			c.Elems = append(c.Elems, Int(s, int64(x)))
		}
	}
	return c
}

func scalar(v Value) Composite { return Composite{Type: types.ScalarType(v.Kind()), Elems: []Value{v}} }

func TestBinaryComposite(t *testing.T) {
	tests := []struct {
		name string
		op   Op
		a, b Composite
		want string
		typ  string
	}{
		{"float3*lit", Mul, vec(types.Float, 1, 2, 3), scalar(Float(types.LiteralFloat, 2)), "{2, 4, 6}", "float3"},
		{"int3+float", Add, vec(types.Int, 1, 2, 3), scalar(Float(types.Float, 0.5)), "{1.5, 2.5, 3.5}", "float3"},
		{"float4+float2 truncates", Add, vec(types.Float, 1, 2, 3, 4), vec(types.Float, 10, 20), "{11, 22}", "float2"},
		{"int2<int2", Lss, vec(types.Int, 1, 5), vec(types.Int, 2, 2), "{true, false}", "bool2"},
		{"uint2>>lit", Shr, vec(types.Uint, 8, 16), scalar(Int(types.LiteralInt, 2)), "{2, 4}", "uint2"},
		{"int2/0", Div, vec(types.Int, 1, 2), scalar(Int(types.Int, 0)), "", ""},
	}
	for _, tc := range tests {
		got, err := BinaryComposite(tc.op, tc.a, tc.b)
		if tc.want == "" {
			if err == nil {
				t.Errorf("%s: folded to %v", tc.name, got)
			}
			continue
		}
		if err != nil || got.String() != tc.want || got.Type.String() != tc.typ {
			t.Errorf("%s: %v %v (%v), want %s %s", tc.name, got, got.Type, err, tc.want, tc.typ)
		}
	}
}

func TestCompositeConvert(t *testing.T) {
	m := Composite{Type: types.Mat(types.Int, 2, 3)}
	for i := 0; i < 6; i++ {
		m.Elems = append(m.Elems, Int(types.Int, int64(i)))
	}
	if got, ok := m.ConvertTo(types.Mat(types.Float, 2, 2), types.Implicit); !ok || got.String() != "{0, 1, 3, 4}" {
		t.Errorf("int2x3 -> float2x2: %v %v", got, ok)
	}
	if got, ok := scalar(Float(types.LiteralFloat, 1.5)).ConvertTo(types.Vec(types.Int, 3), types.Implicit); !ok || got.String() != "{1, 1, 1}" {
		t.Errorf("1.5 -> int3: %v %v", got, ok)
	}
	if got, ok := vec(types.Float, 1, 2, 3, 4).ConvertTo(types.Mat(types.Float, 2, 2), types.Implicit); !ok || got.String() != "{1, 2, 3, 4}" {
		t.Errorf("float4 -> float2x2: %v %v", got, ok)
	}
	if _, ok := vec(types.Float, 1, 2).ConvertTo(types.Vec(types.Float, 3), types.Implicit); ok {
		t.Error("float2 -> float3 converted")
	}
	if s := Splat(types.Vec(types.Uint, 2), Int(types.LiteralInt, -1)); s.String() != "{4294967295, 4294967295}" {
		t.Errorf("splat: %v", s)
	}
}
