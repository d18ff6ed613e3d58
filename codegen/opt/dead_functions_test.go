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
