package opt

import (
	"fmt"
	"regexp"
	"strings"
	"testing"
)

// resourceWorkload generates a pixel shader of n units, each with what the
// resource passes work on: an array of four textures read at a constant
// and at a dynamic index, a struct of a texture and a sampler, a 2x2 grid
// of textures, and a groupshared-style Private array reached through
// access chains typed as Function pointers (what inlining leaves for
// fix-storage-class). Each unit is a block of its own, chained by
// branches, all in one function.
func resourceWorkload(n int) string {
	var b strings.Builder
	b.WriteString(`OpCapability Shader
OpMemoryModel Logical GLSL450
OpEntryPoint Fragment %main "main" %out %in
OpExecutionMode %main OriginUpperLeft
OpDecorate %out Location 0
OpDecorate %in Location 0
OpDecorate %in Flat
`)
	for i := range n {
		fmt.Fprintf(&b, "OpDecorate %%texs%d DescriptorSet 0\nOpDecorate %%texs%d Binding %d\n", i, i, 16*i)
		fmt.Fprintf(&b, "OpDecorate %%mat%d DescriptorSet 0\nOpDecorate %%mat%d Binding %d\n", i, i, 16*i+4)
		fmt.Fprintf(&b, "OpDecorate %%grid%d DescriptorSet 0\nOpDecorate %%grid%d Binding %d\n", i, i, 16*i+6)
	}
	b.WriteString(`%void = OpTypeVoid
%fn = OpTypeFunction %void
%float = OpTypeFloat 32
%v2float = OpTypeVector %float 2
%v4float = OpTypeVector %float 4
%uint = OpTypeInt 32 0
%uint_0 = OpConstant %uint 0
%uint_1 = OpConstant %uint 1
%uint_2 = OpConstant %uint 2
%uint_4 = OpConstant %uint 4
%float_0 = OpConstant %float 0
%v4zero = OpConstantComposite %v4float %float_0 %float_0 %float_0 %float_0
%coord = OpConstantComposite %v2float %float_0 %float_0
%img = OpTypeImage %float 2D 2 0 0 1 Unknown
%simg = OpTypeSampledImage %img
%sampler = OpTypeSampler
%arr = OpTypeArray %img %uint_4
%row = OpTypeArray %img %uint_2
%grid_t = OpTypeArray %row %uint_2
%Mat = OpTypeStruct %img %sampler
%farr = OpTypeArray %float %uint_4
%_ptr_UniformConstant_arr = OpTypePointer UniformConstant %arr
%_ptr_UniformConstant_grid_t = OpTypePointer UniformConstant %grid_t
%_ptr_UniformConstant_Mat = OpTypePointer UniformConstant %Mat
%_ptr_UniformConstant_img = OpTypePointer UniformConstant %img
%_ptr_UniformConstant_sampler = OpTypePointer UniformConstant %sampler
%_ptr_Private_farr = OpTypePointer Private %farr
%_ptr_Function_float = OpTypePointer Function %float
%_ptr_Output_v4float = OpTypePointer Output %v4float
%_ptr_Input_uint = OpTypePointer Input %uint
%out = OpVariable %_ptr_Output_v4float Output
%in = OpVariable %_ptr_Input_uint Input
`)
	for i := range n {
		r := strings.NewReplacer("#", fmt.Sprint(i)).Replace
		b.WriteString(r(`%texs# = OpVariable %_ptr_UniformConstant_arr UniformConstant
%mat# = OpVariable %_ptr_UniformConstant_Mat UniformConstant
%grid# = OpVariable %_ptr_UniformConstant_grid_t UniformConstant
%priv# = OpVariable %_ptr_Private_farr Private
`))
	}
	b.WriteString(`%main = OpFunction %void None %fn
%entry = OpLabel
%i = OpLoad %uint %in
%start = OpCopyObject %v4float %v4zero
OpBranch %u0
`)
	prev := "%start"
	for k := range n {
		r := strings.NewReplacer("#", fmt.Sprint(k), "$prev", prev, "$next", fmt.Sprintf("%%u%d", k+1)).Replace
		b.WriteString(r(`%u# = OpLabel
%pc# = OpAccessChain %_ptr_UniformConstant_img %texs# %uint_1
%tc# = OpLoad %img %pc#
%ps# = OpAccessChain %_ptr_UniformConstant_sampler %mat# %uint_1
%s# = OpLoad %sampler %ps#
%sc# = OpSampledImage %simg %tc# %s#
%vc# = OpImageSampleImplicitLod %v4float %sc# %coord
%pd# = OpAccessChain %_ptr_UniformConstant_img %texs# %i
%td# = OpLoad %img %pd#
%sd# = OpSampledImage %simg %td# %s#
%vd# = OpImageSampleImplicitLod %v4float %sd# %coord
%pg# = OpAccessChain %_ptr_UniformConstant_img %grid# %uint_1 %uint_0
%tg# = OpLoad %img %pg#
%sg# = OpSampledImage %simg %tg# %s#
%vg# = OpImageSampleImplicitLod %v4float %sg# %coord
%pp# = OpAccessChain %_ptr_Function_float %priv# %uint_2
OpStore %pp# %float_0
%a# = OpFAdd %v4float $prev %vc#
%b# = OpFAdd %v4float %a# %vd#
%x# = OpFAdd %v4float %b# %vg#
OpBranch $next
`))
		prev = fmt.Sprintf("%%x%d", k)
	}
	fmt.Fprintf(&b, "%%u%d = OpLabel\nOpStore %%out %s\nOpReturn\nOpFunctionEnd\n", n, prev)
	return b.String()
}

// The resource passes, each alone over resourceWorkload (descriptor
// scalar replacement with the dynamic indexes made constant).
const resourceBase = 20

func BenchmarkFixStorageClass(b *testing.B) {
	benchPassOver(b, resourceWorkload, resourceBase, "fix-storage-class")
}
func BenchmarkReplaceDescArrayAccess(b *testing.B) {
	benchPassOver(b, resourceWorkload, resourceBase, "replace-desc-array-access-using-var-index")
}
func BenchmarkLegalizeMultidimArray(b *testing.B) {
	benchPassOver(b, resourceWorkload, resourceBase, "legalize-multidim-array")
}
func BenchmarkDescriptorScalarReplacement(b *testing.B) {
	constantIndexes := func(n int) string {
		return regexp.MustCompile(`(%texs[0-9]+) %i\n`).ReplaceAllString(resourceWorkload(n), "$1 %uint_2\n")
	}
	benchPassOver(b, constantIndexes, resourceBase, "descriptor-scalar-replacement")
}

// TestResourceWorkload checks the benchmark's module goes through the
// resource passes in DXC's order and comes out valid.
func TestResourceWorkload(t *testing.T) {
	checkValid(t, resourceWorkload(3), `
; CHECK: OpName {{%[a-z_0-9]+}} "texs2[3]"
; CHECK-NOT: OpTypePointer UniformConstant %_arr
`, "fix-storage-class", "legalize-multidim-array", "replace-desc-array-access-using-var-index",
		"eliminate-dead-code-aggressive", "descriptor-scalar-replacement", "eliminate-dead-code-aggressive")
}
