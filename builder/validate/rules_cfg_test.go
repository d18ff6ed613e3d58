package validate

import "testing"

// Rule tests of control flow: blocks and branches, structured control
// flow (constructs, merges, back edges, exits) and OpPhi.

func TestCFGRules(t *testing.T) {
	runRuleCases(t, []ruleCase{
		{name: "branch to the entry block", m: body("OpBranch %entry\n%x = OpLabel"), want: RuleCFG},
		{name: "branch to a non-label", m: mod{body: "OpBranch %int_0"}, want: RuleCFG},
		{name: "conditional branch on an int", m: mod{body: "OpSelectionMerge %m None\nOpBranchConditional %int_1 %m %m\n%m = OpLabel\nOpReturn"}, want: RuleCFG},
		{name: "return value in a void function", m: mod{body: "OpReturnValue %int_0"}, want: RuleCFG},
		{name: "phi with a missing predecessor", m: mod{body: "OpSelectionMerge %m None\nOpBranchConditional %true %a %m\n%a = OpLabel\nOpBranch %m\n%m = OpLabel\n%p = OpPhi %int %int_0 %a\nOpReturn"}, want: RuleCFG},
		{name: "phi of the wrong type", m: mod{body: "OpSelectionMerge %m None\nOpBranchConditional %true %a %m\n%a = OpLabel\nOpBranch %m\n%m = OpLabel\n%p = OpPhi %int %int_0 %a %float_0 %entry\nOpReturn"}, want: RuleCFG},
		{name: "block without a terminator", m: mod{raw: `OpCapability Shader
OpMemoryModel Logical GLSL450
OpEntryPoint GLCompute %main "main"
OpExecutionMode %main LocalSize 1 1 1
%void = OpTypeVoid
%fn = OpTypeFunction %void
%main = OpFunction %void None %fn
%l = OpLabel
%l2 = OpLabel
OpReturn
OpFunctionEnd
`}, want: RuleCFG},
	})
}

func TestStructuredRules(t *testing.T) {
	loop := func(b string) mod { return mod{body: "OpBranch %header\n" + b} }
	runRuleCases(t, []ruleCase{
		{name: "selection", m: mod{body: "OpSelectionMerge %m None\nOpBranchConditional %true %a %m\n%a = OpLabel\nOpBranch %m\n%m = OpLabel\nOpReturn"}},
		{name: "conditional branch without a merge", m: mod{body: "OpBranchConditional %true %a %m\n%a = OpLabel\nOpBranch %m\n%m = OpLabel\nOpReturn"}, want: RuleStructured},
		{name: "loop", m: loop(`%header = OpLabel
OpLoopMerge %merge %cont None
OpBranchConditional %true %bodyb %merge
%bodyb = OpLabel
OpBranch %cont
%cont = OpLabel
OpBranch %header
%merge = OpLabel
OpReturn`)},
		{name: "back edge not from the continue construct", m: loop(`%header = OpLabel
OpLoopMerge %merge %cont None
OpBranchConditional %true %bodyb %merge
%bodyb = OpLabel
OpBranch %header
%cont = OpLabel
OpBranch %header
%merge = OpLabel
OpReturn`), want: RuleStructured},
		{name: "branch into a selection", m: mod{body: `OpSelectionMerge %m None
OpBranchConditional %true %a %b
%a = OpLabel
OpBranch %m
%b = OpLabel
OpSelectionMerge %m2 None
OpBranchConditional %true %c %m2
%c = OpLabel
OpBranch %m2
%m2 = OpLabel
OpBranch %m
%m = OpLabel
OpReturn`}},
		{name: "exit of a selection past its merge", m: mod{body: `OpSelectionMerge %m None
OpBranchConditional %true %a %m
%a = OpLabel
OpSelectionMerge %m2 None
OpBranchConditional %true %c %m2
%c = OpLabel
OpBranch %m
%m2 = OpLabel
OpBranch %m
%m = OpLabel
OpReturn`}, want: RuleStructured},
		{name: "two headers share a merge", m: mod{body: `OpSelectionMerge %m None
OpBranchConditional %true %a %m
%a = OpLabel
OpSelectionMerge %m None
OpBranchConditional %true %c %m
%c = OpLabel
OpBranch %m
%m = OpLabel
OpReturn`}, want: RuleStructured},
		{name: "switch", m: mod{body: `OpSelectionMerge %m None
OpSwitch %int_0 %d 1 %c1
%c1 = OpLabel
OpBranch %m
%d = OpLabel
OpBranch %m
%m = OpLabel
OpReturn`}},
		{name: "switch case falling into two cases", m: mod{body: `OpSelectionMerge %m None
OpSwitch %int_0 %m 1 %c1 2 %c2 3 %c3
%c1 = OpLabel
OpBranchConditional %true %c2 %c3
%c2 = OpLabel
OpBranch %m
%c3 = OpLabel
OpBranch %m
%m = OpLabel
OpReturn`}, want: RuleStructured},
		{name: "unstructured branch around a selection", m: mod{body: `OpBranchConditional %true %h %m
%h = OpLabel
OpSelectionMerge %m None
OpBranchConditional %true %a %m
%a = OpLabel
OpBranch %m
%m = OpLabel
OpReturn`}, want: RuleStructured},
		{name: "continue target not dominated by its loop header", m: mod{body: `OpSelectionMerge %merge None
OpBranchConditional %true %header %cont
%header = OpLabel
OpLoopMerge %merge %cont None
OpBranch %cont
%cont = OpLabel
OpBranchConditional %true %header %merge
%merge = OpLabel
OpReturn`}, want: RuleStructured},
	})
}
