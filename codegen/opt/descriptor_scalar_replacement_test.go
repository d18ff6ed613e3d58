package opt

import (
	"strings"
	"testing"

	"github.com/hlsl2spirv/hlsl2spirv/builder/asm"
)

// textureArray is a pixel shader sampling an array of three textures at
// binding 2 with constant indexes, once through a load of the whole array
// (SPIR-V 1.4: every global is in the interface).
const textureArray = `; Version: 1.4
OpCapability Shader
OpMemoryModel Logical GLSL450
OpEntryPoint Fragment %main "main" %out %texs %samp
OpExecutionMode %main OriginUpperLeft
OpName %texs "texs"
OpName %samp "samp"
OpDecorate %out Location 0
OpDecorate %texs DescriptorSet 1
OpDecorate %texs Binding 2
OpDecorate %samp DescriptorSet 1
OpDecorate %samp Binding 0
%void = OpTypeVoid
%fn = OpTypeFunction %void
%float = OpTypeFloat 32
%v2float = OpTypeVector %float 2
%v4float = OpTypeVector %float 4
%uint = OpTypeInt 32 0
%uint_0 = OpConstant %uint 0
%uint_2 = OpConstant %uint 2
%uint_3 = OpConstant %uint 3
%float_0 = OpConstant %float 0
%coord = OpConstantComposite %v2float %float_0 %float_0
%img = OpTypeImage %float 2D 2 0 0 1 Unknown
%simg = OpTypeSampledImage %img
%sampler = OpTypeSampler
%arr = OpTypeArray %img %uint_3
%_ptr_UniformConstant_arr = OpTypePointer UniformConstant %arr
%_ptr_UniformConstant_img = OpTypePointer UniformConstant %img
%_ptr_UniformConstant_sampler = OpTypePointer UniformConstant %sampler
%_ptr_Output_v4float = OpTypePointer Output %v4float
%texs = OpVariable %_ptr_UniformConstant_arr UniformConstant
%samp = OpVariable %_ptr_UniformConstant_sampler UniformConstant
%out = OpVariable %_ptr_Output_v4float Output
%main = OpFunction %void None %fn
%entry = OpLabel
%p2 = OpAccessChain %_ptr_UniformConstant_img %texs %uint_2
%t2 = OpLoad %img %p2
%s = OpLoad %sampler %samp
%si2 = OpSampledImage %simg %t2 %s
%c2 = OpImageSampleImplicitLod %v4float %si2 %coord
%all = OpLoad %arr %texs
%t0 = OpCompositeExtract %img %all 0
%si0 = OpSampledImage %simg %t0 %s
%c0 = OpImageSampleImplicitLod %v4float %si0 %coord
%sum = OpFAdd %v4float %c0 %c2
OpStore %out %sum
OpReturn
OpFunctionEnd
`

func TestDescriptorArrayScalarReplacement(t *testing.T) {
	for _, flag := range []string{"descriptor-array-scalar-replacement", "descriptor-scalar-replacement"} {
		t.Run(flag, func(t *testing.T) {
			checkValid(t, named(textureArray), `
; CHECK: OpEntryPoint Fragment %main "main" %out %samp [[t0:%[a-z_0-9]+]] [[t1:%[a-z_0-9]+]] [[t2:%[a-z_0-9]+]]{{$}}
; CHECK-NOT: OpName %texs
; CHECK-DAG: OpName [[t2]] "texs[2]"
; CHECK-DAG: OpName [[t0]] "texs[0]"
; CHECK-DAG: OpName [[t1]] "texs[1]"
; CHECK-NOT: OpDecorate %texs
; CHECK-DAG: OpDecorate [[t2]] DescriptorSet 1
; CHECK-DAG: OpDecorate [[t2]] Binding 4
; CHECK-DAG: OpDecorate [[t0]] Binding 2
; CHECK-DAG: OpDecorate [[t1]] Binding 3
; CHECK-NOT: OpVariable %_ptr_UniformConstant__arr
; CHECK: %t2 = OpLoad {{%[0-9]+}} [[t2]]
; CHECK: %t0 = OpLoad {{%[0-9]+}} [[t0]]
; CHECK-NEXT: %si0 = OpSampledImage {{%[0-9]+}} %t0 %s
`, flag)
		})
	}
	// (Debian's spirv-opt 2023.1 splits neither a load of the whole array
	// nor an interface listing: compare without them.)
	noLoad := strings.NewReplacer("%all = OpLoad %arr %texs\n%t0 = OpCompositeExtract %img %all 0", "%t0 = OpCopyObject %img %t2",
		"; Version: 1.4\n", "", `"main" %out %texs %samp`, `"main" %out`).Replace(textureArray)
	sameAsSpirvOpt(t, noLoad, "descriptor-scalar-replacement")
	// Arrays are left alone when only structs are split.
	_, out := runFlags(t, named(textureArray), "descriptor-composite-scalar-replacement")
	if !strings.Contains(out, "%texs = OpVariable") {
		t.Errorf("descriptor-composite-scalar-replacement split an array of textures:\n%s", out)
	}
}

