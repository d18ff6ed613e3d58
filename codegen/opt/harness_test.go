package opt

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/hlsl2spirv/hlsl2spirv/builder"
	"github.com/hlsl2spirv/hlsl2spirv/builder/asm"
	"github.com/hlsl2spirv/hlsl2spirv/builder/disasm"
	"github.com/hlsl2spirv/hlsl2spirv/test/filecheck"
	"github.com/hlsl2spirv/hlsl2spirv/test/tool"
)

// The pass tests are SPIR-V in, SPIR-V out, as spirv-opt's: assembly text
// is assembled, the passes run (with builder.VerifyIR after each), and the
// disassembly (spirv-dis's text, friendly names included) is matched
// against FileCheck directives.

// runFlags assembles src, runs the passes named by flags, and returns the
// module and its disassembly.
func runFlags(t *testing.T, src string, flags ...string) (*builder.Module, string) {
	t.Helper()
	return runFlagsWith(t, src, Options{}, flags...)
}

// runFlagsWith is runFlags with pass options (-fspv-preserve-interface...).
func runFlagsWith(t *testing.T, src string, o Options, flags ...string) (*builder.Module, string) {
	t.Helper()
	m, err := asm.Parse(named(src), asm.Options{PreserveNumericIDs: true})
	if err != nil {
		t.Fatalf("assembling the input: %v", err)
	}
	passes, err := Passes(flags)
	if err != nil {
		t.Fatal(err)
	}
	if err := Run(m, passes, RunOptions{Options: o, Verify: true}); err != nil {
		t.Fatal(err)
	}
	return m, disassemble(t, m)
}

// runErr assembles src and runs the passes named by flags, returning the
// error of the run (for passes that must refuse their input).
func runErr(t *testing.T, src string, flags ...string) (*builder.Module, error) {
	t.Helper()
	m, err := asm.Parse(named(src), asm.Options{PreserveNumericIDs: true})
	if err != nil {
		t.Fatalf("assembling the input: %v", err)
	}
	passes, err := Passes(flags)
	if err != nil {
		t.Fatal(err)
	}
	return m, Run(m, passes, RunOptions{})
}

func disassemble(t *testing.T, m *builder.Module) string {
	t.Helper()
	var w builder.WordSlice
	if err := builder.Serialize(m, &w); err != nil {
		t.Fatalf("serializing: %v", err)
	}
	text, err := disasm.Disassemble(w.Words)
	if err != nil {
		t.Fatal(err)
	}
	return text
}

// check runs the passes over src and matches the output against the CHECK
// directives in checks.
func check(t *testing.T, src, checks string, flags ...string) string {
	t.Helper()
	_, out := runFlags(t, src, flags...)
	filecheck.Assert(t, checks, out, filecheck.Options{})
	return out
}

// checkValid is check plus spirv-val on the output (for the target env
// given in the text's "; Version:" line, vulkan1.0 otherwise) and a second
// run of the same passes, which must change nothing.
func checkValid(t *testing.T, src, checks string, flags ...string) {
	t.Helper()
	checkValidWith(t, src, checks, Options{}, flags...)
}

// checkWith is check with pass options.
func checkWith(t *testing.T, src, checks string, o Options, flags ...string) string {
	t.Helper()
	_, out := runFlagsWith(t, src, o, flags...)
	filecheck.Assert(t, checks, out, filecheck.Options{})
	return out
}

// checkValidWith is checkValid with pass options.
func checkValidWith(t *testing.T, src, checks string, o Options, flags ...string) {
	t.Helper()
	m, out := runFlagsWith(t, src, o, flags...)
	filecheck.Assert(t, checks, out, filecheck.Options{})
	var w builder.WordSlice
	if err := builder.Serialize(m, &w); err != nil {
		t.Fatal(err)
	}
	env := "vulkan1.0"
	if m.Version >= 0x10300 {
		env = "vulkan1.1"
	}
	if m.Version == 0x10400 {
		env = "vulkan1.1spv1.4"
	}
	if m.Version >= 0x10500 {
		env = "vulkan1.2"
	}
	if m.Version >= 0x10600 {
		env = "vulkan1.3"
	}
	if err := tool.Validate(t, tool.Words2Bytes(w.Words), env); err != nil {
		t.Errorf("the output is invalid: %v\n%s", err, out)
	}
	_, again := runFlagsWith(t, out, o, flags...)
	if normalizeIDs(again) != normalizeIDs(out) {
		t.Errorf("a second run changed the module (- first run, + second):\n%s", lineDiff(normalizeIDs(out), normalizeIDs(again)))
	}
}

