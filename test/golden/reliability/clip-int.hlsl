// clip takes float<>: an integer argument converts to float before the
// comparison (OpFOrdLessThan on the int, which spirv-val rejects, before).
// RUN: %hlsl2spirv -T ps_6_0 -E main %s | FileCheck %s

// CHECK: [[x:%[0-9]+]] = OpConvertSToF %float
// CHECK: OpFOrdLessThan %bool [[x]] %float_0
// CHECK: [[v:%[0-9]+]] = OpConvertUToF %v2float
// CHECK: [[lt:%[0-9]+]] = OpFOrdLessThan %v2bool [[v]]
// CHECK: OpAny %bool [[lt]]
float4 main(nointerpolation int c : C, nointerpolation uint2 u : U) : SV_Target {
  clip(c);
  clip(u);
  return 1;
}
