// seed 1002865, glslang: mismatch
thread 0 slot 3 (uint): want 0x2, got 0x4
thread 0 slot 4 (int): want 0x0, got 0x8
thread 0 slot 5 (int): want 0x0, got 0x6
thread 0 slot 6 (int): want 0x0, got 0xfffffff2
thread 0 slot 7 (int): want 0x0, got 0x2
thread 0 slot 12 (int): want 0x8, got 0x0
thread 0 slot 13 (int): want 0x6, got 0x0
thread 0 slot 14 (int): want 0xfffffff2, got 0x0
... and 22 more

// flags: -T cs_6_0 -E main -DGLSLANG_SELECT
/*
thread 0 slot 3 (uint): want 0x2, got 0x4
thread 0 slot 4 (int): want 0x0, got 0x8
thread 0 slot 5 (int): want 0x0, got 0x6
thread 0 slot 6 (int): want 0x0, got 0xfffffff2
thread 0 slot 7 (int): want 0x0, got 0x2
thread 0 slot 12 (int): want 0x8, got 0x0
thread 0 slot 13 (int): want 0x6, got 0x0
thread 0 slot 14 (int): want 0xfffffff2, got 0x0
... and 22 more
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

int p2_f6(inout int p2_a7, out uint4 p2_a8) {
  p2_a8 = uint4(18u, 2738109776u, 19u, 0u);
  p2_a8.z *= dot(uint2(8u, 13u), uint2(8u, 2u));
  p2_a8 = (((p2_a8 ^ p2_a8) & p2_a8) * ((uint4(13u, 6u, 31u, 18u)).wxyw << ((p2_a8).y & 31u)));
  return ((~int2((-12), 15))).y;
}
bool p2_f10(int p2_a11, int4 p2_a12, inout uint p2_a13) {
  for (int p2_i14 = 0; p2_i14 < 4; p2_i14++) {
    float4 p2_v15 = (float4(3.25f, 4.75f, (-7.5f), 2.75f) - float4(6.5f, (-4.0f), (-2.5f), 2.75f));
    p2_a13 = p2_a13;
    p2_a12 -= clamp(p2_a12, int4((-4), (-14), (-8), 3), int4(5, (-2), 6, 10));
  }
  int p2_i16_w = 0;
  do {
    int p2_i16 = p2_i16_w++;
    uint p2_v17 = ((uint)0.5f);
    bool p2_v18 = ((-(InU[(p2_a13 & 63u)] / (10u | 1u))) <= (false ? p2_v17 : (uint2(10u, 18u)).x));
  } while (p2_i16_w < 1);
  return (((false | false) ? bool3(false, false, true) : bool3(false, true, true))).z;
}
float3 p2_f20(float p2_a21, out float p2_a22) {
  p2_a22 = 1.75f;
  p2_a22 = ((false ? ((float)true) : abs(InF[((InU[(firstbitlow(13u) & 63u)] / (25u | 1u)) & 63u)])) - max((InF[((~InU[(13u & 63u)]) & 63u)] + p2_a22), (p2_a22 * p2_a21)));
  if (true) {
    uint p2_v23 = (21u % ((select(bool4(false, true, false, false), uint4(1u, 7u, 23u, 30u), uint4(4294967295u, 27u, 24u, 14u))).x | 1u));
  }
  return select(select((false ? bool3(true, false, true) : bool3(true, true, false)), bool3(false, bool2(true, true)), ((bool3)int3((-2), (-12), (-17)))), floor(float3(7.0f, (-6.75f), 7.25f)), (trunc(float3((-4.0f), (-3.5f), (-1.0f))) + (-float3(6.0f, 2.5f, 2.75f))));
}
bool3 p2_f24(uint p2_a25, out uint3 p2_a26) {
  p2_a26 = uint3(26u, 29u, 1u);
  uint p2_v27 = p2_a25;
  int p2_i28_w = 0;
  do {
    int p2_i28 = p2_i28_w++;
    float4 p2_v29 = float4(3.0f, (-6.0f), 7.0f, (-7.5f));
  } while (p2_i28_w < 2);
  return bool3(false, false, false);
}
void p2_main(uint tid) {
  uint4 p2_v1 = ((~(uint4(32u, 22u, 1u, 4294967295u) | uint4(27u, 7u, 29u, 6u))) | tid);
  Scr[0 + tid * 4 + 2] = uint4((uint4)p2_v1);
  p2_v1 = (uint4)(Scr[0 + tid * 4 + 2]).xyzw;
  int4 p2_v2[3] = { (int4)0, (int4)0, (int4)0 };
  p2_v1 += (-((p2_v1 - tid) / ((-31u) | 1u)));
  int p2_i3_w = 0;
  do {
    int p2_i3 = p2_i3_w++;
    p2_v1 = (-(~(p2_v1 >> (InU[(tid & 63u)] & 31u))));
    p2_v1 *= p2_v1;
    int2 p2_v4 = int2((-10), (-9));
  } while (p2_i3_w < 4);
  int p2_i5_w = 0;
  do {
    int p2_i5 = p2_i5_w++;
    switch (((~((int)tid)) & 3)) {
    case 2:
      {
        uint3 p2_v9 = select(((true ? bool3(true, true, false) : bool3(false, false, false))).xzy, uint3(266123964u, 14u, 8u), reversebits((true ? uint3(8u, 28u, 27u) : uint3(0u, 13u, 29u))));
      }
    case 1:
      {
        float p2_v19 = dot(((float3)bool3(true, true, true)), (-(-float3(0.0f, 5.5f, (-0.75f)))));
      }
      break;
    case 3:
      {
        p2_v1.yz = (uint3((uint2(3251082446u, 11u) - uint2(9u, 16u)), (p2_v1[0] | p2_v1[(tid & 3u)]))).zx;
      }
      break;
    }
  } while (p2_i5_w < 1);
  GS[tid] = uint4((uint4)p2_v1);
  GroupMemoryBarrierWithGroupSync();
  p2_v1 = (uint4)(GS[(tid + 4) % 8]).xyzw;
  GroupMemoryBarrierWithGroupSync();
  p2_v2[((~(p2_v1).y) % 3u)] = int4(8, 6, (-14), 2);
  p2_v1.zxyw = (uint4((uint2(10u, 4u) / (uint2(29u, 8u) | uint2(1u, 1u))), (tid - InU[18]), dot(p2_v1, p2_v1)) % (uint4(25u, 8u, 25u, 5u) | uint4(1u, 1u, 1u, 1u)));
  Out[0 + tid * 16 + 0] = (uint)p2_v1.x;
  Out[0 + tid * 16 + 1] = (uint)p2_v1.y;
  Out[0 + tid * 16 + 2] = (uint)p2_v1.z;
  Out[0 + tid * 16 + 3] = (uint)p2_v1.w;
  Out[0 + tid * 16 + 4] = (uint)p2_v2[0].x;
  Out[0 + tid * 16 + 5] = (uint)p2_v2[0].y;
  Out[0 + tid * 16 + 6] = (uint)p2_v2[0].z;
  Out[0 + tid * 16 + 7] = (uint)p2_v2[0].w;
  Out[0 + tid * 16 + 8] = (uint)p2_v2[1].x;
  Out[0 + tid * 16 + 9] = (uint)p2_v2[1].y;
  Out[0 + tid * 16 + 10] = (uint)p2_v2[1].z;
  Out[0 + tid * 16 + 11] = (uint)p2_v2[1].w;
  Out[0 + tid * 16 + 12] = (uint)p2_v2[2].x;
  Out[0 + tid * 16 + 13] = (uint)p2_v2[2].y;
  Out[0 + tid * 16 + 14] = (uint)p2_v2[2].z;
  Out[0 + tid * 16 + 15] = (uint)p2_v2[2].w;
}

[numthreads(8, 1, 1)]
void main(uint3 gid : SV_GroupID, uint gi : SV_GroupIndex) {
  switch (gid.x) {
  case 0: p2_main(gi); break;
  }
}
