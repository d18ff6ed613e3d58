// A function taking a storage image is an ordinary SPIR-V function whose
// parameter points to the image type its HLSL type implies (Rgba32f for
// float4). An argument declared with another [[vk::image_format]] has a
// different image type, so that call is inlined instead, as DXC's
// legalization does; calls whose argument matches stay calls.
// RUN: %hlsl2spirv -fcgl -T cs_6_0 -E main %s | FileCheck %s
// RUN: %hlsl2spirv -T cs_6_0 -E main %s

// CHECK-DAG: %[[half:[a-z_0-9]+]] = OpTypeImage %float Buffer 2 0 0 2 Rgba16f
// CHECK-DAG: %[[full:[a-z_0-9]+]] = OpTypeImage %float Buffer 2 0 0 2 Rgba32f
// CHECK-DAG: %_ptr_UniformConstant_[[full]] = OpTypePointer UniformConstant %[[full]]
[[vk::image_format("rgba16f")]]
RWBuffer<float4> Half;
RWBuffer<float4> Full;
RWStructuredBuffer<float4> Out;

float4 first(RWBuffer<float4> b) {
  return b[0];
}

[numthreads(1, 1, 1)]
void main() {
  // CHECK: %main = OpFunction
  // CHECK: OpFunctionCall %void %src_main
  // CHECK: %src_main = OpFunction
  // The Rgba16f image is read in place:
  // CHECK: [[h:%[0-9]+]] = OpLoad %[[half]] %Half
  // CHECK: OpImageRead %v4float [[h]] %uint_0 None
  // CHECK: [[f:%[0-9]+]] = OpLoad %[[full]] %Full
  // CHECK-NEXT: OpStore %param_var_b [[f]]
  // CHECK-NEXT: OpFunctionCall %v4float %first %param_var_b
  // CHECK-NOT: OpFunctionCall %v4float %first
  Out[0] = first(Half) + first(Full);
}
