package opt

import (
	"strings"
	"testing"
)

// dynamicTextureIndex samples texs[i] (three textures) and writes to
// imgs[i] (two storage images) with an index read from a stage input.
const dynamicTextureIndex = `OpCapability Shader
OpMemoryModel Logical GLSL450
OpEntryPoint Fragment %main "main" %out %idxin
OpExecutionMode %main OriginUpperLeft
OpName %texs "texs"
OpName %imgs "imgs"
OpName %samp "samp"
OpName %img "img"
OpName %simg "simg"
OpName %sampler "sampler"
OpName %storage "storage"
OpDecorate %out Location 0
OpDecorate %idxin Location 0
OpDecorate %idxin Flat
OpDecorate %texs DescriptorSet 0
OpDecorate %texs Binding 0
OpDecorate %imgs DescriptorSet 0
OpDecorate %imgs Binding 4
OpDecorate %samp DescriptorSet 0
OpDecorate %samp Binding 8
%void = OpTypeVoid
%fn = OpTypeFunction %void
%float = OpTypeFloat 32
%v2float = OpTypeVector %float 2
%v4float = OpTypeVector %float 4
%uint = OpTypeInt 32 0
%int = OpTypeInt 32 1
%v2int = OpTypeVector %int 2
%uint_3 = OpConstant %uint 3
%uint_2 = OpConstant %uint 2
%int_0 = OpConstant %int 0
%float_0 = OpConstant %float 0
%coord = OpConstantComposite %v2float %float_0 %float_0
%icoord = OpConstantComposite %v2int %int_0 %int_0
%img = OpTypeImage %float 2D 2 0 0 1 Unknown
%simg = OpTypeSampledImage %img
%sampler = OpTypeSampler
%storage = OpTypeImage %float 2D 2 0 0 2 Rgba32f
%arr = OpTypeArray %img %uint_3
%sarr = OpTypeArray %storage %uint_2
%_ptr_UniformConstant_arr = OpTypePointer UniformConstant %arr
%_ptr_UniformConstant_sarr = OpTypePointer UniformConstant %sarr
%_ptr_UniformConstant_img = OpTypePointer UniformConstant %img
%_ptr_UniformConstant_storage = OpTypePointer UniformConstant %storage
%_ptr_UniformConstant_sampler = OpTypePointer UniformConstant %sampler
%_ptr_Output_v4float = OpTypePointer Output %v4float
%_ptr_Input_uint = OpTypePointer Input %uint
%texs = OpVariable %_ptr_UniformConstant_arr UniformConstant
%imgs = OpVariable %_ptr_UniformConstant_sarr UniformConstant
%samp = OpVariable %_ptr_UniformConstant_sampler UniformConstant
%out = OpVariable %_ptr_Output_v4float Output
%idxin = OpVariable %_ptr_Input_uint Input
%main = OpFunction %void None %fn
%entry = OpLabel
%i = OpLoad %uint %idxin
%pt = OpAccessChain %_ptr_UniformConstant_img %texs %i
%t = OpLoad %img %pt
%s = OpLoad %sampler %samp
%si = OpSampledImage %simg %t %s
%c = OpImageSampleImplicitLod %v4float %si %coord
%pw = OpAccessChain %_ptr_UniformConstant_storage %imgs %i
%w = OpLoad %storage %pw
OpImageWrite %w %icoord %c
OpStore %out %c
OpReturn
OpFunctionEnd
`

func TestReplaceDescArrayAccessSample(t *testing.T) {
	// Only the sample: the shape spirv-opt makes.
	src := strings.NewReplacer("%pw = OpAccessChain %_ptr_UniformConstant_storage %imgs %i\n", "",
		"%w = OpLoad %storage %pw\n", "", "OpImageWrite %w %icoord %c\n", "").Replace(dynamicTextureIndex)
	checkValid(t, src, `
; CHECK: [[null:%[0-9]+]] = OpConstantNull %v4float
; CHECK: %i = OpLoad %uint %idxin
; CHECK: OpSelectionMerge [[merge:%[0-9]+]] None
; CHECK-NEXT: OpSwitch %i [[def:%[0-9]+]] 0 [[c0:%[0-9]+]] 1 [[c1:%[0-9]+]] 2 [[c2:%[0-9]+]]
; CHECK-NEXT: [[c0]] = OpLabel
; CHECK-NEXT: [[p0:%[0-9]+]] = OpAccessChain %_ptr_UniformConstant_img %texs %uint_0
; CHECK-NEXT: [[s0:%[0-9]+]] = OpLoad %sampler %samp
; CHECK-NEXT: [[t0:%[0-9]+]] = OpLoad %img [[p0]]
; CHECK-NEXT: [[si0:%[0-9]+]] = OpSampledImage %simg [[t0]] [[s0]]
; CHECK-NEXT: [[v0:%[0-9]+]] = OpImageSampleImplicitLod %v4float [[si0]] {{%[a-z0-9_]+}}
; CHECK-NEXT: OpBranch [[merge]]
; CHECK: [[c2]] = OpLabel
; CHECK-NEXT: OpAccessChain %_ptr_UniformConstant_img %texs %uint_2
; CHECK: [[v2:%[0-9]+]] = OpImageSampleImplicitLod
; CHECK: [[def]] = OpLabel
; CHECK-NEXT: OpBranch [[merge]]
; CHECK-NEXT: [[merge]] = OpLabel
; CHECK-NEXT: %c = OpPhi %v4float [[v0]] [[c0]] {{%[0-9]+}} [[c1]] [[v2]] [[c2]] [[null]] [[def]]
; CHECK-NEXT: OpStore %out %c
`, "replace-desc-array-access-using-var-index", "eliminate-dead-code-aggressive")
	sameAsSpirvOpt(t, src, "replace-desc-array-access-using-var-index")
}

