package opt

import (
	"strings"
	"testing"

	"github.com/hlsl2spirv/hlsl2spirv/builder"
	"github.com/hlsl2spirv/hlsl2spirv/builder/asm"
	"github.com/hlsl2spirv/hlsl2spirv/builder/spv"
	"github.com/hlsl2spirv/hlsl2spirv/test/corpus"
)

// cfgTypes are the declarations the control-flow tests share: a fragment
// shader writing a float output, with bool, int and float constants.
const cfgTypes = `OpName %main "main"
OpName %out "out"
OpDecorate %out Location 0
%void = OpTypeVoid
%fn = OpTypeFunction %void
%bool = OpTypeBool
%true = OpConstantTrue %bool
%false = OpConstantFalse %bool
%int = OpTypeInt 32 1
%int_0 = OpConstant %int 0
%int_1 = OpConstant %int 1
%int_2 = OpConstant %int 2
%int_3 = OpConstant %int 3
%int_10 = OpConstant %int 10
%float = OpTypeFloat 32
%float_0 = OpConstant %float 0
%float_1 = OpConstant %float 1
%float_2 = OpConstant %float 2
%_ptr_Output_float = OpTypePointer Output %float
%out = OpVariable %_ptr_Output_float Output
%_ptr_Function_int = OpTypePointer Function %int
%_ptr_Function_float = OpTypePointer Function %float
`

// fragment wraps function bodies into a fragment shader module with
// cfgTypes; the entry point is %main and its interface %out. OpName and
// OpDecorate lines anywhere in them move to the debug and annotation
// sections (the harness names the other ids the test names).
func fragment(extraTypes, body string) string {
	var names, decos, rest []string
	for _, l := range strings.Split(cfgTypes+extraTypes+body, "\n") {
		switch {
		case strings.HasPrefix(l, "OpName"):
			names = append(names, l)
		case strings.HasPrefix(l, "OpDecorate"):
			decos = append(decos, l)
		default:
			rest = append(rest, l)
		}
	}
	return `OpCapability Shader
OpMemoryModel Logical GLSL450
OpEntryPoint Fragment %main "main" %out
OpExecutionMode %main OriginUpperLeft
` + lines(names...) + lines(decos...) + strings.Join(rest, "\n")
}

func TestDeadBranchesIfTrue(t *testing.T) {
	src := fragment("", `OpName %then "then"
OpName %else "else"
%main = OpFunction %void None %fn
%entry = OpLabel
OpSelectionMerge %merge None
OpBranchConditional %true %then %else
%then = OpLabel
OpBranch %merge
%else = OpLabel
OpBranch %merge
%merge = OpLabel
%v = OpPhi %float %float_1 %then %float_2 %else
OpStore %out %v
OpReturn
OpFunctionEnd
`)
	checkValid(t, src, lines(
		"CHECK-NOT: OpName %else",
		"CHECK: %entry = OpLabel",
		"CHECK-NEXT: OpBranch %then",
		"CHECK: %then = OpLabel",
		"CHECK-NEXT: OpBranch %merge",
		"CHECK: %merge = OpLabel",
		"CHECK-NEXT: OpStore %out %float_1",
	), "eliminate-dead-branches")
	sameAsSpirvOpt(t, src, "eliminate-dead-branches")
}

func TestDeadBranchesIfNotFalseAndNull(t *testing.T) {
	src := fragment(`%null = OpConstantNull %bool
`, `%main = OpFunction %void None %fn
%entry = OpLabel
%not = OpLogicalNot %bool %false
OpSelectionMerge %m1 None
OpBranchConditional %not %a %m1
%a = OpLabel
OpStore %out %float_1
OpBranch %m1
%m1 = OpLabel
OpSelectionMerge %m2 None
OpBranchConditional %null %b %m2
%b = OpLabel
OpStore %out %float_2
OpBranch %m2
%m2 = OpLabel
OpReturn
OpFunctionEnd
`)
	checkValid(t, src, lines(
		"CHECK: OpStore %out %float_1",
		"CHECK-NOT: OpStore %out %float_2",
		"CHECK-NOT: OpSelectionMerge",
	), "eliminate-dead-branches")
	sameAsSpirvOpt(t, src, "eliminate-dead-branches")
}

