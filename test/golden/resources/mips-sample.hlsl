// tex.mips[level][location] fetches from a mip level, tex.sample[s][location]
// one sample of a multisampled texture.
// RUN: %hlsl2spirv -fcgl -T ps_6_0 -E main %s | FileCheck %s
// RUN: %hlsl2spirv -T ps_6_0 -E main %s

// CHECK: [[loc:%[0-9]+]] = OpLoad %v2uint %loc
// CHECK-NEXT: [[t:%[0-9]+]] = OpLoad %type_2d_image %tex
// CHECK-NEXT: [[m:%[0-9]+]] = OpImageFetch %v4float [[t]] [[loc]] Lod %uint_2
// CHECK: OpImageFetch %v4float {{%[0-9]+}} {{%[0-9]+}} Sample %uint_1

Texture2D<float4> tex : register(t0);
Texture2DMS<float4> ms : register(t1);

float4 main(nointerpolation uint2 loc : LOC) : SV_Target {
  return tex.mips[2][loc] + ms.sample[1][loc];
}
