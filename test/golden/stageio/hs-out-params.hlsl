// A patch constant function may return its outputs through out
// parameters: each gets a param.var, and after the call the wrapper writes
// them to their patch outputs - the tessellation factors element by element
// (the element's pointer first, as DXC emits it), the rest as Patch
// variables.
// RUN: %hlsl2spirv -fcgl -T hs_6_0 -E main %s | FileCheck %s
// RUN: %hlsl2spirv -T hs_6_0 -E main %s

// CHECK: OpDecorate %out_var_WEIGHT Patch
// CHECK: %param_var_outer = OpVariable %_ptr_Function__arr_float_uint_3 Function
// CHECK: OpFunctionCall %void %Constants %param_var_outer %param_var_inner %param_var_weight
// CHECK: [[outer:%[0-9]+]] = OpLoad %_arr_float_uint_3 %param_var_outer
// CHECK: [[p0:%[0-9]+]] = OpAccessChain %_ptr_Output_float %gl_TessLevelOuter %uint_0
// CHECK-NEXT: [[v0:%[0-9]+]] = OpCompositeExtract %float [[outer]] 0
// CHECK-NEXT: OpStore [[p0]] [[v0]]
// CHECK: [[inner:%[0-9]+]] = OpLoad %float %param_var_inner
// CHECK-NEXT: [[pi:%[0-9]+]] = OpAccessChain %_ptr_Output_float %gl_TessLevelInner %uint_0
// CHECK-NEXT: OpStore [[pi]] [[inner]]
// CHECK: [[w:%[0-9]+]] = OpLoad %float %param_var_weight
// CHECK-NEXT: OpStore %out_var_WEIGHT [[w]]

struct Point { float4 pos : POSITION; };

void Constants(out float outer[3] : SV_TessFactor, out float inner : SV_InsideTessFactor, out float weight : WEIGHT) {
  outer[0] = 1;
  outer[1] = 2;
  outer[2] = 3;
  inner = 4;
  weight = 0.5;
}

[domain("tri")]
[partitioning("integer")]
[outputtopology("triangle_cw")]
[patchconstantfunc("Constants")]
[outputcontrolpoints(3)]
Point main(InputPatch<Point, 3> patch, uint id : SV_OutputControlPointID) {
  return patch[id];
}
