// seed 1001817 program 7, hlsl2spirv: run-error
EOF (signal: floating point exception)
job:
module /tmp/randprog3329689120/module.spv
entry main
dispatch 1 1 1
buffer 0 0 ssbo 352 /tmp/randprog3329689120/in_0_0_0.bin /tmp/randprog3329689120/out_0_0_0.bin
buffer 0 2 ssbo 256 /tmp/randprog3329689120/in_0_2_0.bin /tmp/randprog3329689120/out_0_2_0.bin
buffer 0 4 ssbo 256 /tmp/randprog3329689120/in_0_4_0.bin /tmp/randprog3329689120/out_0_4_0.bin

// flags: -T cs_6_2 -E main -enable-16bit-types
/*
EOF (signal: floating point exception)
job:
module /tmp/randprog3329689120/module.spv
entry main
dispatch 1 1 1
buffer 0 0 ssbo 352 /tmp/randprog3329689120/in_0_0_0.bin /tmp/randprog3329689120/out_0_0_0.bin
buffer 0 2 ssbo 256 /tmp/randprog3329689120/in_0_2_0.bin /tmp/randprog3329689120/out_0_2_0.bin
buffer 0 4 ssbo 256 /tmp/randprog3329689120/in_0_4_0.bin /tmp/randprog3329689120/out_0_4_0.bin
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

struct p7_S1 { float f0; bool3 f1; int f2; };
bool2 p7_f4(uint4 p7_a5, out int p7_a6) {
  p7_a6 = (-1718476455);
  switch ((((int)mad(InF[9], (-6.0f), 2.5f)) & 3)) {
  case 1:
    {
      float2 p7_v7[4] = { (float2)0, (float2)0, (float2)0, (float2)0 };
    }
    break;
  case 3:
    {
      int p7_i8_w = 0;
      do {
        int p7_i8 = p7_i8_w++;
        p7_a5 ^= (((true & true) | (false & true)) ? firstbitlow((-p7_a5)) : ((p7_a5 / (p7_a5 | uint4(1u, 1u, 1u, 1u)))).xxyw);
        p7_a5 = uint4((uint4(13u, 4u, 26u, 24u) - p7_a5[((~(p7_a5).w) & 3u)]));
      } while (p7_i8_w < 2);
    }
  case 2:
    {
      p7_a6 = ((int)InF[((-InU[6]) & 63u)]);
      switch (((false ? p7_a6 : (p7_a6 + p7_a6)) & 3)) {
      case 2:
        {
          p7_a5.xz = ((uint2(6u, 9u) + uint2(3602015314u, 15u)) / (uint2(6u, 18u) | uint2(1u, 1u)));
          p7_S1 p7_v9 = { (float)0, (bool3)0, (int)0 };
        }
        break;
      default:
        {
          p7_a6 = ((!(bool2(true, false)).y) ? (-((int)(-2.25f))) : (((int)firstbitlow(p7_a6)) / ((p7_a6 - 19) | 1)));
          bool p7_v10 = ((false ^ true) ? false : true);
        }
        break;
      }
    }
    break;
  }
  int2 p7_v11 = (int2((int2(65536, 1) * int2((-7), (-18)))) + int2(19, 1728235635));
  return bool2(true, false);
}
int4 p7_f12(float2 p7_a13, half2 p7_a14, half2 p7_a15) {
  p7_a13 -= mul((float2x2(0.25f, (-1.75f), 5.25f, (-3.75f)) - float2x2(5.0f, 3.75f, (-1.25f), 8.0f)), float2((false ? p7_a13 : p7_a13)));
  int p7_v16 = ((int)((0.75f + (p7_a13).x) * 2.0f));
  float p7_v17 = (((p7_a13[((false ? InU[55] : 28u) & 1u)] + (p7_a13).x) + 1.0f) + (p7_a13[(((uint)InI[((7u % (28u | 1u)) & 63u)]) & 1u)] + trunc(3.25f)));
  return (int4((-2147483648), (-7), (-19), (-14)) / (int4((int3((-17), 65536, (-20)) + int3(16, 7, 7)), (-p7_v16)) | int4(1, 1, 1, 1)));
}
void p7_main(uint tid) {
  p7_S1 p7_v2 = { (float)0, (bool3)0, (int)0 };
  float p7_v3 = (true ? ceil((-InF[(22u & 63u)])) : (InF[9] * p7_v2.f0));
  if ((!(tid == 5u))) {
    p7_v2.f1 = p7_v2.f1;
  }
  p7_v2.f2 = (((float2((-3.75f), 6.75f) != float2((-4.25f), 6.25f))).y ? ((int)tid) : dot(p7_f12(float2((-2.75f), 4.75f), half2((half)(-5.75), (half)0.25), half2((half)6.0, (half)(-3.75))), (int4(3, 13, 10, (-17))).xzxz));
  int p7_i18_w = 0;
  do {
    int p7_i18 = p7_i18_w++;
    half4 p7_v19 = half4((half)6.75, (half)(-1.5), (half)(-7.0), (half)5.75);
    int2 p7_v20[3] = { (int2)0, (int2)0, (int2)0 };
  } while (p7_i18_w < 3);
  p7_S1 p7_v21 = { (float)0, (bool3)0, (int)0 };
  for (int p7_i22 = 0; p7_i22 < 2; p7_i22++) {
    p7_v2.f1 = (bool3(bool2(false, false), (InI[24] == p7_v21.f2)) == ((bool3)(-uint3(22u, 30u, 29u))));
  }
  Out[0 + tid * 11 + 0] = asuint(p7_v2.f0);
  Out[0 + tid * 11 + 1] = (p7_v2.f1.x ? 1u : 0u);
  Out[0 + tid * 11 + 2] = (p7_v2.f1.y ? 1u : 0u);
  Out[0 + tid * 11 + 3] = (p7_v2.f1.z ? 1u : 0u);
  Out[0 + tid * 11 + 4] = (uint)p7_v2.f2;
  Out[0 + tid * 11 + 5] = asuint(p7_v3);
  Out[0 + tid * 11 + 6] = asuint(p7_v21.f0);
  Out[0 + tid * 11 + 7] = (p7_v21.f1.x ? 1u : 0u);
  Out[0 + tid * 11 + 8] = (p7_v21.f1.y ? 1u : 0u);
  Out[0 + tid * 11 + 9] = (p7_v21.f1.z ? 1u : 0u);
  Out[0 + tid * 11 + 10] = (uint)p7_v21.f2;
}

[numthreads(8, 1, 1)]
void main(uint3 gid : SV_GroupID, uint gi : SV_GroupIndex) {
  switch (gid.x) {
  case 0: p7_main(gi); break;
  }
}
