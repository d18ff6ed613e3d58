// Derivatives and helper lanes in a pixel shader: ddx/ddy (OpDPdx/OpDPdy),
// the _coarse and _fine forms (DerivativeControl), fwidth, and
// IsHelperLane (OpIsHelperInvocationEXT before SPIR-V 1.6, the Volatile
// HelperInvocation input from 1.6).
// RUN: %hlsl2spirv -T ps_6_6 -E main %s | FileCheck %s
// RUN: %hlsl2spirv -T ps_6_6 -E main -fspv-target-env=vulkan1.3 %s | FileCheck %s --check-prefix=V13

// CHECK-DAG: OpCapability DerivativeControl
// CHECK-DAG: OpCapability DemoteToHelperInvocation
// V13: OpEntryPoint Fragment %main "main" {{.*}}%gl_HelperInvocation
// V13: OpDecorate %gl_HelperInvocation BuiltIn HelperInvocation
// V13: OpDecorate %gl_HelperInvocation Volatile
float4 main(float4 v : COLOR) : SV_Target {
// CHECK: [[dx:%[0-9]+]] = OpDPdx %v4float
// CHECK: [[dy:%[0-9]+]] = OpDPdy %v4float
// CHECK: OpFAdd %v4float [[dx]] [[dy]]
// CHECK: OpDPdxCoarse %v4float
// CHECK: OpDPdxFine %v4float
// CHECK: OpDPdyCoarse %v4float
// CHECK: OpDPdyFine %v4float
// CHECK: OpFwidth %v4float
  float4 r = ddx(v) + ddy(v) + ddx_coarse(v) + ddx_fine(v) + ddy_coarse(v) + ddy_fine(v) + fwidth(v);
// CHECK: OpIsHelperInvocationEXT %bool
// V13: OpLoad %bool %gl_HelperInvocation
  if (IsHelperLane())
    r = 0;
  return r;
}
