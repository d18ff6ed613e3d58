// ByteAddressBuffer loads and stores of every width at byte addresses
// (multiples of 4), and templated Load<T>/Store<T>.

ByteAddressBuffer In : register(t1);
RWByteAddressBuffer Out : register(u0);

//: in In = u32 iota(16, 100)

//: case load_widths
//: flags -T cs_6_0 -E loads
//: expect Out = u32 101 102 103 104 105 106 107 108 109 110
[numthreads(1, 1, 1)]
void loads() {
  uint a = In.Load(4);
  uint2 b = In.Load2(8);
  uint3 c = In.Load3(16);
  uint4 d = In.Load4(28);
  Out.Store(0, a);
  Out.Store2(4, b);
  Out.Store3(12, c);
  Out.Store4(24, d);
}

//: case unaligned_to_vector_size
//: flags -T cs_6_0 -E unaligned
//: expect Out = u32 103 104 105 106 113 114 115
[numthreads(1, 1, 1)]
void unaligned() {
  // Load4 at an address that is only 4-aligned.
  uint4 v = In.Load4(12);
  Out.Store4(0, v);
  uint3 w = In.Load3(52);
  Out.Store3(16, w);
}

//: case store_widths_leave_neighbours
//: flags -T cs_6_0 -E stores
//: in Out = u32 0xaa*12
//: expect Out = u32 0xaa 1 0xaa 2 3 0xaa 4 5 6 7 0xaa 0xaa
[numthreads(1, 1, 1)]
void stores() {
  Out.Store(4, 1u);
  Out.Store2(12, uint2(2, 3));
  Out.Store4(24, uint4(4, 5, 6, 7));
}

//: case computed_addresses
//: flags -T cs_6_0 -E computed
//: dispatch 2
//: expect Out = u32 115 114 113 112 111 110 109 108
[numthreads(4, 1, 1)]
void computed(uint3 id : SV_DispatchThreadID) {
  uint i = id.x;
  Out.Store(4 * i, In.Load(4 * (15 - i)) - 0);
  Out.Store(4 * (7 - i) + 0, In.Load(4 * (8 + i)));
}

//: case get_dimensions
//: flags -T cs_6_0 -E dims
//: in In = u32 0*64
//: expect Out = u32 256
//: xfail glslang: GetDimensions on a ByteAddressBuffer returns the length in 32-bit words (64); HLSL and DXC return bytes (256)
[numthreads(1, 1, 1)]
void dims() {
  uint n;
  In.GetDimensions(n);
  Out.Store(0, n);
}
