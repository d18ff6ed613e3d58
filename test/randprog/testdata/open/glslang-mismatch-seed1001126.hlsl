// seed 1001121, glslang: mismatch
thread 0 slot 4 (int): want 0x8, got 0xfffffffa
thread 1 slot 0 (uint): want 0xfffffffe, got 0x0
thread 1 slot 4 (int): want 0x8, got 0xfffffffa
thread 1 slot 5 (bool): want 0x1, got 0x0
thread 2 slot 4 (int): want 0x8, got 0xfffffffa
thread 3 slot 0 (uint): want 0xfffffffe, got 0x0
thread 3 slot 4 (int): want 0x8, got 0xfffffffa
thread 3 slot 5 (bool): want 0x1, got 0x0
... and 11 more

// flags: -T cs_6_0 -E main -DGLSLANG_SELECT
/*
thread 0 slot 4 (int): want 0x8, got 0xfffffffa
thread 1 slot 0 (uint): want 0xfffffffe, got 0x0
thread 1 slot 4 (int): want 0x8, got 0xfffffffa
thread 1 slot 5 (bool): want 0x1, got 0x0
thread 2 slot 4 (int): want 0x8, got 0xfffffffa
thread 3 slot 0 (uint): want 0xfffffffe, got 0x0
thread 3 slot 4 (int): want 0x8, got 0xfffffffa
thread 3 slot 5 (bool): want 0x1, got 0x0
... and 11 more
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

bool p5_f3(out bool3 p5_a4, float p5_a5, int p5_a6) {
  p5_a4 = bool3(true, true, true);
  uint p5_v7 = (~((65536u + 32u) >> ((17u / (5u | 1u)) & 7u)));
  p5_a4 = bool3(true, true, true);
  uint2 p5_v8 = (((uint2(4294967295u, 212122116u) & uint2(20u, 4294967040u)) ^ (p5_v7 & 20u)) ^ firstbithigh(p5_v7));
  return ((false ? (p5_a4[((uint3(28u, 32u, 32u)).x % 3u)] == p5_a4[(p5_v7 % 3u)]) : (p5_a4).z) == true);
}
uint p5_f12(int p5_a13) {
  float p5_v14 = ((all(bool4(true, false, true, true)) && (false != true)) ? ((0.25f - (-2.25f)) / 4.0f) : (-7.5f));
  p5_v14 = (p5_v14 / 4.0f);
  return (-((true ? 4294967295u : 1949857392u) / (firstbitlow(4u) | 1u)));
}
int p5_f21(inout int2 p5_a22) {
  int p5_v23 = ((-((int)firstbitlow(p5_a22[((false ? InU[(dot(uint3(18u, 12u, 23u), uint3(5u, 3u, 20u)) & 63u)] : InU[34]) & 1u)]))) * ((int)clamp(5.25f, 7.25f, 8.0f)));
  p5_a22 = ((int2)firstbitlow((int3(int3((-17), 19, (-11)))).zy));
  return (int3((-16), (-9), 1)).x;
}
uint2 p5_f25(float3 p5_a26, out float3 p5_a27) {
  p5_a27 = float3((-4.25f), (-7.25f), (-4.0f));
  p5_a27 = saturate(p5_a26);
  return ((-(uint2(28u, 7u) - uint2(29u, 10u))) + uint2(uint2(28u, 16u)));
}
void p5_main(uint tid) {
  uint p5_v1 = (7u / ((-(0u & 1743107996u)) | 1u));
  bool3 p5_v2 = bool3((false | ((bool)((int)tid))), any((true ? bool4(false, true, false, true) : bool4(false, false, false, false))), ((bool4(true, true, false, true)).x ? (true ^ true) : true));
  int p5_i9_w = 0;
  while (p5_i9_w < 2) {
    int p5_i9 = p5_i9_w++;
    int p5_i10_w = 0;
    do {
      int p5_i10 = p5_i10_w++;
      uint p5_v11 = (false ? p5_f12(((int)true)) : reversebits(p5_v1));
    } while (p5_i10_w < 1);
    if (true) {
      for (int p5_i15 = 0; p5_i15 < 3; p5_i15++) {
        int p5_v16 = (int4(int4(11, (-2135835275), 2147483647, (-2147483648)))).x;
        p5_v2 = p5_v2;
        p5_v2 = p5_v2;
      }
      int p5_i17_w = 0;
      do {
        int p5_i17 = p5_i17_w++;
        p5_v2 = bool3(((true != (p5_v2).z) ^ (!false)), (false | p5_v2[((uint2(22u, 25u)).x % 3u)]), ((bool)(-2088586030)));
        p5_v2 = (((p5_v1 - tid) != p5_f12(p5_i9)) ? ((!p5_v2)).zyz : bool3(select(bool3(true, true, false), bool3(true, false, false), bool3(true, true, true))));
      } while (p5_i17_w < 3);
    } else {
      p5_v2[(firstbithigh(p5_v1) % 3u)] = ((bool)clamp((false ? InI[((uint4(26u, 15u, 9u, 15u)).y & 63u)] : p5_i9), 11, 1035100714));
      uint3 p5_v18 = (((uint3(32u, 14u, 12u)).xzx).zxx | (-min(uint3(6u, 3177342518u, 4294967295u), uint3(1151096196u, 21u, 7u))));
    }
  }
  int p5_i19_w = 0;
  while (p5_i19_w < 1) {
    int p5_i19 = p5_i19_w++;
    int p5_i20_w = 0;
    while (p5_i20_w < 3) {
      int p5_i20 = p5_i20_w++;
      switch (((max(p5_i20, p5_i19) + (~p5_i20)) & 3)) {
      case 2:
        {
          p5_v1 = p5_f12(((int4(6, (-12), (-7), 20) - int4((-11), 1213873711, 18, 16))).y);
          uint3 p5_v24 = (~uint3(20u, 27u, 4294967295u));
        }
      default:
        {
          p5_v2 = p5_v2;
          p5_v1 = (((p5_v1 & tid) - (p5_v1 / (InU[(tid & 63u)] | 1u))) & (-min(p5_v1, p5_v1)));
        }
        break;
      }
    }
  }
  int p5_v28 = min(max((((int)tid) - 1), (int4(1, 19, 13, (-256))).z), ((int)(InF[27] - InF[(p5_f12(((int)tid)) & 63u)])));
  bool p5_v29 = (p5_f12(p5_v28) >= p5_v1);
  p5_v1 = (~(p5_v29 ? p5_v1 : (-p5_v1)));
  if ((!any(p5_v2))) {
    p5_v2.y = p5_v29;
  }
  GS[tid] = uint4((uint3)p5_v2, 0u);
  GroupMemoryBarrierWithGroupSync();
  p5_v2 = (bool3)(GS[(tid + 3) % 8]).xyz;
  GroupMemoryBarrierWithGroupSync();
  Out[0 + tid * 6 + 0] = (uint)p5_v1;
  Out[0 + tid * 6 + 1] = (p5_v2.x ? 1u : 0u);
  Out[0 + tid * 6 + 2] = (p5_v2.y ? 1u : 0u);
  Out[0 + tid * 6 + 3] = (p5_v2.z ? 1u : 0u);
  Out[0 + tid * 6 + 4] = (uint)p5_v28;
  Out[0 + tid * 6 + 5] = (p5_v29 ? 1u : 0u);
}

[numthreads(8, 1, 1)]
void main(uint3 gid : SV_GroupID, uint gi : SV_GroupIndex) {
  switch (gid.x) {
  case 0: p5_main(gi); break;
  }
}
