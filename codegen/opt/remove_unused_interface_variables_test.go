package opt

import "testing"

// interfaceModule is a fragment shader whose main reads %a and calls
// %helper, which writes %out and reads the private %p; %b is listed but
// unused, %u is a uniform. The entry point's interface is given.
func interfaceModule(version, iface string) string {
	return `; Version: ` + version + `
OpCapability Shader
OpMemoryModel Logical GLSL450
OpEntryPoint Fragment %main "main" ` + iface + `
OpExecutionMode %main OriginUpperLeft
OpDecorate %a Location 0
OpDecorate %b Location 1
OpDecorate %out Location 0
OpDecorate %S Block
OpMemberDecorate %S 0 Offset 0
OpDecorate %u DescriptorSet 0
OpDecorate %u Binding 0
%void = OpTypeVoid
%fn = OpTypeFunction %void
%float = OpTypeFloat 32
%int = OpTypeInt 32 1
%int_0 = OpConstant %int 0
%S = OpTypeStruct %float
%_ptr_Input_float = OpTypePointer Input %float
%_ptr_Output_float = OpTypePointer Output %float
%_ptr_Private_float = OpTypePointer Private %float
%_ptr_Uniform_S = OpTypePointer Uniform %S
%_ptr_Uniform_float = OpTypePointer Uniform %float
%a = OpVariable %_ptr_Input_float Input
%b = OpVariable %_ptr_Input_float Input
%out = OpVariable %_ptr_Output_float Output
%p = OpVariable %_ptr_Private_float Private
%u = OpVariable %_ptr_Uniform_S Uniform
%main = OpFunction %void None %fn
%entry = OpLabel
%x = OpLoad %float %a
%uc = OpAccessChain %_ptr_Uniform_float %u %int_0
%y = OpLoad %float %uc
%call = OpFunctionCall %void %helper
OpReturn
OpFunctionEnd
%helper = OpFunction %void None %fn
%hentry = OpLabel
%z = OpLoad %float %p
OpStore %out %z
OpReturn
OpFunctionEnd
`
}

func TestRemoveUnusedInterfaceVariables(t *testing.T) {
	const pass = "remove-unused-interface-variables"
	// SPIR-V 1.0: only inputs and outputs, in first-use order: %b goes,
	// the repeated %out appears once, and %out, used in the callee only,
	// stays after %a.
	checkValid(t, interfaceModule("1.0", "%out %b %a %out"),
		`CHECK: OpEntryPoint Fragment %main "main" %a %out{{$}}`+"\n", pass)
	// An interface that is already exact keeps its order.
	checkValid(t, interfaceModule("1.0", "%out %a"),
		`CHECK: OpEntryPoint Fragment %main "main" %out %a{{$}}`+"\n", pass)
	// SPIR-V 1.4: every global variable used is listed (the uniform and
	// the private one too), missing ones added.
	src := interfaceModule("1.4", "%a")
	checkValid(t, src, `CHECK: OpEntryPoint Fragment %main "main" %a %u %p %out{{$}}`+"\n", pass)
}

func BenchmarkRemoveUnusedInterfaceVariables(b *testing.B) {
	benchPass(b, "remove-unused-interface-variables")
}
