package opt

import "testing"

// inlTypes are the extra declarations of the inlining tests.
const inlTypes = `OpName %c "c"
%cond_ptr = OpTypePointer Private %bool
%c = OpVariable %cond_ptr Private
%fn_float = OpTypeFunction %float
%fn_ff = OpTypeFunction %float %float
%fn_fp = OpTypeFunction %float %_ptr_Function_float
`

// A callee with a parameter, a local with an initializer and a returned
// value: the local becomes a variable of the caller (first in its entry
// block, before the return variable), its initializer a store, the value
// goes through the return variable into the call's id; decorations follow
// the copied instructions, names do not.
func TestInlineSimple(t *testing.T) {
	src := fragment(inlTypes, `OpName %f "f"
OpName %tmp "tmp"
OpName %sum "sum"
OpName %call "call"
OpDecorate %sum RelaxedPrecision
OpDecorate %call RelaxedPrecision
%main = OpFunction %void None %fn
%entry = OpLabel
%arg = OpVariable %_ptr_Function_float Function
OpStore %arg %float_1
%call = OpFunctionCall %float %f %arg
OpStore %out %call
OpReturn
OpFunctionEnd
%f = OpFunction %float None %fn_fp
%p = OpFunctionParameter %_ptr_Function_float
%fe = OpLabel
%tmp = OpVariable %_ptr_Function_float Function %float_2
%x = OpLoad %float %p
%y = OpLoad %float %tmp
%sum = OpFAdd %float %x %y
OpReturnValue %sum
OpFunctionEnd
`)
	checkValid(t, src, lines(
		"CHECK-NOT: OpName %call",
		"CHECK-NOT: OpName {{%[0-9]+}}",
		"CHECK: OpDecorate %sum RelaxedPrecision",
		"CHECK-NOT: OpDecorate %call",
		"CHECK: OpDecorate [[sum:%[0-9]+]] RelaxedPrecision",
		"CHECK: %entry = OpLabel",
		"CHECK-NEXT: [[tmp:%[0-9]+]] = OpVariable %_ptr_Function_float Function %float_2",
		"CHECK-NEXT: [[ret:%[0-9]+]] = OpVariable %_ptr_Function_float Function",
		"CHECK-NEXT: %arg = OpVariable",
		"CHECK-NEXT: OpStore %arg %float_1",
		"CHECK-NEXT: OpStore [[tmp]] %float_2",
		"CHECK-NEXT: [[x:%[0-9]+]] = OpLoad %float %arg",
		"CHECK-NEXT: [[y:%[0-9]+]] = OpLoad %float [[tmp]]",
		"CHECK-NEXT: [[sum]] = OpFAdd %float [[x]] [[y]]",
		"CHECK-NEXT: OpStore [[ret]] [[sum]]",
		"CHECK-NEXT: [[r:%[0-9]+]] = OpLoad %float [[ret]]",
		"CHECK-NEXT: OpStore %out [[r]]",
		"CHECK-NEXT: OpReturn",
	), "inline-entry-points-exhaustive")
	sameAsSpirvOpt(t, src, "inline-entry-points-exhaustive")
}

