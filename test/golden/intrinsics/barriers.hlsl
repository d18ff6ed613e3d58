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
// None. A reachable Barrier gets DXC's checks: shader model 6.8, valid
// flags, node memory only in node shaders, groupshared memory and group
// semantics only with a thread group, a scope only with memory it applies
// to (ALL_MEMORY drops the kinds the stage lacks).
// RUN: %hlsl2spirv -T cs_6_0 -E main %s | FileCheck %s
// RUN: %hlsl2spirv -T cs_6_0 -E main -fspv-use-vulkan-memory-model -fspv-target-env=vulkan1.1 %s | FileCheck %s --check-prefix=VMM
// RUN: %hlsl2spirv -fcgl -T cs_6_8 -E main -DSM68 %s | FileCheck %s --check-prefix=SM68
// RUN: %hlsl2spirv -T cs_6_8 -E main -DSM68 -DALL -fspv-target-env=vulkan1.3 %s | FileCheck %s --check-prefix=ALL
// RUN: not %hlsl2spirv -T cs_6_8 -E main -DSM68 -DALL %s 2>&1 | FileCheck %s --check-prefix=ERR
// DXC's checks of reachable Barrier calls:
// RUN: not %hlsl2spirv -T cs_6_0 -E main -DSM68 %s 2>&1 | FileCheck %s --check-prefix=SM60
// RUN: not %hlsl2spirv -T cs_6_8 -E main -DBAD_MEM %s 2>&1 | FileCheck %s --check-prefix=BAD_MEM
// RUN: not %hlsl2spirv -T cs_6_8 -E main -DBAD_SEM %s 2>&1 | FileCheck %s --check-prefix=BAD_SEM
// RUN: not %hlsl2spirv -T cs_6_9 -E main -DBAD_SEM %s 2>&1 | FileCheck %s --check-prefix=BAD_SEM69
// RUN: not %hlsl2spirv -T cs_6_8 -E main -DNODE_MEM %s 2>&1 | FileCheck %s --check-prefix=NODE_MEM
// RUN: not %hlsl2spirv -T cs_6_8 -E main -DNO_DEVICE_MEM %s 2>&1 | FileCheck %s --check-prefix=NO_DEVICE_MEM
// RUN: not %hlsl2spirv -T cs_6_8 -E main -DNO_GROUP_MEM %s 2>&1 | FileCheck %s --check-prefix=NO_GROUP_MEM
// RUN: not %hlsl2spirv -T ps_6_8 -E psmain -DPS_GROUP_MEM %s 2>&1 | FileCheck %s --check-prefix=PS_GROUP_MEM
// RUN: not %hlsl2spirv -T ps_6_8 -E psmain -DPS_SYNC %s 2>&1 | FileCheck %s --check-prefix=PS_SYNC
// ALL_MEMORY drops what the stage has none of:
// RUN: %hlsl2spirv -T ps_6_8 -E psmain -DPS_ALL -fspv-target-env=vulkan1.3 %s | FileCheck %s --check-prefix=PS_ALL
// RUN: %hlsl2spirv -T cs_6_8 -E main -DSM68 %s

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
// SM60: barriers.hlsl:[[@LINE-1]]:3: error: intrinsic Barrier potentially used by 'main' requires shader model 6.8 or greater
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
#if defined(BAD_MEM)
  Barrier(16, 0);
// BAD_MEM: barriers.hlsl:[[@LINE-1]]:11: error: invalid MemoryTypeFlags for Barrier operation; expected 0, ALL_MEMORY, or some combination of UAV_MEMORY, GROUP_SHARED_MEMORY, NODE_INPUT_MEMORY, NODE_OUTPUT_MEMORY flags
#elif defined(BAD_SEM)
  Barrier(UAV_MEMORY, 16);
// BAD_SEM: barriers.hlsl:[[@LINE-1]]:23: error: invalid SemanticFlags for Barrier operation; expected 0 or some combination of GROUP_SYNC, GROUP_SCOPE, DEVICE_SCOPE flags
// BAD_SEM69: barriers.hlsl:[[@LINE-2]]:23: error: invalid SemanticFlags for Barrier operation; expected 0 or some combination of GROUP_SYNC, GROUP_SCOPE, DEVICE_SCOPE, REORDER_SCOPE flags
#elif defined(NODE_MEM)
  Barrier(NODE_OUTPUT_MEMORY, GROUP_SCOPE);
// NODE_MEM: barriers.hlsl:[[@LINE-1]]:11: error: NODE_INPUT_MEMORY or NODE_OUTPUT_MEMORY may only be specified for Barrier operation in a node shader
#elif defined(NO_DEVICE_MEM)
  Barrier(GROUP_SHARED_MEMORY, DEVICE_SCOPE);
// NO_DEVICE_MEM: barriers.hlsl:[[@LINE-1]]:32: error: DEVICE_SCOPE specified for Barrier operation without applicable memory
#elif defined(NO_GROUP_MEM)
  Barrier(0, GROUP_SYNC | GROUP_SCOPE);
// NO_GROUP_MEM: barriers.hlsl:[[@LINE-1]]:14: error: GROUP_SCOPE specified for Barrier operation without applicable memory
#endif
  data[tid.x] = tile[63 - tid.x];
}

float4 psmain() : SV_Target {
#if defined(PS_GROUP_MEM)
  Barrier(GROUP_SHARED_MEMORY, 0);
// PS_GROUP_MEM: barriers.hlsl:[[@LINE-1]]:11: error: GROUP_SHARED_MEMORY specified for Barrier operation when context has no visible group
#elif defined(PS_SYNC)
  Barrier(UAV_MEMORY, GROUP_SYNC);
// PS_SYNC: barriers.hlsl:[[@LINE-1]]:23: error: GROUP_SYNC or GROUP_SCOPE specified for Barrier operation when context has no visible group
#elif defined(PS_ALL)
// PS_ALL: OpMemoryBarrier %uint_5 %uint_4424
  Barrier(ALL_MEMORY, DEVICE_SCOPE);
#endif
  return data[0];
}