// materialStruct is a struct of resources (as DXC's -fcgl code declares a
// global struct holding textures and a sampler, bound at 5): member 0 is an
// array of two textures, member 1 a sampler. A buffer struct (with
// offsets) beside it is a buffer, not a struct of resources.
const materialStruct = `OpCapability Shader
OpMemoryModel Logical GLSL450
OpEntryPoint Fragment %main "main" %out
OpExecutionMode %main OriginUpperLeft
OpName %Material "Material"
OpMemberName %Material 0 "maps"
OpName %mat "mat"
OpName %mats "mats"
OpName %cb "cb"
OpDecorate %out Location 0
OpDecorate %mat DescriptorSet 0
OpDecorate %mat Binding 5
OpDecorate %mats DescriptorSet 0
OpDecorate %mats Binding 10
OpDecorate %cb DescriptorSet 0
OpDecorate %cb Binding 0
OpMemberDecorate %CB 0 Offset 0
OpDecorate %CB Block
%void = OpTypeVoid
%fn = OpTypeFunction %void
%float = OpTypeFloat 32
%v2float = OpTypeVector %float 2
%v4float = OpTypeVector %float 4
%int = OpTypeInt 32 1
%uint = OpTypeInt 32 0
%int_0 = OpConstant %int 0
%int_1 = OpConstant %int 1
%uint_2 = OpConstant %uint 2
%float_0 = OpConstant %float 0
%coord = OpConstantComposite %v2float %float_0 %float_0
%img = OpTypeImage %float 2D 2 0 0 1 Unknown
%simg = OpTypeSampledImage %img
%sampler = OpTypeSampler
%maps = OpTypeArray %img %uint_2
%Material = OpTypeStruct %maps %sampler
%Materials = OpTypeArray %Material %uint_2
%CB = OpTypeStruct %v4float
%_ptr_UniformConstant_Material = OpTypePointer UniformConstant %Material
%_ptr_UniformConstant_Materials = OpTypePointer UniformConstant %Materials
%_ptr_UniformConstant_img = OpTypePointer UniformConstant %img
%_ptr_UniformConstant_sampler = OpTypePointer UniformConstant %sampler
%_ptr_Uniform_CB = OpTypePointer Uniform %CB
%_ptr_Uniform_v4float = OpTypePointer Uniform %v4float
%_ptr_Output_v4float = OpTypePointer Output %v4float
%mat = OpVariable %_ptr_UniformConstant_Material UniformConstant
%mats = OpVariable %_ptr_UniformConstant_Materials UniformConstant
%cb = OpVariable %_ptr_Uniform_CB Uniform
%out = OpVariable %_ptr_Output_v4float Output
%main = OpFunction %void None %fn
%entry = OpLabel
%pt = OpAccessChain %_ptr_UniformConstant_img %mat %int_0 %int_1
%t = OpLoad %img %pt
%ps = OpAccessChain %_ptr_UniformConstant_sampler %mat %int_1
%s = OpLoad %sampler %ps
%si = OpSampledImage %simg %t %s
%c = OpImageSampleImplicitLod %v4float %si %coord
%pt1 = OpAccessChain %_ptr_UniformConstant_img %mats %int_1 %int_0 %int_0
%t1 = OpLoad %img %pt1
%si1 = OpSampledImage %simg %t1 %s
%c1 = OpImageSampleImplicitLod %v4float %si1 %coord
%pv = OpAccessChain %_ptr_Uniform_v4float %cb %int_0
%v = OpLoad %v4float %pv
%s1 = OpFAdd %v4float %c %c1
%s2 = OpFAdd %v4float %s1 %v
OpStore %out %s2
OpReturn
OpFunctionEnd
`

