package opt

import (
	"regexp"
	"strings"
	"testing"
)

func TestLocalSingleStoreDominated(t *testing.T) {
	// The one store dominates the loads in later blocks; a load before it
	// in the same block, and one in a block it does not dominate, stay.
	src := memHeader + `OpName %f "f"
OpName %early "early"
OpName %late "late"
` + memTypes + `%main = OpFunction %void None %fn
%entry = OpLabel
%f = OpVariable %_ptr_Function_float Function
%early = OpLoad %float %f
OpSelectionMerge %merge None
OpBranchConditional %true %then %merge
%then = OpLabel
OpStore %f %float_1
%inner = OpLoad %float %f
OpStore %out %inner
OpBranch %merge
%merge = OpLabel
%late = OpLoad %float %f
%s = OpFAdd %float %early %late
OpStore %out %s
OpReturn
OpFunctionEnd
`
	checkValid(t, src, lines(
		"CHECK: %early = OpLoad %float %f",
		"CHECK: OpStore %f %float_1",
		"CHECK-NEXT: OpStore %out %float_1",
		"CHECK: %late = OpLoad %float %f",
	), "eliminate-local-single-store")
}

func TestLocalSingleStoreInitializer(t *testing.T) {
	// An initializer is the variable's store.
	src := memHeader + `OpName %f "f"
` + memTypes + `%main = OpFunction %void None %fn
%entry = OpLabel
%f = OpVariable %_ptr_Function_float Function %float_2
OpBranch %next
%next = OpLabel
%l = OpLoad %float %f
OpStore %out %l
OpReturn
OpFunctionEnd
`
	checkValid(t, src, lines(
		"CHECK: %f = OpVariable %_ptr_Function_float Function %float_2",
		"CHECK: OpStore %out %float_2",
	), "eliminate-local-single-store")
	// With a store besides, there are two writes.
	src2 := memHeader + `OpName %l "l"
` + memTypes + `%main = OpFunction %void None %fn
%entry = OpLabel
%f = OpVariable %_ptr_Function_float Function %float_2
OpStore %f %float_1
%l = OpLoad %float %f
OpStore %out %l
OpReturn
OpFunctionEnd
`
	checkValid(t, src2, "CHECK: OpStore %out %l\n", "eliminate-local-single-store")
}

func TestLocalSingleStoreNotWhenWrittenOtherwise(t *testing.T) {
	// Two stores; a store through an access chain (even of another
	// variable's chain through a copy); a call that gets the pointer.
	src := memHeader + `OpName %l1 "l1"
OpName %l2 "l2"
OpName %l3 "l3"
OpName %l4 "l4"
` + memTypes + `%fnp = OpTypeFunction %void %_ptr_Function_float
%main = OpFunction %void None %fn
%entry = OpLabel
%a = OpVariable %_ptr_Function_float Function
%b = OpVariable %_ptr_Function_v4float Function
%c = OpVariable %_ptr_Function_float Function
%d = OpVariable %_ptr_Function_v4float Function
%vec = OpCompositeConstruct %v4float %float_1 %float_1 %float_1 %float_1
OpStore %a %float_1
OpStore %a %float_2
OpStore %b %vec
%bp = OpAccessChain %_ptr_Function_float %b %int_1
OpStore %bp %float_2
OpStore %c %float_1
%call = OpFunctionCall %void %callee %c
OpStore %d %vec
%dc = OpCopyObject %_ptr_Function_v4float %d
%dp = OpAccessChain %_ptr_Function_float %dc %int_0
OpStore %dp %float_0
OpBranch %next
%next = OpLabel
%l1 = OpLoad %float %a
%l2v = OpLoad %v4float %b
%l2 = OpCompositeExtract %float %l2v 0
%l3 = OpLoad %float %c
%l4v = OpLoad %v4float %d
%l4 = OpCompositeExtract %float %l4v 0
%s1 = OpFAdd %float %l1 %l2
%s2 = OpFAdd %float %l3 %l4
%s = OpFAdd %float %s1 %s2
OpStore %out %s
OpReturn
OpFunctionEnd
%callee = OpFunction %void None %fnp
%pp = OpFunctionParameter %_ptr_Function_float
%ce = OpLabel
OpStore %pp %float_2
OpReturn
OpFunctionEnd
`
	checkValid(t, src, lines(
		"CHECK: %l1 = OpLoad %float %a",
		"CHECK: %l2v = OpLoad %v4float %b",
		"CHECK: %l3 = OpLoad %float %c",
		"CHECK: %l4v = OpLoad %v4float %d",
	), "eliminate-local-single-store")
}

