// CONFIG: -T ps_6_0 -E main
// [[vk::combinedImageSampler]] pairs a texture and a sampler at one
// descriptor set and binding; a binding with only one of them is fatal
// (DXC gives no location; the variable left alone is pointed at).

[[vk::combinedImageSampler]] Texture2D<float4> pairedTexture : register(t0);
[[vk::combinedImageSampler]] SamplerState pairedSampler : register(s0);
Texture2D<float4> plainTexture : register(t1);
[[vk::combinedImageSampler]] SamplerState lonelySampler /* ERROR "Texture or Sampler with \[\[vk::combinedImageSampler\]\] attribute is missing for descriptor set and binding: 0, 1" */ : register(s1);

float4 main(float2 uv : TEXCOORD0) : SV_Target {
  return pairedTexture.Sample(pairedSampler, uv) + plainTexture.Sample(lonelySampler, uv);
}
