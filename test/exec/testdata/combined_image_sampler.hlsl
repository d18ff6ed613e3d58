// [[vk::combinedImageSampler]] on a texture and a sampler with the same
// binding makes DXC emit one combined image sampler descriptor: the
// emitter declares them apart and the legalization combines them, also
// when functions return them (at -O0 too).
//: in 0:1 format=rgba32f size=2x1 filter=linear address=clamp = f32 0 0 0 0  1 2 4 8
//: xfail glslang: does not support [[vk::combinedImageSampler]] (it emits a separate texture and sampler on the same binding)
//: case direct
//: expect Out = f32 tol=0.01 0.5 1 2 4  1 2 4 8
//: case returned
//: flags -T cs_6_0 -E main -DRETURNED
//: expect Out = f32 tol=0.01 0.5 1 2 4  1 2 4 8
[[vk::combinedImageSampler]] [[vk::binding(1)]] Texture2D<float4> Tex;
[[vk::combinedImageSampler]] [[vk::binding(1)]] SamplerState Smp;
RWStructuredBuffer<float> Out : register(u0);

Texture2D<float4> theTexture() { return Tex; }
SamplerState theSampler() { return Smp; }

[numthreads(1, 1, 1)]
void main() {
#ifdef RETURNED
  float4 v = theTexture().SampleLevel(theSampler(), float2(0.5, 0.5), 0);
  float4 w = theTexture().Load(int3(1, 0, 0));
#else
  float4 v = Tex.SampleLevel(Smp, float2(0.5, 0.5), 0);
  float4 w = Tex.Load(int3(1, 0, 0));
#endif
  Out[0] = v.x; Out[1] = v.y; Out[2] = v.z; Out[3] = v.w;
  Out[4] = w.x; Out[5] = w.y; Out[6] = w.z; Out[7] = w.w;
}
