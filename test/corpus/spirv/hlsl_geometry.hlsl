// HLSL geometry shader through glslang: stream output.
// glslang: -S geom -e main
struct GSIn { float4 pos : SV_Position; float2 uv : TEXCOORD0; };
struct GSOut { float4 pos : SV_Position; float2 uv : TEXCOORD0; uint layer : SV_RenderTargetArrayIndex; };
[maxvertexcount(6)]
void main(triangle GSIn tri[3], inout TriangleStream<GSOut> stream, uint prim : SV_PrimitiveID) {
  for (uint f = 0; f < 2; ++f) {
    for (int i = 0; i < 3; ++i) {
      GSOut o;
      o.pos = tri[i].pos + float4(f, 0, 0, 0);
      o.uv = tri[i].uv;
      o.layer = f + prim;
      stream.Append(o);
    }
    stream.RestartStrip();
  }
}
