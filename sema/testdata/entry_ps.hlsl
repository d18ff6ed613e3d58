// CONFIG: -T ps_6_0 -E main
// Entry parameters and results need semantics unless they are structs.

struct In { float4 pos : SV_Position; float2 uv : TEXCOORD0; };

float4 helper(float4 x) { return x; } // not the entry: no semantics needed

float4 main /* ERROR "semantic string missing for shader output variable 'main'" */ (In i, float w /* ERROR "semantic string missing for shader input variable 'w'" */, out float2 o /* ERROR "semantic string missing for shader output variable 'o'" */, uint id : SV_PrimitiveID) {
  o = i.uv;
  return helper(i.pos) * w + id;
}
