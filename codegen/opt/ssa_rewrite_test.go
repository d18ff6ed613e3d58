package opt

import "testing"

// loopSrc is a loop that sums into %s while %i counts: the header needs a
// phi for each, the if inside the body a phi for %s, and %u, never
// written, reads as undefined.
const loopSrc = `OpCapability Shader
OpMemoryModel Logical GLSL450
OpEntryPoint Fragment %main "main" %out %in
OpExecutionMode %main OriginUpperLeft
OpName %main "main"
OpName %out "out"
OpName %in "in"
OpName %i "i"
OpName %s "s"
OpName %header "header"
OpName %then "then"
OpName %sm "sm"
OpName %cont "cont"
OpName %body "body"
OpName %entry "entry"
OpName %sv2 "sv2"
OpName %sv3 "sv3"
OpName %inc "inc"
OpDecorate %out Location 0
OpDecorate %in Location 0
OpDecorate %in Flat
OpDecorate %s RelaxedPrecision
%void = OpTypeVoid
%fn = OpTypeFunction %void
%float = OpTypeFloat 32
%int = OpTypeInt 32 1
%bool = OpTypeBool
%int_0 = OpConstant %int 0
%int_1 = OpConstant %int 1
%int_10 = OpConstant %int 10
%float_0 = OpConstant %float 0
%float_1 = OpConstant %float 1
%_ptr_Function_int = OpTypePointer Function %int
%_ptr_Function_float = OpTypePointer Function %float
%_ptr_Output_float = OpTypePointer Output %float
%_ptr_Input_int = OpTypePointer Input %int
%out = OpVariable %_ptr_Output_float Output
%in = OpVariable %_ptr_Input_int Input
%main = OpFunction %void None %fn
%entry = OpLabel
%i = OpVariable %_ptr_Function_int Function
%s = OpVariable %_ptr_Function_float Function
%u = OpVariable %_ptr_Function_float Function
OpStore %i %int_0
OpStore %s %float_0
OpBranch %header
%header = OpLabel
OpLoopMerge %merge %cont None
OpBranch %check
%check = OpLabel
%iv = OpLoad %int %i
%n = OpLoad %int %in
%c = OpSLessThan %bool %iv %n
OpBranchConditional %c %body %merge
%body = OpLabel
%sv = OpLoad %float %s
%sv2 = OpFAdd %float %sv %float_1
OpStore %s %sv2
%c2 = OpSLessThan %bool %iv %int_10
OpSelectionMerge %sm None
OpBranchConditional %c2 %then %sm
%then = OpLabel
%uu = OpLoad %float %u
%sv3 = OpFAdd %float %sv2 %uu
OpStore %s %sv3
OpBranch %sm
%sm = OpLabel
OpBranch %cont
%cont = OpLabel
%iv2 = OpLoad %int %i
%inc = OpIAdd %int %iv2 %int_1
OpStore %i %inc
OpBranch %header
%merge = OpLabel
%res = OpLoad %float %s
OpStore %out %res
OpReturn
OpFunctionEnd
`

func TestSSARewriteLoop(t *testing.T) {
	for _, flag := range []string{"ssa-rewrite", "eliminate-local-multi-store"} {
		checkValid(t, loopSrc, lines(
			"CHECK: OpDecorate %s RelaxedPrecision",
			"CHECK: OpDecorate {{%[0-9]+}} RelaxedPrecision",
			"CHECK: [[undef:%[0-9]+]] = OpUndef %float",
			// The stores stay (dead-code elimination removes them).
			"CHECK: OpStore %i %int_0",
			"CHECK: %header = OpLabel",
			// Phis go to the top of the block, the last made first.
			"CHECK-NEXT: [[sphi:%[0-9]+]] = OpPhi %float %float_0 %entry [[sm:%[0-9]+]] %cont",
			"CHECK-NEXT: [[iphi:%[0-9]+]] = OpPhi %int %int_0 %entry %inc %cont",
			"CHECK-NEXT: OpLoopMerge",
			"CHECK: OpSLessThan %bool [[iphi]]",
			"CHECK: %sv2 = OpFAdd %float [[sphi]] %float_1",
			"CHECK: %sv3 = OpFAdd %float %sv2 [[undef]]",
			"CHECK: %sm = OpLabel",
			"CHECK-NEXT: [[sm]] = OpPhi %float %sv2 %body %sv3 %then",
			"CHECK: %inc = OpIAdd %int [[iphi]] %int_1",
			"CHECK: OpStore %out [[sphi]]",
			"CHECK-NOT: OpLoad %float",
		), flag)
	}
}

func TestSSARewriteTrivialPhis(t *testing.T) {
	// A variable written once before a loop and only read inside: the
	// header's candidate merges one value with itself and disappears; so
	// does the candidate of the if's merge.
	src := memHeader + `OpName %f "f"
OpName %x "x"
` + memTypes + `%main = OpFunction %void None %fn
%entry = OpLabel
%f = OpVariable %_ptr_Function_float Function
OpStore %f %float_2
OpBranch %header
%header = OpLabel
OpLoopMerge %merge %cont None
OpBranchConditional %true %body %merge
%body = OpLabel
OpSelectionMerge %sm None
OpBranchConditional %true %then %sm
%then = OpLabel
OpBranch %sm
%sm = OpLabel
OpBranch %cont
%cont = OpLabel
OpBranch %header
%merge = OpLabel
%x = OpLoad %float %f
OpStore %out %x
OpReturn
OpFunctionEnd
`
	checkValid(t, src, lines(
		"CHECK-NOT: OpPhi",
		"CHECK: OpStore %out %float_2",
	), "ssa-rewrite")
}

