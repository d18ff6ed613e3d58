// A method of T called on a ConstantBuffer<T>: the generated code passes
// the block as `this`; legalized, the method is inlined and works on the
// block's members, loaded one by one (as spirv-opt's folding reads a block
// in Uniform memory).
// RUN: %hlsl2spirv -fcgl -T ps_6_0 -E main %s | FileCheck %s --check-prefix=CGL
// RUN: %hlsl2spirv -T ps_6_0 -E main %s | FileCheck %s

// CGL: OpFunctionCall %v3float %Light_radiance %light
// CHECK-NOT: OpFunctionCall
// CHECK: [[pc:%[0-9]+]] = OpAccessChain %_ptr_Uniform_v3float %light %uint_0
// CHECK: [[c:%[0-9]+]] = OpLoad %v3float [[pc]]
// CHECK: [[pi:%[0-9]+]] = OpAccessChain %_ptr_Uniform_float %light %uint_1
// CHECK: [[i:%[0-9]+]] = OpLoad %float [[pi]]
// CHECK: OpVectorTimesScalar %v3float [[c]] [[i]]

struct Light {
  float3 color;
  float intensity;
  float3 radiance() { return color * intensity; }
};

ConstantBuffer<Light> light : register(b0);

float4 main() : SV_Target {
  return float4(light.radiance(), 1);
}
