// XFAIL: node (work graph) shaders are not supported yet; DXC lowers GetRemainingRecursionLevels only there
// GetRemainingRecursionLevels() is a work graph intrinsic, not a ray
// tracing one: DXC reads it from an Input uint decorated BuiltIn
// RemainingRecursionLevelsAMDX (SPV_AMDX_shader_enqueue), in a node whose
// [NodeMaxRecursionDepth(N)] becomes the MaxNodeRecursionAMDX execution mode.
// RUN: %hlsl2spirv -T lib_6_8 -fspv-target-env=vulkan1.3 %s | FileCheck %s

// CHECK:      OpEntryPoint GLCompute [[node:%[0-9A-Za-z_]+]] "walk" [[rrl:%[0-9A-Za-z_]+]]
// CHECK:      OpExecutionModeId [[node]] MaxNodeRecursionAMDX [[depth:%[0-9A-Za-z_]+]]
// CHECK:      OpDecorate [[rrl]] BuiltIn RemainingRecursionLevelsAMDX
// CHECK:      [[depth]] = OpConstant %uint 4
// CHECK:      [[rrl]] = OpVariable %_ptr_Input_uint Input
// CHECK:      [[v:%[0-9]+]] = OpLoad %uint [[rrl]]

RWStructuredBuffer<uint> levels;

[Shader("node")]
[NodeLaunch("broadcasting")]
[NumThreads(1, 1, 1)]
[NodeDispatchGrid(1, 1, 1)]
[NodeMaxRecursionDepth(4)]
void walk() {
  levels[0] = GetRemainingRecursionLevels();
}