func TestDeadBranchesSwitch(t *testing.T) {
	body := `%main = OpFunction %void None %fn
%entry = OpLabel
OpSelectionMerge %merge None
OpSwitch %SEL %default 1 %one 2 %two
%one = OpLabel
OpStore %out %float_1
OpBranch %merge
%two = OpLabel
OpStore %out %float_2
OpBranch %merge
%default = OpLabel
OpStore %out %float_0
OpBranch %merge
%merge = OpLabel
OpReturn
OpFunctionEnd
`
	for _, tc := range []struct{ sel, kept string }{{"%int_2", "%float_2"}, {"%int_3", "%float_0"}} {
		src := fragment("", replace(body, "%SEL", tc.sel))
		checkValid(t, src, lines(
			"CHECK-NOT: OpSwitch",
			"CHECK: OpStore %out "+tc.kept,
			"CHECK-NOT: OpStore",
		), "eliminate-dead-branches")
		sameAsSpirvOpt(t, src, "eliminate-dead-branches")
	}
}

// A switch whose live case holds a selection breaking out of the switch
// keeps the OpSwitch, with its live target only.
func TestDeadBranchesSwitchWithNestedBreak(t *testing.T) {
	src := fragment(`%cond_ptr = OpTypePointer Private %bool
%c = OpVariable %cond_ptr Private
`, `%main = OpFunction %void None %fn
%entry = OpLabel
%cv = OpLoad %bool %c
OpSelectionMerge %merge None
OpSwitch %int_1 %default 1 %one
%one = OpLabel
OpSelectionMerge %inner None
OpBranchConditional %cv %brk %inner
%brk = OpLabel
OpBranch %merge
%inner = OpLabel
OpStore %out %float_1
OpBranch %merge
%default = OpLabel
OpBranch %merge
%merge = OpLabel
OpReturn
OpFunctionEnd
`)
	checkValid(t, src, lines(
		"CHECK: OpSelectionMerge %merge None",
		"CHECK-NEXT: OpSwitch %int_1 %one",
		"CHECK-NOT: %default = OpLabel",
	), "eliminate-dead-branches")
	sameAsSpirvOpt(t, src, "eliminate-dead-branches")
}

