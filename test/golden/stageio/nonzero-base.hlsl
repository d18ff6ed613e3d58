// -fvk-support-nonzero-base-instance makes SV_InstanceID count from the
// draw's first instance, as in Direct3D: InstanceIndex - BaseInstance.
// RUN: %hlsl2spirv -T vs_6_0 -E main -fvk-support-nonzero-base-instance %s | FileCheck %s

// CHECK: OpCapability DrawParameters
// CHECK: OpExtension "SPV_KHR_shader_draw_parameters"
// CHECK: OpEntryPoint Vertex %main "main" %gl_InstanceIndex [[base:%[a-zA-Z0-9_]+]]
// CHECK: OpDecorate [[base]] BuiltIn BaseInstance
// CHECK: [[i:%[0-9]+]] = OpLoad %uint %gl_InstanceIndex
// CHECK-NEXT: [[b:%[0-9]+]] = OpLoad %uint [[base]]
// CHECK-NEXT: {{%[0-9]+}} = OpISub %uint [[i]] [[b]]

float4 main(uint id : SV_InstanceID) : SV_Position {
  return float4(id, 0, 0, 1);
}
