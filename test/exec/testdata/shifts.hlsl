// Shift amounts are masked to the bit width minus one (DXC ANDs the amount
// with 31 for 32-bit types, 63 for 64-bit ones); >> is arithmetic on signed
// and logical on unsigned values.

StructuredBuffer<int> V : register(t1);
StructuredBuffer<uint> S : register(t2);
RWStructuredBuffer<int> Out : register(u0);

//: case shl_amount_masked
//: flags -T cs_6_0 -E shl
//: in V = i32 1 1 1 3 -1
//: in S = u32 0 31 32 33 63
//: expect Out = u32 1 0x80000000 1 6 0x80000000
[numthreads(5, 1, 1)]
void shl(uint3 id : SV_DispatchThreadID) { Out[id.x] = V[id.x] << S[id.x]; }

//: case shr_signed_is_arithmetic
//: flags -T cs_6_0 -E sar
//: in V = i32 -8 -1 -2147483648 -2147483648 256 -256
//: in S = u32 1 40 31 32 36 36
//: expect Out = i32 -4 -1 -1 -2147483648 16 -16
[numthreads(6, 1, 1)]
void sar(uint3 id : SV_DispatchThreadID) { Out[id.x] = V[id.x] >> S[id.x]; }

//: case shr_unsigned_is_logical
//: flags -T cs_6_0 -E shr
//: in V = i32 -8 -1 -2147483648 -2147483648 256
//: in S = u32 1 40 31 32 36
//: expect Out = u32 0x7ffffffc 0x00ffffff 1 0x80000000 16
[numthreads(5, 1, 1)]
void shr(uint3 id : SV_DispatchThreadID) { Out[id.x] = (uint)V[id.x] >> S[id.x]; }

//: case shift_by_negative_amount
//: flags -T cs_6_0 -E shneg
//: in V = i32 1 -1024
//: expect Out = i32 -2147483648 -1
[numthreads(1, 1, 1)]
void shneg(uint3 id : SV_DispatchThreadID) {
  int n = V[0] - 2;            // -1: masked to 31
  Out[0] = V[0] << n;
  Out[1] = V[1] >> n;
}

//: case vector_shifts
//: flags -T cs_6_0 -E vshift
//: in V = i32 1 2 3 4
//: in S = u32 1 33 65 0
//: expect Out = i32 2 4 6 4 0 1 1 4
[numthreads(1, 1, 1)]
void vshift(uint3 id : SV_DispatchThreadID) {
  int4 v = int4(V[0], V[1], V[2], V[3]);
  uint4 s = uint4(S[0], S[1], S[2], S[3]);
  int4 l = v << s, r = v >> s;
  Out[0] = l.x; Out[1] = l.y; Out[2] = l.z; Out[3] = l.w;
  Out[4] = r.x; Out[5] = r.y; Out[6] = r.z; Out[7] = r.w;
}

//: case bitwise_ops
//: flags -T cs_6_0 -E bits
//: in V = i32 0x0ff0 0x00ff
//: expect Out = i32 0x00f0 0x0fff 0x0f0f -4081 1 0
[numthreads(1, 1, 1)]
void bits(uint3 id : SV_DispatchThreadID) {
  int a = V[0], b = V[1];
  Out[0] = a & b;
  Out[1] = a | b;
  Out[2] = a ^ b;
  Out[3] = ~a;
  Out[4] = !b ? 0 : 1;
  Out[5] = !a;
}
