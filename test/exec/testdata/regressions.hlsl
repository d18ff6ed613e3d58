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