// A callee of several blocks splits the calling block; the phis of the
// calling block's successors then name the last block. Calls in inlined
// code are inlined in turn.
func TestInlineMultiBlockAndNested(t *testing.T) {
	src := fragment(inlTypes, `OpName %f "f"
OpName %g "g"
%main = OpFunction %void None %fn
%entry = OpLabel
%cv = OpLoad %bool %c
OpSelectionMerge %m None
OpBranchConditional %cv %t %m
%t = OpLabel
%call = OpFunctionCall %float %f %float_1
OpBranch %m
%m = OpLabel
%v = OpPhi %float %float_0 %entry %call %t
OpStore %out %v
OpReturn
OpFunctionEnd
%f = OpFunction %float None %fn_ff
%p = OpFunctionParameter %float
%fe = OpLabel
%fc = OpLoad %bool %c
OpSelectionMerge %fm None
OpBranchConditional %fc %ft %fm
%ft = OpLabel
%gv = OpFunctionCall %float %g %p
OpBranch %fm
%fm = OpLabel
%fr = OpPhi %float %p %fe %gv %ft
OpReturnValue %fr
OpFunctionEnd
%g = OpFunction %float None %fn_ff
%q = OpFunctionParameter %float
%ge = OpLabel
%gr = OpFMul %float %q %float_2
OpReturnValue %gr
OpFunctionEnd
`)
	checkValid(t, src, lines(
		"CHECK: %main = OpFunction",
		"CHECK-NOT: OpFunctionCall",
		"CHECK: %t = OpLabel",
		"CHECK-NEXT: OpLoad %bool %c",
		"CHECK-NEXT: OpSelectionMerge [[fm:%[0-9]+]] None",
		"CHECK: OpFMul %float %float_1 %float_2",
		"CHECK: [[fm]] = OpLabel",
		"CHECK-NEXT: [[fr:%[0-9]+]] = OpPhi %float %float_1 %t",
		"CHECK: OpBranch %m",
		"CHECK: %m = OpLabel",
		"CHECK-NEXT: OpPhi %float %float_0 %entry {{%[0-9]+}} [[fm]]",
	), "inline-entry-points-exhaustive")
	sameAsSpirvOpt(t, src, "inline-entry-points-exhaustive")
}

// A call in a loop header: the caller's OpLoopMerge stays in the first
// block; a callee starting with a selection first needs a guard block; a
// one-block loop gets a continue target of its own.
func TestInlineIntoLoopHeader(t *testing.T) {
	src := fragment(inlTypes, `OpName %f "f"
%main = OpFunction %void None %fn
%entry = OpLabel
OpBranch %h
%h = OpLabel
%call = OpFunctionCall %float %f %float_1
OpStore %out %call
%cv = OpLoad %bool %c
OpLoopMerge %lm %h None
OpBranchConditional %cv %h %lm
%lm = OpLabel
OpReturn
OpFunctionEnd
%f = OpFunction %float None %fn_ff
%p = OpFunctionParameter %float
%fe = OpLabel
%fc = OpLoad %bool %c
OpSelectionMerge %fm None
OpBranchConditional %fc %ft %fm
%ft = OpLabel
OpBranch %fm
%fm = OpLabel
%fr = OpPhi %float %p %fe %float_2 %ft
OpReturnValue %fr
OpFunctionEnd
`)
	checkValid(t, src, lines(
		"CHECK: %h = OpLabel",
		"CHECK-NEXT: OpLoopMerge %lm [[cont:%[0-9]+]] None",
		"CHECK-NEXT: OpBranch [[guard:%[0-9]+]]",
		"CHECK-NEXT: [[guard]] = OpLabel",
		"CHECK: OpSelectionMerge",
		"CHECK: [[cont]] = OpLabel",
		"CHECK-NEXT: OpBranchConditional %cv %h %lm",
	), "inline-entry-points-exhaustive")
	sameAsSpirvOpt(t, src, "inline-entry-points-exhaustive")
}

// A sampled image made before the call and used after it is made again
// after the inlined code.
func TestInlineSameBlockOps(t *testing.T) {
	src := fragment(inlTypes+`%img = OpTypeImage %float 2D 0 0 0 1 Unknown
%simg = OpTypeSampledImage %img
%smp = OpTypeSampler
%v2float = OpTypeVector %float 2
%v4float = OpTypeVector %float 4
%zero2 = OpConstantNull %v2float
%ptr_img = OpTypePointer UniformConstant %img
%ptr_smp = OpTypePointer UniformConstant %smp
%tex = OpVariable %ptr_img UniformConstant
%sam = OpVariable %ptr_smp UniformConstant
`, `OpName %f "f"
OpDecorate %tex DescriptorSet 0
OpDecorate %tex Binding 0
OpDecorate %sam DescriptorSet 0
OpDecorate %sam Binding 1
%main = OpFunction %void None %fn
%entry = OpLabel
%i = OpLoad %img %tex
%s = OpLoad %smp %sam
%si = OpSampledImage %simg %i %s
%call = OpFunctionCall %float %f %float_1
%texel = OpImageSampleImplicitLod %v4float %si %zero2
%x = OpCompositeExtract %float %texel 0
%y = OpFAdd %float %x %call
OpStore %out %y
OpReturn
OpFunctionEnd
%f = OpFunction %float None %fn_ff
%p = OpFunctionParameter %float
%fe = OpLabel
OpBranch %f2
%f2 = OpLabel
OpReturnValue %p
OpFunctionEnd
`)
	checkValid(t, src, lines(
		"CHECK: OpSampledImage",
		"CHECK: OpBranch",
		"CHECK: [[si:%[0-9]+]] = OpSampledImage",
		"CHECK-NEXT: OpImageSampleImplicitLod %v4float [[si]]",
	), "inline-entry-points-exhaustive")
	sameAsSpirvOpt(t, src, "inline-entry-points-exhaustive")
}

