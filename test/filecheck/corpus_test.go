package filecheck

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/hlsl2spirv/hlsl2spirv/test/tool"
)

// corpusCase is one differential case from test/corpus/filecheck/*.txt.
//
// File format: a case starts with "=== name exit=N flag..." (N is the exit
// status LLVM's FileCheck gives: 0 pass, 1 no match, 2 bad check file or
// empty input; flags are FileCheck options, space separated). Sections follow:
// "--- check" and "--- input" hold lines that are joined with "\n" and end
// with "\n"; "--- input-nonl" is an input without the final newline;
// "--- check-crlf" and "--- input-crlf" end every line with "\r\n"; "\r"
// written as the two characters backslash-r stands for a lone carriage return.
// Trailing blank lines of a section are dropped (they separate cases). Lines
// starting with "#" before the first case are comments.
type corpusCase struct {
	file, name string
	exit       int
	flags      []string
	check      string
	input      string
}

func loadCorpus(t testing.TB) []corpusCase {
	files, err := filepath.Glob("../corpus/filecheck/*.txt")
	if err != nil || len(files) == 0 {
		t.Fatalf("no corpus files: %v", err)
	}
	var cases []corpusCase
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		cs, err := parseCorpus(filepath.Base(f), string(data))
		if err != nil {
			t.Fatal(err)
		}
		cases = append(cases, cs...)
	}
	return cases
}

func parseCorpus(file, data string) ([]corpusCase, error) {
	var cases []corpusCase
	var cur *corpusCase
	var section string
	var lines []string
	flush := func() {
		if cur == nil || section == "" {
			return
		}
		// Blank lines separate cases; they belong to no section.
		for len(lines) > 0 && lines[len(lines)-1] == "" {
			lines = lines[:len(lines)-1]
		}
		text := strings.Join(lines, "\n")
		crlf := strings.Join(lines, "\r\n") + "\r\n"
		switch section {
		case "check":
			cur.check = text + "\n"
		case "check-crlf":
			cur.check = crlf
		case "input-crlf":
			cur.input = crlf
		case "input":
			if len(lines) > 0 {
				text += "\n"
			}
			cur.input = text
		case "input-nonl":
			cur.input = text
		}
		section, lines = "", nil
	}
	for n, line := range strings.Split(strings.TrimSuffix(data, "\n"), "\n") {
		switch {
		case strings.HasPrefix(line, "=== "):
			flush()
			if cur != nil {
				cases = append(cases, *cur)
			}
			fields := strings.Fields(line[4:])
			if len(fields) < 2 || !strings.HasPrefix(fields[1], "exit=") {
				return nil, fmt.Errorf("%s:%d: want \"=== name exit=N flags\"", file, n+1)
			}
			code, err := strconv.Atoi(fields[1][5:])
			if err != nil {
				return nil, fmt.Errorf("%s:%d: %v", file, n+1, err)
			}
			cur = &corpusCase{file: file, name: fields[0], exit: code, flags: fields[2:]}
		case strings.HasPrefix(line, "--- ") && cur != nil:
			flush()
			section = line[4:]
			switch section {
			case "check", "input", "input-nonl", "check-crlf", "input-crlf":
			default:
				return nil, fmt.Errorf("%s:%d: unknown section %q", file, n+1, section)
			}
		case section != "":
			lines = append(lines, strings.ReplaceAll(line, `\r`, "\r"))
		case cur == nil && (line == "" || strings.HasPrefix(line, "#")):
		default:
			return nil, fmt.Errorf("%s:%d: text outside a section", file, n+1)
		}
	}
	flush()
	if cur != nil {
		cases = append(cases, *cur)
	}
	return cases, nil
}

// ourExit runs the Go FileCheck on a case and returns the exit status LLVM's
// would have had, and the message.
func ourExit(c corpusCase) (int, string) {
	opts, _, _, err := ParseArgs(c.flags)
	if err != nil {
		return -1, err.Error()
	}
	opts.CheckFileName, opts.InputFileName = "check.txt", "input.txt"
	err = Check([]byte(c.check), []byte(c.input), opts)
	if err == nil {
		return 0, ""
	}
	var f *Failure
	if !errors.As(err, &f) {
		return -1, "not a *Failure: " + err.Error()
	}
	return f.ExitCode(), f.Error()
}

// TestCorpus checks every case against its recorded LLVM exit status.
func TestCorpus(t *testing.T) {
	cases := loadCorpus(t)
	seen := map[string]bool{}
	pass, fail := 0, 0
	for _, c := range cases {
		if seen[c.name] {
			t.Errorf("%s: duplicate case name %s", c.file, c.name)
		}
		seen[c.name] = true
		if c.exit == 0 {
			pass++
		} else {
			fail++
		}
		t.Run(c.name, func(t *testing.T) {
			got, msg := ourExit(c)
			if got != c.exit {
				t.Errorf("%s: exit %d, want %d\n%s", c.file, got, c.exit, msg)
			}
		})
	}
	if len(cases) < 150 || pass < 50 || fail < 50 {
		t.Errorf("corpus too small: %d cases (%d passing, %d failing)", len(cases), pass, fail)
	}
}

// TestDifferential runs LLVM's FileCheck on every case: its exit status must
// equal the recorded one (so the corpus says what LLVM does), the Go
// FileCheck's must equal it too (TestCorpus), and the messages must be the
// same, character for character (LLVM run with --dump-input=never).
func TestDifferential(t *testing.T) {
	fc := tool.Require(t, tool.FileCheck)
	for _, c := range loadCorpus(t) {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			dir := t.TempDir()
			checkFile := filepath.Join(dir, "check.txt")
			inputFile := filepath.Join(dir, "input.txt")
			if err := os.WriteFile(checkFile, []byte(c.check), 0o644); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(inputFile, []byte(c.input), 0o644); err != nil {
				t.Fatal(err)
			}
			// Relative names, so that messages compare equal.
			cmd := exec.Command(fc, append([]string{"check.txt", "--input-file", "input.txt", "--dump-input=never"}, c.flags...)...)
			cmd.Dir = dir
			var stderrBuf strings.Builder
			cmd.Stderr = &stderrBuf
			err := cmd.Run()
			stderr := stderrBuf.String()
			llvm := 0
			if err != nil {
				var ee *exec.ExitError
				if !errors.As(err, &ee) {
					t.Fatal(err)
				}
				llvm = ee.ExitCode()
			}
			ours, msg := ourExit(c)
			if llvm != c.exit || ours != llvm {
				t.Errorf("%s: LLVM exit %d, ours %d, recorded %d\nLLVM says:\n%s\nwe say:\n%s", c.file, llvm, ours, c.exit, stderr, msg)
			}
			if a, b := llvmMessages(stderr), strings.TrimRight(msg, "\n"); a != b {
				t.Errorf("%s: messages differ\nLLVM:\n%s\nours:\n%s", c.file, a, b)
			}
		})
	}
}

// llvmMessages is LLVM FileCheck's stderr without what the Go FileCheck
// deliberately leaves out: trailing blank lines and the command-line echo.
func llvmMessages(stderr string) string {
	if i := strings.Index(stderr, "\nFileCheck command line:"); i >= 0 {
		stderr = stderr[:i]
	}
	return strings.TrimRight(stderr, "\n")
}
