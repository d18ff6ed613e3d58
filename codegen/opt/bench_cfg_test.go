package opt

import (
	"fmt"
	"strings"
	"testing"
)

// Benchmarks of the control-flow passes (benchPassOver) over generated
// modules with the shapes they transform: constant branches, chains of
// blocks and loops (cfgBenchModule), and calls with early returns
// (callBenchModule).

// cfgBenchSegment is one unit of the generated function: a selection on a
// constant with a phi, a switch on a constant, a loop with a chain of
// blocks in its body and a data-dependent exit, and a selection on a
// loaded condition. %N is replaced by the segment number, %PREV by the
// value the previous segment left.
const cfgBenchSegment = `OpSelectionMerge %sm%N None
OpBranchConditional %false %st%N %se%N
%st%N = OpLabel
%a%N = OpFAdd %float %PREV %float_1
OpBranch %sm%N
%se%N = OpLabel
%b%N = OpFMul %float %PREV %float_2
OpBranch %sm%N
%sm%N = OpLabel
%p%N = OpPhi %float %a%N %st%N %b%N %se%N
OpSelectionMerge %wm%N None
OpSwitch %int_2 %wd%N 1 %w1%N 2 %w2%N
%w1%N = OpLabel
OpBranch %wm%N
%w2%N = OpLabel
OpBranch %wm%N
%wd%N = OpLabel
OpBranch %wm%N
%wm%N = OpLabel
%q%N = OpPhi %float %p%N %w1%N %float_2 %w2%N %float_0 %wd%N
OpBranch %lh%N
%lh%N = OpLabel
%i%N = OpPhi %int %int_0 %wm%N %in%N %lc%N
%v%N = OpPhi %float %q%N %wm%N %vn%N %lc%N
OpLoopMerge %lm%N %lc%N None
OpBranch %lb%N
%lb%N = OpLabel
%vn%N = OpFAdd %float %v%N %float_1
OpBranch %lb2%N
%lb2%N = OpLabel
%lt%N = OpSLessThan %bool %i%N %int_10
OpBranchConditional %lt%N %lc%N %lm%N
%lc%N = OpLabel
%in%N = OpIAdd %int %i%N %int_1
OpBranch %lh%N
%lm%N = OpLabel
%cv%N = OpLoad %bool %c
OpSelectionMerge %cm%N None
OpBranchConditional %cv%N %ct%N %cm%N
%ct%N = OpLabel
OpStore %out %v%N
OpBranch %cm%N
%cm%N = OpLabel
OpBranch %next%N
%next%N = OpLabel
`

// cfgBenchModule returns a fragment shader whose main function has n
// segments.
func cfgBenchModule(n int) string {
	var b strings.Builder
	b.WriteString(`%main = OpFunction %void None %fn
%entry = OpLabel
OpBranch %start
%start = OpLabel
`)
	prev := "%float_0"
	for i := range n {
		seg := strings.NewReplacer("%N", fmt.Sprint("_", i), "%PREV", prev).Replace(cfgBenchSegment)
		b.WriteString(seg)
		prev = fmt.Sprintf("%%v_%d", i)
	}
	b.WriteString("OpStore %out " + prev + "\nOpReturn\nOpFunctionEnd\n")
	return fragment(`%cond_ptr = OpTypePointer Private %bool
%c = OpVariable %cond_ptr Private
`, b.String())
}

func BenchmarkEliminateDeadBranches(b *testing.B) {
	benchPassOver(b, cfgBenchModule, 50, "eliminate-dead-branches")
}

func BenchmarkMergeBlocks(b *testing.B) {
	benchPassOver(b, cfgBenchModule, 50, "merge-blocks")
}

func BenchmarkCFGCleanup(b *testing.B) {
	benchPassOver(b, cfgBenchModule, 50, "cfg-cleanup")
}

// The generated module is valid and every pass keeps it so.
func TestCFGBenchModuleValid(t *testing.T) {
	checkValid(t, cfgBenchModule(3), "CHECK: OpFunctionEnd", "eliminate-dead-branches", "merge-blocks", "cfg-cleanup")
}

