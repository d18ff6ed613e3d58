// EvaluateAttributeCentroid/AtSample/Snapped interpolate a pixel shader
// input at another point: GLSL.std.450 InterpolateAt* on the stage input
// variable. The code generation writes DXC's form in every mode (-fcgl
// shows it): the value copied into a temporary variable, interpolated
// there. The legalization, which such a module asks for at every level,
// follows the copies back to the Input variable (through calls, local
// copies and a vk::ext_builtin_input), as DXC's legalization does; an
// argument that is no input is refused where it is evaluated.
// RUN: %hlsl2spirv -T ps_6_0 -E main %s | FileCheck %s
// RUN: %hlsl2spirv -T ps_6_0 -E main -O0 %s | FileCheck %s
// RUN: %hlsl2spirv -T ps_6_0 -E main -fcgl %s | FileCheck %s --check-prefix=CGL
// RUN: %hlsl2spirv -T ps_6_0 -E chain -O0 %s | FileCheck %s --check-prefix=CHAIN
// RUN: %hlsl2spirv -T ps_6_0 -E chain %s | FileCheck %s --check-prefix=CHAIN
// RUN: not %hlsl2spirv -T ps_6_0 -E local %s 2>&1 | FileCheck %s --check-prefix=ERR
// RUN: not %hlsl2spirv -T ps_6_0 -E local -O0 %s 2>&1 | FileCheck %s --check-prefix=ERR
// RUN: not %hlsl2spirv -T vs_6_0 -E vertex %s 2>&1 | FileCheck %s --check-prefix=VS

// CHECK: OpCapability InterpolationFunction
// CHECK: InterpolateAtCentroid %in_var_COLOR
// CHECK: InterpolateAtSample %in_var_TEXCOORD %uint_2
// CHECK: InterpolateAtOffset %in_var_NORMAL

// CGL:      %temp_var_v4float = OpVariable %_ptr_Function_v4float Function
// CGL:      [[c:%[0-9]+]] = OpLoad %v4float
// CGL-NEXT: OpStore %temp_var_v4float [[c]]
// CGL-NEXT: OpExtInst %v4float {{%[0-9]+}} InterpolateAtCentroid %temp_var_v4float

// CHAIN: InterpolateAtCentroid %in_var_COLOR
// CHAIN: InterpolateAtSample %in_var_COLOR
// CHAIN: InterpolateAtOffset %gl_PointCoord

// ERR: evaluate-attribute.hlsl:55:10: error: EvaluateAttributeCentroid, EvaluateAttributeAtSample and EvaluateAttributeSnapped need a pixel shader input as their argument

// VS: evaluate-attribute.hlsl:59:10: error: EvaluateAttributeCentroid is only allowed in a pixel shader

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

[[vk::ext_builtin_input(/* PointCoord */ 16)]]
static const float2 gl_PointCoord;

float4 centroidOf(float4 v) { return EvaluateAttributeCentroid(v); }

float4 local(float4 c : COLOR) : SV_Target {
  float4 twice = c * 2;
  return EvaluateAttributeCentroid(twice);
}

float4 vertex(float4 c : COLOR) : SV_Position {
  return EvaluateAttributeCentroid(c);
}

float4 chain(float4 c : COLOR, nointerpolation uint s : SAMPLE) : SV_Target {
  float4 copy = c;
  return centroidOf(c) + EvaluateAttributeAtSample(copy, s)
       + EvaluateAttributeSnapped(gl_PointCoord, int2(0, 1)).xyxy;
}
