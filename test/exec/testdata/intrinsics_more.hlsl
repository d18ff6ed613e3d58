// More intrinsics with DXC's expansions: integer dot products, reflect,
// radians/degrees, exp/log, sincos, asin/acos/atan, abs of -0.0.

StructuredBuffer<float> A : register(t1);
RWStructuredBuffer<float> Out : register(u0);
RWStructuredBuffer<int> OutI : register(u2);
//: in A = f32 0.5 0.25 1.0 0.0

//: case dot_on_integer_vectors
//: flags -T cs_6_0 -E idot
//: expect OutI = i32 12 -3
[numthreads(1, 1, 1)]
void idot() {
  int3 a = int3(1, 2, 3), b = int3(4, -5, 6);
  a.x += (int)A[3];
  OutI[0] = dot(a, b);
  OutI[1] = dot(int2(a.x, -a.y), int2(1, 2));
}

//: case reflect_and_angle_units
//: flags -T cs_6_0 -E refl
//: expect Out = f32 tol=1e-5 1 1 0 3.1415927 90
[numthreads(1, 1, 1)]
void refl() {
  float3 r = reflect(float3(1, -1, 0) * A[2], float3(0, 1, 0));
  Out[0] = r.x; Out[1] = r.y; Out[2] = r.z;
  Out[3] = radians(180 * A[2]);
  Out[4] = degrees(1.5707964 * A[2]);
}

//: case exp_log_natural
//: flags -T cs_6_0 -E natural
//: expect Out = f32 tol=1e-5 2.7182817 1 0 1.6487213 2
[numthreads(1, 1, 1)]
void natural() {
  Out[0] = exp(A[2]);
  Out[1] = log(exp(A[2]));
  Out[2] = log(A[2]);
  Out[3] = exp(A[0]);
  Out[4] = log10(100 * A[2]);
}

//: case sincos_out_params
//: flags -T cs_6_0 -E sc
//: expect Out = f32 tol=1e-5 0.47942555 0.87758255 tol=1e-3 0.5235988 1.0471976 0.4636476
[numthreads(1, 1, 1)]
void sc() {
  float s, c;
  sincos(A[0], s, c);
  Out[0] = s; Out[1] = c;
  Out[2] = asin(A[0]);
  Out[3] = acos(A[0]);
  Out[4] = atan(A[0]);
}

//: case abs_of_negative_zero_and_vectors
//: flags -T cs_6_0 -E absv
//: expect Out = f32 0x00000000 0.5 0.25 inf
[numthreads(1, 1, 1)]
void absv() {
  float nz = -A[3];
  Out[0] = abs(nz);
  float3 v = abs(float3(-A[0], A[1], -1.0 / A[3]));
  Out[1] = v.x; Out[2] = v.y; Out[3] = v.z;
}

//: case d3dcolor_to_ubyte4
//: flags -T cs_6_0 -E d3dc
//: expect OutI = i32 255 63 127 0
[numthreads(1, 1, 1)]
void d3dc() {
  // (int4)(x.zyxw * 255.002)
  int4 c = D3DCOLORtoUBYTE4(float4(A[0], A[1], A[2], A[3]));
  OutI[0] = c.x; OutI[1] = c.y; OutI[2] = c.z; OutI[3] = c.w;
}

//: case scalar_mul_forms
//: flags -T cs_6_0 -E smul
//: expect Out = f32 2 4 6 2.5 0.5
[numthreads(1, 1, 1)]
void smul() {
  float3 v = mul(2 * A[2], float3(1, 2, 3));
  Out[0] = v.x; Out[1] = v.y; Out[2] = v.z;
  Out[3] = mul(A[0], 5.0);
  Out[4] = mul(float2(A[0], A[1]), float2(0.5, 1.0));   // vector · vector is a dot product
}

//: case countbits_firstbit_on_signed
//: flags -T cs_6_0 -E sbits
//: expect OutI = i32 32 31 0 -1
[numthreads(1, 1, 1)]
void sbits() {
  int m1 = (int)A[2] - 2;   // -1
  OutI[0] = countbits(m1);
  OutI[1] = countbits(m1 << 1);
  OutI[2] = firstbitlow(m1);
  OutI[3] = firstbithigh(m1);
}
