// A vertex shader's outputs carry the interpolation decorations its
// pixel-shader counterpart's inputs do, as DXC writes them: integer
// outputs are Flat, and nointerpolation, noperspective, centroid and
// sample map to theirs (a double output stays undecorated).
// RUN: %hlsl2spirv -T vs_6_0 -E main %s | FileCheck %s

// CHECK-DAG: OpDecorate %out_var_ID Flat
// CHECK-DAG: OpDecorate %out_var_MASK Flat
// CHECK-DAG: OpDecorate %out_var_CONST Flat
// CHECK-DAG: OpDecorate %out_var_SCREEN NoPerspective
// CHECK-DAG: OpDecorate %out_var_EDGE Centroid
// CHECK-DAG: OpDecorate %out_var_SUB Sample
// CHECK-DAG: OpCapability SampleRateShading
// CHECK-NOT: OpDecorate %out_var_COLOR Flat
// CHECK-NOT: OpDecorate %gl_Position Flat

struct VSOut {
  float4 pos : SV_Position;
  float4 color : COLOR;
  int id : ID;
  uint2 mask : MASK;
  nointerpolation float constant : CONST;
  noperspective float2 screen : SCREEN;
  centroid float edge : EDGE;
  sample float sub : SUB;
};

VSOut main(float4 pos : POSITION, uint vid : SV_VertexID) {
  VSOut o;
  o.pos = pos;
  o.color = pos * 0.5;
  o.id = int(vid);
  o.mask = uint2(vid, vid * 2);
  o.constant = 1;
  o.screen = pos.xy;
  o.edge = pos.z;
  o.sub = pos.w;
  return o;
}
