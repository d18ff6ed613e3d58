package opt

import (
	"strings"
	"testing"
)

// cbufferArrays is a pixel shader whose cbuffer holds two arrays (with
// their layout: an ArrayStride the function arrays lack); main copies them
// into locals and reads the locals with a dynamic index.
const cbufferArrays = `OpCapability Shader
OpMemoryModel Logical GLSL450
OpEntryPoint Fragment %main "main" %in %out
OpExecutionMode %main OriginUpperLeft
OpName %CB "CB"
OpName %local "local"
OpName %other "other"
OpName %third "third"
OpName %x "x"
OpName %y "y"
OpDecorate %in Location 0
OpDecorate %in Flat
OpDecorate %out Location 0
OpDecorate %_arr_v4float_uint_4 ArrayStride 16
OpMemberDecorate %type_CB 0 Offset 0
OpMemberDecorate %type_CB 1 Offset 64
OpDecorate %type_CB Block
OpDecorate %CB DescriptorSet 0
OpDecorate %CB Binding 0
%void = OpTypeVoid
%fn = OpTypeFunction %void
%float = OpTypeFloat 32
%v4float = OpTypeVector %float 4
%int = OpTypeInt 32 1
%uint = OpTypeInt 32 0
%int_0 = OpConstant %int 0
%int_1 = OpConstant %int 1
%uint_4 = OpConstant %uint 4
%_arr_v4float_uint_4 = OpTypeArray %v4float %uint_4
%_arr_v4float_uint_4_0 = OpTypeArray %v4float %uint_4
%type_CB = OpTypeStruct %_arr_v4float_uint_4 %_arr_v4float_uint_4
%_ptr_Uniform_type_CB = OpTypePointer Uniform %type_CB
%_ptr_Uniform__arr_v4float_uint_4 = OpTypePointer Uniform %_arr_v4float_uint_4
%_ptr_Function__arr_v4float_uint_4_0 = OpTypePointer Function %_arr_v4float_uint_4_0
%_ptr_Function_v4float = OpTypePointer Function %v4float
%_ptr_Input_int = OpTypePointer Input %int
%_ptr_Output_v4float = OpTypePointer Output %v4float
%CB = OpVariable %_ptr_Uniform_type_CB Uniform
%in = OpVariable %_ptr_Input_int Input
%out = OpVariable %_ptr_Output_v4float Output
%main = OpFunction %void None %fn
%entry = OpLabel
%local = OpVariable %_ptr_Function__arr_v4float_uint_4_0 Function
%other = OpVariable %_ptr_Function__arr_v4float_uint_4_0 Function
%third = OpVariable %_ptr_Function__arr_v4float_uint_4_0 Function
%pa = OpAccessChain %_ptr_Uniform__arr_v4float_uint_4 %CB %int_0
%la = OpLoad %_arr_v4float_uint_4 %pa
%a0 = OpCompositeExtract %v4float %la 0
%a1 = OpCompositeExtract %v4float %la 1
%a2 = OpCompositeExtract %v4float %la 2
%a3 = OpCompositeExtract %v4float %la 3
%ca = OpCompositeConstruct %_arr_v4float_uint_4_0 %a0 %a1 %a2 %a3
OpStore %local %ca
%pb = OpAccessChain %_ptr_Uniform__arr_v4float_uint_4 %CB %int_1
%lb = OpLoad %_arr_v4float_uint_4 %pb
%b0 = OpCompositeExtract %v4float %lb 0
%b1 = OpCompositeExtract %v4float %lb 1
%b2 = OpCompositeExtract %v4float %lb 2
%b3 = OpCompositeExtract %v4float %lb 3
%cb = OpCompositeConstruct %_arr_v4float_uint_4_0 %b0 %b1 %b2 %b3
OpStore %other %cb
%lo = OpLoad %_arr_v4float_uint_4_0 %other
OpStore %third %lo
%i = OpLoad %int %in
%p1 = OpAccessChain %_ptr_Function_v4float %local %i
%x = OpLoad %v4float %p1
%i1 = OpIAdd %int %i %int_1
%p2 = OpAccessChain %_ptr_Function_v4float %third %i1
%y = OpLoad %v4float %p2
%s = OpFAdd %v4float %x %y
OpStore %out %s
OpReturn
OpFunctionEnd
`

