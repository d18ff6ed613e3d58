// StructuredBuffer<float3>: under DXC's default rules a float3 element keeps
// its std430 alignment of 16, so the array stride is 16; under
// -fvk-use-dx-layout it is packed tightly with a stride of 12. The input is
// f32 iota: every float read is its byte offset / 4.
StructuredBuffer<float3> In : register(t1);
RWStructuredBuffer<float> Out : register(u0);
//: in In = f32 iota(16)

[numthreads(1, 1, 1)]
void main() {
  Out[0] = In[1].x; Out[1] = In[1].z; Out[2] = In[2].y;
  uint n, stride;
  In.GetDimensions(n, stride);
  Out[3] = stride;
}

//: case default_stride_16
//: expect Out = f32 4 6 9 16

//: case dx_layout_stride_12
//: flags -T cs_6_0 -E main -fvk-use-dx-layout
//: expect Out = f32 3 5 7 12
//: xfail glslang: has no -fvk-use-dx-layout; its float3 array stride is always 16
