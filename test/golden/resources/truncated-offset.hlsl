// A constant texel offset of more components than the texture takes (an
// int2 for a 1D array texture's int offset) is truncated to a constant, so
// it stays a valid ConstOffset.
// RUN: %hlsl2spirv -T ps_6_0 -E main %s | FileCheck %s

// CHECK: OpImageFetch %v4float {{%[0-9]+}} {{%[0-9]+}} Lod|ConstOffset {{%[0-9]+}} %int_1
// CHECK: OpImageSampleImplicitLod %v4float {{%[0-9]+}} {{%[0-9]+}} ConstOffset %int_3

Texture1DArray<float4> tex;
SamplerState smp;

float4 main(int3 loc : LOC, float2 uv : UV) : SV_Target {
  return tex.Load(loc, int2(1, 2)) + tex.Sample(smp, uv, int2(3, 4));
}
