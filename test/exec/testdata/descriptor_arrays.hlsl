// Arrays of textures, samplers and buffers at constant and run-time
// indices, resources sharing a binding number, and texel buffers. WGSL has
// no binding arrays: the WGSL backend declares each element at its own
// binding and turns a run-time index into a switch over the elements
// (TestExecWGSL runs these through it).

Texture2D<float4> Tex[3] : register(t1);
SamplerState Smp[2] : register(s4);
RWStructuredBuffer<uint> Bufs[3] : register(u6);
RWStructuredBuffer<float> Out : register(u0);
StructuredBuffer<uint> Index : register(t10);

//: in Tex[0] format=rgba32f size=1x1 = f32 1 2 3 4
//: in Tex[1] format=rgba32f size=1x1 = f32 10 20 30 40
//: in Tex[2] format=rgba32f size=1x1 = f32 100 200 300 400
//: in Smp[0] filter=nearest address=clamp
//: in Smp[1] filter=nearest address=repeat
//: in Index = u32 2 0 1 5
//: xfail glslang: its HLSL front end has no arrays of structured buffers ("left of '[' is not of type array")

//: case constant_indices
//: flags -T cs_6_0 -E constant
//: expect Out = f32 10 300 4
[numthreads(1, 1, 1)]
void constant() {
  Out[0] = Tex[1].Load(int3(0, 0, 0)).x;
  Out[1] = Tex[2].SampleLevel(Smp[0], float2(0.5, 0.5), 0).z;
  Out[2] = Tex[0].SampleLevel(Smp[1], float2(1.5, 0.5), 0).w;
}

//: case texture_chosen_at_run_time
//: flags -T cs_6_0 -E dynamic_texture
//: expect Out = f32 200 2 30
[numthreads(1, 1, 1)]
void dynamic_texture() {
  Out[0] = Tex[Index[0]].Load(int3(0, 0, 0)).y;
  Out[1] = Tex[Index[1]].SampleLevel(Smp[Index[2]], float2(0.5, 0.5), 0).y;
  Out[2] = Tex[Index[2]].SampleLevel(Smp[Index[1]], float2(0.5, 0.5), 0).z;
}

//: case buffer_chosen_per_invocation
//: flags -T cs_6_0 -E dynamic_buffer
//: in Bufs[0] = u32 0 0 0 0
//: in Bufs[1] = u32 5 5 5 5
//: in Bufs[2] = u32 7 0 0 0
//: expect Bufs[0] = u32 0 0 0 1
//: expect Bufs[1] = u32 5 5 5 5
//: expect Bufs[2] = u32 7 21 10 0
//: expect Out = f32 0 0 5
[numthreads(3, 1, 1)]
void dynamic_buffer(uint3 id : SV_DispatchThreadID) {
  uint b = Index[id.x];     // 2, 0, 1
  if (b != 1) {
    InterlockedAdd(Bufs[b][3 - b], 1);
  }
  if (id.x == 0) {
    Bufs[b][1] = Bufs[b][0] * 3;
    Bufs[b][2] = 10;
  }
  Out[id.x] = id.x == 2 ? Bufs[b][3] : 0;
}
