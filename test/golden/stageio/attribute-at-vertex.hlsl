// GetAttributeAtVertex: once a pixel shader calls it, each nointerpolation
// input is an array of the triangle's three vertex values, decorated
// PerVertexKHR (after its Location) and no longer Flat. The entry reads
// element 0, the provoking vertex; GetAttributeAtVertex reads the element
// asked for, straight from the stage variable. A nointerpolation
// parameter of a helper takes the three values as an array, as DXC passes
// them: the caller copies the stage variable (or its own parameter's
// array) into param.var.<name>, the helper reads the provoking vertex's
// value from <name>_perVertexParam0 and GetAttributeAtVertex the element
// asked for. An int
// vertex index is bitcast to uint. Bool inputs stay flat uints, and
// reading them per vertex is an error, as in DXC. (Passing a value that is
// not nointerpolation to such a parameter is a sema error.)
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
// The helpers take the vertex values as arrays:
// CHECK: [[all:%[0-9]+]] = OpLoad %_arr_v3float_uint_3 %in_var_COLOR
// CHECK-NEXT: OpStore %param_var_c [[all]]
// CHECK-NEXT: OpFunctionCall %v3float %second %param_var_c
// CHECK: %second = OpFunction
// CHECK-NEXT: %c = OpFunctionParameter %_ptr_Function__arr_v3float_uint_3
// CHECK: %c_perVertexParam0 = OpVariable %_ptr_Function_v3float Function
// CHECK: [[c0:%[0-9]+]] = OpAccessChain %_ptr_Function_v3float %c %uint_0
// CHECK-NEXT: [[v0:%[0-9]+]] = OpLoad %v3float [[c0]]
// CHECK-NEXT: OpStore %c_perVertexParam0 [[v0]]
// its array is passed on whole
// CHECK: [[arr:%[0-9]+]] = OpLoad %_arr_v3float_uint_3 %c
// CHECK-NEXT: OpStore %param_var_d [[arr]]
// CHECK: OpAccessChain %_ptr_Function_v3float %c %uint_1
// CHECK: OpLoad %v3float %c_perVertexParam0
// CHECK: %third = OpFunction
// CHECK-NEXT: %d = OpFunctionParameter %_ptr_Function__arr_v3float_uint_3
// CHECK: OpAccessChain %_ptr_Function_v3float %d %uint_0


// -O0 keeps the calls (no legalization is needed); -O3 inlines them and
// reads the stage variable.
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
  return third(c) + GetAttributeAtVertex(c, 1) + c;
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
