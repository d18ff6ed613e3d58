package opt

import (
	"strings"
	"testing"

	"github.com/hlsl2spirv/hlsl2spirv/builder"
)

// simpTypes declares what the folding tests use; the functions store
// their results to %out so they stay.
const simpTypes = `OpCapability Shader
%glsl = OpExtInstImport "GLSL.std.450"
OpMemoryModel Logical GLSL450
OpEntryPoint Fragment %main "main" %in %out %iout
OpExecutionMode %main OriginUpperLeft
OpDecorate %in Location 0
OpDecorate %out Location 0
OpDecorate %iout Location 1
%void = OpTypeVoid
%fn = OpTypeFunction %void
%bool = OpTypeBool
%true = OpConstantTrue %bool
%false = OpConstantFalse %bool
%int = OpTypeInt 32 1
%uint = OpTypeInt 32 0
%float = OpTypeFloat 32
%v2float = OpTypeVector %float 2
%v4float = OpTypeVector %float 4
%v2int = OpTypeVector %int 2
%int_0 = OpConstant %int 0
%int_1 = OpConstant %int 1
%int_2 = OpConstant %int 2
%int_3 = OpConstant %int 3
%int_n7 = OpConstant %int -7
%uint_5 = OpConstant %uint 5
%float_0 = OpConstant %float 0
%float_1 = OpConstant %float 1
%float_2 = OpConstant %float 2
%float_3 = OpConstant %float 3
%v4one = OpConstantComposite %v4float %float_1 %float_1 %float_1 %float_1
%v2i12 = OpConstantComposite %v2int %int_1 %int_2
%_ptr_Input_v4float = OpTypePointer Input %v4float
%_ptr_Output_v4float = OpTypePointer Output %v4float
%_ptr_Output_int = OpTypePointer Output %int
%_ptr_Function_v4float = OpTypePointer Function %v4float
%in = OpVariable %_ptr_Input_v4float Input
%out = OpVariable %_ptr_Output_v4float Output
%iout = OpVariable %_ptr_Output_int Output
`

func simp(body string) string {
	return simpTypes + "%main = OpFunction %void None %fn\n%entry = OpLabel\n" + body + "OpReturn\nOpFunctionEnd\n"
}

const simplify = "simplify-instructions"

func TestSimplifyIntegerConstants(t *testing.T) {
	src := simp(`%a = OpIAdd %int %int_2 %int_3
%b = OpIMul %int %a %int_n7
%c = OpSDiv %int %b %int_2
%d = OpSMod %int %int_n7 %int_3
%e = OpShiftLeftLogical %int %d %int_2
%f = OpBitwiseXor %int %e %c
%g = OpSLessThan %bool %f %int_0
%h = OpSelect %int %g %f %int_1
OpStore %iout %h
%v = OpIAdd %v2int %v2i12 %v2i12
%w = OpCompositeExtract %int %v 1
OpStore %iout %w
`)
	// 2+3=5; 5*-7=-35; -35/2=-17; -7 smod 3 = 2; 2<<2=8; 8^-17=-25; -25<0.
	checkValid(t, src, lines(
		"CHECK: %int_n25 = OpConstant %int -25",
		"CHECK: %entry = OpLabel",
		"CHECK-NEXT: OpStore %iout %int_n25",
		"CHECK-NEXT: OpStore %iout %int_4",
		"CHECK-NEXT: OpReturn",
	), simplify)
}

func TestSimplifyFloatConstantsAndNoContraction(t *testing.T) {
	src := simp(`%a = OpFAdd %float %float_1 %float_2
%b = OpFMul %float %a %float_3
%c = OpFDiv %float %b %float_0
%v = OpCompositeConstruct %v4float %a %b %float_0 %float_1
OpStore %out %v
%n = OpFNegate %float %c
%m = OpCompositeConstruct %v4float %n %n %n %n
OpStore %out %m
%x = OpFMul %float %float_2 %float_2
%y = OpCompositeConstruct %v4float %x %x %x %x
OpStore %out %y
`)
	src = strings.Replace(src, "OpDecorate %iout Location 1\n", "OpDecorate %iout Location 1\nOpDecorate %x NoContraction\n", 1)
	// 1+2=3, *3=9, 9/0=+inf, -inf; the NoContraction product stays.
	checkValid(t, src, lines(
		"CHECK-DAG: %float_9 = OpConstant %float 9",
		"CHECK-DAG: [[v:%[0-9]+]] = OpConstantComposite %v4float %float_3 %float_9 %float_0 %float_1",
		"CHECK-DAG: %float_n0x1p_128 = OpConstant %float -0x1p+128",
		"CHECK-DAG: [[m:%[0-9]+]] = OpConstantComposite %v4float %float_n0x1p_128 %float_n0x1p_128 %float_n0x1p_128 %float_n0x1p_128",
		"CHECK: %entry = OpLabel",
		"CHECK-NEXT: OpStore %out [[v]]",
		"CHECK-NEXT: OpStore %out [[m]]",
		"CHECK-NEXT: %x = OpFMul %float %float_2 %float_2",
	), simplify)
}

