// The rarer intrinsics, checked against their definitions: msad4's four
// byte alignments, lit and dst, frexp and modf on vectors and matrices,
// log10, fmod per matrix row, f16tof32 and asdouble on vectors, select on
// a matrix, isfinite on a vector, wave operations on vectors, quad reads
// and votes, 8-bit packing and packed dot products, and countbits and
// reversebits of 16- and 64-bit integers. The entry points glslang cannot
// compile are compiled only in their own cases (-D), since a compile error
// anywhere fails every case.

StructuredBuffer<float> A : register(t1);
StructuredBuffer<uint> U : register(t2);
RWStructuredBuffer<float> Out : register(u3);
RWStructuredBuffer<uint> OutU : register(u4);
RWStructuredBuffer<double> OutD : register(u5);

//: case msad4_byte_alignments
//: flags -T cs_6_0 -E msad
//: in U = u32 0x01020304 0x05060708 0x0d0c0b0a 0xA100B2C3 0xD7B0C372 0x4F57C2A3
//: expect OutU = u32 16 18 22 28 153 6 92 113
//: xfail glslang: crashes (segmentation fault) compiling msad4
// Sum k compares the reference bytes with source bytes k..k+3 (source.x
// then source.y, low byte first), skipping zero reference bytes; the
// second call is the HLSL reference's example (153, 6, ...).
[numthreads(1, 1, 1)]
void msad() {
  uint4 a = msad4(U[0], uint2(U[1], U[2]), uint4(0, 0, 0, 0));
  uint4 b = msad4(U[3], uint2(U[4], U[5]), uint4(1, 2, 3, 4));
  OutU[0] = a.x; OutU[1] = a.y; OutU[2] = a.z; OutU[3] = a.w;
  OutU[4] = b.x; OutU[5] = b.y; OutU[6] = b.z; OutU[7] = b.w;
}

//: case lit_and_dst
//: flags -T cs_6_0 -E litdst
//: in A = f32 0.5 0.25 2 -1
//: expect Out = f32 1 0.5 0.0625 1  1 0 0 1  1 0.125 0.25 2
//: xfail glslang: lit's specular term is n_dot_h * m instead of pow(n_dot_h, m)
// lit's specular term is pow(n.h, m), zero when n.l or n.h is negative.
[numthreads(1, 1, 1)]
void litdst() {
  float4 l = lit(A[0], A[1], A[2]);
  float4 n = lit(A[3], A[1], A[2]);
  float4 d = dst(float4(9, A[0], A[1], 7), float4(8, A[1], 6, A[2]));
  Out[0] = l.x; Out[1] = l.y; Out[2] = l.z; Out[3] = l.w;
  Out[4] = n.x; Out[5] = n.y; Out[6] = n.z; Out[7] = n.w;
  Out[8] = d.x; Out[9] = d.y; Out[10] = d.z; Out[11] = d.w;
}

//: case frexp_modf_vectors_and_matrices
//: flags -T cs_6_0 -E splits
//: in A = f32 8 -3 0.375 2.75
//: expect Out = f32 0.5 -0.75 0.75 0.6875  4 2 -1 2  0 -0.0 0.375 0.75  8 -3 0 2
//: xfail glslang: frexp on a matrix builds a FrexpStruct result type that spirv-val rejects
[numthreads(1, 1, 1)]
void splits() {
  float2x2 m = float2x2(A[0], A[1], A[2], A[3]);
  float2x2 e;
  float2x2 mant = frexp(m, e);
  float4 v = float4(A[0], A[1], A[2], A[3]);
  float4 ip;
  float4 fr = modf(v, ip);
  Out[0] = mant[0][0]; Out[1] = mant[0][1]; Out[2] = mant[1][0]; Out[3] = mant[1][1];
  Out[4] = e[0][0]; Out[5] = e[0][1]; Out[6] = e[1][0]; Out[7] = e[1][1];
  Out[8] = fr.x; Out[9] = fr.y; Out[10] = fr.z; Out[11] = fr.w;
  Out[12] = ip.x; Out[13] = ip.y; Out[14] = ip.z; Out[15] = ip.w;
}

//: case log10_and_fmod_per_row
//: flags -T cs_6_0 -E logmod
//: in A = f32 1000 0.01 7.5 -7.5 2 -2
//: expect Out = f32 tol=1e-4 3 -2 tol=0 1.5 -1.5 1.5 -1.5
//: xfail glslang: fmod is OpFMod (the divisor's sign); HLSL's fmod takes the dividend's
[numthreads(1, 1, 1)]
void logmod() {
  float2 l = log10(float2(A[0], A[1]));
  float2x2 r = fmod(float2x2(A[2], A[3], A[2], A[3]), float2x2(A[4], A[4], A[5], A[5]));
  Out[0] = l.x; Out[1] = l.y;
  Out[2] = r[0][0]; Out[3] = r[0][1]; Out[4] = r[1][0]; Out[5] = r[1][1];
}

