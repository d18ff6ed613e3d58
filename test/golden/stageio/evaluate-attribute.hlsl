// EvaluateAttributeCentroid/AtSample/Snapped interpolate a pixel shader
// input at another point: GLSL.std.450 InterpolateAt* on the stage input
// variable the argument reads (an entry parameter or a member of one), as
// DXC's legalized output has it. -fcgl keeps DXC's unlegalized form, a
// temporary copy; without it, any other argument is an error.
// RUN: %hlsl2spirv -T ps_6_0 -E main %s | FileCheck %s
// RUN: %hlsl2spirv -T ps_6_0 -E main -fcgl %s | FileCheck %s --check-prefix=CGL
// RUN: not %hlsl2spirv -T ps_6_0 -E local %s 2>&1 | FileCheck %s --check-prefix=ERR

// CHECK: OpCapability InterpolationFunction
// CHECK: InterpolateAtCentroid %in_var_COLOR
// CHECK: InterpolateAtSample %in_var_TEXCOORD %uint_2
// CHECK: InterpolateAtOffset %in_var_NORMAL

// CGL: [[t:%[a-z_0-9]+]] = OpVariable %_ptr_Function_v4float Function
// CGL: InterpolateAtCentroid [[t]]

// ERR: error: EvaluateAttributeCentroid needs a pixel shader input variable of type float4

struct PSIn {
  float4 pos : SV_Position;
  float4 color : COLOR;
  sample float2 uv : TEXCOORD;
};

float4 main(PSIn i, float3 n : NORMAL) : SV_Target {
  return EvaluateAttributeCentroid(i.color)
       + EvaluateAttributeAtSample(i.uv, 2).xyxy
       + EvaluateAttributeSnapped(n, int2(1, -1)).xyzz;
}

float4 local(float4 c : COLOR) : SV_Target {
  float4 twice = c * 2;
  return EvaluateAttributeCentroid(twice);
}
