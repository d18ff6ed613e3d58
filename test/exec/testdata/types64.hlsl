// double: IEEE binary64 arithmetic and rounding.

StructuredBuffer<double> D : register(t2);
RWStructuredBuffer<double> OutD : register(u3);

//: case double_precision
//: flags -T cs_6_0 -E dbl
//: in D = f64 0.1 0.2 9007199254740992 3
//: expect OutD = f64 0.30000000000000004 9007199254740992 0.3333333333333333 2.5
[numthreads(1, 1, 1)]
void dbl() {
  OutD[0] = D[0] + D[1];
  OutD[1] = D[2] + 1.0;           // 2^53 + 1 rounds to 2^53
  OutD[2] = 1.0 / D[3];
  OutD[3] = (double)(float)2.5;
}

RWStructuredBuffer<float> OutF : register(u4);
RWStructuredBuffer<uint> OutU : register(u5);

// Overflow to infinity, subnormal results rounded to even (down to zero),
// the last bit of products and quotients, signed zeros; conversions to
// float rounding ties to even; comparisons with -0.
//: case double_edges
//: flags -T cs_6_0 -E edges
//: in D = f64 1e308 3.0 5e-324 -0.0 2.2250738585072014e-308 0.1 1.0000000000000002 7.0 1.0000000596046448 1e-46 0.7
//: expect OutD = f64 inf 3.333333333333333e+307 0.0 5.562684646268003e-309 1.1125369292536007e-308 0.30000000000000004 1.0000000000000004 70.0 7.999999999999999 -0.0 0.0
//: expect OutF = f32 1.0 0.0 0.1
//: expect OutU = u32 1 0 1 0 1
[numthreads(1, 1, 1)]
void edges() {
  OutD[0] = D[0] * 10.0;
  OutD[1] = D[0] / D[1];
  OutD[2] = D[2] / 2.0;
  OutD[3] = D[4] / 4.0;
  OutD[4] = D[4] * 0.5;
  OutD[5] = D[5] * D[1];
  OutD[6] = D[6] * D[6];
  OutD[7] = D[7] / D[5];
  OutD[8] = (D[5] + D[10]) * 10.0;
  OutD[9] = -D[2] * D[2];
  OutD[10] = D[3] - D[3];
  OutF[0] = (float)D[8];
  OutF[1] = (float)D[9];
  OutF[2] = (float)D[5];
  OutU[0] = D[3] == 0.0;
  OutU[1] = D[2] < D[3];
  OutU[2] = D[3] <= D[2];
  OutU[3] = D[1] != 3.0;
  OutU[4] = -D[0] < D[3];
}
