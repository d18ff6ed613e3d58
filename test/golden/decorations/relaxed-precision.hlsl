// Min-precision values are 32-bit in SPIR-V and decorated RelaxedPrecision,
// as DXC does: variables, parameters, functions and loads of a min16 type,
// and arithmetic whose operands are all relaxed. The decorations follow the
// instructions' order; a mix with a full-precision operand is not relaxed.
// RUN: %hlsl2spirv -T ps_6_0 -E main -fcgl %s | FileCheck %s

// CHECK:      OpDecorate %in_var_A RelaxedPrecision
// CHECK-NEXT: OpDecorate %out_var_SV_Target RelaxedPrecision
// CHECK-NEXT: OpDecorate %param_var_a RelaxedPrecision
// CHECK-NEXT: OpDecorate [[in:%[0-9]+]] RelaxedPrecision
// CHECK-NEXT: OpDecorate [[call:%[0-9]+]] RelaxedPrecision
// CHECK-NEXT: OpDecorate %src_main RelaxedPrecision
// CHECK-NEXT: OpDecorate %a RelaxedPrecision
// CHECK-NEXT: OpDecorate %h RelaxedPrecision
// CHECK-NEXT: OpDecorate [[a1:%[0-9]+]] RelaxedPrecision
// CHECK-NEXT: OpDecorate [[a2:%[0-9]+]] RelaxedPrecision
// CHECK-NEXT: OpDecorate [[sq:%[0-9]+]] RelaxedPrecision
// CHECK-NEXT: OpDecorate [[a3:%[0-9]+]] RelaxedPrecision
// CHECK-NEXT: OpDecorate [[h1:%[0-9]+]] RelaxedPrecision
// CHECK-NOT:  RelaxedPrecision

// CHECK:     [[in]] = OpLoad %float %in_var_A
// CHECK:   [[call]] = OpFunctionCall %float %src_main %param_var_a
min16float main(min16float a : A) : SV_Target {
  float f = 2;
// CHECK:     [[a1]] = OpLoad %float %a
// CHECK:     [[a2]] = OpLoad %float %a
// CHECK:     [[sq]] = OpFMul %float [[a1]] [[a2]]
  min16float h = a * a;
// CHECK:     [[a3]] = OpLoad %float %a
// CHECK:            OpLoad %float %f
// CHECK:            OpFMul %float
  f = a * f;
// CHECK:     [[h1]] = OpLoad %float %h
  return h;
}
