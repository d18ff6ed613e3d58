// [[vk::combinedImageSampler]] pairs a texture and a sampler of the same
// descriptor set and binding - [[vk::binding(N, M)]], or register(tN) and
// register(sN) in the same space (the sampler's register moves by
// -fvk-t-shift, not -fvk-s-shift) - into one combined image sampler
// variable, the texture's; the sampler may be declared first. As in DXC,
// the emitter declares a plain image and a plain sampler (-fcgl), and the
// legalization's convert-to-sampled-image combines them, so a pair
// returned by functions works at every level. A texture or sampler without
// its other half is an error, with explicit or implicit bindings.
// RUN: %hlsl2spirv -T ps_6_0 -E main %s | FileCheck %s
// RUN: %hlsl2spirv -T ps_6_0 -E main -O0 %s | FileCheck %s
// RUN: %hlsl2spirv -T ps_6_0 -E main -fcgl %s | FileCheck %s --check-prefix=CGL
// RUN: %hlsl2spirv -T ps_6_0 -E main -O0 -fvk-t-shift 10 0 -fvk-s-shift 20 0 %s | FileCheck %s --check-prefix=SHIFT
// RUN: not %hlsl2spirv -T ps_6_0 -E main -DLONE %s 2>&1 | FileCheck %s --check-prefix=LONE
// RUN: not %hlsl2spirv -T ps_6_0 -E main -DIMPLICIT %s 2>&1 | FileCheck %s --check-prefix=IMPLICIT

// CHECK: OpDecorate %albedo DescriptorSet 1
// CHECK-NEXT: OpDecorate %albedo Binding 3
// CHECK: OpDecorate %normals DescriptorSet 0
// CHECK-NEXT: OpDecorate %normals Binding 2
// CHECK-NOT: OpDecorate %albedoSampler
// CHECK-NOT: OpDecorate %normalSampler
// CHECK: OpDecorate %plain Binding 0
// CHECK-NOT: OpDecorate %albedoSampler
// CHECK: %type_sampled_image = OpTypeSampledImage %type_2d_image
// CHECK-NOT: %albedoSampler = OpVariable
// CHECK-NOT: %normalSampler = OpVariable
// CHECK: %normals = OpVariable %_ptr_UniformConstant_type_sampled_image UniformConstant
// CHECK: %albedo = OpVariable %_ptr_UniformConstant_type_sampled_image UniformConstant
// the pair returned by functions, picked by a constant, inlined
// CHECK-NOT: OpFunctionCall
// CHECK: [[a:%[0-9]+]] = OpLoad %type_sampled_image %albedo
// CHECK: OpImageSampleImplicitLod %v4float [[a]]
// CHECK: [[n:%[0-9]+]] = OpLoad %type_sampled_image %normals
// CHECK: OpImageSampleImplicitLod %v4float [[n]]
// a fetch reads the image of the combined sampler
// CHECK: [[n2:%[0-9]+]] = OpLoad %type_sampled_image %normals
// CHECK: [[img:%[0-9]+]] = OpImage %type_2d_image [[n2]]
// CHECK: OpImageFetch %v4float [[img]]
// a combined texture with another sampler: its image, sampled anew
// CHECK: [[a2:%[0-9]+]] = OpLoad %type_sampled_image %albedo
// CHECK: [[img2:%[0-9]+]] = OpImage %type_2d_image [[a2]]
// CHECK: [[s:%[0-9]+]] = OpLoad %type_sampler %plain
// CHECK: [[si:%[0-9]+]] = OpSampledImage %type_sampled_image [[img2]] [[s]]
// CHECK: OpImageSampleExplicitLod %v4float [[si]]

// CGL: OpDecorate %albedoSampler DescriptorSet 1
// CGL-NEXT: OpDecorate %albedoSampler Binding 3
// CGL-NEXT: OpDecorate %albedo DescriptorSet 1
// CGL-NEXT: OpDecorate %albedo Binding 3
// CGL: OpDecorate %normals DescriptorSet 0
// CGL-NEXT: OpDecorate %normals Binding 2
// CGL-NEXT: OpDecorate %normalSampler DescriptorSet 0
// CGL-NEXT: OpDecorate %normalSampler Binding 2
// CGL: %albedoSampler = OpVariable %_ptr_UniformConstant_type_sampler UniformConstant
// CGL: %albedo = OpVariable %_ptr_UniformConstant_type_2d_image UniformConstant
// CGL: %pickTexture = OpFunction %type_2d_image
// CGL: %pickSampler = OpFunction %type_sampler

// SHIFT: OpDecorate %normals DescriptorSet 0
// SHIFT-NEXT: OpDecorate %normals Binding 12
// SHIFT: OpDecorate %plain DescriptorSet 0
// SHIFT-NEXT: OpDecorate %plain Binding 20

// LONE: fatal error: Texture or Sampler with {{\[\[}}vk::combinedImageSampler{{\]\]}} attribute is missing for descriptor set and binding: 0, 7
// IMPLICIT: fatal error: Texture or Sampler with {{\[\[}}vk::combinedImageSampler{{\]\]}} attribute is missing for descriptor set and binding: 0, 1

[[vk::combinedImageSampler]][[vk::binding(3, 1)]]
SamplerState albedoSampler;
[[vk::combinedImageSampler]][[vk::binding(3, 1)]]
Texture2D<float4> albedo;

[[vk::combinedImageSampler]]
Texture2D<float4> normals : register(t2);
[[vk::combinedImageSampler]]
SamplerState normalSampler : register(s2);

SamplerState plain : register(s0);

#ifdef LONE
[[vk::combinedImageSampler]]
SamplerState lone : register(s7);
#endif
#ifdef IMPLICIT
// bound implicitly to 1 and 3 (0 and 2 are taken): not a pair
[[vk::combinedImageSampler]]
Texture2D<float4> loneTexture;
[[vk::combinedImageSampler]]
SamplerState loneSampler;
#endif

Texture2D<float4> pickTexture(int i) {
  if (i == 0) return albedo;
  return normals;
}

SamplerState pickSampler(int i) {
  if (i == 0) return albedoSampler;
  return normalSampler;
}

float4 pick(int i, float2 uv) {
  return pickTexture(i).Sample(pickSampler(i), uv);
}

float4 main(float2 uv : UV) : SV_Target {
  float4 r = pick(0, uv) + pick(1, uv);
  r += normals.Load(int3(0, 0, 0));
  r += albedo.SampleLevel(plain, uv, 0);
#ifdef IMPLICIT
  r += loneTexture.Sample(loneSampler, uv);
#endif
  return r;
}
