package opt

import (
	"fmt"
	"strings"
	"testing"
)

// A counted loop marked Unroll, with an accumulator: three copies of the
// body in a row, the counter and the sum flowing from copy to copy, the
// sum after the loop its last value.
func TestLoopUnrollCounted(t *testing.T) {
	src := fragment("", `%main = OpFunction %void None %fn
%entry = OpLabel
OpBranch %h
%h = OpLabel
%i = OpPhi %int %int_0 %entry %inc %cont
%s = OpPhi %float %float_0 %entry %s2 %cont
%cmp = OpSLessThan %bool %i %int_3
OpLoopMerge %m %cont Unroll
OpBranchConditional %cmp %body %m
%body = OpLabel
%f = OpConvertSToF %float %i
%s2 = OpFAdd %float %s %f
OpBranch %cont
%cont = OpLabel
%inc = OpIAdd %int %i %int_1
OpBranch %h
%m = OpLabel
OpStore %out %s
OpReturn
OpFunctionEnd
`)
	checkValid(t, src, lines(
		"CHECK: %h = OpLabel",
		"CHECK-NOT: OpLoopMerge",
		"CHECK-NOT: OpPhi",
		"CHECK: %f = OpConvertSToF %float %int_0",
		"CHECK-NEXT: %s2 = OpFAdd %float %float_0 %f",
		"CHECK: %inc = OpIAdd %int %int_0 %int_1",
		"CHECK: [[f1:%[0-9]+]] = OpConvertSToF %float %inc",
		"CHECK-NEXT: [[s1:%[0-9]+]] = OpFAdd %float %s2 [[f1]]",
		"CHECK: [[inc1:%[0-9]+]] = OpIAdd %int %inc %int_1",
		"CHECK: [[f2:%[0-9]+]] = OpConvertSToF %float [[inc1]]",
		"CHECK-NEXT: [[s3:%[0-9]+]] = OpFAdd %float [[s1]] [[f2]]",
		"CHECK: OpBranch %m",
		"CHECK: %m = OpLabel",
		"CHECK-NEXT: OpStore %out [[s3]]",
	), "loop-unroll")
	sameAsSpirvOpt(t, src, "loop-unroll")
}

// Nested counted loops marked Unroll: the inner one is unrolled first,
// then the outer one (copying the unrolled inner body).
func TestLoopUnrollNested(t *testing.T) {
	src := fragment("", `%main = OpFunction %void None %fn
%entry = OpLabel
%acc = OpVariable %_ptr_Function_float Function
OpBranch %oh
%oh = OpLabel
%i = OpPhi %int %int_0 %entry %iinc %oc
%ocmp = OpSLessThan %bool %i %int_2
OpLoopMerge %om %oc Unroll
OpBranchConditional %ocmp %ob %om
%ob = OpLabel
OpBranch %ih
%ih = OpLabel
%j = OpPhi %int %int_0 %ob %jinc %ic
%icmp = OpSLessThan %bool %j %int_3
OpLoopMerge %im %ic Unroll
OpBranchConditional %icmp %ib %im
%ib = OpLabel
%k = OpIMul %int %i %int_3
%kj = OpIAdd %int %k %j
%kf = OpConvertSToF %float %kj
OpStore %acc %kf
OpBranch %ic
%ic = OpLabel
%jinc = OpIAdd %int %j %int_1
OpBranch %ih
%im = OpLabel
OpBranch %oc
%oc = OpLabel
%iinc = OpIAdd %int %i %int_1
OpBranch %oh
%om = OpLabel
%r = OpLoad %float %acc
OpStore %out %r
OpReturn
OpFunctionEnd
`)
	checkValid(t, src, lines(
		"CHECK-NOT: OpLoopMerge",
		"CHECK-NOT: OpPhi",
		"CHECK: %om = OpLabel",
	), "loop-unroll")
	sameAsSpirvOpt(t, src, "loop-unroll")
}

