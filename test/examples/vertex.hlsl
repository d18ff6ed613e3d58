// The vertex shader that feeds pixel.hlsl.
//   hlsl2spirv -T vs_6_0 -E main test/examples/vertex.hlsl

cbuffer Camera : register(b0) {
  float4x4 viewProjection;
  float4x4 world;
};

struct VSInput {
  float3 position : POSITION;
  float3 normal   : NORMAL;
  float2 uv       : TEXCOORD0;
};

struct VSOutput {
  float4 position : SV_Position;
  float2 uv       : TEXCOORD0;
  float3 normal   : NORMAL;
};

VSOutput main(VSInput input) {
  VSOutput output;
  float4 worldPos = mul(world, float4(input.position, 1.0));
  output.position = mul(viewProjection, worldPos);
  output.normal = mul((float3x3)world, input.normal);
  output.uv = input.uv;
  return output;
}
