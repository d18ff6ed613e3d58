// Regression tests for miscompiles found by hand and by the random
// programs (issue 14). Each case failed (an internal error or invalid
// SPIR-V) before its fix. These use features glslang lacks.
//
//: xfail glslang: has neither asuint(double, out uint, out uint), nor writes to one component of a texel, nor -b and ~b on bools, nor float1x3 (compile errors)

//: case asuint_double_swizzle_outs
//: flags -T cs_6_0 -E halves
//: in D = f64 1.5 -2.25 0x0123456789abcdef 1e300
//: expect Lo = u32 0 0 0x89abcdef 0x8800759c  0x8800759c 0x89abcdef 0 0  0 0x3ff80000 0 0xc0020000
//: expect Hi = u32 0x3ff80000 0xc0020000 0x01234567 0x7e37e43c  0x7e37e43c 0x01234567 0xc0020000 0x3ff80000  0x89abcdef 0x01234567 0x8800759c 0x7e37e43c
StructuredBuffer<double4> D : register(t1);
RWStructuredBuffer<uint4> Lo : register(u2);
RWStructuredBuffer<uint4> Hi : register(u3);
[numthreads(1, 1, 1)]
void halves() {
  uint4 lo, hi;
  asuint(D[0].xyz, lo.xyz, hi.xyz);
  asuint(D[0].w, lo.w, hi.w);
  Lo[0] = lo; Hi[0] = hi;
  uint4 a, b;
  asuint(D[0], a.wzyx, b.wzyx);
  Lo[1] = a; Hi[1] = b;
  uint4 t, u;
  asuint(D[0].xy, t.xz, t.yw);
  asuint(D[0].zw, u.xz, u.yw);
  Lo[2] = t; Hi[2] = u;
}

// One component of a typed-buffer texel chosen at run time, read and
// written (an internal error: an access chain into the image).
//: case texel_component
//: flags -T cs_6_0 -E texel
//: in Tex = i32 10 11 12 13  20 21 22 23  30 31 32 33
//: in Sel = u32 3 0 2
//: expect Tex = i32 10 11 12 113  1020 21 22 23  30 31 7 33
RWBuffer<int4> Tex : register(u4);
StructuredBuffer<uint> Sel : register(t5);
[numthreads(3, 1, 1)]
void texel(uint3 id : SV_DispatchThreadID) {
  uint c = Sel[id.x];
  if (id.x == 2) {
    Tex[id.x][c] = 7;
  } else {
    Tex[id.x][c] += 100;
    Tex[id.x][c] = Tex[id.x][c] + Tex[id.x][1] * (int)id.x * 0 + (id.x == 1 ? 900 : 0);
  }
}

// Operators on bools: relational operators compare the ints the bools
// promote to, -b and ~b negate that int, and << shifts it (invalid SPIR-V
// before: OpSLessThan, OpSNegate, OpNot and OpBitwiseAnd on bools).
//: case bool_operators
//: flags -T cs_6_0 -E bools
//: in Sel = u32 0 1 2 3
//: expect OutI = i32 0 0 -1 -1  -1 -1 -2 -2  0 1 0 0  1 0 0 1  0 0 1 2
RWStructuredBuffer<int> OutI : register(u7);
[numthreads(4, 1, 1)]
void bools(uint3 id : SV_DispatchThreadID) {
  bool a = (Sel[id.x] & 2) != 0, b = (Sel[id.x] & 1) != 0;
  OutI[id.x] = -a;
  OutI[4 + id.x] = ~a;
  OutI[8 + id.x] = a < b;
  bool2 c = bool2(a, b), d = bool2(b, a);
  OutI[12 + id.x] = all(c <= d) || (a && b);
  OutI[16 + id.x] = a << b; // on the ints: OpBitwiseAnd of the amount on a bool before
}

// determinant of a non-square matrix: DXC matches float_like<r, r> with
// the smaller dimension, so the argument truncates; 1x1 is the element.
//: case determinant_non_square
//: flags -T cs_6_0 -E det
//: in M = f32 2 3 4 0  5 6 7 0
//: expect OutF = f32 -3 2 2
StructuredBuffer<float3> M : register(t9);
RWStructuredBuffer<float> OutF : register(u6);
[numthreads(1, 1, 1)]
void det() {
  float2x3 m = float2x3(M[0], M[1]);
  float1x3 r = float1x3(M[0]);
  float3x1 c = float3x1(M[0]);
  OutF[0] = determinant(m);
  OutF[1] = determinant(r);
  OutF[2] = determinant(c);
}

