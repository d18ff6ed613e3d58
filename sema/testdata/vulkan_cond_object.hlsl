// CONFIG: -T ps_6_0 -E main
// HLSL 2021's short-circuiting ?: casts each branch, which DXC can only do
// for numeric types (it gives no location; the ?: is pointed at).

SamplerState a;
SamplerState b;
Texture2D tex;
bool pick;

float4 main() : SV_Target {
  return tex.Sample(pick /* ERROR "casting to type 'SamplerState' unimplemented" */ ? a : b, float2(0, 0));
}
