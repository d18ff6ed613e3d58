// HLSL 2021's select() picks per component without short-circuiting.
//: flags -T cs_6_0 -E main -HV 2021
//: in A = f32 1 2 3 4
//: expect Out = f32 1 20 3 40 5 5
//: xfail glslang: has no HLSL 2021 select() intrinsic (a compile error)
StructuredBuffer<float> A : register(t1);
RWStructuredBuffer<float> Out : register(u0);

[numthreads(1, 1, 1)]
void main() {
  float4 v = float4(A[0], A[1], A[2], A[3]);
  float4 r = select(bool4(true, false, true, false), v, v * 10);
  Out[0] = r.x; Out[1] = r.y; Out[2] = r.z; Out[3] = r.w;
  Out[4] = select(v.x > 0, 5.0, 6.0);
  Out[5] = select(v.x < 0, 6, 5);
}
