// Every RayQuery method: TraceRayInline ors the template flags into a
// constant argument's, Proceed/Abort/Commit* are the matching
// OpRayQuery*KHR on the query variable, and each Candidate*/Committed*
// getter reads intersection 0 or 1. The 3x4 matrices transpose the 4x3
// result, bools become uint by OpSelect, CandidateProceduralPrimitiveNonOpaque
// negates AABBOpaque. The SM 6.10 ClusterID getters (and the ClusterID()
// system value) have no SPIR-V lowering in DXC: errors at the method name.
// RUN: %hlsl2spirv -T cs_6_5 -E main -fspv-target-env=vulkan1.2 %s | FileCheck %s
// RUN: not %hlsl2spirv -T cs_6_10 -E main -fspv-target-env=vulkan1.2 -DCLUSTER %s 2>&1 | FileCheck %s --check-prefix=ERR
// RUN: not %hlsl2spirv -T lib_6_10 -fspv-target-env=vulkan1.2 -DCLUSTER_SV %s 2>&1 | FileCheck %s --check-prefix=SV

// CHECK:      OpCapability RayQueryKHR
// CHECK:      OpExtension "SPV_KHR_ray_query"
// CHECK:      [[q:%[0-9]+]] = OpVariable %_ptr_Function_rayQueryKHR Function
// CHECK:      [[as:%[0-9]+]] = OpLoad %accelerationStructureNV %scene
// CHECK:      OpRayQueryInitializeKHR [[q]] [[as]] %uint_16 %uint_255 {{%[0-9a-z_]+}} {{%[0-9a-z_]+}} {{%[0-9a-z_]+}} {{%[0-9a-z_]+}}
// CHECK-NEXT: OpRayQueryProceedKHR %bool [[q]]
// CHECK-NEXT: OpRayQueryGetRayFlagsKHR %uint [[q]]
// CHECK-NEXT: OpRayQueryGetIntersectionTypeKHR %uint [[q]] %uint_0
// CHECK-NEXT: OpRayQueryGetIntersectionTypeKHR %uint [[q]] %uint_1
// CHECK:      OpRayQueryGetWorldRayOriginKHR %v3float [[q]]
// CHECK-NEXT: OpRayQueryGetRayTMinKHR %float [[q]]
// CHECK:      OpRayQueryGetWorldRayDirectionKHR %v3float [[q]]

// The candidate intersection:
// CHECK:      OpRayQueryGetIntersectionInstanceIdKHR %uint [[q]] %uint_0
// CHECK-NEXT: OpRayQueryGetIntersectionInstanceCustomIndexKHR %uint [[q]] %uint_0
// CHECK-NEXT: OpRayQueryGetIntersectionInstanceShaderBindingTableRecordOffsetKHR %uint [[q]] %uint_0
// CHECK-NEXT: OpRayQueryGetIntersectionGeometryIndexKHR %uint [[q]] %uint_0
// CHECK:      OpRayQueryGetIntersectionPrimitiveIndexKHR %uint [[q]] %uint_0
// CHECK-NEXT: [[ff:%[0-9]+]] = OpRayQueryGetIntersectionFrontFaceKHR %bool [[q]] %uint_0
// CHECK-NEXT: OpSelect %uint [[ff]] %uint_1 %uint_0
// CHECK-NEXT: [[op:%[0-9]+]] = OpRayQueryGetIntersectionCandidateAABBOpaqueKHR %bool [[q]]
// CHECK-NEXT: [[nop:%[0-9]+]] = OpLogicalNot %bool [[op]]
// CHECK-NEXT: OpSelect %uint [[nop]] %uint_1 %uint_0
// CHECK:      OpRayQueryGetIntersectionObjectRayOriginKHR %v3float [[q]] %uint_0
// CHECK-NEXT: OpRayQueryGetIntersectionTKHR %float [[q]] %uint_0
// CHECK:      OpRayQueryGetIntersectionObjectRayDirectionKHR %v3float [[q]] %uint_0
// CHECK:      OpRayQueryGetIntersectionBarycentricsKHR %v2float [[q]] %uint_0
// CHECK:      [[m:%[0-9]+]] = OpRayQueryGetIntersectionObjectToWorldKHR %mat4v3float [[q]] %uint_0
// CHECK-NEXT: OpTranspose %mat3v4float [[m]]
// CHECK:      [[m:%[0-9]+]] = OpRayQueryGetIntersectionWorldToObjectKHR %mat4v3float [[q]] %uint_0
// CHECK-NEXT: OpTranspose %mat3v4float [[m]]
// CHECK:      [[m:%[0-9]+]] = OpRayQueryGetIntersectionObjectToWorldKHR %mat4v3float [[q]] %uint_0
// CHECK-NOT:  OpTranspose
// CHECK:      [[m:%[0-9]+]] = OpRayQueryGetIntersectionWorldToObjectKHR %mat4v3float [[q]] %uint_0
// CHECK-NOT:  OpTranspose