func TestSimplifyIdentities(t *testing.T) {
	src := simp(`%x = OpLoad %v4float %in
%s = OpCompositeExtract %float %x 0
%a = OpFAdd %float %s %float_0
%b = OpFMul %float %a %float_1
%c = OpFDiv %float %b %float_1
%d = OpFSub %float %float_0 %c
%e = OpFNegate %float %d
%i = OpConvertFToS %int %e
%j = OpIMul %int %i %int_1
%k = OpIAdd %int %int_0 %j
%l = OpBitwiseOr %int %k %int_0
OpStore %iout %l
%p = OpFMul %float %s %float_2
%q = OpFMul %float %p %float_3
%r = OpCompositeConstruct %v4float %q %q %q %q
OpStore %out %r
`)
	// x+0, *1, /1 vanish; 0-x is -x and -(-x) is x; i*1, 0+i, i|0 are i;
	// (s*2)*3 is s*6.
	checkValid(t, src, lines(
		"CHECK: %s = OpCompositeExtract %float %x 0",
		"CHECK-NEXT: %d = OpFNegate %float %s",
		"CHECK-NEXT: %i = OpConvertFToS %int %s",
		"CHECK-NEXT: OpStore %iout %i",
		"CHECK-NEXT: %p = OpFMul %float %s %float_2",
		"CHECK-NEXT: %q = OpFMul %float %s %float_6",
	), simplify)
}

func TestSimplifyComposites(t *testing.T) {
	src := simp(`%x = OpLoad %v4float %in
%s0 = OpCompositeExtract %float %x 0
%s1 = OpCompositeExtract %float %x 1
%s2 = OpCompositeExtract %float %x 2
%s3 = OpCompositeExtract %float %x 3
%re = OpCompositeConstruct %v4float %s0 %s1 %s2 %s3
OpStore %out %re
%ins = OpCompositeInsert %v4float %float_2 %x 1
%e1 = OpCompositeExtract %float %ins 1
%e2 = OpCompositeExtract %float %ins 2
%sh = OpVectorShuffle %v4float %x %v4one 4 1 6 3
%e3 = OpCompositeExtract %float %sh 1
%e4 = OpCompositeExtract %float %sh 2
%c2 = OpCompositeConstruct %v2float %e1 %e2
%c4 = OpCompositeConstruct %v4float %c2 %e3 %e4
%e5 = OpCompositeExtract %float %c4 1
%v = OpCompositeConstruct %v4float %e5 %e5 %e5 %e5
OpStore %out %v
%sh2 = OpVectorShuffle %v4float %sh %x 1 3 5 4
OpStore %out %sh2
`)
	// The construct of x's own elements is x; extracts of the insert,
	// the shuffle and the constructs go to their sources; a shuffle of a
	// shuffle takes from the first's sources when they are one vector.
	// (What is left unused stays for dead-code elimination.)
	checkValid(t, src, lines(
		"CHECK: %s3 = OpCompositeExtract %float %x 3",
		"CHECK-NEXT: OpStore %out %x",
		"CHECK-NEXT: %ins = OpCompositeInsert %v4float %float_2 %x 1",
		"CHECK-NEXT: %e2 = OpCompositeExtract %float %x 2",
		"CHECK-NEXT: %sh = OpVectorShuffle %v4float %x {{%[0-9]+}} 4 1 6 3",
		"CHECK-NEXT: %e3 = OpCompositeExtract %float %x 1",
		"CHECK-NEXT: %c2 = OpCompositeConstruct %v2float %float_2 %e2",
		"CHECK-NEXT: %c4 = OpCompositeConstruct %v4float %c2 %e3 %float_1",
		"CHECK-NEXT: %v = OpCompositeConstruct %v4float %e2 %e2 %e2 %e2",
		"CHECK-NEXT: OpStore %out %v",
		"CHECK-NEXT: %sh2 = OpVectorShuffle %v4float %x %x 1 3 5 4",
		"CHECK-NEXT: OpStore %out %sh2",
	), simplify)
}

