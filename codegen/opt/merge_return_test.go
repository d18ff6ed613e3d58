package opt

import "testing"

// mrTypes are the extra declarations of the merge-return tests: a Private
// condition and integer, and the function types of the callees.
const mrTypes = `%cond_ptr = OpTypePointer Private %bool
%c = OpVariable %cond_ptr Private
%ip = OpTypePointer Private %int
%n = OpVariable %ip Private
%fn_float = OpTypeFunction %float
`

// withCallee is a fragment shader whose main stores what %f returns (or
// just calls it when void); body defines %f.
func withCallee(void bool, body string) string {
	call := `%call = OpFunctionCall %float %f
OpStore %out %call
`
	if void {
		call = "%call = OpFunctionCall %void %f\n"
	}
	return fragment(mrTypes, `OpName %f "f"
%main = OpFunction %void None %fn
%entry = OpLabel
`+call+`OpReturn
OpFunctionEnd
`+body)
}

func TestMergeReturnIfElseReturns(t *testing.T) {
	src := withCallee(false, `%f = OpFunction %float None %fn_float
%fe = OpLabel
%cv = OpLoad %bool %c
OpSelectionMerge %m None
OpBranchConditional %cv %t %m
%t = OpLabel
OpReturnValue %float_1
%m = OpLabel
OpReturnValue %float_2
OpFunctionEnd
`)
	checkValid(t, src, lines(
		"CHECK: %f = OpFunction",
		"CHECK-NEXT: %fe = OpLabel",
		"CHECK-NEXT: [[flag:%[0-9]+]] = OpVariable %_ptr_Function_bool Function %false",
		"CHECK-NEXT: [[val:%[0-9]+]] = OpVariable %_ptr_Function_float Function",
		"CHECK-NEXT: OpSelectionMerge [[ret:%[0-9]+]] None",
		"CHECK-NEXT: OpSwitch %uint_0 [[body:%[0-9]+]]",
		"CHECK: %t = OpLabel",
		"CHECK-NEXT: OpStore [[flag]] %true",
		"CHECK-NEXT: OpStore [[val]] %float_1",
		"CHECK-NEXT: OpBranch [[ret]]",
		"CHECK: [[ret]] = OpLabel",
		"CHECK-NEXT: [[l:%[0-9]+]] = OpLoad %float [[val]]",
		"CHECK-NEXT: OpReturnValue [[l]]",
	), "merge-return")
	sameAsSpirvOpt(t, src, "merge-return")
}

// A return inside a loop breaks out of the loop; the code after the loop
// is skipped when the flag is set.
func TestMergeReturnInLoop(t *testing.T) {
	src := withCallee(false, `%f = OpFunction %float None %fn_float
%fe = OpLabel
OpBranch %h
%h = OpLabel
%i = OpPhi %int %int_0 %fe %inext %cont
OpLoopMerge %lm %cont None
OpBranch %body
%body = OpLabel
%big = OpSGreaterThan %bool %i %int_3
OpSelectionMerge %sm None
OpBranchConditional %big %early %sm
%early = OpLabel
OpReturnValue %float_1
%sm = OpLabel
OpBranch %cont
%cont = OpLabel
%inext = OpIAdd %int %i %int_1
%more = OpSLessThan %bool %inext %int_10
OpBranchConditional %more %h %lm
%lm = OpLabel
%x = OpConvertSToF %float %i
OpReturnValue %x
OpFunctionEnd
`)
	checkValid(t, src, lines(
		"CHECK: %early = OpLabel",
		"CHECK-NEXT: OpStore {{%[0-9]+}} %true",
		"CHECK-NEXT: OpStore {{%[0-9]+}} %float_1",
		"CHECK-NEXT: OpBranch %lm",
		"CHECK: %lm = OpLabel",
		"CHECK: OpLoad %bool",
		"CHECK-NEXT: OpSelectionMerge",
		"CHECK-NEXT: OpBranchConditional",
	), "merge-return")
	sameAsSpirvOpt(t, src, "merge-return")
}

