// HLSL texture objects through glslang: Load, SampleLevel, SampleGrad,
// SampleCmp, Gather, GetDimensions, texture arrays and cubes.
// glslang: -S frag -e main
Texture2D<float4> t2 : register(t0);
Texture2DArray<float4> t2a : register(t1);
TextureCube<float4> tc : register(t2);
Texture3D<float> t3 : register(t3);
Texture2D<float> depth : register(t4);
Texture2DMS<float4> ms : register(t5);
Buffer<float4> buf : register(t6);
SamplerState s : register(s0);
SamplerComparisonState sc : register(s1);
float4 main(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target {
  float4 r = t2.Sample(s, uv, int2(1, -1));
  r += t2.SampleLevel(s, uv, 2.5);
  r += t2.SampleGrad(s, uv, float2(0.1, 0), float2(0, 0.1));
  r += t2.SampleBias(s, uv, -1.0);
  r += t2a.Sample(s, float3(uv, 2));
  r += tc.Sample(s, float3(uv, 1));
  r += t3.Sample(s, float3(uv, 0.5));
  r += depth.SampleCmp(sc, uv, 0.5);
  r += depth.SampleCmpLevelZero(sc, uv, 0.25);
  r += t2.Gather(s, uv);
  r += t2.GatherGreen(s, uv, int2(2, 2));
  r += t2.Load(int3(pos.xy, 0));
  r += ms.Load(int2(pos.xy), 3);
  r += buf.Load(7);
  uint w, h, levels;
  t2.GetDimensions(0, w, h, levels);
  r.xy += float2(w, h) / levels;
  return r;
}
