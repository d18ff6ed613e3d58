// CONFIG: -T cs_6_0 -E main
// A compute entry point needs [numthreads].

RWStructuredBuffer<uint> output;
groupshared uint shared[64];

void main /* ERROR "compute entry point must have a valid numthreads attribute" */ (uint3 id : SV_DispatchThreadID) {
  shared[id.x] = id.x;
  GroupMemoryBarrierWithGroupSync();
  output[id.x] = shared[63 - id.x];
}
