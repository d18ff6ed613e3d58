package wgsl_test

import (
	"github.com/hlsl2spirv/hlsl2spirv/codegen/wgsl"
	"strings"
	"testing"
)

// quadHeader is computeHeader with a derivative group mode in place of the
// workgroup size (2x2x1 quads need an even width and height).
func quadHeader(mode string) string {
	h := strings.Replace(computeHeader, "OpExecutionMode %main LocalSize 8 1 1\n",
		"OpExecutionMode %main LocalSize 4 2 1\nOpExecutionMode %main "+mode+"\n", 1)
	return strings.Replace(h, "OpCapability Shader\n", "OpCapability Shader\nOpCapability ComputeDerivativeGroupQuadsKHR\nOpCapability ComputeDerivativeGroupLinearKHR\nOpCapability GroupNonUniformQuad\nOpExtension \"SPV_KHR_compute_shader_derivatives\"\n", 1)
}

// quadDerivativeModule takes derivatives of a compute shader's values in
// 2x2 quads and broadcasts one lane's result.
func quadDerivativeModule() string {
	return quadHeader("DerivativeGroupQuadsKHR") + `
%uint_2 = OpConstant %uint 2
%uint_3 = OpConstant %uint 3
%main = OpFunction %void None %fn
%entry = OpLabel
%id = OpLoad %v3uint %gid
%x = OpCompositeExtract %uint %id 0
%f = OpConvertUToF %float %x
%sq = OpFMul %float %f %f
%dx = OpDPdx %float %sq
%dy = OpDPdyCoarse %float %sq
%fw = OpFwidth %float %sq
%s1 = OpFAdd %float %dx %dy
%s2 = OpFAdd %float %s1 %fw
%b = OpConvertFToU %uint %s2
%qb = OpGroupNonUniformQuadBroadcast %uint %uint_3 %b %uint_2
%p = OpAccessChain %ptr_uint %buf %int_0 %x
OpStore %p %qb
OpReturn
OpFunctionEnd
`
}

// Derivatives in a compute shader with 2x2 quads: the values cross the
// quad through workgroup memory between barriers, lanes found from the
// local invocation index and the workgroup width.
func TestComputeDerivativesThroughWorkgroupMemory(t *testing.T) {
	check(t, quadDerivativeModule(),
		`var<private> local_index : u32;`,
		`var<workgroup> (quad_exchange) : array<f32, 8>;`,
		`fn spv_quad_lane\(\) -> u32 \{\s+return \(\(local_index % 4u\) & 1u\) \| \(\(\(local_index / 4u\) & 1u\) << 1u\);`,
		`return local_index - \(q & 1u\) - \(q >> 1u\) \* 4u \+ \(k & 1u\) \+ \(k >> 1u\) \* 4u;`,
		`quad_exchange\[local_index\] = \w+;\s+workgroupBarrier\(\);\s+let quad : f32 = quad_exchange\[spv_quad_index\(\(spv_quad_lane\(\) & 2u\) \+ 1u\)\] - quad_exchange\[spv_quad_index\(spv_quad_lane\(\) & 2u\)\];\s+workgroupBarrier\(\);`,
		`quad_exchange\[spv_quad_index\(2u\)\] - quad_exchange\[spv_quad_index\(0u\)\]`,
		`abs\(`,
		`\[spv_quad_index\(2u\)\];\s+workgroupBarrier\(\);`,
		`@builtin\(local_invocation_index\) local_invocation_index_param : u32`,
		`local_index = local_invocation_index_param;`)
}

// Quad operations in a compute shader with linear quads (four consecutive
// local invocation indices): a swap of a bool, which WGSL's quad builtins
// do not take, and a broadcast from a lane chosen at run time.
func TestComputeQuadSwapLinear(t *testing.T) {
	check(t, quadHeader("DerivativeGroupLinearKHR")+`
%uint_2 = OpConstant %uint 2
%uint_3 = OpConstant %uint 3
%main = OpFunction %void None %fn
%entry = OpLabel
%id = OpLoad %v3uint %gid
%x = OpCompositeExtract %uint %id 0
%odd = OpBitwiseAnd %uint %x %uint_1
%c = OpIEqual %bool %odd %uint_0
%sw = OpGroupNonUniformQuadSwap %bool %uint_3 %c %uint_2
%v = OpSelect %uint %sw %uint_10 %uint_1
%lane = OpShiftRightLogical %uint %x %uint_3
%qb = OpGroupNonUniformQuadBroadcast %uint %uint_3 %v %lane
%p = OpAccessChain %ptr_uint %buf %int_0 %x
OpStore %p %qb
OpReturn
OpFunctionEnd
`,
		`var<workgroup> quad_exchange : array<bool, 8>;`,
		`return local_index & 3u;`,
		`return \(local_index & ~3u\) \+ k;`,
		`quad_exchange\[spv_quad_index\(spv_quad_lane\(\) \^ 3u\)\]`,
		`quad_exchange_1\[spv_quad_index\(\(?x_\d+ >> 3u\)? & 3u\)\]`)
}

