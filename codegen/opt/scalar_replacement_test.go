package opt

import "testing"

// (The access chains in these tests have numeric ids: the harness names
// every other id, and spirv-opt does not split a variable whose access
// chains have names.)

func TestScalarReplacementWholeLoadStore(t *testing.T) {
	// A struct stored and loaded whole: a variable per member, the store
	// split into extracts and stores, the load into loads (last member
	// first, as spirv-opt inserts them) and a construct.
	// (A member only ever stored to, or extracted from no load, is not
	// made: see TestScalarReplacementAccessChainsAndUnusedMembers.)
	src := memHeader + `OpName %s "s"
OpName %val "val"
` + memTypes + `%main = OpFunction %void None %fn
%entry = OpLabel
%s = OpVariable %_ptr_Function_S Function
%val = OpCompositeConstruct %S %float_1 %float_2
OpStore %s %val
%l = OpLoad %S %s
%x = OpCompositeExtract %float %l 1
%y = OpCompositeExtract %float %l 0
%z = OpFAdd %float %x %y
OpStore %out %z
OpReturn
OpFunctionEnd
`
	// The variables are inserted each at the top of the block: the last
	// member's first.
	checkValid(t, src, lines(
		"CHECK-NOT: OpName %s",
		"CHECK: OpLabel",
		"CHECK-NEXT: [[m1:%[0-9]+]] = OpVariable %_ptr_Function_float Function",
		"CHECK-NEXT: [[m0:%[0-9]+]] = OpVariable %_ptr_Function_float Function",
		"CHECK-NEXT: %val = OpCompositeConstruct",
		"CHECK-NEXT: [[e0:%[0-9]+]] = OpCompositeExtract %float %val 0",
		"CHECK-NEXT: OpStore [[m0]] [[e0]]",
		"CHECK-NEXT: [[e1:%[0-9]+]] = OpCompositeExtract %float %val 1",
		"CHECK-NEXT: OpStore [[m1]] [[e1]]",
		"CHECK-NEXT: [[l1:%[0-9]+]] = OpLoad %float [[m1]]",
		"CHECK-NEXT: [[l0:%[0-9]+]] = OpLoad %float [[m0]]",
		// The load's name goes to the construct that replaces it.
		"CHECK-NEXT: %l = OpCompositeConstruct %S [[l0]] [[l1]]",
		"CHECK-NEXT: %x = OpCompositeExtract %float %l 1",
	), "scalar-replacement")
}

func TestScalarReplacementAccessChainsAndUnusedMembers(t *testing.T) {
	// Access chains start from the member's variable (a shorter chain, or
	// the variable itself); elements nothing reads get no variable: an
	// OpUndef stands for them in the whole load.
	src := memHeader + `OpName %a "a"
` + memTypes + `%_arr_v4float_uint_4 = OpTypeArray %v4float %uint_4
%_ptr_Function__arr_v4float_uint_4 = OpTypePointer Function %_arr_v4float_uint_4
%main = OpFunction %void None %fn
%entry = OpLabel
%a = OpVariable %_ptr_Function__arr_v4float_uint_4 Function
%901 = OpAccessChain %_ptr_Function_float %a %int_2 %int_1
OpStore %901 %float_1
%902 = OpAccessChain %_ptr_Function_v4float %a %int_1
%v = OpCompositeConstruct %v4float %float_2 %float_2 %float_2 %float_2
OpStore %902 %v
%920 = OpLoad %_arr_v4float_uint_4 %a
%e = OpCompositeExtract %v4float %920 2
%x = OpCompositeExtract %float %e 1
OpStore %out %x
OpReturn
OpFunctionEnd
`
	checkValid(t, src, lines(
		"CHECK: [[undef:%[0-9]+]] = OpUndef %v4float",
		"CHECK: OpLabel",
		"CHECK-NEXT: [[e2:%[0-9]+]] = OpVariable %_ptr_Function_v4float Function",
		"CHECK-NEXT: [[e1:%[0-9]+]] = OpVariable %_ptr_Function_v4float Function",
		"CHECK-NOT: OpVariable",
		"CHECK: OpAccessChain %_ptr_Function_float [[e2]] %int_1",
		"CHECK: OpStore [[e1]]",
		"CHECK: [[l2:%[0-9]+]] = OpLoad %v4float [[e2]]",
		"CHECK-NEXT: [[l1:%[0-9]+]] = OpLoad %v4float [[e1]]",
		"CHECK-NEXT: OpCompositeConstruct %_arr_v4float_uint_4 [[undef]] [[l1]] [[l2]] [[undef]]",
	), "scalar-replacement")
}

