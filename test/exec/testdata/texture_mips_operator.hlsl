// Texture2D.mips[level][coord] reads a texel of a given mip level, like
// Load(int3(coord, level)).
//: in Tex format=rgba32f size=2x2 = f32 1 2 3 4  5 6 7 8  9 10 11 12  13 14 15 16
//: expect Out = f32 13 6
Texture2D<float4> Tex : register(t1);
RWStructuredBuffer<float> Out : register(u0);

[numthreads(1, 1, 1)]
void main() {
  Out[0] = Tex.mips[0][uint2(1, 1)].x;
  Out[1] = Tex.mips[0][uint2(1, 0)].y;
}
