// Storage image formats: a storage image or texel buffer takes the format
// DXC infers from its element type (float4 Rgba32f, float2 Rg32f, int R32i;
// the extended ones need StorageImageExtendedFormats), [[vk::image_format]]
// overrides it, and -fspv-use-unknown-image-format makes the inferred ones
// Unknown (explicit formats stay). Sampled textures are always Unknown.
// Reading or writing an image with an explicit format must not declare the
// inferred type of its element as well (it did: an unused Unknown 3D image
// and the *WithoutFormat capabilities).
// RUN: %hlsl2spirv -T cs_6_0 -E main %s | FileCheck %s
// RUN: %hlsl2spirv -T cs_6_0 -E main -fspv-use-unknown-image-format %s | FileCheck %s --check-prefix=UNKNOWN

// CHECK-NOT: WithoutFormat
// CHECK: OpCapability StorageImageExtendedFormats
// CHECK-NOT: WithoutFormat
// CHECK: %type_2d_image = OpTypeImage %float 2D 2 0 0 2 Rgba32f
// CHECK-NEXT: OpTypePointer UniformConstant %type_2d_image
// CHECK: %type_2d_image_0 = OpTypeImage %float 2D 2 0 0 2 Rg32f
// CHECK: %type_buffer_image = OpTypeImage %int Buffer 2 0 0 2 R32i
// CHECK: %type_2d_image_1 = OpTypeImage %float 2D 2 0 0 2 Rgba8
// CHECK: %type_3d_image = OpTypeImage %float 3D 2 0 0 2 R11fG11fB10f
// CHECK: %type_2d_image_2 = OpTypeImage %float 2D 2 0 0 1 Unknown
// CHECK-NOT: OpTypeImage
// CHECK: [[img:%[0-9]+]] = OpLoad %type_3d_image %packed
// CHECK-NEXT: OpImageWrite [[img]]
// CHECK: [[img:%[0-9]+]] = OpLoad %type_3d_image %packed
// CHECK-NEXT: OpImageRead %v4float [[img]]

// UNKNOWN: OpCapability StorageImageReadWithoutFormat
// UNKNOWN: %type_2d_image = OpTypeImage %float 2D 2 0 0 2 Unknown
// UNKNOWN: %type_buffer_image = OpTypeImage %int Buffer 2 0 0 2 Unknown
// UNKNOWN: %type_2d_image_0 = OpTypeImage %float 2D 2 0 0 2 Rgba8
// UNKNOWN: %type_3d_image = OpTypeImage %float 3D 2 0 0 2 R11fG11fB10f
// UNKNOWN: %type_2d_image_1 = OpTypeImage %float 2D 2 0 0 1 Unknown
// UNKNOWN-NOT: OpTypeImage
// UNKNOWN: %inferred = OpVariable %_ptr_UniformConstant_type_2d_image UniformConstant
// UNKNOWN: %inferred2 = OpVariable %_ptr_UniformConstant_type_2d_image UniformConstant

RWTexture2D<float4> inferred;
RWTexture2D<float2> inferred2;
RWBuffer<int> inferredInt;
[[vk::image_format("rgba8")]] RWTexture2D<float4> explicitFmt;
[[vk::image_format("r11g11b10f")]] RWTexture3D<float3> packed;
Texture2D<float4> sampled;

[numthreads(8, 8, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  float4 v = inferred[id.xy] + float4(inferred2[id.xy], 0, 0) + inferredInt[id.x] + sampled.Load(int3(id.xy, 0));
  explicitFmt[id.xy] = v;
  packed[id] = v.xyz;
  packed[id + 1] += packed[id];
}
