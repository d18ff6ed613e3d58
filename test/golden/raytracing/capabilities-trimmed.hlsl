// Ray tracing stages declare RayQueryKHR while SPV_KHR_ray_query is allowed
// (the default), as DXC's code generation does: -fcgl output keeps it, and
// trim-capabilities, which runs at every other level (-O0 included), keeps
// it only where the module still needs it. An acceleration structure type
// is enabled by RayTracingKHR or RayQueryKHR, and the pass keeps every
// capability an instruction lists, so a shader tracing rays keeps both.
// RUN: %hlsl2spirv -T lib_6_3 -fspv-target-env=vulkan1.2 -fcgl %s | FileCheck %s --check-prefix=FCGL
// RUN: %hlsl2spirv -T lib_6_3 -fspv-target-env=vulkan1.2 -O0 %s | FileCheck %s --check-prefix=MISS
// RUN: %hlsl2spirv -T lib_6_3 -fspv-target-env=vulkan1.2 %s | FileCheck %s --check-prefix=MISS
// RUN: %hlsl2spirv -T lib_6_3 -fspv-target-env=vulkan1.2 -DTRACE -O0 %s | FileCheck %s --check-prefix=TRACE
// RUN: %hlsl2spirv -T lib_6_3 -fspv-target-env=vulkan1.2 -DTRACE %s | FileCheck %s --check-prefix=TRACE
// RUN: %hlsl2spirv -T lib_6_3 -fspv-target-env=vulkan1.2 -DTRACE -fspv-extension=SPV_KHR_ray_tracing %s | FileCheck %s --check-prefix=NOQUERY

// FCGL:      OpCapability Shader
// FCGL-NEXT: OpCapability RayQueryKHR
// FCGL-NEXT: OpCapability RayTracingKHR
// FCGL-NEXT: OpExtension "SPV_KHR_ray_query"
// FCGL-NEXT: OpExtension "SPV_KHR_ray_tracing"

// MISS:      OpCapability Shader
// MISS-NEXT: OpCapability RayTracingKHR
// MISS-NEXT: OpExtension "SPV_KHR_ray_tracing"
// MISS-NOT:  RayQuery
// MISS:      OpEntryPoint MissKHR

// TRACE:      OpCapability Shader
// TRACE-NEXT: OpCapability RayQueryKHR
// TRACE-NEXT: OpCapability RayTracingKHR
// TRACE-NEXT: OpExtension "SPV_KHR_ray_query"
// TRACE-NEXT: OpExtension "SPV_KHR_ray_tracing"
// TRACE:      OpTypeAccelerationStructureKHR

// NOQUERY:      OpCapability Shader
// NOQUERY-NEXT: OpCapability RayTracingKHR
// NOQUERY-NEXT: OpExtension "SPV_KHR_ray_tracing"
// NOQUERY-NOT:  RayQuery

struct Payload { float4 color; };

#ifdef TRACE
RaytracingAccelerationStructure scene;
#endif

[shader("miss")]
void miss(inout Payload p) {
#ifdef TRACE
  RayDesc ray = { float3(0, 0, 0), 0.0, float3(0, 0, 1), 100.0 };
  Payload q = { float4(0, 0, 0, 0) };
  TraceRay(scene, 0, 0xff, 0, 1, 0, ray, q);
  p.color = q.color;
#else
  p.color = float4(WorldRayDirection(), 1);
#endif
}
