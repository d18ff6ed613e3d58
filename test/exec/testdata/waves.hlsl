// Wave intrinsics. The answers do not depend on the subgroup size: each
// thread checks a property against WaveGetLaneCount()/WaveGetLaneIndex()
// and writes 1 when it holds. A full group of 64 threads keeps every
// lane of every wave active.

RWStructuredBuffer<uint> Ok : register(u0);
RWStructuredBuffer<uint> Info : register(u1);

//: case lane_count_and_index
//: flags -T cs_6_0 -E lanes -fspv-target-env=vulkan1.1
//: expect Ok = u32 1*64
//: expect Info = u32 1 1
[numthreads(64, 1, 1)]
void lanes(uint3 tid : SV_GroupThreadID) {
  uint n = WaveGetLaneCount(), i = WaveGetLaneIndex();
  Ok[tid.x] = (i < n && (n & (n - 1)) == 0 && n >= 4) ? 1 : 0;
  if (tid.x == 0) { Info[0] = n >= 4; Info[1] = WaveIsFirstLane(); }
}

//: case active_sum_count_bits_ballot
//: flags -T cs_6_0 -E sums -fspv-target-env=vulkan1.1
//: expect Ok = u32 1*64
[numthreads(64, 1, 1)]
void sums(uint3 tid : SV_GroupThreadID) {
  uint n = WaveGetLaneCount();
  uint4 ballot = WaveActiveBallot(true);
  bool ok = WaveActiveSum(1u) == n
         && WaveActiveCountBits(true) == n
         && countbits(ballot.x) + countbits(ballot.y) + countbits(ballot.z) + countbits(ballot.w) == n
         && WaveActiveSum(WaveGetLaneIndex()) == n * (n - 1) / 2;
  Ok[tid.x] = ok ? 1 : 0;
}

//: case prefix_count_bits
//: flags -T cs_6_0 -E prefixbits -fspv-target-env=vulkan1.1
//: expect Ok = u32 1*64
[numthreads(64, 1, 1)]
void prefixbits(uint3 tid : SV_GroupThreadID) {
  uint i = WaveGetLaneIndex();
  bool ok = WavePrefixCountBits(true) == i && WavePrefixCountBits(i % 2 == 1) == i / 2;
  Ok[tid.x] = ok ? 1 : 0;
}

//: case prefix_sum_product_exclude_own_lane
//: flags -T cs_6_0 -E prefix -fspv-target-env=vulkan1.1
//: expect Ok = u32 1*64
//: xfail glslang: implements WavePrefixSum/WavePrefixProduct as inclusive scans; HLSL's (and DXC's) prefix operations exclude the lane itself
[numthreads(64, 1, 1)]
void prefix(uint3 tid : SV_GroupThreadID) {
  uint i = WaveGetLaneIndex();
  bool ok = WavePrefixSum(1u) == i
         && WavePrefixSum(2u) == 2 * i
         && WavePrefixProduct(2u) == (i < 32 ? (1u << i) : 0u)
         && WavePrefixSum((float)i) == (float)(i * (i - 1) / 2);
  Ok[tid.x] = ok ? 1 : 0;
}

//: case read_lane_and_broadcast
//: flags -T cs_6_0 -E bcast -fspv-target-env=vulkan1.1
//: expect Ok = u32 1*64
[numthreads(64, 1, 1)]
void bcast(uint3 tid : SV_GroupThreadID) {
  uint i = WaveGetLaneIndex(), n = WaveGetLaneCount();
  uint first = tid.x - i;   // the group thread id of lane 0 of this wave
  bool ok = WaveReadLaneFirst(tid.x) == first
         && WaveReadLaneAt(tid.x, n - 1) == first + n - 1
         && WaveReadLaneAt(tid.x * 3, 1) == (first + 1) * 3;
  Ok[tid.x] = ok ? 1 : 0;
}

//: case all_any_equal
//: flags -T cs_6_0 -E votes -fspv-target-env=vulkan1.1
//: expect Ok = u32 1*64
[numthreads(64, 1, 1)]
void votes(uint3 tid : SV_GroupThreadID) {
  uint i = WaveGetLaneIndex();
  bool ok = WaveActiveAllTrue(true)
         && !WaveActiveAllTrue(i == 0)
         && WaveActiveAnyTrue(i == 1)
         && !WaveActiveAnyTrue(i > 1000)
         && WaveActiveAllEqual(7u)
         && !WaveActiveAllEqual(i);
  Ok[tid.x] = ok ? 1 : 0;
}

//: case min_max_bitwise
//: flags -T cs_6_0 -E reductions -fspv-target-env=vulkan1.1
//: expect Ok = u32 1*64
[numthreads(64, 1, 1)]
void reductions(uint3 tid : SV_GroupThreadID) {
  uint i = WaveGetLaneIndex(), n = WaveGetLaneCount();
  bool ok = WaveActiveMax(i) == n - 1
         && WaveActiveMin(i + 5) == 5
         && WaveActiveMin((int)i - 3) == -3
         && WaveActiveBitOr(1u << (i % 32)) == (n >= 32 ? 0xffffffffu : (1u << n) - 1)
         && WaveActiveBitAnd(i == 0 ? 0xffu : 0xf0u) == 0xf0u
         && WaveActiveBitXor(1u) == (n % 2)
         && WaveActiveSum((float)i) == (float)(n * (n - 1) / 2);
  Ok[tid.x] = ok ? 1 : 0;
}

//: case first_lane_count_per_group
//: flags -T cs_6_0 -E firsts -fspv-target-env=vulkan1.1
//: expect Ok = u32 1
[numthreads(64, 1, 1)]
void firsts(uint3 tid : SV_GroupThreadID) {
  // Every wave has one first lane: their count times the lane count is 64.
  if (WaveIsFirstLane()) InterlockedAdd(Info[0], WaveGetLaneCount());
  AllMemoryBarrierWithGroupSync();
  if (tid.x == 0) Ok[0] = Info[0] == 64 ? 1 : 0;
}

//: case divergent_active_lanes
//: flags -T cs_6_0 -E divergent -fspv-target-env=vulkan1.1
//: expect Ok = u32 1*64
[numthreads(64, 1, 1)]
void divergent(uint3 tid : SV_GroupThreadID) {
  uint i = WaveGetLaneIndex(), n = WaveGetLaneCount();
  bool ok;
  if (i % 2 == 0) {
    ok = WaveActiveCountBits(true) == n / 2 && WavePrefixCountBits(true) == i / 2;
  } else {
    ok = WaveActiveSum(1u) == n / 2 && WaveReadLaneFirst(i) == 1;
  }
  Ok[tid.x] = ok ? 1 : 0;
}