// An unbounded array of RWBuffer<int>, indexed with NonUniformResourceIndex
// in a loop (reported as a wrong result on lavapipe). The driver's fault:
// lavapipe in Mesa 22.3.6 (Debian 12) reports neither
// shaderStorageTexelBufferArrayDynamicIndexing nor descriptorIndexing, and
// the same loop written in GLSL (imageLoad/imageStore on
// Buf[nonuniformEXT(GI)], compiled by glslangValidator) leaves the buffers
// unchanged just the same, as does a dynamically uniform index; with a
// constant index the elements are written. The module is valid (NonUniform
// on the index copy, the access chain and the loaded image).
//: case nonuniform_unbounded_texel_buffers
//: flags -T cs_6_0 -E nonuni
//: xfail hlsl2spirv: lavapipe (Mesa 22.3) has no dynamic indexing of storage texel buffer arrays (see above); the driver's, not the compiler's
//: xfail hlsl2spirv-O0: lavapipe (Mesa 22.3) has no dynamic indexing of storage texel buffer arrays (see above); the driver's, not the compiler's
//: in Buf[0] = i32 1 2 3 4
//: in Buf[1] = i32 5 6 7 8
//: in Buf[2] = i32 9 10 11 12
//: in Buf[3] = i32 13 14 15 16
//: expect Buf[0] = i32 1 2 3 4
//: expect Buf[1] = i32 105 106 107 108
//: expect Buf[2] = i32 209 210 211 212
//: expect Buf[3] = i32 313 314 315 316
RWBuffer<int> Buf[] : register(u14);
[numthreads(4, 1, 1)]
void nonuni(uint GI : SV_GroupIndex) {
  for (int i = 0; i < 4; i++) {
    Buf[NonUniformResourceIndex(GI)][i] = GI * 100 + Buf[NonUniformResourceIndex(GI)][i];
  }
}

// An element of an array of ConstantBuffer<S> (std140: the int array has
// a 16-byte stride) stored to a RWStructuredBuffer<S> (std430: stride 4)
// is copied member by member; it was stored whole (invalid SPIR-V).
//: case constant_buffer_array_to_structured
//: flags -T cs_6_0 -E cbcopy
//: dispatch 2
//: in CB[0] = f32 1.5 2 3 4  i32 5 0 0 0  6 0 0 0
//: in CB[1] = f32 -1 -2 -3 -4  i32 -5 0 0 0  -6 0 0 0
//: expect Copy = f32 1.5 2 3 4 i32 5 6 _ _  f32 -1 -2 -3 -4 i32 -5 -6 _ _
// From SPIR-V 1.4 (here vulkan1.2) the int array is one OpCopyLogical, as
// DXC copies; the block itself stays member by member, since lavapipe
// (Mesa 22.3) fails to create the pipeline for OpCopyLogical from a Block
// struct (DXC's whole-block OpCopyLogical does not run here).
//: case constant_buffer_array_to_structured_copy_logical
//: flags -T cs_6_0 -E cbcopy -fspv-target-env=vulkan1.2
//: dispatch 2
//: in CB[0] = f32 1.5 2 3 4  i32 5 0 0 0  6 0 0 0
//: in CB[1] = f32 -1 -2 -3 -4  i32 -5 0 0 0  -6 0 0 0
//: expect Copy = f32 1.5 2 3 4 i32 5 6 _ _  f32 -1 -2 -3 -4 i32 -5 -6 _ _
struct S { float a; float3 b; int c[2]; };
ConstantBuffer<S> CB[2] : register(b15);
RWStructuredBuffer<S> Copy : register(u16);
// One thread per workgroup: the index is dynamically uniform, which
// lavapipe supports (it has no non-uniform descriptor indexing).
[numthreads(1, 1, 1)]
void cbcopy(uint3 id : SV_DispatchThreadID) {
  Copy[id.x] = CB[NonUniformResourceIndex(id.x)];
}
