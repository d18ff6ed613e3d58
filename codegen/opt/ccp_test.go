package opt

import (
	"strings"
	"testing"
)

// ccpFunc wraps a function body (from the first block's label on) in the
// simplify tests' types, with an output for the values to reach.
func ccpFunc(body string) string {
	return simpTypes + "%main = OpFunction %void None %fn\n" + body + "OpFunctionEnd\n"
}

func TestCCPPhiOfTakenBranch(t *testing.T) {
	// The branch on a constant true never takes %f: the phi is 3, and so
	// is the sum; the untaken side's value does not spoil the phi.
	src := ccpFunc(`%entry = OpLabel
%x = OpLoad %v4float %in
%c = OpLogicalNot %bool %false
OpSelectionMerge %m None
OpBranchConditional %c %t %f
%t = OpLabel
%a = OpIAdd %int %int_1 %int_2
OpBranch %m
%f = OpLabel
%s = OpCompositeExtract %float %x 0
%b = OpConvertFToS %int %s
OpBranch %m
%m = OpLabel
%p = OpPhi %int %a %t %b %f
%q = OpIMul %int %p %int_2
OpStore %iout %q
OpReturn
`)
	checkValid(t, src, lines(
		"CHECK: [[six:%[a-z_0-9]+]] = OpConstant %int 6",
		"CHECK: OpBranchConditional %true %t %f",
		"CHECK: OpPhi %int %int_3 %t %b %f",
		"CHECK: OpStore %iout [[six]]",
	), "ccp")
}

func TestCCPLoopInductionVaries(t *testing.T) {
	// %i is 0 on entry and 1 after one trip: two constants meet, so it
	// varies; %k is 2 on every edge and stays constant.
	src := ccpFunc(`%entry = OpLabel
OpBranch %h
%h = OpLabel
%i = OpPhi %int %int_0 %entry %next %body
%k = OpPhi %int %int_2 %entry %k2 %body
%lt = OpSLessThan %bool %i %int_3
OpLoopMerge %exit %body None
OpBranchConditional %lt %body %exit
%body = OpLabel
%next = OpIAdd %int %i %int_1
%k2 = OpIMul %int %k %int_1
OpBranch %h
%exit = OpLabel
%r = OpIAdd %int %i %k
OpStore %iout %r
OpReturn
`)
	checkValid(t, src, lines(
		"CHECK: %i = OpPhi %int %int_0 %entry %next %body",
		"CHECK: %lt = OpSLessThan %bool %i %int_3",
		"CHECK: %next = OpIAdd %int %i %int_1",
		"CHECK: %r = OpIAdd %int %i %int_2",
	), "ccp")
}

func TestCCPSwitch(t *testing.T) {
	// The selector is 2: the phi takes case 2's value only. A selector of
	// 7 (no such case) takes the default.
	sw := func(sel string) string {
		return ccpFunc(`%entry = OpLabel
%s = OpIAdd %int ` + sel + ` %int_0
OpSelectionMerge %m None
OpSwitch %s %d 1 %c1 2 %c2
%c1 = OpLabel
OpBranch %m
%c2 = OpLabel
OpBranch %m
%d = OpLabel
OpBranch %m
%m = OpLabel
%p = OpPhi %int %int_1 %c1 %int_2 %c2 %int_3 %d
OpStore %iout %p
OpReturn
`)
	}
	checkValid(t, sw("%int_2"), "CHECK: OpStore %iout %int_2\n", "ccp")
	seven := strings.Replace(sw("%int_7"), "%int_n7 = OpConstant %int -7", "%int_n7 = OpConstant %int -7\n%int_7 = OpConstant %int 7", 1)
	checkValid(t, seven, "CHECK: OpStore %iout %int_3\n", "ccp")
}

func TestCCPNullAndUndefConditions(t *testing.T) {
	// A null condition is false; an undefined one may go either way.
	cond := func(c string) string {
		return strings.Replace(ccpFunc(`%entry = OpLabel
OpSelectionMerge %m None
OpBranchConditional `+c+` %t %m
%t = OpLabel
OpBranch %m
%m = OpLabel
%p = OpPhi %int %int_1 %t %int_2 %entry
OpStore %iout %p
OpReturn
`), "%in = OpVariable", "%null = OpConstantNull %bool\n%undef = OpUndef %bool\n%in = OpVariable", 1)
	}
	checkValid(t, cond("%null"), "CHECK: OpStore %iout %int_2\n", "ccp")
	checkValid(t, cond("%undef"), "CHECK: OpStore %iout %p\n", "ccp")
}

func TestCCPVectorsAndLoads(t *testing.T) {
	// Integer vectors fold component by component; a load is never
	// constant, even of a variable stored a constant.
	src := ccpFunc(`%entry = OpLabel
%v = OpVariable %_ptr_Function_v4float Function
%a = OpIAdd %v2int %v2i12 %v2i12
%e = OpCompositeExtract %int %a 1
OpStore %iout %e
OpStore %v %v4one
%l = OpLoad %v4float %v
%f = OpFAdd %v4float %l %v4one
OpStore %out %f
OpReturn
`)
	checkValid(t, src, lines(
		"CHECK: %int_4 = OpConstant %int 4",
		"CHECK: OpStore %iout %int_4",
		"CHECK: %f = OpFAdd %v4float %l",
		"CHECK: OpStore %out %f",
	), "ccp")
}