func TestScalarReplacementNested(t *testing.T) {
	// An array of structs splits into structs, which split into floats;
	// the initializer is shared out (a null per member type, made once).
	src := memHeader + memTypes + `%_arr_S_uint_4 = OpTypeArray %S %uint_4
%_ptr_Function__arr_S_uint_4 = OpTypePointer Function %_arr_S_uint_4
%null = OpConstantNull %_arr_S_uint_4
%main = OpFunction %void None %fn
%entry = OpLabel
%a = OpVariable %_ptr_Function__arr_S_uint_4 Function %null
%901 = OpAccessChain %_ptr_Function_float %a %int_1 %int_0
%x = OpLoad %float %901
OpStore %out %x
OpReturn
OpFunctionEnd
`
	checkValid(t, src, lines(
		"CHECK: [[snull:%[0-9]+]] = OpConstantNull %S",
		"CHECK: [[fnull:%[0-9]+]] = OpConstantNull %float",
		"CHECK: OpLabel",
		"CHECK-NEXT: [[v:%[0-9]+]] = OpVariable %_ptr_Function_float Function [[fnull]]",
		"CHECK-NOT: OpVariable",
		"CHECK: OpLoad %float [[v]]",
	), "scalar-replacement")
}

func TestScalarReplacementInitializerComposite(t *testing.T) {
	src := memHeader + memTypes + `%init = OpConstantComposite %S %float_1 %float_2
%main = OpFunction %void None %fn
%entry = OpLabel
%s = OpVariable %_ptr_Function_S Function %init
%901 = OpAccessChain %_ptr_Function_float %s %int_1
%x = OpLoad %float %901
OpStore %out %x
OpReturn
OpFunctionEnd
`
	checkValid(t, src, lines(
		"CHECK: OpLabel",
		"CHECK-NEXT: [[v:%[0-9]+]] = OpVariable %_ptr_Function_float Function %float_2",
		"CHECK-NEXT: OpLoad %float [[v]]",
	), "scalar-replacement")
}

func TestScalarReplacementLeavesAlone(t *testing.T) {
	// A dynamic index, a volatile load, a pointer passed to a call, an
	// array larger than the limit, a spec-constant length.
	src := memHeader + `OpName %dyn "dyn"
OpName %vol "vol"
OpName %call "call"
OpName %big "big"
OpName %spec "spec"
OpDecorate %n SpecId 0
` + memTypes + `%n = OpSpecConstant %uint 4
%sarr = OpTypeArray %float %n
%_ptr_Function_sarr = OpTypePointer Function %sarr
%fnp = OpTypeFunction %void %_ptr_Function_S
%_ptr_Function_uint = OpTypePointer Function %uint
%main = OpFunction %void None %fn
%entry = OpLabel
%dyn = OpVariable %_ptr_Function_arr Function
%vol = OpVariable %_ptr_Function_S Function
%call = OpVariable %_ptr_Function_S Function
%big = OpVariable %_ptr_Function_arr Function
%spec = OpVariable %_ptr_Function_sarr Function
%i = OpVariable %_ptr_Function_uint Function
%iv = OpLoad %uint %i
%901 = OpAccessChain %_ptr_Function_float %dyn %iv
%x = OpLoad %float %901
%vl = OpLoad %S %vol Volatile
%r = OpFunctionCall %void %callee %call
%903 = OpAccessChain %_ptr_Function_float %big %int_0
%y = OpLoad %float %903
%904 = OpAccessChain %_ptr_Function_float %spec %int_0
%z = OpLoad %float %904
%s1 = OpFAdd %float %x %y
%s2 = OpFAdd %float %s1 %z
OpStore %out %s2
OpReturn
OpFunctionEnd
%callee = OpFunction %void None %fnp
%pp = OpFunctionParameter %_ptr_Function_S
%ce = OpLabel
OpReturn
OpFunctionEnd
`
	checkValid(t, src, lines(
		"CHECK: %dyn = OpVariable",
		"CHECK-NEXT: %vol = OpVariable",
		"CHECK-NEXT: %call = OpVariable",
		"CHECK-NEXT: %big = OpVariable",
		"CHECK-NEXT: %spec = OpVariable",
	), "scalar-replacement=3")
	// Without the limit, the 4-element array splits (its element 0 only).
	check(t, src, lines(
		"CHECK-NOT: %big = OpVariable",
		"CHECK: %dyn = OpVariable",
	), "scalar-replacement")
}

