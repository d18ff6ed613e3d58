package opt

import "testing"

// A straight chain becomes one block: the absorbed block's phi is replaced
// by its value (which takes the phi's name), and its label's name moves to
// the block that absorbed it.
func TestMergeBlocksChain(t *testing.T) {
	src := fragment("", `OpName %x "x"
%main = OpFunction %void None %fn
%entry = OpLabel
%y = OpFAdd %float %float_1 %float_1
OpBranch %next
%next = OpLabel
%x = OpPhi %float %y %entry
OpBranch %last
%last = OpLabel
%z = OpFAdd %float %x %float_2
OpStore %out %z
OpReturn
OpFunctionEnd
`)
	checkValid(t, src, lines(
		"CHECK: OpName %x \"x\"",
		"CHECK-NEXT: OpName %entry \"entry\"",
		"CHECK-NEXT: OpName %x \"y\"",
		"CHECK-NEXT: OpName %entry \"next\"",
		"CHECK-NEXT: OpName %entry \"last\"",
		"CHECK: %entry = OpLabel",
		"CHECK-NEXT: %x = OpFAdd %float %float_1 %float_1",
		"CHECK-NEXT: %z = OpFAdd %float %x %float_2",
		"CHECK-NEXT: OpStore %out %z",
		"CHECK-NEXT: OpReturn",
	), "merge-blocks")
	sameAsSpirvOpt(t, src, "merge-blocks")
}

// A loop header absorbs a body ending in a conditional branch (its
// OpLoopMerge moves down to the new terminator) but not one ending in a
// return; two merge blocks stay apart, as do a merge block and a continue
// target; a block branching to a header does not absorb it.
func TestMergeBlocksStructured(t *testing.T) {
	src := fragment(`%cond_ptr = OpTypePointer Private %bool
%c = OpVariable %cond_ptr Private
`, `%main = OpFunction %void None %fn
%entry = OpLabel
%cv = OpLoad %bool %c
OpBranch %loop
%loop = OpLabel
OpLoopMerge %lmerge %cont None
OpBranch %body
%body = OpLabel
OpStore %out %float_1
OpBranchConditional %cv %lmerge %inner
%inner = OpLabel
OpSelectionMerge %smerge None
OpBranchConditional %cv %then %smerge
%then = OpLabel
OpBranch %smerge
%smerge = OpLabel
OpBranch %cont
%cont = OpLabel
OpBranch %loop
%lmerge = OpLabel
OpBranch %after
%after = OpLabel
OpSelectionMerge %m2 None
OpBranchConditional %cv %a %m2
%a = OpLabel
OpBranch %m2
%m2 = OpLabel
OpBranch %m3
%m3 = OpLabel
OpReturn
OpFunctionEnd
`)
	checkValid(t, src, lines(
		"CHECK: %entry = OpLabel",
		"CHECK: OpBranch %loop",
		"CHECK-NEXT: %loop = OpLabel",
		"CHECK-NEXT: OpStore %out %float_1",
		"CHECK-NEXT: OpLoopMerge %lmerge %cont None",
		"CHECK-NEXT: OpBranchConditional %cv %lmerge %inner",
		"CHECK: %smerge = OpLabel",
		"CHECK-NEXT: OpBranch %cont",
		"CHECK: %lmerge = OpLabel",
		"CHECK-NEXT: OpSelectionMerge %m2 None",
		"CHECK: %m2 = OpLabel",
		"CHECK-NEXT: OpReturn",
	), "merge-blocks")
	sameAsSpirvOpt(t, src, "merge-blocks")
}

// A switch case target that branches to the switch's merge block keeps
// its own block, even as the merge block's only predecessor; unreachable blocks are left alone.
func TestMergeBlocksCaseAndUnreachable(t *testing.T) {
	src := fragment(`%cond_ptr = OpTypePointer Private %int
%c = OpVariable %cond_ptr Private
`, `%main = OpFunction %void None %fn
%entry = OpLabel
%sel = OpLoad %int %c
OpSelectionMerge %merge None
OpSwitch %sel %one
%one = OpLabel
OpBranch %merge
%merge = OpLabel
OpReturn
%dead = OpLabel
OpBranch %dead2
%dead2 = OpLabel
OpReturn
OpFunctionEnd
`)
	checkValid(t, src, lines(
		"CHECK: %one = OpLabel",
		"CHECK-NEXT: OpBranch %merge",
		"CHECK: %dead = OpLabel",
		"CHECK-NEXT: OpBranch %dead2",
	), "merge-blocks")
	sameAsSpirvOpt(t, src, "merge-blocks")
}
