// Default matrix majorness: column_major unless -Zpr or a
// `#pragma pack_matrix(row_major)` before the declaration says otherwise.
// The same bytes, [1 2 0 0  3 4 0 0], read as a float2x2, are
// [[1,3],[2,4]] column-major and [[1,2],[3,4]] row-major.

cbuffer A : register(b1) {
  float2x2 Default;
};
#pragma pack_matrix(row_major)
cbuffer B : register(b2) {
  float2x2 AfterPragma;
  column_major float2x2 Explicit;
};
#pragma pack_matrix(column_major)
cbuffer C : register(b3) {
  float2x2 Restored;
};
RWStructuredBuffer<float> Out : register(u0);

[numthreads(1, 1, 1)]
void main() {
  Out[0] = Default[0][1];
  Out[1] = AfterPragma[0][1];
  Out[2] = Explicit[0][1];
  Out[3] = Restored[0][1];
}

//: in A = f32 1 2 0 0 3 4 0 0
//: in B = f32 1 2 0 0 3 4 0 0 1 2 0 0 3 4 0 0
//: in C = f32 1 2 0 0 3 4 0 0

//: case pragma_pack_matrix
//: expect Out = f32 3 2 3 3

//: case flag_zpr_row_major_default
//: flags -T cs_6_0 -E main -Zpr
//: expect Out = f32 2 2 3 3
//: xfail glslang: has no -Zpr, so unannotated matrices stay column-major
