// mul() on integer matrices and vectors is an integer dot-product per row
// (SPIR-V has no integer matrix type: DXC expands it).
//: expect Out = i32 -1 7 8 -4
//: xfail glslang: has no mul() overload for integer matrices (a compile error)
RWStructuredBuffer<int> Out : register(u0);
StructuredBuffer<int> In : register(t1);
//: in In = i32 1 -1 2 1 2 3

[numthreads(1, 1, 1)]
void main() {
  int2x2 a = int2x2(In[0], In[1], In[2], In[3]);
  int2 v = int2(In[4], In[5]);
  int2 r = mul(a, v);   // a as rows: (1*2 + -1*3, 2*2 + 1*3)
  int2 s = mul(v, a);   // v as a row: (2*1 + 3*2, 2*-1 + 3*1)
  Out[0] = r.x; Out[1] = r.y;
  Out[2] = s.x; Out[3] = s.y - 5;
}
