package opt

import (
	"strings"
	"testing"

	"github.com/hlsl2spirv/hlsl2spirv/builder/asm"
)

// textureGrid is Texture2D grid[2][3] bound at 0, read at grid[i][j] with
// i and j from an input and at grid[1][2] through a copy of the variable;
// the chain into the first goes on into nothing more (an image), the
// copy's chain is an OpInBoundsAccessChain.
const textureGrid = `OpCapability Shader
OpMemoryModel Logical GLSL450
OpEntryPoint Fragment %main "main" %out %in
OpExecutionMode %main OriginUpperLeft
OpName %grid "grid"
OpName %img "img"
OpName %sampler "sampler"
OpName %simg "simg"
OpDecorate %out Location 0
OpDecorate %in Location 0
OpDecorate %in Flat
OpDecorate %grid DescriptorSet 0
OpDecorate %grid Binding 0
OpDecorate %samp DescriptorSet 0
OpDecorate %samp Binding 6
%void = OpTypeVoid
%fn = OpTypeFunction %void
%float = OpTypeFloat 32
%v2float = OpTypeVector %float 2
%v4float = OpTypeVector %float 4
%uint = OpTypeInt 32 0
%v2uint = OpTypeVector %uint 2
%uint_1 = OpConstant %uint 1
%uint_2 = OpConstant %uint 2
%uint_3 = OpConstant %uint 3
%float_0 = OpConstant %float 0
%coord = OpConstantComposite %v2float %float_0 %float_0
%img = OpTypeImage %float 2D 2 0 0 1 Unknown
%simg = OpTypeSampledImage %img
%sampler = OpTypeSampler
%row = OpTypeArray %img %uint_3
%grid_t = OpTypeArray %row %uint_2
%_ptr_UniformConstant_grid_t = OpTypePointer UniformConstant %grid_t
%_ptr_UniformConstant_img = OpTypePointer UniformConstant %img
%_ptr_UniformConstant_sampler = OpTypePointer UniformConstant %sampler
%_ptr_Output_v4float = OpTypePointer Output %v4float
%_ptr_Input_v2uint = OpTypePointer Input %v2uint
%grid = OpVariable %_ptr_UniformConstant_grid_t UniformConstant
%samp = OpVariable %_ptr_UniformConstant_sampler UniformConstant
%out = OpVariable %_ptr_Output_v4float Output
%in = OpVariable %_ptr_Input_v2uint Input
%main = OpFunction %void None %fn
%entry = OpLabel
%ij = OpLoad %v2uint %in
%i = OpCompositeExtract %uint %ij 0
%j = OpCompositeExtract %uint %ij 1
%p = OpAccessChain %_ptr_UniformConstant_img %grid %i %j
%t = OpLoad %img %p
%s = OpLoad %sampler %samp
%si = OpSampledImage %simg %t %s
%c = OpImageSampleImplicitLod %v4float %si %coord
%g2 = OpCopyObject %_ptr_UniformConstant_grid_t %grid
%q = OpInBoundsAccessChain %_ptr_UniformConstant_img %g2 %uint_1 %uint_2
%t2 = OpLoad %img %q
%si2 = OpSampledImage %simg %t2 %s
%c2 = OpImageSampleImplicitLod %v4float %si2 %coord
%sum = OpFAdd %v4float %c %c2
OpStore %out %sum
OpReturn
OpFunctionEnd
`

func TestLegalizeMultidimArray(t *testing.T) {
	checkValid(t, textureGrid, `
; CHECK-DAG: %uint_6 = OpConstant %uint 6
; CHECK-DAG: [[arr:%[a-zA-Z_0-9]+]] = OpTypeArray %img %uint_6
; CHECK: [[ptr:%[a-zA-Z_0-9]+]] = OpTypePointer UniformConstant [[arr]]
; CHECK-NEXT: %grid = OpVariable [[ptr]] UniformConstant
; CHECK: [[row:%[0-9]+]] = OpIMul %uint %i %uint_3
; CHECK-NEXT: [[lin:%[0-9]+]] = OpIAdd %uint [[row]] %j
; CHECK-NEXT: %p = OpAccessChain %_ptr_UniformConstant_img %grid [[lin]]
; CHECK: %g2 = OpCopyObject [[ptr]] %grid
; CHECK-NEXT: [[row2:%[0-9]+]] = OpIMul %uint %uint_1 %uint_3
; CHECK-NEXT: [[lin2:%[0-9]+]] = OpIAdd %uint [[row2]] %uint_2
; CHECK-NEXT: %q = OpInBoundsAccessChain %_ptr_UniformConstant_img %g2 [[lin2]]
`, "legalize-multidim-array")
}

// A use that does not index every dimension (a row taken as a whole)
// cannot be flattened: an error names the variable.
func TestLegalizeMultidimArrayPartialIndex(t *testing.T) {
	src := strings.Replace(textureGrid, "%_ptr_UniformConstant_img = OpTypePointer UniformConstant %img",
		"%_ptr_UniformConstant_img = OpTypePointer UniformConstant %img\n%_ptr_UniformConstant_row = OpTypePointer UniformConstant %row", 1)
	src = strings.Replace(src, "%ij = OpLoad %v2uint %in", "%ij = OpLoad %v2uint %in\n%whole = OpAccessChain %_ptr_UniformConstant_row %grid %uint_1", 1)
	m, err := asm.Parse(src, asm.Options{})
	if err != nil {
		t.Fatal(err)
	}
	passes, err := Passes([]string{"legalize-multidim-array"})
	if err != nil {
		t.Fatal(err)
	}
	err = Run(m, passes, RunOptions{})
	if err == nil || !strings.Contains(err.Error(), "'grid'") {
		t.Errorf("got %v, want an error naming grid", err)
	}
}

// One-dimensional arrays and arrays that are not resources are left
// alone.
func TestLegalizeMultidimArrayLeavesOthers(t *testing.T) {
	src := strings.Replace(textureGrid, "OpDecorate %grid Binding 0\n", "", 1)
	_, out := runFlags(t, src, "legalize-multidim-array")
	if !strings.Contains(out, "%grid = OpVariable %_ptr_UniformConstant__arr__arr_img_uint_3_uint_2 UniformConstant") {
		t.Errorf("an array without a binding was flattened:\n%s", out)
	}
}
