// half with -enable-16bit-types: arithmetic rounds to half precision,
// conversions from float round to nearest even, and 16-bit values pack at
// 2-byte offsets in buffers.

StructuredBuffer<half> H : register(t1);
RWStructuredBuffer<half> OutH : register(u0);
RWStructuredBuffer<float> OutF : register(u4);

//: case half_arithmetic_rounds
//: flags -T cs_6_2 -E harith -enable-16bit-types
//: in H = f16 1.0 0.0004 65504 0.1 3.0
//: expect OutH = f16 1.0 inf 0.1 1.0 0x3555
[numthreads(1, 1, 1)]
void harith() {
  OutH[0] = H[0] + H[1];          // below half an ulp of 1.0: rounds back to 1.0
  OutH[1] = H[2] * (half)2.0;       // past the largest half: inf
  OutH[2] = H[3];
  OutH[3] = H[3] * (half)10.0;      // 0.0999755859375 * 10 rounds to 1.0
  OutH[4] = H[0] / H[4];          // 1/3 in half: 0x3555
}

//: case float_to_half_conversion
//: flags -T cs_6_2 -E f2h -enable-16bit-types
//: expect OutH = f16 0x2e66 0x3c00 0x7bff 0x0001 0x8000 0x7c00
[numthreads(1, 1, 1)]
void f2h() {
  float v[6] = { 0.1, 1.0, 65504.0, 5.9604645e-08, -0.0, 1e6 };
  for (uint i = 0; i < 6; i++) OutH[i] = (half)v[i] + OutH[i] * (half)0.0;
}

struct Packed16 {
  half     a;   // 0
  half     b;   // 2
  float    c;   // 4
  half     d;   // 8
  half2    e;   // 10: vector-relaxed, a half2 aligns to its element (2)
};

StructuredBuffer<Packed16> P : register(t5);

//: case half_struct_layout
//: flags -T cs_6_2 -E layout16 -enable-16bit-types
//: in P = f16 1.5 -2 f32 3.25 f16 -7 0.5 0.25
//: expect OutF = f32 1.5 -2 3.25 -7 0.5 0.25
[numthreads(1, 1, 1)]
void layout16() {
  Packed16 p = P[0];
  OutF[0] = p.a; OutF[1] = p.b; OutF[2] = p.c; OutF[3] = p.d; OutF[4] = p.e.x; OutF[5] = p.e.y;
}

// isnan and isinf on half read the half's bits.
//: case half_nan_and_inf
//: flags -T cs_6_2 -E hnan -enable-16bit-types
//: in H = f16 1.0 inf nan -inf 0.0
//: expect OutF = f32 0 0 1 0 0  0 1 0 1 0
[numthreads(1, 1, 1)]
void hnan() {
  for (uint i = 0; i < 5; i++) {
    OutF[i] = isnan(H[i]) ? 1 : 0;
    OutF[5 + i] = isinf(H[i]) ? 1 : 0;
  }
}
