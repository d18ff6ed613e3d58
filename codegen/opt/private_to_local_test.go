package opt

import "testing"

// privateSrc has three Private variables: g, used by main through an
// access chain; h, with an initializer, used by main; shared, used by main
// and other.
const privateSrc = `OpCapability Shader
OpMemoryModel Logical GLSL450
OpEntryPoint Fragment %main "main" %out
OpExecutionMode %main OriginUpperLeft
OpName %g "g"
OpName %h "h"
OpName %shared "shared"
OpDecorate %out Location 0
%void = OpTypeVoid
%fn = OpTypeFunction %void
%float = OpTypeFloat 32
%v4float = OpTypeVector %float 4
%int = OpTypeInt 32 1
%int_1 = OpConstant %int 1
%float_1 = OpConstant %float 1
%_ptr_Private_v4float = OpTypePointer Private %v4float
%_ptr_Private_float = OpTypePointer Private %float
%_ptr_Output_float = OpTypePointer Output %float
%out = OpVariable %_ptr_Output_float Output
%g = OpVariable %_ptr_Private_v4float Private
%h = OpVariable %_ptr_Private_float Private %float_1
%shared = OpVariable %_ptr_Private_float Private
%main = OpFunction %void None %fn
%entry = OpLabel
%p = OpAccessChain %_ptr_Private_float %g %int_1
OpStore %p %float_1
%l = OpLoad %float %p
%hl = OpLoad %float %h
%s = OpFAdd %float %l %hl
OpStore %shared %s
%r = OpFunctionCall %void %other
OpStore %out %s
OpReturn
OpFunctionEnd
%other = OpFunction %void None %fn
%oe = OpLabel
%sl = OpLoad %float %shared
OpReturn
OpFunctionEnd
`

func TestPrivateToLocal(t *testing.T) {
	checkValid(t, privateSrc, lines(
		// shared stays Private; the new pointer types come last.
		"CHECK-NOT: %g = OpVariable",
		"CHECK: %shared = OpVariable %_ptr_Private_float Private",
		"CHECK-NEXT: %_ptr_Function_v4float = OpTypePointer Function %v4float",
		"CHECK-NEXT: %_ptr_Function_float = OpTypePointer Function %float",
		"CHECK: %main = OpFunction",
		"CHECK-NEXT: %entry = OpLabel",
		// Moved variables go to the top, the last moved first.
		"CHECK-NEXT: %h = OpVariable %_ptr_Function_float Function %float_1",
		"CHECK-NEXT: %g = OpVariable %_ptr_Function_v4float Function",
		"CHECK-NEXT: %p = OpAccessChain %_ptr_Function_float %g %int_1",
	), "private-to-local")
}

func TestPrivateToLocalInterface(t *testing.T) {
	// From SPIR-V 1.4 the entry point lists the Private variables it uses:
	// a moved one leaves the list.
	src := `OpCapability Shader
OpMemoryModel Logical GLSL450
OpEntryPoint GLCompute %main "main" %g %keep
OpExecutionMode %main LocalSize 1 1 1
OpName %g "g"
OpName %keep "keep"
%void = OpTypeVoid
%fn = OpTypeFunction %void
%float = OpTypeFloat 32
%float_1 = OpConstant %float 1
%_ptr_Private_float = OpTypePointer Private %float
%g = OpVariable %_ptr_Private_float Private
%keep = OpVariable %_ptr_Private_float Private
%fnp = OpTypeFunction %void %_ptr_Private_float
%main = OpFunction %void None %fn
%entry = OpLabel
OpStore %g %float_1
%r = OpFunctionCall %void %use %keep
OpReturn
OpFunctionEnd
%use = OpFunction %void None %fnp
%p = OpFunctionParameter %_ptr_Private_float
%ue = OpLabel
OpStore %p %float_1
OpReturn
OpFunctionEnd
`
	check(t, "; Version: 1.4\n"+src, lines(
		"CHECK: OpEntryPoint GLCompute %main \"main\" %keep",
		"CHECK: %g = OpVariable %_ptr_Function_float Function",
	), "private-to-local")
}

