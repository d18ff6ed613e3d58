// Every ray tracing system-value intrinsic, read in each stage that may
// read it (DXC's table in its SPIR-V manual): each is a module-wide Input variable with its built-in (the two
// that are named are gl_InstanceID and gl_PrimitiveID), shared by the
// entry points that use it. DXC's code generation lists every one in
// every entry point's interface (-fcgl); the legalization, which modules
// reading these built-ins ask for, rebuilds each interface from what the
// entry point uses once inlined and dead code is gone, in the order of
// first use (rgen's dead reads leave it); the 3x4 matrices (and ObjectToWorld(),
// WorldToObject()) transpose the 4x3 built-in. Under SPV_NV_ray_tracing
// RayTCurrent is HitTNV in hit shaders and GeometryIndex, which only SPV_KHR_ray_tracing
// has, is an error.
// RUN: %hlsl2spirv -T lib_6_3 -fspv-target-env=vulkan1.2 -DGEOMETRY_INDEX=GeometryIndex() %s | FileCheck %s
// RUN: %hlsl2spirv -T lib_6_3 -fspv-extension=SPV_NV_ray_tracing -DGEOMETRY_INDEX=0 %s | FileCheck %s --check-prefix=NV
// RUN: not %hlsl2spirv -T lib_6_3 -fspv-extension=SPV_NV_ray_tracing -DGEOMETRY_INDEX=GeometryIndex() %s 2>&1 | FileCheck %s --check-prefix=ERR

// CHECK:      OpEntryPoint RayGenerationKHR %rgen "rgen"{{$}}
// CHECK-NEXT: OpEntryPoint IntersectionKHR %isec "isec" [[wo:%[0-9]+]] [[wd:%[0-9]+]] [[oo:%[0-9]+]] [[od:%[0-9]+]] [[tmin:%[0-9]+]] [[tcur:%[0-9]+]] [[flags:%[0-9]+]] %gl_InstanceID [[iid:%[0-9]+]] %gl_PrimitiveID [[geom:%[0-9]+]] [[id:%[0-9]+]] [[size:%[0-9]+]] [[o2w:%[0-9]+]] [[w2o:%[0-9]+]] %attr{{$}}
// CHECK-NEXT: OpEntryPoint ClosestHitKHR %chit "chit" [[id]] [[size]] [[wo]] [[wd]] [[oo]] [[od]] [[tmin]] [[tcur]] [[flags]] %gl_InstanceID [[iid]] %gl_PrimitiveID [[geom]] [[o2w]] [[w2o]] [[kind:%[0-9]+]] %p{{$}}
// CHECK-NEXT: OpEntryPoint AnyHitKHR %ahit "ahit" [[id]] [[size]] [[wo]] [[wd]] [[oo]] [[od]] [[tmin]] [[tcur]] [[flags]] %gl_InstanceID [[iid]] %gl_PrimitiveID [[geom]] [[o2w]] [[w2o]] [[kind]] %p_0{{$}}
// CHECK-NEXT: OpEntryPoint MissKHR %miss "miss" [[wo]] [[wd]] [[tmin]] [[tcur]] [[flags]] [[id]] [[size]] %p_1{{$}}
// CHECK-NEXT: OpEntryPoint CallableKHR %call "call" [[id]] [[size]] %d{{$}}

// CHECK:      OpDecorate [[id]] BuiltIn LaunchIdKHR
// CHECK-NEXT: OpDecorate [[size]] BuiltIn LaunchSizeKHR
// CHECK-NEXT: OpDecorate [[wo]] BuiltIn WorldRayOriginKHR
// CHECK-NEXT: OpDecorate [[wd]] BuiltIn WorldRayDirectionKHR
// CHECK-NEXT: OpDecorate [[oo]] BuiltIn ObjectRayOriginKHR
// CHECK-NEXT: OpDecorate [[od]] BuiltIn ObjectRayDirectionKHR
// CHECK-NEXT: OpDecorate [[tmin]] BuiltIn RayTminKHR
// CHECK-NEXT: OpDecorate [[tcur]] BuiltIn RayTmaxKHR
// CHECK-NEXT: OpDecorate [[flags]] BuiltIn IncomingRayFlagsKHR
// CHECK-NEXT: OpDecorate %gl_InstanceID BuiltIn InstanceId
// CHECK-NEXT: OpDecorate [[iid]] BuiltIn InstanceCustomIndexKHR
// CHECK-NEXT: OpDecorate %gl_PrimitiveID BuiltIn PrimitiveId
// CHECK-NEXT: OpDecorate [[geom]] BuiltIn RayGeometryIndexKHR
// CHECK-NEXT: OpDecorate [[o2w]] BuiltIn ObjectToWorldKHR
// CHECK-NEXT: OpDecorate [[w2o]] BuiltIn WorldToObjectKHR
// CHECK-NEXT: OpDecorate [[kind]] BuiltIn HitKindKHR

