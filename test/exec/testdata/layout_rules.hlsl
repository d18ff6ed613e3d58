// Buffer layout rules: the struct T of DXC's SPIR-V.rst ("Memory layout
// rules") in a uniform buffer (ConstantBuffer<T>) and a storage buffer
// (StructuredBuffer<T>) under each of -fvk-use-{dx,gl,scalar}-layout and
// the default (vector-relaxed std140/std430). The input is filled with
// f32 iota, so every float read is its own byte offset / 4; the expectations
// are the offsets of DXC's table, element by element (matrices row by row:
// d is column_major, e row_major).

struct S { float3 f; };
struct T {
            float    a;
            float3   b;
            S        c;
            float2x3 d;
  row_major float2x3 e;
            int      f[3];
            float2   g[2];
};

ConstantBuffer<T> CB : register(b1);
StructuredBuffer<T> SB : register(t2);
RWStructuredBuffer<float> Out : register(u0);

// A macro rather than a function taking T: the reads must go through the
// buffer's own layout, not a copy.
#define DUMP(t)                                                          \
  Out[0] = t.a;                                                          \
  Out[1] = t.b.x; Out[2] = t.b.y; Out[3] = t.b.z;                        \
  Out[4] = t.c.f.x; Out[5] = t.c.f.y; Out[6] = t.c.f.z;                  \
  for (uint r = 0; r < 2; r++) {                                         \
    for (uint c = 0; c < 3; c++) {                                       \
      Out[7 + 3 * r + c] = t.d[r][c];                                    \
      Out[13 + 3 * r + c] = t.e[r][c];                                   \
    }                                                                    \
  }                                                                      \
  Out[19] = asfloat(t.f[0]); Out[20] = asfloat(t.f[1]);                  \
  Out[21] = asfloat(t.f[2]);                                             \
  Out[22] = t.g[0].x; Out[23] = t.g[0].y;                                \
  Out[24] = t.g[1].x; Out[25] = t.g[1].y;

[numthreads(1, 1, 1)]
void cb_main() { DUMP(CB) }

[numthreads(1, 1, 1)]
void sb_main() { DUMP(SB[0]) }

//: in CB = f32 iota(64)
//: in SB = f32 iota(64)
//: case vk_uniform
//: flags -T cs_6_0 -E cb_main
//: expect Out = f32 0 1 2 3 4 5 6 8 12 16 9 13 17 20 21 22 24 25 26 28 32 36 40 41 44 45
//: xfail glslang: lays out the row_major float2x3 member of a uniform buffer struct column by column (three 16-byte columns), so e and every member after it read the wrong offsets

//: case vk_storage
//: flags -T cs_6_0 -E sb_main
//: expect Out = f32 0 1 2 3 4 5 6 8 10 12 9 11 13 16 17 18 20 21 22 24 25 26 28 29 30 31

//: case dx_uniform
//: flags -T cs_6_0 -E cb_main -fvk-use-dx-layout
//: expect Out = f32 0 1 2 3 4 5 6 8 12 16 9 13 17 20 21 22 24 25 26 28 32 36 40 41 44 45
//: xfail glslang: has no -fvk-use-dx-layout, and lays out the row_major member of a uniform buffer struct column by column

//: case dx_storage
//: flags -T cs_6_0 -E sb_main -fvk-use-dx-layout
//: expect Out = f32 0 1 2 3 4 5 6 7 9 11 8 10 12 13 14 15 16 17 18 19 20 21 22 23 24 25
//: xfail glslang: has no -fvk-use-dx-layout (tight HLSL packing of float3 and matrices in structured buffers)

//: case gl_uniform
//: flags -T cs_6_0 -E cb_main -fvk-use-gl-layout
//: expect Out = f32 0 4 5 6 8 9 10 12 16 20 13 17 21 24 25 26 28 29 30 32 36 40 44 45 48 49
//: xfail glslang: has no -fvk-use-gl-layout (strict std140: float3 aligned to 16)

//: case gl_storage
//: flags -T cs_6_0 -E sb_main -fvk-use-gl-layout
//: expect Out = f32 0 4 5 6 8 9 10 12 14 16 13 15 17 20 21 22 24 25 26 28 29 30 32 33 34 35
//: xfail glslang: has no -fvk-use-gl-layout (strict std430: float3 aligned to 16)

//: case scalar_uniform
//: flags -T cs_6_0 -E cb_main -fvk-use-scalar-layout
//: expect Out = f32 0 1 2 3 4 5 6 7 9 11 8 10 12 13 14 15 16 17 18 19 20 21 22 23 24 25
//: xfail glslang: has no -fvk-use-scalar-layout

//: case scalar_storage
//: flags -T cs_6_0 -E sb_main -fvk-use-scalar-layout
//: expect Out = f32 0 1 2 3 4 5 6 7 9 11 8 10 12 13 14 15 16 17 18 19 20 21 22 23 24 25
//: xfail glslang: has no -fvk-use-scalar-layout

