// -auto-binding-space puts resources that name no space in that set;
// -fvk-auto-shift-bindings shifts implicit bindings by their class's
// -fvk-*-shift as well as explicit ones.
// RUN: %hlsl2spirv -T ps_6_0 -E main -auto-binding-space 3 %s | FileCheck %s
// RUN: %hlsl2spirv -T ps_6_0 -E main -fvk-t-shift 10 0 -fvk-s-shift 20 0 -fvk-auto-shift-bindings %s | FileCheck %s --check-prefix=SHIFT

// CHECK: OpDecorate %explicitTex DescriptorSet 3
// CHECK-NEXT: OpDecorate %explicitTex Binding 5
// CHECK: OpDecorate %tex DescriptorSet 3
// CHECK-NEXT: OpDecorate %tex Binding 0
// CHECK: OpDecorate %smp DescriptorSet 3
// CHECK-NEXT: OpDecorate %smp Binding 1

// SHIFT: OpDecorate %explicitTex Binding 15
// SHIFT: OpDecorate %tex Binding 10
// SHIFT: OpDecorate %smp Binding 20

Texture2D<float4> explicitTex : register(t5);
Texture2D<float4> tex;
SamplerState smp;

float4 main(float2 uv : TEXCOORD) : SV_Target {
  return tex.Sample(smp, uv) + explicitTex.Sample(smp, uv);
}