// CHECK:      [[id]] = OpVariable %_ptr_Input_v3uint Input
// CHECK-NEXT: [[size]] = OpVariable %_ptr_Input_v3uint Input
// CHECK-NEXT: [[wo]] = OpVariable %_ptr_Input_v3float Input
// CHECK-NEXT: [[wd]] = OpVariable %_ptr_Input_v3float Input
// CHECK-NEXT: [[oo]] = OpVariable %_ptr_Input_v3float Input
// CHECK-NEXT: [[od]] = OpVariable %_ptr_Input_v3float Input
// CHECK-NEXT: [[tmin]] = OpVariable %_ptr_Input_float Input
// CHECK-NEXT: [[tcur]] = OpVariable %_ptr_Input_float Input
// CHECK-NEXT: [[flags]] = OpVariable %_ptr_Input_uint Input
// CHECK-NEXT: %gl_InstanceID = OpVariable %_ptr_Input_uint Input
// CHECK-NEXT: [[iid]] = OpVariable %_ptr_Input_uint Input
// CHECK-NEXT: %gl_PrimitiveID = OpVariable %_ptr_Input_uint Input
// CHECK-NEXT: [[geom]] = OpVariable %_ptr_Input_uint Input
// CHECK-NEXT: [[o2w]] = OpVariable %_ptr_Input_mat4v3float Input
// CHECK-NEXT: [[w2o]] = OpVariable %_ptr_Input_mat4v3float Input
// CHECK:      [[kind]] = OpVariable %_ptr_Input_uint Input

// NV:      OpCapability RayTracingNV
// NV:      OpExtension "SPV_NV_ray_tracing"
// NV:      OpEntryPoint IntersectionKHR %isec "isec" {{%[0-9]+}} {{%[0-9]+}} {{%[0-9]+}} {{%[0-9]+}} [[tmin:%[0-9]+]] [[tmax:%[0-9]+]] [[flags:%[0-9]+]] %gl_InstanceID {{%[0-9]+}} %gl_PrimitiveID {{%[0-9]+}} {{%[0-9]+}} [[o2w:%[0-9]+]] [[w2o:%[0-9]+]]{{$}}
// NV-NEXT: OpEntryPoint ClosestHitKHR %chit "chit" {{(%[0-9]+ )+}}[[hitt:%[0-9]+]] [[flags]] %gl_InstanceID {{%[0-9]+}} %gl_PrimitiveID [[kind:%[0-9]+]] {{%[0-9]+}} {{%[0-9]+}} [[o2w]] [[w2o]]{{$}}
// NV-NEXT: OpEntryPoint AnyHitKHR %ahit "ahit" {{(%[0-9]+ )+}}[[hitt]] [[flags]] %gl_InstanceID {{%[0-9]+}} %gl_PrimitiveID [[kind]] {{%[0-9]+}} {{%[0-9]+}} [[w2o]] [[o2w]]{{$}}
// NV-NEXT: OpEntryPoint MissKHR %miss "miss" {{%[0-9]+}} {{%[0-9]+}} [[tmin]] [[tmax]] [[flags]] {{%[0-9]+}} {{%[0-9]+}}{{$}}
// NV-NOT:  RayGeometryIndexKHR
// (DXC reads HitTNV in every stage, which Vulkan allows only in any-hit and
// closest-hit shaders; the intersection and miss shaders read RayTmaxNV,
// spelled RayTmaxKHR by the disassembler.)
// NV:      OpDecorate [[tmin]] BuiltIn RayTminKHR
// NV-NEXT: OpDecorate [[tmax]] BuiltIn RayTmaxKHR
// NV:      OpDecorate [[hitt]] BuiltIn HitTNV
// NV-NEXT: OpDecorate [[kind]] BuiltIn HitKindKHR
// NV-NOT:  RayGeometryIndexKHR

struct Payload { float4 color; uint4 ids; };
struct Attr { float2 bary; };
struct Data { uint4 value; };

[shader("raygeneration")]
void rgen() {
  uint3 i = DispatchRaysIndex();
  uint3 n = DispatchRaysDimensions();
}

