// Typed (texel) buffers: Buffer<T> is a uniform texel buffer, RWBuffer<T> a
// storage texel buffer; the view's format converts the stored texels.

Buffer<float4> F4 : register(t1);
Buffer<float> F1 : register(t2);
Buffer<int2> I2 : register(t3);
Buffer<float4> Unorm : register(t4);
RWBuffer<uint> RU : register(u5);
RWBuffer<float4> RF : register(u6);
RWStructuredBuffer<float> Out : register(u0);

//: case load_float4_rgba32f
//: flags -T cs_6_0 -E f4
//: in F4 format=rgba32f = f32 1 2 3 4 5 6 7 8
//: expect Out = f32 5 6 7 8 1 4
[numthreads(1, 1, 1)]
void f4() {
  float4 b = F4[1];
  Out[0] = b.x; Out[1] = b.y; Out[2] = b.z; Out[3] = b.w;
  Out[4] = F4.Load(0).x;
  Out[5] = F4[0].w;
}

//: case load_r32f
//: flags -T cs_6_0 -E f1
//: in F1 format=r32f = f32 0.5 1.5 2.5
//: expect Out = f32 2.5 0.5
[numthreads(1, 1, 1)]
void f1() { Out[0] = F1[2]; Out[1] = F1.Load(0); }

//: case load_rg32i
//: flags -T cs_6_0 -E i2
//: in I2 format=rg32i = i32 -1 2 -3 4
//: expect Out = f32 -3 4 -1
[numthreads(1, 1, 1)]
void i2() { int2 v = I2[1]; Out[0] = v.x; Out[1] = v.y; Out[2] = I2[0].x; }

//: case unorm_format_converts
//: flags -T cs_6_0 -E unorm8
//: in Unorm format=rgba8 = u8 0 255 51 128
//: xfail wgsl: the shader declares rgba32f texels (DXC's format for Buffer<float4>) and the view converts rgba8; a storage buffer holds the declared texels
//: expect Out = f32 tol=1e-6 0 1 0.2 0.5019608
[numthreads(1, 1, 1)]
void unorm8() { float4 v = Unorm[0]; Out[0] = v.x; Out[1] = v.y; Out[2] = v.z; Out[3] = v.w; }

//: case rwbuffer_uint_read_write
//: flags -T cs_6_0 -E ru
//: dispatch 2
//: in RU = u32 iota(8, 10)
//: expect RU = u32 20 22 24 26 28 30 32 34
[numthreads(4, 1, 1)]
void ru(uint3 id : SV_DispatchThreadID) { RU[id.x] = RU[id.x] * 2; }

//: case rwbuffer_float4_partial_write
//: flags -T cs_6_0 -E rf
//: in RF = f32 1 2 3 4 5 6 7 8
//: expect RF = f32 1 2 3 4 5 6 7 8  9 10 11 12
//: expect Out = f32 16
[numthreads(1, 1, 1)]
void rf() {
  RF[2] = float4(9, 10, 11, 12);
  Out[0] = RF[1].x + RF[0].y + RF[1].w + 1;
}

//: case get_dimensions
//: flags -T cs_6_0 -E dims
//: in F1 format=r32f = f32 0*20
//: in RU = u32 0*32
//: expect Out = f32 20 32
[numthreads(1, 1, 1)]
void dims() {
  uint a, b;
  F1.GetDimensions(a);
  RU.GetDimensions(b);
  Out[0] = a; Out[1] = b;
}

// Buffer<float3> has no format DXC can name (Unknown): the view's rgb32f
// texels are three floats each.
Buffer<float3> F3 : register(t7);
//: case load_float3_unknown_format
//: flags -T cs_6_0 -E f3
//: in F3 format=rgb32f = f32 1 2 3 4 5 6 7 8 9
//: expect Out = f32 4 5 6 9 1
[numthreads(1, 1, 1)]
void f3() {
  float3 v = F3[1];
  Out[0] = v.x; Out[1] = v.y; Out[2] = v.z;
  Out[3] = F3[2].z;
  Out[4] = F3.Load(0).x;
}

// Atomics on the texels of an R32ui texel buffer.
//: case rwbuffer_atomics
//: flags -T cs_6_0 -E atomics
//: dispatch 2
//: in RU = u32 0 100 0 0
//: expect RU = u32 8 100 7 1
[numthreads(4, 1, 1)]
void atomics(uint3 id : SV_DispatchThreadID) {
  InterlockedAdd(RU[0], 1);
  uint old;
  InterlockedMax(RU[2], id.x, old);
  if (old == 100) RU[3] = 1;
  InterlockedCompareExchange(RU[1], 100, 100, old);
  if (id.x == 0 && old == 100) InterlockedOr(RU[3], 1);
}

// Formats named with vk::image_format whose components are 8 or 16 bits:
// through WGSL, storage buffers of the texels' 32-bit words, unpacked and
// packed by the shader.
[[vk::image_format("rgba16f")]] RWBuffer<float4> H : register(u10);
[[vk::image_format("rgba8")]] Buffer<float4> C8 : register(t11);
[[vk::image_format("rg16i")]] Buffer<int2> S16 : register(t12);

//: case rgba16f_read_write
//: flags -T cs_6_0 -E rgba16f
//: in H format=rgba16f = f16 1 2 3 4  0.5 -1 -2 0.25  0 0 0 0
//: expect H = f16 1 2 3 4  0.5 -1 -2 0.25  0.5 -2 -6 1
[numthreads(1, 1, 1)]
void rgba16f() { H[2] = H[0] * H[1]; }

//: case rgba8_and_rg16i_formats_unpack
//: flags -T cs_6_0 -E packed_reads
//: in C8 format=rgba8 = u8 0 255 51 128
//: in S16 format=rg16i = i16 -2 300 7 -32768
//: expect Out = f32 tol=1e-6 0 1 0.2 0.5019608 -2 300 7 -32768
[numthreads(1, 1, 1)]
void packed_reads() {
  float4 c = C8[0];
  Out[0] = c.x; Out[1] = c.y; Out[2] = c.z; Out[3] = c.w;
  int2 a = S16[0], b = S16[1];
  Out[4] = a.x; Out[5] = a.y; Out[6] = b.x; Out[7] = b.y;
}
