package opt

import "testing"

// Blocks no branch or merge instruction reaches go with their names;
// phis lose their pairs, and a kept pair's value defined in a deleted
// block becomes undef. The unreachable merge block of a live header stays.
func TestCFGCleanup(t *testing.T) {
	src := fragment(`%cond_ptr = OpTypePointer Private %bool
%c = OpVariable %cond_ptr Private
`, `%main = OpFunction %void None %fn
%entry = OpLabel
%cv = OpLoad %bool %c
OpSelectionMerge %merge None
OpBranchConditional %cv %a %b
%a = OpLabel
OpReturn
%b = OpLabel
OpReturn
%merge = OpLabel
OpBranch %join
%dead = OpLabel
%d = OpFAdd %float %float_1 %float_1
OpBranch %join
%join = OpLabel
%p = OpPhi %float %float_2 %merge %d %dead
OpStore %out %p
OpReturn
OpFunctionEnd
`)
	check(t, src, lines(
		"CHECK-NOT: OpName %dead",
		"CHECK: %merge = OpLabel",
		"CHECK-NEXT: OpBranch %join",
		"CHECK-NOT: %dead = OpLabel",
		"CHECK: %join = OpLabel",
		"CHECK-NEXT: OpPhi %float %float_2 %merge",
		"CHECK-NEXT: OpStore",
	), "cfg-cleanup")
	sameAsSpirvOpt(t, src, "cfg-cleanup")
}

// A pair kept whose value is defined in a deleted block gets undef (the
// input breaks dominance on purpose: the cleanup must not leave a use of a
// deleted id).
func TestCFGCleanupUndefValue(t *testing.T) {
	src := fragment("", `%main = OpFunction %void None %fn
%entry = OpLabel
OpBranch %join
%dead = OpLabel
%d = OpFAdd %float %float_1 %float_1
OpBranch %join
%join = OpLabel
%p = OpPhi %float %d %entry %float_2 %dead
OpStore %out %p
OpReturn
OpFunctionEnd
`)
	check(t, src, lines(
		"CHECK: %[[undef:[0-9]+]] = OpUndef %float",
		"CHECK: %join = OpLabel",
		"CHECK-NEXT: OpPhi %float %[[undef]] %entry",
		"CHECK-NEXT: OpStore",
	), "cfg-cleanup")
	sameAsSpirvOpt(t, src, "cfg-cleanup")
}
