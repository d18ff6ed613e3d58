// seed 4065, glslang: mismatch
thread 0 slot 0 (bool): want 0x0, got 0x1
thread 1 slot 0 (bool): want 0x0, got 0x1
thread 2 slot 0 (bool): want 0x0, got 0x1
thread 3 slot 0 (bool): want 0x0, got 0x1
thread 4 slot 0 (bool): want 0x0, got 0x1
thread 5 slot 0 (bool): want 0x0, got 0x1
thread 6 slot 0 (bool): want 0x0, got 0x1
thread 7 slot 0 (bool): want 0x0, got 0x1

// flags: -T cs_6_0 -E main -DGLSLANG_SELECT
/*
thread 0 slot 0 (bool): want 0x0, got 0x1
thread 1 slot 0 (bool): want 0x0, got 0x1
thread 2 slot 0 (bool): want 0x0, got 0x1
thread 3 slot 0 (bool): want 0x0, got 0x1
thread 4 slot 0 (bool): want 0x0, got 0x1
thread 5 slot 0 (bool): want 0x0, got 0x1
thread 6 slot 0 (bool): want 0x0, got 0x1
thread 7 slot 0 (bool): want 0x0, got 0x1
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

int p0_f3(bool p0_a4, inout bool p0_a5) {
  p0_a5 = (all(bool4(p0_a5, p0_a4, p0_a4, false)) != (!(bool2(false, false)).y));
  for (int p0_i6 = 0; p0_i6 < 4; p0_i6++) {
    uint3 p0_v7 = (uint3(4u, 15u, 3u)).yyx;
    uint4 p0_v8 = (((uint4(2u, 2147483647u, 19u, 2147483647u)).zzxy).wwyw % (reversebits(select(bool4(true, true, false, true), uint4(2147483648u, 22u, 2875689926u, 32u), uint4(23u, 10u, 2u, 26u))) | uint4(1u, 1u, 1u, 1u)));
    switch ((((int2(2, (-6)) ^ int2(65536, 2))).y & 3)) {
    case 1:
      {
        p0_v8[((p0_v7).y & 3u)] = (~(~(uint2(2147625505u, 15u)).x));
        p0_a4 = (all(bool4(p0_a4, p0_a5, p0_a4, true)) & p0_a4);
      }
      break;
    default:
      {
        bool p0_v9 = (any(bool2(p0_a5, p0_a5)) == p0_a4);
        p0_a5 = (((p0_v8[((p0_v7[(1825603508u % 3u)] & (p0_v7).x) & 3u)] ^ (p0_v8).z) != (p0_v8[3] | p0_v7[1])) && p0_v9);
      }
      break;
    }
  }
  return ((clamp(InI[30], (-7), 200511503) - 9) / (dot(int4(3, (-17), 19, (-5)), min(int4((-10), 8, (-14), 12), int4(19, 16, 65536, 8))) | 1));
}
float p0_f14(bool p0_a15, uint p0_a16) {
  if ((min(InB.Load(((min(p0_a16, p0_a16) & 63u)) * 4), InB.Load((2) * 4)) == (InB.Load(((firstbithigh(p0_a16) & 63u)) * 4) + p0_a16))) {
    switch (((((-10) & InI[((p0_a16 + p0_a16) & 63u)]) / ((~InI[((-InB.Load((((p0_a16 + p0_a16) & 63u)) * 4)) & 63u)]) | 1)) & 3)) {
    case 2:
      {
        p0_a16 = p0_a16;
      }
      break;
    case 3:
      {
        p0_a16 = p0_a16;
      }
      break;
    case 1:
      {
        p0_a16 |= ((uint2(3512393654u, 6u)).x >> ((((uint)(-3.25f)) - (p0_a16 >> (p0_a16 & 7u))) & 31u));
      }
      break;
    }
  } else {
    float p0_v17[4] = { (float)0, (float)0, (float)0, (float)0 };
  }
  p0_a15 = (((1 | 2) % (1 | 1)) <= clamp((InI[(p0_a16 & 63u)] | (-9)), (-11), 2));
  return ((float)((p0_a16 / (InB.Load((((p0_a15 ? p0_a16 : InB.Load((56) * 4)) & 63u)) * 4) | 1u)) * (p0_a16 / (p0_a16 | 1u))));
}
void p0_main(uint tid) {
  bool p0_v1 = false;
  int p0_v2 = (((bool4(false, true, false, true)).w | any(bool3(true, false, true))) ? ((int)tid) : (p0_f3(p0_v1, p0_v1) + dot(int2(12, 7), int2(2147483647, 9))));
  GS[tid] = uint4((uint)p0_v2, 0u, 0u, 0u);
  GroupMemoryBarrierWithGroupSync();
  p0_v2 = (int)(GS[(tid + 7) % 8]).x;
  GroupMemoryBarrierWithGroupSync();
  float p0_v10 = InF[4];
  for (int p0_i11 = 0; p0_i11 < 3; p0_i11++) {
    float p0_v12[3] = { (float)0, (float)0, (float)0 };
  }
  float p0_v13 = p0_f14((true || true), clamp((~InB.Load((62) * 4)), 4u, 23u));
  float3x3 p0_v18 = float3x3(5.5f, 5.25f, 7.25f, 3.25f, 0.25f, (-0.5f), (-3.0f), (-6.0f), 2.5f);
  Out[0 + tid * 13 + 0] = (p0_v1 ? 1u : 0u);
  Out[0 + tid * 13 + 1] = (uint)p0_v2;
  Out[0 + tid * 13 + 2] = asuint(p0_v10);
  Out[0 + tid * 13 + 3] = asuint(p0_v13);
  Out[0 + tid * 13 + 4] = asuint(p0_v18[0][0]);
  Out[0 + tid * 13 + 5] = asuint(p0_v18[0][1]);
  Out[0 + tid * 13 + 6] = asuint(p0_v18[0][2]);
  Out[0 + tid * 13 + 7] = asuint(p0_v18[1][0]);
  Out[0 + tid * 13 + 8] = asuint(p0_v18[1][1]);
  Out[0 + tid * 13 + 9] = asuint(p0_v18[1][2]);
  Out[0 + tid * 13 + 10] = asuint(p0_v18[2][0]);
  Out[0 + tid * 13 + 11] = asuint(p0_v18[2][1]);
  Out[0 + tid * 13 + 12] = asuint(p0_v18[2][2]);
}

[numthreads(8, 1, 1)]
void main(uint3 gid : SV_GroupID, uint gi : SV_GroupIndex) {
  switch (gid.x) {
  case 0: p0_main(gi); break;
  }
}
