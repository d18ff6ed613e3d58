package opt

import (
	"fmt"
	"strings"
	"testing"
)

// interlockModule is a fragment shader with the interlock extension and
// capability around body (names first).
func interlockModule(names, body string) string {
	return `OpCapability Shader
OpCapability FragmentShaderPixelInterlockEXT
OpExtension "SPV_EXT_fragment_shader_interlock"
OpMemoryModel Logical GLSL450
OpEntryPoint Fragment %main "main" %out
OpExecutionMode %main OriginUpperLeft
OpExecutionMode %main PixelInterlockOrderedEXT
` + names + `OpDecorate %out Location 0
%void = OpTypeVoid
%fn = OpTypeFunction %void
%bool = OpTypeBool
%int = OpTypeInt 32 1
%float = OpTypeFloat 32
%int_0 = OpConstant %int 0
%int_1 = OpConstant %int 1
%int_4 = OpConstant %int 4
%float_1 = OpConstant %float 1
%float_2 = OpConstant %float 2
%_ptr_Private_bool = OpTypePointer Private %bool
%_ptr_Output_float = OpTypePointer Output %float
%c = OpVariable %_ptr_Private_bool Private
%out = OpVariable %_ptr_Output_float Output
` + body
}

// One block keeps its first begin and its last end.
func TestInterlockSingleBlock(t *testing.T) {
	src := interlockModule("", `%main = OpFunction %void None %fn
%entry = OpLabel
OpBeginInvocationInterlockEXT
OpStore %out %float_1
OpBeginInvocationInterlockEXT
OpEndInvocationInterlockEXT
OpBeginInvocationInterlockEXT
OpStore %out %float_2
OpEndInvocationInterlockEXT
OpReturn
OpFunctionEnd
`)
	checkValid(t, src, lines(
		"CHECK: %entry = OpLabel",
		"CHECK-NEXT: OpBeginInvocationInterlockEXT",
		"CHECK-NEXT: OpStore %out %float_1",
		"CHECK-NEXT: OpStore %out %float_2",
		"CHECK-NEXT: OpEndInvocationInterlockEXT",
		"CHECK-NEXT: OpReturn",
	), "invocation-interlock-placement")
}

// Without the capability, or outside fragment shaders, nothing changes.
func TestInterlockUnchanged(t *testing.T) {
	body := `%main = OpFunction %void None %fn
%entry = OpLabel
OpBeginInvocationInterlockEXT
OpBeginInvocationInterlockEXT
OpEndInvocationInterlockEXT
OpEndInvocationInterlockEXT
OpReturn
OpFunctionEnd
`
	want := lines(
		"CHECK: OpBeginInvocationInterlockEXT",
		"CHECK-NEXT: OpBeginInvocationInterlockEXT",
		"CHECK-NEXT: OpEndInvocationInterlockEXT",
		"CHECK-NEXT: OpEndInvocationInterlockEXT",
	)
	noCapability := strings.Replace(interlockModule("", body), "OpCapability FragmentShaderPixelInterlockEXT\n", "", 1)
	check(t, noCapability, want, "invocation-interlock-placement")
	compute := strings.NewReplacer("OpEntryPoint Fragment %main \"main\" %out", "OpEntryPoint GLCompute %main \"main\"",
		"OpExecutionMode %main OriginUpperLeft", "OpExecutionMode %main LocalSize 1 1 1").Replace(interlockModule("", body))
	check(t, compute, want, "invocation-interlock-placement")
}

