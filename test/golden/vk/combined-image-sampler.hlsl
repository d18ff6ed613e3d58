// [[vk::combinedImageSampler]] pairs a texture and a sampler of the same
// binding - [[vk::binding(N, M)]], or register(tN)/register(sN) in the same
// space - into one combined image sampler variable, the texture's; the
// sampler may be declared first. A combined sampler without its texture is
// an error.
// RUN: %hlsl2spirv -T ps_6_0 -E main %s | FileCheck %s
// RUN: not %hlsl2spirv -T ps_6_0 -E main -DLONE %s 2>&1 | FileCheck %s --check-prefix=LONE

// CHECK: OpDecorate %albedo DescriptorSet 1
// CHECK-NEXT: OpDecorate %albedo Binding 3
// CHECK: OpDecorate %normals DescriptorSet 0
// CHECK-NEXT: OpDecorate %normals Binding 2
// CHECK-NOT: OpDecorate %albedoSampler
// CHECK: %type_sampled_image = OpTypeSampledImage %type_2d_image
// CHECK: [[a:%[0-9]+]] = OpLoad %type_sampled_image %albedo
// CHECK: OpImageSampleImplicitLod %v4float [[a]]
// CHECK: [[n:%[0-9]+]] = OpLoad %type_sampled_image %normals
// CHECK: OpImageSampleImplicitLod %v4float [[n]]

// LONE: fatal error: Texture or Sampler with {{\[\[}}vk::combinedImageSampler{{\]\]}} attribute is missing for descriptor set and binding: 0, 7

[[vk::combinedImageSampler]][[vk::binding(3, 1)]]
SamplerState albedoSampler;
[[vk::combinedImageSampler]][[vk::binding(3, 1)]]
Texture2D<float4> albedo;

[[vk::combinedImageSampler]]
Texture2D<float4> normals : register(t2);
[[vk::combinedImageSampler]]
SamplerState normalSampler : register(s2);

#ifdef LONE
[[vk::combinedImageSampler]]
SamplerState lone : register(s7);
#endif

float4 main(float2 uv : UV) : SV_Target {
  return albedo.Sample(albedoSampler, uv) + normals.Sample(normalSampler, uv);
}
