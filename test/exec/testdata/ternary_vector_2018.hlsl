// Before HLSL 2021, ?: with a vector condition selects per component and
// evaluates both branches.
//: flags -T cs_6_0 -E main -HV 2018
//: in In = f32 1 -2 3 -4
//: expect Out = f32 1 20 3 40 4
StructuredBuffer<float> In : register(t1);
RWStructuredBuffer<float> Out : register(u0);
static float calls = 0;
float4 times10(float4 v) { calls += 2; return v * 10; }
float4 same(float4 v) { calls += 2; return v; }

[numthreads(1, 1, 1)]
void main() {
  float4 v = float4(In[0], In[1], In[2], In[3]);
  float4 r = v > 0 ? same(v) : -times10(v);
  Out[0] = r.x; Out[1] = r.y; Out[2] = r.z; Out[3] = r.w;
  Out[4] = calls;
}
