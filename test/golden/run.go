// Package golden runs the project's golden tests: source files that carry
// their own test commands in DXC/lit style,
//
//	// RUN: %hlsl2spirv -T ps_6_0 -E main %s | FileCheck %s
//	// RUN: not %hlsl2spirv -T ps_6_0 -E main -DERR %s 2>&1 | FileCheck %s --check-prefix=ERR
//	// CHECK: %type_2d_image = OpTypeImage %float 2D 2 0 0 1 Unknown
//
// For each RUN line the runner compiles the file through a Compiler (a Go
// function — no subprocess), checks the exit status against "not", pipes the
// output (stdout, plus stderr with "2>&1") through the Go FileCheck
// (test/filecheck) with the file itself as the check file, and runs the
// project's validator (builder/validate) and spirv-val on every module not
// built with -fcgl or -Vd, for the target environment and block-layout rules
// DXC validates with. Every file is a subtest and every
// RUN line a subtest of it.
//
// CHECK lines are written by hand; there is deliberately no -update flag.
//
// Files: run.go holds the runner; cli.go the Compiler over a command-line
// entry point (cmd/hlsl2spirv's); spirvas.go the %spirv-as compiler for
// .spvasm files.
package golden

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"runtime/debug"
	"slices"
	"strings"
	"testing"

	spirvvalidate "github.com/hlsl2spirv/hlsl2spirv/builder/validate"
	"github.com/hlsl2spirv/hlsl2spirv/test/filecheck"
	"github.com/hlsl2spirv/hlsl2spirv/test/tool"
)

// A Compiler compiles one source file as the command-line tool would with
// args (the RUN line's arguments after the tool name, "%s" already replaced
// by filename; "2>&1" and "not" removed). It must be safe for concurrent use
// when the runner runs files in parallel.
type Compiler func(args []string, filename string, src []byte) Output

// Output is what a compile produced, split as the command-line tool would
// print it.
type Output struct {
	// SPIRV is the module, or nil when the compile failed or produced only
	// text (-fsyntax-only, -ast-dump, ...). It is what spirv-val checks.
	SPIRV []uint32
	// Text is stdout: the disassembly when no -Fo is given.
	Text string
	// Diagnostics is stderr: errors and warnings, clang style.
	Diagnostics string
	// Err is non-nil when the tool would exit with a non-zero status.
	Err error
}

// Config says which tools RUN lines may name and which files to run.
type Config struct {
	// Tools maps a RUN-line tool name ("%hlsl2spirv", "%spirv-as") to the
	// Compiler that implements it.
	Tools map[string]Compiler
	// Exts are the file extensions to run (".hlsl", ".spvasm").
	Exts []string
	// Serial runs files one at a time (the default runs them in parallel).
	Serial bool
}

// Run runs every .hlsl file under dir (skipping testdata directories)
// through compiler, which RUN lines name as %hlsl2spirv (or %dxc, so lines
// can be written exactly as in DXC's tests).
func Run(t *testing.T, dir string, compiler Compiler) {
	t.Helper()
	RunConfig(t, dir, Config{
		Tools: map[string]Compiler{"%hlsl2spirv": compiler, "%dxc": compiler},
		Exts:  []string{".hlsl"},
	})
}

// RunConfig runs every file under dir with one of cfg.Exts as subtests.
func RunConfig(t *testing.T, dir string, cfg Config) {
	t.Helper()
	files, err := Files(dir, cfg.Exts)
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 {
		t.Fatalf("golden: no %v files under %s", cfg.Exts, dir)
	}
	for _, f := range files {
		rel, _ := filepath.Rel(dir, f)
		t.Run(filepath.ToSlash(rel), func(t *testing.T) {
			if !cfg.Serial {
				t.Parallel()
			}
			src, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			xfail, unsupported := Markers(src)
			if unsupported != "" {
				t.Skipf("UNSUPPORTED: %s", unsupported)
			}
			results, err := CheckFile(f, cfg)
			if err != nil {
				t.Fatal(err)
			}
			if xfail != "" {
				skip, fail := xfailVerdict(f, xfail, results)
				if fail != "" {
					t.Fatal(fail)
				}
				t.Skip(skip)
			}
			for _, r := range results {
				t.Run(fmt.Sprintf("RUN@%d", r.Line), func(t *testing.T) {
					if r.Missing != "" {
						tool.Missing(t, r.Missing)
					}
					if r.Err != nil {
						t.Errorf("%s:%d: RUN: %s\n%v", f, r.Line, r.Command, r.Err)
					}
				})
			}
		})
	}
}

