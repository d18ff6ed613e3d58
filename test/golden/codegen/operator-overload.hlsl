// Operator methods of a struct are called for its operators, with the
// object passed by pointer; DXC names them S.operator.Star and so on.
// RUN: %hlsl2spirv -fcgl -T ps_6_0 -E main -HV 2021 %s | FileCheck %s
// RUN: %hlsl2spirv -T ps_6_0 -E main -HV 2021 %s

struct Num {
  float v;
  Num operator*(Num o) { Num r; r.v = v * o.v; return r; }
  float operator[](int i) { return v + i; }
  float operator()() { return v; }
};

// CHECK: OpName %Num_operator_Star "Num.operator.Star"
// CHECK: OpName %Num_operator_Subscript "Num.operator.Subscript"
// CHECK: OpName %Num_operator_Call "Num.operator.Call"

float main(float a : A) : SV_Target {
  Num x = {a};
  Num y = {2.0f};
// CHECK-LABEL: %src_main = OpFunction
// CHECK:      [[y:%[0-9]+]] = OpLoad %Num %y
// CHECK-NEXT: OpStore %param_var_o [[y]]
// CHECK-NEXT: [[p:%[0-9]+]] = OpFunctionCall %Num %Num_operator_Star %x %param_var_o
// CHECK-NEXT: OpStore %z [[p]]
  Num z = x * y;
// CHECK-NEXT: OpStore %param_var_i %int_1
// CHECK-NEXT: [[e:%[0-9]+]] = OpFunctionCall %float %Num_operator_Subscript %z %param_var_i
// CHECK-NEXT: [[c:%[0-9]+]] = OpFunctionCall %float %Num_operator_Call %z
  return z[1] + z();
}
