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
