// A vertex shader input with the SV_ClipDistance or SV_CullDistance
// semantic is an ordinary input with a location: Vulkan has no
// ClipDistance input to vertex shaders. Outputs are the built-ins.
// RUN: %hlsl2spirv -T vs_6_0 -E main %s | FileCheck %s

// CHECK: OpDecorate %gl_ClipDistance BuiltIn ClipDistance
// CHECK: OpDecorate %in_var_SV_ClipDistance0 Location 1
// CHECK: %gl_ClipDistance = OpVariable %_ptr_Output__arr_float_uint_2 Output
// CHECK: %in_var_SV_ClipDistance0 = OpVariable %_ptr_Input_v2float Input

struct VOut {
  float4 pos : SV_Position;
  float2 clip : SV_ClipDistance0;
};

VOut main(float4 pos : POSITION, float2 clip : SV_ClipDistance0) {
  VOut o;
  o.pos = pos;
  o.clip = clip;
  return o;
}