// Not inlined: a callee with an early return (merge-return first makes it
// inlinable), a DontInline one, and one holding OpKill
// called from a continue construct; one holding OpKill called elsewhere is
// inlined, its code followed by a new block.
func TestInlineWhatNot(t *testing.T) {
	src := fragment(inlTypes, `OpName %early "early"
OpName %noinl "noinl"
OpName %kills "kills"
OpName %kills2 "kills2"
%main = OpFunction %void None %fn
%entry = OpLabel
%a = OpFunctionCall %float %early
%d = OpFunctionCall %float %noinl
%e0 = OpFunctionCall %void %kills
%e = OpFunctionCall %void %kills2
OpBranch %h
%h = OpLabel
OpLoopMerge %lm %cont None
OpBranch %cont
%cont = OpLabel
%k = OpFunctionCall %void %kills
%cv = OpLoad %bool %c
OpBranchConditional %cv %h %lm
%lm = OpLabel
OpReturn
OpFunctionEnd
%early = OpFunction %float None %fn_float
%ee = OpLabel
%ec = OpLoad %bool %c
OpSelectionMerge %em None
OpBranchConditional %ec %et %em
%et = OpLabel
OpReturnValue %float_1
%em = OpLabel
OpReturnValue %float_2
OpFunctionEnd
%noinl = OpFunction %float DontInline %fn_float
%ne = OpLabel
OpReturnValue %float_0
OpFunctionEnd
%kills = OpFunction %void None %fn
%ke = OpLabel
%kc = OpLoad %bool %c
OpSelectionMerge %km None
OpBranchConditional %kc %kt %km
%kt = OpLabel
OpKill
%km = OpLabel
OpReturn
OpFunctionEnd
%kills2 = OpFunction %void None %fn
%k2e = OpLabel
%k2c = OpLoad %bool %c
OpSelectionMerge %k2m None
OpBranchConditional %k2c %k2t %k2m
%k2t = OpLabel
OpKill
%k2m = OpLabel
OpReturn
OpFunctionEnd
`)
	checkValid(t, src, lines(
		"CHECK: %entry = OpLabel",
		"CHECK: OpFunctionCall %float %early",
		"CHECK-NEXT: OpFunctionCall %float %noinl",
		"CHECK-NEXT: OpFunctionCall %void %kills",
		"CHECK-NEXT: OpLoad %bool %c",
		"CHECK: OpKill",
		"CHECK: OpBranch [[after:%[0-9]+]]",
		"CHECK-NEXT: [[after]] = OpLabel",
		"CHECK-NEXT: OpBranch %h",
		"CHECK: %cont = OpLabel",
		"CHECK-NEXT: OpFunctionCall %void %kills",
	), "inline-entry-points-exhaustive")
	sameAsSpirvOpt(t, src, "inline-entry-points-exhaustive")
	check(t, src, lines(
		"CHECK: %main = OpFunction",
		"CHECK-NOT: OpFunctionCall %float %early",
		"CHECK: OpFunctionCall %float %noinl",
	), "merge-return", "inline-entry-points-exhaustive")
	sameAsSpirvOpt(t, src, "merge-return", "inline-entry-points-exhaustive")
}

