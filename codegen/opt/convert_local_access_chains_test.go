package opt

import "testing"

func TestLocalAccessChainsLoadAndStore(t *testing.T) {
	// A store through a chain becomes load, insert, store of the whole
	// variable (the chain goes with the store); a load through one becomes
	// a load of the whole and an extract, in place (the chain stays for
	// dead-code elimination). RelaxedPrecision follows the variable.
	src := memHeader + `OpName %s "s"
OpName %a "a"
OpName %x "x"
OpName %y "y"
OpDecorate %s RelaxedPrecision
` + memTypes + `%_arr_S_uint_4 = OpTypeArray %S %uint_4
%_ptr_Function__arr_S_uint_4 = OpTypePointer Function %_arr_S_uint_4
%main = OpFunction %void None %fn
%entry = OpLabel
%s = OpVariable %_ptr_Function_S Function
%a = OpVariable %_ptr_Function__arr_S_uint_4 Function
%p = OpAccessChain %_ptr_Function_float %s %int_1
OpStore %p %float_1
%q = OpAccessChain %_ptr_Function_float %a %int_2 %int_0
%x = OpLoad %float %q
%y = OpLoad %float %p
%z = OpFAdd %float %x %y
OpStore %out %z
OpReturn
OpFunctionEnd
`
	checkValid(t, src, lines(
		"CHECK: OpDecorate %s RelaxedPrecision",
		"CHECK: OpDecorate [[ld:%[0-9]+]] RelaxedPrecision",
		"CHECK-NEXT: OpDecorate [[ins:%[0-9]+]] RelaxedPrecision",
		"CHECK: [[ld]] = OpLoad %S %s",
		"CHECK-NEXT: [[ins]] = OpCompositeInsert %S %float_1 [[ld]] 1",
		"CHECK-NEXT: OpStore %s [[ins]]",
		"CHECK-NEXT: %q = OpAccessChain %_ptr_Function_float %a %int_2 %int_0",
		"CHECK-NEXT: [[whole:%[0-9]+]] = OpLoad %_arr_S_uint_4 %a",
		"CHECK-NEXT: %x = OpCompositeExtract %float [[whole]] 2 0",
		"CHECK-NEXT: [[s2:%[0-9]+]] = OpLoad %S %s",
		"CHECK-NEXT: %y = OpCompositeExtract %float [[s2]] 1",
	), "convert-local-access-chains")
}

func TestLocalAccessChainsLeavesAlone(t *testing.T) {
	// A dynamic index, a nested chain, an out-of-bounds index, a
	// null-constant index (not an OpConstant) and a pointer passed to a
	// call all keep their variable's chains.
	src := memHeader + `OpName %x1 "x1"
OpName %x2 "x2"
OpName %x3 "x3"
OpName %x4 "x4"
OpName %x5 "x5"
` + memTypes + `%fnp = OpTypeFunction %void %_ptr_Function_v4float
%int_9 = OpConstant %int 9
%int_null = OpConstantNull %int
%main = OpFunction %void None %fn
%entry = OpLabel
%v1 = OpVariable %_ptr_Function_v4float Function
%v2 = OpVariable %_ptr_Function_arr Function
%v3 = OpVariable %_ptr_Function_v4float Function
%v4 = OpVariable %_ptr_Function_v4float Function
%v5 = OpVariable %_ptr_Function_v4float Function
%i = OpVariable %_ptr_Function_int Function
%iv = OpLoad %int %i
%p1 = OpAccessChain %_ptr_Function_float %v1 %iv
%x1 = OpLoad %float %p1
%n = OpAccessChain %_ptr_Function_arr %v2
%p2 = OpAccessChain %_ptr_Function_float %n %int_1
%x2 = OpLoad %float %p2
%p3 = OpAccessChain %_ptr_Function_float %v3 %int_9
%x3 = OpLoad %float %p3
%p4 = OpAccessChain %_ptr_Function_float %v4 %int_null
%x4 = OpLoad %float %p4
%p5 = OpAccessChain %_ptr_Function_float %v5 %int_0
%x5 = OpLoad %float %p5
%r = OpFunctionCall %void %callee %v5
OpStore %out %x1
OpReturn
OpFunctionEnd
%callee = OpFunction %void None %fnp
%pp = OpFunctionParameter %_ptr_Function_v4float
%ce = OpLabel
OpReturn
OpFunctionEnd
`
	check(t, src, lines(
		"CHECK-NOT: OpCompositeExtract",
		"CHECK: %x1 = OpLoad %float",
		"CHECK: %x2 = OpLoad %float",
		"CHECK: %x3 = OpLoad %float",
		"CHECK: %x4 = OpLoad %float",
		"CHECK: %x5 = OpLoad %float",
	), "convert-local-access-chains")
}

func TestLocalAccessChainsNoIndex(t *testing.T) {
	// A chain without indexes is the variable: loads use the variable,
	// stores are remade on it.
	src := memHeader + `OpName %f "f"
OpName %x "x"
` + memTypes + `%main = OpFunction %void None %fn
%entry = OpLabel
%f = OpVariable %_ptr_Function_float Function
%p = OpAccessChain %_ptr_Function_float %f
OpStore %p %float_2
%x = OpLoad %float %p
OpStore %out %x
OpReturn
OpFunctionEnd
`
	checkValid(t, src, lines(
		"CHECK: OpStore %f %float_2",
		"CHECK-NEXT: %x = OpLoad %float %f",
	), "convert-local-access-chains")
}

func TestLocalAccessChainsVariablePointers(t *testing.T) {
	// Not with VariablePointers, whatever the storage class.
	src := `OpCapability Shader
OpCapability VariablePointers
OpExtension "SPV_KHR_variable_pointers"
OpMemoryModel Logical GLSL450
OpEntryPoint Fragment %main "main" %out
OpExecutionMode %main OriginUpperLeft
OpName %x "x"
` + memTypes + `%main = OpFunction %void None %fn
%entry = OpLabel
%v = OpVariable %_ptr_Function_v4float Function
%p = OpAccessChain %_ptr_Function_float %v %int_1
%x = OpLoad %float %p
OpStore %out %x
OpReturn
OpFunctionEnd
`
	check(t, src, "CHECK: %x = OpLoad %float\n", "convert-local-access-chains")
}
