package constant

import (
	"testing"

	"github.com/hlsl2spirv/hlsl2spirv/sema/types"
)

func TestParseLiteral(t *testing.T) {
	tests := []struct {
		text   string
		bit16  bool
		kind   types.Scalar
		value  string
		legacy bool
		err    error
	}{
		{"123", false, types.LiteralInt, "123", false, nil},
		{"0", false, types.LiteralInt, "0", false, nil},
		{"0x7B", false, types.LiteralInt, "123", false, nil},
		{"017", false, types.LiteralInt, "15", false, nil},
		{"123u", false, types.Uint, "123", false, nil},
		{"123U", false, types.Uint, "123", false, nil},
		{"123l", false, types.Int, "123", false, nil},
		{"0x7Bl", false, types.Uint, "123", false, nil},
		{"123ll", false, types.Int64, "123", false, nil},
		{"123ull", false, types.Uint64, "123", false, nil},
		{"123LLU", false, types.Uint64, "123", false, nil},
		{"0xFFFFFFFF", false, types.LiteralInt, "4294967295", false, nil},
		{"0x80000000", false, types.LiteralInt, "2147483648", true, nil},
		{"0xFFFFFFFFFFFFFFFF", false, types.LiteralInt, "-1", true, nil},
		{"4294967296u", false, types.Uint, "0", false, nil}, // truncated to 32 bits, as DXC
		{"18446744073709551616", false, 0, "", false, ErrLiteralTooLarge},
		{"18446744073709551615ull", false, types.Uint64, "18446744073709551615", false, nil},
		{"0x10000000000000000", false, 0, "", false, ErrLiteralTooLarge},
		{"01777777777777777777777", false, types.LiteralInt, "-1", true, nil},
		{"02000000000000000000000", false, 0, "", false, ErrLiteralTooLarge},
		{"1.5", false, types.LiteralFloat, "1.5", false, nil},
		{".5", false, types.LiteralFloat, "0.5", false, nil},
		{"1.", false, types.LiteralFloat, "1", false, nil},
		{"1e3", false, types.LiteralFloat, "1000", false, nil},
		{"1.5e-3", false, types.LiteralFloat, "0.0015", false, nil},
		{"1.5f", false, types.Float, "1.5", false, nil},
		{"0.1f", false, types.Float, "0.1", false, nil},
		{"1.5l", false, types.Double, "1.5", false, nil},
		{"1.5L", false, types.Double, "1.5", false, nil},
		{"1.5h", false, types.Float, "1.5", false, nil},
		{"1.5h", true, types.Float16, "1.5", false, nil},
		{"1e400", false, types.LiteralFloat, "+Inf", false, nil},
		{"08", false, 0, "", false, ErrBadLiteral},
		{"0x", false, 0, "", false, ErrBadLiteral},
		{"12uu", false, 0, "", false, ErrBadLiteral},
		{"", false, 0, "", false, ErrBadLiteral},
	}
	for _, tc := range tests {
		v, legacy, err := ParseLiteral(tc.text, types.Config{Enable16BitTypes: tc.bit16})
		if err != tc.err {
			t.Errorf("%q: err %v, want %v", tc.text, err, tc.err)
			continue
		}
		if err != nil {
			continue
		}
		if v.Kind() != tc.kind || v.String() != tc.value || legacy != tc.legacy {
			t.Errorf("%q: %v %s legacy=%v, want %v %s %v", tc.text, v.Kind(), v, legacy, tc.kind, tc.value, tc.legacy)
		}
	}
}

func FuzzParseLiteral(f *testing.F) {
	for _, s := range []string{"1", "0x1fu", "1.5e3f", "017", "1ull", ".5h", "1e"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		v, _, err := ParseLiteral(s, types.Config{})
		if err == nil && !v.IsValid() {
			t.Fatalf("%q: invalid value without error", s)
		}
	})
}

// TestLiteralOverloadResolution follows DXC's rules end to end: a literal's
// spelling gives its kind, and the kind ranks the overloads of
// f(float), f(int), f(uint), f(bool), f(double), f(int64_t), f(uint64_t).
func TestLiteralOverloadResolution(t *testing.T) {
	kinds := []types.Scalar{types.Float, types.Int, types.Uint, types.Bool, types.Double, types.Int64, types.Uint64}
	pick := func(args ...types.Scalar) string {
		best, n, winner := types.NoMatch, 0, types.NoScalar
		for _, k := range kinds {
			var params []types.Param
			var as []*types.Type
			for _, a := range args {
				params = append(params, types.Param{Type: types.ScalarType(k)})
				as = append(as, types.ScalarType(a))
			}
			s, _ := types.CallScore(params, as, types.Implicit)
			switch {
			case s < best:
				best, n, winner = s, 1, k
			case s == best:
				n++
			}
		}
		if n > 1 {
			return "ambiguous"
		}
		return winner.String()
	}
	lit := func(text string) types.Scalar {
		v, _, err := ParseLiteral(text, types.Config{})
		if err != nil {
			t.Fatalf("%s: %v", text, err)
		}
		return v.Kind()
	}
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"1.5"}, "ambiguous"},
		{[]string{"20"}, "ambiguous"},
		{[]string{"2"}, "ambiguous"},
		{[]string{"2l"}, "int"},
		{[]string{"1.5f"}, "float"},
		{[]string{"1.5L"}, "double"},
		{[]string{"2u"}, "uint"},
		{[]string{"2UL"}, "uint"},
		{[]string{"2ull"}, "uint64_t"},
		{[]string{"2LL"}, "int64_t"},
		{[]string{"1.5", "1.5f"}, "float"},
		{[]string{"1.5l", "1.5"}, "double"},
		{[]string{"2", "2u"}, "uint"},
		{[]string{"2ull", "2"}, "uint64_t"},
		{[]string{"2", "2l"}, "int"},
	}
	for _, tc := range tests {
		var ks []types.Scalar
		for _, a := range tc.args {
			ks = append(ks, lit(a))
		}
		if got := pick(ks...); got != tc.want {
			t.Errorf("f(%v) = %s, want %s", tc.args, got, tc.want)
		}
	}
	// 2ULL * 1.5 is a float, not a double: the literal float side decides.
	v, err := Binary(Mul, Uint(types.Uint64, 2), Float(types.LiteralFloat, 1.5))
	if err != nil || v.Kind() != types.Float || v.String() != "3" {
		t.Errorf("2ULL * 1.5 = %v (%v), %v", v, v.Kind(), err)
	}
}
