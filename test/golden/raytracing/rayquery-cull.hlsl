// Ray flags that skip triangles or procedural primitives, from the
// template or a constant argument, need RayTraversalPrimitiveCullingKHR.
// RUN: %hlsl2spirv -T ps_6_5 -E main -fspv-target-env=vulkan1.2 %s | FileCheck %s

// CHECK: OpCapability RayTraversalPrimitiveCullingKHR
// CHECK: OpCapability RayQueryKHR
// CHECK: OpRayQueryInitializeKHR {{%[0-9]+}} {{%[0-9]+}} %uint_257 %uint_255

RaytracingAccelerationStructure scene;

float4 main() : SV_Target {
  RayQuery<RAY_FLAG_FORCE_OPAQUE> q;
  RayDesc r;
  r.Origin = float3(0, 0, 0);
  r.Direction = float3(0, 0, 1);
  r.TMin = 0;
  r.TMax = 10;
  q.TraceRayInline(scene, RAY_FLAG_SKIP_TRIANGLES, 0xff, r);
  return q.Proceed() ? 1 : 0;
}
