package opt

import "testing"

func TestEliminateDeadConst(t *testing.T) {
	// %used stays; %unused goes with its name; the composite nobody uses
	// goes and so does %part, which only it used, while %shared, which
	// the function also uses, stays; the unused specialization constant
	// goes with its SpecId.
	src := `OpCapability Shader
OpMemoryModel Logical GLSL450
OpEntryPoint Fragment %main "main" %out
OpExecutionMode %main OriginUpperLeft
OpName %unused "unused"
OpDecorate %out Location 0
OpDecorate %spec SpecId 3
%void = OpTypeVoid
%fn = OpTypeFunction %void
%int = OpTypeInt 32 1
%v2int = OpTypeVector %int 2
%used = OpConstant %int 1
%unused = OpConstant %int 2
%part = OpConstant %int 3
%shared = OpConstant %int 4
%comp = OpConstantComposite %v2int %part %shared
%spec = OpSpecConstant %int 5
%_ptr_Output_int = OpTypePointer Output %int
%out = OpVariable %_ptr_Output_int Output
%main = OpFunction %void None %fn
%entry = OpLabel
%s = OpIAdd %int %used %shared
OpStore %out %s
OpReturn
OpFunctionEnd
`
	checkValid(t, src, lines(
		"CHECK-NOT: OpName %unused",
		"CHECK-NOT: SpecId",
		"CHECK: %int_1 = OpConstant %int 1",
		"CHECK-NOT: OpConstant %int 2",
		"CHECK-NOT: OpConstant %int 3",
		"CHECK: %int_4 = OpConstant %int 4",
		"CHECK-NOT: OpConstantComposite",
		"CHECK-NOT: OpSpecConstant",
		"CHECK: OpFunction",
	), "eliminate-dead-const")
}

func TestUnifyConst(t *testing.T) {
	// The second 1 becomes the first, so the second composite, made of it,
	// equals the first and becomes it too; the specialization constants
	// stay apart.
	src := `OpCapability Shader
OpMemoryModel Logical GLSL450
OpEntryPoint Fragment %main "main" %out
OpExecutionMode %main OriginUpperLeft
OpDecorate %out Location 0
OpDecorate %s1 SpecId 0
OpDecorate %s2 SpecId 1
%void = OpTypeVoid
%fn = OpTypeFunction %void
%int = OpTypeInt 32 1
%v2int = OpTypeVector %int 2
%a = OpConstant %int 1
%b = OpConstant %int 1
%va = OpConstantComposite %v2int %a %a
%vb = OpConstantComposite %v2int %b %b
%s1 = OpSpecConstant %int 7
%s2 = OpSpecConstant %int 7
%_ptr_Output_v2int = OpTypePointer Output %v2int
%out = OpVariable %_ptr_Output_v2int Output
%main = OpFunction %void None %fn
%entry = OpLabel
%x = OpIAdd %v2int %va %vb
%y = OpCompositeConstruct %v2int %s1 %s2
%z = OpIAdd %v2int %x %y
OpStore %out %z
OpReturn
OpFunctionEnd
`
	checkValid(t, src, lines(
		"CHECK: %int_1 = OpConstant %int 1",
		"CHECK-NOT: OpConstant %int 1",
		"CHECK: [[v:%[0-9]+]] = OpConstantComposite %v2int %int_1 %int_1",
		"CHECK-NOT: OpConstantComposite",
		"CHECK: [[s1:%[0-9]+]] = OpSpecConstant %int 7",
		"CHECK: [[s2:%[0-9]+]] = OpSpecConstant %int 7",
		"CHECK: %x = OpIAdd %v2int [[v]] [[v]]",
		"CHECK: %y = OpCompositeConstruct %v2int [[s1]] [[s2]]",
	), "unify-const")
}

func BenchmarkEliminateDeadConst(b *testing.B) { benchPass(b, "eliminate-dead-const") }
func BenchmarkUnifyConst(b *testing.B)         { benchPass(b, "unify-const") }
