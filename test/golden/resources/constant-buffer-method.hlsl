// A method of T called on a ConstantBuffer<T>: the block is read whole
// (its own type, copied member by member into a T) into a temporary that
// the method gets as `this`.
// RUN: %hlsl2spirv -T ps_6_0 -E main %s | FileCheck %s

// CHECK: [[b:%[0-9]+]] = OpLoad %type_ConstantBuffer_Light %light
// CHECK: [[c:%[0-9]+]] = OpCompositeExtract %v3float [[b]] 0
// CHECK: [[i:%[0-9]+]] = OpCompositeExtract %float [[b]] 1
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
