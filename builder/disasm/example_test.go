package disasm_test

import (
	"fmt"

	bt "github.com/hlsl2spirv/hlsl2spirv/builder/binary/binarytest"
	"github.com/hlsl2spirv/hlsl2spirv/builder/disasm"
	"github.com/hlsl2spirv/hlsl2spirv/builder/spv"
)

func ExampleDisassemble() {
	words := bt.Module(
		bt.Inst(spv.OpCapability, uint32(spv.CapabilityShader)),
		bt.Inst(spv.OpMemoryModel, uint32(spv.AddressingModelLogical), uint32(spv.MemoryModelGLSL450)),
		bt.Inst(spv.OpName, bt.Cat([]uint32{5}, bt.String("in.var.TEXCOORD0"))...),
		bt.Inst(spv.OpTypeFloat, 1, 32),
		bt.Inst(spv.OpTypeVector, 2, 1, 4),
		bt.Inst(spv.OpTypePointer, 3, uint32(spv.StorageClassInput), 2),
		bt.Inst(spv.OpConstant, 1, 4, 0x3f000000),
		bt.Inst(spv.OpVariable, 3, 5, uint32(spv.StorageClassInput)),
	)
	text, err := disasm.Disassemble(words)
	if err != nil {
		panic(err)
	}
	fmt.Print(text)
	// Output:
	// ; SPIR-V
	// ; Version: 1.5
	// ; Generator: Khronos SPIR-V Tools Assembler; 0
	// ; Bound: 1000
	// ; Schema: 0
	//                OpCapability Shader
	//                OpMemoryModel Logical GLSL450
	//                OpName %in_var_TEXCOORD0 "in.var.TEXCOORD0"
	//       %float = OpTypeFloat 32
	//     %v4float = OpTypeVector %float 4
	// %_ptr_Input_v4float = OpTypePointer Input %v4float
	//   %float_0_5 = OpConstant %float 0.5
	// %in_var_TEXCOORD0 = OpVariable %_ptr_Input_v4float Input
}
