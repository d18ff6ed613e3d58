// CONFIG: -T vs_6_0 -E main -all-vulkan-errors
// Vertex shader stage variables: explicit locations that collide, and the
// SV_Position output must be a float4.

struct VSOut {
  float3 pos /* ERROR "SV_Position must be a 4-component 32-bit float vector or a composite which recursively contains only such a vector" */ : SV_Position;
  int2 clip /* ERROR "elements for SV_ClipDistance variable 'clip' must be scalar, vector, or array with float type" */ [2] : SV_ClipDistance0;
};

VSOut main([[vk::location(0)]] double4 wide : WIDE,  // takes locations 0 and 1
           [[vk /* ERROR "stage input location #1 already consumed by semantic 'WIDE'" */ ::location(1)]] float4 next : NEXT,
           [[vk::location(2)]] float4 fine : FINE) {
  VSOut o = (VSOut)0;
  return o;
}
