// Textures and samplers are UniformConstant variables; Sample loads the
// texture, then its arguments, and combines texture and sampler with
// OpSampledImage, Load is OpImageFetch with the last coordinate as the
// mip level, and a storage texture's operator[] reads and writes texels.
// RUN: %hlsl2spirv -fcgl -T ps_6_0 -E main %s | FileCheck %s
// RUN: %hlsl2spirv -T ps_6_0 -E main %s

// CHECK: %type_2d_image = OpTypeImage %float 2D 2 0 0 1 Unknown
// CHECK: %type_sampler = OpTypeSampler
// CHECK: %type_2d_image_0 = OpTypeImage %float 2D 2 0 0 2 Rgba32f
// CHECK: %type_sampled_image = OpTypeSampledImage %type_2d_image

Texture2D<float4> tex : register(t0);
SamplerState smp : register(s0);
RWTexture2D<float4> img : register(u1);

// CHECK-NOT: OpCapability StorageImageReadWithoutFormat
// CHECK: [[t:%[0-9]+]] = OpLoad %type_2d_image %tex
// CHECK-NEXT: [[s:%[0-9]+]] = OpLoad %type_sampler %smp
// CHECK-NEXT: [[uv:%[0-9]+]] = OpLoad %v2float %uv
// CHECK-NEXT: [[si:%[0-9]+]] = OpSampledImage %type_sampled_image [[t]] [[s]]
// CHECK-NEXT: {{%[0-9]+}} = OpImageSampleImplicitLod %v4float [[si]] {{%[0-9]+}} ConstOffset {{%[0-9]+}}
// CHECK: OpImageSampleExplicitLod %v4float {{%[0-9]+}} {{%[0-9]+}} Lod %float_2
// CHECK: OpImageFetch %v4float {{%[0-9]+}} {{%[0-9]+}} Lod {{%[0-9a-z_]+}}
// CHECK: [[old:%[0-9]+]] = OpImageRead %v4float {{%[0-9]+}} {{%[0-9]+}}
// CHECK: OpImageWrite {{%[0-9]+}} {{%[0-9]+}} {{%[0-9]+}}
float4 main(float2 uv : TEXCOORD0) : SV_Target {
  float4 c = tex.Sample(smp, uv, int2(1, 0));
  c += tex.SampleLevel(smp, uv, 2.0);
  c += tex.Load(int3(3, 4, 1));
  img[uint2(0, 0)] = img[uint2(0, 0)] + c;
  return c;
}
