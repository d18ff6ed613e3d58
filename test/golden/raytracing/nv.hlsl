// With -fspv-extension=SPV_NV_ray_tracing the NV instructions are used:
// OpTraceNV and OpExecuteCallableNV name their payload by location,
// IgnoreHit and AcceptHitAndEndSearch do not end the block, and
// RayTCurrent is HitTNV. SPIR-V 1.0 is enough.
// With -fcgl every entry point lists every built-in the intrinsics read
// (they belong to no entry point: DXC trims the lists only when
// legalizing).
// RUN: %hlsl2spirv -T lib_6_3 -fspv-extension=SPV_NV_ray_tracing %s | FileCheck %s
// RUN: %hlsl2spirv -T lib_6_3 -fspv-extension=SPV_NV_ray_tracing -fcgl %s | FileCheck %s --check-prefix=FCGL

// FCGL:      OpEntryPoint RayGenerationKHR %gen "gen" [[launch:%[0-9]+]] [[hitt:%[0-9]+]]{{$}}
// FCGL-NEXT: OpEntryPoint AnyHitKHR %hit "hit" [[launch]] [[hitt]]{{$}}
// FCGL:      OpDecorate [[launch]] BuiltIn LaunchIdKHR
// FCGL:      OpDecorate [[hitt]] BuiltIn HitTNV

// CHECK:      OpCapability RayTracingNV
// CHECK:      OpExtension "SPV_NV_ray_tracing"
// CHECK:      OpEntryPoint RayGenerationKHR %gen "gen" [[launch:%[0-9]+]]{{$}}
// CHECK:      OpEntryPoint AnyHitKHR %hit "hit" [[hitt:%[0-9]+]]{{$}}
// CHECK-DAG:  OpDecorate [[hitt]] BuiltIn HitTNV
// CHECK-DAG:  OpDecorate %first Location 0
// CHECK-DAG:  OpDecorate %second Location 1
// CHECK-DAG:  OpDecorate %call Location 0

struct Payload { float4 color; };
struct Shadow { bool hit; };
struct Attr { float2 bary; };

RaytracingAccelerationStructure scene;

[shader("raygeneration")]
void gen() {
  RayDesc ray = { float3(DispatchRaysIndex()), 0, float3(0, 0, 1), 10 };
  Payload first = (Payload)0;
  Shadow second = (Shadow)0;
  Payload again = (Payload)0;
// CHECK-LABEL: %gen = OpFunction
// CHECK: OpTraceNV {{%[0-9a-z_]+}} %uint_0 %uint_1 %uint_0 %uint_0 %uint_0 {{(%[0-9a-z_]+ ){3}%[0-9a-z_]+}} %uint_0
  TraceRay(scene, 0, 1, 0, 0, 0, ray, first);
// CHECK: OpTraceNV {{%[0-9a-z_]+}} %uint_0 %uint_1 %uint_0 %uint_0 %uint_0 {{(%[0-9a-z_]+ ){3}%[0-9a-z_]+}} %uint_1
  TraceRay(scene, 0, 1, 0, 0, 0, ray, second);
// The payload variable of a type is shared.
// CHECK: OpStore %first
// CHECK: OpTraceNV {{%[0-9a-z_]+}} %uint_0 %uint_1 %uint_0 %uint_0 %uint_0 {{(%[0-9a-z_]+ ){3}%[0-9a-z_]+}} %uint_0
  TraceRay(scene, 0, 1, 0, 0, 0, ray, again);
  Attr call = (Attr)0;
// CHECK: OpExecuteCallableNV %uint_2 %uint_0
  CallShader(2, call);
}

[shader("anyhit")]
void hit(inout Payload P, in Attr A) {
// CHECK-LABEL: %hit = OpFunction
// CHECK:      OpLoad %float [[hitt]]
// CHECK:      OpIgnoreIntersectionNV
// CHECK-NEXT: OpBranch {{%[0-9]+}}
// CHECK:      OpTerminateRayNV
// CHECK:      OpReturn
  if (RayTCurrent() < 1)
    IgnoreHit();
  AcceptHitAndEndSearch();
}
