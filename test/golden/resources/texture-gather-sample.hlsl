// Texture methods beyond Sample/Load: Gather and GatherRed/Green/Blue/Alpha
// (component, one offset -> ConstOffset, four -> ConstOffsets, the status
// form -> OpImageSparseGather with CheckAccessFullyMapped), GatherCmp and
// GatherCmpRed (OpImageDrefGather), SampleBias, SampleGrad (2D with offset,
// cube), SampleCmp, SampleCmpLevelZero, SampleCmpLevel, SampleCmpBias,
// SampleCmpGrad, CalculateLevelOfDetail(Unclamped) (OpImageQueryLod .x/.y),
// and the methods DXC cannot lower for Vulkan, with its errors. As DXC
// does, an image instruction without image operands says None.
// RUN: %hlsl2spirv -fcgl -T ps_6_8 -E main %s | FileCheck %s
// RUN: %hlsl2spirv -T ps_6_8 -E main %s
// RUN: not %hlsl2spirv -T ps_6_8 -E main -DUNSUPPORTED %s 2>&1 | FileCheck %s --check-prefix=ERR

Texture2D<float4> t2;
Texture2DArray<float4> t2a;
TextureCube<float4> tc;
Texture2D<float> depth;
Texture2D<uint> raw;
SamplerState s;
SamplerComparisonState sc;

// CHECK-DAG: OpCapability ImageGatherExtended
// CHECK-DAG: OpCapability SparseResidency
// CHECK-DAG: OpCapability ImageQuery
float4 main(float2 uv : TEXCOORD, float3 dir : DIR, float cmp : CMP) : SV_Target {
  uint status;
// CHECK: OpImageGather %v4float {{%[0-9]+}} {{%[0-9]+}} %int_0 None{{$}}
  float4 r = t2.Gather(s, uv);
// CHECK: OpImageGather %v4float {{%[0-9]+}} {{%[0-9]+}} %int_0 ConstOffset
  r += t2.GatherRed(s, uv, int2(1, 0));
// CHECK: OpImageGather %v4float {{%[0-9]+}} {{%[0-9]+}} %int_1 ConstOffsets
  r += t2.GatherGreen(s, uv, int2(1, 0), int2(0, 1), int2(1, 1), int2(-1, 0));
// CHECK: OpImageGather %v4float {{%[0-9]+}} {{%[0-9]+}} %int_2 None{{$}}
  r += t2.GatherBlue(s, uv);
// CHECK: [[sparse:%[0-9]+]] = OpImageSparseGather %SparseResidencyStruct {{%[0-9]+}} {{%[0-9]+}} %int_3 ConstOffset
// CHECK: [[code:%[0-9]+]] = OpCompositeExtract %uint [[sparse]] 0
// CHECK: OpStore %status [[code]]
  r += t2.GatherAlpha(s, uv, int2(0, 0), status);
// CHECK: OpImageGather %v4float
  r += t2a.Gather(s, float3(uv, 1));
// CHECK: OpImageDrefGather %v4float {{%[0-9]+}} {{%[0-9]+}} {{%[0-9]+}} None{{$}}
  r += depth.GatherCmp(sc, uv, cmp);
// CHECK: OpImageDrefGather %v4float {{%[0-9]+}} {{%[0-9]+}} {{%[0-9]+}} ConstOffset
  r += depth.GatherCmpRed(sc, uv, cmp, int2(1, 1));
// CHECK: OpImageSampleImplicitLod %v4float {{%[0-9]+}} {{%[0-9]+}} Bias %float_0_5
  r += t2.SampleBias(s, uv, 0.5);
// CHECK: OpImageSampleExplicitLod %v4float {{%[0-9]+}} {{%[0-9]+}} Grad|ConstOffset
  r += t2.SampleGrad(s, uv, ddx(uv), ddy(uv), int2(1, 0));
// CHECK: OpImageSampleExplicitLod %v4float {{%[0-9]+}} {{%[0-9]+}} Grad {{%[0-9]+}} {{%[0-9]+}}{{$}}
  r += tc.SampleGrad(s, dir, ddx(dir), ddy(dir));
// CHECK: OpImageSampleDrefImplicitLod %float
  r.x += depth.SampleCmp(sc, uv, cmp);
// CHECK: OpImageSampleDrefExplicitLod %float {{%[0-9]+}} {{%[0-9]+}} {{%[0-9]+}} Lod|ConstOffset %float_0
  r.y += depth.SampleCmpLevelZero(sc, uv, cmp, int2(1, 0));
// CHECK: OpImageSampleDrefExplicitLod %float {{%[0-9]+}} {{%[0-9]+}} {{%[0-9]+}} Lod %float_1
  r.x += depth.SampleCmpLevel(sc, uv, cmp, 1.0);
// CHECK: OpImageSampleDrefImplicitLod %float {{%[0-9]+}} {{%[0-9]+}} {{%[0-9]+}} Bias %float_0_5
  r.x += depth.SampleCmpBias(sc, uv, cmp, 0.5);
// CHECK: OpImageSampleDrefExplicitLod %float {{%[0-9]+}} {{%[0-9]+}} {{%[0-9]+}} Grad
  r.x += depth.SampleCmpGrad(sc, uv, cmp, ddx(uv), ddy(uv));
// CHECK: [[lod:%[0-9]+]] = OpImageQueryLod %v2float
// CHECK: OpCompositeExtract %float [[lod]] 0
  r.z += t2.CalculateLevelOfDetail(s, uv);
// CHECK: [[ulod:%[0-9]+]] = OpImageQueryLod %v2float
// CHECK: OpCompositeExtract %float [[ulod]] 1
  r.w += t2.CalculateLevelOfDetailUnclamped(s, uv);
// CHECK: [[st:%[0-9]+]] = OpLoad %uint %status
// CHECK: OpImageSparseTexelsResident %bool [[st]]
  r.x += CheckAccessFullyMapped(status) ? 1 : 0;
#ifdef UNSUPPORTED
// ERR: texture-gather-sample.hlsl:[[@LINE+1]]:14: error: no equivalent for GatherCmpGreen intrinsic method in Vulkan
  r += depth.GatherCmpGreen(sc, uv, cmp);
// ERR: texture-gather-sample.hlsl:[[@LINE+1]]:14: error: no equivalent for GatherCmpBlue intrinsic method in Vulkan
  r += depth.GatherCmpBlue(sc, uv, cmp);
// ERR: texture-gather-sample.hlsl:[[@LINE+1]]:14: error: no equivalent for GatherCmpAlpha intrinsic method in Vulkan
  r += depth.GatherCmpAlpha(sc, uv, cmp);
// ERR: texture-gather-sample.hlsl:[[@LINE+1]]:12: error: intrinsic 'GatherRaw' method unimplemented
  r += raw.GatherRaw(s, uv);
#endif
  return r;
}
