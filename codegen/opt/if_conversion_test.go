package opt

import "testing"

// ifTypes are the extra declarations of the if-conversion tests.
const ifTypes = `%cond_ptr = OpTypePointer Private %bool
%c = OpVariable %cond_ptr Private
%v2float = OpTypeVector %float 2
%v2a = OpConstantComposite %v2float %float_1 %float_2
%v2b = OpConstantComposite %v2float %float_2 %float_1
%fp = OpTypePointer Private %float
%pa = OpVariable %fp Private
%pb = OpVariable %fp Private
%mat = OpTypeMatrix %v2float 2
%ma = OpConstantComposite %mat %v2a %v2b
%mb = OpConstantComposite %mat %v2b %v2a
%_ptr_Function_mat = OpTypePointer Function %mat
`

// A diamond's phis become selects on the branch condition: a scalar, a
// vector (the condition splatted); a value defined inside a
// branch, a matrix phi and a phi used by another phi of the block stay;
// a phi taking one value either way becomes that value.
func TestIfConversionDiamond(t *testing.T) {
	src := fragment(ifTypes, `%main = OpFunction %void None %fn
%entry = OpLabel
%m = OpVariable %_ptr_Function_mat Function
%cv = OpLoad %bool %c
%x = OpLoad %float %pa
OpSelectionMerge %merge None
OpBranchConditional %cv %then %else
%then = OpLabel
%inside = OpFAdd %float %x %float_1
OpBranch %merge
%else = OpLabel
OpBranch %merge
%merge = OpLabel
%s = OpPhi %float %float_1 %then %float_2 %else
%v = OpPhi %v2float %v2a %then %v2b %else
%keep = OpPhi %float %inside %then %x %else
%mx = OpPhi %mat %ma %then %mb %else
%same = OpPhi %float %x %then %x %else
%y = OpFAdd %float %s %keep
%z = OpFAdd %float %y %same
%w = OpCompositeExtract %float %v 0
%t2 = OpFAdd %float %z %w
OpStore %m %mx
OpStore %out %t2
OpReturn
OpFunctionEnd
`)
	checkValid(t, src, lines(
		"CHECK: %merge = OpLabel",
		"CHECK-NEXT: %keep = OpPhi %float %inside %then %x %else",
		"CHECK-NEXT: %mx = OpPhi %mat2v2float",
		"CHECK-NEXT: {{%[0-9]+}} = OpPhi %float %x %then %x %else",
		"CHECK-NEXT: %s = OpSelect %float %cv %float_1 %float_2",
		"CHECK-NEXT: [[splat:%[0-9]+]] = OpCompositeConstruct %v2bool %cv %cv",
		"CHECK-NEXT: %v = OpSelect %v2float [[splat]]",
		"CHECK-NEXT: %y = OpFAdd %float %s %keep",
		"CHECK-NEXT: %z = OpFAdd %float %y %x",
	), "if-conversion")
	sameAsSpirvOpt(t, src, "if-conversion")
}

// The true value is the one from the block the true edge leads to, also
// when the merge block is the true target and the phi lists it second; a
// DontFlatten selection and a merge block with three predecessors are
// left alone.
func TestIfConversionEdges(t *testing.T) {
	src := fragment(ifTypes, `%main = OpFunction %void None %fn
%entry = OpLabel
%cv = OpLoad %bool %c
OpSelectionMerge %m1 None
OpBranchConditional %cv %m1 %e1
%e1 = OpLabel
OpBranch %m1
%m1 = OpLabel
%a = OpPhi %float %float_2 %e1 %float_1 %entry
OpSelectionMerge %m2 DontFlatten
OpBranchConditional %cv %t2 %m2
%t2 = OpLabel
OpBranch %m2
%m2 = OpLabel
%b = OpPhi %float %float_1 %t2 %a %m1
OpSelectionMerge %m3 None
OpSwitch %int_1 %e3 1 %t3 2 %u3
%t3 = OpLabel
OpBranch %m3
%u3 = OpLabel
OpBranch %m3
%e3 = OpLabel
OpBranch %m3
%m3 = OpLabel
%d = OpPhi %float %float_1 %t3 %float_2 %u3 %b %e3
OpStore %out %d
OpReturn
OpFunctionEnd
`)
	checkValid(t, src, lines(
		"CHECK: %m1 = OpLabel",
		"CHECK-NEXT: %a = OpSelect %float %cv %float_1 %float_2",
		"CHECK: %m2 = OpLabel",
		"CHECK-NEXT: %b = OpPhi",
		"CHECK: %m3 = OpLabel",
		"CHECK-NEXT: %d = OpPhi",
	), "if-conversion")
	sameAsSpirvOpt(t, src, "if-conversion")
}

func BenchmarkIfConversion(b *testing.B) {
	benchPassOver(b, cfgBenchModule, 50, "if-conversion")
}

// A pointer phi becomes a select too (valid only with variable pointers:
// the pass, as spirv-opt's, does not check).
func TestIfConversionPointer(t *testing.T) {
	src := fragment(ifTypes, `%main = OpFunction %void None %fn
%entry = OpLabel
%cv = OpLoad %bool %c
OpSelectionMerge %merge None
OpBranchConditional %cv %then %merge
%then = OpLabel
OpBranch %merge
%merge = OpLabel
%p = OpPhi %fp %pa %then %pb %entry
%u = OpLoad %float %p
OpStore %out %u
OpReturn
OpFunctionEnd
`)
	check(t, src, lines(
		"CHECK: %merge = OpLabel",
		"CHECK-NEXT: %p = OpSelect %_ptr_Private_float %cv %pa %pb",
	), "if-conversion")
	sameAsSpirvOpt(t, src, "if-conversion")
}
