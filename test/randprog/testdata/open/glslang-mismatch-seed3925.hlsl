// seed 3921, glslang: mismatch
thread 0 slot 15 (int): want 0x40, got 0xfffffedf
thread 1 slot 15 (int): want 0x40, got 0xfffffedf
thread 2 slot 15 (int): want 0x40, got 0xfffffedf
thread 3 slot 15 (int): want 0x40, got 0xfffffedf
thread 4 slot 15 (int): want 0x40, got 0xfffffedf
thread 5 slot 15 (int): want 0x40, got 0xfffffedf
thread 6 slot 15 (int): want 0x40, got 0xfffffedf
thread 7 slot 15 (int): want 0x40, got 0xfffffedf

// flags: -T cs_6_0 -E main -DGLSLANG_SELECT
/*
thread 0 slot 15 (int): want 0x40, got 0xfffffedf
thread 1 slot 15 (int): want 0x40, got 0xfffffedf
thread 2 slot 15 (int): want 0x40, got 0xfffffedf
thread 3 slot 15 (int): want 0x40, got 0xfffffedf
thread 4 slot 15 (int): want 0x40, got 0xfffffedf
thread 5 slot 15 (int): want 0x40, got 0xfffffedf
thread 6 slot 15 (int): want 0x40, got 0xfffffedf
thread 7 slot 15 (int): want 0x40, got 0xfffffedf
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

bool p4_f6(out uint p4_a7, out uint p4_a8) {
  p4_a7 = 17u;
  p4_a8 = 32u;
  uint2 p4_v9 = uint2(13u, 3444745262u);
  p4_v9[((false ? InB.Load((50) * 4) : p4_a8) & 1u)] |= (firstbithigh(p4_v9[(max(p4_a7, p4_a8) & 1u)]) - reversebits((p4_a8 + (p4_v9).x)));
  p4_a7 += ((~((p4_v9).y >> (4294967040u & 31u))) * ((uint)((int)firstbitlow(InI[38]))));
  return (true & ((InI[(p4_a7 & 63u)] >> (1784609299 & 7)) <= 65536));
}
uint p4_f12(uint2 p4_a13, uint4 p4_a14, out int p4_a15) {
  p4_a15 = (-17);
  uint4 p4_v16 = p4_a14;
  float2 p4_v17 = (((float4(2.5f, (-4.0f), (-4.25f), 7.5f) - float4(5.5f, 0.5f, 6.0f, 5.25f)) - ((float4)int4((-1), 2147483647, 19, 813653371)))).ww;
  return ((!((bool)InI[22])) ? (p4_a13).y : ((InB.Load((((false ? p4_a13[((uint3(14u, 2680984845u, 7u)).y & 1u)] : InB.Load((35) * 4)) & 63u)) * 4) + p4_a14[((p4_v16).w & 3u)]) + (true ? 11u : InB.Load(((((uint)p4_a15) & 63u)) * 4))));
}
float4 p4_f18(out uint4 p4_a19) {
  p4_a19 = uint4(5u, 28u, 27u, 27u);
  float p4_v20 = ((dot(float4(1.0f, (-6.5f), 2.75f, 0.0f), float4((-2.5f), 6.5f, 3.0f, (-6.25f))) + 0.75f) / (-2.0f));
  for (int p4_i21 = 0; p4_i21 < 1; p4_i21++) {
    int p4_i22_w = 0;
    while (p4_i22_w < 3) {
      int p4_i22 = p4_i22_w++;
      p4_v20 += p4_v20;
      p4_v20 = p4_v20;
    }
  }
  return (-float4(4.75f, (-5.25f), (-5.0f), 4.0f));
}
uint3 p4_f24(inout float3 p4_a25, bool p4_a26) {
  p4_a26 = all(bool3(p4_a26, (p4_a26 && p4_a26), p4_a26));
  float p4_v27 = ((p4_a25).y / (-2.0f));
  return uint3(0u, 0u, 25u);
}
void p4_main(uint tid) {
  float4 p4_v1[3] = { (float4)0, (float4)0, (float4)0 };
  float3 p4_v2 = float3(6.0f, 6.75f, (-6.25f));
  p4_v1[((InB.Load((((65536u & 2u) & 63u)) * 4) - 17u) % 3u)] = (p4_v1[1]).zwyx;
  Scr[0 + tid * 4 + 2] = uint4(asuint(p4_v2), 0u);
  p4_v2 = asfloat((Scr[0 + tid * 4 + 2]).xyz);
  int p4_v3 = 8;
  p4_v1[1] = p4_v1[1];
  p4_v2.xz -= mul(float2x2(3.25f, (-4.25f), (-2.25f), 2.75f), float2(6.75f, 1.5f));
  for (int p4_i4 = 0; p4_i4 < 1; p4_i4++) {
    uint3 p4_v5 = select(bool3((false | false), (true != true), (bool3(false, true, true)).x), (countbits(uint3(14u, 20u, 19u))).yyx, uint3(65536u, 19u, 3782038608u));
    if (true) {
      int p4_i10_w = 0;
      while (p4_i10_w < 3) {
        int p4_i10 = p4_i10_w++;
        float p4_v11 = step(((float)min(p4_i10, ((int)tid))), (true ? (-(p4_v2).z) : (true ? p4_v2[1] : InF[(p4_f12(uint2(15u, 4u), uint4(727119653u, 20u, 2u, 16u), p4_v3) & 63u)])));
        p4_v1[1] = select(bool4((bool2(false, false)).y, false, (true == false), (true ^ false)), float4((-4.5f), (-3.0f), 2.75f, 7.5f), ((float4)((bool4)uint4(31u, 17u, 19u, 7u))));
      }
      switch (((p4_i4 | (int4(16, 18, 17, 2082435389)).z) & 3)) {
      case 0:
        {
          p4_v2.xyz -= ((float3)int3(9, (-16), 15));
        }
        break;
      case 3:
        {
          p4_v5 -= countbits(p4_v5);
          uint p4_v23 = ((~(28u / (31u | 1u))) * dot(p4_v5, p4_v5));
        }
      default:
        {
          p4_v5.zyx = ((4.25f < (-1.75f)) ? p4_f24(p4_v2, (!true)) : select(bool3(false, false, false), p4_v5, ((uint3)int3(1646464588, (-16), (-4)))));
          p4_v3 *= abs(p4_v3);
        }
        break;
      }
    } else {
      p4_v3 = max(((int4(4, (-1), (-4), 5) + int4((-1), (-558377441), 8, (-2147483648)))).z, (dot(int3(6, (-10), (-5)), int3((-256), (-1053392999), (-1))) % (dot(int2(6, 6), int2(16, (-13))) | 1)));
    }
    p4_v2.y += saturate(((float2(8.0f, 2.25f)).yx).x);
  }
  p4_v2.zx += (float2((-0.25f), 7.25f) * 2.0f);
  p4_v1[1] = select(bool4(true, (false ^ true), false, (true & true)), p4_v1[(tid % 3u)], (select(bool4(true, true, true, true), float4((-6.75f), (-0.25f), (-3.75f), 1.5f), p4_v1[(tid % 3u)])).zxyy);
  Scr[0 + tid * 4 + 1] = uint4(asuint(p4_v2), 0u);
  p4_v2 = asfloat((Scr[0 + tid * 4 + 1]).xyz);
  Out[0 + tid * 16 + 0] = asuint(p4_v1[0].x);
  Out[0 + tid * 16 + 1] = asuint(p4_v1[0].y);
  Out[0 + tid * 16 + 2] = asuint(p4_v1[0].z);
  Out[0 + tid * 16 + 3] = asuint(p4_v1[0].w);
  Out[0 + tid * 16 + 4] = asuint(p4_v1[1].x);
  Out[0 + tid * 16 + 5] = asuint(p4_v1[1].y);
  Out[0 + tid * 16 + 6] = asuint(p4_v1[1].z);
  Out[0 + tid * 16 + 7] = asuint(p4_v1[1].w);
  Out[0 + tid * 16 + 8] = asuint(p4_v1[2].x);
  Out[0 + tid * 16 + 9] = asuint(p4_v1[2].y);
  Out[0 + tid * 16 + 10] = asuint(p4_v1[2].z);
  Out[0 + tid * 16 + 11] = asuint(p4_v1[2].w);
  Out[0 + tid * 16 + 12] = asuint(p4_v2.x);
  Out[0 + tid * 16 + 13] = asuint(p4_v2.y);
  Out[0 + tid * 16 + 14] = asuint(p4_v2.z);
  Out[0 + tid * 16 + 15] = (uint)p4_v3;
}

[numthreads(8, 1, 1)]
void main(uint3 gid : SV_GroupID, uint gi : SV_GroupIndex) {
  switch (gid.x) {
  case 0: p4_main(gi); break;
  }
}
