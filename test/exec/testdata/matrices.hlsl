// Matrix semantics: floatRxC has R rows; m[i] is row i; mul(m, v) treats v
// as a column, mul(v, m) as a row; * is per element. The matrices come from
// a cbuffer laid out column_major (the default: each column in its own
// 16-byte register) and row_major, both holding M = [[1,2,3],[4,5,6]].

cbuffer Mats : register(b1) {
  float2x3 Mc;            // columns (1,4) (2,5) (3,6) at 0, 16, 32
  row_major float2x3 Mr;  // rows (1,2,3) (4,5,6) at 48, 64
  float3x2 N;             // [[1,2],[3,4],[5,6]]: columns (1,3,5) (2,4,6) at 80, 96
};
RWStructuredBuffer<float> Out : register(u0);

//: in Mats = f32 1 4 0 0  2 5 0 0  3 6 0 0  1 2 3 0  4 5 6 0  1 3 5 0  2 4 6 0

//: case elements_and_rows
//: flags -T cs_6_0 -E elems
//: expect Out = f32 1 2 3 4 5 6  1 2 3 4 5 6  4 5 6  3 6 2
[numthreads(1, 1, 1)]
void elems() {
  for (uint i = 0; i < 6; i++) {
    Out[i] = Mc[i / 3][i % 3];
    Out[6 + i] = Mr[i / 3][i % 3];
  }
  float3 row1 = Mc[1];
  Out[12] = row1.x; Out[13] = row1.y; Out[14] = row1.z;
  Out[15] = Mc._m02; Out[16] = Mr._23; Out[17] = Mc._12;
}

//: case mul_matrix_vector
//: flags -T cs_6_0 -E mv
//: expect Out = f32 14 32 14 32
[numthreads(1, 1, 1)]
void mv() {
  float3 v = float3(1, 2, 3);
  float2 a = mul(Mc, v), b = mul(Mr, v);
  Out[0] = a.x; Out[1] = a.y; Out[2] = b.x; Out[3] = b.y;
}

//: case mul_vector_matrix
//: flags -T cs_6_0 -E vm
//: expect Out = f32 9 12 15 9 12 15
[numthreads(1, 1, 1)]
void vm() {
  float2 v = float2(1, 2);
  float3 a = mul(v, Mc), b = mul(v, Mr);
  Out[0] = a.x; Out[1] = a.y; Out[2] = a.z; Out[3] = b.x; Out[4] = b.y; Out[5] = b.z;
}

//: case mul_matrix_matrix
//: flags -T cs_6_0 -E mm
//: expect Out = f32 22 28 49 64  9 12 15 19 26 33 29 40 51
[numthreads(1, 1, 1)]
void mm() {
  float2x2 p = mul(Mc, N);      // (2x3)(3x2)
  Out[0] = p[0][0]; Out[1] = p[0][1]; Out[2] = p[1][0]; Out[3] = p[1][1];
  float3x3 q = mul(N, Mr);      // (3x2)(2x3)
  for (uint i = 0; i < 9; i++) Out[4 + i] = q[i / 3][i % 3];
}

//: case elementwise_product_and_scalar
//: flags -T cs_6_0 -E ew
//: expect Out = f32 5 12 21 32  2 4 6 8 10 12
//: xfail glslang: treats * between two square matrices as a matrix product; in HLSL it is per element
[numthreads(1, 1, 1)]
void ew() {
  float2x2 a = float2x2(1, 2, 3, 4), b = float2x2(5, 6, 7, 8);
  float2x2 p = a * b;                 // per element, not a matrix product
  float2x3 s = Mr * 2;
  for (uint i = 0; i < 4; i++) Out[i] = p[i / 2][i % 2];
  for (uint j = 0; j < 6; j++) Out[4 + j] = s[j / 3][j % 3];
}

//: case constructors_transpose_truncate
//: flags -T cs_6_0 -E ctor
//: expect Out = f32 1 2 3 4  1 3 2 4  1 2 4 5  -2
[numthreads(1, 1, 1)]
void ctor() {
  float2x2 a = float2x2(1, 2, 3, 4);   // fills rows: [[1,2],[3,4]]
  float2x2 t = transpose(a);
  float2x2 c = (float2x2)Mr;           // the upper-left 2x2
  Out[0] = a[0][0]; Out[1] = a[0][1]; Out[2] = a[1][0]; Out[3] = a[1][1];
  Out[4] = t[0][0]; Out[5] = t[0][1]; Out[6] = t[1][0]; Out[7] = t[1][1];
  Out[8] = c[0][0]; Out[9] = c[0][1]; Out[10] = c[1][0]; Out[11] = c[1][1];
  Out[12] = determinant(a);
}

//: case matrix_row_writes
//: flags -T cs_6_0 -E rowwrite
//: expect Out = f32 7 8 9 0 1 0 0 0 5
//: xfail glslang: folds (float3x3)0 to a constant whose elements are 0x1p+128 (+Inf) instead of 0
[numthreads(1, 1, 1)]
void rowwrite() {
  float3x3 m = (float3x3)0;
  m[0] = float3(7, 8, 9);
  m[1][1] = 1;
  m._33 = 5;
  for (uint i = 0; i < 9; i++) Out[i] = m[i / 3][i % 3];
}
