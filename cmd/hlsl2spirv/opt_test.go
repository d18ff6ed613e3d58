package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hlsl2spirv/hlsl2spirv/builder"
	"github.com/hlsl2spirv/hlsl2spirv/builder/asm"
	"github.com/hlsl2spirv/hlsl2spirv/test/filecheck"
)

const twoFunctions = `OpCapability Shader
OpMemoryModel Logical GLSL450
OpEntryPoint Fragment %main "main"
OpExecutionMode %main OriginUpperLeft
OpName %unused "unused"
%void = OpTypeVoid
%fn = OpTypeFunction %void
%main = OpFunction %void None %fn
%e = OpLabel
OpReturn
OpFunctionEnd
%unused = OpFunction %void None %fn
%u = OpLabel
OpReturn
OpFunctionEnd
`

// TestOptimizeBinary runs -opt on a SPIR-V binary: -Oconfig runs the named
// passes, -Fo writes the result, and what is not a module is an error.
func TestOptimizeBinary(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "in.spv")
	words, err := asm.Assemble(twoFunctions, asm.Options{})
	if err != nil {
		t.Fatal(err)
	}
	os.WriteFile(in, builder.LittleEndian(words), 0o644)

	var stdout, stderr bytes.Buffer
	if rc := run([]string{"-opt", in, "-Oconfig=--eliminate-dead-functions,--compact-ids"}, &stdout, &stderr); rc != 0 {
		t.Fatalf("exit %d: %s", rc, stderr.String())
	}
	filecheck.Assert(t, "CHECK: ; Bound: 5\nCHECK: OpEntryPoint Fragment %1\nCHECK-NOT: %unused\n", stdout.String(), filecheck.Options{})

	out := filepath.Join(dir, "out.spv")
	stdout.Reset()
	if rc := run([]string{"-opt", in, "-O3", "-Fo", out}, &stdout, &stderr); rc != 0 {
		t.Fatalf("exit %d: %s", rc, stderr.String())
	}
	data, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := builder.LoadBytes(data); err != nil {
		t.Errorf("-Fo wrote no module: %v", err)
	}

	stderr.Reset()
	if rc := run([]string{"-opt", in, "-Oconfig=--no-such-pass"}, &stdout, &stderr); rc == 0 || !strings.Contains(stderr.String(), "Unknown flag '--no-such-pass'") {
		t.Errorf("unknown pass: exit %d, stderr %q", rc, stderr.String())
	}
	bad := filepath.Join(dir, "bad.spv")
	os.WriteFile(bad, []byte("float4 main() : SV_Target { return 0; }"), 0o644)
	stderr.Reset()
	if rc := run([]string{"-opt", bad}, &stdout, &stderr); rc == 0 || !strings.Contains(stderr.String(), "error") {
		t.Errorf("HLSL given to -opt: exit %d, stderr %q", rc, stderr.String())
	}
}

// TestPrintAll checks that -fspv-print-all prints the module around every
// pass, to stderr.
func TestPrintAll(t *testing.T) {
	in := filepath.Join(t.TempDir(), "in.spv")
	words, _ := asm.Assemble(twoFunctions, asm.Options{})
	os.WriteFile(in, builder.LittleEndian(words), 0o644)
	var stdout, stderr bytes.Buffer
	if rc := run([]string{"-opt", in, "-fspv-print-all", "-Oconfig=--eliminate-dead-functions,--compact-ids"}, &stdout, &stderr); rc != 0 {
		t.Fatalf("exit %d: %s", rc, stderr.String())
	}
	filecheck.Assert(t, lines(
		"CHECK: ; IR before pass eliminate-dead-functions",
		"CHECK: %unused = OpFunction",
		"CHECK: ; IR before pass compact-ids",
		"CHECK-NOT: %unused = OpFunction",
		"CHECK: ; IR after last pass",
	), stderr.String(), filecheck.Options{})
}