// checkValidOnce is check plus spirv-val on the output, for passes that
// are not idempotent (spirv-opt's wrap-opkill wraps its own wrapper
// again).
func checkValidOnce(t *testing.T, src, checks string, flags ...string) {
	t.Helper()
	m, out := runFlags(t, src, flags...)
	filecheck.Assert(t, checks, out, filecheck.Options{})
	var w builder.WordSlice
	if err := builder.Serialize(m, &w); err != nil {
		t.Fatal(err)
	}
	if err := tool.Validate(t, tool.Words2Bytes(w.Words), "vulkan1.0"); err != nil {
		t.Errorf("the output is invalid: %v\n%s", err, out)
	}
}

// header is the start of most test modules: a fragment shader's
// capabilities, memory model and common types.
const header = `OpCapability Shader
OpMemoryModel Logical GLSL450
OpEntryPoint Fragment %main "main"
OpExecutionMode %main OriginUpperLeft
`

// normalizeIDs replaces numeric ids and the bound by placeholders (the
// assembler may number a reassembled module differently).
func normalizeIDs(s string) string {
	s = regexp.MustCompile(`; Bound: [0-9]+`).ReplaceAllString(s, "; Bound: N")
	s = regexp.MustCompile(`_struct_[0-9]+\b`).ReplaceAllString(s, "_struct_N") // unnamed structs' friendly names
	s = regexp.MustCompile(`%[0-9]+\b`).ReplaceAllString(s, "%N")
	// (The disassembly right-aligns result ids: their lengths changed.)
	return regexp.MustCompile(`(?m)^ +`).ReplaceAllString(s, "")
}

func lines(s ...string) string { return strings.Join(s, "\n") + "\n" }

func contains(s, sub string) bool { return strings.Contains(s, sub) }

// named adds an OpName for every id a test module defines by name inside
// a function or as a variable (unless it has one), so the disassembly
// FileCheck sees keeps the test's names (%entry, %x...) instead of
// numbers. Types and constants keep their friendly names anyway.
func named(src string) string {
	ls := strings.Split(src, "\n")
	have := map[string]bool{}
	for _, l := range ls {
		if f := strings.Fields(l); len(f) >= 2 && f[0] == "OpName" {
			have[f[1]] = true
		}
	}
	var names []string
	inFunc := false
	at := -1
	for i, l := range ls {
		f := strings.Fields(l)
		if len(f) == 0 {
			continue
		}
		op := f[0]
		if len(f) >= 3 && f[1] == "=" {
			op = f[2] // %file = OpString "a.hlsl"
		}
		switch op {
		case "OpEntryPoint", "OpExecutionMode", "OpExecutionModeId", "OpSource", "OpString", "OpName", "OpMemberName":
			at = i + 1
		}
		if len(f) < 3 || f[1] != "=" || !strings.HasPrefix(f[0], "%") {
			continue
		}
		if f[2] == "OpFunction" {
			inFunc = true
		}
		id := f[0]
		if have[id] || id[1] >= '0' && id[1] <= '9' || !inFunc && f[2] != "OpVariable" {
			continue
		}
		have[id] = true
		names = append(names, "OpName "+id+` "`+id[1:]+`"`)
	}
	if at < 0 || len(names) == 0 {
		return src
	}
	return strings.Join(append(append(ls[:at:at], names...), ls[at:]...), "\n")
}

// readTestdata returns a file of testdata/ as a string.
func readTestdata(t *testing.T, name string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}