func TestSimplifySelectsPhisAndStores(t *testing.T) {
	src := simpTypes + `%undef = OpUndef %v4float
%main = OpFunction %void None %fn
%entry = OpLabel
%v = OpVariable %_ptr_Function_v4float Function
OpStore %v %undef
%x = OpLoad %v4float %in
%s = OpCompositeExtract %float %x 0
%c = OpFOrdLessThan %bool %s %float_1
%n = OpLogicalNot %bool %c
%sel = OpSelect %bool %n %false %true
%nn = OpLogicalNot %bool %sel
%t = OpSelect %v4float %true %x %v4one
OpSelectionMerge %m None
OpBranchConditional %nn %a %m
%a = OpLabel
OpBranch %m
%m = OpLabel
%p = OpPhi %v4float %t %entry %x %a
OpStore %out %p
OpReturn
OpFunctionEnd
`
	// !c ? false : true is !!c, that is c, so its negation is !c (not
	// the opposite comparison: c has another use); the select on true is
	// x; the phi of x twice is x; the store of OpUndef goes.
	checkValid(t, src, lines(
		"CHECK: %entry = OpLabel",
		"CHECK-NEXT: %v = OpVariable",
		"CHECK-NEXT: %x = OpLoad %v4float %in",
		"CHECK-NEXT: %s = OpCompositeExtract %float %x 0",
		"CHECK-NEXT: %c = OpFOrdLessThan %bool %s %float_1",
		"CHECK-NEXT: %n = OpLogicalNot %bool %c",
		"CHECK-NEXT: %nn = OpLogicalNot %bool %c",
		"CHECK-NEXT: OpSelectionMerge %m None",
		"CHECK-NEXT: OpBranchConditional %nn %a %m",
		"CHECK: %m = OpLabel",
		"CHECK-NEXT: OpStore %out %x",
	), simplify)
}

func TestSimplifyGLSLConstants(t *testing.T) {
	src := simp(`%a = OpExtInst %float %glsl FClamp %float_3 %float_0 %float_2
%b = OpExtInst %float %glsl FMax %a %float_1
%c = OpExtInst %float %glsl Sqrt %float_0
%d = OpExtInst %float %glsl FMix %float_0 %float_2 %float_1
%v = OpCompositeConstruct %v4float %a %b %c %d
OpStore %out %v
%x = OpLoad %v4float %in
%y = OpExtInst %v4float %glsl FMix %x %v4one %v4zero
OpStore %out %y
`)
	src = strings.Replace(src, "%v2i12 = ", "%v4zero = OpConstantNull %v4float\n%v2i12 = ", 1)
	checkValid(t, src, lines(
		"CHECK: [[v:%[0-9]+]] = OpConstantComposite %v4float %float_2 %float_2 %float_0 %float_2",
		"CHECK: %entry = OpLabel",
		"CHECK-NEXT: OpStore %out [[v]]",
		"CHECK-NEXT: %x = OpLoad %v4float %in",
		"CHECK-NEXT: OpStore %out %x",
	), simplify)
}

func TestSimplifyInsertsToConstructAndLoadExtract(t *testing.T) {
	src := strings.Replace(simpTypes, "%in = OpVariable", `%S = OpTypeStruct %v4float %float
%_ptr_Uniform_S = OpTypePointer Uniform %S
%buf = OpVariable %_ptr_Uniform_S Uniform
%in = OpVariable`, 1)
	src = strings.Replace(src, "OpDecorate %iout Location 1\n", `OpDecorate %iout Location 1
OpDecorate %S Block
OpMemberDecorate %S 0 Offset 0
OpMemberDecorate %S 1 Offset 16
OpDecorate %buf DescriptorSet 0
OpDecorate %buf Binding 0
`, 1)
	src += `%main = OpFunction %void None %fn
%entry = OpLabel
%x = OpLoad %v4float %in
%s = OpCompositeExtract %float %x 2
%u = OpUndef %v4float
%i0 = OpCompositeInsert %v4float %s %u 0
%i1 = OpCompositeInsert %v4float %s %i0 1
%i2 = OpCompositeInsert %v4float %float_1 %i1 2
%i3 = OpCompositeInsert %v4float %s %i2 3
OpStore %out %i3
%l = OpLoad %S %buf
%f = OpCompositeExtract %float %l 1
%fv = OpCompositeConstruct %v4float %f %f %f %f
OpStore %out %fv
OpReturn
OpFunctionEnd
`
	// Inserts setting every component are a construct; an extract from a
	// loaded Uniform block loads the member through an access chain.
	check(t, src, lines(
		"CHECK: %s = OpCompositeExtract %float %x 2",
		"CHECK: [[c:%[0-9]+]] = OpCompositeConstruct %v4float %s %s %float_1 %s",
		"CHECK-NEXT: OpStore %out [[c]]",
		"CHECK: [[p:%[0-9]+]] = OpAccessChain %_ptr_Uniform_float %buf %uint_1",
		"CHECK-NEXT: [[m:%[0-9]+]] = OpLoad %float [[p]]",
		"CHECK: %fv = OpCompositeConstruct %v4float [[m]] [[m]] [[m]] [[m]]",
	), simplify)
}

