// seed 4193, glslang: mismatch
thread 1 slot 1 (uint): want 0xffffffeb, got 0x3333332f
thread 2 slot 1 (uint): want 0xffffffeb, got 0x6666665e
thread 3 slot 1 (uint): want 0xffffffeb, got 0x9999998d
thread 4 slot 1 (uint): want 0xffffffeb, got 0xccccccbc
thread 6 slot 1 (uint): want 0xffffffe8, got 0x3333331a
thread 7 slot 1 (uint): want 0xffffffe4, got 0x66666649

// flags: -T cs_6_0 -E main -DGLSLANG_SELECT
/*
thread 1 slot 1 (uint): want 0xffffffeb, got 0x3333332f
thread 2 slot 1 (uint): want 0xffffffeb, got 0x6666665e
thread 3 slot 1 (uint): want 0xffffffeb, got 0x9999998d
thread 4 slot 1 (uint): want 0xffffffeb, got 0xccccccbc
thread 6 slot 1 (uint): want 0xffffffe8, got 0x3333331a
thread 7 slot 1 (uint): want 0xffffffe4, got 0x66666649
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

uint2 p3_f4(out bool2 p3_a5, inout uint p3_a6, uint p3_a7) {
  p3_a5 = bool2(false, false);
  uint p3_v8 = dot(((uint3(29u, 65536u, 2147483647u) - uint3(11u, 905115464u, 4285452400u)) * uint3(uint3(6u, 65536u, 24u))), ((uint3)float3((-1.75f), 5.5f, 5.75f)));
  p3_a6 &= (((uint)1.0f) * ((InU[((p3_v8 / (p3_a7 | 1u)) & 63u)] + p3_v8) - countbits(InU[20])));
  p3_a5[1] = ((p3_a5[(((uint)InI[27]) & 1u)] ? (p3_a5).y : (true ? true : p3_a5[(countbits(p3_a7) & 1u)])) != (bool4(true, true, true, false)).w);
  return uint2(20u, 30u);
}
uint p3_f9(float p3_a10, int p3_a11) {
  int p3_i12_w = 0;
  while (p3_i12_w < 2) {
    int p3_i12 = p3_i12_w++;
    int p3_i13_w = 0;
    do {
      int p3_i13 = p3_i13_w++;
      p3_a10 -= (false ? p3_a10 : InF[(max(28u, 8u) & 63u)]);
      uint p3_v14 = ((uint)p3_a10);
    } while (p3_i13_w < 3);
  }
  float p3_v15 = (((true & true) ? p3_a10 : p3_a10) + (dot(float2((-6.0f), 1.25f), float2((-3.0f), (-7.0f))) + p3_a10));
  float2 p3_v16 = float2(select(bool2(false, false), ((float2)bool2(true, false)), float2(4.5f, (-5.5f))));
  return ((-(20u / (InU[6] | 1u))) * min(((uint)p3_a11), 23u));
}
uint p3_f17(int p3_a18, inout float p3_a19, uint p3_a20) {
  int p3_i21_w = 0;
  while (p3_i21_w < 2) {
    int p3_i21 = p3_i21_w++;
    if (false) {
      break;
    }
  }
  switch (((-13) & 3)) {
  case 0:
    {
      float p3_v22[2] = { (float)0, (float)0 };
      int4 p3_v23 = ((int4)firstbitlow(min(((int4)firstbitlow(int4((-6), 19, 0, 11))), (int4((-18), 6, 14, 2147483647)).ywzz)));
    }
    break;
  case 3:
    {
      float p3_v24 = p3_a19;
    }
    break;
  default:
    {
      p3_a19 = ((!(p3_a20 == InU[((p3_a20 & p3_a20) & 63u)])) ? p3_a19 : dot(select(bool3(true, false, false), float3(8.0f, 6.25f, (-6.0f)), float3(0.5f, 1.25f, 7.25f)), float3(InF[((uint3(4u, 3076804680u, 5u)).x & 63u)], float2(5.25f, (-4.5f)))));
    }
    break;
  }
  return (-((~uint2(30u, 31u))).y);
}
void p3_main(uint tid) {
  float p3_v1 = trunc(InF[19]);
  Scr[0 + tid * 4 + 0] = uint4(asuint(p3_v1), 0u, 0u, 0u);
  p3_v1 = asfloat((Scr[0 + tid * 4 + 0]).x);
  uint p3_v2 = (uint2(24u, 7u)).x;
  uint2 p3_v3 = countbits((min(uint2(1966652540u, 23u), uint2(11u, 14u)) << ((uint2(7u, 21u) - uint2(30u, 5u)) & uint2(31u, 31u))));
  p3_v2 = (((-1) != (((int)tid) & (-8))) ? min(p3_f9(p3_v1, ((int)tid)), (~InU[((~p3_v2) & 63u)])) : p3_f17((255 - ((int)tid)), p3_v1, (-p3_v2)));
  int p3_i25_w = 0;
  do {
    int p3_i25 = p3_i25_w++;
    if (false) {
      p3_v2 = ((uint)abs((((int)tid) ^ p3_i25)));
      if (((false ^ true) ? (true != false) : (false == false))) {
        continue;
      }
    } else {
      p3_v3 = reversebits(reversebits(select(bool2(false, false), p3_v3, p3_v3)));
    }
    if ((true ? false : true)) {
      break;
    }
  } while (p3_i25_w < 2);
  int p3_i26_w = 0;
  do {
    int p3_i26 = p3_i26_w++;
    switch (((((int3)bool3(true, false, true))).x & 3)) {
    case 2:
      {
        bool2 p3_v27 = bool2(bool2((!true), (true | true)));
        int p3_i28_w = 0;
        do {
          int p3_i28 = p3_i28_w++;
          p3_v27 = ((bool2)((-float2((-6.5f), (-5.5f))) - (float2((-7.0f), 3.25f)).xx));
        } while (p3_i28_w < 4);
      }
    default:
      {
        float4 p3_v29 = (ceil((float4((-3.25f), (-6.5f), 7.25f, 2.5f) * 0.5f)) - ceil(float4(3.0f, (-0.75f), 5.5f, 7.75f)));
        p3_v1 = ((trunc(p3_v1) - (true ? p3_v1 : p3_v1)) + ((false != false) ? p3_v29[(tid & 3u)] : (float3((-7.75f), 5.0f, 0.25f)).z));
      }
      break;
    }
    p3_v3 = p3_v3;
    p3_v1 = p3_v1;
  } while (p3_i26_w < 1);
  bool2 p3_v30 = bool2(true, true);
  Out[0 + tid * 6 + 0] = asuint(p3_v1);
  Out[0 + tid * 6 + 1] = (uint)p3_v2;
  Out[0 + tid * 6 + 2] = (uint)p3_v3.x;
  Out[0 + tid * 6 + 3] = (uint)p3_v3.y;
  Out[0 + tid * 6 + 4] = (p3_v30.x ? 1u : 0u);
  Out[0 + tid * 6 + 5] = (p3_v30.y ? 1u : 0u);
}

[numthreads(8, 1, 1)]
void main(uint3 gid : SV_GroupID, uint gi : SV_GroupIndex) {
  switch (gid.x) {
  case 0: p3_main(gi); break;
  }
}
