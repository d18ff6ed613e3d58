// float → int conversion truncates toward zero.
//: in In = f32 1.5 -1.5 2.99 -2.99 0.0 -0.0 100.7 -100.7
//: expect Out = i32 1 -1 2 -2 0 0 100 -100
StructuredBuffer<float> In : register(t0);
RWStructuredBuffer<int> Out : register(u1);

[numthreads(8, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  Out[id.x] = (int)In[id.x];
}
