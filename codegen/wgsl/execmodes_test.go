package wgsl_test

import (
	"strings"
	"testing"

	"github.com/hlsl2spirv/hlsl2spirv/codegen/wgsl"
)

// A fragment shader with the execution mode mode, ending in body.
func earlyTestsShader(mode, body string) string {
	return `
OpCapability Shader
OpCapability SampleMaskPostDepthCoverage
OpExtension "SPV_KHR_post_depth_coverage"
OpMemoryModel Logical GLSL450
OpEntryPoint Fragment %main "main" %out` + `
OpExecutionMode %main OriginUpperLeft
OpExecutionMode %main ` + mode + `
OpDecorate %out Location 0
%void = OpTypeVoid
%fn = OpTypeFunction %void
%float = OpTypeFloat 32
%v4 = OpTypeVector %float 4
%one = OpConstant %float 1
%c = OpConstantComposite %v4 %one %one %one %one
%p_out = OpTypePointer Output %v4
%out = OpVariable %p_out Output
%main = OpFunction %void None %fn
%entry = OpLabel
OpStore %out %c
` + body + `
OpFunctionEnd
`
}

// Early fragment tests nothing in the shader can observe (no discard, no
// depth or sample mask output, no writes to memory other invocations see)
// are WGSL's own; a shader that could tell is refused.
func TestEarlyFragmentTests(t *testing.T) {
	check(t, earlyTestsShader("EarlyFragmentTests", "OpReturn"), `@fragment`)
	check(t, earlyTestsShader("PostDepthCoverage", "OpReturn"), `@fragment`)
	_, err := translate(t, earlyTestsShader("EarlyFragmentTests", "OpKill"), wgsl.Options{})
	if err == nil || !strings.Contains(err.Error(), "WGSL cannot express forcing early fragment tests ([earlydepthstencil]) in a fragment shader that has OpKill") {
		t.Errorf("a discarding shader: want a refusal, got %v", err)
	}
	// A store into a storage buffer would show which fragments failed the
	// tests; one into a private variable would not.
	storage := strings.Replace(earlyTestsShader("EarlyFragmentTests", "OpStore %buf %one\nOpStore %priv %one\nOpReturn"),
		"OpDecorate %out Location 0", `OpDecorate %out Location 0
OpDecorate %block Block
OpMemberDecorate %block 0 Offset 0
OpDecorate %buf DescriptorSet 0
OpDecorate %buf Binding 0`, 1)
	storage = strings.Replace(storage, "%out = OpVariable %p_out Output", `%out = OpVariable %p_out Output
%block = OpTypeStruct %float
%p_block = OpTypePointer StorageBuffer %block
%p_sfloat = OpTypePointer StorageBuffer %float
%p_pfloat = OpTypePointer Private %float
%blockvar = OpVariable %p_block StorageBuffer
%priv = OpVariable %p_pfloat Private
%uint = OpTypeInt 32 0
%uint_0 = OpConstant %uint 0`, 1)
	storage = strings.Replace(storage, "OpDecorate %buf", "OpDecorate %blockvar", 2)
	storage = strings.Replace(storage, "OpStore %buf %one", "%buf = OpAccessChain %p_sfloat %blockvar %uint_0\nOpStore %buf %one", 1)
	storage = strings.Replace(storage, `OpEntryPoint Fragment %main "main" %out`, `OpEntryPoint Fragment %main "main" %out %blockvar %priv`, 1)
	_, err = translate(t, storage, wgsl.Options{})
	if err == nil || !strings.Contains(err.Error(), "in a fragment shader that has OpStore") {
		t.Errorf("a shader writing a storage buffer: want a refusal, got %v", err)
	}
	private := strings.Replace(storage, "%buf = OpAccessChain %p_sfloat %blockvar %uint_0\nOpStore %buf %one\n", "", 1)
	check(t, private, `@fragment`)
}

// Float controls govern floating-point operations: a module without any on
// floats of the mode's width keeps them; one with some is refused (WGSL's
// cannot be controlled).
func TestFloatControlsWithoutFloatOperations(t *testing.T) {
	shader := func(body string) string {
		return `
OpCapability Shader
OpCapability DenormPreserve
OpCapability SignedZeroInfNanPreserve
OpExtension "SPV_KHR_float_controls"
OpMemoryModel Logical GLSL450
OpEntryPoint Fragment %main "main" %in %out
OpExecutionMode %main OriginUpperLeft
OpExecutionMode %main DenormPreserve 32
OpExecutionMode %main SignedZeroInfNanPreserve 32
OpDecorate %in Location 0
OpDecorate %out Location 0
%void = OpTypeVoid
%fn = OpTypeFunction %void
%float = OpTypeFloat 32
%v4 = OpTypeVector %float 4
%p_in = OpTypePointer Input %v4
%p_out = OpTypePointer Output %v4
%in = OpVariable %p_in Input
%out = OpVariable %p_out Output
%main = OpFunction %void None %fn
%entry = OpLabel
%c = OpLoad %v4 %in
` + body + `
OpReturn
OpFunctionEnd
`
	}
	check(t, shader("OpStore %out %c"), `@fragment`)
	_, err := translate(t, shader("%d = OpFAdd %v4 %c %c\nOpStore %out %d"), wgsl.Options{})
	if err == nil || !strings.Contains(err.Error(), "WGSL cannot express the execution mode DenormPreserve with OpFAdd") {
		t.Errorf("an addition under DenormPreserve: want a refusal, got %v", err)
	}
}
