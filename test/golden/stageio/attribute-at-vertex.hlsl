// GetAttributeAtVertex: once a pixel shader calls it, each nointerpolation
// input is an array of the triangle's three vertex values, decorated
// PerVertexKHR (after its Location) and no longer Flat. A nointerpolation
// parameter (of no struct type) takes the three values as an array, as
// DXC passes them: the entry's from its wrapper, which copies the stage
// variable into param.var.<name>, a helper's from its caller (the stage
// variable, or the caller's own parameter's array). So does a
// nointerpolation struct member, or every member of a struct that is
// nointerpolation as a whole: the struct type holds an array of three for
// it, which the wrapper fills from the stage variable, and, returned, it
// writes element 0 to the stage output. A use of such a member reads
// element 0, the provoking vertex, in the access chain of the component it
// reads; a parameter's element 0 is copied into <name>_perVertexParam0 on
// entry, which a use of the whole parameter reads, while a component is
// read in one access chain into the array; GetAttributeAtVertex reads the
// element asked for. An int vertex index is bitcast to uint. Bool inputs
// stay flat uints, and reading them per vertex is an error, as in DXC.
// (Passing a value that is not nointerpolation to such a parameter is a
// sema error.)
// RUN: %hlsl2spirv -fcgl -T ps_6_1 -E main %s | FileCheck %s
// RUN: not %hlsl2spirv -T ps_6_1 -E bad %s 2>&1 | FileCheck %s --check-prefix=BAD
// RUN: not %hlsl2spirv -T vs_6_1 -E notps %s 2>&1 | FileCheck %s --check-prefix=VS
// RUN: %hlsl2spirv -T ps_6_1 -E main %s | FileCheck %s --check-prefix=OPT
// RUN: %hlsl2spirv -T ps_6_1 -E main -O0 %s | FileCheck %s --check-prefix=O0
// RUN: %hlsl2spirv -fcgl -T ps_6_1 -E pair %s | FileCheck %s --check-prefix=PAIR
// RUN: %hlsl2spirv -O0 -T ps_6_1 -E pair %s | FileCheck %s --check-prefix=PAIR0
// RUN: %hlsl2spirv -T ps_6_1 -E pair %s | FileCheck %s --check-prefix=PAIR3
// RUN: %hlsl2spirv -fcgl -T ps_6_1 -E made %s | FileCheck %s --check-prefix=MADE
// RUN: %hlsl2spirv -O0 -T ps_6_1 -E made %s | FileCheck %s --check-prefix=MADE0
// RUN: %hlsl2spirv -T ps_6_1 -E made %s | FileCheck %s --check-prefix=MADE3

// CHECK: OpCapability FragmentBarycentricKHR
// CHECK: OpExtension "SPV_KHR_fragment_shader_barycentric"
// CHECK: OpDecorate %in_var_COLOR Location 0
// CHECK-NEXT: OpDecorate %in_var_WEIGHT Location 1
// CHECK-NOT: OpDecorate %in_var_COLOR Flat
// CHECK: OpDecorate %in_var_COLOR PerVertexKHR
// CHECK-NEXT: OpDecorate %in_var_WEIGHT PerVertexKHR
// CHECK: %In = OpTypeStruct %v4float %_arr_v3float_uint_3
// CHECK: %in_var_COLOR = OpVariable %_ptr_Input__arr_v3float_uint_3 Input
// CHECK: %in_var_WEIGHT = OpVariable %_ptr_Input__arr_float_uint_3 Input

// The wrapper passes the struct, its member holding color's array, and
// weight's array:
// CHECK: %main = OpFunction
// CHECK: [[ca:%[0-9]+]] = OpLoad %_arr_v3float_uint_3 %in_var_COLOR
// CHECK-NEXT: OpCompositeConstruct %In {{%[0-9]+}} [[ca]]
// CHECK: [[wa:%[0-9]+]] = OpLoad %_arr_float_uint_3 %in_var_WEIGHT
// CHECK-NEXT: OpStore %param_var_weight [[wa]]
// CHECK: OpFunctionCall %v4float %src_main %param_var_input %param_var_weight %param_var_which

