// Swizzles: reads with repeats, writes to a permutation of components,
// compound assignment through a swizzle, swizzled writes to buffer
// elements that keep the other components, and scalar and matrix swizzles.

RWStructuredBuffer<float4> V : register(u0);
RWStructuredBuffer<float> Out : register(u1);
StructuredBuffer<float4> In : register(t2);
//: in In = f32 1 2 3 4

//: case write_permuted_components
//: flags -T cs_6_0 -E perm
//: expect Out = f32 20 0 10 0 4 3 2 1
[numthreads(1, 1, 1)]
void perm() {
  float4 v = 0;
  v.zx = float2(10, 20);
  float4 w;
  w.wzyx = In[0];
  Out[0] = v.x; Out[1] = v.y; Out[2] = v.z; Out[3] = v.w;
  Out[4] = w.x; Out[5] = w.y; Out[6] = w.z; Out[7] = w.w;
}

//: case read_with_repeats
//: flags -T cs_6_0 -E reps
//: expect Out = f32 1 1 2 2 4 4 4 3
[numthreads(1, 1, 1)]
void reps() {
  float4 a = In[0].xxyy, b = In[0].wwwz;
  Out[0] = a.x; Out[1] = a.y; Out[2] = a.z; Out[3] = a.w;
  Out[4] = b.x; Out[5] = b.y; Out[6] = b.z; Out[7] = b.w;
}

//: case compound_through_swizzle
//: flags -T cs_6_0 -E comp
//: expect Out = f32 1 12 3 14
[numthreads(1, 1, 1)]
void comp() {
  float4 v = In[0];
  v.wy += 10;
  Out[0] = v.x; Out[1] = v.y; Out[2] = v.z; Out[3] = v.w;
}

//: case buffer_element_partial_write
//: flags -T cs_6_0 -E partial
//: in V = f32 1 2 3 4 5 6 7 8
//: expect V = f32 1 -1 3 -2 9 6 7 8
[numthreads(1, 1, 1)]
void partial() {
  V[0].yw = float2(-1, -2);
  V[1].x = 9;
}

//: case scalar_swizzle_and_splat
//: flags -T cs_6_0 -E scalar
//: expect Out = f32 3 3 3 7 7
[numthreads(1, 1, 1)]
void scalar() {
  float s = In[0].z;
  float3 t = s.xxx;
  float2 u = 7;               // scalar to vector splat
  Out[0] = t.x; Out[1] = t.y; Out[2] = t.z; Out[3] = u.x; Out[4] = u.y;
}

//: case matrix_swizzle_write
//: flags -T cs_6_0 -E mswz
//: expect Out = f32 5 0 0 6  6 5
//: xfail glslang: glslangValidator crashes (segmentation fault) on the matrix swizzle write
[numthreads(1, 1, 1)]
void mswz() {
  float2x2 m = 0;
  m._m00_m11 = float2(5, 6);
  float2 d = m._22_11;
  Out[0] = m[0][0]; Out[1] = m[0][1]; Out[2] = m[1][0]; Out[3] = m[1][1];
  Out[4] = d.x; Out[5] = d.y;
}
