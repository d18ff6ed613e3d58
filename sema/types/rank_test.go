package types

import "testing"

// TestCallScoreOverloads reproduces DXC's behaviour for a user overload
// set f(float), f(double), f(int), f(uint), f(min12int): literal
// arguments tie between the sized kinds of their class (ambiguous), typed
// arguments pick their exact match.
func TestCallScoreOverloads(t *testing.T) {
	kinds := []Scalar{Float, Double, Int, Uint, Min12Int}
	best := func(arg Scalar) (winners []Scalar) {
		min := NoMatch
		for _, k := range kinds {
			s, _ := CallScore([]Param{{Type: ScalarType(k)}}, []*Type{ScalarType(arg)}, Implicit)
			switch {
			case s < min:
				min, winners = s, []Scalar{k}
			case s == min:
				winners = append(winners, k)
			}
		}
		return winners
	}
	tests := []struct {
		arg  Scalar
		want []Scalar
	}{
		{LiteralFloat, []Scalar{Float, Double}}, // ambiguous
		{LiteralInt, []Scalar{Int, Uint}},       // ambiguous
		{Float, []Scalar{Float}},
		{Double, []Scalar{Double}},
		{Int, []Scalar{Int}},
		{Min12Int, []Scalar{Min12Int}},
		// DXC's score sees a promotion to float and to double alike, and
		// treats signedness as equal for promotions: these tie too.
		{HalfPP, []Scalar{Float, Double}},
		{Int16, []Scalar{Int, Uint}},
		{Bool, []Scalar{Float, Double, Int, Uint, Min12Int}}, // every one a conversion
	}
	for _, tc := range tests {
		got := best(tc.arg)
		if len(got) != len(tc.want) {
			t.Errorf("f(%v): best %v, want %v", tc.arg, got, tc.want)
			continue
		}
		for i := range got {
			if got[i] != tc.want[i] {
				t.Errorf("f(%v): best %v, want %v", tc.arg, got, tc.want)
			}
		}
	}
	// Out parameters convert back: an int variable cannot receive a struct.
	u := NewUniverse(Config{})
	s := u.NewStruct("S", false)
	if sc, bad := CallScore([]Param{{Type: ScalarType(Float)}, {Type: s, Mode: Out}}, []*Type{ScalarType(Float), ScalarType(Int)}, Implicit); sc != NoMatch || bad != 1 {
		t.Errorf("out struct to int: %d %d", sc, bad)
	}
	if sc, bad := CallScore([]Param{{Type: ScalarType(Float), Mode: InOut}}, []*Type{ScalarType(Int)}, Implicit); sc == NoMatch || bad != -1 {
		t.Errorf("inout float with int: %d %d", sc, bad)
	}
}