//: case half_unpack_and_asdouble_vectors
//: flags -T cs_6_0 -E vecconv -DVECCONV
//: in U = u32 0x3c00 0xc000 0 0x3ff00000 0 0xc0040000
//: expect Out = f32 1 -2
//: expect OutD = f64 1 -2.5
//: xfail glslang: has no asdouble on vectors ("double2 conversion not implemented")
#ifdef VECCONV
[numthreads(1, 1, 1)]
void vecconv() {
  float2 h = f16tof32(uint2(U[0], U[1]));
  double2 d = asdouble(uint2(U[2], U[4]), uint2(U[3], U[5]));
  Out[0] = h.x; Out[1] = h.y;
  OutD[0] = d.x; OutD[1] = d.y;
}
#endif

//: case select_matrix_and_isfinite_vector
//: flags -T cs_6_0 -E selfin -HV 2021 -DSELFIN
//: in A = f32 1 2 3 4 inf nan
//: expect Out = f32 10 20 30 40  1 2 3 4
//: expect OutU = u32 1 0 0 1
//: xfail glslang: has no HLSL 2021 select() intrinsic (a compile error)
#ifdef SELFIN
[numthreads(1, 1, 1)]
void selfin() {
  float2x2 m = float2x2(A[0], A[1], A[2], A[3]);
  float2x2 a = select(A[0] > 0, m * 10, m);
  float2x2 b = select(A[0] < 0, m * 10, m);
  Out[0] = a[0][0]; Out[1] = a[0][1]; Out[2] = a[1][0]; Out[3] = a[1][1];
  Out[4] = b[0][0]; Out[5] = b[0][1]; Out[6] = b[1][0]; Out[7] = b[1][1];
  bool4 f = isfinite(float4(A[0], A[4], A[5], -A[3]));
  OutU[0] = f.x; OutU[1] = f.y; OutU[2] = f.z; OutU[3] = f.w;
}
#endif

//: case wave_operations_on_vectors
//: flags -T cs_6_0 -E wavevec -fspv-target-env=vulkan1.1
//: expect OutU = u32 1*64
//: xfail glslang: WaveActiveAllEqual on a vector answers for the whole vector instead of per component, and WavePrefixSum is an inclusive scan
[numthreads(64, 1, 1)]
void wavevec(uint3 tid : SV_GroupThreadID) {
  uint i = WaveGetLaneIndex(), n = WaveGetLaneCount();
  uint2 v = uint2(i, 2 * i);
  uint2 s = WaveActiveSum(v);
  uint2 r = WaveReadLaneAt(v, n - 1);
  uint2 f = WaveReadLaneFirst(v + 1);
  bool2 eq = WaveActiveAllEqual(uint2(7, i));
  float2 p = WavePrefixSum(float2(1, 2));
  bool ok = all(s == uint2(n * (n - 1) / 2, n * (n - 1)))
         && all(r == uint2(n - 1, 2 * (n - 1)))
         && all(f == uint2(1, 1))
         && eq.x && !eq.y
         && all(p == float2(i, 2 * i));
  OutU[tid.x] = ok ? 1 : 0;
}

//: case pack_unpack_8bit_and_dot4add
//: flags -T cs_6_6 -E packs -DPACKS
//: in U = u32 0x01020304 0x05060708 0xff020304 0x05fe0708
//: expect OutU = u32 0xff030201 0x05807fff 0xff11ff00 0x07f97f80  -1 127 -128 5  1 2 3 255  80 45
//: xfail glslang: has no SM 6.6 pack_*/unpack_* nor SM 6.4 dot4add_* intrinsics (a compile error)
#ifdef PACKS
[numthreads(1, 1, 1)]
void packs() {
  OutU[0] = pack_u8(uint4(0x101, 2, 3, 0xff));
  OutU[1] = pack_s8(int4(-1, 127, -128, 5));
  OutU[2] = pack_clamp_u8(int4(-5, 300, 17, 255));
  OutU[3] = pack_clamp_s8(int4(-200, 200, -7, 7));
  int4 s = unpack_s8s32((int8_t4_packed)OutU[1]);
  uint4 u = unpack_u8u32((uint8_t4_packed)OutU[0]);
  OutU[4] = s.x; OutU[5] = s.y; OutU[6] = s.z; OutU[7] = s.w;
  OutU[8] = u.x; OutU[9] = u.y; OutU[10] = u.z; OutU[11] = u.w;
  OutU[12] = dot4add_u8packed(U[0], U[1], 10u);
  OutU[13] = dot4add_i8packed(U[2], U[3], 1);
}
#endif

