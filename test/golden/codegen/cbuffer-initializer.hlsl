// Initializers of cbuffer and tbuffer members have no Vulkan equivalent:
// DXC warns at each one and the members read what the buffer holds.
// -Wno-vk-ignored-features silences the warning.
// RUN: %hlsl2spirv -T ps_6_0 -E main %s 2>&1 | FileCheck %s --check-prefix=WARN
// RUN: %hlsl2spirv -T ps_6_0 -E main -Wno-vk-ignored-features %s 2>&1 | FileCheck %s --check-prefix=QUIET
// QUIET-NOT: warning:
// QUIET: OpCapability Shader
// RUN: %hlsl2spirv -fcgl -T ps_6_0 -E main %s | FileCheck %s
// RUN: %hlsl2spirv -T ps_6_0 -E main %s

cbuffer Material : register(b0) {
// WARN: cbuffer-initializer.hlsl:[[@LINE+1]]:22: warning: cbuffer member initializer ignored since no Vulkan equivalent
  float4 tint      = float4(1, 0.5, 0.25, 1);
  float  roughness;
// WARN: cbuffer-initializer.hlsl:[[@LINE+1]]:22: warning: cbuffer member initializer ignored since no Vulkan equivalent
  float  metalness = 0.5;
};

tbuffer Lights : register(t0) {
// WARN: cbuffer-initializer.hlsl:[[@LINE+1]]:20: warning: tbuffer member initializer ignored since no Vulkan equivalent
  float3 ambient = 0.1;
};
// WARN: 3 warnings generated.

// The members are loaded from their blocks, not folded from the initializers.
// CHECK: %type_Material = OpTypeStruct %v4float %float %float
// CHECK: %src_main = OpFunction
// CHECK: OpAccessChain %_ptr_Uniform_v4float %Material %int_0
// CHECK: OpAccessChain %_ptr_Uniform_float %Material %int_2
// CHECK: OpAccessChain %_ptr_Uniform_v3float %Lights %int_0
float4 main() : SV_Target {
  return tint * metalness + float4(ambient, roughness);
}
