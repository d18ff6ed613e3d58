// HLSL pixel shader through glslang, with SPV_GOOGLE_hlsl_functionality1
// semantics (OpDecorateString HlslSemanticGOOGLE) and a cbuffer.
// glslang: -S frag -e main -fhlsl_functionality1
Texture2D<float4> gTex : register(t0);
SamplerState gSamp : register(s0);
cbuffer PerFrame : register(b0) {
  float4 tint;
  float4x4 xform;
  float exposure;
  int mode;
};
struct PSIn {
  float4 pos : SV_Position;
  float2 uv : TEXCOORD0;
  nointerpolation uint id : TEXCOORD1;
};
struct PSOut {
  float4 color : SV_Target0;
  float4 extra : SV_Target1;
  float depth : SV_Depth;
};
PSOut main(PSIn i, bool front : SV_IsFrontFace) {
  PSOut o;
  float4 c = gTex.Sample(gSamp, i.uv) * tint;
  c = mul(xform, c);
  [branch] if (mode == 2) c.rgb = pow(abs(c.rgb), 1.0 / 2.2);
  [unroll] for (int k = 0; k < 4; ++k) c.a += 0.125 * k;
  clip(c.a - 0.5);
  o.color = c * exposure * (front ? 1.0 : -1.0);
  o.extra = float4(i.id, ddx(i.uv.x), ddy(i.uv.y), 0);
  o.depth = i.pos.z;
  return o;
}
