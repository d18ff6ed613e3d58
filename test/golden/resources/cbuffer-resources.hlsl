// Resources declared inside a cbuffer are resources of their own, bound
// before the block (Vulkan blocks cannot hold opaque types); a cbuffer of
// resources only has no block at all, as with DXC.
// RUN: %hlsl2spirv -T ps_6_0 -E main %s | FileCheck %s

// CHECK-NOT: OpDecorate %onlyResources
// CHECK: OpDecorate %tex DescriptorSet 0
// CHECK-NEXT: OpDecorate %tex Binding 0
// CHECK-NEXT: OpDecorate %smp DescriptorSet 0
// CHECK-NEXT: OpDecorate %smp Binding 1
// CHECK-NEXT: OpDecorate %params DescriptorSet 0
// CHECK-NEXT: OpDecorate %params Binding 2
// CHECK: %type_params = OpTypeStruct %v4float
// CHECK-NOT: %type_onlyResources

cbuffer params {
  float4 tint;
  Texture2D tex;
  SamplerState smp;
};

cbuffer onlyResources {
  SamplerState other;
};

float4 main(float2 uv : UV) : SV_Target {
  return tint * tex.Sample(smp, uv) + tex.Sample(other, uv);
}