// Functions the entry point calls lose their begins and ends; the calls
// are bracketed instead, and the entry keeps one section.
func TestInterlockCalls(t *testing.T) {
	src := interlockModule(`OpName %access "access"
OpName %twice "twice"
OpName %plain "plain"
OpName %endOnly "endOnly"
`, `%main = OpFunction %void None %fn
%entry = OpLabel
%r0 = OpFunctionCall %void %plain
%r1 = OpFunctionCall %void %twice
%r2 = OpFunctionCall %void %access
%r3 = OpFunctionCall %void %endOnly
OpReturn
OpFunctionEnd
%twice = OpFunction %void None %fn
%te = OpLabel
%t1 = OpFunctionCall %void %access
%t2 = OpFunctionCall %void %access
OpReturn
OpFunctionEnd
%access = OpFunction %void None %fn
%ae = OpLabel
OpBeginInvocationInterlockEXT
OpStore %out %float_1
OpEndInvocationInterlockEXT
OpReturn
OpFunctionEnd
%plain = OpFunction %void None %fn
%pe = OpLabel
OpStore %out %float_2
OpReturn
OpFunctionEnd
%endOnly = OpFunction %void None %fn
%ee = OpLabel
OpEndInvocationInterlockEXT
OpReturn
OpFunctionEnd
`)
	checkValid(t, src, lines(
		"CHECK: %entry = OpLabel",
		"CHECK-NEXT: %r0 = OpFunctionCall %void %plain",
		"CHECK-NEXT: OpBeginInvocationInterlockEXT",
		"CHECK-NEXT: %r1 = OpFunctionCall %void %twice",
		"CHECK-NEXT: %r2 = OpFunctionCall %void %access",
		"CHECK-NEXT: %r3 = OpFunctionCall %void %endOnly",
		"CHECK-NEXT: OpEndInvocationInterlockEXT",
		"CHECK-NEXT: OpReturn",
		"CHECK-NOT: InvocationInterlock",
		"CHECK: OpFunctionEnd",
	), "invocation-interlock-placement")
}

// Accesses in a loop: the section begins before the loop (before the
// header's branch) and ends after it (after the merge block's phis).
func TestInterlockLoop(t *testing.T) {
	src := interlockModule(`OpName %header "header"
OpName %body "body"
OpName %continue "continue"
OpName %merge "merge"
`, `%main = OpFunction %void None %fn
%entry = OpLabel
OpBranch %header
%header = OpLabel
%i = OpPhi %int %int_0 %entry %next %continue
%more = OpSLessThan %bool %i %int_4
OpLoopMerge %merge %continue None
OpBranchConditional %more %body %merge
%body = OpLabel
OpBeginInvocationInterlockEXT
OpStore %out %float_1
OpEndInvocationInterlockEXT
OpBranch %continue
%continue = OpLabel
%next = OpIAdd %int %i %int_1
OpBranch %header
%merge = OpLabel
%last = OpPhi %int %i %header
OpReturn
OpFunctionEnd
`)
	checkValid(t, src, lines(
		"CHECK: %entry = OpLabel",
		"CHECK-NEXT: OpBeginInvocationInterlockEXT",
		"CHECK-NEXT: OpBranch %header",
		"CHECK: %body = OpLabel",
		"CHECK-NEXT: OpStore %out %float_1",
		"CHECK-NEXT: OpBranch %continue",
		"CHECK: %merge = OpLabel",
		"CHECK-NEXT: %last = OpPhi",
		"CHECK-NEXT: OpEndInvocationInterlockEXT",
		"CHECK-NEXT: OpReturn",
	), "invocation-interlock-placement")
}

// A begin only in the then branch reaches the merge block holding the
// end: the else branch gets a begin too and the merge block loses its
// begin. An end only in the then branch gets a twin at the start of the
// else branch.
func TestInterlockIfElse(t *testing.T) {
	src := interlockModule(`OpName %then "then"
OpName %else "else"
OpName %merge "merge"
OpName %then2 "then2"
OpName %else2 "else2"
OpName %merge2 "merge2"
`, `%main = OpFunction %void None %fn
%entry = OpLabel
%cv = OpLoad %bool %c
OpSelectionMerge %merge None
OpBranchConditional %cv %then %else
%then = OpLabel
OpBeginInvocationInterlockEXT
OpStore %out %float_1
OpEndInvocationInterlockEXT
OpBranch %merge
%else = OpLabel
OpBranch %merge
%merge = OpLabel
OpBeginInvocationInterlockEXT
OpStore %out %float_2
OpSelectionMerge %merge2 None
OpBranchConditional %cv %then2 %else2
%then2 = OpLabel
OpEndInvocationInterlockEXT
OpBranch %merge2
%else2 = OpLabel
OpBranch %merge2
%merge2 = OpLabel
OpReturn
OpFunctionEnd
`)
	checkValid(t, src, lines(
		"CHECK: %then = OpLabel",
		"CHECK-NEXT: OpBeginInvocationInterlockEXT",
		"CHECK-NEXT: OpStore %out %float_1",
		"CHECK-NEXT: OpBranch %merge",
		"CHECK-NEXT: %else = OpLabel",
		"CHECK-NEXT: OpBeginInvocationInterlockEXT",
		"CHECK-NEXT: OpBranch %merge",
		"CHECK-NEXT: %merge = OpLabel",
		"CHECK-NEXT: OpStore %out %float_2",
		"CHECK: %then2 = OpLabel",
		"CHECK-NEXT: OpEndInvocationInterlockEXT",
		"CHECK-NEXT: OpBranch %merge2",
		"CHECK-NEXT: %else2 = OpLabel",
		"CHECK-NEXT: OpEndInvocationInterlockEXT",
		"CHECK-NEXT: OpBranch %merge2",
		"CHECK-NEXT: %merge2 = OpLabel",
		"CHECK-NEXT: OpReturn",
	), "invocation-interlock-placement")
}