// An exchange whose barriers would be under non-uniform control flow is
// refused by name.
func TestComputeDerivativeInBranchRefused(t *testing.T) {
	_, err := translate(t, quadHeader("DerivativeGroupQuadsKHR")+`
%main = OpFunction %void None %fn
%entry = OpLabel
%id = OpLoad %v3uint %gid
%x = OpCompositeExtract %uint %id 0
%c = OpULessThan %bool %x %uint_10
OpSelectionMerge %m None
OpBranchConditional %c %then %m
%then = OpLabel
%f = OpConvertUToF %float %x
%dx = OpDPdx %float %f
%b = OpConvertFToU %uint %dx
%p = OpAccessChain %ptr_uint %buf %int_0 %x
OpStore %p %b
OpBranch %m
%m = OpLabel
OpReturn
OpFunctionEnd
`, wgsl.Options{})
	if err == nil || !strings.Contains(err.Error(), "WGSL cannot express a derivative or quad operation of a compute shader under non-uniform control flow") {
		t.Fatalf("got %v", err)
	}
}

// Implicit-level-of-detail sampling in a compute derivative group: the
// coordinates' derivatives come from the quad and go to textureSampleGrad,
// scaled by 2^bias for a bias.
func TestComputeImplicitSampleThroughGradients(t *testing.T) {
	check(t, `
OpCapability Shader
OpCapability ComputeDerivativeGroupQuadsKHR
OpExtension "SPV_KHR_compute_shader_derivatives"
OpMemoryModel Logical GLSL450
OpEntryPoint GLCompute %main "main" %gid
OpExecutionMode %main LocalSize 2 2 1
OpExecutionMode %main DerivativeGroupQuadsKHR
OpName %tex "tex"
OpName %smp "smp"
OpName %buf "buf"
OpDecorate %gid BuiltIn GlobalInvocationId
OpDecorate %tex DescriptorSet 0
OpDecorate %tex Binding 0
OpDecorate %smp DescriptorSet 0
OpDecorate %smp Binding 1
OpDecorate %rta ArrayStride 16
OpMemberDecorate %block 0 Offset 0
OpDecorate %block BufferBlock
OpDecorate %buf DescriptorSet 0
OpDecorate %buf Binding 2
%void = OpTypeVoid
%fn = OpTypeFunction %void
%int = OpTypeInt 32 1
%uint = OpTypeInt 32 0
%float = OpTypeFloat 32
%v2 = OpTypeVector %float 2
%v4 = OpTypeVector %float 4
%v3uint = OpTypeVector %uint 3
%v2uint = OpTypeVector %uint 2
%int_0 = OpConstant %int 0
%half = OpConstant %float 0.5
%eighth = OpConstant %float 0.125
%img = OpTypeImage %float 2D 0 0 0 1 Unknown
%sampler = OpTypeSampler
%si = OpTypeSampledImage %img
%ptr_img = OpTypePointer UniformConstant %img
%ptr_smp = OpTypePointer UniformConstant %sampler
%tex = OpVariable %ptr_img UniformConstant
%smp = OpVariable %ptr_smp UniformConstant
%ptr_in_v3uint = OpTypePointer Input %v3uint
%gid = OpVariable %ptr_in_v3uint Input
%rta = OpTypeRuntimeArray %v4
%block = OpTypeStruct %rta
%ptr_block = OpTypePointer Uniform %block
%buf = OpVariable %ptr_block Uniform
%ptr_v4 = OpTypePointer Uniform %v4
%main = OpFunction %void None %fn
%e = OpLabel
%id = OpLoad %v3uint %gid
%xy = OpVectorShuffle %v2uint %id %id 0 1
%fxy = OpConvertUToF %v2 %xy
%uv = OpVectorTimesScalar %v2 %fxy %eighth
%t = OpLoad %img %tex
%s = OpLoad %sampler %smp
%ts = OpSampledImage %si %t %s
%r = OpImageSampleImplicitLod %v4 %ts %uv Bias %half
%x = OpCompositeExtract %uint %id 0
%p = OpAccessChain %ptr_v4 %buf %int_0 %x
OpStore %p %r
OpReturn
OpFunctionEnd
`,
		`var<workgroup> quad_exchange : array<vec2<f32>, 4>;`,
		`let (coords) : vec2<f32> = `,
		`quad_exchange\[local_index\] = coords;\s+workgroupBarrier\(\);\s+let (quad) : vec2<f32> = `,
		`textureSampleGrad\(tex, smp, coords, quad \* exp2\(0\.5f\), quad_1 \* exp2\(0\.5f\)\)`)
}

// A derivative in a compute shader without a derivative group is refused
// by name (WGSL has derivatives in fragment shaders only).
func TestComputeDerivativeWithoutGroupRefused(t *testing.T) {
	_, err := translate(t, computeHeader+`
%main = OpFunction %void None %fn
%entry = OpLabel
%id = OpLoad %v3uint %gid
%x = OpCompositeExtract %uint %id 0
%f = OpConvertUToF %float %x
%dx = OpDPdx %float %f
%b = OpConvertFToU %uint %dx
%p = OpAccessChain %ptr_uint %buf %int_0 %x
OpStore %p %b
OpReturn
OpFunctionEnd
`, wgsl.Options{})
	if !wgsl.IsUnsupported(err) || !strings.Contains(err.Error(), "a derivative in a compute shader without a derivative group") {
		t.Fatalf("got %v", err)
	}
}
