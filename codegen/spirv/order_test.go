package spirv

import (
	"testing"

	"github.com/hlsl2spirv/hlsl2spirv/builder"
)

// finish writes the globals in the order DXC creates them: constants in
// creation order, each after the types it needs; then the types of the
// global variables and of the functions, in the order met; the variables
// last. Names follow their targets; decorations the emitter made keep
// their order, the flags' decorations (flagged) follow it, by where their
// instruction is.
func TestFinishOrdersGlobals(t *testing.T) {
	checkPass(t, `OpCapability Shader
OpMemoryModel Logical GLSL450
OpEntryPoint Fragment %main "main" %out
OpExecutionMode %main OriginUpperLeft
OpName %main "main"
OpName %out "out"
OpName %sum "sum"
OpName %int_1 "int_1"
OpDecorate %sum RelaxedPrecision
OpDecorate %out Location 0
%void = OpTypeVoid
%fn = OpTypeFunction %void
%float = OpTypeFloat 32
%_ptr_Output_float = OpTypePointer Output %float
%out = OpVariable %_ptr_Output_float Output
%int = OpTypeInt 32 1
%int_1 = OpConstant %int 1
%float_2 = OpConstant %float 2
%main = OpFunction %void None %fn
%entry = OpLabel
%sum = OpFAdd %float %float_2 %float_2
OpStore %out %sum
OpReturn
OpFunctionEnd
`, func(b *builder.ModuleBuilder) {
		flagged := map[*builder.Inst]bool{b.M.Annotations[0]: true}
		finish(b.M, flagged)
	}, `
CHECK: OpName %int_1 "int_1"
CHECK-NEXT: OpName %out "out"
CHECK-NEXT: OpName %main "main"
CHECK-NEXT: OpName %sum "sum"
CHECK-NEXT: OpDecorate %out Location 0
CHECK-NEXT: OpDecorate %sum RelaxedPrecision
CHECK-NEXT: %int = OpTypeInt 32 1
CHECK-NEXT: %int_1 = OpConstant %int 1
CHECK-NEXT: %float = OpTypeFloat 32
CHECK-NEXT: %float_2 = OpConstant %float 2
CHECK-NEXT: %_ptr_Output_float = OpTypePointer Output %float
CHECK-NEXT: %void = OpTypeVoid
CHECK-NEXT: %{{[0-9]+}} = OpTypeFunction %void
CHECK-NEXT: %out = OpVariable %_ptr_Output_float Output
CHECK-NEXT: %main = OpFunction
`)
}

// A type's decorations are written when the type is, after the
// decorations the emitter made; a struct is named before the types of its
// members, as DXC names a type when it starts writing it.
func TestFinishTypeDecorationsAndStructNames(t *testing.T) {
	checkPass(t, `OpCapability Shader
OpMemoryModel Logical GLSL450
OpEntryPoint GLCompute %main "main"
OpExecutionMode %main LocalSize 1 1 1
OpName %inner "Inner"
OpName %outer "Outer"
OpName %buf "buf"
OpName %main "main"
OpDecorate %arr ArrayStride 16
OpMemberDecorate %outer 0 Offset 0
OpMemberDecorate %inner 0 Offset 0
OpDecorate %outer Block
OpDecorate %buf DescriptorSet 0
OpDecorate %buf Binding 0
%void = OpTypeVoid
%fn = OpTypeFunction %void
%float = OpTypeFloat 32
%uint = OpTypeInt 32 0
%uint_4 = OpConstant %uint 4
%inner = OpTypeStruct %float
%arr = OpTypeArray %inner %uint_4
%outer = OpTypeStruct %arr
%_ptr_Uniform_outer = OpTypePointer Uniform %outer
%buf = OpVariable %_ptr_Uniform_outer Uniform
%main = OpFunction %void None %fn
%entry = OpLabel
OpReturn
OpFunctionEnd
`, func(b *builder.ModuleBuilder) { finish(b.M, nil) }, `
CHECK: OpName %Outer "Outer"
CHECK-NEXT: OpName %Inner "Inner"
CHECK-NEXT: OpName %buf "buf"
CHECK-NEXT: OpName %main "main"
CHECK-NEXT: OpDecorate %buf DescriptorSet 0
CHECK-NEXT: OpDecorate %buf Binding 0
CHECK-NEXT: OpMemberDecorate %Inner 0 Offset 0
CHECK-NEXT: OpDecorate %_arr_Inner_uint_4 ArrayStride 16
CHECK-NEXT: OpMemberDecorate %Outer 0 Offset 0
CHECK-NEXT: OpDecorate %Outer Block
CHECK-NEXT: %uint = OpTypeInt 32 0
CHECK-NEXT: %uint_4 = OpConstant %uint 4
CHECK-NEXT: %float = OpTypeFloat 32
CHECK-NEXT: %Inner = OpTypeStruct %float
CHECK-NEXT: %_arr_Inner_uint_4 = OpTypeArray %Inner %uint_4
CHECK-NEXT: %Outer = OpTypeStruct %_arr_Inner_uint_4
CHECK-NEXT: %_ptr_Uniform_Outer = OpTypePointer Uniform %Outer
CHECK-NEXT: %void = OpTypeVoid
`)
}
