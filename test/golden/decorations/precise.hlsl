// `precise` keeps every computation that reaches a precise variable,
// member or result from being contracted: NoContraction on exactly those
// arithmetic instructions, found backwards through stores and loads of
// ordinary variables. Values only used elsewhere stay contractible.
// RUN: %hlsl2spirv -T ps_6_0 -E main -fcgl %s | FileCheck %s --implicit-check-not NoContraction

struct S {
  float plain;
  precise float exact;
};

precise float f(float x);

// CHECK:      OpDecorate [[t_mul:%[0-9]+]] NoContraction
// CHECK-NEXT: OpDecorate [[p_add:%[0-9]+]] NoContraction
// CHECK-NEXT: OpDecorate [[m_mul:%[0-9]+]] NoContraction
// CHECK-NEXT: OpDecorate [[f_mul:%[0-9]+]] NoContraction

float main(float a : A, float b : B) : SV_Target {
  precise float p;
  S s;
// CHECK: [[t_mul]] = OpFMul %float
  float t = a * b;
// not precise: u never reaches p
// CHECK: OpFMul %float
  float u = a * b;
// CHECK: [[p_add]] = OpFAdd %float
  p = t + 1;
// CHECK: OpFMul %float
  s.plain = a * u;
// CHECK: [[m_mul]] = OpFMul %float
  s.exact = a * b;
  return p + s.exact + f(a) + u;
}

precise float f(float x) {
// CHECK: [[f_mul]] = OpFMul %float
  return x * x;
}
