// SM 6.6 descriptor heaps: a resource variable initialized from
// ResourceDescriptorHeap[i] is element i of a runtime array of its type;
// all the arrays of one heap share a binding (the next free one, or the one
// -fvk-bind-resource-heap gives).
// RUN: %hlsl2spirv -T ps_6_6 -E main %s | FileCheck %s
// RUN: %hlsl2spirv -T ps_6_6 -E main -fvk-bind-resource-heap 7 2 %s | FileCheck %s --check-prefix=BIND

// CHECK: OpCapability RuntimeDescriptorArray
// CHECK: OpDecorate %ResourceDescriptorHeap DescriptorSet 0
// CHECK-NEXT: OpDecorate %ResourceDescriptorHeap Binding 0
// CHECK-NEXT: OpDecorate %SamplerDescriptorHeap DescriptorSet 0
// CHECK-NEXT: OpDecorate %SamplerDescriptorHeap Binding 1
// CHECK-NEXT: OpDecorate %ResourceDescriptorHeap_0 DescriptorSet 0
// CHECK-NEXT: OpDecorate %ResourceDescriptorHeap_0 Binding 0
// CHECK: %ResourceDescriptorHeap = OpVariable %_ptr_UniformConstant__runtimearr_type_2d_image UniformConstant
// CHECK: [[p:%[0-9]+]] = OpAccessChain %_ptr_UniformConstant_type_2d_image %ResourceDescriptorHeap %uint_3

// BIND: OpDecorate %ResourceDescriptorHeap DescriptorSet 2
// BIND-NEXT: OpDecorate %ResourceDescriptorHeap Binding 7

float4 main(float2 uv : TEXCOORD) : SV_Target {
  Texture2D<float4> tex = ResourceDescriptorHeap[3];
  SamplerState smp = SamplerDescriptorHeap[0];
  StructuredBuffer<float4> tint = ResourceDescriptorHeap[4];
  return tex.Sample(smp, uv) * tint[0];
}
