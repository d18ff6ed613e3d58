// groupshared memory with GroupMemoryBarrierWithGroupSync: data written by
// one thread is read by another after the barrier.

RWStructuredBuffer<uint> Out : register(u0);
StructuredBuffer<uint> In : register(t1);

groupshared uint Tile[64];
groupshared float Partial[64];

//: case reverse_through_shared
//: flags -T cs_6_0 -E reverse
//: dispatch 2
//: in In = u32 iota(128)
//: expect Out = u32 iota(64,63,-1) iota(64,127,-1)
[numthreads(64, 1, 1)]
void reverse(uint3 gid : SV_GroupID, uint3 tid : SV_GroupThreadID) {
  Tile[tid.x] = In[gid.x * 64 + tid.x];
  GroupMemoryBarrierWithGroupSync();
  Out[gid.x * 64 + tid.x] = Tile[63 - tid.x];
}

//: case tree_reduction
//: flags -T cs_6_0 -E reduce
//: in In = u32 iota(64, 1)
//: expect Out = f32 2080 1040.5
[numthreads(64, 1, 1)]
void reduce(uint3 tid : SV_GroupThreadID) {
  Partial[tid.x] = (float)In[tid.x];
  GroupMemoryBarrierWithGroupSync();
  for (uint stride = 32; stride > 0; stride >>= 1) {
    if (tid.x < stride) Partial[tid.x] += Partial[tid.x + stride];
    GroupMemoryBarrierWithGroupSync();
  }
  if (tid.x == 0) {
    Out[0] = asuint(Partial[0]);
    Out[1] = asuint(Partial[0] / 2 + 0.5);
  }
}

//: case prefix_sum_two_dimensional_group
//: flags -T cs_6_0 -E scan2d
//: expect Out = u32 1 3 6 10 15 21 28 36  2 6 12 20 30 42 56 72
[numthreads(8, 2, 1)]
void scan2d(uint3 tid : SV_GroupThreadID, uint gi : SV_GroupIndex) {
  Tile[gi] = (tid.x + 1) * (tid.y + 1);
  GroupMemoryBarrierWithGroupSync();
  uint sum = 0;
  for (uint i = 0; i <= tid.x; i++) sum += Tile[tid.y * 8 + i];
  Out[gi] = sum;
}

//: case group_index_and_ids
//: flags -T cs_6_0 -E ids
//: dispatch 2 2
//: expect Out = u32 0 0 0 0 1 0 1 0 2 0 0 1 3 0 1 1 0 10 2 0 1 10 3 0 2 10 2 1 3 10 3 1 0 1 0 2 1 1 1 2 2 1 0 3 3 1 1 3 0 11 2 2 1 11 3 2 2 11 2 3 3 11 3 3
[numthreads(2, 2, 1)]
void ids(uint3 gid : SV_GroupID, uint3 tid : SV_GroupThreadID, uint3 dtid : SV_DispatchThreadID, uint gi : SV_GroupIndex) {
  uint slot = (gid.y * 2 + gid.x) * 4 + gi;
  Out[4 * slot + 0] = gi;
  Out[4 * slot + 1] = gid.x * 10 + gid.y;
  Out[4 * slot + 2] = dtid.x;
  Out[4 * slot + 3] = dtid.y;
}
