// int16_t/uint16_t (-enable-16bit-types) wrap at 16 bits, and their shift
// amounts are masked to 15.
//: xfail glslang: its HLSL front end has no int16_t/uint16_t types (a compile error)

StructuredBuffer<int16_t> S : register(t2);
RWStructuredBuffer<int16_t> OutS : register(u3);

//: case int16_wraps
//: flags -T cs_6_2 -E i16 -enable-16bit-types
//: in S = i16 32767 -32768 1 -1
//: expect OutS = i16 -32768 32767 -1 -32768 u16 65535
[numthreads(1, 1, 1)]
void i16() {
  OutS[0] = S[0] + S[2];
  OutS[1] = S[1] - S[2];
  OutS[2] = S[2] * S[3];
  OutS[3] = S[1] * S[3];               // -(-32768) wraps
  OutS[4] = (uint16_t)0 - (uint16_t)1;
}

//: case uint16_shift_masked_to_15
//: flags -T cs_6_2 -E sh16 -enable-16bit-types
//: in S = i16 1 17 16 -32768
//: expect OutS = u16 2 1 16384 i16 -1
[numthreads(1, 1, 1)]
void sh16() {
  uint16_t one = (uint16_t)S[0], n = (uint16_t)S[1];
  OutS[0] = one << n;                  // 17 & 15 = 1
  OutS[1] = one << (uint16_t)S[2];     // 16 & 15 = 0
  OutS[2] = (uint16_t)S[3] >> n;       // logical
  OutS[3] = S[3] >> (int16_t)31;       // arithmetic, 31 & 15 = 15
}


//: case bitfields_16_bit
//: flags -T cs_6_2 -E bf16 -enable-16bit-types -HV 2021
//: expect OutS = u16 5 31 9 21 i16 -3 0
struct Packed16 {
  uint16_t lo : 4;
  uint16_t mid : 5;
  int16_t top : 4;
};
[numthreads(1, 1, 1)]
void bf16() {
  // 16-bit bitfields cannot use Vulkan's 32-bit-only bit-field
  // instructions: shifts and masks, neighbours kept
  Packed16 p;
  p.lo = 5;
  p.mid = 31;
  p.top = -3;
  OutS[0] = p.lo;
  OutS[1] = p.mid;
  p.lo = 25;     // 25 & 0xf = 9
  p.mid += 22;   // (31 + 22) & 0x1f = 21
  OutS[2] = p.lo;
  OutS[3] = p.mid;
  OutS[4] = p.top;
  p.top = 8;     // -8 in 4 signed bits... written as 8 & 0xf = 8, read back as -8
  OutS[5] = p.top + 8;
}

// Neighbouring 16-bit elements share a 32-bit word: every invocation
// stores its own, at the same time as its neighbours.
//: case neighbours_store_halves_of_a_word
//: flags -T cs_6_2 -E halves -enable-16bit-types
//: expect OutS = i16 -100 -97 -94 -91 -88 -85 -82 -79 -76 -73 -70 -67 -64 -61 -58 -55 -52 -49 -46 -43 -40 -37 -34 -31 -28 -25 -22 -19 -16 -13 -10 -7 -4 -1 2 5 8 11 14 17 20 23 26 29 32 35 38 41 44 47 50 53 56 59 62 65 68 71 74 77 80 83 86 89
[numthreads(64, 1, 1)]
void halves(uint3 id : SV_DispatchThreadID) {
  OutS[id.x] = (int16_t)(id.x * 3) - (int16_t)100;
}
