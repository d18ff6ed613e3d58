// Templated ByteAddressBuffer Load<T>/Store<T> of 16- and 64-bit types
// (their own file: without -enable-16bit-types, uint16_t does not exist).
//: xfail glslang: has no templated Load<T>/Store<T> on byte address buffers (a compile error)

ByteAddressBuffer In : register(t1);
RWByteAddressBuffer Out : register(u0);

//: case templated_16_and_64_bit_widths
//: flags -T cs_6_2 -E widths -enable-16bit-types
//: in In = u16 0x3c00 0x4000 u32 7 f64 2.5 u64 0x123456789
//: expect Out = f32 2 1 2 u16 7 0 f64 5 u64 0x12345678a
[numthreads(1, 1, 1)]
void widths() {
  Out.Store<float>(0, (float)In.Load<half>(2));
  Out.Store<float2>(4, (float2)In.Load<half2>(0));
  Out.Store<uint16_t>(12, In.Load<uint16_t>(4));   // a 2-byte store leaves bytes 14-15 alone
  Out.Store<double>(16, In.Load<double>(8) * 2);
  Out.Store<uint64_t>(24, In.Load<uint64_t>(16) + 1);
}
