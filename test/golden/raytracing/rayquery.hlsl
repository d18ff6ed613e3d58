// A RayQuery is a Function variable of OpTypeRayQueryKHR; TraceRayInline
// ors the template's flags into the argument's, the Candidate*/Committed*
// pairs read intersection 0 or 1, the 3x4 matrices are the 4x3 ones
// transposed and CandidateProceduralPrimitiveNonOpaque is !AABBOpaque.
// Without -fcgl the query's variable has no OpName: DXC legalizes a module
// with an opaque local (at -O0 too), and its inliner drops the names of the
// locals.
// RUN: %hlsl2spirv -T cs_6_5 -E main -fspv-target-env=vulkan1.2 %s | FileCheck %s
// RUN: %hlsl2spirv -T cs_6_5 -E main -fspv-target-env=vulkan1.2 -O0 %s | FileCheck %s

// CHECK:      OpCapability RayQueryKHR
// CHECK:      OpExtension "SPV_KHR_ray_query"
// CHECK-NOT:  OpName {{%[a-z_0-9]+}} "q"
// CHECK:      %rayQueryKHR = OpTypeRayQueryKHR
// CHECK:      [[q:%[0-9]+]] = OpVariable %_ptr_Function_rayQueryKHR Function
// CHECK:      OpRayQueryInitializeKHR [[q]] {{%[0-9]+}} %uint_1 %uint_255
// CHECK:      OpRayQueryProceedKHR %bool [[q]]
// CHECK:      OpRayQueryGetIntersectionTypeKHR %uint [[q]] %uint_0
// CHECK:      OpRayQueryConfirmIntersectionKHR [[q]]
// CHECK:      [[t:%[0-9]+]] = OpRayQueryGetRayTMinKHR %float [[q]]
// CHECK:      OpRayQueryGenerateIntersectionKHR [[q]] [[t]]
// CHECK:      [[m:%[0-9]+]] = OpRayQueryGetIntersectionObjectToWorldKHR %mat4v3float [[q]] %uint_1
// CHECK:      OpTranspose %mat3v4float [[m]]
// CHECK:      OpRayQueryGetIntersectionBarycentricsKHR %v2float [[q]] %uint_1
// CHECK:      OpRayQueryGetIntersectionTKHR %float [[q]] %uint_1
// CHECK:      OpRayQueryGetIntersectionTypeKHR %uint [[q]] %uint_1
// CHECK:      [[o:%[0-9]+]] = OpRayQueryGetIntersectionCandidateAABBOpaqueKHR %bool [[q]]
// CHECK:      OpLogicalNot %bool [[o]]
// CHECK:      OpRayQueryTerminateKHR [[q]]

RaytracingAccelerationStructure AS : register(t0);
RWStructuredBuffer<float4> o;
[numthreads(1,1,1)]
void main() {
  RayQuery<RAY_FLAG_FORCE_OPAQUE> q;
  RayDesc r; r.Origin = float3(0,0,0); r.Direction = float3(1,0,0); r.TMin = 0; r.TMax = 100;
  q.TraceRayInline(AS, 0, 0xff, r);
  while (q.Proceed()) {
    if (q.CandidateType() == CANDIDATE_NON_OPAQUE_TRIANGLE) q.CommitNonOpaqueTriangleHit();
    else q.CommitProceduralPrimitiveHit(q.RayTMin());
  }
  float3x4 m = q.CommittedObjectToWorld3x4();
  o[0] = float4(q.CommittedTriangleBarycentrics(), q.CommittedRayT(), (float)q.CommittedStatus()) + m[0];
  if (q.CandidateProceduralPrimitiveNonOpaque()) q.Abort();
}