//: case countbits_reversebits_16_and_64_bit
//: flags -T cs_6_2 -E widebits -enable-16bit-types -DWIDEBITS
//: in U = u32 0x00000001 0x80000000 0xffffffff 0x0000ffff
//: expect OutU = u32 2 64 16  0x00000001 0x80000000  0x80000000 0x00000001  0x8000 0x0001 0xffff8000
//: xfail glslang: cannot cast a uint to uint64_t ("unsupported construction", a compile error)
// OpBitCount and OpBitReverse take 32-bit integers: 64-bit values go
// through their two halves, 16-bit ones are widened.
#ifdef WIDEBITS
[numthreads(1, 1, 1)]
void widebits() {
  uint64_t a = ((uint64_t)U[1] << 32) | U[0];
  OutU[0] = countbits(a);
  OutU[1] = countbits(((uint64_t)U[2] << 32) | U[2]);
  OutU[2] = countbits((uint16_t)U[3]);
  uint64_t r = reversebits(a);
  OutU[3] = (uint)r; OutU[4] = (uint)(r >> 32);
  int64_t sr = reversebits((int64_t)a);
  OutU[5] = (uint)(sr >> 32); OutU[6] = (uint)sr;
  OutU[7] = reversebits((uint16_t)U[0]);
  OutU[8] = reversebits((uint16_t)0x8000);
  int v9 = reversebits((int16_t)1);
  OutU[9] = (uint)v9;
}
#endif

//: case quad_reads
//: flags -T cs_6_0 -E quads -fspv-target-env=vulkan1.1
//: expect OutU = u32 1*64
// A quad is four consecutive lanes; the reads swap within it.
[numthreads(64, 1, 1)]
void quads(uint3 tid : SV_GroupThreadID) {
  uint i = WaveGetLaneIndex();
  bool ok = QuadReadAcrossX(i) == (i ^ 1) && QuadReadAcrossY(i) == (i ^ 2)
         && QuadReadAcrossDiagonal(i) == (i ^ 3) && QuadReadLaneAt(i, 2) == ((i & ~3u) | 2)
         && all(QuadReadAcrossX(uint2(i, 2 * i)) == uint2(i ^ 1, 2 * (i ^ 1)));
  OutU[tid.x] = ok ? 1 : 0;
}

//: case quad_any_all
//: flags -T cs_6_7 -E quadvotes -fspv-target-env=vulkan1.1 -DQUADVOTES
//: expect OutU = u32 1*64
//: xfail glslang: has no SM 6.7 QuadAny/QuadAll (a compile error)
#ifdef QUADVOTES
[numthreads(64, 1, 1)]
void quadvotes(uint3 tid : SV_GroupThreadID) {
  uint i = WaveGetLaneIndex();
  bool ok = QuadAny(i % 4 == 3) && !QuadAny(i % 4 == 5) && QuadAll(i < 1000) && !QuadAll(i % 4 != 1)
         && QuadAny((i & ~3u) == 8) == ((i & ~3u) == 8);
  OutU[tid.x] = ok ? 1 : 0;
}
#endif

//: case clock_and_group_waves
//: flags -T cs_6_10 -E clockwaves -fspv-target-env=vulkan1.1 -DCLOCKWAVES
//: expect OutU = u32 1*64
//: xfail glslang: has no vk::ReadClock nor SM 6.10 GetGroupWaveIndex/GetGroupWaveCount (a compile error)
// The clock never runs backwards; the wave index is below the wave count,
// the same across a wave, and the waves cover the group.
#ifdef CLOCKWAVES
[numthreads(64, 1, 1)]
void clockwaves(uint3 tid : SV_GroupThreadID) {
  uint64_t t0 = vk::ReadClock(vk::SubgroupScope);
  uint64_t t1 = vk::ReadClock(vk::SubgroupScope);
  uint w = GetGroupWaveIndex(), n = GetGroupWaveCount();
  bool ok = t1 >= t0 && w < n && n * WaveGetLaneCount() >= 64 && WaveActiveAllEqual(w);
  OutU[tid.x] = ok ? 1 : 0;
}
#endif
