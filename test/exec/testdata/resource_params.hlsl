// Functions that take resources: textures and samplers are passed by
// pointer, buffers make the call inlined (as DXC's legalization does); a
// local resource variable names the resource it is initialized with.

StructuredBuffer<float> In : register(t0);
RWStructuredBuffer<float> Out : register(u1);
RWByteAddressBuffer Raw : register(u2);

//: in In = f32 1 -2 3 -4
//: in Raw = u32 0 0 0 0

float weight(StructuredBuffer<float> b, uint i) {
  if (b[i] < 0) return 0;   // an early return inside the inlined body
  return b[i] * 2;
}

void put(RWStructuredBuffer<float> o, uint i, float v) { o[i] = v; }

uint bump(RWByteAddressBuffer r, uint addr, inout uint total) {
  uint old;
  r.InterlockedAdd(addr, 5, old);
  total += old + 1;
  return old;
}

//: case buffers_inlined
//: flags -T cs_6_0 -E main
//: expect Out = f32 2 0 6 0
//: expect Raw = u32 20 0 0 0
//: xfail glslang: rejects the file's local buffer variables ("buffer aliasing not yet supported")
[numthreads(4, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  put(Out, id.x, weight(In, id.x));
  uint total = 0;
  bump(Raw, 0, total);
}

//: case local_resource_alias
//: flags -T cs_6_0 -E alias
//: expect Out = f32 3 -4 0 0
//: xfail glslang: rejects local buffer variables ("buffer aliasing not yet supported")
[numthreads(1, 1, 1)]
void alias() {
  StructuredBuffer<float> src = In;
  RWStructuredBuffer<float> dst = Out;
  dst[0] = src[2];
  dst[1] = src[3];
  dst[2] = 0;
  dst[3] = 0;
}
