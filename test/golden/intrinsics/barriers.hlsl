// Barrier intrinsics as DXC maps them. The six legacy barriers: the
// *WithGroupSync forms are OpControlBarrier with Workgroup execution scope
// (%uint_2), the others OpMemoryBarrier. Group barriers order Workgroup
// memory at Workgroup scope (semantics WorkgroupMemory|AcquireRelease =
// 264); Device barriers order Uniform and Image memory at Device scope
// (%uint_1, ImageMemory|UniformMemory|AcquireRelease = 2120); All barriers
// order all three at Device scope (2376). Under the Vulkan memory model
// Device scope becomes QueueFamily (%uint_5).
// SM 6.8's Barrier(memoryTypes, semanticFlags): UAV_MEMORY gives
// UniformMemory, GROUP_SHARED_MEMORY WorkgroupMemory, NODE_OUTPUT_MEMORY
// (and so ALL_MEMORY or a resource object) OutputMemory, each with
// AcquireRelease; GROUP_SCOPE/DEVICE_SCOPE pick the memory scope and
// GROUP_SYNC makes it an OpControlBarrier. OutputMemory needs the Vulkan
// memory model, so, as in DXC, it asks for Vulkan 1.3 and upgrades the
// module. Without a scope flag the memory scope is Invocation; a GROUP_SYNC
// barrier then orders no memory: unlike DXC, whose OpControlBarrier with
// Invocation scope and memory semantics Vulkan rejects, its semantics are
// None.
// RUN: %hlsl2spirv -T cs_6_0 -E main %s | FileCheck %s
// RUN: %hlsl2spirv -T cs_6_0 -E main -fspv-use-vulkan-memory-model -fspv-target-env=vulkan1.1 %s | FileCheck %s --check-prefix=VMM
// RUN: %hlsl2spirv -T cs_6_8 -E main -DSM68 %s | FileCheck %s --check-prefix=SM68
// RUN: %hlsl2spirv -T cs_6_8 -E main -DSM68 -DALL -fspv-target-env=vulkan1.3 %s | FileCheck %s --check-prefix=ALL
// RUN: not %hlsl2spirv -T cs_6_8 -E main -DSM68 -DALL %s 2>&1 | FileCheck %s --check-prefix=ERR

groupshared uint tile[64];
RWStructuredBuffer<uint> data;

[numthreads(64, 1, 1)]
void main(uint3 tid : SV_GroupThreadID) {
  tile[tid.x] = data[tid.x];
#ifndef SM68
// CHECK:      OpMemoryBarrier %uint_2 %uint_264
// CHECK-NEXT: OpControlBarrier %uint_2 %uint_2 %uint_264
// CHECK-NEXT: OpMemoryBarrier %uint_1 %uint_2120
// CHECK-NEXT: OpControlBarrier %uint_2 %uint_1 %uint_2120
// CHECK-NEXT: OpMemoryBarrier %uint_1 %uint_2376
// CHECK-NEXT: OpControlBarrier %uint_2 %uint_1 %uint_2376
// VMM:        OpMemoryModel Logical Vulkan
// VMM:        OpMemoryBarrier %uint_2 %uint_264
// VMM-NEXT:   OpControlBarrier %uint_2 %uint_2 %uint_264
// VMM-NEXT:   OpMemoryBarrier %uint_5 %uint_2120
// VMM-NEXT:   OpControlBarrier %uint_2 %uint_5 %uint_2120
// VMM-NEXT:   OpMemoryBarrier %uint_5 %uint_2376
// VMM-NEXT:   OpControlBarrier %uint_2 %uint_5 %uint_2376
  GroupMemoryBarrier();
  GroupMemoryBarrierWithGroupSync();
  DeviceMemoryBarrier();
  DeviceMemoryBarrierWithGroupSync();
  AllMemoryBarrier();
  AllMemoryBarrierWithGroupSync();
#else
// SM68:      OpMemoryModel Logical GLSL450
// SM68:      OpControlBarrier %uint_2 %uint_2 %uint_72
  Barrier(UAV_MEMORY, GROUP_SYNC | GROUP_SCOPE);
// SM68-NEXT: OpMemoryBarrier %uint_2 %uint_264
  Barrier(GROUP_SHARED_MEMORY, GROUP_SCOPE);
// SM68-NEXT: OpControlBarrier %uint_2 %uint_1 %uint_328
  Barrier(UAV_MEMORY | GROUP_SHARED_MEMORY, GROUP_SYNC | DEVICE_SCOPE);
// SM68-NEXT: OpMemoryBarrier %uint_1 %uint_72
  Barrier(UAV_MEMORY, DEVICE_SCOPE);
// No scope: an execution barrier only; a memory barrier keeps its semantics.
// SM68-NEXT: OpControlBarrier %uint_2 %uint_4 %uint_0
  Barrier(UAV_MEMORY, GROUP_SYNC);
// SM68-NEXT: OpMemoryBarrier %uint_4 %uint_264
  Barrier(GROUP_SHARED_MEMORY, 0);
// Both zero: nothing.
// SM68-NEXT: OpAccessChain
  Barrier(0, 0);
#ifdef ALL
// ALL:      OpCapability VulkanMemoryModel
// ALL:      OpMemoryModel Logical Vulkan
// ALL:      OpControlBarrier %uint_2 %uint_2 %uint_72
// ALL-NEXT: OpMemoryBarrier %uint_2 %uint_264
// ALL-NEXT: OpControlBarrier %uint_2 %uint_5 %uint_328
// ALL-NEXT: OpMemoryBarrier %uint_5 %uint_72
// ALL-NEXT: OpControlBarrier %uint_2 %uint_4 %uint_0
// ALL-NEXT: OpMemoryBarrier %uint_4 %uint_264
// UniformMemory|WorkgroupMemory|OutputMemory|AcquireRelease = 4424
// ALL-NEXT: OpControlBarrier %uint_2 %uint_2 %uint_4424
// ALL-NEXT: OpMemoryBarrier %uint_5 %uint_4424
  Barrier(ALL_MEMORY, GROUP_SYNC | GROUP_SCOPE);
// ERR: barriers.hlsl:[[@LINE-1]]:3: error: Vulkan 1.3 is required for NODE_OUTPUT_MEMORY but not permitted to use
  Barrier(data, DEVICE_SCOPE);
#endif
#endif
  data[tid.x] = tile[63 - tid.x];
}
