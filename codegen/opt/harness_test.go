package opt

import (
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
	m, err := asm.Parse(src, asm.Options{})
	if err != nil {
		t.Fatalf("assembling the input: %v", err)
	}
	passes, err := Passes(flags)
	if err != nil {
		t.Fatal(err)
	}
	if err := Run(m, passes, RunOptions{Verify: true}); err != nil {
		t.Fatal(err)
	}
	return m, disassemble(t, m)
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
	m, out := runFlags(t, src, flags...)
	filecheck.Assert(t, checks, out, filecheck.Options{})
	var w builder.WordSlice
	if err := builder.Serialize(m, &w); err != nil {
		t.Fatal(err)
	}
	env := "vulkan1.0"
	if m.Version >= 0x10300 {
		env = "vulkan1.1"
	}
	if m.Version >= 0x10500 {
		env = "vulkan1.2"
	}
	if err := tool.Validate(t, tool.Words2Bytes(w.Words), env); err != nil {
		t.Errorf("the output is invalid: %v\n%s", err, out)
	}
	_, again := runFlags(t, out, flags...)
	if again != out {
		t.Errorf("a second run changed the module:\n%s", again)
	}
}

// header is the start of most test modules: a fragment shader's
// capabilities, memory model and common types.
const header = `OpCapability Shader
OpMemoryModel Logical GLSL450
OpEntryPoint Fragment %main "main"
OpExecutionMode %main OriginUpperLeft
`

func lines(s ...string) string { return strings.Join(s, "\n") + "\n" }

func contains(s, sub string) bool { return strings.Contains(s, sub) }
