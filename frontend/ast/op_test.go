package ast

import "testing"

// Each compound assignment applies the binary operator spelled as it is
// without its "="; no other operator has a base.
func TestCompoundBase(t *testing.T) {
	n := 0
	for o := Op(0); o < Op(len(opSpelling)); o++ {
		base, ok := o.CompoundBase()
		if !ok {
			continue
		}
		n++
		if base.String()+"=" != o.String() {
			t.Errorf("%q.CompoundBase() = %q", o, base)
		}
	}
	if n != 10 {
		t.Errorf("%d compound assignments have a base, want 10", n)
	}
	for _, o := range []Op{Assign, Add, Eq, LogAnd} {
		if _, ok := o.CompoundBase(); ok {
			t.Errorf("%q has a compound base", o)
		}
	}
}
