// Templated ByteAddressBuffer Load<T>/Store<T> (SM 6.2+): scalars, vectors
// and structs at byte addresses, read and written member by member.
//: xfail glslang: has no templated Load<T>/Store<T> on byte address buffers (a compile error)

ByteAddressBuffer In : register(t1);
RWByteAddressBuffer Out : register(u0);

//: case templated_load_store
//: flags -T cs_6_2 -E templated
//: in In = f32 1.5 -2.0 3.25 0.5 i32 -7 u32 9
//: expect Out = f32 -2.0 3.25 0.5 1.5 i32 -7 u32 10
[numthreads(1, 1, 1)]
void templated() {
  float3 v = In.Load<float3>(4);
  float f = In.Load<float>(0);
  int i = In.Load<int>(16);
  uint u = In.Load<uint>(20);
  Out.Store<float3>(0, v);
  Out.Store<float>(12, f);
  Out.Store<int>(16, i);
  Out.Store<uint>(20, u + 1);
}

struct Pair { float a; uint2 b; };

//: case templated_struct
//: flags -T cs_6_2 -E tstruct
//: in In = f32 2.5 u32 7 8 f32 -1.0 u32 11 12
//: expect Out = u32 8 7 f32 2.5 u32 12 11 f32 -1.0
[numthreads(1, 1, 1)]
void tstruct() {
  Pair p = In.Load<Pair>(0);
  Pair q = In.Load<Pair>(12);
  Pair r; r.a = p.a; r.b = p.b.yx;
  Pair s; s.a = q.a; s.b = q.b.yx;
  Out.Store<uint2>(0, r.b);
  Out.Store<float>(8, r.a);
  Out.Store<uint2>(12, s.b);
  Out.Store<float>(20, s.a);
}
