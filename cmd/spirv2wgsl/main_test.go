package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hlsl2spirv/hlsl2spirv/builder"
	"github.com/hlsl2spirv/hlsl2spirv/builder/asm"
)

// compute is a valid compute shader; the broken one adds ints with OpFAdd
// at shader.hlsl:3:9.
const compute = `OpCapability Shader
OpMemoryModel Logical GLSL450
OpEntryPoint GLCompute %main "main"
OpExecutionMode %main LocalSize 1 1 1
%file = OpString "shader.hlsl"
%void = OpTypeVoid
%fn = OpTypeFunction %void
%int = OpTypeInt 32 1
%float = OpTypeFloat 32
%one = OpConstant %int 1
%fone = OpConstant %float 1
%main = OpFunction %void None %fn
%l = OpLabel
OpLine %file 3 9
%x = OpFAdd TYPE ONE ONE
OpReturn
OpFunctionEnd
`

func writeModule(t *testing.T, dir, name, text string) string {
	t.Helper()
	words, err := asm.Assemble(text, asm.Options{})
	if err != nil {
		t.Fatal(err)
	}
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, builder.LittleEndian(words), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// TestValidatesInput checks that spirv2wgsl validates its input: a valid
// module is translated; an invalid one is refused with the broken rule and
// the source line, and no WGSL is written, unless --no-validate.
func TestValidatesInput(t *testing.T) {
	dir := t.TempDir()
	good := writeModule(t, dir, "good.spv", strings.NewReplacer("TYPE", "%float", "ONE", "%fone").Replace(compute))
	bad := writeModule(t, dir, "bad.spv", strings.NewReplacer("TYPE", "%int", "ONE", "%one").Replace(compute))
	out := filepath.Join(dir, "out.wgsl")

	var stdout, stderr bytes.Buffer
	if rc := run([]string{good, "-o", out}, &stdout, &stderr); rc != 0 {
		t.Fatalf("valid module: exit %d: %s", rc, stderr.String())
	}
	if b, err := os.ReadFile(out); err != nil || !strings.Contains(string(b), "@compute") {
		t.Errorf("valid module: no compute entry point written (%v): %s", err, b)
	}
	os.Remove(out)

	stderr.Reset()
	rc := run([]string{bad, "-o", out}, &stdout, &stderr)
	if rc != 1 || !strings.Contains(stderr.String(), "shader.hlsl:3:9: invalid SPIR-V [arithmetic]") {
		t.Errorf("invalid module: exit %d, stderr %q", rc, stderr.String())
	}
	if _, err := os.Stat(out); err == nil {
		t.Errorf("invalid module: %s written", out)
	}

	stderr.Reset()
	if rc := run([]string{bad, "--no-validate", "--target-env", "vulkan1.1"}, &stdout, &stderr); strings.Contains(stderr.String(), "invalid SPIR-V") {
		t.Errorf("--no-validate: exit %d, still validated: %q", rc, stderr.String())
	}
	stderr.Reset()
	if rc := run([]string{good, "--target-env", "vulkan9"}, &stdout, &stderr); rc != 2 {
		t.Errorf("--target-env vulkan9: exit %d, stderr %q", rc, stderr.String())
	}
}
