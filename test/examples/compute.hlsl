// A prefix-sum-per-group compute shader with groupshared memory.
//   hlsl2spirv -T cs_6_0 -E main test/examples/compute.hlsl

StructuredBuffer<uint>   input  : register(t0);
RWStructuredBuffer<uint> output : register(u0);

groupshared uint scratch[64];

[numthreads(64, 1, 1)]
void main(uint3 tid : SV_DispatchThreadID, uint gi : SV_GroupIndex) {
  scratch[gi] = input[tid.x];
  GroupMemoryBarrierWithGroupSync();
  for (uint stride = 1; stride < 64; stride <<= 1) {
    uint add = gi >= stride ? scratch[gi - stride] : 0;
    GroupMemoryBarrierWithGroupSync();
    scratch[gi] += add;
    GroupMemoryBarrierWithGroupSync();
  }
  output[tid.x] = scratch[gi];
}