[shader("intersection")]
void isec() {
// CHECK-LABEL: %isec = OpFunction
// CHECK:      OpLoad %v3float [[wo]]
// CHECK:      OpLoad %v3float [[wd]]
// CHECK:      OpLoad %v3float [[oo]]
// CHECK:      OpLoad %v3float [[od]]
// CHECK:      OpLoad %float [[tmin]]
// CHECK-NEXT: OpLoad %float [[tcur]]
// CHECK:      OpLoad %uint [[flags]]
// CHECK-NEXT: OpLoad %uint %gl_InstanceID
// CHECK:      OpLoad %uint [[iid]]
// CHECK:      OpLoad %uint %gl_PrimitiveID
// CHECK:      OpLoad %uint [[geom]]
// CHECK:      OpLoad %v3uint [[id]]
// CHECK:      OpLoad %v3uint [[size]]
// ObjectToWorld3x4, ObjectToWorld4x3, WorldToObject3x4, WorldToObject4x3,
// ObjectToWorld, WorldToObject:
// (the locals a..f leave memory: the values are used directly; and as
// loads of Input variables are read-only, redundancy elimination makes the
// repeated reads of each built-in, and their transposes, one value)
// CHECK:      [[m:%[0-9]+]] = OpLoad %mat4v3float [[o2w]]
// CHECK-NEXT: OpTranspose %mat3v4float [[m]]
// CHECK-NEXT: [[m:%[0-9]+]] = OpLoad %mat4v3float [[w2o]]
// CHECK-NEXT: OpTranspose %mat3v4float [[m]]
// CHECK-NOT:  OpLoad %mat4v3float
// CHECK:      OpReportIntersectionKHR %bool
  float3 o = WorldRayOrigin() + WorldRayDirection() + ObjectRayOrigin() + ObjectRayDirection();
  float t = RayTMin() + RayTCurrent();
// ERR: system-values.hlsl:[[@LINE+1]]:77: error: SPIR-V extension 'SPV_KHR_ray_tracing' required for GeometryIndex() but not permitted to use
  uint u = RayFlags() + InstanceIndex() + InstanceID() + PrimitiveIndex() + GEOMETRY_INDEX + DispatchRaysIndex().x + DispatchRaysDimensions().y;
  float3x4 a = ObjectToWorld3x4();
  float4x3 b = ObjectToWorld4x3();
  float3x4 c = WorldToObject3x4();
  float4x3 d = WorldToObject4x3();
  float3x4 e = ObjectToWorld();
  float3x4 f = WorldToObject();
  t += a[0][0] + b[0][0] + c[0][0] + d[0][0] + e[0][0] + f[0][0];
  Attr attr = { o.xy };
  ReportHit(t, u, attr);
}

[shader("closesthit")]
void chit(inout Payload p, in Attr a) {
// CHECK-LABEL: %chit = OpFunction
// NV-LABEL:    %chit = OpFunction
// NV:          OpLoad %float [[tmin]]
// NV-NEXT:     OpLoad %float [[hitt]]
// CHECK:      OpLoad %uint [[geom]]
// CHECK-NEXT: OpLoad %uint [[kind]]
// CHECK:      [[m:%[0-9]+]] = OpLoad %mat4v3float [[o2w]]
// CHECK-NEXT: [[t:%[0-9]+]] = OpTranspose %mat3v4float [[m]]
// CHECK-NEXT: OpVectorTimesMatrix %v3float {{%[0-9]+}} [[t]]
// CHECK:      [[m:%[0-9]+]] = OpLoad %mat4v3float [[w2o]]
// CHECK-NEXT: OpMatrixTimesVector %v3float [[m]]
  p.color = float4(WorldRayOrigin() + WorldRayDirection() + ObjectRayOrigin() + ObjectRayDirection(), RayTMin() + RayTCurrent());
  p.ids = uint4(RayFlags() + InstanceIndex(), InstanceID() + PrimitiveIndex(), GEOMETRY_INDEX + HitKind(), DispatchRaysIndex().x + DispatchRaysDimensions().x);
  p.color += mul(ObjectToWorld3x4(), float4(1, 1, 1, 1)).xyzz + mul(float4(1, 1, 1, 1), WorldToObject4x3()).xyzz;
}

[shader("anyhit")]
void ahit(inout Payload p, in Attr a) {
  p.color = float4(WorldRayOrigin() + WorldRayDirection() + ObjectRayOrigin() + ObjectRayDirection(), RayTMin() + RayTCurrent());
  p.ids = uint4(RayFlags() + InstanceIndex(), InstanceID() + PrimitiveIndex(), GEOMETRY_INDEX + HitKind(), DispatchRaysIndex().x + DispatchRaysDimensions().x);
  p.color += mul(WorldToObject3x4(), float4(1, 1, 1, 1)).xyzz + mul(float4(1, 1, 1, 1), ObjectToWorld4x3()).xyzz;
}

[shader("miss")]
void miss(inout Payload p) {
// NV-LABEL: %miss = OpFunction
// NV:       OpLoad %float [[tmin]]
// NV-NEXT:  OpLoad %float [[tmax]]
  p.color = float4(WorldRayOrigin() + WorldRayDirection(), RayTMin() + RayTCurrent());
  p.ids = uint4(RayFlags(), DispatchRaysIndex().x, DispatchRaysDimensions().xy);
}

[shader("callable")]
void call(inout Data d) {
  d.value = uint4(DispatchRaysIndex(), DispatchRaysDimensions().z);
}