func TestCopyPropagateArrays(t *testing.T) {
	// local reads the cbuffer's first array through a chain made where it
	// was copied; other, the second; third copies other, so it reads the
	// second array too, and the copy of its (now Uniform-typed) value into
	// third is rebuilt element by element in the function array type.
	// (The copies' stores stay for dead-code elimination, and the locals
	// lose their names.)
	checkValidOnce(t, cbufferArrays, lines(
		"CHECK-NOT: OpName %local",
		"CHECK: %ca = OpCompositeConstruct",
		"CHECK-NEXT: [[la:%[0-9]+]] = OpAccessChain %_ptr_Uniform__arr_v4float_uint_4 %CB %int_0",
		"CHECK-NEXT: OpStore {{%[0-9]+}} %ca",
		"CHECK: %cb = OpCompositeConstruct",
		"CHECK-NEXT: [[lb:%[0-9]+]] = OpAccessChain %_ptr_Uniform__arr_v4float_uint_4 %CB %int_1",
		"CHECK-NEXT: OpStore {{%[0-9]+}} %cb",
		"CHECK-NEXT: %lo = OpLoad %_arr_v4float_uint_4 [[lb]]",
		"CHECK-NEXT: [[e0:%[0-9]+]] = OpCompositeExtract %v4float %lo 0",
		"CHECK-NEXT: [[e1:%[0-9]+]] = OpCompositeExtract %v4float %lo 1",
		"CHECK-NEXT: [[e2:%[0-9]+]] = OpCompositeExtract %v4float %lo 2",
		"CHECK-NEXT: [[e3:%[0-9]+]] = OpCompositeExtract %v4float %lo 3",
		"CHECK-NEXT: [[copy:%[0-9]+]] = OpCompositeConstruct %_arr_v4float_uint_4_0 [[e0]] [[e1]] [[e2]] [[e3]]",
		"CHECK-NEXT: [[lc:%[0-9]+]] = OpAccessChain %_ptr_Uniform__arr_v4float_uint_4 %CB %int_1",
		"CHECK-NEXT: OpStore {{%[0-9]+}} [[copy]]",
		"CHECK: %p1 = OpAccessChain %_ptr_Uniform_v4float [[la]] %i",
		"CHECK: %p2 = OpAccessChain %_ptr_Uniform_v4float [[lc]] %i1",
	), "copy-propagate-arrays")
}

func TestCopyPropagateArraysLeavesAlone(t *testing.T) {
	cases := map[string]struct{ from, to string }{
		// A second store to the local.
		"two stores": {"OpStore %local %ca\n", "OpStore %local %ca\nOpStore %local %ca\n"},
		// The source is written.
		"source written": {"OpStore %local %ca\n", "OpStore %local %ca\nOpStore %pa %la\n"},
		// A read of the local before the copy.
		"read before": {"OpStore %local %ca\n", "%early = OpLoad %_arr_v4float_uint_4_0 %local\nOpStore %local %ca\n"},
		// A partial write.
		"partial write": {"OpStore %local %ca\n", "OpStore %local %ca\n%pw = OpAccessChain %_ptr_Function_v4float %local %int_0\nOpStore %pw %a0\n"},
	}
	for name, c := range cases {
		src := strings.Replace(cbufferArrays, c.from, c.to, 1)
		out := check(t, src, "CHECK: %p1 = OpAccessChain %_ptr_Function_v4float %local %i\n", "copy-propagate-arrays")
		if t.Failed() {
			t.Fatalf("%s:\n%s", name, out)
		}
	}
}

func TestCopyPropagateArraysUnread(t *testing.T) {
	// A copy nothing reads is left (spirv-opt would add an unused access
	// chain to the source on every run).
	src := strings.Replace(cbufferArrays, "%p1 = OpAccessChain %_ptr_Function_v4float %local %i\n%x = OpLoad %v4float %p1\n",
		"%x = OpCompositeExtract %v4float %la 0\n", 1)
	checkValid(t, src, lines(
		"CHECK: %ca = OpCompositeConstruct",
		"CHECK-NEXT: OpStore %local %ca",
	), "copy-propagate-arrays", "copy-propagate-arrays")
}
