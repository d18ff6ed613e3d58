// Debug lines of matrix arithmetic, as DXC places them: SPIR-V has no
// component-wise matrix operations, so each row of each operand is
// extracted (at the operand's start), the rows combined (at the operator)
// and the result built again (at the left operand's start).
// RUN: %hlsl2spirv -T ps_6_0 -E main -Zi -fcgl %s | FileCheck %s

float2x2 a, b;

float4 main() : SV_Target {
  float2x2 m = a + b;
  return float4(m[0], m[1]);
}

// CHECK:      [[file:%[0-9]+]] = OpString
// CHECK:      %src_main = OpFunction{{ }}%v4float
// CHECK:      OpLoad %mat2v2float
// CHECK:      OpLoad %mat2v2float
// CHECK-NEXT: OpLine [[file]] 10 16
// CHECK-NEXT: OpCompositeExtract %v2float {{%[0-9]+}} 0
// CHECK-NEXT: OpLine [[file]] 10 20
// CHECK-NEXT: OpCompositeExtract %v2float {{%[0-9]+}} 0
// CHECK-NEXT: OpLine [[file]] 10 18
// CHECK-NEXT: OpFAdd %v2float
// CHECK-NEXT: OpLine [[file]] 10 16
// CHECK-NEXT: OpCompositeExtract %v2float {{%[0-9]+}} 1
// CHECK-NEXT: OpLine [[file]] 10 20
// CHECK-NEXT: OpCompositeExtract %v2float {{%[0-9]+}} 1
// CHECK-NEXT: OpLine [[file]] 10 18
// CHECK-NEXT: OpFAdd %v2float
// CHECK-NEXT: OpLine [[file]] 10 16
// CHECK-NEXT: OpCompositeConstruct %mat2v2float