func TestDescriptorCompositeScalarReplacement(t *testing.T) {
	// Structs are split, arrays of resources are not (mat.maps stays an
	// array); mats[1], a struct, is split in turn. Dead-code elimination
	// then deletes the struct types holding resources, as DXC runs it.
	checkValid(t, materialStruct, `
; CHECK-DAG: OpName [[maps:%[a-z_0-9]+]] "mat.maps"
; CHECK-DAG: OpName [[samp:%[a-z_0-9]+]] "mat.1"
; CHECK-DAG: OpName [[m1maps:%[a-z_0-9]+]] "mats[1].maps"
; CHECK-NOT: OpName {{.*}} "mats[1]"
; CHECK-DAG: OpDecorate [[maps]] Binding 5
; CHECK-DAG: OpDecorate [[samp]] Binding 7
; CHECK-DAG: OpDecorate [[m1maps]] Binding 13
; CHECK-DAG: OpDecorate %cb Binding 0
; CHECK-NOT: OpTypeStruct %_arr
; CHECK: %pt = OpAccessChain {{%_ptr_UniformConstant_[0-9]+}} [[maps]] %int_1
; CHECK: %s = OpLoad {{%[0-9]+}} [[samp]]
; CHECK: %pt1 = OpAccessChain {{%_ptr_UniformConstant_[0-9]+}} [[m1maps]] %int_0
`, "descriptor-composite-scalar-replacement", "eliminate-dead-code-aggressive")
	// Both: one variable per resource.
	checkValid(t, materialStruct, `
; CHECK-DAG: OpName [[map1:%[a-z_0-9]+]] "mat.maps[1]"
; CHECK-DAG: OpName [[m1maps0:%[a-z_0-9]+]] "mats[1].maps[0]"
; CHECK-DAG: OpDecorate [[map1]] Binding 6
; CHECK-DAG: OpDecorate [[m1maps0]] Binding 13
; CHECK: %t = OpLoad {{%[0-9]+}} [[map1]]
; CHECK: %t1 = OpLoad {{%[0-9]+}} [[m1maps0]]
`, "descriptor-scalar-replacement", "eliminate-dead-code-aggressive")
	// Arrays only: the array of structs is split at its first level, its
	// element's binding counting the three bindings of a Material.
	check(t, materialStruct, `
; CHECK-DAG: OpName [[m1:%[a-z_0-9]+]] "mats[1]"
; CHECK-DAG: OpDecorate [[m1]] Binding 13
; CHECK-DAG: OpName %mat "mat"
; CHECK: %pt1 = OpAccessChain {{%_ptr_UniformConstant_[0-9]+}} [[m1]] %int_0 %int_0
`, "descriptor-array-scalar-replacement")
}

// A member decoration of the struct decorates the member's variable.
func TestDescriptorScalarReplacementMemberDecorations(t *testing.T) {
	src := strings.Replace(materialStruct, "OpDecorate %out Location 0", "OpDecorate %out Location 0\nOpMemberDecorate %Material 1 RelaxedPrecision", 1)
	check(t, src, `
; CHECK-DAG: OpName [[samp:%[a-z_0-9]+]] "mat.1"
; CHECK-DAG: OpDecorate [[samp]] Binding 7
; CHECK-DAG: OpDecorate [[samp]] RelaxedPrecision
`, "descriptor-composite-scalar-replacement")
}

// A dynamic index into an array of resources cannot be split: the error
// names the variable.
func TestDescriptorScalarReplacementDynamicIndex(t *testing.T) {
	src := strings.Replace(textureArray, "%p2 = OpAccessChain %_ptr_UniformConstant_img %texs %uint_2",
		"%idx = OpCopyObject %uint %uint_2\n%p2 = OpAccessChain %_ptr_UniformConstant_img %texs %idx", 1)
	m, err := asm.Parse(src, asm.Options{})
	if err != nil {
		t.Fatal(err)
	}
	passes, err := Passes([]string{"descriptor-scalar-replacement"})
	if err != nil {
		t.Fatal(err)
	}
	err = Run(m, passes, RunOptions{})
	if err == nil || !strings.Contains(err.Error(), "'texs'") || !strings.Contains(err.Error(), "not a constant") {
		t.Errorf("got %v, want an error about texs's dynamic index", err)
	}
}
