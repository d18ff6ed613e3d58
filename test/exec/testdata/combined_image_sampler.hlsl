// [[vk::combinedImageSampler]] on a texture and a sampler with the same
// binding makes DXC emit one combined image sampler descriptor.
//: in 0:1 format=rgba32f size=2x1 filter=linear address=clamp = f32 0 0 0 0  1 2 4 8
//: expect Out = f32 tol=0.01 0.5 1 2 4
//: xfail glslang: does not support [[vk::combinedImageSampler]] (it emits a separate texture and sampler on the same binding)
[[vk::combinedImageSampler]] [[vk::binding(1)]] Texture2D<float4> Tex;
[[vk::combinedImageSampler]] [[vk::binding(1)]] SamplerState Smp;
RWStructuredBuffer<float> Out : register(u0);

[numthreads(1, 1, 1)]
void main() {
  float4 v = Tex.SampleLevel(Smp, float2(0.5, 0.5), 0);
  Out[0] = v.x; Out[1] = v.y; Out[2] = v.z; Out[3] = v.w;
}
