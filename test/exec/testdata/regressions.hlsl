// Regression tests for miscompiles found by hand and by the random
// programs (issue 14). Each case failed (an internal error or invalid
// SPIR-V) before its fix.
//
// The cases every compiler can compile; regressions_dxc.hlsl has those
// glslang's HLSL front end cannot.

StructuredBuffer<uint> Sel : register(t5);
RWStructuredBuffer<float> OutF : register(u6);

// A run-time index into a swizzle and into a matrix element selection
// (an internal error for the matrix).
//: case swizzle_dynamic_index
//: flags -T cs_6_0 -E swz
//: in Sel = u32 0 1 2 3
//: expect OutF = f32 4 3 2 1  1 4 1 4
//: xfail glslang: its module for a run-time index into a swizzle defines an id twice (spirv-val rejects it)
[numthreads(4, 1, 1)]
void swz(uint3 id : SV_DispatchThreadID) {
  float4 a = float4(1, 2, 3, 4);
  float2x2 m = float2x2(1, 2, 3, 4);
  OutF[id.x] = a.wzyx[Sel[id.x]];
  OutF[4 + id.x] = m._m00_m11[Sel[id.x] & 1];
}

// Shifts whose operands have different vector shapes: a scalar operand
// splats, the longer vector truncates to the result's length.
//: case shift_shapes
//: flags -T cs_6_0 -E shifts
//: in Sel = u32 1 2 3 4
//: expect OutU = u32 2 4 6 8  4 8 0 0  2 8 0 0  2 8 0 0
RWStructuredBuffer<uint4> OutU : register(u8);
[numthreads(1, 1, 1)]
void shifts() {
  uint4 a = uint4(Sel[0], Sel[1], Sel[2], Sel[3]);
  uint2 s = uint2(Sel[0], Sel[1]);
  OutU[0] = a << s.x;
  OutU[1] = uint4(s.y << a.xy, 0, 0);
  OutU[2] = uint4(a << s, 0, 0);
  OutU[3] = uint4(s << a, 0, 0);
}

// atan of half under -enable-16bit-types (reported as a wrong result on
// lavapipe; both compilers and the driver agree with the reference here).
//: case atan_half
//: flags -T cs_6_2 -E atanh -enable-16bit-types
//: in In = f32 0.1 0.3 0.7 1.5 3 10 30 300 60000 -0.05 -5 -1000 inf -inf 0.001 2.5
//: expect OutF = f32 tol=0.002 0.09964448 0.2915016 0.610857 0.9827937 1.249046 1.471128 1.537475 1.567463 1.57078 -0.04994622 -1.373401 -1.569796 1.570796 -1.570796 0.001000404 1.19029
//: expect OutF2 = f32 tol=0.002 0.09964448 0.2915016 0.610857 0.9827937 1.249046 1.471128 1.537475 1.567463 1.57078 -0.04994622 -1.373401 -1.569796 1.570796 -1.570796 0.001000404 1.19029
StructuredBuffer<float> In : register(t10);
RWStructuredBuffer<float> OutF2 : register(u11);
[numthreads(16, 1, 1)]
void atanh(uint3 id : SV_DispatchThreadID) {
  half h = (half)In[id.x];
  OutF[id.x] = (float)atan(h);
  half4 v = half4(h, -h, h, h);
  OutF2[id.x] = (float)atan(v).w;
}

// -(C / x) and -(x / C) for signed x with C = INT_MIN: the optimizer's
// folding into (-C) / x and x / (-C) dropped the negation, since -INT_MIN
// is INT_MIN (found while triaging the random programs; spirv-opt's
// MergeNegateMulDivArithmetic folds the same way).
//: case negated_division_by_int_min
//: flags -T cs_6_0 -E negdiv
//: in SelI = i32 2 -2147483648 3 1
//: expect OutI = i32 1073741824 -1 715827882 0
//: xfail glslang: the spirv-opt legalization it runs (SPIRV-Tools 2023.1) folds the same way (its -Od module keeps the OpSNegate)
StructuredBuffer<int> SelI : register(t12);
RWStructuredBuffer<int> OutI : register(u13);
[numthreads(1, 1, 1)]
void negdiv() {
  const int lo = -2147483647 - 1;
  OutI[0] = -(lo / SelI[0]);
  OutI[1] = -(SelI[1] / lo);
  OutI[2] = -(lo / SelI[2]);
  OutI[3] = -(SelI[3] / lo);
}

// (-x) / C and C / (-x) on half: the optimizer's folding into x / (-C)
// negated the 16-bit constant through float32 and got +C back, losing the
// sign (found by the random programs, seed 2200062; spirv-opt 2023.1 does
// the same).
//: case half_negated_division
//: flags -T cs_6_2 -E halfneg -enable-16bit-types
//: in In = f32 2 -3
//: expect OutF = f32 -1 -2 0.75 -1.5 0.5
[numthreads(1, 1, 1)]
void halfneg() {
  half h = (half)In[0];
  OutF[0] = (float)((-(h + h)) / (half)4.0);
  OutF[1] = (float)((half)4.0 / (-h));
  half2 v = half2((half)In[1], h);
  half2 q = (-v) / half2(4.0, 2.0);
  OutF[2] = (float)q.x;
  OutF[3] = (float)(half2(3.0, 3.0) / (-v)).y;
  half r = h;
  r -= (-(r + r)) / (half)-4.0;
  OutF[4] = (float)(r - (half)0.5);
}

// An inner loop that always breaks on its first iteration: merge-blocks
// merged its header into its merge block and that into the outer loop's
// continue target, which the inner loop's unreachable continue block still
// branched to, from outside the outer loop construct (invalid SPIR-V;
// found by the random programs, seed 2305151; spirv-opt 2023.1's
// merge-blocks does the same). The optimizer is not idempotent on this
// module (a second -O3 run changes it, before the fix too), so it is not
// a golden test, whose modules the optimizer's corpus test reruns.
//: case loop_always_breaking_in_loop
//: flags -T cs_6_0 -E breakloop
//: in InU2 = u32 5 6 7 8 9 10 11 12
//: expect OutU2 = u32 11 11 11 11 11 11 11 11
Buffer<uint> InU2 : register(t14);
RWStructuredBuffer<uint> OutU2 : register(u15);
[numthreads(8, 1, 1)]
void breakloop(uint tid : SV_GroupIndex) {
  int4 v = int4(-5, 10, 1250841789, -8);
  for (int i = 0; i < 2; i++) {
    for (int j = 0; j < 4; j++) {
      v.zw = int2(-19, 11);
      if ((tid == InU2[tid & 7u]) | true) {
        break;
      }
    }
  }
  OutU2[tid] = (uint)v.w;
}
