// GetSamplePosition answers from Direct3D's standard sample patterns,
// picked by the texture's sample count (Vulkan cannot query positions).
// RUN: %hlsl2spirv -fcgl -T ps_6_0 -E main %s | FileCheck %s
// RUN: %hlsl2spirv -T ps_6_0 -E main %s

// CHECK: [[p4:%[0-9]+]] = OpConstantComposite %v2float %float_n0_125 %float_n0_375
// CHECK: [[count:%[0-9]+]] = OpImageQuerySamples %uint {{%[0-9]+}}
// CHECK: [[is4:%[0-9]+]] = OpIEqual %bool [[count]] %uint_4
// CHECK: OpStore %var_GetSamplePosition_result

Texture2DMS<float4> ms : register(t0);

float4 main(nointerpolation int s : SAMPLE) : SV_Target {
  return float4(ms.GetSamplePosition(s), 0, 1);
}
