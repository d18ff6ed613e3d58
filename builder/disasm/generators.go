package disasm

// generatorNames are the tools registered in the SPIR-V XML registry
// (spir-v.xml, <ids type="vendor">) as SPIRV-Tools v2023.1 knows them,
// printed as "<vendor> <tool>" (or the vendor alone) in the Generator header
// line. The index is the tool id, the high 16 bits of the generator word.
// TestGeneratorNamesMatchSpirvDis checks every entry (and the first unknown
// ids) against spirv-dis.
var generatorNames = [...]string{
	0:  "Khronos",
	1:  "LunarG",
	2:  "Valve",
	3:  "Codeplay",
	4:  "NVIDIA",
	5:  "ARM",
	6:  "Khronos LLVM/SPIR-V Translator",
	7:  "Khronos SPIR-V Tools Assembler",
	8:  "Khronos Glslang Reference Front End",
	9:  "Qualcomm",
	10: "AMD",
	11: "Intel",
	12: "Imagination",
	13: "Google Shaderc over Glslang",
	14: "Google spiregg",
	15: "Google rspirv",
	16: "X-LEGEND Mesa-IR/SPIR-V Translator",
	17: "Khronos SPIR-V Tools Linker",
	18: "Wine VKD3D Shader Compiler",
	19: "Tellusim Clay Shader Compiler",
	20: "W3C WebGPU Group WHLSL Shader Translator",
	21: "Google Clspv",
	22: "Google MLIR SPIR-V Serializer",
	23: "Google Tint Compiler",
	24: "Google ANGLE Shader Compiler",
	25: "Netease Games Messiah Shader Compiler",
	26: "Xenia Xenia Emulator Microcode Translator",
	27: "Embark Studios Rust GPU Compiler Backend",
	28: "gfx-rs community Naga",
	29: "Mikkosoft Productions MSP Shader Compiler",
	30: "SpvGenTwo community SpvGenTwo SPIR-V IR Tools",
	31: "Google Skia SkSL",
	32: "TornadoVM SPIRV Beehive Toolkit",
	33: "DragonJoker ShaderWriter",
	34: "Rayan Hatout SPIRVSmith",
	35: "Saarland University Shady",
	36: "Taichi Graphics Taichi",
}