// Functions calling each other are never inlined (Vulkan forbids the
// recursion itself; the pass must still not loop).
func TestInlineRecursive(t *testing.T) {
	src := fragment(inlTypes, `OpName %rec "rec"
OpName %other "other"
%main = OpFunction %void None %fn
%entry = OpLabel
%b = OpFunctionCall %float %rec
OpStore %out %b
OpReturn
OpFunctionEnd
%rec = OpFunction %float None %fn_float
%re = OpLabel
%rr = OpFunctionCall %float %other
OpReturnValue %rr
OpFunctionEnd
%other = OpFunction %float None %fn_float
%oe = OpLabel
%or = OpFunctionCall %float %rec
OpReturnValue %or
OpFunctionEnd
`)
	check(t, src, lines(
		"CHECK: %entry = OpLabel",
		"CHECK-NEXT: OpFunctionCall %float %rec",
		"CHECK: %re = OpLabel",
		"CHECK-NEXT: OpFunctionCall %float %other",
	), "inline-entry-points-exhaustive")
	sameAsSpirvOpt(t, src, "inline-entry-points-exhaustive")
}

// With OpenCL.DebugInfo.100, the inlined code's scope records the call
// site in a DebugInlinedAt (line of the call, caller's scope), and the
// callee's DebugFunction names DebugInfoNone once the callee is deleted.
func TestInlineDebugInfo(t *testing.T) {
	src := `OpCapability Shader
%ext = OpExtInstImport "OpenCL.DebugInfo.100"
OpMemoryModel Logical GLSL450
OpEntryPoint Fragment %main "main" %out
OpExecutionMode %main OriginUpperLeft
%file = OpString "t.hlsl"
%fname = OpString "f"
%mname = OpString "main"
OpName %main "main"
OpName %f "f"
OpDecorate %out Location 0
%void = OpTypeVoid
%fn = OpTypeFunction %void
%float = OpTypeFloat 32
%float_1 = OpConstant %float 1
%_ptr_Output_float = OpTypePointer Output %float
%out = OpVariable %_ptr_Output_float Output
%src = OpExtInst %void %ext DebugSource %file
%cu = OpExtInst %void %ext DebugCompilationUnit 1 4 %src HLSL
%dft = OpExtInst %void %ext DebugTypeFunction FlagIsProtected|FlagIsPrivate %void
%dmain = OpExtInst %void %ext DebugFunction %mname %dft %src 1 1 %cu %mname FlagIsProtected|FlagIsPrivate 1 %main
%df = OpExtInst %void %ext DebugFunction %fname %dft %src 5 1 %cu %fname FlagIsProtected|FlagIsPrivate 5 %f
%main = OpFunction %void None %fn
%e = OpLabel
%20 = OpExtInst %void %ext DebugScope %dmain
OpLine %file 2 1
%r = OpFunctionCall %void %f
OpLine %file 3 1
OpReturn
OpFunctionEnd
%f = OpFunction %void None %fn
%fe = OpLabel
%21 = OpExtInst %void %ext DebugScope %df
OpLine %file 6 1
OpStore %out %float_1
OpReturn
OpFunctionEnd
`
	checkValid(t, src, lines(
		"CHECK: [[none:%[0-9]+]] = OpExtInst %void %1 DebugInfoNone",
		"CHECK: [[dmain:%[0-9]+]] = OpExtInst %void %1 DebugFunction {{%[0-9]+}} {{.*}} %main",
		"CHECK: OpExtInst %void %1 DebugFunction {{%[0-9]+}} {{.*}} [[none]]",
		"CHECK: [[at:%[0-9]+]] = OpExtInst %void %1 DebugInlinedAt 2 [[dmain]]",
		"CHECK: %main = OpFunction",
		"CHECK: OpExtInst %void %1 DebugScope {{%[0-9]+}} [[at]]",
		"CHECK-NEXT: OpLine {{%[0-9]+}} 6 1",
		"CHECK-NEXT: OpStore %out %float_1",
		"CHECK-NEXT: OpExtInst %void %1 DebugScope [[dmain]]",
		"CHECK-NEXT: OpLine {{%[0-9]+}} 3 1",
		"CHECK-NEXT: OpReturn",
	), "inline-entry-points-exhaustive", "eliminate-dead-functions")
}
