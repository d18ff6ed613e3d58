// HLSL 2021 language features: function templates and bitfields in
// structs (packed into one 32-bit word, low bits first, as DXC lays them
// out).
//: xfail glslang: its HLSL front end has neither templates nor bitfields (a compile error)

template <typename T>
T twice(T v) { return v + v; }

struct Packed {
  uint lo : 4;
  uint mid : 12;
  uint hi : 16;
};

StructuredBuffer<Packed> In : register(t1);
RWStructuredBuffer<uint> Out : register(u0);
RWStructuredBuffer<Packed> Rw : register(u2);
RWByteAddressBuffer Raw : register(u3);

//: case function_templates
//: flags -T cs_6_0 -E templ -HV 2021
//: expect Out = u32 6 f32 2.5 u32 0xfffffffe
[numthreads(1, 1, 1)]
void templ() {
  Out[0] = twice(3u);
  Out[1] = asuint(twice(1.25f));
  Out[2] = (uint)twice(-1);
}

//: case bitfield_reads
//: flags -T cs_6_0 -E bfread -HV 2021
//: in In = u32 0xabcd1235
//: expect Out = u32 5 0x123 0xabcd
[numthreads(1, 1, 1)]
void bfread() {
  Packed p = In[0];
  Out[0] = p.lo;
  Out[1] = p.mid;
  Out[2] = p.hi;
}

//: case bitfield_writes_keep_neighbours
//: flags -T cs_6_0 -E bfwrite -HV 2021
//: in Rw = u32 0xffffffff
//: expect Rw = u32 0xfff0000f
[numthreads(1, 1, 1)]
void bfwrite() {
  Rw[0].mid = 0;
  Rw[0].hi = Rw[0].hi - 15;   // 0xffff - 15 = 0xfff0
}

//: case bitfield_struct_conversions
//: flags -T cs_6_0 -E bfconv -HV 2021
//: in In = u32 0xabcd1235
//: expect Out = u32 5 7 0x22 0xbeef 0xbeef0227
[numthreads(1, 1, 1)]
void bfconv() {
  // a cast takes the first field's bits, not the whole container (DXC
  // hands out the container); a brace list fills field by field, packed
  Packed p = In[0];
  Out[0] = (uint)p;
  Packed q = { 7, 0x22, 0xbeef };
  Out[1] = q.lo;
  Out[2] = q.mid;
  Out[3] = q.hi;
  Rw[0] = q;
  Out[4] = asuint(Rw.Load(0).lo | (Rw.Load(0).mid << 4) | (Rw.Load(0).hi << 16));
}

//: case bitfield_struct_byte_address
//: flags -T cs_6_0 -E bfbab -HV 2021
//: in Raw = u32 0 0
//: expect Raw = u32 0 0x00450016
[numthreads(1, 1, 1)]
void bfbab() {
  // a byte-address buffer stores a bitfield struct as its packed word
  Packed p = { 6, 1, 0x45 };
  Raw.Store<Packed>(4, p);
  Packed r = Raw.Load<Packed>(4);
  Raw.Store(4, r.lo | (r.mid << 4) | (r.hi << 16));
}