func TestScalarReplacementDecorations(t *testing.T) {
	// RelaxedPrecision on a member goes to its variable; a decoration
	// spirv-opt does not know to keep stops the split.
	src := memHeader + `OpName %s "s"
OpName %t "t"
OpMemberDecorate %S2 0 RelaxedPrecision
OpDecorate %t Location 3
` + memTypes + `%S2 = OpTypeStruct %float %float
%_ptr_Function_S2 = OpTypePointer Function %S2
%main = OpFunction %void None %fn
%entry = OpLabel
%s = OpVariable %_ptr_Function_S2 Function
%t = OpVariable %_ptr_Function_S Function
%901 = OpAccessChain %_ptr_Function_float %s %int_0
%x = OpLoad %float %901
%902 = OpAccessChain %_ptr_Function_float %t %int_0
%y = OpLoad %float %902
%z = OpFAdd %float %x %y
OpStore %out %z
OpReturn
OpFunctionEnd
`
	check(t, src, lines(
		"CHECK: OpDecorate %t Location 3",
		"CHECK: OpDecorate [[v:%[0-9]+]] RelaxedPrecision",
		"CHECK: [[v]] = OpVariable %_ptr_Function_float Function",
		"CHECK: %t = OpVariable %_ptr_Function_S",
	), "scalar-replacement")
}

func TestScalarReplacementArgument(t *testing.T) {
	for _, bad := range []string{"x", "-1", "+1", "1.5"} {
		if _, err := NewPass("scalar-replacement=" + bad); err == nil {
			t.Errorf("scalar-replacement=%s accepted", bad)
		}
	}
	p, err := NewPass("scalar-replacement=100")
	if err != nil || p.Name() != "scalar-replacement=100" {
		t.Errorf("scalar-replacement=100: %v %v", p, err)
	}
	if p, _ := NewPass("scalar-replacement"); p.Name() != "scalar-replacement=0" {
		t.Errorf("default name %q", p.Name())
	}
}

func TestScalarReplacementBufferPointerMember(t *testing.T) {
	// A member holding a PhysicalStorageBuffer pointer becomes a variable
	// that must be declared aliased or restrict to be valid.
	src := `OpCapability Shader
OpCapability PhysicalStorageBufferAddresses
OpExtension "SPV_KHR_physical_storage_buffer"
OpMemoryModel PhysicalStorageBuffer64 GLSL450
OpEntryPoint GLCompute %main "main"
OpExecutionMode %main LocalSize 1 1 1
OpName %main "main"
OpName %Acc "Acc"
OpDecorate %_ptr_PhysicalStorageBuffer_float ArrayStride 4
%void = OpTypeVoid
%fn = OpTypeFunction %void
%float = OpTypeFloat 32
%int = OpTypeInt 32 1
%int_0 = OpConstant %int 0
%_ptr_PhysicalStorageBuffer_float = OpTypePointer PhysicalStorageBuffer %float
%Acc = OpTypeStruct %_ptr_PhysicalStorageBuffer_float
%_ptr_Function_Acc = OpTypePointer Function %Acc
%_ptr_Function_ptr = OpTypePointer Function %_ptr_PhysicalStorageBuffer_float
%main = OpFunction %void None %fn
%entry = OpLabel
%a = OpVariable %_ptr_Function_Acc Function
%901 = OpAccessChain %_ptr_Function_ptr %a %int_0
%903 = OpLoad %_ptr_PhysicalStorageBuffer_float %901
%x = OpLoad %float %903 Aligned 4
OpStore %903 %x Aligned 4
OpReturn
OpFunctionEnd
`
	checkValid(t, src, lines(
		"CHECK: OpDecorate [[v:%[0-9]+]] AliasedPointer",
		"CHECK: [[v]] = OpVariable %_ptr_Function__ptr_PhysicalStorageBuffer_float Function",
	), "scalar-replacement")
}
