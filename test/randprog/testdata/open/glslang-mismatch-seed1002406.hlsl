// seed 1002401, glslang: mismatch
thread 0 slot 0 (uint): want 0x1, got 0xffffffff
thread 1 slot 0 (uint): want 0x1, got 0xffffffff
thread 2 slot 0 (uint): want 0x1, got 0xffffffff
thread 3 slot 0 (uint): want 0x1, got 0xffffffff
thread 4 slot 0 (uint): want 0x1, got 0xffffffff
thread 5 slot 0 (uint): want 0x1, got 0xffffffff
thread 6 slot 0 (uint): want 0x1, got 0xffffffff
thread 7 slot 0 (uint): want 0x1, got 0xffffffff

// flags: -T cs_6_0 -E main -DGLSLANG_SELECT
/*
thread 0 slot 0 (uint): want 0x1, got 0xffffffff
thread 1 slot 0 (uint): want 0x1, got 0xffffffff
thread 2 slot 0 (uint): want 0x1, got 0xffffffff
thread 3 slot 0 (uint): want 0x1, got 0xffffffff
thread 4 slot 0 (uint): want 0x1, got 0xffffffff
thread 5 slot 0 (uint): want 0x1, got 0xffffffff
thread 6 slot 0 (uint): want 0x1, got 0xffffffff
thread 7 slot 0 (uint): want 0x1, got 0xffffffff
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

uint p5_f12(out uint p5_a13, float3 p5_a14) {
  p5_a13 = 4294967295u;
  bool p5_v15 = (bool3(false, (false || true), (bool3(true, true, false)).y)).x;
  return (-max(p5_a13, p5_a13));
}
void p5_main(uint tid) {
  uint p5_v1 = InU[(InU[((InU[21] << (31u & 7u)) & 63u)] & 63u)];
  uint3 p5_v2[2] = { (uint3)0, (uint3)0 };
  p5_v2[(tid & 1u)] = uint3(((uint3(0u, 4294967295u, 8u) >> (uint3(4294967295u, 19u, 32u) & uint3(7u, 7u, 7u))) & dot(p5_v2[((uint2(4294967040u, 6u)).x & 1u)], p5_v2[(p5_v1 & 1u)])));
  p5_v1 = p5_f12(p5_v1, float3((-2.75f), 2.5f, (-2.75f)));
  GS[tid] = uint4((uint)p5_v1, 0u, 0u, 0u);
  GroupMemoryBarrierWithGroupSync();
  p5_v1 = (uint)(GS[(tid + 3) % 8]).x;
  GroupMemoryBarrierWithGroupSync();
  uint p5_v16 = ((uint)((true ? InI[6] : InI[(p5_f12(p5_v1, float3((-4.25f), 3.5f, (-5.75f))) & 63u)]) / (((-7) - (-12)) | 1)));
  Out[0 + tid * 8 + 0] = (uint)p5_v1;
  Out[0 + tid * 8 + 1] = (uint)p5_v2[0].x;
  Out[0 + tid * 8 + 2] = (uint)p5_v2[0].y;
  Out[0 + tid * 8 + 3] = (uint)p5_v2[0].z;
  Out[0 + tid * 8 + 4] = (uint)p5_v2[1].x;
  Out[0 + tid * 8 + 5] = (uint)p5_v2[1].y;
  Out[0 + tid * 8 + 6] = (uint)p5_v2[1].z;
  Out[0 + tid * 8 + 7] = (uint)p5_v16;
}

[numthreads(8, 1, 1)]
void main(uint3 gid : SV_GroupID, uint gi : SV_GroupIndex) {
  switch (gid.x) {
  case 0: p5_main(gi); break;
  }
}
