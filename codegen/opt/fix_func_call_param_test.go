package opt

import (
	"fmt"
	"strings"
	"testing"
)

// callWithChains is DXC's -O0 code for `foo(buf[0].x, local.y)` where foo
// takes two inout parameters: both arguments are access chains (into a
// storage buffer and into a Function struct), which only variable pointers
// allow. A third argument is a variable already and a fourth an
// OpInBoundsAccessChain, which spirv-opt leaves alone.
const callWithChains = `OpCapability Shader
OpMemoryModel Logical GLSL450
OpEntryPoint GLCompute %main "main"
OpExecutionMode %main LocalSize 1 1 1
OpDecorate %buf DescriptorSet 0
OpDecorate %buf Binding 1
OpDecorate %rarr ArrayStride 16
OpMemberDecorate %rbuf 0 Offset 0
OpDecorate %rbuf Block
%void = OpTypeVoid
%fn = OpTypeFunction %void
%float = OpTypeFloat 32
%v4float = OpTypeVector %float 4
%int = OpTypeInt 32 1
%int_0 = OpConstant %int 0
%int_1 = OpConstant %int 1
%float_0 = OpConstant %float 0
%rarr = OpTypeRuntimeArray %v4float
%rbuf = OpTypeStruct %rarr
%_ptr_StorageBuffer_rbuf = OpTypePointer StorageBuffer %rbuf
%_ptr_StorageBuffer_float = OpTypePointer StorageBuffer %float
%Stru = OpTypeStruct %int %int
%_ptr_Function_Stru = OpTypePointer Function %Stru
%_ptr_Function_int = OpTypePointer Function %int
%_ptr_Function_float = OpTypePointer Function %float
%foo_t = OpTypeFunction %v4float %_ptr_Function_float %_ptr_Function_int %_ptr_Function_int %_ptr_Function_int
%buf = OpVariable %_ptr_StorageBuffer_rbuf StorageBuffer
%main = OpFunction %void None %fn
%entry = OpLabel
%stru = OpVariable %_ptr_Function_Stru Function
%plain = OpVariable %_ptr_Function_int Function
%x = OpAccessChain %_ptr_StorageBuffer_float %buf %int_0 %int_0 %int_0
%y = OpAccessChain %_ptr_Function_int %stru %int_1
%z = OpInBoundsAccessChain %_ptr_Function_int %stru %int_0
%r = OpFunctionCall %v4float %foo %x %y %plain %z
OpReturn
OpFunctionEnd
%foo = OpFunction %v4float None %foo_t
%f0 = OpFunctionParameter %_ptr_Function_float
%f1 = OpFunctionParameter %_ptr_Function_int
%f2 = OpFunctionParameter %_ptr_Function_int
%f3 = OpFunctionParameter %_ptr_Function_int
%fe = OpLabel
%v = OpLoad %int %f1
OpStore %f2 %v
OpStore %f3 %v
%w = OpCompositeConstruct %v4float %float_0 %float_0 %float_0 %float_0
OpReturnValue %w
OpFunctionEnd
`

func TestFixFuncCallParam(t *testing.T) {
	// The variable for the second argument goes above the first's; the
	// copies back come in reverse argument order.
	src := callWithChains
	check(t, named(src), `
; CHECK: %main = OpFunction
; CHECK-NEXT: %entry = OpLabel
; CHECK-NEXT: [[vy:%[0-9]+]] = OpVariable %_ptr_Function_int Function
; CHECK-NEXT: [[vx:%[0-9]+]] = OpVariable %_ptr_Function_float Function
; CHECK-NEXT: %stru = OpVariable
; CHECK-NEXT: %plain = OpVariable
; CHECK-NEXT: %x = OpAccessChain %_ptr_StorageBuffer_float
; CHECK-NEXT: %y = OpAccessChain %_ptr_Function_int %stru %int_1
; CHECK-NEXT: %z = OpInBoundsAccessChain
; CHECK-NEXT: [[lx:%[0-9]+]] = OpLoad %float %x
; CHECK-NEXT: OpStore [[vx]] [[lx]]
; CHECK-NEXT: [[ly:%[0-9]+]] = OpLoad %int %y
; CHECK-NEXT: OpStore [[vy]] [[ly]]
; CHECK-NEXT: %r = OpFunctionCall %v4float %foo [[vx]] [[vy]] %plain %z
; CHECK-NEXT: [[by:%[0-9]+]] = OpLoad %int [[vy]]
; CHECK-NEXT: OpStore %y [[by]]
; CHECK-NEXT: [[bx:%[0-9]+]] = OpLoad %float [[vx]]
; CHECK-NEXT: OpStore %x [[bx]]
; CHECK-NEXT: OpReturn
`, "fix-func-call-param")
	sameAsSpirvOpt(t, src, "fix-func-call-param")
}