// An if without else around the accesses: the edge that skips them both
// enters and leaves the section, so it gets a new block with a begin and
// an end, and the merge block's phi takes its value from there.
func TestInterlockSkippedEdge(t *testing.T) {
	src := interlockModule(`OpName %then "then"
OpName %merge "merge"
`, `%main = OpFunction %void None %fn
%entry = OpLabel
%cv = OpLoad %bool %c
OpSelectionMerge %merge None
OpBranchConditional %cv %then %merge
%then = OpLabel
OpBeginInvocationInterlockEXT
OpStore %out %float_1
OpEndInvocationInterlockEXT
OpBranch %merge
%merge = OpLabel
%v = OpPhi %float %float_1 %then %float_2 %entry
OpStore %out %v
OpReturn
OpFunctionEnd
`)
	checkValid(t, src, lines(
		"CHECK: %entry = OpLabel",
		"CHECK: OpBranchConditional %cv %then [[skip:%[0-9]+]]",
		"CHECK-NEXT: [[skip]] = OpLabel",
		"CHECK-NEXT: OpBeginInvocationInterlockEXT",
		"CHECK-NEXT: OpEndInvocationInterlockEXT",
		"CHECK-NEXT: OpBranch %merge",
		"CHECK-NEXT: %then = OpLabel",
		"CHECK-NEXT: OpBeginInvocationInterlockEXT",
		"CHECK-NEXT: OpStore %out %float_1",
		"CHECK-NEXT: OpEndInvocationInterlockEXT",
		"CHECK-NEXT: OpBranch %merge",
		"CHECK: %v = OpPhi %float %float_1 %then %float_2 [[skip]]",
	), "invocation-interlock-placement")
}

// interlockBenchModule has n selections each bracketing an access in its
// then branch and calling a function that does the same.
func interlockBenchModule(n int) string {
	var b strings.Builder
	b.WriteString("%main = OpFunction %void None %fn\n%entry = OpLabel\n%cv = OpLoad %bool %c\nOpBranch %s_0\n")
	for i := range n {
		fmt.Fprintf(&b, `%%s_%[1]d = OpLabel
OpSelectionMerge %%m_%[1]d None
OpBranchConditional %%cv %%t_%[1]d %%m_%[1]d
%%t_%[1]d = OpLabel
OpBeginInvocationInterlockEXT
OpStore %%out %%float_1
OpEndInvocationInterlockEXT
OpBranch %%m_%[1]d
%%m_%[1]d = OpLabel
%%r_%[1]d = OpFunctionCall %%void %%access
OpBranch %%s_%[2]d
`, i, i+1)
	}
	fmt.Fprintf(&b, `%%s_%d = OpLabel
OpReturn
OpFunctionEnd
%%access = OpFunction %%void None %%fn
%%ae = OpLabel
OpBeginInvocationInterlockEXT
OpStore %%out %%float_2
OpEndInvocationInterlockEXT
OpReturn
OpFunctionEnd
`, n)
	return interlockModule("", b.String())
}

// The benchmark module ends up with one section: from the first begin to
// the last end.
func TestInterlockBenchModule(t *testing.T) {
	checkValid(t, interlockBenchModule(3), lines(
		"CHECK: %t_0 = OpLabel",
		"CHECK-NEXT: OpBeginInvocationInterlockEXT",
		"CHECK-NOT: InvocationInterlock",
		"CHECK: %r_2 = OpFunctionCall",
		"CHECK-NEXT: OpEndInvocationInterlockEXT",
		"CHECK-NOT: InvocationInterlock",
		"CHECK: OpFunctionEnd",
	), "invocation-interlock-placement")
}

func BenchmarkInvocationInterlockPlacement(b *testing.B) {
	benchPassOver(b, interlockBenchModule, 50, "invocation-interlock-placement")
}
