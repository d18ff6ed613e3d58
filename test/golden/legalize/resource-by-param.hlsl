// A helper that passes its parameter to a function choosing a resource is
// inlined by legalization (without -fcgl), so each call's constant
// argument picks its own resource; a choice that depends on run-time data
// is an error, never a guess: the validator's (an image chosen by a phi),
// at the condition that chose.
// RUN: %hlsl2spirv -fcgl -T ps_6_0 -E main %s | FileCheck %s
// RUN: not %hlsl2spirv -T ps_6_0 -E main -DDYNAMIC %s 2>&1 | FileCheck %s --check-prefix=DYN
// RUN: %hlsl2spirv -T ps_6_0 -E main %s

Texture2D<float4> layers[3] : register(t0);
Texture2D<float4> base : register(t3);
Texture2D<float4> detail : register(t4);
SamplerState linearSampler : register(s0);

Texture2D<float4> pick(int which) {
  if (which == 0) return base;
  if (which == 1) return detail;
  return base;
}

float4 fetch(int which, float2 uv) {
  return pick(which).Sample(linearSampler, uv);
}

// Under -fcgl the functions stay, as in DXC's generated code: pick returns
// the image it loads, and its callers sample what it returned.
// CHECK: %src_main = OpFunction
// CHECK: OpFunctionCall %v4float %fetch %param_var_which %param_var_uv_0
// CHECK: [[img:%[0-9]+]] = OpFunctionCall %type_2d_image %pick %param_var_which_1
// CHECK: OpSampledImage %type_sampled_image [[img]]
// CHECK: %fetch = OpFunction %v4float
// CHECK: [[img:%[0-9]+]] = OpFunctionCall %type_2d_image %pick
// CHECK: OpSampledImage %type_sampled_image [[img]]
// CHECK: %pick = OpFunction %type_2d_image
// CHECK: [[b:%[0-9]+]] = OpLoad %type_2d_image %base
// CHECK-NEXT: OpReturnValue [[b]]
// CHECK: [[d:%[0-9]+]] = OpLoad %type_2d_image %detail
// CHECK-NEXT: OpReturnValue [[d]]
float4 main(float2 uv : TEXCOORD, nointerpolation int k : K) : SV_Target {
  float4 c = fetch(1, uv) + fetch(0, uv);
  c += pick(1).Sample(linearSampler, uv);
#ifdef DYNAMIC
// DYN: resource-by-param.hlsl:16:13: error: failed to legalize SPIR-V: Result type cannot be OpTypeImage
  c += fetch(k, uv);
#endif
  return c;
}
