// Temporaries and buffer types are named after their type with one set of
// rules, DXC's: half is "half" with and without -enable-16bit-types, a 1x1
// matrix is its scalar, a 1xN matrix a vector.
// RUN: %hlsl2spirv -fcgl -T ps_6_0 -E main %s | FileCheck %s

// CHECK-DAG: %type_StructuredBuffer_v3half = OpTypeStruct
// CHECK-DAG: %type_RWStructuredBuffer_v2float = OpTypeStruct
// CHECK-DAG: %temp_var_v2half = OpVariable %_ptr_Function_v2float Function
// CHECK-DAG: %temp_var_float = OpVariable %_ptr_Function_float Function
// CHECK-DAG: %temp_var_v3min16float = OpVariable %_ptr_Function_v3float Function
// CHECK-DAG: %temp_var_S = OpVariable %_ptr_Function_S Function
StructuredBuffer<half3> halves;
RWStructuredBuffer<float1x2> rows;

struct S {
  half3 v;
  half first() { return v.x; }
};

S make(half3 x) {
  S s;
  s.v = x;
  return s;
}

float4 main(half2 h : H, float1x1 m : M, min16float3 q : Q, uint i : I) : SV_Target {
  half2 a = EvaluateAttributeCentroid(h);
  float1x1 b = EvaluateAttributeCentroid(m);
  min16float3 c = EvaluateAttributeAtSample(q, 2);
  half f = make(halves[i]).first();
  rows[i] = float1x2(a);
  return float4(a, b, c.x + f);
}
