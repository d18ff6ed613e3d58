// [[vk::push_constant]] on a ConstantBuffer<T>: the push constant block is
// laid out like a storage buffer (std430), so the float3 takes 12 bytes and
// the next float packs right after it.
//: push = f32 1 2 3 4 u32 9
//: expect Out = f32 1 3 4 9
struct Params {
  float3 v;     // 0
  float  w;     // 12
  uint   n;     // 16
};
[[vk::push_constant]] ConstantBuffer<Params> P;
RWStructuredBuffer<float> Out : register(u1);

[numthreads(1, 1, 1)]
void main() {
  Out[0] = P.v.x; Out[1] = P.v.z; Out[2] = P.w; Out[3] = P.n;
}
