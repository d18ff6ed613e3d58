package opt

import (
	"fmt"
	"strings"
	"testing"
)

func TestEliminateDeadFunctions(t *testing.T) {
	src := header + `OpName %dead "dead"
OpName %used "used"
OpName %exported "exported"
OpDecorate %exported LinkageAttributes "exported" Export
%void = OpTypeVoid
%fn = OpTypeFunction %void
%main = OpFunction %void None %fn
%e = OpLabel
%r = OpFunctionCall %void %used
OpReturn
OpFunctionEnd
%used = OpFunction %void None %fn
%u = OpLabel
OpReturn
OpFunctionEnd
%dead = OpFunction %void None %fn
%d = OpLabel
%r2 = OpFunctionCall %void %used
OpReturn
OpFunctionEnd
%exported = OpFunction %void None %fn
%x = OpLabel
OpReturn
OpFunctionEnd
`
	check(t, src, lines(
		"CHECK: OpEntryPoint Fragment %main",
		"CHECK-NOT: OpName %dead",
		"CHECK: OpName %used",
		"CHECK: %main = OpFunction",
		"CHECK: %used = OpFunction",
		"CHECK-NOT: OpFunctionCall",
		"CHECK: %exported = OpFunction",
	), "eliminate-dead-functions")
}

// The names and decorations of every id of a dead function go with it:
// its parameters, blocks, variables and values; those of live ids stay.
func TestEliminateDeadFunctionsDropsTheirAnnotations(t *testing.T) {
	src := header + `OpName %dead "dead"
OpName %p "p"
OpName %dl "dead.entry"
OpName %v "v"
OpName %sum "sum"
OpName %main "main"
OpName %x "x"
OpDecorate %sum RelaxedPrecision
OpDecorate %p RelaxedPrecision
OpDecorate %x RelaxedPrecision
%void = OpTypeVoid
%float = OpTypeFloat 32
%ptr = OpTypePointer Function %float
%fn = OpTypeFunction %void
%ffn = OpTypeFunction %float %float
%one = OpConstant %float 1
%main = OpFunction %void None %fn
%e = OpLabel
%x = OpFAdd %float %one %one
OpReturn
OpFunctionEnd
%dead = OpFunction %float None %ffn
%p = OpFunctionParameter %float
%dl = OpLabel
%v = OpVariable %ptr Function
%sum = OpFAdd %float %p %one
OpStore %v %sum
OpReturnValue %sum
OpFunctionEnd
`
	check(t, src, lines(
		"CHECK-NOT: OpName %dead",
		"CHECK-NOT: OpName %p",
		"CHECK-NOT: OpName %dl",
		"CHECK-NOT: OpName %v",
		"CHECK-NOT: OpName %sum",
		"CHECK: OpName %main \"main\"",
		"CHECK: OpName %x \"x\"",
		"CHECK-NOT: OpDecorate %sum",
		"CHECK-NOT: OpDecorate %p",
		"CHECK: OpDecorate %x RelaxedPrecision",
		"CHECK-NOT: OpFunctionParameter",
	), "eliminate-dead-functions")
}

// BenchmarkEliminateDeadFunctions deletes n named functions main no longer
// calls (as after inlining), each with a parameter, blocks and a loop.
func BenchmarkEliminateDeadFunctions(b *testing.B) {
	benchPassOver(b, deadFunctionsModule, 20, "eliminate-dead-functions")
}

// deadFunctionsModule is callBenchModule with main's calls replaced by
// copies, and names for the functions, their parameters and entry blocks.
func deadFunctionsModule(n int) string {
	src := callBenchModule(n)
	var names strings.Builder
	for i := range n {
		src = strings.Replace(src, fmt.Sprintf("OpFunctionCall %%float %%f_%d %%float_1", i), "OpCopyObject %float %float_1", 1)
		fmt.Fprintf(&names, "OpName %%f_%d \"f\"\nOpName %%p_%d \"p\"\nOpName %%fe_%d \"bb.entry\"\n", i, i, i)
	}
	const modes = "OpExecutionMode %main OriginUpperLeft\n"
	return strings.Replace(src, modes, modes+names.String(), 1)
}

// The generated module is valid, and its functions die with their names.
func TestDeadFunctionsModule(t *testing.T) {
	src := deadFunctionsModule(3)
	if strings.Count(src, `"bb.entry"`) != 3 {
		t.Fatalf("the module does not name the functions' blocks:\n%s", src)
	}
	checkValidOnce(t, src, lines(`CHECK-NOT: "bb.entry"`, `CHECK-NOT: "p"`, "CHECK: %main = OpFunction", "CHECK-NOT: OpFunctionParameter"),
		"eliminate-dead-functions")
}
