// int64_t/uint64_t: full-width arithmetic, shift amounts masked to 63,
// conversions to and from double, and splitting into 32-bit halves.
//: xfail glslang: its HLSL front end has no int64_t/uint64_t types (a compile error)

StructuredBuffer<int64_t> I : register(t1);
StructuredBuffer<double> D : register(t2);
RWStructuredBuffer<int64_t> OutI : register(u0);
RWStructuredBuffer<double> OutD : register(u3);
RWStructuredBuffer<uint> OutU : register(u4);

//: case int64_arithmetic
//: flags -T cs_6_0 -E arith64
//: in I = i64 3000000000 -7 9223372036854775807 -9223372036854775808
//: expect OutI = i64 9000000000 -3 -1 -9223372036854775808 -428571428 4
[numthreads(1, 1, 1)]
void arith64() {
  OutI[0] = I[0] * 3;
  OutI[1] = I[1] / 2;
  OutI[2] = I[1] % 2;
  OutI[3] = I[2] + 1;             // wraps
  OutI[4] = I[0] / I[1];
  OutI[5] = (uint64_t)I[3] >> 61; // logical
}

//: case int64_shift_masked_to_63
//: flags -T cs_6_0 -E shift64
//: in I = i64 1 65 64 -1
//: expect OutI = i64 2 1 -1 u64 0x8000000000000000
[numthreads(1, 1, 1)]
void shift64() {
  OutI[0] = I[0] << I[1];
  OutI[1] = I[0] << I[2];
  OutI[2] = I[3] >> I[1];
  OutI[3] = I[0] << (I[2] - 1);
}

//: case conversions_64
//: flags -T cs_6_0 -E conv64
//: in I = i64 -5 9007199254740993
//: in D = f64 -2.75 1e18
//: expect OutI = i64 -2 1000000000000000000 u64 18446744073709551611 i64 -5
//: expect OutD = f64 -5 9007199254740992
[numthreads(1, 1, 1)]
void conv64() {
  OutI[0] = (int64_t)D[0];
  OutI[1] = (int64_t)D[1];
  OutI[2] = (uint64_t)I[0];
  OutI[3] = (int)I[0];
  OutD[0] = (double)I[0];
  OutD[1] = (double)I[1];         // rounds to even
}

//: case uint64_compare_and_split
//: flags -T cs_6_0 -E cmp64
//: in I = i64 -1 4294967296
//: expect OutU = u32 1 0 0xffffffff 0xffffffff 0 1
[numthreads(1, 1, 1)]
void cmp64() {
  uint64_t a = (uint64_t)I[0], b = (uint64_t)I[1];
  OutU[0] = a > b;
  OutU[1] = I[0] > I[1];          // signed: -1 < 2^32
  OutU[2] = (uint)a;
  OutU[3] = (uint)(a >> 32);
  OutU[4] = (uint)b;
  OutU[5] = (uint)(b >> 32);
}

RWStructuredBuffer<uint64_t> Acc : register(u5);

//: case int64_atomics
//: flags -T cs_6_6 -E atomic64
//: in Acc = u64 0xffffffff 0
//: expect Acc = u64 0x410000003f 63
[numthreads(64, 1, 1)]
void atomic64(uint3 id : SV_DispatchThreadID) {
  // 0xffffffff + 64 * 2^32 + 64: the carry crosses into the high word.
  InterlockedAdd(Acc[0], (uint64_t)1 << 32 | (id.x == 0 ? 64 : 0));
  InterlockedMax(Acc[1], (uint64_t)id.x);
}

//: case bitfields_64_bit
//: flags -T cs_6_0 -E bf64 -HV 2021
//: expect OutI = i64 8796093022207 1 -2 0
struct Packed64 {
  uint64_t wide : 43;
  uint64_t flag : 1;
  int64_t small : 3;
};
[numthreads(1, 1, 1)]
void bf64() {
  Packed64 p;
  p.wide = (uint64_t(1) << 43) - 1;
  p.flag = 1;
  p.small = -2;
  OutI[0] = (int64_t)p.wide;
  OutI[1] = (int64_t)p.flag;
  OutI[2] = p.small;
  p.wide = 0;
  OutI[3] = (int64_t)p.wide + p.flag - 1;
}

// Division, remainder, wrapping products, min/max and shifts at the edges
// of the range; a switch on a 64-bit value.
//: case int64_division_and_switch
//: flags -T cs_6_0 -E div64
//: in I = i64 -9223372036854775808 12345678901234567 -98765432109 4611686018427387905 7 -3
//: expect OutI = i64 1763668414462081 1317624576693539401 -14109347444 -1 3924919161099384389 -9223372036854775807 -9223372036854775808 -3 -771604939 144115187304250933 2 3
[numthreads(1, 1, 1)]
void div64() {
  int64_t a = I[0], b = I[1], c = I[2], d = I[3], e = I[4], f = I[5];
  OutI[0] = (int64_t)((uint64_t)b / (uint64_t)e);
  OutI[1] = (int64_t)((uint64_t)a / (uint64_t)e);
  OutI[2] = c / e;
  OutI[3] = c % e;
  OutI[4] = b * c;
  OutI[5] = d * d;
  OutI[6] = min(a, f);
  OutI[7] = max(c, f);
  OutI[8] = c >> 7;
  OutI[9] = (int64_t)((uint64_t)c >> 7);
  int r = 3;
  switch (b) {
    case 12345678901234567: r = 2; break;
    case 7: r = 1; break;
  }
  OutI[10] = r;
  switch (e + 1) {
    case -3: r = 0; break;
    case 9: r = 1; break;
    default: r = 3; break;
  }
  OutI[11] = r;
}
