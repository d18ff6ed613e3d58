// Textures with known data: Load and operator[] read exact texels,
// SampleLevel with nearest and linear filtering and with the address
// modes, storage images (RWTexture2D) read, written and updated
// atomically, arrays, 3D and 1D textures, GetDimensions.

Texture2D<float4> Tex : register(t1);
Texture2D<float> Ramp : register(t2);
SamplerState Point : register(s3);
SamplerState Linear : register(s4);
Texture2DArray<float4> Arr : register(t5);
Texture3D<float> Vol : register(t6);
Texture1D<uint4> Line : register(t7);
RWTexture2D<float4> Img : register(u8);
RWTexture2D<uint> Counters : register(u9);
RWStructuredBuffer<float> Out : register(u0);
Texture1D<float> Ramp1D : register(t10);
Texture1DArray<float4> Lines : register(t11);

//: in Tex format=rgba32f size=2x2 = f32 1 2 3 4  5 6 7 8  9 10 11 12  13 14 15 16
//: in Ramp format=r32f size=2x1 = f32 0 1
//: in Linear filter=linear address=clamp
//: in Point filter=nearest address=repeat

//: case load_and_index
//: flags -T cs_6_0 -E load
//: expect Out = f32 5 6 7 8 13 16 9
[numthreads(1, 1, 1)]
void load() {
  float4 a = Tex.Load(int3(1, 0, 0));
  Out[0] = a.x; Out[1] = a.y; Out[2] = a.z; Out[3] = a.w;
  Out[4] = Tex[uint2(1, 1)].x;
  Out[5] = Tex.Load(int3(0, 0, 0), int2(1, 1)).w;   // with a texel offset
  Out[6] = Tex[int2(0, 1)].r;
}

//: case sample_nearest_with_repeat
//: flags -T cs_6_0 -E sample_point
//: expect Out = f32 1 5 13 1 5
[numthreads(1, 1, 1)]
void sample_point() {
  Out[0] = Tex.SampleLevel(Point, float2(0.25, 0.25), 0).x;
  Out[1] = Tex.SampleLevel(Point, float2(0.75, 0.25), 0).x;
  Out[2] = Tex.SampleLevel(Point, float2(0.75, 0.75), 0).x;
  Out[3] = Tex.SampleLevel(Point, float2(1.25, 0.25), 0).x;   // repeat wraps to 0.25
  Out[4] = Tex.SampleLevel(Point, float2(-0.25, -0.75), 0).x; // wraps to (0.75, 0.25)
}

//: case sample_linear_with_clamp
//: flags -T cs_6_0 -E sample_linear
//: expect Out = f32 tol=0.01 0.5 0.25 0 1 1
[numthreads(1, 1, 1)]
void sample_linear() {
  Out[0] = Ramp.SampleLevel(Linear, float2(0.5, 0.5), 0);
  Out[1] = Ramp.SampleLevel(Linear, float2(0.375, 0.5), 0);
  Out[2] = Ramp.SampleLevel(Linear, float2(0.1, 0.5), 0);   // clamped below the first centre
  Out[3] = Ramp.SampleLevel(Linear, float2(0.9, 0.5), 0);
  Out[4] = Ramp.SampleLevel(Linear, float2(3.0, 0.5), 0);   // clamp to edge
}

//: case storage_image_write
//: flags -T cs_6_0 -E store
//: dispatch 2 2
//: in Img size=2x2
//: expect Img = f32 0 0 0 1  1 0 1 1  0 1 1 1  1 1 2 1
[numthreads(1, 1, 1)]
void store(uint3 id : SV_DispatchThreadID) {
  Img[id.xy] = float4(id.x, id.y, id.x + id.y, 1);
}

//: case storage_image_read_modify_write
//: flags -T cs_6_0 -E rmw
//: in Img size=2x1 = f32 1 2 3 4 5 6 7 8
//: expect Img = f32 2 3 4 5 10 12 14 16
[numthreads(2, 1, 1)]
void rmw(uint3 id : SV_DispatchThreadID) {
  float4 v = Img[id.xy];
  Img[id.xy] = id.x == 0 ? v + 1 : v * 2;
}

//: case storage_image_atomics
//: flags -T cs_6_0 -E imgatomic
//: in Counters size=2x1 = u32 5 0
//: expect Counters = u32 69 63
[numthreads(64, 1, 1)]
void imgatomic(uint3 id : SV_DispatchThreadID) {
  InterlockedAdd(Counters[uint2(0, 0)], 1);
  InterlockedMax(Counters[uint2(1, 0)], id.x);
}

