// Compound assignments evaluate the converted right operand first, then the
// left one; v *= s on floats scales without splatting, and an element
// written back goes through the access chain that was read.
// RUN: %hlsl2spirv -fcgl -T ps_6_0 -E main %s | FileCheck %s
// RUN: %hlsl2spirv -T ps_6_0 -E main %s

float4 main(float4 c : COLOR, float k : K, int n : N) : SV_Target {
  float4 v = c;
  int3 w = int3(1, 2, 3);

// CHECK:      [[k:%[0-9]+]] = OpLoad %float %k
// CHECK-NEXT: [[v:%[0-9]+]] = OpLoad %v4float %v
// CHECK-NEXT: [[s:%[0-9]+]] = OpVectorTimesScalar %v4float [[v]] [[k]]
// CHECK-NEXT: OpStore %v [[s]]
  v *= k;

// CHECK-NEXT: [[n:%[0-9]+]] = OpLoad %int %n
// CHECK-NEXT: [[splat:%[0-9]+]] = OpCompositeConstruct %v3int [[n]] [[n]] [[n]]
// CHECK-NEXT: [[w:%[0-9]+]] = OpLoad %v3int %w
// CHECK-NEXT: [[m:%[0-9]+]] = OpIMul %v3int [[w]] [[splat]]
// CHECK-NEXT: OpStore %w [[m]]
  w *= n;

// CHECK-NEXT: [[k2:%[0-9]+]] = OpLoad %float %k
// CHECK-NEXT: [[p:%[0-9]+]] = OpAccessChain %_ptr_Function_float %v %int_2
// CHECK-NEXT: [[z:%[0-9]+]] = OpLoad %float [[p]]
// CHECK-NEXT: [[sum:%[0-9]+]] = OpFAdd %float [[z]] [[k2]]
// CHECK-NEXT: OpStore [[p]] [[sum]]
  v.z += k;

  return v + float4(w, 1);
}