func TestFoldToConstantWithKnownOperands(t *testing.T) {
	// The API loop unrolling and CCP use: operands read through a map.
	m, _ := runFlags(t, simp(`%x = OpLoad %v4float %in
%s = OpCompositeExtract %float %x 0
%i = OpConvertFToS %int %s
%a = OpIAdd %int %i %int_3
%lt = OpSLessThan %bool %a %int_2
OpStore %iout %a
`))
	c := newContext(m, Options{})
	var add, lt *builder.Inst
	for _, in := range m.Functions[0].Blocks[0].Insts {
		switch in.Op.String() {
		case "OpIAdd":
			add = in
		case "OpSLessThan":
			lt = in
		}
	}
	i := add.Operands[0].ID()
	known := func(id builder.ID) builder.ID {
		if id == i {
			return c.B.ConstInt32(-1)
		}
		return id
	}
	sum := c.FoldToConstant(add, known)
	if v, ok := c.B.ConstantValue(sum); !ok || int32(v) != 2 {
		t.Fatalf("-1 + 3 folded to %%%d (%d, %v)", sum, int32(v), ok)
	}
	less := c.FoldToConstant(lt, func(id builder.ID) builder.ID {
		if id == add.Result {
			return sum
		}
		return id
	})
	if d := c.Def(less); d == nil || d.Op.String() != "OpConstantFalse" {
		t.Fatalf("2 < 2 folded to %v", d)
	}
	if add.Op.String() != "OpIAdd" {
		t.Errorf("FoldToConstant changed the instruction: %v", add)
	}
	// Unknown operands give 0.
	if id := c.FoldToConstant(add, nil); id != 0 {
		t.Errorf("folded with an unknown operand: %%%d", id)
	}
}

func BenchmarkSimplifyInstructions(b *testing.B) { benchPass(b, "simplify-instructions") }

func TestSimplifyMergeArithmetic(t *testing.T) {
	src := simp(`%x = OpLoad %v4float %in
%s = OpCompositeExtract %float %x 0
%i = OpConvertFToS %int %s
%a = OpIAdd %int %i %int_2
%b = OpIAdd %int %a %int_3
%c = OpISub %int %b %int_1
%d = OpSNegate %int %c
%55 = OpSLessThan %bool %d %int_0
%nlt = OpLogicalNot %bool %55
%r = OpSelect %int %nlt %d %int_1
OpStore %iout %r
%m = OpSMod %int %int_3 %int_n1
%q = OpSMod %int %int_2 %int_n7
%z = OpIAdd %int %m %q
OpStore %iout %z
`)
	src = strings.Replace(src, "%int_n7 = ", "%int_n1 = OpConstant %int -1\n%int_n7 = ", 1)
	// ((i+2)+3)-1 is i+4; -(i+4) is -4-i; !(x<0) with no other use (a
	// name is a use: %55 has none) is x>=0. SMod(3, -1) is 0 and
	// SMod(2, -7) is -5.
	checkValid(t, src, lines(
		"CHECK: %i = OpConvertFToS %int %s",
		"CHECK-NEXT: %a = OpIAdd %int %i %int_2",
		"CHECK-NEXT: %b = OpIAdd %int %i %int_5",
		"CHECK-NEXT: %c = OpIAdd %int %i %int_4",
		"CHECK-NEXT: %d = OpISub %int %int_n4 %i",
		"CHECK-NEXT: OpSLessThan %bool %d %int_0",
		"CHECK-NEXT: %nlt = OpSGreaterThanEqual %bool %d %int_0",
		"CHECK-NEXT: %r = OpSelect %int %nlt %d %int_1",
		"CHECK-NEXT: OpStore %iout %r",
		"CHECK-NEXT: OpStore %iout %int_n5",
	), simplify)
}
