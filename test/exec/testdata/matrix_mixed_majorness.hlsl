// Per-element operations between a column_major and a row_major matrix work
// on the logical matrices: majorness is only a memory layout.
//: in Mats = f32 1 4 0 0  2 5 0 0  3 6 0 0  1 2 3 0  4 5 6 0
//: expect Out = f32 1 4 9 16 25 36  2 4 6 8 10 12
//: xfail glslang: rejects * between two non-square matrices ("Could not perform requested binary operation")
cbuffer Mats : register(b1) {
  float2x3 Mc;
  row_major float2x3 Mr;
};
RWStructuredBuffer<float> Out : register(u0);

[numthreads(1, 1, 1)]
void main() {
  float2x3 p = Mc * Mr;
  float2x3 s = Mc + Mr;
  for (uint i = 0; i < 6; i++) { Out[i] = p[i / 3][i % 3]; Out[6 + i] = s[i / 3][i % 3]; }
}
