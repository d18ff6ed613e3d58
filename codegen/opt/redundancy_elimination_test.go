package opt

import (
	"strings"
	"testing"
)

func TestRedundancyElimination(t *testing.T) {
	src := strings.Replace(simpTypes, "%in = OpVariable", `%S = OpTypeStruct %v4float
%_ptr_Uniform_S = OpTypePointer Uniform %S
%_ptr_Uniform_v4float = OpTypePointer Uniform %v4float
%buf = OpVariable %_ptr_Uniform_S Uniform
%in = OpVariable`, 1)
	src = strings.Replace(src, "OpDecorate %iout Location 1\n", `OpDecorate %iout Location 1
OpDecorate %S Block
OpMemberDecorate %S 0 Offset 0
OpDecorate %buf DescriptorSet 0
OpDecorate %buf Binding 0
OpDecorate %relaxed RelaxedPrecision
`, 1)
	src += `%main = OpFunction %void None %fn
%entry = OpLabel
%x = OpLoad %v4float %in
%x2 = OpLoad %v4float %in
%a = OpFAdd %v4float %x %v4one
%b = OpFAdd %v4float %v4one %x
%relaxed = OpFAdd %v4float %x %v4one
%p = OpAccessChain %_ptr_Uniform_v4float %buf %int_0
%u = OpLoad %v4float %p
%s = OpCompositeExtract %float %x 0
%c = OpFOrdLessThan %bool %s %float_1
OpSelectionMerge %m None
OpBranchConditional %c %t %m
%t = OpLabel
%p2 = OpAccessChain %_ptr_Uniform_v4float %buf %int_0
%u2 = OpLoad %v4float %p2
%d = OpFMul %v4float %a %u2
OpStore %out %d
OpBranch %m
%m = OpLabel
%e = OpFAdd %v4float %b %relaxed
%f = OpFAdd %v4float %x2 %u
OpStore %out %e
OpStore %out %f
OpReturn
OpFunctionEnd
`
	// a+1 and 1+a are one value; the RelaxedPrecision sum is not; the
	// input is loaded twice (it is read-only: once is enough); the uniform
	// member loaded again in a dominated block is the first load.
	checkValid(t, src, lines(
		"CHECK: %entry = OpLabel",
		"CHECK-NEXT: %x = OpLoad %v4float %in",
		"CHECK-NEXT: %a = OpFAdd %v4float %x",
		"CHECK-NEXT: %relaxed = OpFAdd %v4float %x",
		"CHECK-NEXT: %p = OpAccessChain",
		"CHECK-NEXT: %u = OpLoad %v4float %p",
		"CHECK: %t = OpLabel",
		"CHECK-NEXT: %d = OpFMul %v4float %a %u",
		"CHECK: %m = OpLabel",
		"CHECK-NEXT: %e = OpFAdd %v4float %a %relaxed",
		"CHECK-NEXT: %f = OpFAdd %v4float %x %u",
	), "redundancy-elimination")
}

func TestLocalRedundancyElimination(t *testing.T) {
	src := simpTypes + `%main = OpFunction %void None %fn
%entry = OpLabel
%x = OpLoad %v4float %in
%a = OpFAdd %v4float %x %v4one
%s = OpCompositeExtract %float %x 0
%c = OpFOrdLessThan %bool %s %float_1
OpSelectionMerge %m None
OpBranchConditional %c %t %m
%t = OpLabel
%a2 = OpFAdd %v4float %x %v4one
%a3 = OpFAdd %v4float %x %v4one
OpStore %out %a2
OpStore %out %a3
OpBranch %m
%m = OpLabel
OpStore %out %a
OpReturn
OpFunctionEnd
`
	// Across blocks nothing goes; within %t the second sum is the first.
	checkValid(t, src, lines(
		"CHECK: %a = OpFAdd %v4float %x",
		"CHECK: %t = OpLabel",
		"CHECK-NEXT: %a2 = OpFAdd %v4float %x",
		"CHECK-NEXT: OpStore %out %a2",
		"CHECK-NEXT: OpStore %out %a2",
	), "local-redundancy-elimination")
}

func BenchmarkRedundancyElimination(b *testing.B) { benchPass(b, "redundancy-elimination") }

func BenchmarkLocalRedundancyElimination(b *testing.B) {
	benchPass(b, "local-redundancy-elimination")
}
