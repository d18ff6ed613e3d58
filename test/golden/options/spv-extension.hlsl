// -fspv-extension names the SPIR-V extensions the output may use: an
// unknown name is an error listing the known ones, and "KHR" stands for
// every SPV_KHR_ extension, as in DXC. A stage variable whose built-in
// needs an extension the list leaves out is an error at its semantic.
// RUN: not %hlsl2spirv -T vs_6_1 -E main -fspv-extension=SPV_KHR_made_up %s 2>&1 | FileCheck %s --check-prefix=UNKNOWN
// RUN: %hlsl2spirv -T vs_6_1 -E main -fspv-extension=KHR %s | FileCheck %s
// RUN: %hlsl2spirv -T vs_6_1 -E main -fspv-extension=SPV_KHR_multiview -fspv-extension=SPV_KHR_shader_draw_parameters %s | FileCheck %s
// RUN: not %hlsl2spirv -T vs_6_1 -E main -fspv-extension=SPV_KHR_shader_draw_parameters %s 2>&1 | FileCheck %s --check-prefix=FORBID

// FORBID: spv-extension.hlsl:24:25: error: SPIR-V extension 'SPV_KHR_multiview' required for SV_ViewID but not permitted to use

// UNKNOWN: error: unknown SPIR-V extension 'SPV_KHR_made_up'
// UNKNOWN-NEXT: note: known extensions are
// UNKNOWN-NEXT: * KHR
// UNKNOWN: * SPV_KHR_multiview
// UNKNOWN: * SPV_NV_ray_tracing

// CHECK-DAG: OpCapability MultiView
// CHECK-DAG: OpCapability DrawParameters
// CHECK-DAG: OpExtension "SPV_KHR_multiview"
// CHECK-DAG: OpExtension "SPV_KHR_shader_draw_parameters"
// CHECK-DAG: OpDecorate {{%[0-9]+}} BuiltIn ViewIndex
// CHECK-DAG: OpDecorate {{%[0-9]+}} BuiltIn DrawIndex
float4 main(uint view : SV_ViewID, [[vk::builtin("DrawIndex")]] uint draw : DRAW) : SV_Position {
  return float4(view, draw, 0, 1);
}
