// GetAttributeAtVertex in a library: the entries of other stages share the
// struct types, so a nointerpolation member stays a plain value in the
// struct (the pixel entry's wrapper fills it with the provoking vertex),
// and GetAttributeAtVertex reads the PerVertexKHR stage variable itself.
// The vertex entry writes the same struct to its outputs.
// RUN: %hlsl2spirv -fcgl -T lib_6_3 %s | FileCheck %s
// RUN: %hlsl2spirv -O0 -T lib_6_3 %s | FileCheck %s --check-prefix=O0
// RUN: %hlsl2spirv -T lib_6_3 %s | FileCheck %s --check-prefix=O3

// CHECK: OpDecorate %in_var_COLOR PerVertexKHR
// CHECK: %S = OpTypeStruct %v4float %v3float
// CHECK: %in_var_COLOR = OpVariable %_ptr_Input__arr_v3float_uint_3 Input
// CHECK: %src_ps = OpFunction
// CHECK: [[v1:%[0-9]+]] = OpAccessChain %_ptr_Input_v3float %in_var_COLOR %uint_1
// CHECK-NEXT: OpLoad %v3float [[v1]]
// CHECK: OpAccessChain %_ptr_Function_v3float %s %int_1
// O0: OpFunctionCall %v4float %src_ps
// O0: OpFunctionCall %S %src_vs
// O3-NOT: OpFunctionCall
// O3: OpAccessChain %_ptr_Input_v3float %in_var_COLOR %uint_1

struct S {
  float4 p : SV_Position;
  nointerpolation float3 c : COLOR;
};

[shader("pixel")]
float4 ps(S s) : SV_Target {
  return float4(GetAttributeAtVertex(s.c, 1) + s.c, 1);
}

[shader("vertex")]
S vs(float4 p : P) {
  S o;
  o.p = p;
  o.c = p.xyz;
  return o;
}
