// A vk::SampledTexture is a combined image sampler; operations that need
// the image alone - operator[] (OpImageFetch) and GetDimensions - take it
// with OpImage first (for GetDimensions, before the mip argument is read,
// as DXC orders it).
// RUN: %hlsl2spirv -fcgl -T ps_6_0 -E main %s | FileCheck %s
// RUN: %hlsl2spirv -T ps_6_0 -E main %s

// CHECK: [[s:%[0-9]+]] = OpLoad %type_sampled_image %tex
// CHECK-NEXT: [[i:%[0-9]+]] = OpImage %type_2d_image [[s]]
// CHECK-NEXT: OpImageFetch %v4float [[i]] {{%[0-9]+}} Lod %uint_0
// CHECK: [[s2:%[0-9]+]] = OpLoad %type_sampled_image %tex
// CHECK-NEXT: [[i2:%[0-9]+]] = OpImage %type_2d_image [[s2]]
// CHECK-NEXT: [[mip:%[0-9]+]] = OpLoad %uint
// CHECK-NEXT: OpImageQuerySizeLod %v2uint [[i2]] [[mip]]

vk::SampledTexture2D<float4> tex;

float4 main(uint2 pos : POS, uint mip : MIP) : SV_Target {
  uint w, h, levels;
  float4 t = tex[pos];
  tex.GetDimensions(mip, w, h, levels);
  return t + float4(w, h, levels, 0);
}
