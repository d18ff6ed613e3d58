// -fspv-use-vulkan-memory-model: the Vulkan memory model instead of
// GLSL450. Coherent memory is no longer a decoration: accesses through a
// globallycoherent buffer or image carry NonPrivate and MakeVisible /
// MakeAvailable flags at QueueFamily scope, groupshared ones at Workgroup
// scope; atomics and barriers at Device scope move to QueueFamily scope.
// Accesses to other memory are unchanged.
// RUN: %hlsl2spirv -T cs_6_0 -E main -fspv-use-vulkan-memory-model -fspv-target-env=vulkan1.1 %s | FileCheck %s
// RUN: %hlsl2spirv -T cs_6_0 -E main -fspv-target-env=vulkan1.1 %s | FileCheck %s --check-prefix=GLSL
// A module that asks for the VulkanMemoryModel capability itself is
// upgraded too, as DXC does:
// RUN: %hlsl2spirv -T cs_6_0 -E main -fspv-target-env=vulkan1.1 -DASK %s | FileCheck %s

// CHECK: OpCapability VulkanMemoryModel
// CHECK: OpExtension "SPV_KHR_vulkan_memory_model"
// CHECK: OpMemoryModel Logical Vulkan
// CHECK-NOT: Coherent

// GLSL: OpMemoryModel Logical GLSL450
// GLSL: OpDecorate %shared Coherent
// GLSL: OpAtomicIAdd %uint {{%[0-9]+}} %uint_1 %uint_0 %uint_1

globallycoherent RWStructuredBuffer<uint> shared;
RWStructuredBuffer<uint> plain;
globallycoherent RWTexture2D<float4> image;
groupshared uint tile[64];

#ifdef ASK
[[vk::ext_capability(/* VulkanMemoryModel */ 5345)]]
#endif
[numthreads(64, 1, 1)]
void main(uint i : SV_GroupIndex) {
  // CHECK: [[a:%[0-9]+]] = OpAccessChain %_ptr_Uniform_uint %shared %int_0 %uint_0
  // CHECK: OpLoad %uint [[a]] MakePointerVisible|NonPrivatePointer %uint_5
  // CHECK: [[t:%[0-9]+]] = OpAccessChain %_ptr_Workgroup_uint %tile
  // CHECK: OpStore [[t]] {{%[0-9]+}} MakePointerAvailable|NonPrivatePointer %uint_2
  tile[i] = shared[0];
  // CHECK: OpControlBarrier %uint_2 %uint_2 %uint_264
  GroupMemoryBarrierWithGroupSync();
  // CHECK: [[p:%[0-9]+]] = OpAccessChain %_ptr_Uniform_uint %plain %int_0
  // CHECK: OpStore [[p]] {{%[0-9]+}}{{$}}
  plain[i] = tile[63 - i];
  // CHECK: OpImageRead %v4float {{%[0-9]+}} {{%[0-9]+}} MakeTexelVisible|NonPrivateTexel %uint_5
  // CHECK: OpImageWrite {{%[0-9]+}} {{%[0-9]+}} {{%[0-9]+}} MakeTexelAvailable|NonPrivateTexel %uint_5
  image[uint2(i, 0)] = image[uint2(0, i)] * 2;
  // CHECK: OpAtomicIAdd %uint {{%[0-9]+}} %uint_5 %uint_0 %uint_1
  InterlockedAdd(plain[0], 1);
  // CHECK: OpMemoryBarrier %uint_5 %uint_2120
  DeviceMemoryBarrier();
}