func TestCCPSpecConstantsStay(t *testing.T) {
	// A specialization constant is its own value: a copy of it becomes it,
	// arithmetic on it is not folded, a branch on it goes both ways.
	src := strings.Replace(ccpFunc(`%entry = OpLabel
%c = OpCopyObject %int %spec
%a = OpIAdd %int %c %int_1
OpStore %iout %a
OpSelectionMerge %m None
OpBranchConditional %sb %t %m
%t = OpLabel
OpBranch %m
%m = OpLabel
%p = OpPhi %int %int_1 %t %int_2 %entry
OpStore %iout %p
OpReturn
`), "%in = OpVariable", "%spec = OpSpecConstant %int 5\n%sb = OpSpecConstantTrue %bool\n%in = OpVariable", 1)
	src = strings.Replace(src, "OpDecorate %in Location 0", "OpDecorate %spec SpecId 0\nOpDecorate %sb SpecId 1\nOpDecorate %in Location 0", 1)
	checkValid(t, src, lines(
		"CHECK: OpCopyObject %int [[spec:%[0-9]+]]",
		"CHECK-NEXT: %a = OpIAdd %int [[spec]] %int_1",
		"CHECK: OpStore %iout %p",
	), "ccp")
}

func TestCCPLateralMoveVaries(t *testing.T) {
	// %x is first seen as 1 (only the entry edge is known), then the
	// back edge brings 2: it may not move from 1 to 2, so it varies and
	// %y, which folded to 2 on the first visit, varies with it.
	src := ccpFunc(`%entry = OpLabel
OpBranch %h
%h = OpLabel
%x = OpPhi %int %int_1 %entry %int_2 %latch
%y = OpIAdd %int %x %int_1
OpLoopMerge %exit %latch None
OpBranch %body
%body = OpLabel
%x0 = OpLoad %v4float %in
%s = OpCompositeExtract %float %x0 0
%c = OpFOrdLessThan %bool %s %float_1
OpBranchConditional %c %latch %exit
%latch = OpLabel
OpBranch %h
%exit = OpLabel
OpStore %iout %y
OpReturn
`)
	checkValid(t, src, lines(
		"CHECK: %y = OpIAdd %int %x %int_1",
		"CHECK: OpStore %iout %y",
	), "ccp")
}

func TestCCPDebugValuesAndNames(t *testing.T) {
	// A replaced id loses its name; the debug value takes the constant.
	src := `OpCapability Shader
%ext = OpExtInstImport "OpenCL.DebugInfo.100"
OpMemoryModel Logical GLSL450
OpEntryPoint Fragment %main "main" %iout
OpExecutionMode %main OriginUpperLeft
%file = OpString "a.hlsl"
%iname = OpString "int"
%vname = OpString "v"
%mname = OpString "main"
OpName %sum "sum"
OpDecorate %iout Location 0
%void = OpTypeVoid
%fn = OpTypeFunction %void
%int = OpTypeInt 32 1
%uint = OpTypeInt 32 0
%uint_32 = OpConstant %uint 32
%int_1 = OpConstant %int 1
%int_2 = OpConstant %int 2
%_ptr_Output_int = OpTypePointer Output %int
%iout = OpVariable %_ptr_Output_int Output
%expr = OpExtInst %void %ext DebugExpression
%src = OpExtInst %void %ext DebugSource %file
%cu = OpExtInst %void %ext DebugCompilationUnit 1 4 %src HLSL
%tint = OpExtInst %void %ext DebugTypeBasic %iname %uint_32 Signed
%tfn = OpExtInst %void %ext DebugTypeFunction FlagIsProtected|FlagIsPrivate %tint
%dmain = OpExtInst %void %ext DebugFunction %mname %tfn %src 1 1 %cu %mname FlagIsProtected|FlagIsPrivate 1 %main
%dv = OpExtInst %void %ext DebugLocalVariable %vname %tint %src 2 1 %dmain FlagIsLocal
%main = OpFunction %void None %fn
%entry = OpLabel
%sum = OpIAdd %int %int_1 %int_2
%val = OpExtInst %void %ext DebugValue %dv %sum %expr
OpStore %iout %sum
OpReturn
OpFunctionEnd
`
	check(t, src, lines(
		"CHECK-NOT: OpName %sum",
		"CHECK: [[three:%[a-z_0-9]+]] = OpConstant %int 3",
		"CHECK: DebugValue {{%[a-z_0-9]+}} [[three]] {{%[a-z_0-9]+}}",
		"CHECK: OpStore %iout [[three]]",
	), "ccp")
}

func TestCCPNewConstantIsAChange(t *testing.T) {
	// Folding declares 3 even though the sum's only use is dead code
	// nothing replaces; the pass reports the change (spirv-opt's fix for
	// its issue 3636: a new constant is a change).
	m, _ := runFlags(t, simp("%sum = OpIAdd %int %int_1 %int_2\n"), "compact-ids")
	passes, err := Passes([]string{"ccp"})
	if err != nil {
		t.Fatal(err)
	}
	c := newContext(m, Options{})
	changed, err := passes[0].Run(c)
	if err != nil || !changed {
		t.Fatalf("ccp reported changed=%v, err=%v; want a change", changed, err)
	}
}

func BenchmarkCCP(b *testing.B) { benchPass(b, "ccp") }
