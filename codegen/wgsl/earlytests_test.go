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
}