// The committed one:
// CHECK:      OpRayQueryGetIntersectionInstanceIdKHR %uint [[q]] %uint_1
// CHECK-NEXT: OpRayQueryGetIntersectionInstanceCustomIndexKHR %uint [[q]] %uint_1
// CHECK-NEXT: OpRayQueryGetIntersectionInstanceShaderBindingTableRecordOffsetKHR %uint [[q]] %uint_1
// CHECK-NEXT: OpRayQueryGetIntersectionGeometryIndexKHR %uint [[q]] %uint_1
// CHECK:      OpRayQueryGetIntersectionPrimitiveIndexKHR %uint [[q]] %uint_1
// CHECK-NEXT: [[ff:%[0-9]+]] = OpRayQueryGetIntersectionFrontFaceKHR %bool [[q]] %uint_1
// CHECK-NEXT: OpSelect %uint [[ff]] %uint_1 %uint_0
// CHECK:      OpRayQueryGetIntersectionObjectRayOriginKHR %v3float [[q]] %uint_1
// CHECK-NEXT: OpRayQueryGetIntersectionTKHR %float [[q]] %uint_1
// CHECK:      OpRayQueryGetIntersectionObjectRayDirectionKHR %v3float [[q]] %uint_1
// CHECK:      OpRayQueryGetIntersectionBarycentricsKHR %v2float [[q]] %uint_1
// CHECK:      [[m:%[0-9]+]] = OpRayQueryGetIntersectionObjectToWorldKHR %mat4v3float [[q]] %uint_1
// CHECK-NEXT: OpTranspose %mat3v4float [[m]]
// CHECK:      [[m:%[0-9]+]] = OpRayQueryGetIntersectionWorldToObjectKHR %mat4v3float [[q]] %uint_1
// CHECK-NEXT: OpTranspose %mat3v4float [[m]]
// CHECK:      [[m:%[0-9]+]] = OpRayQueryGetIntersectionObjectToWorldKHR %mat4v3float [[q]] %uint_1
// CHECK-NOT:  OpTranspose
// CHECK:      [[m:%[0-9]+]] = OpRayQueryGetIntersectionWorldToObjectKHR %mat4v3float [[q]] %uint_1
// CHECK-NOT:  OpTranspose
// CHECK:      OpRayQueryConfirmIntersectionKHR [[q]]
// CHECK-NEXT: OpRayQueryGenerateIntersectionKHR [[q]] %float_2
// CHECK-NEXT: OpRayQueryTerminateKHR [[q]]

RaytracingAccelerationStructure scene;
RWStructuredBuffer<float4> outF;
RWStructuredBuffer<uint4> outU;

[numthreads(1, 1, 1)]
void main() {
  RayQuery<RAY_FLAG_NONE> q;
  RayDesc r = { float3(0, 0, 0), 0.0, float3(0, 0, 1), 100.0 };
  q.TraceRayInline(scene, RAY_FLAG_CULL_BACK_FACING_TRIANGLES, 0xff, r);
  q.Proceed();
  outU[0] = uint4(q.RayFlags(), q.CandidateType(), q.CommittedStatus(), 0);
  outF[0] = float4(q.WorldRayOrigin(), q.RayTMin());
  outF[1] = float4(q.WorldRayDirection(), 0);
  outU[1] = uint4(q.CandidateInstanceIndex(), q.CandidateInstanceID(), q.CandidateInstanceContributionToHitGroupIndex(), q.CandidateGeometryIndex());
  outU[2] = uint4(q.CandidatePrimitiveIndex(), q.CandidateTriangleFrontFace(), q.CandidateProceduralPrimitiveNonOpaque(), 0);
  outF[2] = float4(q.CandidateObjectRayOrigin(), q.CandidateTriangleRayT());
  outF[3] = float4(q.CandidateObjectRayDirection(), 0);
  outF[4] = float4(q.CandidateTriangleBarycentrics(), 0, 0);
  outF[5] = q.CandidateObjectToWorld3x4()[0] + q.CandidateWorldToObject3x4()[0];
  outF[6] = float4(q.CandidateObjectToWorld4x3()[0] + q.CandidateWorldToObject4x3()[0], 0);
  outU[3] = uint4(q.CommittedInstanceIndex(), q.CommittedInstanceID(), q.CommittedInstanceContributionToHitGroupIndex(), q.CommittedGeometryIndex());
  outU[4] = uint4(q.CommittedPrimitiveIndex(), q.CommittedTriangleFrontFace(), 0, 0);
  outF[7] = float4(q.CommittedObjectRayOrigin(), q.CommittedRayT());
  outF[8] = float4(q.CommittedObjectRayDirection(), 0);
  outF[9] = float4(q.CommittedTriangleBarycentrics(), 0, 0);
  outF[10] = q.CommittedObjectToWorld3x4()[0] + q.CommittedWorldToObject3x4()[0];
  outF[11] = float4(q.CommittedObjectToWorld4x3()[0] + q.CommittedWorldToObject4x3()[0], 0);
  q.CommitNonOpaqueTriangleHit();
  q.CommitProceduralPrimitiveHit(2.0);
  q.Abort();
#ifdef CLUSTER
// ERR:      rayquery-methods.hlsl:[[@LINE+2]]:21: error: intrinsic 'CandidateClusterID' method unimplemented
// ERR:      rayquery-methods.hlsl:[[@LINE+1]]:45: error: intrinsic 'CommittedClusterID' method unimplemented
  outU[5] = uint4(q.CandidateClusterID(), q.CommittedClusterID(), 0, 0);
#endif
}

#ifdef CLUSTER_SV
struct Payload { uint id; };
struct Attr { float2 bary; };

[shader("closesthit")]
void chit(inout Payload p, in Attr a) {
// SV: rayquery-methods.hlsl:[[@LINE+1]]:10: error: ClusterID intrinsic function unimplemented
  p.id = ClusterID();
}
#endif
