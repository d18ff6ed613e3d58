// Shape conversions follow clang's casts: vectors truncate element by
// element, matrices row by row, float2x2 and float4 convert through
// shuffles, and a constant is truncated at run time, not folded.
// RUN: %hlsl2spirv -fcgl -T ps_6_0 -E main %s | FileCheck %s
// RUN: %hlsl2spirv -T ps_6_0 -E main %s

float4 main(float4 v : V, float3x3 m : M) : SV_Target {
// CHECK:      [[v:%[0-9]+]] = OpLoad %v4float %v
// CHECK-NEXT: [[x:%[0-9]+]] = OpCompositeExtract %float [[v]] 0
// CHECK-NEXT: [[y:%[0-9]+]] = OpCompositeExtract %float [[v]] 1
// CHECK-NEXT: [[z:%[0-9]+]] = OpCompositeExtract %float [[v]] 2
// CHECK-NEXT: [[t:%[0-9]+]] = OpCompositeConstruct %v3float [[x]] [[y]] [[z]]
// CHECK-NEXT: OpStore %t [[t]]
  float3 t;
  t = v;

// CHECK-NEXT: [[m:%[0-9]+]] = OpLoad %mat3v3float %m
// CHECK-NEXT: [[r0:%[0-9]+]] = OpCompositeExtract %v3float [[m]] 0
// CHECK-NEXT: [[r0s:%[0-9]+]] = OpVectorShuffle %v2float [[r0]] [[r0]] 0 1
// CHECK-NEXT: [[r1:%[0-9]+]] = OpCompositeExtract %v3float [[m]] 1
// CHECK-NEXT: [[r1s:%[0-9]+]] = OpVectorShuffle %v2float [[r1]] [[r1]] 0 1
// CHECK-NEXT: [[m2:%[0-9]+]] = OpCompositeConstruct %mat2v2float [[r0s]] [[r1s]]
// CHECK-NEXT: OpStore %small [[m2]]
  float2x2 small;
  small = (float2x2)m;

// CHECK-NEXT: [[s:%[0-9]+]] = OpLoad %mat2v2float %small
// CHECK-NEXT: [[s0:%[0-9]+]] = OpCompositeExtract %v2float [[s]] 0
// CHECK-NEXT: [[s1:%[0-9]+]] = OpCompositeExtract %v2float [[s]] 1
// CHECK-NEXT: [[flat:%[0-9]+]] = OpVectorShuffle %v4float [[s0]] [[s1]] 0 1 2 3
// CHECK-NEXT: OpStore %f [[flat]]
  float4 f;
  f = (float4)small;

// CHECK-NEXT: [[c:%[0-9]+]] = OpCompositeExtract %float {{%[0-9]+}} 0
// CHECK-NEXT: OpStore %one [[c]]
  float1 one;
  one = float3(5, 6, 7);

  return f + float4(t, one);
}
