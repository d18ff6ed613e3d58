// GetAttributeAtVertex: once a pixel shader calls it, each nointerpolation
// input is an array of the triangle's three vertex values, decorated
// PerVertexKHR (after its Location) and no longer Flat. A nointerpolation
// parameter (of no struct type) takes the three values as an array, as
// DXC passes them: the entry's from its wrapper, which copies the stage
// variable into param.var.<name>, a helper's from its caller (the stage
// variable, or the caller's own parameter's array). A use of such a
// parameter reads element 0, the provoking vertex, in the access chain of
// the component it reads; GetAttributeAtVertex the element asked for. A
// member of a struct parameter is read as its provoking value, and
// GetAttributeAtVertex reads it straight from the stage variable. An int
// vertex index is bitcast to uint. Bool inputs stay flat uints, and
// reading them per vertex is an error, as in DXC. (Passing a value that
// is not nointerpolation to such a parameter is a sema error.)
// RUN: %hlsl2spirv -fcgl -T ps_6_1 -E main %s | FileCheck %s
// RUN: not %hlsl2spirv -T ps_6_1 -E bad %s 2>&1 | FileCheck %s --check-prefix=BAD
// RUN: not %hlsl2spirv -T vs_6_1 -E notps %s 2>&1 | FileCheck %s --check-prefix=VS
// RUN: %hlsl2spirv -T ps_6_1 -E main %s | FileCheck %s --check-prefix=OPT
// RUN: %hlsl2spirv -T ps_6_1 -E main -O0 %s | FileCheck %s --check-prefix=O0

// CHECK: OpCapability FragmentBarycentricKHR
// CHECK: OpExtension "SPV_KHR_fragment_shader_barycentric"
// CHECK: OpDecorate %in_var_COLOR Location 0
// CHECK-NEXT: OpDecorate %in_var_WEIGHT Location 1
// CHECK-NOT: OpDecorate %in_var_COLOR Flat
// CHECK: OpDecorate %in_var_COLOR PerVertexKHR
// CHECK-NEXT: OpDecorate %in_var_WEIGHT PerVertexKHR
// CHECK: %in_var_COLOR = OpVariable %_ptr_Input__arr_v3float_uint_3 Input
// CHECK: %in_var_WEIGHT = OpVariable %_ptr_Input__arr_float_uint_3 Input

// The wrapper passes the struct's provoking vertex and weight's array:
// CHECK: %main = OpFunction
// CHECK: [[c0:%[0-9]+]] = OpAccessChain %_ptr_Input_v3float %in_var_COLOR %uint_0
// CHECK: OpLoad %v3float [[c0]]
// CHECK: [[wa:%[0-9]+]] = OpLoad %_arr_float_uint_3 %in_var_WEIGHT
// CHECK-NEXT: OpStore %param_var_weight [[wa]]
// CHECK: OpFunctionCall %v4float %src_main %param_var_input %param_var_weight %param_var_which

// CHECK: %src_main = OpFunction
// CHECK-NEXT: %input = OpFunctionParameter %_ptr_Function_In
// CHECK-NEXT: %weight = OpFunctionParameter %_ptr_Function__arr_float_uint_3
// CHECK: [[v2:%[0-9]+]] = OpAccessChain %_ptr_Input_v3float %in_var_COLOR %uint_2
// CHECK: OpLoad %v3float [[v2]]
// CHECK: [[i:%[0-9]+]] = OpBitcast %uint
// CHECK: [[w:%[0-9]+]] = OpAccessChain %_ptr_Function_float %weight [[i]]
// CHECK: OpLoad %float [[w]]
// CHECK: [[all:%[0-9]+]] = OpLoad %_arr_v3float_uint_3 %in_var_COLOR
// CHECK-NEXT: OpStore %param_var_c [[all]]
// CHECK-NEXT: OpFunctionCall %v3float %second %param_var_c
// CHECK: %second = OpFunction
// CHECK-NEXT: %c = OpFunctionParameter %_ptr_Function__arr_v3float_uint_3
// its array is passed on whole
// CHECK: [[arr:%[0-9]+]] = OpLoad %_arr_v3float_uint_3 %c
// CHECK-NEXT: OpStore %param_var_d [[arr]]
// CHECK: OpAccessChain %_ptr_Function_v3float %c %uint_1
// CHECK: OpAccessChain %_ptr_Function_v3float %c %uint_0
// a component of the provoking vertex, in one access chain
// CHECK: OpAccessChain %_ptr_Function_float %c %uint_0 %int_2
// CHECK: %third = OpFunction
// CHECK-NEXT: %d = OpFunctionParameter %_ptr_Function__arr_v3float_uint_3
// CHECK: OpAccessChain %_ptr_Function_v3float %d %uint_0

// -O0 keeps the calls (no legalization is needed); -O3 inlines them and
// reads the stage variables.
// O0: OpFunctionCall %v3float %second
// OPT-NOT: OpFunctionCall
// OPT: OpAccessChain %_ptr_Input_v3float %in_var_COLOR %uint_1

// BAD: error: attribute evaluation can only be done on values taken directly from inputs.
// VS: error: GetAttributeAtVertex only allowed in pixel shader

struct In {
  float4 pos : SV_Position;
  nointerpolation float3 color : COLOR;
};

float3 third(nointerpolation float3 d) {
  return d;
}

float3 second(nointerpolation float3 c) {
  return third(c) + GetAttributeAtVertex(c, 1) + c + c.z;
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