// An image write through a dynamic index is repeated in every case and
// not left before the switch, so the array can then be split.
func TestReplaceDescArrayAccessWrite(t *testing.T) {
	check(t, dynamicTextureIndex, `
; CHECK: OpSwitch %i {{%[0-9]+}} 0 {{%[0-9]+}} 1 {{%[0-9]+}} 2 {{%[0-9]+}}
; CHECK: %c = OpPhi %v4float
; CHECK-NOT: OpImageWrite
; CHECK: OpSelectionMerge [[merge:%[0-9]+]] None
; CHECK-NEXT: OpSwitch %i [[def:%[0-9]+]] 0 [[c0:%[0-9]+]] 1 [[c1:%[0-9]+]]{{$}}
; CHECK-NEXT: [[c0]] = OpLabel
; CHECK-NEXT: [[p0:%[0-9]+]] = OpAccessChain %_ptr_UniformConstant_storage %imgs %uint_0
; CHECK-NEXT: [[w0:%[0-9]+]] = OpLoad %storage [[p0]]
; CHECK-NEXT: OpImageWrite [[w0]] {{%[a-z0-9_]+}} %c
; CHECK-NEXT: OpBranch [[merge]]
; CHECK-NEXT: [[c1]] = OpLabel
; CHECK-NEXT: [[p1:%[0-9]+]] = OpAccessChain %_ptr_UniformConstant_storage %imgs %uint_1
; CHECK-NEXT: [[w1:%[0-9]+]] = OpLoad %storage [[p1]]
; CHECK-NEXT: OpImageWrite [[w1]] {{%[a-z0-9_]+}} %c
; CHECK: [[merge]] = OpLabel
; CHECK-NEXT: OpStore %out %c
`, "replace-desc-array-access-using-var-index")
	// With DXC's flattening after it, every element is a variable.
	checkValid(t, dynamicTextureIndex, `
; CHECK-DAG: OpName {{%[a-z_0-9]+}} "texs[2]"
; CHECK-DAG: OpName {{%[a-z_0-9]+}} "imgs[1]"
; CHECK-NOT: OpTypePointer UniformConstant %_arr
`, "replace-desc-array-access-using-var-index", "eliminate-dead-code-aggressive",
		"descriptor-array-scalar-replacement", "eliminate-dead-code-aggressive")
}

// An array of one resource is just indexed by 0.
func TestReplaceDescArrayAccessSingleElement(t *testing.T) {
	src := strings.NewReplacer("%sarr = OpTypeArray %storage %uint_2", "%sarr = OpTypeArray %storage %uint_1",
		"%uint_2 = OpConstant %uint 2", "%uint_2 = OpConstant %uint 2\n%uint_1 = OpConstant %uint 1").Replace(dynamicTextureIndex)
	check(t, src, `
; CHECK: %pw = OpAccessChain %_ptr_UniformConstant_storage %imgs %uint_0
; CHECK-NEXT: %w = OpLoad %storage %pw
; CHECK-NEXT: OpImageWrite %w {{%[a-z0-9_]+}} %c
`, "replace-desc-array-access-using-var-index")
}

// Both the sampler and the texture of a sample indexed dynamically (DXC's
// y[i].Sample(x[i % 2], uv)): the texture's switch (its array comes first)
// repeats the sampler's access chain in each case, and each of those gets
// a switch of its own.
func TestReplaceDescArrayAccessNested(t *testing.T) {
	src := strings.NewReplacer("%samp = OpVariable %_ptr_UniformConstant_sampler UniformConstant",
		"%samp = OpVariable %_ptr_UniformConstant_sarr2 UniformConstant",
		"%_ptr_Output_v4float = OpTypePointer Output %v4float",
		"%sarr2 = OpTypeArray %sampler %uint_2\n%_ptr_UniformConstant_sarr2 = OpTypePointer UniformConstant %sarr2\n%_ptr_Output_v4float = OpTypePointer Output %v4float",
		"%s = OpLoad %sampler %samp", "%j = OpUMod %uint %i %uint_2\n%ps = OpAccessChain %_ptr_UniformConstant_sampler %samp %j\n%s = OpLoad %sampler %ps",
		"%pw = OpAccessChain %_ptr_UniformConstant_storage %imgs %i\n", "",
		"%w = OpLoad %storage %pw\n", "", "OpImageWrite %w %icoord %c\n", "").Replace(dynamicTextureIndex)
	checkValid(t, src, `
; CHECK: OpSwitch %i {{%[0-9]+}} 0 [[t0:%[0-9]+]] 1 [[t1:%[0-9]+]] 2 [[t2:%[0-9]+]]
; CHECK: [[t0]] = OpLabel
; CHECK: OpSwitch %j
; CHECK: OpAccessChain %_ptr_UniformConstant_sampler %samp %uint_0
; CHECK-NEXT: OpAccessChain %_ptr_UniformConstant_img %texs %uint_0
; CHECK: OpAccessChain %_ptr_UniformConstant_sampler %samp %uint_1
; CHECK-NEXT: OpAccessChain %_ptr_UniformConstant_img %texs %uint_0
; CHECK: [[t1]] = OpLabel
; CHECK: OpSwitch %j
; CHECK: [[t2]] = OpLabel
; CHECK: OpSwitch %j
; CHECK: %c = OpPhi %v4float
; CHECK-NEXT: OpStore %out %c
`, "replace-desc-array-access-using-var-index", "eliminate-dead-code-aggressive")
	sameAsSpirvOpt(t, src, "replace-desc-array-access-using-var-index")
}
