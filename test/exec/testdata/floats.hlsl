// Float semantics: IEEE special values, NaN comparisons (DXC emits the
// ordered OpFOrd* comparisons for every operator, != included, so any
// comparison with NaN is false), signed zero, float % (OpFRem).

StructuredBuffer<float> A : register(t1);
StructuredBuffer<float> B : register(t2);
RWStructuredBuffer<float> Out : register(u0);
RWStructuredBuffer<uint> Flags : register(u3);

//: case nan_comparisons_are_false
//: flags -T cs_6_0 -E cmp_nan
//: in A = f32 nan 1.0
//: expect Flags = u32 0 0 0 0 0 0 0
//: xfail glslang: emits OpFUnordNotEqual for !=, so NaN != NaN is true; DXC's OpFOrdNotEqual makes it false
[numthreads(1, 1, 1)]
void cmp_nan(uint3 id : SV_DispatchThreadID) {
  float n = A[0], one = A[1];
  Flags[0] = n < one;
  Flags[1] = n > one;
  Flags[2] = n <= one;
  Flags[3] = n >= one;
  Flags[4] = n == n;
  Flags[5] = n != n;
  Flags[6] = n != one;
}

//: case ordered_comparisons
//: flags -T cs_6_0 -E cmp
//: in A = f32 1.0 -0.0 inf
//: expect Flags = u32 1 0 1 1 1 0
[numthreads(1, 1, 1)]
void cmp(uint3 id : SV_DispatchThreadID) {
  Flags[0] = A[0] < A[2];
  Flags[1] = A[0] > A[2];
  Flags[2] = A[1] == 0.0;     // -0 == +0
  Flags[3] = A[0] != A[1];
  Flags[4] = A[2] >= A[2];
  Flags[5] = -A[2] > A[1];
}

//: case nan_tests
//: flags -T cs_6_0 -E nantest
//: in A = f32 nan inf -inf 1.0 0.0
//: expect Flags = u32 1 0 0 0 0  0 1 1 0 0  0 0 0 1 1
[numthreads(5, 1, 1)]
void nantest(uint3 id : SV_DispatchThreadID) {
  float x = A[id.x];
  Flags[id.x] = isnan(x);
  Flags[5 + id.x] = isinf(x);
  Flags[10 + id.x] = isfinite(x);
}

//: case special_value_arithmetic
//: flags -T cs_6_0 -E special
//: in A = f32 1.0 0.0 -1.0 inf -inf
//: expect Out = f32 inf -inf nan nan 0 -0.0 inf nan
[numthreads(1, 1, 1)]
void special(uint3 id : SV_DispatchThreadID) {
  float one = A[0], zero = A[1], mone = A[2], inf = A[3];
  Out[0] = one / zero;
  Out[1] = mone / zero;
  Out[2] = zero / (zero + zero);  // (x / x is 1 to spirv-opt's folding, which DXC runs)
  Out[3] = inf + A[4];  // (x - x is folded to 0 by the driver: avoid it)
  Out[4] = one / inf;
  Out[5] = zero * mone;
  Out[6] = inf * inf;
  Out[7] = inf * zero;
}

//: case signed_zero_bits
//: flags -T cs_6_0 -E negzero
//: in A = f32 0.0 -0.0
//: expect Out = f32 0x80000000 0x00000000 0x80000000 0x00000000
[numthreads(1, 1, 1)]
void negzero(uint3 id : SV_DispatchThreadID) {
  Out[0] = -A[0];
  Out[1] = -A[1];
  Out[2] = A[1] * 1.0;
  Out[3] = A[1] + A[0];
}

//: case float_remainder_is_frem
//: flags -T cs_6_0 -E frem
//: in A = f32 5.5 -5.5 5.5 -5.5 7.0 -0.5
//: in B = f32 2.0 2.0 -2.0 -2.0 2.5 1.0
//: expect Out = f32 1.5 -1.5 1.5 -1.5 2.0 -0.5
//: xfail glslang: emits OpFMod (sign of the divisor) for float %; DXC emits OpFRem (sign of the dividend)
[numthreads(6, 1, 1)]
void frem(uint3 id : SV_DispatchThreadID) { Out[id.x] = A[id.x] % B[id.x]; }

//: case fmod_takes_dividend_sign
//: flags -T cs_6_0 -E fmod_neg
//: in A = f32 5.5 -5.5 5.5 -5.5 7.0 -0.5
//: in B = f32 2.0 2.0 -2.0 -2.0 2.5 1.0
//: expect Out = f32 1.5 -1.5 1.5 -1.5 2.0 -0.5
//: xfail glslang: implements fmod with OpFMod (sign of the divisor); DXC uses OpFRem (sign of the dividend)
[numthreads(6, 1, 1)]
void fmod_neg(uint3 id : SV_DispatchThreadID) { Out[id.x] = fmod(A[id.x], B[id.x]); }

//: case max_min_ignore_one_nan
//: flags -T cs_6_0 -E nminmax
//: in A = f32 nan 2.0 nan -1.0
//: in B = f32 1.0 nan 3.0 nan
//: expect Out = f32 1.0 2.0 3.0 -1.0 1.0 2.0 3.0 -1.0
[numthreads(4, 1, 1)]
void nminmax(uint3 id : SV_DispatchThreadID) {
  // DXC: NMax/NMin, which return the non-NaN operand.
  Out[id.x] = max(A[id.x], B[id.x]);
  Out[4 + id.x] = min(A[id.x], B[id.x]);
}

//: case float_precision_rounding
//: flags -T cs_6_0 -E prec
//: in A = f32 16777216.0 0.1 0.2 1e38
//: expect Out = f32 16777216.0 0.3 inf 3.4028235e38
[numthreads(1, 1, 1)]
void prec(uint3 id : SV_DispatchThreadID) {
  precise float big = A[0];
  precise float x = big + 1.0;   // rounds back to 2^24
  Out[0] = x;
  precise float s = A[1] + A[2];
  Out[1] = s;                      // 0.1f + 0.2f rounds to 0.3f
  Out[2] = A[3] * 10.0;
  Out[3] = asfloat(0x7f7fffff);
}
