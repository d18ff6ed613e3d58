package opt

import "testing"

func TestVectorDCE(t *testing.T) {
	src := simp(`%x = OpLoad %v4float %in
%y = OpFAdd %v4float %x %v4one
%z = OpFMul %v4float %y %y
%e0 = OpCompositeExtract %float %z 0
%ins = OpCompositeInsert %v4float %float_2 %x 3
%e1 = OpCompositeExtract %float %ins 1
%s = OpFAdd %float %e0 %e1
%v = OpCompositeConstruct %v4float %s %s %s %s
OpStore %out %v
%over = OpCompositeInsert %v4float %float_3 %x 0
%e2 = OpCompositeExtract %float %over 0
%w = OpCompositeConstruct %v4float %e2 %e2 %e2 %e2
OpStore %out %w
%unusedpart = OpFSub %v4float %x %v4one
%c = OpCompositeConstruct %v4float %e0 %e0 %e0 %e0
%sh = OpVectorShuffle %v4float %unusedpart %c 4 5 6 7
OpStore %out %sh
`)
	// Only component 0 of y and z is read (they stay: vector-dce changes
	// no arithmetic); the insert of component 3 (its name goes) is bypassed since only
	// component 1 is read; an insert overwriting the only component read
	// reads an OpUndef composite; a vector none of whose components is
	// read becomes OpUndef.
	checkValid(t, src, lines(
		"CHECK: [[u:%[0-9]+]] = OpUndef %v4float",
		"CHECK: {{%[0-9]+}} = OpCompositeInsert %v4float %float_2 %x 3",
		"CHECK-NEXT: %e1 = OpCompositeExtract %float %x 1",
		"CHECK: %over = OpCompositeInsert %v4float %float_3 [[u]] 0",
		"CHECK-NOT: %unusedpart = ",
		"CHECK: %sh = OpVectorShuffle %v4float [[u]] %c 4 5 6 7",
	), "vector-dce")
}

func TestEliminateDeadInserts(t *testing.T) {
	src := simp(`%x = OpLoad %v4float %in
%100 = OpCompositeInsert %v4float %float_1 %x 0
%101 = OpCompositeInsert %v4float %float_2 %100 1
%102 = OpCompositeInsert %v4float %float_3 %101 0
%e = OpCompositeExtract %float %102 1
%v = OpCompositeConstruct %v4float %e %e %e %e
OpStore %out %v
%103 = OpCompositeInsert %v4float %float_1 %x 2
OpStore %out %103
`)
	// Component 1 is read: it comes from %101; %102 writes component 0,
	// which nothing reads, and %100's component 0 is overwritten: both go.
	// An insert used whole stays. (The inserts have no names: a name is a
	// use, which spirv-opt takes as reading everything.)
	checkValid(t, src, lines(
		"CHECK: %x = OpLoad %v4float %in",
		"CHECK-NEXT: [[i1:%[0-9]+]] = OpCompositeInsert %v4float %float_2 %x 1",
		"CHECK-NEXT: %e = OpCompositeExtract %float [[i1]] 1",
		"CHECK: {{%[0-9]+}} = OpCompositeInsert %v4float %float_1 %x 2",
	), "eliminate-dead-inserts")
}

func TestEliminateDeadInsertsThroughPhis(t *testing.T) {
	src := simpTypes + `%main = OpFunction %void None %fn
%entry = OpLabel
%x = OpLoad %v4float %in
%s = OpCompositeExtract %float %x 0
%c = OpFOrdLessThan %bool %s %float_1
%100 = OpCompositeInsert %v4float %float_1 %x 0
%101 = OpCompositeInsert %v4float %float_2 %100 2
OpSelectionMerge %m None
OpBranchConditional %c %t %m
%t = OpLabel
%102 = OpCompositeInsert %v4float %float_3 %101 2
OpBranch %m
%m = OpLabel
%110 = OpPhi %v4float %101 %entry %102 %t
%e = OpCompositeExtract %float %110 0
%v = OpCompositeConstruct %v4float %e %e %e %e
OpStore %out %v
OpReturn
OpFunctionEnd
`
	// Only component 0 of the phi is read: the inserts into component 2
	// on both paths go.
	checkValid(t, src, lines(
		"CHECK: [[a0:%[0-9]+]] = OpCompositeInsert %v4float %float_1 %x 0",
		"CHECK-NOT: OpCompositeInsert",
		"CHECK: {{%[0-9]+}} = OpPhi %v4float [[a0]] %entry [[a0]] %t",
	), "eliminate-dead-inserts")
}

func BenchmarkVectorDCE(b *testing.B)            { benchPass(b, "vector-dce") }
func BenchmarkEliminateDeadInserts(b *testing.B) { benchPass(b, "eliminate-dead-inserts") }