//: case array_texture_layers
//: flags -T cs_6_0 -E layers
//: in Arr format=rgba32f size=1x1 layers=3 = f32 1 0 0 0  2 0 0 0  3 0 0 0
//: expect Out = f32 1 2 3 3
[numthreads(1, 1, 1)]
void layers() {
  Out[0] = Arr.Load(int4(0, 0, 0, 0)).x;
  Out[1] = Arr.Load(int4(0, 0, 1, 0)).x;
  Out[2] = Arr.Load(int4(0, 0, 2, 0)).x;
  Out[3] = Arr.SampleLevel(Point, float3(0.5, 0.5, 2.0), 0).x;
}

//: case volume_and_1d
//: flags -T cs_6_0 -E vol
//: in Vol format=r32f size=2x2x2 = f32 iota(8)
//: in Line format=rgba32ui size=3 = u32 1 2 3 4  5 6 7 8  9 10 11 12
//: expect Out = f32 5 7 3 12
[numthreads(1, 1, 1)]
void vol() {
  Out[0] = Vol.Load(int4(1, 0, 1, 0));   // x + 2y + 4z
  Out[1] = Vol[uint3(1, 1, 1)];
  Out[2] = Line.Load(int2(0, 0)).z;
  Out[3] = Line[2].w;
}

//: case get_dimensions
//: flags -T cs_6_0 -E dims
//: in Img size=3x5
//: expect Out = f32 2 2 1 3 5
[numthreads(1, 1, 1)]
void dims() {
  uint w, h, levels, iw, ih;
  Tex.GetDimensions(0, w, h, levels);
  Img.GetDimensions(iw, ih);
  Out[0] = w; Out[1] = h; Out[2] = levels; Out[3] = iw; Out[4] = ih;
}

//: case gather_component_order
//: flags -T cs_6_0 -E gather
//: expect Out = f32 9 13 5 1 12 16 8 4
[numthreads(1, 1, 1)]
void gather() {
  // Texels (i, j) in the order (0,1) (1,1) (1,0) (0,0), as in D3D and Vulkan.
  float4 r = Tex.GatherRed(Point, float2(0.5, 0.5));
  float4 a = Tex.GatherAlpha(Point, float2(0.5, 0.5));
  Out[0] = r.x; Out[1] = r.y; Out[2] = r.z; Out[3] = r.w;
  Out[4] = a.x; Out[5] = a.y; Out[6] = a.z; Out[7] = a.w;
}

//: case unrolled_sample_offsets
//: flags -T cs_6_0 -E unrolled_taps
//: xfail glslang: glslang keeps the [unroll] loop, so the offset is no constant (invalid SPIR-V)
//: expect Out = f32 1 5 1 5 34 4
[numthreads(1, 1, 1)]
void unrolled_taps() {
  // Each tap's offset is the loop variable: a constant only once the
  // [unroll] loop is copied per iteration.
  float taps[4];
  int last = -1;
  [unroll] for (int i = 0; i < 4; i++) {
    taps[i] = Tex.SampleLevel(Point, float2(0.25, 0.25), 0, int2(i, 0)).x;
    Out[i] = taps[i];
  }
  float total = 0;
  [unroll] for (last = 0; last < 4; last++) total += taps[last] * (last + 1);
  Out[4] = total;
  Out[5] = last;
}

//: case texture_1d_sampled_at_a_level_and_arrayed
//: flags -T cs_6_0 -E line_sample
//: in Ramp1D format=r32f size=2 = f32 0 1
//: in Lines format=rgba32f size=2 layers=2 = f32 1 2 3 4  5 6 7 8  9 10 11 12  13 14 15 16
//: expect Out = f32 tol=0.01 0.5 0.25 1 13 11 2 2 2
[numthreads(1, 1, 1)]
void line_sample() {
  // WGSL's texture_1d has no textureSampleLevel and no arrays: through
  // WGSL these are 2D textures of height 1.
  Out[0] = Ramp1D.SampleLevel(Linear, 0.5, 0);
  Out[1] = Ramp1D.SampleLevel(Linear, 0.375, 0);
  Out[2] = Ramp1D.SampleLevel(Linear, 0.9, 0);      // clamped
  Out[3] = Lines.Load(int3(1, 1, 0)).x;              // texel 1 of layer 1
  Out[4] = Lines.SampleLevel(Point, float2(0.25, 1), 0).z;
  uint w, w2, layers;
  Ramp1D.GetDimensions(w);
  Lines.GetDimensions(w2, layers);
  Out[5] = w; Out[6] = w2; Out[7] = layers;
}