func TestPrivateToLocalLeavesAlone(t *testing.T) {
	// A variable stored as a value, passed to a call, or reached through an
	// OpInBoundsAccessChain stays Private.
	src := memHeader + `OpName %a "a"
OpName %b "b"
OpName %c "c"
` + memTypes + `%_ptr_Private_float = OpTypePointer Private %float
%_ptr_Private_v4float = OpTypePointer Private %v4float
%_ptr_Function__ptr_Private_float = OpTypePointer Function %_ptr_Private_float
%fnp = OpTypeFunction %void %_ptr_Private_float
%a = OpVariable %_ptr_Private_float Private
%b = OpVariable %_ptr_Private_float Private
%c = OpVariable %_ptr_Private_v4float Private
%main = OpFunction %void None %fn
%entry = OpLabel
%pv = OpVariable %_ptr_Function__ptr_Private_float Function
OpStore %pv %a
%r = OpFunctionCall %void %use %b
%p = OpInBoundsAccessChain %_ptr_Private_float %c %int_1
%x = OpLoad %float %p
OpStore %out %x
OpReturn
OpFunctionEnd
%use = OpFunction %void None %fnp
%pp = OpFunctionParameter %_ptr_Private_float
%ue = OpLabel
OpReturn
OpFunctionEnd
`
	check(t, src, lines(
		"CHECK: %a = OpVariable %_ptr_Private_float Private",
		"CHECK: %b = OpVariable %_ptr_Private_float Private",
		"CHECK: %c = OpVariable %_ptr_Private_v4float Private",
	), "private-to-local")
}

func TestPrivateToLocalDebugGlobal(t *testing.T) {
	// The variable's DebugGlobalVariable becomes a DebugLocalVariable,
	// declared after the entry block's variables.
	src := `OpCapability Shader
OpExtension "SPV_KHR_non_semantic_info"
%dbg = OpExtInstImport "NonSemantic.Shader.DebugInfo.100"
OpMemoryModel Logical GLSL450
OpEntryPoint GLCompute %main "main"
OpExecutionMode %main LocalSize 1 1 1
%file = OpString "a.hlsl"
%gname = OpString "g"
%tname = OpString "float"
%empty = OpString ""
OpName %g "g"
%void = OpTypeVoid
%fn = OpTypeFunction %void
%float = OpTypeFloat 32
%uint = OpTypeInt 32 0
%uint_0 = OpConstant %uint 0
%uint_1 = OpConstant %uint 1
%uint_3 = OpConstant %uint 3
%uint_5 = OpConstant %uint 5
%uint_8 = OpConstant %uint 8
%uint_32 = OpConstant %uint 32
%float_1 = OpConstant %float 1
%_ptr_Private_float = OpTypePointer Private %float
%g = OpVariable %_ptr_Private_float Private
%src = OpExtInst %void %dbg DebugSource %file
%cu = OpExtInst %void %dbg DebugCompilationUnit %uint_1 %uint_5 %src %uint_5
%tfloat = OpExtInst %void %dbg DebugTypeBasic %tname %uint_32 %uint_3 %uint_0
%dg = OpExtInst %void %dbg DebugGlobalVariable %gname %tfloat %src %uint_1 %uint_8 %cu %empty %g %uint_8
%main = OpFunction %void None %fn
%entry = OpLabel
OpStore %g %float_1
OpReturn
OpFunctionEnd
`
	checkValid(t, src, lines(
		"CHECK: [[dg:%[0-9]+]] = OpExtInst %void [[set:%[0-9]+]] DebugLocalVariable {{%[0-9]+ %[0-9]+ %[0-9]+}} %uint_1 %uint_8 {{%[0-9]+}} %uint_8",
		"CHECK: [[expr:%[0-9]+]] = OpExtInst %void [[set]] DebugExpression",
		"CHECK: %entry = OpLabel",
		"CHECK-NEXT: %g = OpVariable %_ptr_Function_float Function",
		"CHECK-NEXT: OpExtInst %void [[set]] DebugDeclare [[dg]] %g [[expr]]",
	), "private-to-local")
}
