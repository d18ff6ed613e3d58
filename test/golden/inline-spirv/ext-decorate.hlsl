// Inline SPIR-V decorations and execution modes: vk::ext_decorate,
// vk::ext_decorate_id and vk::ext_decorate_string on stage inputs and
// outputs (a BuiltIn one makes a built-in, a Location one places it), on
// locals, parameters, functions, globals and struct members (an Offset one
// places the member; one on a loose global decorates $Globals, the
// variable it lives in, as in DXC), vk::ext_capability / vk::ext_extension on functions,
// struct fields and statements, and vk::spvexecutionmode on the entry.
// RUN: %hlsl2spirv -fcgl -T ps_6_0 -E main %s | FileCheck %s
// RUN: %hlsl2spirv -T ps_6_0 -E main -fcgl -DUNIFORM_ID %s | FileCheck %s --check-prefix=CGL
// RUN: %hlsl2spirv -fcgl -T ps_6_0 -E main -fspv-target-env=vulkan1.2 -DUNIFORM_ID %s | FileCheck %s --check-prefix=V12
// RUN: not %hlsl2spirv -T ps_6_0 -E main -DBAD_MODE %s 2>&1 | FileCheck %s --check-prefix=BADMODE
// RUN: %hlsl2spirv -T ps_6_0 -E main -fcgl -DGLOBAL_MEMBER %s | FileCheck %s --check-prefix=GLOBAL
// RUN: %hlsl2spirv -T ps_6_0 -E main -fcgl -Vd -DCOMPUTED_ID %s | FileCheck %s --check-prefix=COMPUTED
// RUN: %hlsl2spirv -T ps_6_0 -E main %s
// RUN: %hlsl2spirv -T ps_6_0 -E main -fspv-target-env=vulkan1.2 -DUNIFORM_ID %s

struct Params {
  float4 scale;
  [[vk::ext_decorate(/* Offset */ 35, 32)]] float4 bias;
  [[vk::ext_extension("SPV_KHR_fake_field_extension")]] float weight;
};
ConstantBuffer<Params> params;

// CHECK-DAG: OpCapability SampleMaskPostDepthCoverage
// CHECK-DAG: OpExtension "SPV_KHR_fake_field_extension"
// CHECK-DAG: OpExtension "SPV_KHR_fake_function_extension"
// CHECK-DAG: OpExtension "SPV_KHR_fake_statement_extension"
// CHECK: OpEntryPoint Fragment %main "main" %in_var_POSITION %in_var_COLOR %out_var_SV_Target0 %out_var_SV_Target1
// CHECK: OpExecutionMode %main OriginUpperLeft
// CHECK-NEXT: OpExecutionMode %main DepthLess
// CHECK-NEXT: OpExecutionMode %main PostDepthCoverage
// A BuiltIn decoration turns a semantic input into that built-in.
// CHECK-DAG: OpDecorate %in_var_POSITION BuiltIn FragCoord
// CHECK-DAG: OpDecorateString %in_var_COLOR UserSemantic "tint"
// CHECK-DAG: OpDecorate %in_var_COLOR Location 0
// A Location decoration on the entry places its result.
// CHECK-DAG: OpDecorate %out_var_SV_Target0 Location 3
// CHECK-DAG: OpDecorate %out_var_SV_Target1 Location 1
// CHECK-DAG: OpDecorate %shade RelaxedPrecision
// CHECK-DAG: OpMemberDecorate %type_ConstantBuffer_Params 1 Offset 32
// CHECK-DAG: OpMemberDecorate %type_ConstantBuffer_Params 2 Offset 48
// CHECK-NOT: OpDecorate %in_var_POSITION Location

// Legalization inlines helpers away; -fcgl keeps the function, its
// parameter and local decorations.
// CGL-DAG: OpDecorate %shade RelaxedPrecision
// CGL-DAG: OpDecorate %amount Aliased
// CGL-DAG: OpDecorate %tmp RelaxedPrecision
// CGL-DAG: OpDecorateId %count UniformId %int_3
// V12: OpDecorateId %count UniformId %int_3

[[vk::ext_extension("SPV_KHR_fake_function_extension")]]
[[vk::ext_decorate(/* RelaxedPrecision */ 0)]]
float shade([[vk::ext_decorate(/* Aliased */ 20)]] float amount) {
  [[vk::ext_decorate(/* RelaxedPrecision */ 0)]] float tmp = amount * params.weight;
  return tmp;
}

#ifdef COMPUTED_ID
// A stage input's vk::ext_decorate_id operand computed by a call is
// computed in the entry wrapper, as DXC does (an id OpDecorateId takes
// only as a constant: -Vd).
// COMPUTED: OpDecorateId %in_var_EXTRA AlignmentId [[a:%[0-9]+]]
// COMPUTED: %main = OpFunction
// COMPUTED: [[a]] = OpFunctionCall %int %alignment
int alignment() { return 16; }
#endif

#ifdef GLOBAL_MEMBER
// GLOBAL: OpDecorate %_Globals Aliased
[[vk::ext_decorate(/* Aliased */ 20)]]
float loose;
#endif

struct Outputs {
  [[vk::ext_decorate(/* Location */ 30, 3)]] float4 color : SV_Target0;
  float4 extra : SV_Target1;
};

#ifdef BAD_MODE
// BADMODE: ext-decorate.hlsl:[[@LINE+1]]:24: error: Invalid execution mode operand: 123456
[[vk::spvexecutionmode(123456)]]
#endif
[[vk::spvexecutionmode(/* PostDepthCoverage */ 4446), vk::spvexecutionmode(/* DepthLess */ 15)]]
Outputs main([[vk::ext_decorate(/* BuiltIn */ 11, /* FragCoord */ 15)]] float4 pos : POSITION,
             [[vk::ext_decorate_string(/* UserSemantic */ 5635, "tint")]] float4 tint : COLOR
#ifdef COMPUTED_ID
             , [[vk::ext_decorate_id(/* AlignmentId */ 46, alignment())]] int extra : EXTRA
#endif
             ) {
#ifdef UNIFORM_ID // (SPIR-V 1.4)
  [[vk::ext_decorate_id(/* UniformId */ 27, 3)]]
#endif
  int count = 2;
  Outputs o;
  [[vk::ext_extension("SPV_KHR_fake_statement_extension")]]
  o.color = pos * shade(tint.x) + params.bias * count;
  o.extra = params.scale;
  return o;
}