// The live branch of a folded selection breaks out of the selection from
// a nested conditional: the merge instruction moves to that header.
func TestDeadBranchesMergeMovesToFirstExit(t *testing.T) {
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
OpSelectionMerge %smerge None
OpBranchConditional %true %then %else
%then = OpLabel
OpStore %out %float_1
OpBranchConditional %cv %lmerge %step
%step = OpLabel
OpBranchConditional %cv %smerge %more
%more = OpLabel
OpBranch %smerge
%else = OpLabel
OpBranch %smerge
%smerge = OpLabel
OpBranch %cont
%cont = OpLabel
OpBranchConditional %cv %loop %lmerge
%lmerge = OpLabel
OpReturn
OpFunctionEnd
`)
	checkValid(t, src, lines(
		"CHECK: %body = OpLabel",
		"CHECK-NEXT: OpBranch %then",
		"CHECK: %then = OpLabel",
		"CHECK: OpBranchConditional {{%[0-9a-z]+}} %lmerge %step",
		"CHECK: %step = OpLabel",
		"CHECK-NEXT: OpSelectionMerge %smerge None",
		"CHECK-NEXT: OpBranchConditional {{%[0-9a-z]+}} %smerge %more",
	), "eliminate-dead-branches")
	sameAsSpirvOpt(t, src, "eliminate-dead-branches")
}

// A loop whose body always breaks: its continue target becomes a bare
// branch to the header, and the header's phi takes undef from it.
func TestDeadBranchesUnreachableContinue(t *testing.T) {
	src := fragment(`%cond_ptr = OpTypePointer Private %bool
%c = OpVariable %cond_ptr Private
`, `%main = OpFunction %void None %fn
%entry = OpLabel
%cv = OpLoad %bool %c
OpBranch %loop
%loop = OpLabel
%i = OpPhi %int %int_0 %entry %i0 %cont %i1 %other
OpLoopMerge %lmerge %cont None
OpBranchConditional %cv %body %other
%other = OpLabel
%i1 = OpIAdd %int %i %int_2
OpBranch %loop
%body = OpLabel
OpSelectionMerge %sm None
OpBranchConditional %true %exit %sm
%exit = OpLabel
OpBranch %lmerge
%sm = OpLabel
OpBranch %cont
%cont = OpLabel
%i0 = OpIAdd %int %i %int_1
OpBranch %loop
%lmerge = OpLabel
OpReturn
OpFunctionEnd
`)
	// (Not a valid loop for spirv-val: %other is a second back edge. The
	// point is the phi's treatment.)
	check(t, src, lines(
		"CHECK: %[[undef:[0-9]+]] = OpUndef %int",
		"CHECK: %loop = OpLabel",
		"CHECK-NEXT: OpPhi %int %int_0 %entry %[[undef]] %cont %i1 %other",
		"CHECK: %cont = OpLabel",
		"CHECK-NEXT: OpBranch %loop",
	), "eliminate-dead-branches")
	sameAsSpirvOpt(t, src, "eliminate-dead-branches")
}

// A back edge on a constant condition that would leave the loop is kept;
// one whose live target is the header is folded.
func TestDeadBranchesBackEdges(t *testing.T) {
	body := `%main = OpFunction %void None %fn
%entry = OpLabel
OpBranch %loop
%loop = OpLabel
OpLoopMerge %lmerge %cont None
OpBranch %cont
%cont = OpLabel
OpStore %out %float_1
OpBranchConditional %COND %loop %lmerge
%lmerge = OpLabel
OpReturn
OpFunctionEnd
`
	kept := fragment("", replace(body, "%COND", "%false"))
	checkValid(t, kept, lines("CHECK: OpBranchConditional %false %loop %lmerge"), "eliminate-dead-branches")
	sameAsSpirvOpt(t, kept, "eliminate-dead-branches")
	folded := fragment("", replace(body, "%COND", "%true"))
	checkValid(t, folded, lines(
		"CHECK: %cont = OpLabel",
		"CHECK: OpBranch %loop",
		"CHECK: %lmerge = OpLabel",
		"CHECK-NEXT: OpUnreachable",
	), "eliminate-dead-branches")
	sameAsSpirvOpt(t, folded, "eliminate-dead-branches")
}

// Dead code after a folded branch goes, with a loop inside it, names and
// decorations; blocks no one branches to go too, and the rest is put in
// structured order.
func TestDeadBranchesDeadLoopAndOrder(t *testing.T) {
	src := fragment(`%cond_ptr = OpTypePointer Private %bool
%c = OpVariable %cond_ptr Private
`, `OpName %dead "dead"
OpName %x "x"
OpDecorate %x RelaxedPrecision
%main = OpFunction %void None %fn
%entry = OpLabel
%cv = OpLoad %bool %c
OpSelectionMerge %merge None
OpBranchConditional %false %dead %live
%merge = OpLabel
OpReturn
%floating = OpLabel
OpBranch %merge
%dead = OpLabel
%x = OpFAdd %float %float_1 %float_1
OpBranch %loop
%loop = OpLabel
OpLoopMerge %lm %lc None
OpBranchConditional %cv %lc %lm
%lc = OpLabel
OpBranch %loop
%lm = OpLabel
OpStore %out %x
OpBranch %merge
%live = OpLabel
OpSelectionMerge %m2 None
OpBranchConditional %cv %a %m2
%a = OpLabel
OpBranch %m2
%m2 = OpLabel
OpBranch %merge
OpFunctionEnd
`)
	checkValid(t, src, lines(
		"CHECK-NOT: OpName %dead",
		"CHECK-NOT: OpName %x",
		"CHECK-NOT: RelaxedPrecision",
		"CHECK: %entry = OpLabel",
		"CHECK: OpBranch %live",
		"CHECK-NEXT: %live = OpLabel",
		"CHECK: %a = OpLabel",
		"CHECK: %m2 = OpLabel",
		"CHECK: %merge = OpLabel",
		"CHECK-NEXT: OpReturn",
		"CHECK-NEXT: OpFunctionEnd",
	), "eliminate-dead-branches")
	sameAsSpirvOpt(t, src, "eliminate-dead-branches")
}

// A loop that never reaches its merge block through live code keeps the
// merge as an OpUnreachable block.
func TestDeadBranchesUnreachableMerge(t *testing.T) {
	src := fragment("", `%main = OpFunction %void None %fn
%entry = OpLabel
OpSelectionMerge %merge None
OpBranchConditional %true %a %b
%a = OpLabel
OpReturn
%b = OpLabel
OpReturn
%merge = OpLabel
OpStore %out %float_1
OpReturn
OpFunctionEnd
`)
	checkValid(t, src, lines(
		"CHECK: OpBranch %a",
		"CHECK: %a = OpLabel",
		"CHECK-NEXT: OpReturn",
		"CHECK-NOT: %b = OpLabel",
	), "eliminate-dead-branches")
	sameAsSpirvOpt(t, src, "eliminate-dead-branches")
}

// Functions no entry point calls are left alone; called ones are done.
func TestDeadBranchesCallTree(t *testing.T) {
	src := fragment("", `%main = OpFunction %void None %fn
%entry = OpLabel
%r = OpFunctionCall %void %callee
OpReturn
OpFunctionEnd
%callee = OpFunction %void None %fn
%ce = OpLabel
OpSelectionMerge %cm None
OpBranchConditional %false %ca %cm
%ca = OpLabel
OpStore %out %float_1
OpBranch %cm
%cm = OpLabel
OpReturn
OpFunctionEnd
%unused = OpFunction %void None %fn
%ue = OpLabel
OpSelectionMerge %um None
OpBranchConditional %false %ua %um
%ua = OpLabel
OpStore %out %float_2
OpBranch %um
%um = OpLabel
OpReturn
OpFunctionEnd
`)
	checkValid(t, src, lines(
		"CHECK-NOT: OpStore %out %float_1",
		"CHECK: OpStore %out %float_2",
	), "eliminate-dead-branches")
	sameAsSpirvOpt(t, src, "eliminate-dead-branches")
}

func replace(s, old, new string) string { return strings.ReplaceAll(s, old, new) }

// The switch's own blocks give the answer the whole function's structured
// analysis gives, for every switch of the corpus (golden modules, -fcgl
// and optimized, and the fixtures): when the local walk answers at all,
// it agrees.
func TestSwitchHasNestedBreakLocallyAgrees(t *testing.T) {
	answered, switches := 0, 0
	for _, m := range append(corpus.Golden(t), corpus.Fixtures(t)...) {
		if m.Unchecked {
			continue // syntax fixtures: ids need not make sense
		}
		ir, err := builder.Load(m.Words)
		if err != nil {
			t.Fatalf("%s: %v", m.Name, err)
		}
		a, n := compareSwitchAnswers(t, m.Name, ir)
		answered, switches = answered+a, switches+n
	}
	t.Logf("%d of %d switches answered locally", answered, switches)
	if answered == 0 {
		t.Fatal("no switch answered locally")
	}
}

// A switch in a loop whose case continues the loop and breaks out of the
// switch from a nested selection: the walk from the switch leaves its
// construct (into the continue construct), so the switch's blocks alone
// do not answer and the analysis does (the switch stays, with its live
// target only).
func TestSwitchHasNestedBreakLocallyLeavesTheLoop(t *testing.T) {
	src := fragment(`%cond_ptr = OpTypePointer Private %bool
%c = OpVariable %cond_ptr Private
`, `%main = OpFunction %void None %fn
%entry = OpLabel
OpBranch %header
%header = OpLabel
%cv = OpLoad %bool %c
OpLoopMerge %exit %cont None
OpBranch %sw
%sw = OpLabel
OpSelectionMerge %merge None
OpSwitch %int_1 %one
%one = OpLabel
OpSelectionMerge %inner None
OpBranchConditional %cv %brk %inner
%brk = OpLabel
OpBranch %merge
%inner = OpLabel
OpBranch %cont
%merge = OpLabel
OpBranch %cont
%cont = OpLabel
OpBranchConditional %cv %header %exit
%exit = OpLabel
OpReturn
OpFunctionEnd
`)
	m, err := asm.Parse(named(src), asm.Options{PreserveNumericIDs: true})
	if err != nil {
		t.Fatal(err)
	}
	if answered, switches := compareSwitchAnswers(t, "loop", m); answered != 0 || switches != 1 {
		t.Errorf("%d of %d switches answered locally, want 0 of 1", answered, switches)
	}
	checkValid(t, src, lines(
		"CHECK: OpSelectionMerge %merge None",
		"CHECK-NEXT: OpSwitch %int_1 %one",
	), "eliminate-dead-branches")
}

// compareSwitchAnswers checks, for every switch of m, that the local
// answer, when there is one, is the analysis's. It returns how many
// switches had a local answer, and how many there are.
func compareSwitchAnswers(t *testing.T, name string, m *builder.Module) (answered, switches int) {
	t.Helper()
	c := newContext(m, Options{})
	d := &deadBranchElim{c: c, sc: newStructCFG(c), undef: newUndefs(c)}
	for _, f := range m.Functions {
		for _, b := range f.Blocks {
			mi, term := b.Merge(), b.Terminator()
			if mi == nil || mi.Op != spv.OpSelectionMerge || term == nil || term.Op != spv.OpSwitch {
				continue
			}
			switches++
			f.KeepCFGIfCurrent()
			local, ok := d.switchHasNestedBreakLocally(b, f.CFG())
			if !ok {
				continue
			}
			answered++
			if whole := d.switchHasNestedBreak(b); local != whole {
				t.Errorf("%s: switch %%%d: nested break %v locally, %v from the function's analysis", name, b.Label, local, whole)
			}
		}
	}
	return answered, switches
}
