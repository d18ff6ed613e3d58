// A method of T called on a ConstantBuffer<T>: the block is read whole
// (its own type, copied member by member into a T) into a temporary that
// the method gets as `this`. Once simplified (as spirv-opt's folding does
// for a block in Uniform memory), the members are loaded one by one.
// RUN: %hlsl2spirv -T ps_6_0 -E main %s | FileCheck %s

// CHECK: [[pc:%[0-9]+]] = OpAccessChain %_ptr_Uniform_v3float %light %uint_0
// CHECK: [[c:%[0-9]+]] = OpLoad %v3float [[pc]]
// CHECK: [[pi:%[0-9]+]] = OpAccessChain %_ptr_Uniform_float %light %uint_1
// CHECK: [[i:%[0-9]+]] = OpLoad %float [[pi]]
// CHECK: [[l:%[0-9]+]] = OpCompositeConstruct %Light [[c]] [[i]]
// CHECK: OpStore %temp_var_Light [[l]]
// CHECK: OpFunctionCall %v3float %Light_radiance %temp_var_Light

struct Light {
  float3 color;
  float intensity;
  float3 radiance() { return color * intensity; }
};

ConstantBuffer<Light> light : register(b0);

float4 main() : SV_Target {
  return float4(light.radiance(), 1);
}
