// A pixel shader's struct input and output are flattened into one stage
// variable per semantic; the wrapper rebuilds the struct, calls src.main
// and stores each output. Integer inputs are Flat, as Vulkan requires.
// RUN: %hlsl2spirv -fcgl -T ps_6_0 -E main %s | FileCheck %s
// RUN: %hlsl2spirv -T ps_6_0 -E main %s

// CHECK: OpEntryPoint Fragment %main "main" %gl_FragCoord %in_var_TEXCOORD0 %in_var_MATERIAL %out_var_SV_Target %out_var_SV_Target1 %gl_FragDepth
// CHECK: OpExecutionMode %main OriginUpperLeft
// CHECK-NEXT: OpExecutionMode %main DepthReplacing
// CHECK: OpName %src_main "src.main"
// CHECK: OpDecorate %gl_FragCoord BuiltIn FragCoord
// CHECK: OpDecorate %in_var_MATERIAL Flat
// CHECK: OpDecorate %gl_FragDepth BuiltIn FragDepth
// CHECK: OpDecorate %in_var_TEXCOORD0 Location 0
// CHECK-NEXT: OpDecorate %in_var_MATERIAL Location 1
// CHECK-NEXT: OpDecorate %out_var_SV_Target Location 0
// CHECK-NEXT: OpDecorate %out_var_SV_Target1 Location 1

struct PSIn {
  float4 pos : SV_Position;
  float2 uv : TEXCOORD0;
  uint material : MATERIAL;
};

struct PSOut {
  float4 color : SV_Target;
  float4 normal : SV_Target1;
  float depth : SV_Depth;
};

// CHECK: %main = OpFunction %void None
// CHECK: %param_var_input = OpVariable %_ptr_Function_PSIn Function
// CHECK: [[pos:%[0-9]+]] = OpLoad %v4float %gl_FragCoord
// CHECK: [[uv:%[0-9]+]] = OpLoad %v2float %in_var_TEXCOORD0
// CHECK: [[mat:%[0-9]+]] = OpLoad %uint %in_var_MATERIAL
// CHECK: [[in:%[0-9]+]] = OpCompositeConstruct %PSIn [[pos]] [[uv]] [[mat]]
// CHECK: OpStore %param_var_input [[in]]
// CHECK: [[out:%[0-9]+]] = OpFunctionCall %PSOut %src_main %param_var_input
// CHECK: [[color:%[0-9]+]] = OpCompositeExtract %v4float [[out]] 0
// CHECK: OpStore %out_var_SV_Target [[color]]
// CHECK: [[depth:%[0-9]+]] = OpCompositeExtract %float [[out]] 2
// CHECK: OpStore %gl_FragDepth [[depth]]
PSOut main(PSIn input) {
  PSOut o;
  o.color = float4(input.uv, 0, 1);
  o.normal = input.pos * (float)input.material;
  o.depth = input.pos.z;
  return o;
}