// Files lists the files under dir with one of exts, sorted, skipping
// directories named testdata.
func Files(dir string, exts []string) ([]string, error) {
	var files []string
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && d.Name() == "testdata" && path != dir {
			return filepath.SkipDir
		}
		if !d.IsDir() && slices.Contains(exts, filepath.Ext(path)) {
			files = append(files, path)
		}
		return nil
	})
	slices.Sort(files)
	return files, err
}

// Result is the outcome of one RUN line.
type Result struct {
	Line    int    // 1-based line of the RUN: directive
	Command string // the command as written (continuations joined)
	Err     error  // nil when the line passed
	Missing string // set when an external tool (spirv-val) is missing
}

// CheckFile runs every RUN line of one file. The error is for a file that
// cannot be read or has no RUN line; failures of RUN lines are in the results.
func CheckFile(path string, cfg Config) ([]Result, error) {
	src, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	runs := RunLines(src)
	if len(runs) == 0 {
		return nil, fmt.Errorf("%s: no RUN: line", path)
	}
	var results []Result
	for _, r := range runs {
		res := Result{Line: r.Line, Command: r.Command}
		res.Missing, res.Err = runOne(path, src, r.Command, cfg)
		results = append(results, res)
	}
	return results, nil
}

// Markers reads a file's lit-style markers: "XFAIL: reason" (the file is
// expected to fail — it is reported as skipped while it fails and as a
// failure once it passes, so the marker gets removed) and "UNSUPPORTED:
// reason" (the file is skipped). Both keep a test in the tree, with its
// reason, for a feature not done yet.
func Markers(src []byte) (xfail, unsupported string) {
	for _, line := range strings.Split(string(src), "\n") {
		if i := strings.Index(line, "XFAIL:"); i >= 0 && xfail == "" {
			xfail = strings.TrimSpace(line[i+len("XFAIL:"):])
			if xfail == "" {
				xfail = "no reason given"
			}
		}
		if i := strings.Index(line, "UNSUPPORTED:"); i >= 0 && unsupported == "" {
			unsupported = strings.TrimSpace(line[i+len("UNSUPPORTED:"):])
			if unsupported == "" {
				unsupported = "no reason given"
			}
		}
	}
	return xfail, unsupported
}

// xfailVerdict decides a file marked XFAIL: skipped, citing its first
// failure, while it fails; failed once every RUN line passes.
func xfailVerdict(path, reason string, results []Result) (skip, fail string) {
	for _, r := range results {
		if r.Err != nil {
			first, _, _ := strings.Cut(r.Err.Error(), "\n")
			return fmt.Sprintf("XFAIL (%s), fails as expected at RUN line %d: %s", reason, r.Line, first), ""
		}
	}
	return "", fmt.Sprintf("%s: marked XFAIL (%s) but every RUN line passes: remove the XFAIL line", path, reason)
}

// A RunLine is one RUN command of a file.
type RunLine struct {
	Line    int
	Command string
}

