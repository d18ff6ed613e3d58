// Under HLSL 2021, && and || on scalars branch around their right operand
// (|| on the negated left one) and ?: stores each branch in a temporary.
// RUN: %hlsl2spirv -fcgl -T ps_6_0 -E main -HV 2021 %s | FileCheck %s
// RUN: %hlsl2spirv -T ps_6_0 -E main -HV 2021 %s

float main(bool a : A, bool b : B, float x : X) : SV_Target {
// CHECK-LABEL: %src_main = OpFunction
// CHECK:      [[a:%[0-9]+]] = OpLoad %bool %a
// CHECK-NEXT: OpStore %temp_var_logical_or %true
// CHECK-NEXT: [[na:%[0-9]+]] = OpLogicalNot %bool [[a]]
// CHECK-NEXT: OpSelectionMerge %logical_merge None
// CHECK-NEXT: OpBranchConditional [[na]] %logical_lhs_cond %logical_merge
// CHECK-NEXT: %logical_lhs_cond = OpLabel
// CHECK-NEXT: [[b:%[0-9]+]] = OpLoad %bool %b
// CHECK-NEXT: OpStore %temp_var_logical_or [[b]]
// CHECK-NEXT: OpBranch %logical_merge
// CHECK-NEXT: %logical_merge = OpLabel
// CHECK-NEXT: [[or:%[0-9]+]] = OpLoad %bool %temp_var_logical_or
// CHECK-NEXT: OpStore %either [[or]]
  bool either = a || b;

// CHECK-NEXT: [[c:%[0-9]+]] = OpLoad %bool %either
// CHECK-NEXT: OpSelectionMerge %ternary_merge None
// CHECK-NEXT: OpBranchConditional [[c]] %ternary_lhs %ternary_rhs
// CHECK-NEXT: %ternary_lhs = OpLabel
// CHECK-NEXT: [[x:%[0-9]+]] = OpLoad %float %x
// CHECK-NEXT: OpStore %temp_var_ternary [[x]]
// CHECK-NEXT: OpBranch %ternary_merge
// CHECK-NEXT: %ternary_rhs = OpLabel
// CHECK-NEXT: OpStore %temp_var_ternary %float_0
// CHECK-NEXT: OpBranch %ternary_merge
// CHECK-NEXT: %ternary_merge = OpLabel
  return either ? x : 0.0f;
}
