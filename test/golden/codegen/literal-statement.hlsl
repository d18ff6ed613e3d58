// A literal written as a statement still declares its constant under
// -fcgl, as DXC's emitter evaluates it: at its own width (int, uint,
// float; never 64-bit, so no Int64/Float64 capability). The optimizer
// removes it.
// RUN: %hlsl2spirv -T ps_6_0 -E main -fcgl %s | FileCheck %s
// RUN: %hlsl2spirv -T ps_6_0 -E main %s | FileCheck %s --check-prefix=OPT

// CHECK-NOT: OpCapability Int64
// CHECK-NOT: OpCapability Float64
// CHECK-DAG: %int_7 = OpConstant %int 7
// CHECK-DAG: %uint_9 = OpConstant %uint 9
// CHECK-DAG: %float_0_25 = OpConstant %float 0.25

// OPT-NOT: %int_7
// OPT-NOT: %uint_9

float4 main() : SV_Target {
  7;
  (9u);
  0.25;
  return 1;
}
