package constant

import (
	"math"
	"testing"

	"github.com/hlsl2spirv/hlsl2spirv/sema/types"
)

func TestBinary(t *testing.T) {
	i := func(v int64) Value { return Int(types.Int, v) }
	u := func(v uint64) Value { return Uint(types.Uint, v) }
	li := func(v int64) Value { return Int(types.LiteralInt, v) }
	f := func(v float64) Value { return Float(types.Float, v) }
	lf := func(v float64) Value { return Float(types.LiteralFloat, v) }
	tests := []struct {
		name string
		op   Op
		a, b Value
		want string
		kind types.Scalar
		err  error
	}{
		{"int add", Add, i(2), i(3), "5", types.Int, nil},
		{"int overflow wraps", Add, i(math.MaxInt32), i(1), "-2147483648", types.Int, nil},
		{"uint underflow wraps", Sub, u(0), u(1), "4294967295", types.Uint, nil},
		{"int+uint is uint", Add, i(-1), u(0), "4294967295", types.Uint, nil},
		{"literal stays literal", Mul, li(3), li(4), "12", types.LiteralInt, nil},
		{"literal 64-bit", Mul, li(1 << 40), li(2), "2199023255552", types.LiteralInt, nil},
		{"literal int with int", Add, li(1), i(1), "2", types.Int, nil},
		{"int/float", Div, i(7), f(2), "3.5", types.Float, nil},
		{"int division truncates", Div, i(-7), i(2), "-3", types.Int, nil},
		{"int remainder sign", Rem, i(-7), i(2), "-1", types.Int, nil},
		{"uint division", Div, u(7), u(2), "3", types.Uint, nil},
		{"min int / -1 wraps", Div, i(math.MinInt32), i(-1), "-2147483648", types.Int, nil},
		{"div by zero", Div, i(1), i(0), "", 0, ErrDivByZero},
		{"rem by zero", Rem, u(1), u(0), "", 0, ErrRemByZero},
		{"float div by zero is inf", Div, f(1), f(0), "+Inf", types.Float, nil},
		{"float fmod", Rem, f(7.5), f(2), "1.5", types.Float, nil},
		{"double modulo rejected", Rem, Float(types.Double, 1), Float(types.Double, 2), "", 0, ErrDoubleMod},
		{"min16int division rejected", Div, Int(types.Min16Int, 4), Int(types.Min16Int, 2), "", 0, ErrMinIntDiv},
		{"float rounds to binary32", Add, f(0.1), f(0.2), "0.3", types.Float, nil},
		{"literal float keeps double precision", Add, lf(0.1), lf(0.2), "0.30000000000000004", types.LiteralFloat, nil},
		{"bool+bool is int", Add, Bool(true), Bool(true), "2", types.Int, nil},
		{"shl", Shl, i(1), i(4), "16", types.Int, nil},
		{"shl count masked", Shl, i(1), i(33), "2", types.Int, nil},
		{"shr arithmetic", Shr, i(-8), i(1), "-4", types.Int, nil},
		{"shr logical", Shr, u(0x80000000), u(31), "1", types.Uint, nil},
		{"shift keeps left kind", Shl, u(1), li(2), "4", types.Uint, nil},
		{"float shift rejected", Shl, f(1), i(1), "", 0, ErrNeedsInt},
		{"bitwise float rejected", And, f(1), i(1), "", 0, ErrNeedsInt},
		{"and", And, u(0xf0), u(0x3c), "48", types.Uint, nil},
		{"or", Or, i(1), i(6), "7", types.Int, nil},
		{"xor", Xor, i(5), i(3), "6", types.Int, nil},
		{"lt mixed", Lss, i(-1), u(0), "false", types.Bool, nil}, // -1 converts to uint
		{"lt int", Lss, i(-1), i(0), "true", types.Bool, nil},
		{"eq float", Eql, f(1), li(1), "true", types.Bool, nil},
		{"nan ne", Neq, f(math.NaN()), f(math.NaN()), "true", types.Bool, nil},
		{"nan eq", Eql, f(math.NaN()), f(math.NaN()), "false", types.Bool, nil},
		{"ge", Geq, i(3), i(3), "true", types.Bool, nil},
		{"land", LogAnd, i(2), f(0), "false", types.Bool, nil},
		{"lor", LogOr, i(0), f(0.5), "true", types.Bool, nil},
		{"int16 wraps", Add, Int(types.Int16, 32767), Int(types.Int16, 1), "-32768", types.Int16, nil},
		{"uint64", Mul, Uint(types.Uint64, 1<<63), Uint(types.Uint64, 2), "0", types.Uint64, nil},
		{"half rounds", Add, Float(types.Float16, 1), Float(types.Float16, 0.0001), "1", types.Float16, nil},
		{"min16float computes as float", Add, Float(types.Min16Float, 0.5), Float(types.Min16Float, 0.25), "0.75", types.Min16Float, nil},
	}
	for _, tc := range tests {
		got, err := Binary(tc.op, tc.a, tc.b)
		if err != tc.err {
			t.Errorf("%s: err %v, want %v", tc.name, err, tc.err)
			continue
		}
		if err != nil {
			continue
		}
		if got.String() != tc.want || got.Kind() != tc.kind {
			t.Errorf("%s: %s (%v), want %s (%v)", tc.name, got, got.Kind(), tc.want, tc.kind)
		}
	}
}

