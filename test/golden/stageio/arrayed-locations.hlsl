// Per-vertex (arrayed) stage variables take their element's locations, and
// hull shader outputs and domain shader inputs are numbered in semantic
// order, as DXC does, so that consecutive stages agree on every location.
// RUN: %hlsl2spirv -T gs_6_0 -E gsMain %s | FileCheck %s --check-prefix=GS
// RUN: %hlsl2spirv -T hs_6_0 -E hsMain %s | FileCheck %s --check-prefix=HS
// RUN: %hlsl2spirv -T ds_6_0 -E dsMain %s | FileCheck %s --check-prefix=DS

struct Vertex {
  float4 pos : SV_Position;
  float3 wpos : WORLDPOS;
  float2 uv : TEXCOORD;
};

// GS-DAG: OpDecorate %in_var_WORLDPOS Location 0
// GS-DAG: OpDecorate %in_var_TEXCOORD Location 1
// GS-DAG: %in_var_WORLDPOS = OpVariable %_ptr_Input__arr_v3float_uint_3 Input
// GS-DAG: OpDecorate %out_var_WORLDPOS Location 0
// GS-DAG: OpDecorate %out_var_TEXCOORD Location 1
[maxvertexcount(3)]
void gsMain(triangle Vertex verts[3], inout TriangleStream<Vertex> stream) {
  for (uint i = 0; i < 3; i++)
    stream.Append(verts[i]);
}

struct ControlPoint {
  float3 wpos : WORLDPOS;
  float2 uv : TEXCOORD;
};

struct PatchData {
  float edges[3] : SV_TessFactor;
  float inside : SV_InsideTessFactor;
  float3 bend : BEND;
};

PatchData patchConstants(InputPatch<ControlPoint, 3> cps) {
  PatchData p;
  p.edges[0] = p.edges[1] = p.edges[2] = 4;
  p.inside = 4;
  p.bend = cps[0].wpos;
  return p;
}

// Outputs by semantic: BEND (per patch), TEXCOORD, WORLDPOS (per point).
// HS-DAG: OpDecorate %out_var_BEND Location 0
// HS-DAG: OpDecorate %out_var_TEXCOORD Location 1
// HS-DAG: OpDecorate %out_var_WORLDPOS Location 2
// HS-DAG: OpDecorate %out_var_BEND Patch
[domain("tri")]
[partitioning("integer")]
[outputtopology("triangle_cw")]
[outputcontrolpoints(3)]
[patchconstantfunc("patchConstants")]
ControlPoint hsMain(InputPatch<ControlPoint, 3> cps, uint id : SV_OutputControlPointID) {
  return cps[id];
}

// The same numbers on the domain shader's side.
// DS-DAG: OpDecorate %in_var_BEND Location 0
// DS-DAG: OpDecorate %in_var_TEXCOORD Location 1
// DS-DAG: OpDecorate %in_var_WORLDPOS Location 2
// DS-DAG: %in_var_TEXCOORD = OpVariable %_ptr_Input__arr_v2float_uint_3 Input
[domain("tri")]
Vertex dsMain(const OutputPatch<ControlPoint, 3> cps, PatchData pd, float3 bary : SV_DomainLocation) {
  Vertex v;
  v.wpos = cps[0].wpos * bary.x + cps[1].wpos * bary.y + cps[2].wpos * bary.z + pd.bend;
  v.uv = cps[0].uv;
  v.pos = float4(v.wpos, 1);
  return v;
}
