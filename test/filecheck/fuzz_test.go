package filecheck

import (
	"errors"
	"testing"
)

// FuzzCheck: any check file, input and option mix gives nil or a *Failure,
// never a panic or a hang.
func FuzzCheck(f *testing.F) {
	f.Add([]byte("CHECK: a\nCHECK-NEXT: b\n"), []byte("a\nb\n"), uint8(0))
	f.Add([]byte("CHECK-DAG: [[X:%[0-9]+]] = OpLoad\nCHECK-NOT: {{a|b}}\nCHECK: [[X]]\n"), []byte("%1 = OpLoad\n%1\n"), uint8(1))
	f.Add([]byte("CHECK: [[#%x,N:]]\nCHECK-SAME: [[#N+1]] [[@LINE]]\nCHECK-EMPTY:\n"), []byte("ff 100 2\n\n"), uint8(2))
	f.Add([]byte("CHECK-LABEL: f\nCHECK-COUNT-2{LITERAL}: [[x]]\nCHECK: {{[[:alpha:]]+(a)\\2}}\n"), []byte("f\n[[x]][[x]]\nabaa\n"), uint8(3))
	f.Add([]byte("CHECK: [[A:a*]][[A]]{{(a*)*\\1}}\n"), []byte("aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa!\n"), uint8(4))
	f.Fuzz(func(t *testing.T, check, input []byte, flags uint8) {
		opts := Options{
			StrictWhitespace: flags&1 != 0,
			MatchFullLines:   flags&2 != 0,
			IgnoreCase:       flags&4 != 0,
			EnableVarScope:   flags&8 != 0,
			AllowEmpty:       flags&16 != 0,
		}
		if flags&32 != 0 {
			opts.ImplicitCheckNot = []string{"x{{y}}"}
		}
		if flags&64 != 0 {
			opts.CheckPrefixes = []string{"CHECK", "A"}
			opts.AllowUnusedPrefixes = true
		}
		err := Check(check, input, opts)
		var f *Failure
		if err != nil && !errors.As(err, &f) {
			t.Fatalf("error of type %T: %v", err, err)
		}
		if f != nil && (f.Kind < NoMatch || f.Kind > EmptyInput || len(f.Diags) == 0) {
			t.Fatalf("malformed failure: %+v", f)
		}
		if f != nil {
			_ = f.Error()
		}
	})
}
