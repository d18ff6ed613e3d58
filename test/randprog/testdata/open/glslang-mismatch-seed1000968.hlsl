// seed 1000961, glslang: mismatch
thread 0 slot 1 (uint): want 0x1e, got 0xc
thread 1 slot 1 (uint): want 0x1e, got 0xc
thread 2 slot 1 (uint): want 0x1e, got 0xc
thread 3 slot 1 (uint): want 0x1e, got 0xc
thread 4 slot 1 (uint): want 0x1e, got 0xc
thread 5 slot 1 (uint): want 0x1e, got 0xc
thread 6 slot 1 (uint): want 0x1e, got 0xc
thread 7 slot 1 (uint): want 0x1e, got 0xc

// flags: -T cs_6_0 -E main -DGLSLANG_SELECT
/*
thread 0 slot 1 (uint): want 0x1e, got 0xc
thread 1 slot 1 (uint): want 0x1e, got 0xc
thread 2 slot 1 (uint): want 0x1e, got 0xc
thread 3 slot 1 (uint): want 0x1e, got 0xc
thread 4 slot 1 (uint): want 0x1e, got 0xc
thread 5 slot 1 (uint): want 0x1e, got 0xc
thread 6 slot 1 (uint): want 0x1e, got 0xc
thread 7 slot 1 (uint): want 0x1e, got 0xc
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

struct p7_S1 { float f0; float f1; };
float p7_f5(float p7_a6, float4 p7_a7, out int p7_a8) {
  p7_a8 = (-18);
  if (true) {
    uint4 p7_v9 = (uint4(23u, 17u, 3052008330u, 3347045520u) >> ((15u ^ (~32u)) & 31u));
  }
  if ((!(true == true))) {
    if (((false ? false : false) || (true ^ false))) {
      p7_a6 = (abs(p7_a6) * 2.0f);
    } else {
      int4 p7_v10 = (int4(10, 7, (-15), 19)).ywxx;
      p7_v10 += abs(p7_v10);
    }
    uint p7_v11 = 21u;
  }
  uint p7_v12 = (((-3u) + (uint3(8u, 1u, 4093352259u)).z) | ((true ? InB.Load((42) * 4) : 2u) << (clamp(15u, 8u, 18u) & 7u)));
  p7_a6 += p7_a6;
  return dot(((float3)select(bool3(true, true, true), bool3(true, false, false), bool3(false, false, false))), select(bool3(true, true, true), (float3((-5.25f), (-3.0f), 3.5f) * 3.0f), (float3(2.5f, 6.25f, (-0.25f))).xxz));
}
int p7_f23(uint p7_a24, out uint p7_a25) {
  p7_a25 = 2147483648u;
  bool3 p7_v26[4] = { (bool3)0, (bool3)0, (bool3)0, (bool3)0 };
  p7_a25 = (p7_a24 << (countbits((-p7_a25)) & 31u));
  return abs((dot(int2((-8), 5), int2((-17), (-7))) & (-1355382778)));
}
void p7_main(uint tid) {
  float p7_v2 = (-1.75f);
  uint p7_v3 = 30u;
  float4 p7_v4 = ((-float4((-4.0f), 1.75f, (-1.75f), 5.75f))).zxyx;
  switch ((((true ? InI[39] : InI[47]) >> ((-3) & 7)) & 3)) {
  case 3:
    {
      p7_v2 = p7_v2;
    }
    break;
  case 2:
    {
      p7_v3 = p7_v3;
      int p7_i13_w = 0;
      while (p7_i13_w < 2) {
        int p7_i13 = p7_i13_w++;
        for (int p7_i14 = 0; p7_i14 < 4; p7_i14++) {
          p7_v4.wy = float2(3.75f, 2.75f);
        }
      }
    }
    break;
  }
  if (((false ^ false) ^ (!true))) {
    switch ((((-InI[(min(p7_v3, p7_v3) & 63u)]) % ((InI[((false ? p7_v3 : p7_v3) & 63u)] - (-3)) | 1)) & 3)) {
    case 3:
      {
        p7_v4 = p7_v4;
      }
    case 0:
      {
        p7_v3 = min(13u, (true ? p7_v3 : (tid | InB.Load((((tid << (tid & 31u)) & 63u)) * 4))));
      }
      break;
    }
  } else {
    p7_v3 = p7_v3;
    p7_v2 = ((float)(true | false));
  }
  p7_v4[2] = ((true || (!true)) ? p7_v2 : ((true ? p7_v2 : p7_v4[1]) / (-2.0f)));
  int p7_v22 = InI[21];
  Scr[0 + tid * 4 + 0] = uint4((uint)p7_v22, 0u, 0u, 0u);
  p7_v22 = (int)(Scr[0 + tid * 4 + 0]).x;
  GS[tid] = uint4(asuint(p7_v4));
  GroupMemoryBarrierWithGroupSync();
  p7_v4 = asfloat((GS[(tid + 5) % 8]).xyzw);
  GroupMemoryBarrierWithGroupSync();
  p7_v22 = ((p7_v2 <= floor(p7_v2)) ? (sign(((int)tid)) / (((int)tid) | 1)) : (-p7_f23(6u, p7_v3)));
  GS[tid] = uint4((uint)p7_v22, 0u, 0u, 0u);
  GroupMemoryBarrierWithGroupSync();
  p7_v22 = (int)(GS[(tid + 7) % 8]).x;
  GroupMemoryBarrierWithGroupSync();
  Out[0 + tid * 7 + 0] = asuint(p7_v2);
  Out[0 + tid * 7 + 1] = (uint)p7_v3;
  Out[0 + tid * 7 + 2] = asuint(p7_v4.x);
  Out[0 + tid * 7 + 3] = asuint(p7_v4.y);
  Out[0 + tid * 7 + 4] = asuint(p7_v4.z);
  Out[0 + tid * 7 + 5] = asuint(p7_v4.w);
  Out[0 + tid * 7 + 6] = (uint)p7_v22;
}

[numthreads(8, 1, 1)]
void main(uint3 gid : SV_GroupID, uint gi : SV_GroupIndex) {
  switch (gid.x) {
  case 0: p7_main(gi); break;
  }
}
