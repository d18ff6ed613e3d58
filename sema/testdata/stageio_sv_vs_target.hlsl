// CONFIG: -T vs_6_0 -E main
// SV_Target is a pixel shader output only.

struct VSOut {
  float4 pos : SV_Position;
  float4 color /* ERROR "invalid usage of semantic 'SV_Target' in shader profile vs" */ : SV_Target;
};

VSOut main(float4 p : POSITION) {
  VSOut o = { p, p };
  return o;
}