// The loop forms the trip count understands, and the ones left alone:
// each as spirv-opt unrolls it (or not).
func TestLoopUnrollForms(t *testing.T) {
	loop := func(init, cmp, bound, step, stepOp, control, body string) string {
		return fragment(`%uint = OpTypeInt 32 0
%uint_0 = OpConstant %uint 0
%uint_2 = OpConstant %uint 2
%uint_5 = OpConstant %uint 5
%int_m1 = OpConstant %int -1
%cond_ptr = OpTypePointer Private %bool
%c = OpVariable %cond_ptr Private
`, replace(replace(replace(replace(replace(replace(replace(`%main = OpFunction %void None %fn
%entry = OpLabel
OpBranch %h
%h = OpLabel
%i = OpPhi TYPE INIT %entry %inc %cont
%cmp = CMP %bool %i BOUND
OpLoopMerge %m %cont CONTROL
OpBranchConditional %cmp %body %m
%body = OpLabel
BODY
OpBranch %cont
%cont = OpLabel
%inc = STEPOP TYPE %i STEP
OpBranch %h
%m = OpLabel
%last = OpBitcast %float %i
OpStore %out %last
OpReturn
OpFunctionEnd
`, "INIT", init), "CMP", cmp), "BOUND", bound), "STEPOP", stepOp), "STEP", step), "CONTROL", control), "BODY", body))
	}
	typed := func(s, typ string) string { return replace(s, "TYPE", typ) }
	store := "%f = OpBitcast %float %i\nOpStore %out %f"
	for _, tc := range []struct {
		name     string
		src      string
		unrolled bool
	}{
		{"less", typed(loop("%int_0", "OpSLessThan", "%int_3", "%int_1", "OpIAdd", "Unroll", store), "%int"), true},
		{"less-equal", typed(loop("%int_0", "OpSLessThanEqual", "%int_2", "%int_1", "OpIAdd", "Unroll", store), "%int"), true},
		{"greater-down", typed(loop("%int_3", "OpSGreaterThan", "%int_0", "%int_1", "OpISub", "Unroll", store), "%int"), true},
		{"greater-equal-down", typed(loop("%int_2", "OpSGreaterThanEqual", "%int_0", "%int_1", "OpISub", "Unroll", store), "%int"), true},
		{"negative-step", typed(loop("%int_2", "OpSGreaterThan", "%int_m1", "%int_m1", "OpIAdd", "Unroll", store), "%int"), true},
		{"unsigned-by-2", typed(loop("%uint_0", "OpULessThan", "%uint_5", "%uint_2", "OpIAdd", "Unroll", store), "%uint"), true},
		{"one-trip", typed(loop("%int_0", "OpSLessThan", "%int_1", "%int_1", "OpIAdd", "Unroll", store), "%int"), true},
		{"no-unroll-control", typed(loop("%int_0", "OpSLessThan", "%int_3", "%int_1", "OpIAdd", "None", store), "%int"), false},
		{"never-runs", typed(loop("%int_3", "OpSLessThan", "%int_0", "%int_1", "OpIAdd", "Unroll", store), "%int"), false},
		{"wrong-direction", typed(loop("%int_0", "OpSLessThan", "%int_3", "%int_1", "OpISub", "Unroll", store), "%int"), false},
		{"break", typed(loop("%int_0", "OpSLessThan", "%int_3", "%int_1", "OpIAdd", "Unroll",
			"%cv = OpLoad %bool %c\nOpSelectionMerge %sm None\nOpBranchConditional %cv %m %sm\n%sm = OpLabel"), "%int"), false},
		{"continue", typed(loop("%int_0", "OpSLessThan", "%int_3", "%int_1", "OpIAdd", "Unroll",
			"%cv = OpLoad %bool %c\nOpSelectionMerge %sm None\nOpBranchConditional %cv %cont %sm\n%sm = OpLabel"), "%int"), false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out := check(t, tc.src, "CHECK: OpFunctionEnd", "loop-unroll")
			if got := !contains(out, "OpLoopMerge"); got != tc.unrolled {
				t.Errorf("unrolled %v, want %v:\n%s", got, tc.unrolled, out)
			}
			sameAsSpirvOpt(t, tc.src, "loop-unroll")
		})
	}
}

// The copies keep the decorations of the instructions they copy (DXC's
// spirv-opt clones them; Debian's 2023.1 did not yet).
func TestLoopUnrollDecorations(t *testing.T) {
	src := fragment("", `OpDecorate %f RelaxedPrecision
%main = OpFunction %void None %fn
%entry = OpLabel
OpBranch %h
%h = OpLabel
%i = OpPhi %int %int_0 %entry %inc %cont
%cmp = OpSLessThan %bool %i %int_2
OpLoopMerge %m %cont Unroll
OpBranchConditional %cmp %body %m
%body = OpLabel
%f = OpConvertSToF %float %i
OpStore %out %f
OpBranch %cont
%cont = OpLabel
%inc = OpIAdd %int %i %int_1
OpBranch %h
%m = OpLabel
OpReturn
OpFunctionEnd
`)
	checkValid(t, src, lines(
		"CHECK: OpDecorate %f RelaxedPrecision",
		"CHECK-NEXT: OpDecorate [[f2:%[0-9]+]] RelaxedPrecision",
		"CHECK: %f = OpConvertSToF %float %int_0",
		"CHECK: [[f2]] = OpConvertSToF %float %inc",
	), "loop-unroll")
}

func BenchmarkLoopUnroll(b *testing.B) {
	benchPassOver(b, unrollBenchModule, 20, "loop-unroll")
}

// unrollBenchModule returns a fragment shader with n counted loops of 4
// iterations marked Unroll.
func unrollBenchModule(n int) string {
	var b strings.Builder
	b.WriteString("%main = OpFunction %void None %fn\n%entry = OpLabel\nOpBranch %h_0\n")
	for i := range n {
		b.WriteString(strings.NewReplacer("%NEXT", fmt.Sprint("_", i+1), "%N", fmt.Sprint("_", i)).Replace(`%h%N = OpLabel
%i%N = OpPhi %int %int_0 %PRE %inc%N %cont%N
%s%N = OpPhi %float %float_0 %PRE %s2%N %cont%N
%cmp%N = OpSLessThan %bool %i%N %int_10
OpLoopMerge %m%N %cont%N Unroll
OpBranchConditional %cmp%N %body%N %m%N
%body%N = OpLabel
%f%N = OpConvertSToF %float %i%N
%s2%N = OpFAdd %float %s%N %f%N
OpBranch %cont%N
%cont%N = OpLabel
%inc%N = OpIAdd %int %i%N %int_1
OpBranch %h%N
%m%N = OpLabel
OpStore %out %s%N
OpBranch %h%NEXT
`))
	}
	fmt.Fprintf(&b, "%%h_%d = OpLabel\nOpReturn\nOpFunctionEnd\n", n)
	src := b.String()
	// The first loop is entered from the entry block, the others from the
	// previous loop's merge block.
	src = strings.Replace(src, "%PRE", "%entry", 2)
	for i := 1; i < n; i++ {
		src = strings.Replace(src, "%PRE", fmt.Sprintf("%%m_%d", i-1), 2)
	}
	return fragment("", src)
}
