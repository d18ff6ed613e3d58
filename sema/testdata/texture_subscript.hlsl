// CONFIG: -T ps_6_0 -E main
// A texture's operator[] takes its coordinate vector as is: no splat, no
// truncation, no struct.

Texture2D<float4> tex;
Texture2DArray<float4> texArray;
Texture1D<float4> tex1;
struct S { int a; };

float4 main(float4 pos : SV_Position) : SV_Target {
  uint3 coord = uint3(1, 2, 3);
  int2 ij = int2(1, 2);
  uint width = 4;
  S s = { 1 };
  float4 a = texArray[coord] + tex[ij] + tex1[width];  // fine
  float4 b = tex /* ERROR "no viable overloaded operator\[\] for type 'Texture2D<float4>'" */ [coord];
  float4 c = tex /* ERROR "no viable overloaded operator\[\] for type 'Texture2D<float4>'" */ [width];
  float4 d = tex1 /* ERROR "no viable overloaded operator\[\] for type 'Texture1D<float4>'" */ [s];
  return a + b + c + d;
}

float4 more(int2 ij : IJ) : SV_Target {
  return tex1 /* ERROR "no viable overloaded operator\[\] for type 'Texture1D<float4>'" */ [ij];
}
