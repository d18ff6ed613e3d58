// -fspv-flatten-resource-arrays with an index over the variable of an
// [unroll] loop: DXC unrolls before it flattens, so each copy indexes with
// a constant and the array is still split into "X[i]" variables. (A truly
// run-time index becomes a switch over the elements: see
// flatten-arrays-var-index.hlsl.)
// RUN: %hlsl2spirv -T ps_6_0 -E main -fspv-flatten-resource-arrays %s | FileCheck %s

// descriptor-array-scalar-replacement makes the element variables in the
// order the (unrolled) code first uses them, as spirv-opt's does.
// CHECK: OpDecorate %smp Binding 0
// CHECK: OpDecorate %tex_3_ DescriptorSet 0
// CHECK-NEXT: OpDecorate %tex_3_ Binding 4
// CHECK-NEXT: OpDecorate %tex_2_ DescriptorSet 0
// CHECK-NEXT: OpDecorate %tex_2_ Binding 3
// CHECK-NEXT: OpDecorate %tex_1_ DescriptorSet 0
// CHECK-NEXT: OpDecorate %tex_1_ Binding 2
// CHECK-NEXT: OpDecorate %tex_0_ DescriptorSet 0
// CHECK-NEXT: OpDecorate %tex_0_ Binding 1

// CHECK: %tex_0_ = OpVariable %_ptr_UniformConstant_type_2d_image UniformConstant

// the unrolled copies read tex[3], tex[2], tex[1], tex[0] in turn
// CHECK: OpLoad %type_2d_image %tex_3_
// CHECK: OpImageSampleExplicitLod
// CHECK: OpLoad %type_2d_image %tex_2_
// CHECK: OpImageSampleExplicitLod
// CHECK: OpLoad %type_2d_image %tex_1_
// CHECK: OpImageSampleExplicitLod
// CHECK: OpLoad %type_2d_image %tex_0_
// CHECK: OpImageSampleExplicitLod

SamplerState smp;
Texture2D<float4> tex[4];

float4 main(float2 uv : UV) : SV_Target {
  float4 sum = 0;
  [unroll]
  for (int i = 3; i >= 0; --i) {
    sum += tex[i].SampleLevel(smp, uv, 0) * (i + 1);
  }
  return sum;
}
