package opt

import "testing"

// An OpKill in a function called from a continue construct becomes a call
// to a function holding the OpKill, then a return; one called elsewhere
// only stays.
func TestWrapOpKill(t *testing.T) {
	src := fragment(mrTypes, `OpName %kills "kills"
OpName %killsToo "killsToo"
OpName %elsewhere "elsewhere"
%main = OpFunction %void None %fn
%entry = OpLabel
OpBranch %h
%h = OpLabel
OpLoopMerge %m %cont None
OpBranch %body
%body = OpLabel
%r0 = OpFunctionCall %void %elsewhere
OpBranch %cont
%cont = OpLabel
%r1 = OpFunctionCall %void %kills
%r2 = OpFunctionCall %float %killsToo
%cv = OpLoad %bool %c
OpBranchConditional %cv %h %m
%m = OpLabel
OpReturn
OpFunctionEnd
%kills = OpFunction %void None %fn
%ke = OpLabel
OpKill
OpFunctionEnd
%killsToo = OpFunction %float None %fn_float
%kte = OpLabel
%cv2 = OpLoad %bool %c
OpSelectionMerge %km None
OpBranchConditional %cv2 %kt %km
%kt = OpLabel
OpKill
%km = OpLabel
OpReturnValue %float_1
OpFunctionEnd
%elsewhere = OpFunction %void None %fn
%ee = OpLabel
OpKill
OpFunctionEnd
`)
	checkValidOnce(t, src, lines(
		"CHECK: %kills = OpFunction",
		"CHECK-NEXT: %ke = OpLabel",
		"CHECK-NEXT: OpFunctionCall %void [[wrap:%[0-9]+]]",
		"CHECK-NEXT: OpReturn",
		"CHECK: %kt = OpLabel",
		"CHECK-NEXT: OpFunctionCall %void [[wrap]]",
		"CHECK-NEXT: [[u:%[0-9]+]] = OpUndef %float",
		"CHECK-NEXT: OpReturnValue [[u]]",
		"CHECK: %elsewhere = OpFunction",
		"CHECK-NEXT: %ee = OpLabel",
		"CHECK-NEXT: OpKill",
		"CHECK: [[wrap]] = OpFunction %void None",
		"CHECK-NEXT: OpLabel",
		"CHECK-NEXT: OpKill",
		"CHECK-NEXT: OpFunctionEnd",
	), "wrap-opkill")
	sameAsSpirvOpt(t, src, "wrap-opkill")
}

// OpTerminateInvocation gets its own wrapping function. (The pass is not
// idempotent, in spirv-opt either: the wrapper, called from the continue
// construct too, is wrapped again by a second run.)
func TestWrapOpTerminateInvocation(t *testing.T) {
	src := `OpCapability Shader
OpExtension "SPV_KHR_terminate_invocation"
OpMemoryModel Logical GLSL450
OpEntryPoint Fragment %main "main"
OpExecutionMode %main OriginUpperLeft
OpName %ends "ends"
%void = OpTypeVoid
%fn = OpTypeFunction %void
%bool = OpTypeBool
%true = OpConstantTrue %bool
%main = OpFunction %void None %fn
%entry = OpLabel
OpBranch %h
%h = OpLabel
OpLoopMerge %m %cont None
OpBranch %cont
%cont = OpLabel
%r = OpFunctionCall %void %ends
OpBranchConditional %true %h %m
%m = OpLabel
OpReturn
OpFunctionEnd
%ends = OpFunction %void None %fn
%e = OpLabel
OpTerminateInvocation
OpFunctionEnd
`
	checkValidOnce(t, src, lines(
		"CHECK: %ends = OpFunction",
		"CHECK: OpFunctionCall %void [[wrap:%[0-9]+]]",
		"CHECK-NEXT: OpReturn",
		"CHECK: [[wrap]] = OpFunction",
		"CHECK: OpTerminateInvocation",
	), "wrap-opkill")
	sameAsSpirvOpt(t, src, "wrap-opkill")
}
