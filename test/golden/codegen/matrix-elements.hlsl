// Matrix element selections are read and written one element at a time,
// each through its own access chain; a subscripted row is one chain.
// RUN: %hlsl2spirv -fcgl -T ps_6_0 -E main %s | FileCheck %s
// RUN: %hlsl2spirv -T ps_6_0 -E main %s

float4 main(float2 v : V, float3x3 src : M) : SV_Target {
  float2x3 m = (float2x3)src;

// CHECK:      [[v:%[0-9]+]] = OpLoad %v2float %v
// CHECK-NEXT: [[v0:%[0-9]+]] = OpCompositeExtract %float [[v]] 0
// CHECK-NEXT: [[p0:%[0-9]+]] = OpAccessChain %_ptr_Function_float %m %int_1 %int_2
// CHECK-NEXT: OpStore [[p0]] [[v0]]
// CHECK-NEXT: [[v1:%[0-9]+]] = OpCompositeExtract %float [[v]] 1
// CHECK-NEXT: [[p1:%[0-9]+]] = OpAccessChain %_ptr_Function_float %m %int_0 %int_0
// CHECK-NEXT: OpStore [[p1]] [[v1]]
  m._m12_m00 = v;

// CHECK-NEXT: [[q0:%[0-9]+]] = OpAccessChain %_ptr_Function_float %m %int_0 %int_1
// CHECK-NEXT: [[e0:%[0-9]+]] = OpLoad %float [[q0]]
// CHECK-NEXT: [[q1:%[0-9]+]] = OpAccessChain %_ptr_Function_float %m %int_1 %int_0
// CHECK-NEXT: [[e1:%[0-9]+]] = OpLoad %float [[q1]]
// CHECK-NEXT: [[r:%[0-9]+]] = OpCompositeConstruct %v2float [[e0]] [[e1]]
// CHECK-NEXT: OpStore %r [[r]]
  float2 r = m._m01_m10;

// CHECK-NEXT: [[row:%[0-9]+]] = OpAccessChain %_ptr_Function_float %m %uint_1 %uint_2
// CHECK-NEXT: [[e:%[0-9]+]] = OpLoad %float [[row]]
// CHECK-NEXT: OpStore %e [[e]]
  float e = m[1][2];

  return float4(r, e, 1);
}