// A void function whose only return sits inside a construct, with a value
// defined before the return and used after the merge: the predication
// breaks dominance, so the use goes through a phi.
func TestMergeReturnSingleReturnInConstructAndPhi(t *testing.T) {
	src := withCallee(true, `%f = OpFunction %void None %fn
%fe = OpLabel
%cv = OpLoad %bool %c
%v = OpLoad %int %n
OpSelectionMerge %m None
OpBranchConditional %cv %t %e
%t = OpLabel
OpReturn
%e = OpLabel
%w = OpIAdd %int %v %int_1
OpBranch %m
%m = OpLabel
%y = OpIAdd %int %w %v
OpStore %n %y
OpBranch %after
%after = OpLabel
OpStore %n %w
OpReturn
OpFunctionEnd
`)
	checkValid(t, src, lines(
		"CHECK: %t = OpLabel",
		"CHECK-NEXT: OpStore {{%[0-9]+}} %true",
		"CHECK-NEXT: OpBranch",
	), "merge-return")
	sameAsSpirvOpt(t, src, "merge-return")
}

// Returns inside a switch inside a loop break to the loop's merge; nested
// loops pass the return outwards merge by merge.
func TestMergeReturnNested(t *testing.T) {
	src := withCallee(false, `%f = OpFunction %float None %fn_float
%fe = OpLabel
%sel = OpLoad %int %n
OpBranch %oh
%oh = OpLabel
OpLoopMerge %om %oc None
OpBranch %ih
%ih = OpLabel
OpLoopMerge %im %ic None
OpBranch %ib
%ib = OpLabel
OpSelectionMerge %swm None
OpSwitch %sel %swm 1 %case1 2 %case2
%case1 = OpLabel
OpReturnValue %float_1
%case2 = OpLabel
OpBranch %swm
%swm = OpLabel
OpBranch %ic
%ic = OpLabel
%cv = OpLoad %bool %c
OpBranchConditional %cv %ih %im
%im = OpLabel
%cv2 = OpLoad %bool %c
OpSelectionMerge %sm None
OpBranchConditional %cv2 %ret2 %sm
%ret2 = OpLabel
OpReturnValue %float_2
%sm = OpLabel
OpBranch %oc
%oc = OpLabel
%cv3 = OpLoad %bool %c
OpBranchConditional %cv3 %oh %om
%om = OpLabel
OpReturnValue %float_0
OpFunctionEnd
`)
	checkValid(t, src, lines(
		"CHECK: %case1 = OpLabel",
		"CHECK-NEXT: OpStore {{%[0-9]+}} %true",
		"CHECK-NEXT: OpStore {{%[0-9]+}} %float_1",
		"CHECK-NEXT: OpBranch %im",
	), "merge-return")
	sameAsSpirvOpt(t, src, "merge-return")
}

// The merge block a return breaks to is a loop header: it is split so the
// new edge enters before the loop.
func TestMergeReturnBreakToLoopHeader(t *testing.T) {
	src := withCallee(false, `%f = OpFunction %float None %fn_float
%fe = OpLabel
%cv = OpLoad %bool %c
OpBranch %oh
%oh = OpLabel
OpLoopMerge %om %oc None
OpBranch %ob
%ob = OpLabel
OpSelectionMerge %lh None
OpBranchConditional %cv %r %lh
%r = OpLabel
OpReturnValue %float_1
%lh = OpLabel
%j = OpPhi %int %int_0 %ob %jn %lc
OpLoopMerge %lm %lc None
OpBranch %lb
%lb = OpLabel
%jn = OpIAdd %int %j %int_1
%more = OpSLessThan %bool %jn %int_3
OpBranchConditional %more %lc %lm
%lc = OpLabel
OpBranch %lh
%lm = OpLabel
OpBranch %oc
%oc = OpLabel
OpBranchConditional %cv %oh %om
%om = OpLabel
OpReturnValue %float_2
OpFunctionEnd
`)
	sameAsSpirvOpt(t, src, "merge-return")
}

// A function whose one return ends it, outside any construct, is left as
// it is.
func TestMergeReturnNothingToDo(t *testing.T) {
	src := withCallee(false, `%f = OpFunction %float None %fn_float
%fe = OpLabel
%cv = OpLoad %bool %c
OpSelectionMerge %m None
OpBranchConditional %cv %t %m
%t = OpLabel
OpBranch %m
%m = OpLabel
OpReturnValue %float_2
OpFunctionEnd
`)
	checkValid(t, src, lines(
		"CHECK-NOT: OpSwitch",
		"CHECK: %m = OpLabel",
		"CHECK-NEXT: OpReturnValue %float_2",
	), "merge-return")
	sameAsSpirvOpt(t, src, "merge-return")
}
