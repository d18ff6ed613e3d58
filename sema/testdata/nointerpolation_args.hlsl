// CONFIG: -T ps_6_1 -E main
// GetAttributeAtVertex, and (for SPIR-V) a nointerpolation parameter,
// take values from declarations marked nointerpolation.

struct S { nointerpolation float4 flat : COLOR1; float4 smooth : COLOR2; };

float pick(nointerpolation float4 a) { return GetAttributeAtVertex(a, 2).x; }

float4 main(nointerpolation S whole, S parts, float4 b : COLOR3, nointerpolation float4 c : COLOR4) : SV_Target {
  float x = pick(c) + pick(whole.smooth) + pick(parts.flat) + pick(c.xyzw);
  float y = pick(b /* ERROR "parameter 0 of pick must have a 'nointerpolation' attribute" */);
  float z = pick(parts.smooth /* ERROR "parameter 0 of pick must have a 'nointerpolation' attribute" */);
  float w = GetAttributeAtVertex(b /* ERROR "parameter 0 of GetAttributeAtVertex must have a 'nointerpolation' attribute" */, 0).x;
  return x + y + z + w;
}