func TestSSARewriteNonTargets(t *testing.T) {
	// Variables reached through access chains or passed to calls, and
	// non-function variables, stay in memory.
	src := memHeader + `OpName %x "x"
OpName %y "y"
OpName %z "z"
` + memTypes + `%fnp = OpTypeFunction %void %_ptr_Function_float
%_ptr_Private_float = OpTypePointer Private %float
%priv = OpVariable %_ptr_Private_float Private
%main = OpFunction %void None %fn
%entry = OpLabel
%v = OpVariable %_ptr_Function_v4float Function
%f = OpVariable %_ptr_Function_float Function
%vec = OpCompositeConstruct %v4float %float_1 %float_1 %float_1 %float_1
OpStore %v %vec
%p = OpAccessChain %_ptr_Function_float %v %int_1
OpStore %f %float_1
%r = OpFunctionCall %void %callee %f
OpStore %priv %float_2
OpBranch %next
%next = OpLabel
%x = OpLoad %float %p
%y = OpLoad %float %f
%z = OpLoad %float %priv
%s1 = OpFAdd %float %x %y
%s2 = OpFAdd %float %s1 %z
OpStore %out %s2
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
		"CHECK: %x = OpLoad %float",
		"CHECK: %y = OpLoad %float",
		"CHECK: %z = OpLoad %float",
	), "ssa-rewrite")
}

func TestSSARewriteStructsInitializersAndUnreachable(t *testing.T) {
	// Whole structs are rewritten too; an initializer is the first value;
	// a phi argument from an unreachable predecessor is undefined, and
	// loads in unreachable blocks are left.
	src := memHeader + `OpName %ul "ul"
OpName %init "init"
OpName %merge "merge"
OpName %dead "dead"
` + memTypes + `%init = OpConstantComposite %S %float_1 %float_2
%main = OpFunction %void None %fn
%entry = OpLabel
%s = OpVariable %_ptr_Function_S Function %init
OpSelectionMerge %merge None
OpBranchConditional %true %merge %merge
%dead = OpLabel
%ul = OpLoad %S %s
OpStore %s %ul
OpBranch %merge
%merge = OpLabel
%l = OpLoad %S %s
%x = OpCompositeExtract %float %l 0
OpStore %out %x
OpReturn
OpFunctionEnd
`
	checkValid(t, src, lines(
		"CHECK: [[undef:%[0-9]+]] = OpUndef %S",
		"CHECK: %ul = OpLoad",
		"CHECK: %merge = OpLabel",
		"CHECK-NEXT: [[phi:%[0-9]+]] = OpPhi %S %init %entry [[undef]] %dead",
		"CHECK-NEXT: OpCompositeExtract %float [[phi]] 0",
	), "ssa-rewrite")
}

func TestSSARewritePointerVariables(t *testing.T) {
	// A variable holding a pointer to another variable: the loaded
	// pointer is replaced by the variable. The load through it is not
	// followed in the same run (spirv-opt before 2024 did; DXC's does
	// not): the next run replaces it.
	src := memHeader + `OpName %x "x"
OpName %f "f"
` + memTypes + `%_ptr_Function__ptr_Function_float = OpTypePointer Function %_ptr_Function_float
%main = OpFunction %void None %fn
%entry = OpLabel
%f = OpVariable %_ptr_Function_float Function
%pf = OpVariable %_ptr_Function__ptr_Function_float Function
OpStore %f %float_2
OpStore %pf %f
%p = OpLoad %_ptr_Function_float %pf
%x = OpLoad %float %p
OpStore %out %x
OpReturn
OpFunctionEnd
`
	check(t, src, lines(
		"CHECK: %x = OpLoad %float %f",
		"CHECK: OpStore %out %x",
	), "ssa-rewrite")
	check(t, src, "CHECK: OpStore %out %float_2\n", "ssa-rewrite", "ssa-rewrite")
}

func TestSSARewriteDebugValues(t *testing.T) {
	// Each store to a variable with a DebugDeclare, and each phi made for
	// it, gets a DebugValue; the DebugDeclare goes. The parameter's stays.
	src := readTestdata(t, "debug_locals.spvasm")
	checkValid(t, src, lines(
		"CHECK: [[expr:%[0-9]+]] = OpExtInst %void %1 DebugExpression",
		"CHECK: %src_main = OpFunction",
		"CHECK: DebugDeclare {{%[0-9]+}} %c [[expr]]",
		"CHECK: OpStore %x [[v:%[0-9]+]]",
		"CHECK-NEXT: DebugValue [[var:%[0-9]+]] [[v]] [[expr]]",
		"CHECK-NOT: DebugDeclare",
		"CHECK: OpStore %x %float_2",
		"CHECK-NEXT: DebugValue [[var]] %float_2 [[expr]]",
		"CHECK: %if_merge = OpLabel",
		"CHECK-NEXT: [[phi:%[0-9]+]] = OpPhi %float [[v]] %bb_entry %float_2 %if_true",
		"CHECK-NEXT: DebugValue [[var]] [[phi]] [[expr]]",
	), "ssa-rewrite")
}
