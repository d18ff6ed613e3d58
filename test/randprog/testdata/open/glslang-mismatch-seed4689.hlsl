// seed 4689, glslang: mismatch
thread 0 slot 0 (int): want 0x0, got 0xfffffff4
thread 0 slot 1 (int): want 0xfffffffe, got 0xb
thread 1 slot 0 (int): want 0x2, got 0xfffffff4
thread 1 slot 1 (int): want 0xfffffffe, got 0xb
thread 2 slot 0 (int): want 0x2, got 0xfffffff6
thread 2 slot 1 (int): want 0xfffffffe, got 0xb
thread 3 slot 0 (int): want 0x4, got 0xfffffff6
thread 3 slot 1 (int): want 0xfffffffe, got 0xb
... and 8 more

// flags: -T cs_6_0 -E main -DGLSLANG_SELECT
/*
thread 0 slot 0 (int): want 0x0, got 0xfffffff4
thread 0 slot 1 (int): want 0xfffffffe, got 0xb
thread 1 slot 0 (int): want 0x2, got 0xfffffff4
thread 1 slot 1 (int): want 0xfffffffe, got 0xb
thread 2 slot 0 (int): want 0x2, got 0xfffffff6
thread 2 slot 1 (int): want 0xfffffffe, got 0xb
thread 3 slot 0 (int): want 0x4, got 0xfffffff6
thread 3 slot 1 (int): want 0xfffffffe, got 0xb
... and 8 more
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

int p0_f3(float3 p0_a4, uint p0_a5, out int p0_a6) {
  p0_a6 = 11;
  bool p0_v7 = false;
  p0_v7 = true;
  return ((int3(int2((-20), 13), p0_a6) * sign(int3((-1776712323), 16, 20)))).x;
}
bool p0_f9(out bool3 p0_a10, float p0_a11, float2 p0_a12) {
  p0_a10 = bool3(true, false, true);
  int p0_i13_w = 0;
  do {
    int p0_i13 = p0_i13_w++;
    switch (((int2(p0_i13, InI[(19u & 63u)])).x & 3)) {
    case 1:
      {
        p0_a12[(10u & 1u)] = floor((p0_a11 + (-InF[(27u & 63u)])));
      }
      break;
    }
    p0_a11 = ((max(p0_a12, float2((-6.0f), 3.5f)) - (p0_a12 + p0_a12))).x;
  } while (p0_i13_w < 2);
  if ((bool2(false, (p0_a10).y)).x) {
    bool2 p0_v14 = (!bool2(((p0_a10).y && (p0_a10).y), ((p0_a10).x & false)));
  }
  return ((p0_a10).z || ((!p0_a10[((23u << (7u & 31u)) % 3u)]) != (false != false)));
}
bool p0_f18(bool3 p0_a19, inout uint3 p0_a20) {
  switch ((1 & 3)) {
  case 2:
    {
      if (((bool)(InI[(16u & 63u)] % ((-6) | 1)))) {
        p0_a20 = (uint3(p0_a20) * (firstbitlow(p0_a20) * InB.Load((20) * 4)));
        p0_a20.yz ^= clamp((countbits(uint3(4100396682u, 12u, 3266458035u))).xx, uint2(2u, 3u), uint2(16u, 3908015311u));
        p0_a19.yx = (!((!bool2(false, false))).xy);
      }
      int p0_i21_w = 0;
      while (p0_i21_w < 4) {
        int p0_i21 = p0_i21_w++;
        p0_a19 = p0_a19;
        p0_a20.zy = ((-(uint2(2147051545u, 22u) / (uint2(65536u, 19u) | uint2(1u, 1u)))) * uint2(10u, 21u));
        uint p0_v22 = (((bool2(true, true)).y ^ (false | (p0_a19).y)) ? p0_a20[2] : ((uint)(InB.Load((((p0_a20).x & 63u)) * 4) <= 2465588005u)));
      }
    }
    break;
  default:
    {
      bool4 p0_v23 = (bool4(true, true, true, true)).yzzx;
      p0_a20.y = (21u % (InB.Load((((uint4(13u, 30u, 7u, 30u)).y & 63u)) * 4) | 1u));
    }
    break;
  }
  p0_a20.x = (p0_a20).z;
  return (true != (any(p0_a19) & (255 != (-14))));
}
bool3 p0_f24(inout uint p0_a25, out int3 p0_a26) {
  p0_a26 = int3(15, 0, 13);
  int4 p0_v27[4] = { (int4)0, (int4)0, (int4)0, (int4)0 };
  float p0_v28[2] = { (float)0, (float)0 };
  p0_a26.xy &= (-(clamp(int4((-19), 1540317948, (-2108945821), 8), int4((-2147483648), (-1), (-10), (-12)), int4(2147483647, 8, (-10), 2147483647))).xw);
  return (bool3((false & false), false, (false & false))).xyy;
}
void p0_main(uint tid) {
  int p0_v1 = (~(((int)tid) >> ((-8) & 31)));
  Scr[0 + tid * 4 + 0] = uint4((uint)p0_v1, 0u, 0u, 0u);
  p0_v1 = (int)(Scr[0 + tid * 4 + 0]).x;
  GS[tid] = uint4((uint)p0_v1, 0u, 0u, 0u);
  GroupMemoryBarrierWithGroupSync();
  p0_v1 = (int)(GS[(tid + 3) % 8]).x;
  GroupMemoryBarrierWithGroupSync();
  int p0_v2 = ((p0_f3(float3((-0.25f), 4.25f, 4.25f), tid, p0_v1) & (int2(20, 13)).y) | ((~(-20)) / ((int4(14, (-1691360732), (-8), 5)).z | 1)));
  p0_v1 |= abs(((true ? InI[(tid & 63u)] : InI[(tid & 63u)]) & (int2(9, (-1))).y));
  float3 p0_v8 = (float3((-3.75f), (-3.75f), (-1.25f))).xzx;
  if (true) {
    switch (((int2(2147483647, 65536)).x & 3)) {
    case 0:
      {
        p0_v1 = p0_v1;
      }
      break;
    case 3:
      {
        p0_v8 = p0_v8;
      }
      break;
    }
    p0_v1 = min(((~int3(9, (-11), 10))).z, (true ? p0_v1 : p0_f3(p0_v8, 22u, p0_v2)));
    p0_v1 = (((int4((-10), 15, 2147483647, (-8))).zx).y & (~(p0_v2 - ((int)tid))));
  } else {
    switch ((p0_v2 & 3)) {
    case 1:
      {
        p0_v8.zx += float2((float2((-6.75f), (-2.5f)) + trunc(float2(4.0f, (-2.75f)))));
        if (((!true) | false)) {
          bool2 p0_v15 = bool2(((bool)(15u - tid)), ((bool3(true, false, true)).z || true));
          p0_v8 = p0_v8;
          int4 p0_v16 = (((19u == InB.Load(((tid & 63u)) * 4)) != (p0_v15[((-18u) & 1u)] || false)) ? ((int4)firstbitlow((int4((-11), 3, (-12), (-728131966)) & int4((-1), 1609700527, 20, 15)))) : (int4(20, (-4), (-256), 9) ^ (true ? int4((-256), (-9), 0, 0) : int4((-3), 12, 10, 19))));
        } else {
          p0_v1 = ((int)false);
        }
      }
      break;
    }
  }
  Scr[0 + tid * 4 + 0] = uint4((uint)p0_v2, 0u, 0u, 0u);
  p0_v2 = (int)(Scr[0 + tid * 4 + 0]).x;
  if ((true | (!true))) {
    for (int p0_i17 = 0; p0_i17 < 3; p0_i17++) {
      if (((true && false) == any(bool4(true, false, false, false)))) {
        uint4 p0_v29 = ((firstbitlow(uint4(12u, 730991897u, 3u, 13u)) + uint4(4u, 255u, 26u, 21u)) / (tid | 1u));
        p0_v1 -= p0_v1;
      }
    }
  } else {
    int p0_i30_w = 0;
    while (p0_i30_w < 3) {
      int p0_i30 = p0_i30_w++;
      for (int p0_i31 = 0; p0_i31 < 2; p0_i31++) {
        p0_v8 -= float3(p0_v8);
        p0_v8 = (mul((true ? float2((-2.5f), 3.75f) : float2(3.5f, (-0.75f))), float2x3((-2.5f), 1.25f, 1.75f, (-0.5f), 3.25f, (-2.0f))) + (p0_v8).xyz);
      }
      switch (((-(int3((-17), (-8), 2)).y) & 3)) {
      case 1:
        {
          p0_v1 = ((sign(p0_i30) >> (InI[(tid & 63u)] & 7)) * p0_f3((p0_v8 + p0_v8), max(28u, tid), p0_v2));
          uint p0_v32 = dot(select(bool2(true, true), (uint2(8u, 5u) - uint2(19u, 4u)), (uint2(21u, 1839475544u) ^ uint2(14u, 26u))), ((false == false) ? (uint4(25u, 11u, 12u, 5u)).yx : uint2(25u, 21u)));
        }
        break;
      case 2:
        {
          p0_v1 = min(((true ? InI[(24u & 63u)] : InI[((InB.Load(((tid & 63u)) * 4) | 31u) & 63u)]) - p0_i30), (((int4)firstbithigh(int4((-9), (-13), 9, (-1))))).w);
        }
        break;
      }
      uint p0_v33 = tid;
    }
  }
  Scr[0 + tid * 4 + 1] = uint4((uint)p0_v1, 0u, 0u, 0u);
  p0_v1 = (int)(Scr[0 + tid * 4 + 1]).x;
  uint p0_v34[3] = { (uint)0, (uint)0, (uint)0 };
  Out[0 + tid * 8 + 0] = (uint)p0_v1;
  Out[0 + tid * 8 + 1] = (uint)p0_v2;
  Out[0 + tid * 8 + 2] = asuint(p0_v8.x);
  Out[0 + tid * 8 + 3] = asuint(p0_v8.y);
  Out[0 + tid * 8 + 4] = asuint(p0_v8.z);
  Out[0 + tid * 8 + 5] = (uint)p0_v34[0];
  Out[0 + tid * 8 + 6] = (uint)p0_v34[1];
  Out[0 + tid * 8 + 7] = (uint)p0_v34[2];
}

[numthreads(8, 1, 1)]
void main(uint3 gid : SV_GroupID, uint gi : SV_GroupIndex) {
  switch (gid.x) {
  case 0: p0_main(gi); break;
  }
}
