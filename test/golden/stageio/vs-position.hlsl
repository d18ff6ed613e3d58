// SV_Position out of a vertex shader is the Position built-in; user
// semantics get locations in declaration order, or alphabetical order with
// -fvk-stage-io-order=alpha. -fvk-invert-y negates
// the position's y on the way out.
// RUN: %hlsl2spirv -T vs_6_0 -E main %s | FileCheck %s
// RUN: %hlsl2spirv -T vs_6_0 -E main -fvk-stage-io-order=alpha %s | FileCheck %s --check-prefix=ALPHA
// RUN: %hlsl2spirv -T vs_6_0 -E main -fvk-invert-y %s | FileCheck %s --check-prefix=INVERT

// CHECK: OpDecorate %gl_Position BuiltIn Position
// CHECK: OpDecorate %in_var_POSITION Location 0
// CHECK-NEXT: OpDecorate %in_var_COLOR Location 1
// CHECK-NEXT: OpDecorate %in_var_BLEND Location 2
// CHECK-NEXT: OpDecorate %out_var_COLOR Location 0
// ALPHA: OpDecorate %in_var_BLEND Location 0
// ALPHA-NEXT: OpDecorate %in_var_COLOR Location 1
// ALPHA-NEXT: OpDecorate %in_var_POSITION Location 2

// INVERT: [[pos:%[0-9]+]] = OpCompositeConstruct %v4float
// (the position's y is the input's, src.main being inlined)
// INVERT: [[ny:%[0-9]+]] = OpFNegate %float
// INVERT-NEXT: [[flipped:%[0-9]+]] = OpCompositeInsert %v4float [[ny]] [[pos]] 1
// INVERT-NEXT: OpStore %gl_Position [[flipped]]

struct VSOut {
  float4 pos : SV_Position;
  float4 color : COLOR;
};

VSOut main(float3 position : POSITION, float4 color : COLOR, float blend : BLEND) {
  VSOut o;
  o.pos = float4(position, 1);
  o.color = color * blend;
  return o;
}
