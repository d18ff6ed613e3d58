// seed 1002705 program 0, hlsl2spirv-O0: run-error
runner: waiting for the dispatch: VK_TIMEOUT (a shader that never ends?)
job:
module /tmp/randprog3499249236/module.spv
entry main
dispatch 1 1 1
buffer 0 0 ssbo 704 /tmp/randprog3499249236/in_0_0_0.bin /tmp/randprog3499249236/out_0_0_0.bin
buffer 0 2 ssbo 256 /tmp/randprog3499249236/in_0_2_0.bin /tmp/randprog3499249236/out_0_2_0.bin
buffer 0 5 ssbo 256 /tmp/randprog3499249236/in_0_5_0.bin /tmp/randprog3499249236/out_0_5_0.bin

// flags: -T cs_6_0 -E main -O0
/*
runner: waiting for the dispatch: VK_TIMEOUT (a shader that never ends?)
job:
module /tmp/randprog3499249236/module.spv
entry main
dispatch 1 1 1
buffer 0 0 ssbo 704 /tmp/randprog3499249236/in_0_0_0.bin /tmp/randprog3499249236/out_0_0_0.bin
buffer 0 2 ssbo 256 /tmp/randprog3499249236/in_0_2_0.bin /tmp/randprog3499249236/out_0_2_0.bin
buffer 0 5 ssbo 256 /tmp/randprog3499249236/in_0_5_0.bin /tmp/randprog3499249236/out_0_5_0.bin
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

bool p0_f16(float p0_a17, out int2 p0_a18) {
  p0_a18 = int2((-18), (-10));
  int p0_v19 = 14;
  p0_v19 = p0_v19;
  int3 p0_v20 = ((int3)firstbitlow((~int3((-11), 11, (-20)))));
  p0_v20 = (~p0_v20);
  return true;
}
float2 p0_f21(out uint p0_a22, inout bool2 p0_a23) {
  p0_a22 = 21u;
  p0_a22 = p0_a22;
  return (((float2((-0.5f), (-0.5f))).yx).xx + min(float2((-2.75f), (-0.25f)), (float2(7.0f, 0.0f) + float2(0.75f, (-5.75f)))));
}
float p0_f24(inout int p0_a25, int2 p0_a26) {
  p0_a26.xy = p0_a26;
  float p0_v27 = min((-6.0f), (-7.0f));
  bool3 p0_v28 = bool3((17u < 4294967040u), all((true ? bool3(false, true, false) : bool3(true, true, false))), ((674587073u == 24u) ? (14 < (-5)) : (false || true)));
  p0_a26[((true ? InB.Load(((firstbithigh(11u) & 63u)) * 4) : 11u) & 1u)] *= ((bool2((p0_v28).z, false)).x ? (-p0_a25) : (~(true ? p0_a25 : p0_a25)));
  return p0_v27;
}
void p0_main(uint tid) {
  uint p0_v1[2] = { (uint)0, (uint)0 };
  float p0_v2 = ((float)(select(bool3(false, false, false), uint3(4294967295u, 15u, 27u), uint3(13u, 15u, 9u))).y);
  bool2 p0_v3 = bool2(false, false);
  bool3 p0_v4[3] = { (bool3)0, (bool3)0, (bool3)0 };
  int3 p0_v5 = min(int3(7, (-20), 19), (((p0_v3).y ? int3(20, (-1), (-16)) : int3((-10), 12, (-5))) << (8 & 7)));
  int p0_i6_w = 0;
  do {
    int p0_i6 = p0_i6_w++;
    if ((p0_v3).x) {
      int p0_v7 = (p0_i6 << ((((int)tid) - (p0_v5).z) & 31));
      uint p0_v8 = ((uint)((int)firstbitlow(dot(int2(1495890482, 16), int2(19, (-5))))));
    }
    uint4 p0_v9[3] = { (uint4)0, (uint4)0, (uint4)0 };
    float p0_v10 = ((float2((-0.5f), (-2.25f)) + trunc(float2(6.5f, 3.0f)))).x;
  } while (p0_i6_w < 3);
  bool p0_v11 = ((((bool2)int2(6, (-256)))).x | ((false && p0_v3[(tid & 1u)]) || ((bool)2914829294u)));
  int p0_i12_w = 0;
  while (p0_i12_w < 4) {
    int p0_i12 = p0_i12_w++;
    for (int p0_i13 = 0; p0_i13 < 4; p0_i13++) {
      float4 p0_v14[2] = { (float4)0, (float4)0 };
      int p0_i15_w = 0;
      while (p0_i15_w < 3) {
        int p0_i15 = p0_i15_w++;
        p0_v4[((tid - InB.Load((((p0_v11 ? tid : p0_v1[(3u & 1u)]) & 63u)) * 4)) % 3u)] = bool3((p0_v11 & (p0_v11 & p0_v11)), ((p0_v11 != p0_v3[(tid & 1u)]) || (bool4(true, false, true, false)).y), p0_v11);
        p0_v14[0] = select(bool4((p0_v11 | (p0_v3).x), ((bool)(p0_v5).x), (!p0_v11), (p0_v11 ? p0_v11 : (p0_v3).x)), ceil((p0_v14[(tid & 1u)]).wwxy), ((p0_v14[0] + float4((-5.75f), (-6.0f), 1.75f, (-8.0f))) / 2.0f));
        p0_v1[1] += (clamp((uint4(15u, 2147483647u, 16u, 1u)).wxz, uint3(8u, 21u, 2u), uint3(10u, 28u, 9u))).z;
      }
    }
    p0_v11 = (!any(bool4((p0_v3).x, p0_v3, p0_v11)));
  }
  if ((p0_v3).y) {
    p0_v4[((p0_v11 ? tid : p0_v1[(tid & 1u)]) % 3u)] = bool3(((p0_v1[((uint2(28u, 3693542793u)).x & 1u)] < tid) | any(p0_v3)), ((p0_v11 != (p0_v3).x) == p0_v11), p0_v11);
    switch (((-min((p0_v5).z, 10)) & 3)) {
    case 1:
      {
        switch ((InI[60] & 3)) {
        case 2:
          {
            p0_v11 = (!((p0_v3[(tid & 1u)] ? p0_v3[(tid & 1u)] : true) != p0_v11));
          }
          break;
        }
        p0_v11 = any(bool4(true, false, true, false));
      }
    case 2:
      {
        float p0_v29 = p0_v2;
      }
      break;
    }
  } else {
    int p0_v30 = (~(((int)tid) << ((((int)tid) & p0_v5[((uint4(2u, 1u, 21u, 30u)).x % 3u)]) & 31)));
    uint4 p0_v31 = firstbithigh(uint4(((uint)(p0_v3).x), reversebits(uint3(27u, 3u, 19u))));
  }
  uint4 p0_v32 = (uint4(1u, 8u, 2u, 22u)).zxyz;
  Out[0 + tid * 22 + 0] = (uint)p0_v1[0];
  Out[0 + tid * 22 + 1] = (uint)p0_v1[1];
  Out[0 + tid * 22 + 2] = asuint(p0_v2);
  Out[0 + tid * 22 + 3] = (p0_v3.x ? 1u : 0u);
  Out[0 + tid * 22 + 4] = (p0_v3.y ? 1u : 0u);
  Out[0 + tid * 22 + 5] = (p0_v4[0].x ? 1u : 0u);
  Out[0 + tid * 22 + 6] = (p0_v4[0].y ? 1u : 0u);
  Out[0 + tid * 22 + 7] = (p0_v4[0].z ? 1u : 0u);
  Out[0 + tid * 22 + 8] = (p0_v4[1].x ? 1u : 0u);
  Out[0 + tid * 22 + 9] = (p0_v4[1].y ? 1u : 0u);
  Out[0 + tid * 22 + 10] = (p0_v4[1].z ? 1u : 0u);
  Out[0 + tid * 22 + 11] = (p0_v4[2].x ? 1u : 0u);
  Out[0 + tid * 22 + 12] = (p0_v4[2].y ? 1u : 0u);
  Out[0 + tid * 22 + 13] = (p0_v4[2].z ? 1u : 0u);
  Out[0 + tid * 22 + 14] = (uint)p0_v5.x;
  Out[0 + tid * 22 + 15] = (uint)p0_v5.y;
  Out[0 + tid * 22 + 16] = (uint)p0_v5.z;
  Out[0 + tid * 22 + 17] = (p0_v11 ? 1u : 0u);
  Out[0 + tid * 22 + 18] = (uint)p0_v32.x;
  Out[0 + tid * 22 + 19] = (uint)p0_v32.y;
  Out[0 + tid * 22 + 20] = (uint)p0_v32.z;
  Out[0 + tid * 22 + 21] = (uint)p0_v32.w;
}

[numthreads(8, 1, 1)]
void main(uint3 gid : SV_GroupID, uint gi : SV_GroupIndex) {
  switch (gid.x) {
  case 0: p0_main(gi); break;
  }
}