// callBenchModule returns a fragment shader whose main calls n functions,
// each calling the next two helpers of a small pool, with early returns
// in every callee (for merge-return) and a call in a loop's continue
// construct to a function ending in OpKill (for wrap-opkill).
func callBenchModule(n int) string {
	var b strings.Builder
	b.WriteString(`%main = OpFunction %void None %fn
%entry = OpLabel
%acc = OpVariable %_ptr_Function_float Function %float_0
`)
	for i := range n {
		fmt.Fprintf(&b, "%%r_%d = OpFunctionCall %%float %%f_%d %%float_1\n%%a_%d = OpLoad %%float %%acc\n%%s_%d = OpFAdd %%float %%a_%d %%r_%d\nOpStore %%acc %%s_%d\n", i, i, i, i, i, i, i)
	}
	b.WriteString(`OpBranch %lh
%lh = OpLabel
OpLoopMerge %lm %lc None
OpBranch %lb
%lb = OpLabel
OpBranch %lc
%lc = OpLabel
%k = OpFunctionCall %void %killer
%lcv = OpLoad %bool %c
OpBranchConditional %lcv %lh %lm
%lm = OpLabel
%fin = OpLoad %float %acc
OpStore %out %fin
OpReturn
OpFunctionEnd
%killer = OpFunction %void None %fn
%ke = OpLabel
%kc = OpLoad %bool %c
OpSelectionMerge %km None
OpBranchConditional %kc %kt %km
%kt = OpLabel
OpKill
%km = OpLabel
OpReturn
OpFunctionEnd
`)
	for i := range n {
		seg := strings.NewReplacer("%N", fmt.Sprint("_", i)).Replace(`%f%N = OpFunction %float None %fn_ff
%p%N = OpFunctionParameter %float
%fe%N = OpLabel
%cv%N = OpLoad %bool %c
OpSelectionMerge %fm%N None
OpBranchConditional %cv%N %ft%N %fm%N
%ft%N = OpLabel
OpReturnValue %p%N
%fm%N = OpLabel
%h1%N = OpFunctionCall %float %helper1 %p%N
%h2%N = OpFunctionCall %float %helper2 %h1%N
OpBranch %lh%N
%lh%N = OpLabel
%i%N = OpPhi %int %int_0 %fm%N %in%N %lc%N
OpLoopMerge %lm%N %lc%N None
OpBranch %lb%N
%lb%N = OpLabel
%in%N = OpIAdd %int %i%N %int_1
OpBranch %lc%N
%lc%N = OpLabel
%lt%N = OpSLessThan %bool %in%N %int_10
OpBranchConditional %lt%N %lh%N %lm%N
%lm%N = OpLabel
OpReturnValue %h2%N
OpFunctionEnd
`)
		b.WriteString(seg)
	}
	b.WriteString(`%helper1 = OpFunction %float None %fn_ff
%hp1 = OpFunctionParameter %float
%he1 = OpLabel
%hr1 = OpFMul %float %hp1 %float_2
OpReturnValue %hr1
OpFunctionEnd
%helper2 = OpFunction %float None %fn_ff
%hp2 = OpFunctionParameter %float
%he2 = OpLabel
%hc2 = OpLoad %bool %c
OpSelectionMerge %hm2 None
OpBranchConditional %hc2 %ht2 %hm2
%ht2 = OpLabel
OpBranch %hm2
%hm2 = OpLabel
%hr2 = OpPhi %float %hp2 %he2 %float_1 %ht2
OpReturnValue %hr2
OpFunctionEnd
`)
	return fragment(`%cond_ptr = OpTypePointer Private %bool
%c = OpVariable %cond_ptr Private
%fn_ff = OpTypeFunction %float %float
`, b.String())
}

func BenchmarkMergeReturn(b *testing.B) {
	benchPassOver(b, callBenchModule, 20, "merge-return")
}

func BenchmarkInlineEntryPointsExhaustive(b *testing.B) {
	benchPassOver(b, callBenchModule, 20, "merge-return", "inline-entry-points-exhaustive")
}

func BenchmarkWrapOpKill(b *testing.B) {
	benchPassOver(b, callBenchModule, 20, "wrap-opkill")
}

// The generated call module is valid, and the front of DXC's pipelines
// keeps it so (as spirv-opt does it).
func TestCallBenchModule(t *testing.T) {
	src := callBenchModule(3)
	flags := []string{"wrap-opkill", "eliminate-dead-branches", "merge-return", "inline-entry-points-exhaustive", "eliminate-dead-functions"}
	checkValidOnce(t, src, "CHECK: OpFunctionEnd", flags...)
	sameAsSpirvOpt(t, src, flags...)
}
