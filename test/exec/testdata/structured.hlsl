// Structured buffer layout (DXC default: vector-relaxed std430) with nested
// structs and arrays, element strides, and GetDimensions.

// Vector-relaxed placement packs w right after the float3, but a struct's
// alignment is still its largest member's std430 alignment (float3: 16,
// float2: 8), and its size is rounded up to it.
struct Inner {
  float2 uv;      // 0
  uint   id;      // 8
};                // alignment 8, size 16
struct Outer {
  float3 pos;     // 0
  float  w;       // 12: fits after the float3
  Inner  in2[2];  // 16, stride 16
  uint   flags;   // 48
};                // alignment 16, size 64

StructuredBuffer<Outer> In : register(t1);
RWStructuredBuffer<Outer> Out : register(u0);
RWStructuredBuffer<uint> Info : register(u2);

//: in In = f32 iota(32)

//: case nested_member_reads
//: flags -T cs_6_0 -E reads
//: expect Info = u32 0 3 4 5 6 10 12 16 19 21 28
[numthreads(1, 1, 1)]
void reads() {
  Outer a = In[0], b = In[1];
  Info[0] = (uint)a.pos.x;
  Info[1] = (uint)a.w;
  Info[2] = (uint)a.in2[0].uv.x;
  Info[3] = (uint)a.in2[0].uv.y;
  Info[4] = (uint)asfloat(a.in2[0].id);
  Info[5] = (uint)asfloat(a.in2[1].id);
  Info[6] = (uint)asfloat(a.flags);
  Info[7] = (uint)b.pos.x;
  Info[8] = (uint)b.w;
  Info[9] = (uint)b.in2[0].uv.y;
  Info[10] = (uint)asfloat(b.flags);
}

//: case member_writes_in_place
//: flags -T cs_6_0 -E writes
//: expect Out = f32 0*6 u32 7 f32 0 1.5 2.5 f32 0*18 u32 99 0 0 0
[numthreads(1, 1, 1)]
void writes() {
  Out[0].in2[0].id = 7;
  Out[0].in2[1].uv = float2(1.5, 2.5);
  Out[1].flags = 99;
}

//: case whole_struct_copy
//: flags -T cs_6_0 -E copy
//: expect Out = f32 16 17 18 19 20 21 22 _ 24 25 26 _ 28 _ _ _ 0 1 2 3 4 5 6 _ 8 9 10 _ 12
[numthreads(2, 1, 1)]
void copy(uint3 id : SV_DispatchThreadID) { Out[id.x] = In[1 - id.x]; }

//: case get_dimensions
//: flags -T cs_6_0 -E dims
//: in In = f32 0*64
//: expect Info = u32 4 64
[numthreads(1, 1, 1)]
void dims() {
  uint n, stride;
  In.GetDimensions(n, stride);
  Info[0] = n;
  Info[1] = stride;
}
