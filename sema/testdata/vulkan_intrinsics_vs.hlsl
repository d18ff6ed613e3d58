// CONFIG: -T vs_6_1 -E main -all-vulkan-errors
// Stage rules of the SPIR-V back end in a vertex shader, for the code the
// entry reaches (callees included); the default target is Vulkan 1.0.

Texture2D<float4> tex;
SamplerState samp;
[[vk::input_attachment_index(0)]] SubpassInput<float4> subpass;

float4 helper(float2 uv) {
  return tex /* ERROR "sampling with implicit lod is only allowed in fragment and compute shaders" */ .Sample(samp, uv)
       + tex.SampleLevel(samp, uv, 0); // explicit LOD: fine
}

float4 notCalled() {
  return subpass.SubpassLoad(); // unreachable: not judged
}

float4 main(float2 uv : TEXCOORD0, nointerpolation float4 color : COLOR0) : SV_Position {
  float4 v = GetAttributeAtVertex /* ERROR "GetAttributeAtVertex only allowed in pixel shader" */ (color, 0);
  float4 p = subpass /* ERROR "SubpassInput\(MS\) only allowed in pixel shader" */ .SubpassLoad();
  uint lanes = WaveGetLaneCount /* ERROR "Vulkan 1.1 is required for Wave Operation but not permitted to use" */ ();
  bool first = QuadAny /* ERROR "Vulkan 1.1 is required for Wave Operation but not permitted to use" */ (lanes == 0);
  if (dx /* ERROR "no equivalent for IsDebuggingEnabled intrinsic function in Vulkan" */ ::IsDebuggingEnabled())
    v = 0;
  return v + p + helper(uv) + lanes + first;
}
