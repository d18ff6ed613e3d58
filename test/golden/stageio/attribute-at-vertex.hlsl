// GetAttributeAtVertex: once a pixel shader calls it, each nointerpolation
// input is an array of the triangle's three vertex values, decorated
// PerVertexKHR (after its Location) and no longer Flat. The entry reads
// element 0, the provoking vertex; GetAttributeAtVertex reads the element
// asked for, straight from the stage variable - also through a
// nointerpolation parameter of a helper, whose calls are inlined. An int
// vertex index is bitcast to uint. Bool inputs stay flat uints, and
// reading them per vertex is an error, as in DXC. (Passing a value that is
// not nointerpolation to such a parameter is a sema error.)
// RUN: %hlsl2spirv -fcgl -T ps_6_1 -E main %s | FileCheck %s
// RUN: not %hlsl2spirv -T ps_6_1 -E bad %s 2>&1 | FileCheck %s --check-prefix=BAD
// RUN: not %hlsl2spirv -T vs_6_1 -E notps %s 2>&1 | FileCheck %s --check-prefix=VS
// RUN: %hlsl2spirv -T ps_6_1 -E main %s

// CHECK: OpCapability FragmentBarycentricKHR
// CHECK: OpExtension "SPV_KHR_fragment_shader_barycentric"
// CHECK: OpDecorate %in_var_COLOR Location 0
// CHECK-NEXT: OpDecorate %in_var_WEIGHT Location 1
// CHECK-NOT: OpDecorate %in_var_COLOR Flat
// CHECK: OpDecorate %in_var_COLOR PerVertexKHR
// CHECK-NEXT: OpDecorate %in_var_WEIGHT PerVertexKHR
// CHECK: %in_var_COLOR = OpVariable %_ptr_Input__arr_v3float_uint_3 Input
// CHECK: %in_var_WEIGHT = OpVariable %_ptr_Input__arr_float_uint_3 Input

// The wrapper passes the provoking vertex:
// CHECK: %main = OpFunction
// CHECK: [[c0:%[0-9]+]] = OpAccessChain %_ptr_Input_v3float %in_var_COLOR %uint_0
// CHECK: OpLoad %v3float [[c0]]

// CHECK: %src_main = OpFunction
// CHECK: [[v2:%[0-9]+]] = OpAccessChain %_ptr_Input_v3float %in_var_COLOR %uint_2
// CHECK: OpLoad %v3float [[v2]]
// CHECK: [[i:%[0-9]+]] = OpBitcast %uint
// CHECK: [[w:%[0-9]+]] = OpAccessChain %_ptr_Input_float %in_var_WEIGHT [[i]]
// CHECK: OpLoad %float [[w]]
// The helper is inlined: no call of it remains.
// CHECK-NOT: OpFunctionCall %v3float %second

// BAD: error: attribute evaluation can only be done on values taken directly from inputs.
// VS: error: GetAttributeAtVertex only allowed in pixel shader

struct In {
  float4 pos : SV_Position;
  nointerpolation float3 color : COLOR;
};

float3 second(nointerpolation float3 c) {
  return GetAttributeAtVertex(c, 1);
}

float4 main(In input, nointerpolation float weight : WEIGHT, int which : WHICH) : SV_Target {
  float3 provoking = input.color;
  float3 last = GetAttributeAtVertex(input.color, 2);
  float w = GetAttributeAtVertex(weight, which);
  return float4(provoking + last + second(input.color), w);
}

float4 bad(nointerpolation bool flag : FLAG) : SV_Target {
  bool f = GetAttributeAtVertex(flag, 0);
  return f;
}

float4 notps(nointerpolation float4 p : P) : SV_Position {
  return GetAttributeAtVertex(p, 0);
}