// Two calls in a row, the second right after the first: the copies back
// of the first call come before the copies in of the second, and the
// second call's variable goes above the first's. The Function pointer
// type the variables need is made (the callee here takes the storage
// buffer pointer, so the output is only what spirv-opt makes of it).
func TestFixFuncCallParamTwoCalls(t *testing.T) {
	src := `OpCapability Shader
OpMemoryModel Logical GLSL450
OpEntryPoint GLCompute %main "main"
OpExecutionMode %main LocalSize 1 1 1
OpDecorate %buf DescriptorSet 0
OpDecorate %buf Binding 0
OpMemberDecorate %rbuf 0 Offset 0
OpDecorate %rbuf Block
%void = OpTypeVoid
%fn = OpTypeFunction %void
%float = OpTypeFloat 32
%int = OpTypeInt 32 1
%int_0 = OpConstant %int 0
%rbuf = OpTypeStruct %float
%_ptr_StorageBuffer_rbuf = OpTypePointer StorageBuffer %rbuf
%_ptr_StorageBuffer_float = OpTypePointer StorageBuffer %float
%bar_t = OpTypeFunction %void %_ptr_StorageBuffer_float
%buf = OpVariable %_ptr_StorageBuffer_rbuf StorageBuffer
%main = OpFunction %void None %fn
%entry = OpLabel
%a = OpAccessChain %_ptr_StorageBuffer_float %buf %int_0
%c1 = OpFunctionCall %void %bar %a
%c2 = OpFunctionCall %void %bar %a
OpReturn
OpFunctionEnd
%bar = OpFunction %void None %bar_t
%p = OpFunctionParameter %_ptr_StorageBuffer_float
%be = OpLabel
OpReturn
OpFunctionEnd
`
	check(t, named(src), `
; CHECK: [[fp:%[_a-zA-Z0-9]+]] = OpTypePointer Function %float
; CHECK: %entry = OpLabel
; CHECK-NEXT: [[v2:%[0-9]+]] = OpVariable [[fp]] Function
; CHECK-NEXT: [[v1:%[0-9]+]] = OpVariable [[fp]] Function
; CHECK-NEXT: %a = OpAccessChain
; CHECK-NEXT: [[l1:%[0-9]+]] = OpLoad %float %a
; CHECK-NEXT: OpStore [[v1]] [[l1]]
; CHECK-NEXT: %c1 = OpFunctionCall %void %bar [[v1]]
; CHECK-NEXT: [[b1:%[0-9]+]] = OpLoad %float [[v1]]
; CHECK-NEXT: OpStore %a [[b1]]
; CHECK-NEXT: [[l2:%[0-9]+]] = OpLoad %float %a
; CHECK-NEXT: OpStore [[v2]] [[l2]]
; CHECK-NEXT: %c2 = OpFunctionCall %void %bar [[v2]]
; CHECK-NEXT: [[b2:%[0-9]+]] = OpLoad %float [[v2]]
; CHECK-NEXT: OpStore %a [[b2]]
; CHECK-NEXT: OpReturn
`, "fix-func-call-param")
	sameAsSpirvOpt(t, src, "fix-func-call-param")
}

// A module of one function is left alone, whatever it holds (spirv-opt's
// shortcut), and so is a module whose calls take no access chains.
func TestFixFuncCallParamNothingToDo(t *testing.T) {
	one := `OpCapability Shader
OpMemoryModel Logical GLSL450
OpEntryPoint GLCompute %main "main"
OpExecutionMode %main LocalSize 1 1 1
%void = OpTypeVoid
%fn = OpTypeFunction %void
%main = OpFunction %void None %fn
%entry = OpLabel
OpReturn
OpFunctionEnd
`
	for _, src := range []string{one, callWithoutChains} {
		checkValidOnce(t, src, "CHECK-NOT: OpLoad", "fix-func-call-param")
	}
}

