package randprog

import (
	"math"
	"testing"
)

// TestGenerateDeterministic: a seed always gives the same program, and the
// evaluator accepts every program the generator keeps.
func TestGenerateDeterministic(t *testing.T) {
	for seed := int64(1); seed <= 40; seed++ {
		a := NewBatch(seed, 2, seed%3 == 0, seed%3 == 1)
		b := NewBatch(seed, 2, seed%3 == 0, seed%3 == 1)
		if a.Source() != b.Source() {
			t.Fatalf("seed %d: two different programs", seed)
		}
		for i, p := range a.Programs {
			if _, err := p.Evaluate(); err != nil {
				t.Errorf("seed %d program %d: %v\n%s", seed, i, err, p.Source(0))
			}
		}
	}
}

// TestNegatedConstantDivision: the evaluator records DivNegConstDiv for
// the negations of integer divisions glslang's folding gets wrong, and
// only for those.
func TestNegatedConstantDivision(t *testing.T) {
	u := func(n int64) Expr { return &Lit{Value{T: scalar(Uint), I: []int64{n}}} }
	i := func(n int64) Expr { return &Lit{Value{T: scalar(Int), I: []int64{n}}} }
	tid := &Var{Name: "x", T: scalar(Int)}
	utid := &Var{Name: "y", T: scalar(Uint)}
	param := &Var{Name: "p", T: scalar(Uint)}
	callF := func(ret Expr) Expr { // f(y), where f(p) returns ret
		f := &Func{Name: "f", Ret: scalar(Uint), Params: []*Param{{V: param, Mode: "in"}}, Body: []Stmt{&Return{X: ret}}}
		return &Call{Name: "f", Fn: f, Args: []Expr{&Ref{utid}}, T: scalar(Uint)}
	}
	for _, c := range []struct {
		what string
		x    Expr
		want bool
	}{
		{"-(20u / y)", &Un{Op: "-", X: &Bin{Op: "/", X: u(20), Y: &Ref{utid}, T: scalar(Uint)}}, true},
		{"-(y / 3u)", &Un{Op: "-", X: &Bin{Op: "/", X: &Ref{utid}, Y: u(3), T: scalar(Uint)}}, true},
		{"-(INT_MIN / x)", &Un{Op: "-", X: &Bin{Op: "/", X: i(math.MinInt32), Y: &Ref{tid}, T: scalar(Int)}}, true},
		{"-(20 / x)", &Un{Op: "-", X: &Bin{Op: "/", X: i(20), Y: &Ref{tid}, T: scalar(Int)}}, false},
		{"-(x / y) unsigned", &Un{Op: "-", X: &Bin{Op: "/", X: &Ref{utid}, Y: &Ref{utid}, T: scalar(Uint)}}, false},
		{"~(20u / y)", &Un{Op: "~", X: &Bin{Op: "/", X: u(20), Y: &Ref{utid}, T: scalar(Uint)}}, false},
		// What glslang's legalization sees once it folds a constant ?:
		// and inlines a call (seed 2500530).
		{"-(false ? 1u : y / 3u)", &Un{Op: "-", X: &Cond{C: &Lit{Value{T: scalar(Bool), I: []int64{0}}}, X: u(1),
			Y: &Bin{Op: "/", X: &Ref{utid}, Y: u(3), T: scalar(Uint)}}}, true},
		{"-(true ? 1u : y / 3u)", &Un{Op: "-", X: &Cond{C: &Lit{Value{T: scalar(Bool), I: []int64{1}}}, X: u(1),
			Y: &Bin{Op: "/", X: &Ref{utid}, Y: u(3), T: scalar(Uint)}}}, false},
		{"-f(y) returning p / 3u", &Un{Op: "-", X: callF(&Bin{Op: "/", X: &Ref{param}, Y: u(3), T: scalar(Uint)})}, true},
		{"-f(y) returning p / p", &Un{Op: "-", X: callF(&Bin{Op: "/", X: &Ref{param}, Y: &Ref{param}, T: scalar(Uint)})}, false},
	} {
		th := &thread{vars: map[*Var]*slot{
			tid:  {v: Value{T: scalar(Int), I: []int64{3}}},
			utid: {v: Value{T: scalar(Uint), I: []int64{3}}},
		}}
		th.eval(c.x)
		if got := th.div&DivNegConstDiv != 0; got != c.want {
			t.Errorf("%s: DivNegConstDiv %v, want %v", c.what, got, c.want)
		}
	}
}
