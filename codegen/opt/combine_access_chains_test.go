package opt

import "testing"

// chainTypes are a function array of structs of two vec4s and pointers
// into it.
const chainTypes = `%T = OpTypeStruct %v4float %v4float
%_arr = OpTypeArray %T %uint_4
%_ptr_Function__arr = OpTypePointer Function %_arr
%_ptr_Function_T = OpTypePointer Function %T
`

func TestCombineAccessChains(t *testing.T) {
	// Chains of chains become one chain from the variable; an in-bounds
	// chain fed by a plain one is a plain one; a chain without indexes
	// becomes a copy (which stops the chain after it from combining).
	src := memHeader + `OpName %T "T"
OpName %x "x"
OpName %y "y"
OpName %z "z"
` + memTypes + chainTypes + `%main = OpFunction %void None %fn
%entry = OpLabel
%a = OpVariable %_ptr_Function__arr Function
%s = OpAccessChain %_ptr_Function_T %a %int_1
%v = OpInBoundsAccessChain %_ptr_Function_v4float %s %int_0
%x = OpAccessChain %_ptr_Function_float %v %int_2
%n = OpAccessChain %_ptr_Function_T %s
%y = OpAccessChain %_ptr_Function_float %n %int_1 %int_0
%z = OpAccessChain %_ptr_Function_float %x
%lx = OpLoad %float %x
%ly = OpLoad %float %y
%lz = OpLoad %float %z
%s1 = OpFAdd %float %lx %ly
%s2 = OpFAdd %float %s1 %lz
OpStore %out %s2
OpReturn
OpFunctionEnd
`
	checkValid(t, src, lines(
		"CHECK: %v = OpAccessChain %_ptr_Function_v4float %a %int_1 %int_0",
		"CHECK-NEXT: %x = OpAccessChain %_ptr_Function_float %a %int_1 %int_0 %int_2",
		"CHECK-NEXT: %n = OpCopyObject %_ptr_Function_T %s",
		"CHECK-NEXT: %y = OpAccessChain %_ptr_Function_float %n %int_1 %int_0",
		"CHECK-NEXT: %z = OpCopyObject %_ptr_Function_float %x",
	), "combine-access-chains")
}

func TestCombineAccessChainsPtrElement(t *testing.T) {
	// A pointer chain's element operand adds to the feeding chain's last
	// index: a new constant for two constants, an OpIAdd otherwise — but
	// not when the feeding chain points to a struct.
	src := `OpCapability Shader
OpCapability VariablePointers
OpExtension "SPV_KHR_variable_pointers"
OpMemoryModel Logical GLSL450
OpEntryPoint GLCompute %main "main"
OpExecutionMode %main LocalSize 1 1 1
OpName %S "S"
OpDecorate %_runtimearr_S ArrayStride 32
OpMemberDecorate %S 0 Offset 0
OpMemberDecorate %S 1 Offset 16
OpMemberDecorate %B 0 Offset 0
OpDecorate %B Block
OpDecorate %buf DescriptorSet 0
OpDecorate %buf Binding 0
%void = OpTypeVoid
%fn = OpTypeFunction %void
%float = OpTypeFloat 32
%v4float = OpTypeVector %float 4
%int = OpTypeInt 32 1
%int_0 = OpConstant %int 0
%int_1 = OpConstant %int 1
%int_2 = OpConstant %int 2
%float_1 = OpConstant %float 1
%S = OpTypeStruct %v4float %v4float
%_runtimearr_S = OpTypeRuntimeArray %S
%B = OpTypeStruct %_runtimearr_S
%_ptr_StorageBuffer_B = OpTypePointer StorageBuffer %B
%_ptr_StorageBuffer_S = OpTypePointer StorageBuffer %S
%_ptr_StorageBuffer_v4float = OpTypePointer StorageBuffer %v4float
%_ptr_StorageBuffer_uint = OpTypePointer StorageBuffer %int
%buf = OpVariable %_ptr_StorageBuffer_B StorageBuffer
%main = OpFunction %void None %fn
%entry = OpLabel
%e = OpAccessChain %_ptr_StorageBuffer_S %buf %int_0 %int_2
%f = OpPtrAccessChain %_ptr_StorageBuffer_S %e %int_1
%g = OpAccessChain %_ptr_StorageBuffer_v4float %f %int_1
%i = OpAccessChain %_ptr_StorageBuffer_uint %buf %int_0 %int_0
%iv = OpLoad %int %i
%h = OpPtrAccessChain %_ptr_StorageBuffer_S %e %iv
%k = OpAccessChain %_ptr_StorageBuffer_v4float %h %int_0
%m = OpPtrAccessChain %_ptr_StorageBuffer_v4float %g %int_1
%q = OpPtrAccessChain %_ptr_StorageBuffer_v4float %g %iv
OpReturn
OpFunctionEnd
`
	check(t, src, lines(
		"CHECK: %int_3 = OpConstant %int 3",
		"CHECK: %f = OpAccessChain %_ptr_StorageBuffer_S %buf %int_0 %int_3",
		"CHECK-NEXT: %g = OpAccessChain %_ptr_StorageBuffer_v4float %buf %int_0 %int_3 %int_1",
		"CHECK: %h = OpPtrAccessChain %_ptr_StorageBuffer_S %e %iv",
		"CHECK-NEXT: %k = OpPtrAccessChain %_ptr_StorageBuffer_v4float %e %iv %int_0",
		"CHECK-NEXT: %m = OpAccessChain %_ptr_StorageBuffer_v4float %buf %int_0 %int_3 %int_2",
		"CHECK-NEXT: [[sum:%[0-9]+]] = OpIAdd %int %int_1 %iv",
		"CHECK-NEXT: %q = OpAccessChain %_ptr_StorageBuffer_v4float %buf %int_0 %int_3 [[sum]]",
	), "combine-access-chains")
}

func TestCombineAccessChainsLeavesAlone(t *testing.T) {
	// 64-bit indexes are not combined.
	src := memHeader + `OpName %x "x"
OpName %T "T"
` + memTypes + chainTypes + `%long = OpTypeInt 64 1
%long_1 = OpConstant %long 1
%main = OpFunction %void None %fn
%entry = OpLabel
%a = OpVariable %_ptr_Function__arr Function
%s = OpAccessChain %_ptr_Function_T %a %long_1
%x = OpAccessChain %_ptr_Function_v4float %s %int_0
%l = OpLoad %v4float %x
%e = OpCompositeExtract %float %l 0
OpStore %out %e
OpReturn
OpFunctionEnd
`
	check(t, src, "CHECK: %x = OpAccessChain %_ptr_Function_v4float %s %int_0\n", "combine-access-chains")
}
