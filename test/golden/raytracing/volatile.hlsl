// Subgroup built-ins can change within a ray tracing invocation, so Vulkan
// wants them Volatile: from SPIR-V 1.6 the variable is decorated, before
// it the module takes the Vulkan memory model and loads them Volatile.
// RUN: %hlsl2spirv -T lib_6_3 -fspv-target-env=vulkan1.3 %s | FileCheck %s --check-prefix=V13
// RUN: %hlsl2spirv -T lib_6_3 -fspv-target-env=vulkan1.2 %s | FileCheck %s --check-prefix=V12

// V13-NOT: OpCapability VulkanMemoryModel
// V13:     OpMemoryModel Logical GLSL450
// V13:     OpDecorate [[size:%[a-zA-Z0-9_]+]] BuiltIn SubgroupSize
// V13:     OpDecorate [[size]] Volatile
// V13:     OpLoad %uint [[size]]{{$}}

// V12:     OpCapability VulkanMemoryModel
// V12:     OpMemoryModel Logical Vulkan
// V12-NOT: Volatile
// V12:     OpDecorate [[size:%[a-zA-Z0-9_]+]] BuiltIn SubgroupSize
// V12-NOT: OpDecorate {{.*}} Volatile
// V12:     OpLoad %uint [[size]] Volatile

RaytracingAccelerationStructure scene;

struct Payload { float4 color; };

[shader("raygeneration")]
void rgen() {
  Payload p = { float4(0, 0, 0, 0) };
  RayDesc r;
  r.Origin = float3(0, 0, 0);
  r.Direction = float3(0, 0, 1);
  r.TMin = 0;
  r.TMax = 100;
  TraceRay(scene, 0, WaveGetLaneCount(), 0, 1, 0, r, p);
}
