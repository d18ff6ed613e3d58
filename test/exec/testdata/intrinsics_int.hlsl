// Integer and bit intrinsics. firstbithigh is FindSMsb/FindUMsb (for a
// negative int: the highest 0 bit), firstbitlow is FindILsb, both -1 when
// there is no such bit.

StructuredBuffer<uint> U : register(t1);
StructuredBuffer<int> I : register(t2);
RWStructuredBuffer<uint> Out : register(u0);

//: case countbits
//: flags -T cs_6_0 -E cb
//: in U = u32 0 1 0xffffffff 0x80000001 0x0f0f0f0f 0xdeadbeef
//: expect Out = u32 0 1 32 2 16 24
[numthreads(6, 1, 1)]
void cb(uint3 id : SV_DispatchThreadID) { Out[id.x] = countbits(U[id.x]); }

//: case firstbithigh_unsigned
//: flags -T cs_6_0 -E fbh_u
//: in U = u32 0 1 0x00010000 0xffffffff 0x80000000 0x7fffffff
//: expect Out = u32 0xffffffff 0 16 31 31 30
[numthreads(6, 1, 1)]
void fbh_u(uint3 id : SV_DispatchThreadID) { Out[id.x] = firstbithigh(U[id.x]); }

//: case firstbithigh_signed
//: flags -T cs_6_0 -E fbh_s
//: in I = i32 0 1 -1 -256 -2147483648 2147483647 -2
//: expect Out = i32 -1 0 -1 7 30 30 0
[numthreads(7, 1, 1)]
void fbh_s(uint3 id : SV_DispatchThreadID) { Out[id.x] = firstbithigh(I[id.x]); }

//: case firstbitlow
//: flags -T cs_6_0 -E fbl
//: in U = u32 0 1 0x80 0x80000000 0xfffffff0 6
//: expect Out = u32 0xffffffff 0 7 31 4 1
[numthreads(6, 1, 1)]
void fbl(uint3 id : SV_DispatchThreadID) { Out[id.x] = firstbitlow(U[id.x]); }

//: case reversebits
//: flags -T cs_6_0 -E rev
//: in U = u32 1 0x80000000 0x0000ffff 0x12345678 0
//: expect Out = u32 0x80000000 1 0xffff0000 0x1e6a2c48 0
[numthreads(5, 1, 1)]
void rev(uint3 id : SV_DispatchThreadID) { Out[id.x] = reversebits(U[id.x]); }

//: case abs_sign_int
//: flags -T cs_6_0 -E abssign
//: in I = i32 -5 0 7 -2147483648
//: expect Out = i32 5 0 7 -2147483648 -1 0 1 -1
[numthreads(4, 1, 1)]
void abssign(uint3 id : SV_DispatchThreadID) {
  Out[id.x] = abs(I[id.x]);
  Out[4 + id.x] = sign(I[id.x]);
}

//: case min_max_clamp_signedness
//: flags -T cs_6_0 -E minmax
//: in I = i32 -1 5
//: expect Out = i32 -1 5 0xffffffff 5 0 10 10
[numthreads(1, 1, 1)]
void minmax(uint3 id : SV_DispatchThreadID) {
  int a = I[0], b = I[1];
  Out[0] = min(a, b);                 // signed: -1
  Out[1] = max(a, b);
  Out[2] = max((uint)a, (uint)b);     // unsigned: 0xffffffff
  Out[3] = min((uint)a, (uint)b);
  Out[4] = clamp(a, 0, 10);
  Out[5] = clamp((uint)a, 0u, 10u);
  Out[6] = clamp(b * 3, 0, 10);
}

//: case mad_int
//: flags -T cs_6_0 -E madi
//: in I = i32 3 -4 5 2147483647
//: expect Out = i32 -7 -2
//: xfail glslang: emits GLSL.std.450 Fma on integers, which spirv-val rejects; DXC emits OpIMul and OpIAdd
[numthreads(1, 1, 1)]
void madi(uint3 id : SV_DispatchThreadID) {
  Out[0] = mad(I[0], I[1], I[2]);
  Out[1] = mad(I[3], 2, 0);            // 0x7fffffff * 2 wraps to -2
}

//: case asuint_asint_asfloat
//: flags -T cs_6_0 -E bitcasts
//: in I = i32 -1082130432 2139095040
//: expect Out = u32 0xbf800000 0x7f800000 0x3f800000 1 0xc0000000
[numthreads(1, 1, 1)]
void bitcasts(uint3 id : SV_DispatchThreadID) {
  Out[0] = asuint(I[0]);
  Out[1] = asuint(asfloat(I[1]));
  Out[2] = asuint(-asfloat(I[0]));
  Out[3] = isinf(asfloat(I[1]));
  Out[4] = asuint(asfloat(I[0]) * 2.0);
}

//: case f32tof16_and_back
//: flags -T cs_6_0 -E half_pack
//: in U = u32 0x3f800000 0xc0000000 0x477fe000 0x38800000 0x7f800000 0x00000000 0x80000000 0x3eaaaaab
//: expect Out = u32 0x3c00 0xc000 0x7bff 0x0400 0x7c00 0 0x8000 0x3555
[numthreads(8, 1, 1)]
void half_pack(uint3 id : SV_DispatchThreadID) { Out[id.x] = f32tof16(asfloat(U[id.x])); }

//: case f16tof32
//: flags -T cs_6_0 -E half_unpack
//: in U = u32 0x3c00 0xc000 0x7bff 0x0001 0x7c00 0x8000 0x3555 0xffff3c00
//: expect Out = f32 1.0 -2.0 65504.0 5.9604645e-08 inf -0.0 0.33325195 1.0
[numthreads(8, 1, 1)]
void half_unpack(uint3 id : SV_DispatchThreadID) { Out[id.x] = asuint(f16tof32(U[id.x])); }

//: case bit_ops_on_vectors
//: flags -T cs_6_0 -E vbits
//: in U = u32 0xf0 0x0f 0xff00 0x1
//: expect Out = u32 4 4 8 1 7 3 15 0
[numthreads(1, 1, 1)]
void vbits(uint3 id : SV_DispatchThreadID) {
  uint4 v = uint4(U[0], U[1], U[2], U[3]);
  uint4 c = countbits(v);
  uint4 h = firstbithigh(v);
  Out[0] = c.x; Out[1] = c.y; Out[2] = c.z; Out[3] = c.w;
  Out[4] = h.x; Out[5] = h.y; Out[6] = h.z; Out[7] = h.w;
}
