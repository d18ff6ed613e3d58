// seed 1002113, glslang: mismatch
thread 0 slot 0 (uint): want 0x1, got 0xc
thread 1 slot 0 (uint): want 0x1, got 0xc
thread 2 slot 0 (uint): want 0x1, got 0xc
thread 3 slot 0 (uint): want 0x1, got 0xc
thread 4 slot 0 (uint): want 0x1, got 0xc
thread 5 slot 0 (uint): want 0x1, got 0xc
thread 6 slot 0 (uint): want 0x1, got 0xc
thread 7 slot 0 (uint): want 0x1, got 0xc

// flags: -T cs_6_0 -E main -DGLSLANG_SELECT
/*
thread 0 slot 0 (uint): want 0x1, got 0xc
thread 1 slot 0 (uint): want 0x1, got 0xc
thread 2 slot 0 (uint): want 0x1, got 0xc
thread 3 slot 0 (uint): want 0x1, got 0xc
thread 4 slot 0 (uint): want 0x1, got 0xc
thread 5 slot 0 (uint): want 0x1, got 0xc
thread 6 slot 0 (uint): want 0x1, got 0xc
thread 7 slot 0 (uint): want 0x1, got 0xc
*/
// 1 generated programs, one per workgroup (test/randprog).
#ifdef GLSLANG_SELECT
#define select(c, a, b) ((c) ? (a) : (b))
#endif
RWStructuredBuffer<uint> Out : register(u0);
RWStructuredBuffer<uint4> Scr : register(u1);
StructuredBuffer<int> InI : register(t2);
Buffer<uint> InU : register(t3);
StructuredBuffer<float> InF : register(t4);
ByteAddressBuffer InB : register(t5);
groupshared uint4 GS[8];

float p7_f3(out uint p7_a4) {
  p7_a4 = 12u;
  uint3 p7_v5 = (-(~(uint4(21u, 22u, 14u, 32u)).yzx));
  return max(dot(mul(float2(4.5f, 4.5f), float2x3(8.0f, 4.75f, 7.5f, 0.5f, (-4.75f), (-7.0f))), float3(0.25f, (-5.25f), (-3.5f))), ((true | false) ? ((float)false) : (-3.25f)));
}
void p7_main(uint tid) {
  uint p7_v1 = ((uint)true);
  Scr[0 + tid * 4 + 3] = uint4((uint)p7_v1, 0u, 0u, 0u);
  p7_v1 = (uint)(Scr[0 + tid * 4 + 3]).x;
  float3x2 p7_v2 = float3x2((-2.5f), 7.5f, 5.0f, (-0.5f), 5.5f, (-5.25f));
  p7_v2[1] = ((bool3(true, true, false)).x ? float2((-4.75f), (-2.25f)) : float2((true ? (-4.75f) : InF[((uint4(8u, 31u, 9u, 10u)).z & 63u)]), p7_f3(p7_v1)));
  uint4 p7_v6 = ((uint4(p7_v1, uint2(3u, 19u), InU[(tid & 63u)]) + ((uint)((int)tid))) % (((uint)(float4(1.25f, (-2.75f), 2.75f, 7.0f)).x) | 1u));
  p7_v6 = p7_v6;
  Out[0 + tid * 11 + 0] = (uint)p7_v1;
  Out[0 + tid * 11 + 1] = asuint(p7_v2[0][0]);
  Out[0 + tid * 11 + 2] = asuint(p7_v2[0][1]);
  Out[0 + tid * 11 + 3] = asuint(p7_v2[1][0]);
  Out[0 + tid * 11 + 4] = asuint(p7_v2[1][1]);
  Out[0 + tid * 11 + 5] = asuint(p7_v2[2][0]);
  Out[0 + tid * 11 + 6] = asuint(p7_v2[2][1]);
  Out[0 + tid * 11 + 7] = (uint)p7_v6.x;
  Out[0 + tid * 11 + 8] = (uint)p7_v6.y;
  Out[0 + tid * 11 + 9] = (uint)p7_v6.z;
  Out[0 + tid * 11 + 10] = (uint)p7_v6.w;
}

[numthreads(8, 1, 1)]
void main(uint3 gid : SV_GroupID, uint gi : SV_GroupIndex) {
  switch (gid.x) {
  case 0: p7_main(gi); break;
  }
}
