package golden

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
)

// CLIFunc is a command-line entry point as a function: it runs the tool with
// args (no program name), writes what the tool prints, and returns the exit
// status. cmd/hlsl2spirv's run has this shape.
type CLIFunc func(args []string, stdout, stderr io.Writer) int

// textOnlyFlags are the dxc modes whose output is not a module.
var textOnlyFlags = []string{"-fsyntax-only", "-ast-dump", "-P", "-dumpbin"}

// FromCLI makes a Compiler from a command-line entry point, in process. The
// run as written gives Text (stdout), Diagnostics (stderr) and Err (a
// non-zero status). When it succeeds and produces a module (no -fsyntax-only,
// -ast-dump, -P, -dumpbin, -Fo), a second run with "-Fo <temp file>" appended
// gives SPIRV, the binary that spirv-val checks — the module itself, not a
// reassembly of its text.
func FromCLI(run CLIFunc) Compiler {
	return func(args []string, filename string, src []byte) Output {
		var stdout, stderr bytes.Buffer
		status := run(args, &stdout, &stderr)
		out := Output{Text: stdout.String(), Diagnostics: stderr.String()}
		if status != 0 {
			out.Err = fmt.Errorf("exit status %d", status)
			return out
		}
		for _, a := range args {
			if slices.Contains(textOnlyFlags, a) || a == "-Fo" || len(a) > 3 && a[:3] == "-Fo" {
				return out
			}
		}
		dir, err := os.MkdirTemp("", "golden-cli-*")
		if err != nil {
			out.Err = err
			return out
		}
		defer os.RemoveAll(dir)
		spv := filepath.Join(dir, "out.spv")
		var o2, e2 bytes.Buffer
		if status := run(append(slices.Clone(args), "-Fo", spv), &o2, &e2); status != 0 {
			out.Err = fmt.Errorf("the same compile with -Fo failed (exit status %d):\n%s", status, e2.String())
			return out
		}
		module, err := os.ReadFile(spv)
		if err != nil {
			out.Err = fmt.Errorf("compile with -Fo wrote no module: %v", err)
			return out
		}
		if out.SPIRV, err = wordsOf(module); err != nil {
			out.Err = err
		}
		return out
	}
}