func lines(s ...string) string { return strings.Join(s, "\n") + "\n" }

// TestTimeReport checks that -ftime-report lists every pass run, with its
// number of runs, on stderr, for a compile and for -opt.
func TestTimeReport(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "in.spv")
	words, _ := asm.Assemble(twoFunctions, asm.Options{})
	os.WriteFile(in, builder.LittleEndian(words), 0o644)
	var stdout, stderr bytes.Buffer
	if rc := run([]string{"-opt", in, "-ftime-report", "-Oconfig=--eliminate-dead-functions,--compact-ids,--eliminate-dead-functions"}, &stdout, &stderr); rc != 0 {
		t.Fatalf("exit %d: %s", rc, stderr.String())
	}
	filecheck.Assert(t, lines(
		"CHECK: SPIR-V optimizer pass timing report",
		"CHECK: Total: {{[0-9.]+}} ms",
		"CHECK-DAG: {{[0-9.]+ +[0-9.]+%}} 2  eliminate-dead-functions",
		"CHECK-DAG: {{[0-9.]+ +[0-9.]+%}} 1  compact-ids",
	), stderr.String(), filecheck.Options{})

	hlsl := filepath.Join(dir, "ps.hlsl")
	os.WriteFile(hlsl, []byte("float4 main(float4 c : COLOR) : SV_Target { return c * 2; }\n"), 0o644)
	stderr.Reset()
	if rc := run([]string{"-T", "ps_6_0", "-E", "main", "-ftime-report", "-Fo", filepath.Join(dir, "ps.spv"), hlsl}, &stdout, &stderr); rc != 0 {
		t.Fatalf("exit %d: %s", rc, stderr.String())
	}
	filecheck.Assert(t, lines(
		"CHECK: SPIR-V optimizer pass timing report",
		"CHECK-DAG: {{ [0-9]+}}  eliminate-dead-code-aggressive",
		"CHECK-DAG: {{ 1}}  compact-ids",
	), stderr.String(), filecheck.Options{})
}

// badAdd adds two ints with OpFAdd at shader.hlsl:3:9.
const badAdd = `OpCapability Shader
OpMemoryModel Logical GLSL450
OpEntryPoint GLCompute %main "main"
OpExecutionMode %main LocalSize 1 1 1
%file = OpString "shader.hlsl"
%void = OpTypeVoid
%fn = OpTypeFunction %void
%int = OpTypeInt 32 1
%one = OpConstant %int 1
%main = OpFunction %void None %fn
%l = OpLabel
OpLine %file 3 9
%x = OpFAdd %int %one %one
OpReturn
OpFunctionEnd
`

// TestOptimizeBinaryValidates checks that -opt refuses an invalid input,
// naming the rule and the source line its OpLine gives, writes nothing,
// and takes it under -Vd.
func TestOptimizeBinaryValidates(t *testing.T) {
	dir := t.TempDir()
	in, out := filepath.Join(dir, "in.spv"), filepath.Join(dir, "out.spv")
	words, err := asm.Assemble(badAdd, asm.Options{})
	if err != nil {
		t.Fatal(err)
	}
	os.WriteFile(in, builder.LittleEndian(words), 0o644)
	var stdout, stderr bytes.Buffer
	rc := run([]string{"-opt", in, "-O3", "-Fo", out}, &stdout, &stderr)
	if rc == 0 || !strings.Contains(stderr.String(), "shader.hlsl:3:9: invalid SPIR-V [arithmetic]") {
		t.Errorf("invalid input: exit %d, stderr %q", rc, stderr.String())
	}
	if _, err := os.Stat(out); err == nil {
		t.Errorf("-opt wrote %s for an invalid input", out)
	}
	stderr.Reset()
	if rc := run([]string{"-opt", in, "-O0", "-Vd", "-Fo", out}, &stdout, &stderr); rc != 0 {
		t.Errorf("-Vd: exit %d, stderr %q", rc, stderr.String())
	}
}