// CHECK: %src_main = OpFunction
// CHECK-NEXT: %input = OpFunctionParameter %_ptr_Function_In
// CHECK-NEXT: %weight = OpFunctionParameter %_ptr_Function__arr_float_uint_3
// CHECK: [[p0:%[0-9]+]] = OpAccessChain %_ptr_Function_v3float %input %int_1 %uint_0
// CHECK-NEXT: OpLoad %v3float [[p0]]
// CHECK: [[m:%[0-9]+]] = OpAccessChain %_ptr_Function__arr_v3float_uint_3 %input %int_1
// CHECK-NEXT: [[v2:%[0-9]+]] = OpAccessChain %_ptr_Function_v3float [[m]] %uint_2
// CHECK-NEXT: OpLoad %v3float [[v2]]
// CHECK: [[i:%[0-9]+]] = OpBitcast %uint
// CHECK: [[w:%[0-9]+]] = OpAccessChain %_ptr_Function_float %weight [[i]]
// CHECK: OpLoad %float [[w]]
// the member's array is passed, then its provoking vertex stored into
// element 0 again, as DXC writes it
// CHECK: [[e0:%[0-9]+]] = OpAccessChain %_ptr_Function_v3float %param_var_c %uint_0
// CHECK-NEXT: [[mc:%[0-9]+]] = OpAccessChain %_ptr_Function__arr_v3float_uint_3 %input %int_1
// CHECK-NEXT: [[all:%[0-9]+]] = OpLoad %_arr_v3float_uint_3 [[mc]]
// CHECK-NEXT: OpStore %param_var_c [[all]]
// CHECK-NEXT: [[c0:%[0-9]+]] = OpAccessChain %_ptr_Function_v3float %input %int_1 %uint_0
// CHECK-NEXT: [[c0v:%[0-9]+]] = OpLoad %v3float [[c0]]
// CHECK-NEXT: OpStore [[e0]] [[c0v]]
// CHECK-NEXT: OpFunctionCall %v3float %second %param_var_c
// A per-vertex parameter's provoking vertex is copied first into
// <name>_perVertexParam0, declared after the function's other variables,
// which a read of the whole parameter loads:
// CHECK: %second = OpFunction
// CHECK-NEXT: %c = OpFunctionParameter %_ptr_Function__arr_v3float_uint_3
// CHECK-NEXT: %bb_entry_0 = OpLabel
// CHECK-NEXT: %param_var_d = OpVariable
// CHECK-NEXT: %c_perVertexParam0 = OpVariable %_ptr_Function_v3float Function
// CHECK-NEXT: [[d0:%[0-9]+]] = OpAccessChain %_ptr_Function_v3float %param_var_d %uint_0
// CHECK-NEXT: [[c0:%[0-9]+]] = OpAccessChain %_ptr_Function_v3float %c %uint_0
// CHECK-NEXT: [[c0v:%[0-9]+]] = OpLoad %v3float [[c0]]
// CHECK-NEXT: OpStore %c_perVertexParam0 [[c0v]]
// its array is passed on whole, then (as DXC writes it) the copy stored
// into element 0 again through an access chain standing after the
// variables
// CHECK-NEXT: [[arr:%[0-9]+]] = OpLoad %_arr_v3float_uint_3 %c
// CHECK-NEXT: OpStore %param_var_d [[arr]]
// CHECK-NEXT: [[again:%[0-9]+]] = OpLoad %v3float %c_perVertexParam0
// CHECK-NEXT: OpStore [[d0]] [[again]]
// CHECK-NEXT: OpFunctionCall %v3float %third %param_var_d
// CHECK: OpAccessChain %_ptr_Function_v3float %c %uint_1
// CHECK: OpLoad %v3float %c_perVertexParam0
// a component of the provoking vertex, in one access chain
// CHECK: OpAccessChain %_ptr_Function_float %c %uint_0 %int_2
// CHECK: %third = OpFunction
// CHECK-NEXT: %d = OpFunctionParameter %_ptr_Function__arr_v3float_uint_3
// CHECK: OpLoad %v3float %d_perVertexParam0

// -O0 keeps the calls (no legalization is needed); -O3 inlines them and
// reads the stage variables.
// O0: OpFunctionCall %v3float %second
// OPT-NOT: OpFunctionCall
// OPT: OpAccessChain %_ptr_Input_v3float %in_var_COLOR %uint_1

