// HLSL vertex shader through glslang: matrices, semantics, arrays, halves
// as min16float.
// glslang: -S vert -e VSMain
cbuffer Camera : register(b0) {
  row_major float4x4 viewProj;
  float3x3 normalMat;
  float4 lights[4];
};
struct VSIn { float3 pos : POSITION; float3 nrm : NORMAL; float2 uv : TEXCOORD0; uint vid : SV_VertexID; };
struct VSOut { float4 pos : SV_Position; float3 nrm : NORMAL; float2 uv : TEXCOORD0; float clip : SV_ClipDistance0; };
VSOut VSMain(VSIn v) {
  VSOut o;
  o.pos = mul(float4(v.pos, 1.0), viewProj);
  o.nrm = normalize(mul(normalMat, v.nrm));
  o.uv = v.uv * lights[v.vid & 3].xy;
  o.clip = dot(o.pos, float4(0, 0, 1, -0.5));
  return o;
}
