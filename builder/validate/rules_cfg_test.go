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

// TestStructuredRuleMessages: each structured control-flow and dominance
// rule fires on a module breaking it (and only that rule's message).
func TestStructuredRuleMessages(t *testing.T) {
	sel := "OpSelectionMerge %m None\n"
	runRuleCases(t, []ruleCase{
		{name: "back edge to a selection header", m: mod{body: `OpBranch %h
%h = OpLabel
OpSelectionMerge %m None
OpBranchConditional %true %a %m
%a = OpLabel
OpBranch %h
%m = OpLabel
OpReturn`}, want: RuleStructured, msg: "does not go to a loop header"},
		{name: "loop header with two back-edge blocks", m: mod{body: `OpBranch %header
%header = OpLabel
OpLoopMerge %merge %cont None
OpBranchConditional %true %bodyb %merge
%bodyb = OpLabel
OpBranch %header
%cont = OpLabel
OpBranch %header
%merge = OpLabel
OpReturn`}, want: RuleStructured, msg: "it must be of exactly one"},
		{name: "branch out of an inner selection to the outer merge", m: mod{body: sel + `OpBranchConditional %true %a %m
%a = OpLabel
OpSelectionMerge %m2 None
OpBranchConditional %true %c %m2
%c = OpLabel
OpBranch %m
%m2 = OpLabel
OpBranch %m
%m = OpLabel
OpReturn`}, want: RuleStructured, msg: "leaves the selection construct"},
		{name: "merge block branching into its selection", m: mod{body: sel + `OpBranchConditional %true %x %m
%x = OpLabel
OpReturn
%m = OpLabel
OpBranch %x`}, want: RuleStructured, msg: "branches into the selection construct"},
		{name: "switch case falling through to a case not next", m: mod{body: sel + `OpSwitch %int_0 %m 1 %c1 2 %c2 3 %c3
%c1 = OpLabel
OpBranch %c3
%c2 = OpLabel
OpBranch %m
%c3 = OpLabel
OpBranch %m
%m = OpLabel
OpReturn`}, want: RuleStructured, msg: "which does not come right after it"},
		{name: "two switch cases falling through to one", m: mod{body: sel + `OpSwitch %int_0 %m 1 %c1 2 %c3 3 %c2 4 %c3
%c1 = OpLabel
OpBranch %c3
%c2 = OpLabel
OpBranch %c3
%c3 = OpLabel
OpBranch %m
%m = OpLabel
OpReturn`}, want: RuleStructured, msg: "several cases fall through"},
		{name: "switch case falling into two cases", m: mod{body: sel + `OpSwitch %int_0 %m 1 %c1 2 %c2 3 %c3
%c1 = OpLabel
OpSelectionMerge %c3 None
OpBranchConditional %true %c2 %c3
%c2 = OpLabel
OpBranch %m
%c3 = OpLabel
OpBranch %m
%m = OpLabel
OpReturn`}, want: RuleStructured, msg: "branches to the cases"},
		{name: "switch case branching to a shared block", m: mod{body: sel + `OpSwitch %int_0 %m 1 %c1 2 %c2
%c1 = OpLabel
OpBranch %x
%c2 = OpLabel
OpBranch %x
%x = OpLabel
OpBranch %m
%m = OpLabel
OpReturn`}, want: RuleStructured, msg: "which is not another case"},
		{name: "switch without a merge", m: mod{body: `OpSwitch %int_0 %m 1 %c1
%c1 = OpLabel
OpBranch %m
%m = OpLabel
OpReturn`}, want: RuleStructured, msg: "OpSwitch must come after an OpSelectionMerge"},
		{name: "conditional branch without a merge", m: mod{body: "OpBranchConditional %true %a %m\n%a = OpLabel\nOpBranch %m\n%m = OpLabel\nOpReturn"}, want: RuleStructured, msg: "the selection must be structured"},
		{name: "use not dominated by its definition", m: mod{body: sel + `OpBranchConditional %true %a %m
%a = OpLabel
%v = OpIAdd %int %int_1 %int_1
OpBranch %m
%m = OpLabel
%w = OpIAdd %int %v %int_1
OpReturn`}, want: RuleIDDominance, msg: "does not dominate its use"},
		{name: "phi value not dominating its incoming block", m: mod{body: sel + `OpBranchConditional %true %a %b
%a = OpLabel
%v = OpIAdd %int %int_1 %int_1
OpBranch %m
%b = OpLabel
OpBranch %m
%m = OpLabel
%p = OpPhi %int %v %a %v %b
OpReturn`}, want: RuleIDDominance, msg: "does not dominate the end of the incoming block"},
		{name: "block before its dominator", m: mod{body: `OpBranch %b
%c = OpLabel
OpReturn
%b = OpLabel
OpBranch %c`}, want: RuleCFG, msg: "appears before its dominator"},
		{name: "branch to a block of another function", m: mod{body: "OpBranch %other", funcs: `%f = OpFunction %void None %voidfn
%fe = OpLabel
OpBranch %other
%other = OpLabel
OpReturn
OpFunctionEnd`}, want: RuleCFG, msg: "but not defined in the function"},
	})
}

// TestUserRules: the rules that look at every user of a value (sampled
// images, FPRoundingMode results, 8- and 16-bit values, decoration
// groups) fire on a module breaking them.
func TestUserRules(t *testing.T) {
	half := func(caps, types, body string) mod {
		return mod{
			caps: "OpCapability StorageBuffer16BitAccess\n" + caps, exts: "OpExtension \"SPV_KHR_16bit_storage\"\nOpExtension \"SPV_KHR_storage_buffer_storage_class\"",
			decos: "OpDecorate %S Block\nOpMemberDecorate %S 0 Offset 0\nOpDecorate %buf DescriptorSet 0\nOpDecorate %buf Binding 0\n" + types,
			types: "%half = OpTypeFloat 16\n%S = OpTypeStruct %half\n%pS = OpTypePointer StorageBuffer %S\n%buf = OpVariable %pS StorageBuffer\n%ph = OpTypePointer StorageBuffer %half\n",
			body:  "%p = OpAccessChain %ph %buf %int_0\n" + body + "\nOpReturn",
		}
	}
	runRuleCases(t, []ruleCase{
		{name: "sampled image selected", m: imageMod("", "", "%s2 = OpSelect %simg2d %true %si %si"), want: RuleImage, msg: "cannot be an operand of OpSelect"},
		{name: "16-bit value stored", m: half("", "", "%v = OpLoad %half %p\nOpStore %p %v")},
		{name: "16-bit value used by arithmetic", m: half("", "", "%v = OpLoad %half %p\n%w = OpFConvert %float %v\n%u = OpCopyObject %half %v\n%x = OpFAdd %half %u %u"), want: RuleMemory, msg: "invalid use of an 8- or 16-bit value"},
		{name: "FPRoundingMode result stored", m: half("", "OpDecorate %h FPRoundingMode RTE", "%h = OpFConvert %half %float_1\nOpStore %p %h")},
		{name: "FPRoundingMode result copied", m: half("", "OpDecorate %h FPRoundingMode RTE", "%h = OpFConvert %half %float_1\n%c = OpCopyObject %half %h\nOpStore %p %c"), want: RuleDecorate, msg: "may only be the Object of an OpStore"},
		{name: "decoration group string-decorated", m: mod{exts: "OpExtension \"SPV_GOOGLE_decorate_string\"\nOpExtension \"SPV_GOOGLE_hlsl_functionality1\"", decos: "%g = OpDecorationGroup\nOpDecorateString %g UserSemantic \"x\""}, want: RuleDecorate, msg: "a decoration group may only be used by"},
	})
}