func TestUnaryAndConvert(t *testing.T) {
	tests := []struct {
		name string
		got  Value
		err  error
		want string
	}{
		{"neg int", must(Unary(Neg, Int(types.Int, 5))), nil, "-5"},
		{"neg uint wraps", must(Unary(Neg, Uint(types.Uint, 1))), nil, "4294967295"},
		{"not", must(Unary(Not, Int(types.Int, 0))), nil, "-1"},
		{"not uint", must(Unary(Not, Uint(types.Uint, 0))), nil, "4294967295"},
		{"lognot", must(Unary(LogNot, Float(types.Float, 0))), nil, "true"},
		{"neg float", must(Unary(Neg, Float(types.Float, 2.5))), nil, "-2.5"},
		{"neg bool is int", must(Unary(Neg, Bool(true))), nil, "-1"},
		{"float to int truncates", Float(types.Float, -2.7).Convert(types.Int), nil, "-2"},
		{"float to uint saturates below", Float(types.Float, -2.7).Convert(types.Uint), nil, "0"},
		{"float to int saturates above", Float(types.Double, 1e20).Convert(types.Int), nil, "2147483647"},
		{"nan to int", Float(types.Float, math.NaN()).Convert(types.Int), nil, "0"},
		{"int to bool", Int(types.Int, 7).Convert(types.Bool), nil, "true"},
		{"bool to float", Bool(true).Convert(types.Float), nil, "1"},
		{"int to uint16 wraps", Int(types.Int, 70000).Convert(types.Uint16), nil, "4464"},
		{"int to int16 sign", Int(types.Int, 0xffff).Convert(types.Int16), nil, "-1"},
		{"big literal to int wraps", Int(types.LiteralInt, 1<<32+5).Convert(types.Int), nil, "5"},
		{"double to float rounds", Float(types.Double, 1.0000000001).Convert(types.Float), nil, "1"},
		{"float to half overflow", Float(types.Float, 70000).Convert(types.Float16), nil, "+Inf"},
		{"float to half", Float(types.Float, 0.333333).Convert(types.Float16), nil, "0.33325195"},
		{"uint to float", Uint(types.Uint, 4294967295).Convert(types.Float), nil, "4.2949673e+09"},
	}
	for _, tc := range tests {
		if tc.got.String() != tc.want {
			t.Errorf("%s: %s, want %s", tc.name, tc.got, tc.want)
		}
	}
	if _, err := Unary(Not, Float(types.Float, 1)); err != ErrNeedsInt {
		t.Errorf("~float: %v", err)
	}
	if n, ok := Float(types.Float, 3.9).Int64(); !ok || n != 3 {
		t.Errorf("Int64(3.9) = %d %v", n, ok)
	}
	if _, ok := Int(types.Int, -1).Uint64(); ok {
		t.Error("Uint64(-1) ok")
	}
	if (Value{}).IsValid() || (Value{}).String() != "<invalid>" {
		t.Error("zero Value must be invalid")
	}
}

func must(v Value, err error) Value {
	if err != nil {
		panic(err)
	}
	return v
}

// TestHalfRounding: a half value is rounded once, from the double, to the
// nearest half (ties to even); internal/half tests the conversion itself.
func TestHalfRounding(t *testing.T) {
	for _, tc := range []struct{ in, want float64 }{
		{0.1, 0.0999755859375},
		{1 + math.Ldexp(1, -11), 1}, // a tie: even
		{1 + math.Ldexp(1, -11) + math.Ldexp(1, -40), 1 + math.Ldexp(1, -10)}, // past it (through float32: 1)
		{65520, math.Inf(1)},
	} {
		if got := round(types.Float16, tc.in); got != tc.want {
			t.Errorf("round(half, %v) = %v, want %v", tc.in, got, tc.want)
		}
	}
}

func FuzzBinary(f *testing.F) {
	f.Add(uint8(0), uint8(1), uint8(2), int64(5), int64(-3), 1.5, -0.25)
	f.Fuzz(func(t *testing.T, op, ka, kb uint8, ia, ib int64, fa, fb float64) {
		mk := func(k uint8, i int64, fl float64) Value {
			s := types.Scalar(1 + k%uint8(types.NumScalars-1))
			if s.IsFloat() {
				return Float(s, fl)
			}
			if s == types.Bool {
				return Bool(i != 0)
			}
			return Int(s, i)
		}
		a, b := mk(ka, ia, fa), mk(kb, ib, fb)
		o := Op(op % uint8(Plus+1))
		if o >= Neg {
			v, err := Unary(o, a)
			if err == nil && !v.IsValid() {
				t.Fatal("invalid result without error")
			}
			return
		}
		v, err := Binary(o, a, b)
		if err == nil && !v.IsValid() {
			t.Fatalf("%v %v %v: invalid result without error", a, o, b)
		}
	})
}

func BenchmarkBinaryAdd(b *testing.B) {
	x, y := Int(types.Int, 3), Float(types.Float, 4)
	for i := 0; i < b.N; i++ {
		Binary(Add, x, y)
	}
}
