// A textured, tinted pixel shader: the README's first command compiles it.
//   hlsl2spirv -T ps_6_0 -E main test/examples/pixel.hlsl

cbuffer Material : register(b0) {
  float4 tint;
  float  exposure;
};

Texture2D    albedo  : register(t0);
SamplerState linear0 : register(s0);

struct PSInput {
  float4 position : SV_Position;
  float2 uv       : TEXCOORD0;
  float3 normal   : NORMAL;
};

float4 main(PSInput input) : SV_Target0 {
  float3 n = normalize(input.normal);
  float light = saturate(dot(n, normalize(float3(0.3, 0.8, 0.5))));
  float4 color = albedo.Sample(linear0, input.uv) * tint;
  color.rgb *= (0.2 + 0.8 * light) * exposure;
  return color;
}
