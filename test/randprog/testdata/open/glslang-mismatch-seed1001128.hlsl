// seed 1001121, glslang: mismatch
thread 0 slot 1 (uint): want 0x2e05c0b, got 0x0
thread 1 slot 1 (uint): want 0x80000000, got 0x0
thread 2 slot 1 (uint): want 0xbd1fa3f5, got 0x0
thread 3 slot 1 (uint): want 0x3a3f47ea, got 0x0
thread 4 slot 1 (uint): want 0x575eebdf, got 0x0
thread 5 slot 1 (uint): want 0xd47e8fd4, got 0x0
thread 6 slot 1 (uint): want 0x119e33c9, got 0x0
thread 7 slot 1 (uint): want 0x8ebdd7be, got 0x0

// flags: -T cs_6_0 -E main -DGLSLANG_SELECT
/*
thread 0 slot 1 (uint): want 0x2e05c0b, got 0x0
thread 1 slot 1 (uint): want 0x80000000, got 0x0
thread 2 slot 1 (uint): want 0xbd1fa3f5, got 0x0
thread 3 slot 1 (uint): want 0x3a3f47ea, got 0x0
thread 4 slot 1 (uint): want 0x575eebdf, got 0x0
thread 5 slot 1 (uint): want 0xd47e8fd4, got 0x0
thread 6 slot 1 (uint): want 0x119e33c9, got 0x0
thread 7 slot 1 (uint): want 0x8ebdd7be, got 0x0
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

struct p7_S1 { float2 f0; uint f1; float f2; };
uint p7_f6(float p7_a7, uint2 p7_a8) {
  uint2 p7_v9 = ((-(uint2(22u, 4211753150u)).xy) % (p7_a8 | uint2(1u, 1u)));
  int p7_v10 = (-2147483648);
  return 2147483648u;
}
bool p7_f12(inout int3 p7_a13, int4 p7_a14) {
  float3 p7_v15 = ((-(-float3((-6.75f), (-1.0f), (-1.0f)))) - float3(1.25f, (-5.5f), 3.75f));
  p7_a13.z = abs(((int)((float)21u)));
  return (!(((bool)2147483647) & (true != true)));
}
void p7_main(uint tid) {
  bool p7_v2 = (true & ((bool)mad((-7.25f), (-4.5f), 7.5f)));
  uint p7_v3 = tid;
  p7_v3 = reversebits((~min(InU[38], p7_v3)));
  p7_v3 -= (-tid);
  uint p7_v4 = firstbitlow(16u);
  for (int p7_i5 = 0; p7_i5 < 3; p7_i5++) {
    p7_f6(7.0f, ((uint2(7u, 31u) - uint2(31u, 17u)) & uint2(5u, 255u)));
    uint2 p7_v11 = firstbithigh(clamp(uint2(31u, 23u), uint2(7u, 21u), uint2(27u, 4294967040u)));
    p7_v11.y = (p7_v11[(((uint)p7_v2) & 1u)] / (p7_v11[(tid & 1u)] | 1u));
  }
  p7_v3 *= (-((uint2(4294967295u, 2u)).x / ((p7_v2 ? InU[(InU[((-p7_v4) & 63u)] & 63u)] : p7_v3) | 1u)));
  p7_v4 = InU[15];
  Scr[0 + tid * 4 + 0] = uint4((uint)p7_v2, 0u, 0u, 0u);
  p7_v2 = (bool)(Scr[0 + tid * 4 + 0]).x;
  p7_v4 |= ((select(bool2(false, true), uint2(4u, 31u), uint2(14u, 17u))).y - (((uint)false) << (clamp(p7_v4, 0u, 14u) & 31u)));
  Out[0 + tid * 3 + 0] = (p7_v2 ? 1u : 0u);
  Out[0 + tid * 3 + 1] = (uint)p7_v3;
  Out[0 + tid * 3 + 2] = (uint)p7_v4;
}

[numthreads(8, 1, 1)]
void main(uint3 gid : SV_GroupID, uint gi : SV_GroupIndex) {
  switch (gid.x) {
  case 0: p7_main(gi); break;
  }
}
