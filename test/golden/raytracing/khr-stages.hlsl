// A library with every ray tracing stage, lowered with SPV_KHR_ray_tracing
// (the default): entry parameters live in the ray tracing storage classes
// and are copied in and out by the wrapper; TraceRay and CallShader pass
// their payload through one RayPayload/CallableData variable per type; the
// system values are built-in inputs, read in any function, which DXC's
// code generation lists in every interface and the legalization leaves
// in those of the entry points that read them, in the order of first use
// with the other variables. (This
// disassembler spells the shared NV/KHR enumerants as spirv-dis v2023.1
// does: ClosestHitKHR, IncomingRayPayloadKHR...)
// RUN: %hlsl2spirv -T lib_6_3 -fspv-target-env=vulkan1.2 %s | FileCheck %s
// RUN: %hlsl2spirv -fcgl -T lib_6_3 -fspv-target-env=vulkan1.2 %s | FileCheck %s --check-prefix=WRAP
// RUN: not %hlsl2spirv -T lib_6_3 %s 2>&1 | FileCheck %s --check-prefix=ENV

// (RayQueryKHR stays beside RayTracingKHR, as in DXC: the acceleration
// structure type keeps both; see capabilities-trimmed.hlsl.)
// CHECK:      OpCapability Shader
// CHECK-NEXT: OpCapability RayQueryKHR
// CHECK-NEXT: OpCapability RayTracingKHR
// CHECK-NEXT: OpExtension "SPV_KHR_ray_query"
// CHECK-NEXT: OpExtension "SPV_KHR_ray_tracing"
// CHECK:      OpEntryPoint RayGenerationKHR %rgen "rgen" {{%[0-9]+}} {{%[0-9]+}} %payload %scene %data
// CHECK:      OpEntryPoint ClosestHitKHR %chit "chit" %A [[o2w:%[0-9]+]] %gl_InstanceID %P
// CHECK:      OpEntryPoint AnyHitKHR %ahit "ahit" %P_0 [[tcur:%[0-9]+]]{{$}}
// CHECK:      OpEntryPoint MissKHR %miss "miss" [[dir:%[0-9]+]] %P_1
// CHECK:      OpEntryPoint CallableKHR %call "call" %D
// CHECK:      OpEntryPoint IntersectionKHR %isec "isec" %attr
// ENV: error: Vulkan 1.1 with SPIR-V 1.4 is required for Raytracing but not permitted to use

// CHECK-DAG: OpDecorate %payload Location 0
// CHECK-DAG: OpDecorate %data Location 0
// CHECK-DAG: OpDecorate %gl_InstanceID BuiltIn InstanceId
// CHECK-DAG: OpDecorate [[o2w]] BuiltIn ObjectToWorldKHR
// CHECK-DAG: OpDecorate [[tcur]] BuiltIn RayTmaxKHR
// CHECK-DAG: OpDecorate [[dir]] BuiltIn WorldRayDirectionKHR

// CHECK-DAG: %P = OpVariable %_ptr_IncomingRayPayloadKHR_Payload IncomingRayPayloadKHR
// CHECK-DAG: %A = OpVariable %_ptr_HitAttributeKHR_Attr HitAttributeKHR
// CHECK-DAG: %payload = OpVariable %_ptr_RayPayloadKHR_Payload RayPayloadKHR
// CHECK-DAG: %data = OpVariable %_ptr_CallableDataKHR_Data CallableDataKHR
// CHECK-DAG: %D = OpVariable %_ptr_IncomingCallableDataKHR_Data IncomingCallableDataKHR

struct Payload { float4 color; };
struct Attr { float2 bary; };
struct Data { uint value; };

RaytracingAccelerationStructure scene;

[shader("raygeneration")]
void rgen() {
  uint3 id = DispatchRaysIndex();
  uint3 size = DispatchRaysDimensions();
  RayDesc ray;
  ray.Origin = float3(id.xy, 0) / float3(size);
  ray.TMin = 0.01;
  ray.Direction = float3(0, 0, 1);
  ray.TMax = 100;
  Payload payload = (Payload)0;
// CHECK-LABEL: %rgen = OpFunction
// (Legalization takes the local ray and payload out of memory, and the
// ray's members fold to the values set: the origin computed, the other
// members constants; the payload's copy-in is its value.)
// CHECK:      [[org:%[0-9]+]] = OpFDiv %v3float
// CHECK-NEXT: OpStore %payload
// CHECK-NEXT: [[as:%[0-9]+]] = OpLoad %accelerationStructureNV %scene
// CHECK-NEXT: OpTraceRayKHR [[as]] %uint_1 %uint_255 %uint_0 %uint_1 %uint_0 [[org]] %float_0_00999999978 {{%[0-9]+}} %float_100 %payload
  TraceRay(scene, RAY_FLAG_FORCE_OPAQUE, 0xff, 0, 1, 0, ray, payload);
  Data data = { 7 };
// (The local is out of memory: its value is stored to the callable data.)
// CHECK:      OpStore %data
// CHECK-NEXT: OpExecuteCallableKHR %uint_3 %data
  CallShader(3, data);
}

// The 3x4 matrices are the 4x3 built-ins transposed.
float3 shade(Attr a) {
  return mul(ObjectToWorld3x4(), float4(a.bary, 0, 1));
}

[shader("closesthit")]
void chit(inout Payload P, in Attr A) {
// WRAP-LABEL: %chit = OpFunction
// WRAP:      [[in:%[0-9]+]] = OpLoad %Payload %P
// WRAP-NEXT: OpStore %param_var_P [[in]]
// WRAP-NEXT: [[a:%[0-9]+]] = OpLoad %Attr %A
// WRAP-NEXT: OpStore %param_var_A [[a]]
// WRAP-NEXT: OpFunctionCall %void %src_chit %param_var_P %param_var_A
// WRAP-NEXT: [[out:%[0-9]+]] = OpLoad %Payload %param_var_P
// WRAP-NEXT: OpStore %P [[out]]
  P.color = float4(shade(A), InstanceIndex());
}

[shader("anyhit")]
void ahit(inout Payload P, in Attr A) {
// (Inlined into the entry point, the payload copies are the entry's.)
// CHECK-LABEL: %ahit = OpFunction
// CHECK:      [[p:%[0-9]+]] = OpLoad %Payload %P_0
// CHECK:      OpLoad %float [[tcur]]
// CHECK:      OpBranchConditional
// CHECK-NEXT: OpLabel
// CHECK-NEXT: OpStore %P_0 [[p]]
// CHECK-NEXT: OpIgnoreIntersectionKHR
// CHECK-NEXT: OpLabel
  if (RayTCurrent() > 10) {
    IgnoreHit();
    P.color = 1; // unreachable: not emitted
  }
// CHECK:      OpTerminateRayKHR
  AcceptHitAndEndSearch();
}

[shader("miss")]
void miss(inout Payload P) {
  P.color = float4(WorldRayDirection(), 1);
}

[shader("callable")]
void call(inout Data D) {
  D.value *= 2;
}

[shader("intersection")]
void isec() {
  Attr attr = { float2(0.5, 0.5) };
// CHECK-LABEL: %isec = OpFunction
// (The attributes' value folds to a constant.)
// CHECK:      OpStore %attr {{%[0-9]+}}
// CHECK-NEXT: OpReportIntersectionKHR %bool %float_1 %uint_0
  ReportHit(1.0, 0, attr);
}