const callWithoutChains = `OpCapability Shader
OpMemoryModel Logical GLSL450
OpEntryPoint GLCompute %main "main"
OpExecutionMode %main LocalSize 1 1 1
%void = OpTypeVoid
%fn = OpTypeFunction %void
%int = OpTypeInt 32 1
%_ptr_Function_int = OpTypePointer Function %int
%g_t = OpTypeFunction %void %_ptr_Function_int
%main = OpFunction %void None %fn
%entry = OpLabel
%v = OpVariable %_ptr_Function_int Function
%c = OpFunctionCall %void %g %v
OpReturn
OpFunctionEnd
%g = OpFunction %void None %g_t
%p = OpFunctionParameter %_ptr_Function_int
%ge = OpLabel
OpReturn
OpFunctionEnd
`

// DXC runs the pass last, after spread-volatile-semantics, under
// -fspv-fix-func-call-arguments only.
func TestFixFuncCallParamInLegalization(t *testing.T) {
	with := LegalizationPipelineFlags(LegalizeOptions{FixFuncCallArguments: true})
	if n := len(with); n < 2 || with[n-1] != "fix-func-call-param" || with[n-2] != "spread-volatile-semantics" {
		t.Errorf("the legalization pipeline with FixFuncCallArguments ends %q", with[max(0, len(with)-3):])
	}
	for _, f := range LegalizationPipelineFlags(LegalizeOptions{}) {
		if f == "fix-func-call-param" {
			t.Error("fix-func-call-param runs without FixFuncCallArguments")
		}
	}
}

// callChainsModule has n calls, each passing an element of a Function
// array and a member of a storage buffer.
func callChainsModule(n int) string {
	var b strings.Builder
	b.WriteString(`OpCapability Shader
OpExtension "SPV_KHR_storage_buffer_storage_class"
OpMemoryModel Logical GLSL450
OpEntryPoint GLCompute %main "main"
OpExecutionMode %main LocalSize 1 1 1
OpDecorate %buf DescriptorSet 0
OpDecorate %buf Binding 0
OpMemberDecorate %rbuf 0 Offset 0
OpDecorate %rbuf Block
%void = OpTypeVoid
%fn = OpTypeFunction %void
%float = OpTypeFloat 32
%int = OpTypeInt 32 1
%int_0 = OpConstant %int 0
%int_8 = OpConstant %int 8
%arr = OpTypeArray %float %int_8
%rbuf = OpTypeStruct %float
%_ptr_StorageBuffer_rbuf = OpTypePointer StorageBuffer %rbuf
%_ptr_StorageBuffer_float = OpTypePointer StorageBuffer %float
%_ptr_Function_float = OpTypePointer Function %float
%_ptr_Function_arr = OpTypePointer Function %arr
%g_t = OpTypeFunction %void %_ptr_Function_float %_ptr_Function_float
%buf = OpVariable %_ptr_StorageBuffer_rbuf StorageBuffer
%main = OpFunction %void None %fn
%entry = OpLabel
%local = OpVariable %_ptr_Function_arr Function
`)
	for i := 0; i < n; i++ {
		fmt.Fprintf(&b, `%%a%[1]d = OpAccessChain %%_ptr_Function_float %%local %%int_0
%%s%[1]d = OpAccessChain %%_ptr_StorageBuffer_float %%buf %%int_0
%%c%[1]d = OpFunctionCall %%void %%g %%a%[1]d %%s%[1]d
`, i)
	}
	b.WriteString(`OpReturn
OpFunctionEnd
%g = OpFunction %void None %g_t
%p = OpFunctionParameter %_ptr_Function_float
%q = OpFunctionParameter %_ptr_Function_float
%ge = OpLabel
OpReturn
OpFunctionEnd
`)
	return b.String()
}

// Every call of the benchmark module is fixed.
func TestFixFuncCallParamBenchModule(t *testing.T) {
	checkValidOnce(t, callChainsModule(3), lines(
		"CHECK-COUNT-3: OpFunctionCall %void %g {{%[0-9]+}} {{%[0-9]+}}",
		"CHECK-NOT: OpFunctionCall %void %g %",
	), "fix-func-call-param")
}

func BenchmarkFixFuncCallParam(b *testing.B) {
	benchPassOver(b, callChainsModule, 200, "fix-func-call-param")
}
