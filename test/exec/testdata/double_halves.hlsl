// asuint(double, out lo, out hi) splits a double into its 32-bit halves;
// asdouble(lo, hi) joins them.
//: xfail glslang: has no asuint(double, out uint, out uint) overload (a compile error)

StructuredBuffer<double> D : register(t2);
RWStructuredBuffer<double> OutD : register(u3);
RWStructuredBuffer<uint> OutU : register(u4);

//: case asuint_asdouble_halves
//: flags -T cs_6_0 -E halves
//: in D = f64 1.0 -2.5
//: expect OutU = u32 0 0x3ff00000 0 0xc0040000
//: expect OutD = f64 -2.5
[numthreads(1, 1, 1)]
void halves() {
  uint lo, hi;
  asuint(D[0], lo, hi);
  OutU[0] = lo; OutU[1] = hi;
  asuint(D[1], lo, hi);
  OutU[2] = lo; OutU[3] = hi;
  OutD[0] = asdouble(lo, hi);
}

