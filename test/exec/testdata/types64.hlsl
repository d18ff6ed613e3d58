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