// A struct parameter nointerpolation as a whole: each member is an array
// of three; a nointerpolation member of the returned struct too, whose
// element 0 the wrapper writes to the stage output.
// PAIR: OpDecorate %in_var_A PerVertexKHR
// PAIR-NEXT: OpDecorate %in_var_B PerVertexKHR
// PAIR: %Pair = OpTypeStruct %_arr_v3float_uint_3 %_arr_float_uint_3
// PAIR: %Targets = OpTypeStruct %_arr_v4float_uint_3 %v4float
// PAIR: %pair = OpFunction
// PAIR: [[a:%[0-9]+]] = OpLoad %_arr_v3float_uint_3 %in_var_A
// PAIR-NEXT: [[b:%[0-9]+]] = OpLoad %_arr_float_uint_3 %in_var_B
// PAIR-NEXT: OpCompositeConstruct %Pair [[a]] [[b]]
// PAIR: [[r:%[0-9]+]] = OpFunctionCall %Targets %src_pair %param_var_p
// PAIR-NEXT: [[first:%[0-9]+]] = OpCompositeExtract %v4float [[r]] 0 0
// PAIR-NEXT: OpStore %out_var_SV_Target0 [[first]]
// PAIR-NEXT: [[second:%[0-9]+]] = OpCompositeExtract %v4float [[r]] 1
// PAIR-NEXT: OpStore %out_var_SV_Target1 [[second]]
// PAIR: %src_pair = OpFunction
// PAIR: [[pa:%[0-9]+]] = OpAccessChain %_ptr_Function__arr_v3float_uint_3 %p %int_0
// PAIR-NEXT: OpAccessChain %_ptr_Function_v3float [[pa]] %uint_1
// PAIR: OpAccessChain %_ptr_Function_float %p %int_1 %uint_0
// PAIR: [[t0:%[0-9]+]] = OpAccessChain %_ptr_Function_v4float %t %int_0 %uint_0
// PAIR-NEXT: OpStore [[t0]]
// PAIR: OpAccessChain %_ptr_Function_v3float %p %int_0 %uint_0
// PAIR: [[pb:%[0-9]+]] = OpAccessChain %_ptr_Function__arr_float_uint_3 %p %int_1
// PAIR-NEXT: OpAccessChain %_ptr_Function_float [[pb]] %uint_2
// PAIR: [[t1:%[0-9]+]] = OpAccessChain %_ptr_Function_v4float %t %int_1
// PAIR-NEXT: OpStore [[t1]]
// -O0 keeps the call; -O3 reads the stage variables' elements.
// PAIR0: OpFunctionCall %Targets %src_pair
// PAIR3-NOT: OpFunctionCall
// PAIR3-DAG: OpAccessChain %_ptr_Input_v3float %in_var_A %uint_0
// PAIR3-DAG: OpAccessChain %_ptr_Input_v3float %in_var_A %uint_1
// PAIR3-DAG: OpAccessChain %_ptr_Input_float %in_var_B %uint_0
// PAIR3-DAG: OpAccessChain %_ptr_Input_float %in_var_B %uint_2
// PAIR3: OpStore %out_var_SV_Target0
// PAIR3: OpStore %out_var_SV_Target1

// A struct built in the shader (an initializer list, a cast of 0) holds
// the same value at the three vertices of a per-vertex member.
// MADE: [[zero:%[0-9]+]] = OpConstantNull %In
// MADE: %src_made = OpFunction
// MADE: [[c:%[0-9]+]] = OpLoad %v3float
// MADE-NEXT: [[all:%[0-9]+]] = OpCompositeConstruct %_arr_v3float_uint_3 [[c]] [[c]] [[c]]
// MADE-NEXT: [[made:%[0-9]+]] = OpCompositeConstruct %In {{%[0-9]+}} [[all]]
// MADE-NEXT: OpStore %copy [[made]]
// MADE-NEXT: OpStore %zero [[zero]]
// MADE: OpAccessChain %_ptr_Function_v3float %copy %int_1 %uint_0
// MADE: OpAccessChain %_ptr_Function_v3float %zero %int_1 %uint_0
// MADE0: OpFunctionCall %v4float %src_made
// MADE3-NOT: OpFunctionCall
// MADE3: OpAccessChain %_ptr_Input_v3float %in_var_COLOR %uint_1

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

struct Pair {
  float3 a : A;
  float b : B;
};

struct Targets {
  nointerpolation float4 first : SV_Target0;
  float4 second : SV_Target1;
};

Targets pair(nointerpolation Pair p) {
  Targets t;
  t.first = float4(GetAttributeAtVertex(p.a, 1), p.b);
  t.second = float4(p.a.yz, GetAttributeAtVertex(p.b, 2), 1);
  return t;
}

float4 made(In input) : SV_Target {
  In copy = { input.pos, input.color };
  In zero = (In)0;
  return float4(copy.color + zero.color + GetAttributeAtVertex(input.color, 1), 1);
}