// RunLines extracts the RUN commands of a file: the text after "RUN:" on
// any line, with a trailing backslash joining the next RUN line, as lit does.
func RunLines(src []byte) []RunLine {
	var runs []RunLine
	cont := false
	for i, line := range strings.Split(string(src), "\n") {
		at := strings.Index(line, "RUN:")
		if at < 0 {
			cont = false
			continue
		}
		cmd := strings.TrimSpace(line[at+len("RUN:"):])
		if cont {
			last := &runs[len(runs)-1]
			last.Command = strings.TrimSpace(last.Command + " " + cmd)
		} else {
			runs = append(runs, RunLine{Line: i + 1, Command: cmd})
		}
		last := &runs[len(runs)-1]
		cont = strings.HasSuffix(last.Command, `\`)
		if cont {
			last.Command = strings.TrimSpace(strings.TrimSuffix(last.Command, `\`))
		}
	}
	return runs
}

// A Command is a parsed RUN line, for tools that reuse the golden files'
// compile commands (the WGSL backend's tests compile every golden shader).
type Command struct {
	Line       int
	Tool       string   // "%hlsl2spirv", "%dxc", "%spirv-as"
	Args       []string // "%s" replaced by the file's path
	ExpectFail bool     // "not" before the tool
}

// Commands returns the parsed RUN lines of a golden file.
func Commands(path string, src []byte) ([]Command, error) {
	var out []Command
	for _, r := range RunLines(src) {
		c, err := parseCommand(r.Command, path)
		if err != nil {
			return nil, fmt.Errorf("%s:%d: %v", path, r.Line, err)
		}
		out = append(out, Command{Line: r.Line, Tool: c.tool, Args: c.args, ExpectFail: c.expectFail})
	}
	return out, nil
}

// command is a parsed RUN line.
type command struct {
	expectFail  bool
	tool        string
	args        []string
	mergeStderr bool
	fileCheck   []string // FileCheck arguments; nil without a FileCheck stage
}

// parseCommand understands the RUN-line forms the golden tests use:
//
//	[not] TOOL ARGS... [2>&1] [| FileCheck ARGS...]
func parseCommand(cmdline, path string) (*command, error) {
	words, err := shellWords(cmdline)
	if err != nil {
		return nil, err
	}
	var stages [][]string
	cur := []string{}
	for _, w := range words {
		if w == "|" {
			stages = append(stages, cur)
			cur = []string{}
			continue
		}
		cur = append(cur, w)
	}
	stages = append(stages, cur)
	if len(stages) > 2 {
		return nil, fmt.Errorf("unsupported RUN line: only \"TOOL ... | FileCheck ...\" pipelines are supported")
	}
	c := &command{}
	first := stages[0]
	if len(first) > 0 && first[0] == "not" {
		c.expectFail = true
		first = first[1:]
	}
	if len(first) == 0 || first[0] == "" {
		return nil, fmt.Errorf("RUN line names no tool")
	}
	c.tool = first[0]
	for _, a := range first[1:] {
		switch {
		case a == "2>&1":
			c.mergeStderr = true
		case strings.HasPrefix(a, ">") || strings.HasPrefix(a, "2>") || strings.HasPrefix(a, "<"):
			return nil, fmt.Errorf("unsupported redirection %q in RUN line", a)
		case strings.Contains(a, "%t"):
			return nil, fmt.Errorf("unsupported substitution %%t in %q: temporary files are not supported", a)
		default:
			c.args = append(c.args, expand(a, path))
		}
	}
	if len(stages) == 2 {
		fc := stages[1]
		if len(fc) == 0 || (fc[0] != "FileCheck" && fc[0] != "%FileCheck") {
			return nil, fmt.Errorf("unsupported pipeline stage %q: only FileCheck may follow |", strings.Join(fc, " "))
		}
		c.fileCheck = []string{}
		for _, a := range fc[1:] {
			c.fileCheck = append(c.fileCheck, expand(a, path))
		}
	}
	return c, nil
}

// expand replaces lit's %s (this file) and %S (its directory).
func expand(arg, path string) string {
	arg = strings.ReplaceAll(arg, "%s", path)
	return strings.ReplaceAll(arg, "%S", filepath.Dir(path))
}

// shellWords splits a command line as sh would for the simple forms RUN
// lines use: blanks separate words, quotes group, backslash escapes, "|" is
// a word of its own.
func shellWords(s string) ([]string, error) {
	var words []string
	var cur strings.Builder
	inWord := false
	flush := func() {
		if inWord {
			words = append(words, cur.String())
			cur.Reset()
			inWord = false
		}
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == ' ' || c == '\t':
			flush()
		case c == '|':
			flush()
			words = append(words, "|")
		case c == '\'':
			j := strings.IndexByte(s[i+1:], '\'')
			if j < 0 {
				return nil, fmt.Errorf("unterminated ' in RUN line")
			}
			cur.WriteString(s[i+1 : i+1+j])
			inWord = true
			i += j + 1
		case c == '"':
			inWord = true
			for i++; ; i++ {
				if i >= len(s) {
					return nil, fmt.Errorf("unterminated \" in RUN line")
				}
				if s[i] == '"' {
					break
				}
				if s[i] == '\\' && i+1 < len(s) && strings.IndexByte(`"\$`+"`", s[i+1]) >= 0 {
					i++
				}
				cur.WriteByte(s[i])
			}
		case c == '\\' && i+1 < len(s):
			i++
			cur.WriteByte(s[i])
			inWord = true
		default:
			cur.WriteByte(c)
			inWord = true
		}
	}
	flush()
	return words, nil
}

// runOne runs one RUN command; it returns why an external tool is missing,
// or the failure.
func runOne(path string, src []byte, cmdline string, cfg Config) (missing string, err error) {
	c, err := parseCommand(cmdline, path)
	if err != nil {
		return "", err
	}
	compiler, ok := cfg.Tools[c.tool]
	if !ok {
		var known []string
		for k := range cfg.Tools {
			known = append(known, k)
		}
		slices.Sort(known)
		return "", fmt.Errorf("unknown tool %q in RUN line (known: %s)", c.tool, strings.Join(known, ", "))
	}
	out, panicked := callCompiler(compiler, c.args, path, src)
	if panicked != nil {
		return "", panicked
	}
	var absent *missingTool
	if errors.As(out.Err, &absent) {
		return absent.why, nil
	}
	switch {
	case c.expectFail && out.Err == nil:
		return "", fmt.Errorf("expected the compile to fail (RUN: not ...), but it succeeded\n%s", clip(out.Diagnostics))
	case !c.expectFail && out.Err != nil:
		return "", fmt.Errorf("compile failed: %v\n%s", out.Err, clip(out.Diagnostics))
	}
	if c.fileCheck != nil {
		opts, rest, inputFile, err := filecheck.ParseArgs(c.fileCheck)
		if err != nil {
			return "", err
		}
		if inputFile != "" || len(rest) != 1 {
			return "", fmt.Errorf("FileCheck in a RUN line takes exactly one check file (%%s) and no --input-file")
		}
		checkText := src
		if rest[0] != path {
			if checkText, err = os.ReadFile(rest[0]); err != nil {
				return "", err
			}
		}
		input := out.Text
		if c.mergeStderr {
			input = out.Diagnostics + out.Text
		}
		opts.CheckFileName = rest[0]
		opts.InputFileName = "<stdout>"
		if c.mergeStderr {
			opts.InputFileName = "<stdout+stderr>"
		}
		if err := filecheck.Check(checkText, []byte(input), opts); err != nil {
			return "", fmt.Errorf("FileCheck failed:\n%v\nFull input (%s):\n%s", err, opts.InputFileName, clip(input))
		}
	}
	if !c.expectFail && out.SPIRV != nil && !slices.Contains(c.args, "-fcgl") && !slices.Contains(c.args, "-Vd") {
		env, valOpts := ValidatorOptions(c.args)
		if missing, err := validate(out.SPIRV, env, valOpts); missing != "" || err != nil {
			return missing, err
		}
	}
	return "", nil
}

// callCompiler runs the compiler, turning a panic (which the compiler must
// never do) into a failure of this RUN line instead of a crash of the run.
func callCompiler(compiler Compiler, args []string, path string, src []byte) (out Output, panicked error) {
	defer func() {
		if r := recover(); r != nil {
			panicked = fmt.Errorf("the compiler panicked: %v\n%s", r, debug.Stack())
		}
	}()
	return compiler(args, path, src), nil
}

// ValidatorOptions returns the spirv-val target environment and options
// that DXC validates a module with for these compiler arguments: the
// environment from -fspv-target-env (default vulkan1.0), scalar block layout
// for -fvk-use-scalar-layout and -fvk-use-dx-layout, the default (strict)
// rules for -fvk-use-gl-layout, relaxed block layout otherwise.
func ValidatorOptions(args []string) (env string, opts []string) {
	env = "vulkan1.0"
	scalar, gl := false, false
	for i, a := range args {
		switch {
		case strings.HasPrefix(a, "-fspv-target-env="):
			env = strings.TrimPrefix(a, "-fspv-target-env=")
		case a == "-fspv-target-env" && i+1 < len(args):
			env = args[i+1]
		case a == "-fvk-use-scalar-layout" || a == "-fvk-use-dx-layout":
			scalar = true
		case a == "-fvk-use-gl-layout":
			gl = true
		}
	}
	// DXC spells it vulkan1.1spirv1.4; SPIRV-Tools, vulkan1.1spv1.4.
	env = strings.Replace(env, "spirv1.", "spv1.", 1)
	// DXC's universal1.5 is SPIRV-Tools' spv1.5
	env = strings.Replace(env, "universal1.", "spv1.", 1)
	switch {
	case scalar:
		opts = []string{"--scalar-block-layout"}
	case gl:
	default:
		opts = []string{"--relax-block-layout"}
	}
	return env, opts
}

// validate runs spirv-val; missing says so when it is not installed.
func validate(words []uint32, env string, opts []string) (missing string, err error) {
	// The project's validator first (the compiler runs it too, but the
	// SPIR-V assembly goldens and -O pipelines reach here without it).
	vopts, err := spirvvalidate.OptionsFromArgs(append([]string{"--target-env", env}, opts...))
	if err != nil {
		return "", err
	}
	if err := spirvvalidate.Words(words, vopts); err != nil {
		return "", fmt.Errorf("the validator (builder/validate) rejects the module: %v", err)
	}
	val := tool.Lookup(tool.SpirvVal)
	if val == "" {
		return "spirv-val not found; install the spirv-tools package (make deps does it)", nil
	}
	f, err := os.CreateTemp("", "golden-*.spv")
	if err != nil {
		return "", err
	}
	defer os.Remove(f.Name())
	if _, err := f.Write(tool.Words2Bytes(words)); err != nil {
		f.Close()
		return "", err
	}
	f.Close()
	args := append(append([]string{}, opts...), "--target-env", env, f.Name())
	stdout, stderr, err := tool.Run(val, nil, args...)
	if err != nil {
		return "", fmt.Errorf("spirv-val %s rejects the module: %v\n%s%s", strings.Join(args[:len(args)-1], " "), err, stdout, stderr)
	}
	return "", nil
}

// missingTool is the Output.Err of a Compiler that needs an external
// program that is not installed; the runner skips (or, in CI, fails) the line.
type missingTool struct{ why string }

func (m *missingTool) Error() string { return m.why }

// clip keeps failure messages readable.
func clip(s string) string {
	const max = 200
	lines := strings.SplitAfter(s, "\n")
	if len(lines) <= max {
		return s
	}
	return strings.Join(lines[:max], "") + fmt.Sprintf("... (%d more lines)\n", len(lines)-max)
}

// wordsOf decodes a little-endian SPIR-V binary.
func wordsOf(b []byte) ([]uint32, error) {
	if len(b)%4 != 0 {
		return nil, fmt.Errorf("SPIR-V binary of %d bytes is not a whole number of words", len(b))
	}
	w := make([]uint32, len(b)/4)
	for i := range w {
		w[i] = uint32(b[4*i]) | uint32(b[4*i+1])<<8 | uint32(b[4*i+2])<<16 | uint32(b[4*i+3])<<24
	}
	return w, nil
}

// ParseRunLine splits a RUN command into its tool (%hlsl2spirv...), the
// tool's arguments (%s is left as is), and whether it is expected to fail
// ("not"), for code that replays golden RUN lines (test/corpus).
func ParseRunLine(cmdline, path string) (tool string, args []string, expectFail bool, err error) {
	c, err := parseCommand(cmdline, path)
	if err != nil {
		return "", nil, false, err
	}
	return c.tool, c.args, c.expectFail, nil
}
