// The value of an assignment is the value stored: a = b = c loads c once
// and stores it twice.
// RUN: %hlsl2spirv -fcgl -T ps_6_0 -E main %s | FileCheck %s
// RUN: %hlsl2spirv -T ps_6_0 -E main %s

float main(float c : C) : SV_Target {
  float a, b;
// CHECK:      [[c:%[0-9]+]] = OpLoad %float %c
// CHECK-NEXT: OpStore %b [[c]]
// CHECK-NEXT: OpStore %a [[c]]
  a = b = c;
  return a + b;
}
