// HLSL compute shader through glslang: structured buffers, RW textures,
// groupshared memory, interlocked operations, wave intrinsics.
// glslang: -S comp -e main --target-env vulkan1.1
struct Particle { float3 pos; float life; };
StructuredBuffer<Particle> gIn : register(t0);
RWStructuredBuffer<Particle> gOut : register(u0);
RWByteAddressBuffer gCounter : register(u1);
RWTexture2D<float4> gImage : register(u2);
groupshared float gShared[64];
[numthreads(64, 1, 1)]
void main(uint3 tid : SV_DispatchThreadID, uint gi : SV_GroupIndex, uint3 gid : SV_GroupID) {
  Particle p = gIn[tid.x];
  gShared[gi] = p.life;
  GroupMemoryBarrierWithGroupSync();
  float sum = WaveActiveSum(gShared[(gi + 1) % 64]);
  uint prev;
  gCounter.InterlockedAdd(0, 1, prev);
  if (WaveIsFirstLane()) gCounter.Store(4, asuint(sum));
  p.pos += float3(0, -9.8, 0) * 0.016;
  p.life -= 0.016;
  gOut[tid.x] = p;
  gImage[int2(gid.xy)] = float4(p.pos, p.life);
}
