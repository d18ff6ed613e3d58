// Explicit offsets: register(cN) on loose globals puts them at N * 16 in
// $Globals and the unannotated ones after the highest explicit address
// (SPIR-V.rst's example); [[vk::offset(N)]] on a struct member fixes its
// offset in any buffer. Inputs are f32 iota: a float read is its offset / 4.

RWStructuredBuffer<float> Out : register(u1);

//: case globals_register_c
//: flags -T cs_6_0 -E globals
//: in $Globals = f32 iota(48)
//: expect Out = f32 40 41 4
float gx : register(c10);   // 160
float gy;                   // 164
float gz : register(c1);    // 16

[numthreads(1, 1, 1)]
void globals() { Out[0] = gx; Out[1] = gy; Out[2] = gz; }

struct WithOffsets {
  float a;
  [[vk::offset(16)]] float b;
  [[vk::offset(32)]] float2 c;
  float d;                  // after c: 40
};
StructuredBuffer<WithOffsets> SB : register(t2);

//: case vk_offset_in_structured_buffer
//: flags -T cs_6_0 -E offsets
//: in SB = f32 iota(16)
//: expect Out = f32 0 4 8 9 10
//: xfail glslang: ignores [[vk::offset]] on struct members and packs them in declaration order
[numthreads(1, 1, 1)]
void offsets() {
  WithOffsets w = SB[0];
  Out[0] = w.a; Out[1] = w.b; Out[2] = w.c.x; Out[3] = w.c.y; Out[4] = w.d;
}
