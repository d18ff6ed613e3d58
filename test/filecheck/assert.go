package filecheck

import "testing"

// Assert checks output against the directives in checkText and reports a
// mismatch as a test error with FileCheck's message and the full output, so
// any test can use CHECK lines on text it produced:
//
//	filecheck.Assert(t, "CHECK: OpCapability Shader\nCHECK-NOT: OpKill\n", disassembly, filecheck.Options{})
func Assert(tb testing.TB, checkText, output string, opts Options) {
	tb.Helper()
	if opts.InputFileName == "" {
		opts.InputFileName = "<output>"
	}
	if err := Check([]byte(checkText), []byte(output), opts); err != nil {
		tb.Errorf("FileCheck failed:\n%v\nFull output:\n%s", err, output)
	}
}
