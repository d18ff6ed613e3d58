// Initializer lists: constant vectors fold, matrices are always built,
// a scalar is converted where it is written and a vector of the right size
// is converted whole, while other vectors are split into components.
// RUN: %hlsl2spirv -fcgl -T ps_6_0 -E main %s | FileCheck %s
// RUN: %hlsl2spirv -T ps_6_0 -E main %s

// CHECK: [[c:%[0-9]+]] = OpConstantComposite %v3float %float_1 %float_2 %float_3

float4 main(int i : I, uint2 u : U, bool3 b : B) : SV_Target {
// CHECK: OpStore %k [[c]]
  float3 k = {1, 2, 3};

// CHECK:      [[r0:%[0-9]+]] = OpCompositeConstruct %v2float %float_1 %float_2
// CHECK-NEXT: [[r1:%[0-9]+]] = OpCompositeConstruct %v2float %float_3 %float_4
// CHECK-NEXT: [[m:%[0-9]+]] = OpCompositeConstruct %mat2v2float [[r0]] [[r1]]
// CHECK-NEXT: OpStore %m [[m]]
  float2x2 m = {1, 2, 3, 4};

// CHECK-NEXT: [[i:%[0-9]+]] = OpLoad %int %i
// CHECK-NEXT: [[fi:%[0-9]+]] = OpConvertSToF %float [[i]]
// CHECK-NEXT: [[u:%[0-9]+]] = OpLoad %v2uint %u
// CHECK-NEXT: [[u0:%[0-9]+]] = OpCompositeExtract %uint [[u]] 0
// CHECK-NEXT: [[u1:%[0-9]+]] = OpCompositeExtract %uint [[u]] 1
// CHECK-NEXT: [[f0:%[0-9]+]] = OpConvertUToF %float [[u0]]
// CHECK-NEXT: [[f1:%[0-9]+]] = OpConvertUToF %float [[u1]]
// CHECK-NEXT: [[mixed:%[0-9]+]] = OpCompositeConstruct %v3float [[fi]] [[f0]] [[f1]]
// CHECK-NEXT: OpStore %mixed [[mixed]]
  float3 mixed = {i, u};

// CHECK-NEXT: [[b:%[0-9]+]] = OpLoad %v3bool %b
// CHECK-NEXT: [[fb:%[0-9]+]] = OpSelect %v3float [[b]] {{%[0-9]+}} {{%[0-9]+}}
// CHECK-NEXT: OpStore %whole [[fb]]
  float3 whole = {b};

  return float4(k + mixed + whole, m._m00);
}