func TestLocalSingleStoreReadsThroughChainsAndCopies(t *testing.T) {
	// Loads through an access chain are reads, and leave the whole loads
	// free to be replaced; loads through a copy are replaced too.
	src := memHeader + `OpName %x "x"
OpName %vec "vec"
` + memTypes + `%main = OpFunction %void None %fn
%entry = OpLabel
%v = OpVariable %_ptr_Function_v4float Function
%vec = OpCompositeConstruct %v4float %float_1 %float_2 %float_1 %float_2
OpStore %v %vec
%p = OpAccessChain %_ptr_Function_float %v %int_1
%x = OpLoad %float %p
%cp = OpCopyObject %_ptr_Function_v4float %v
%whole = OpLoad %v4float %cp
%y = OpCompositeExtract %float %whole 3
%s = OpFAdd %float %x %y
OpStore %out %s
OpReturn
OpFunctionEnd
`
	checkValid(t, src, lines(
		"CHECK: %x = OpLoad %float",
		"CHECK-NOT: OpLoad",
		"CHECK: OpCompositeExtract %float %vec 3",
	), "eliminate-local-single-store")
}

func TestLocalSingleStoreSkipsUnknownExtension(t *testing.T) {
	// Unlike the single-block pass, this one does not know
	// SPV_EXT_demote_to_helper_invocation (as in spirv-opt).
	src := `OpCapability Shader
OpCapability DemoteToHelperInvocationEXT
OpExtension "SPV_EXT_demote_to_helper_invocation"
OpMemoryModel Logical GLSL450
OpEntryPoint Fragment %main "main" %out
OpExecutionMode %main OriginUpperLeft
OpName %out "out"
OpName %l "l"
` + memTypes + `%main = OpFunction %void None %fn
%entry = OpLabel
%f = OpVariable %_ptr_Function_float Function
OpStore %f %float_1
%l = OpLoad %float %f
OpStore %out %l
OpReturn
OpFunctionEnd
`
	check(t, src, "CHECK: OpStore %out %l\n", "eliminate-local-single-store")
	check(t, src, "CHECK: OpStore %out %float_1\n", "eliminate-local-single-block")
}

func TestLocalSingleStoreDebugValue(t *testing.T) {
	// With its second store gone, x is stored once: its loads take the
	// value, and the DebugDeclare becomes a DebugValue after the store —
	// but only when every use was rewritten, and (as in spirv-opt) an
	// OpName counts as a use that was not.
	src := strings.Replace(readTestdata(t, "debug_locals.spvasm"), "OpStore %x %float_2\n", "", 1)
	checkValid(t, src, lines(
		"CHECK: OpStore %x [[v:%[0-9]+]]",
		"CHECK-NEXT: DebugDeclare {{%[0-9]+}} %x",
		"CHECK-NOT: DebugValue",
		"CHECK: OpCompositeConstruct %v4float [[v]] [[v]] [[v]] [[v]]",
	), "eliminate-local-single-store")
	// (%x becomes a numeric id, which the test harness leaves unnamed.)
	unnamed := regexp.MustCompile(`%x\b`).ReplaceAllString(strings.Replace(src, `OpName %x "x"`+"\n", "", 1), "%950")
	checkValid(t, unnamed, lines(
		"CHECK: [[expr:%[0-9]+]] = OpExtInst %void %1 DebugExpression",
		"CHECK: OpStore [[x:%[0-9]+]] [[v:%[0-9]+]]",
		"CHECK-NEXT: DebugValue {{%[0-9]+}} [[v]] [[expr]]",
		"CHECK-NOT: DebugDeclare {{%[0-9]+}} [[x]]",
		"CHECK: OpCompositeConstruct %v4float [[v]] [[v]] [[v]] [[v]]",
	), "eliminate-local-single-store")
}
