// HLSL's float min and max return the other operand when one is NaN:
// GLSL.std.450 NMin/NMax. -ffinite-math-only promises no NaNs, and they
// become FMin/FMax. Integer forms are unaffected.
// RUN: %hlsl2spirv -T ps_6_0 -E main %s | FileCheck %s
// RUN: %hlsl2spirv -T ps_6_0 -E main -ffinite-math-only %s | FileCheck %s --check-prefix=FINITE

// CHECK:  OpExtInst %v4float {{%[0-9]+}} NMin
// CHECK:  OpExtInst %v4float {{%[0-9]+}} NMax
// CHECK:  OpExtInst %int {{%[0-9]+}} SMin
// FINITE: OpExtInst %v4float {{%[0-9]+}} FMin
// FINITE: OpExtInst %v4float {{%[0-9]+}} FMax
// FINITE: OpExtInst %int {{%[0-9]+}} SMin

float4 main(float4 a : A, float4 b : B, int i : I, int j : J) : SV_Target {
  return max(min(a, b), a) + min(i, j);
}
