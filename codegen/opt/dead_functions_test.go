package opt

import "testing"

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
