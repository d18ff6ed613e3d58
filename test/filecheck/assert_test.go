package filecheck

import (
	"fmt"
	"strings"
	"testing"
)

// recorder is a testing.TB that records errors instead of failing.
type recorder struct {
	testing.TB
	errs []string
}

func (r *recorder) Helper() {}
func (r *recorder) Errorf(format string, args ...any) {
	r.errs = append(r.errs, fmt.Sprintf(format, args...))
}

func TestAssert(t *testing.T) {
	r := &recorder{TB: t}
	Assert(r, "CHECK: b\nCHECK-NEXT: c\n", "a\nb\nc\n", Options{})
	if len(r.errs) != 0 {
		t.Fatalf("passing check reported %q", r.errs)
	}
	Assert(r, "CHECK: b\nCHECK-NEXT: d\n", "a\nb\nc\n", Options{CheckFileName: "x.hlsl"})
	if len(r.errs) != 1 {
		t.Fatalf("failing check reported %d errors", len(r.errs))
	}
	for _, want := range []string{"x.hlsl:2:13: error: CHECK-NEXT: expected string not found in input", "<output>:2:2: note: scanning from here", "Full output:\na\nb\nc\n"} {
		if !strings.Contains(r.errs[0], want) {
			t.Errorf("message lacks %q:\n%s", want, r.errs[0])
		}
	}
}

// TestFailureKinds pins the exit-status mapping and the rendering of each kind.
func TestFailureKinds(t *testing.T) {
	tests := []struct {
		check, input string
		opts         Options
		kind         Kind
		exit         int
		text         string
	}{
		{"CHECK: a\n", "b\n", Options{}, NoMatch, 1, "check:1:8: error: CHECK: expected string not found in input\nCHECK: a\n       ^\n<stdin>:1:1: note: scanning from here\nb\n^\n"},
		{"CHECK: {{a\n", "a\n", Options{}, BadCheckFile, 2, "check:1:8: error: found start of regex string with no end '}}'\nCHECK: {{a\n       ^\n"},
		{"CHECK: a\n", "", Options{}, EmptyInput, 2, "FileCheck error: '<stdin>' is empty.\n"},
		{"A: a\n", "a\n", Options{CheckPrefixes: []string{"A", "B"}}, BadCheckFile, 2, "error: no check strings found with prefix 'B:'\n"},
		{"CHECK-NOT: a\n", "xa\n", Options{}, NoMatch, 1, "check:1:12: error: CHECK-NOT: excluded string found in input\nCHECK-NOT: a\n           ^\n<stdin>:1:2: note: found here\nxa\n ^\n"},
	}
	for _, tt := range tests {
		err := Check([]byte(tt.check), []byte(tt.input), tt.opts)
		f, ok := err.(*Failure)
		if !ok {
			t.Errorf("Check(%q, %q) = %v, want a *Failure", tt.check, tt.input, err)
			continue
		}
		if f.Kind != tt.kind || f.ExitCode() != tt.exit || f.Error() != tt.text {
			t.Errorf("Check(%q, %q): kind %d exit %d\n%s\nwant kind %d exit %d\n%s", tt.check, tt.input, f.Kind, f.ExitCode(), f.Error(), tt.kind, tt.exit, tt.text)
		}
	}
	if err := Check([]byte("CHECK: a\n"), []byte("a\n"), Options{}); err != nil {
		t.Errorf("passing check: %v", err)
	}
}
