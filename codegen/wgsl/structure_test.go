package wgsl_test

import "testing"

// Breaks out of a loop from inside a switch (an inlined early return, a
// loop exit in a case): WGSL's break would leave the switch only, so the
// exit sets a flag, breaks out of the switch, and the loop body tests the
// flag right after the switch. The flag is cleared as the exit completes.
func TestLoopExitFromSwitchThroughFlag(t *testing.T) {
	check(t, computeHeader+`
%uint_2 = OpConstant %uint 2
%uint_3 = OpConstant %uint 3
%uint_4 = OpConstant %uint 4
%main = OpFunction %void None %fn
%entry = OpLabel
%id = OpLoad %v3uint %gid
%x = OpCompositeExtract %uint %id 0
%p = OpAccessChain %ptr_uint %buf %int_0 %x
OpBranch %header
%header = OpLabel
%i = OpPhi %uint %uint_0 %entry %inext %cont
%c = OpULessThan %bool %i %uint_4
OpLoopMerge %merge %cont None
OpBranchConditional %c %body %merge
%body = OpLabel
%sel = OpUMod %uint %i %uint_3
OpSelectionMerge %swm None
OpSwitch %sel %def 1 %case1 2 %case2
%case1 = OpLabel
%v1 = OpLoad %uint %p
%c3 = OpUGreaterThan %bool %v1 %x
OpSelectionMerge %im None
OpBranchConditional %c3 %brk %im
%brk = OpLabel
OpStore %p %uint_3
OpBranch %merge
%im = OpLabel
OpBranch %swm
%case2 = OpLabel
OpStore %p %uint_2
OpBranch %merge
%def = OpLabel
%v2 = OpLoad %uint %p
%v3 = OpIAdd %uint %v2 %i
OpStore %p %v3
OpBranch %swm
%swm = OpLabel
OpBranch %cont
%cont = OpLabel
%inext = OpIAdd %uint %i %uint_1
OpBranch %header
%merge = OpLabel
%r = OpPhi %uint %uint_0 %header %uint_1 %brk %uint_2 %case2
%vv = OpLoad %uint %p
%ww = OpIAdd %uint %vv %r
OpStore %p %ww
OpReturn
OpFunctionEnd
`,
		`var (exit_to_\w+) : bool;`,
		`switch \w+ % 3u \{`,
		// case 2 (first in block order): phi, flag, and the implied break.
		`case 2u: \{\s+buf\.member_0\[x_\d+\] = 2u;\s+\w+_phi = 2u;\s+exit_to_\w+ = true;\s+\}`,
		// case 1: the exit inside an if breaks out of the switch.
		`case 1u: \{\s+if [^{]+\{\s+buf\.member_0\[x_\d+\] = 3u;\s+\w+_phi = 1u;\s+exit_to_\w+ = true;\s+break;\s+\}\s+\}`,
		`default: \{`,
		// After the switch, in the loop body: complete the exit.
		`\}\s+\}\s+if exit_to_\w+ \{\s+exit_to_\w+ = false;\s+break;\s+\}\s+continuing \{`)
}

// Values whose definition's scope does not hold all their uses become
// function-scope vars: a header value used after the loop (the loop's
// break leaves its `let` behind), a body value used in the continuing
// block across a continue (WGSL's continuing block sees only what the body
// declares before its first continue), and a value of an if's branch used
// after the if (the other branch returns, so the branch dominates the
// merge).
func TestValuesHoistedOutOfTheirScope(t *testing.T) {
	check(t, computeHeader+`
%uint_3 = OpConstant %uint 3
%uint_7 = OpConstant %uint 7
%main = OpFunction %void None %fn
%entry = OpLabel
%id = OpLoad %v3uint %gid
%x = OpCompositeExtract %uint %id 0
%p = OpAccessChain %ptr_uint %buf %int_0 %x
OpBranch %header
%header = OpLabel
%i = OpPhi %uint %uint_0 %entry %inext %cont
%h = OpIMul %uint %i %uint_3
%c = OpULessThan %bool %h %uint_10
OpLoopMerge %merge %cont None
OpBranchConditional %c %body %merge
%body = OpLabel
%odd = OpBitwiseAnd %uint %i %uint_1
%isodd = OpINotEqual %bool %odd %uint_0
OpSelectionMerge %bm None
OpBranchConditional %isodd %cont %bm
%bm = OpLabel
%late = OpIAdd %uint %i %uint_7
OpStore %p %late
OpBranch %cont
%cont = OpLabel
%inext = OpIAdd %uint %i %odd
%stop = OpUGreaterThan %bool %inext %x
OpBranchConditional %stop %merge %header
%merge = OpLabel
%after = OpIAdd %uint %h %odd
%big = OpUGreaterThan %bool %after %uint_7
OpSelectionMerge %im None
OpBranchConditional %big %then %else
%then = OpLabel
%t = OpIMul %uint %after %uint_3
OpBranch %im
%else = OpLabel
OpReturn
%im = OpLabel
OpStore %p %t
OpReturn
OpFunctionEnd
`,
		// All three are declared at function scope...
		`var x_\d+ : u32;`,
		`loop \{`,
		// ...and assigned where they are defined.
		`x_\d+ = \(?x_\d+ \* 3u\)?;`,
		`continuing \{`,
		`break if`,
		`if \(?x_\d+ > 7u\)? \{\s+x_\d+ = \(?x_\d+ \* 3u\)?;`)
}

// A loop nothing leaves (its merge unreachable) gets an exit never taken:
// WGSL refuses a loop that cannot exit.
func TestLoopWithoutExit(t *testing.T) {
	check(t, computeHeader+`
%main = OpFunction %void None %fn
%entry = OpLabel
%p = OpAccessChain %ptr_uint %buf %int_0 %uint_0
OpBranch %header
%header = OpLabel
OpLoopMerge %merge %cont None
OpBranch %body
%body = OpLabel
%v = OpLoad %uint %p
%w = OpIAdd %uint %v %uint_1
OpStore %p %w
OpBranch %cont
%cont = OpLabel
OpBranch %header
%merge = OpLabel
OpReturn
OpFunctionEnd
`,
		`loop \{\s+buf\.member_0\[0u\] = buf\.member_0\[0u\] \+ 1u;\s+continuing \{\s+break if false;\s+\}\s+\}`)
}
