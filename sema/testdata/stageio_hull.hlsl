// CONFIG: -T hs_6_0 -E main
// DXC needs SV_OutputControlPointID to place a hull shader's outputs.

struct CP { float4 pos : POSITION; };
struct Patch { float edges[3] : SV_TessFactor; float inside : SV_InsideTessFactor; };

Patch constants(InputPatch<CP, 3> ip) { return (Patch)0; }

[domain("tri")]
[partitioning("integer")]
[outputtopology("triangle_cw")]
[outputcontrolpoints(3)]
[patchconstantfunc("constants")]
CP main /* ERROR "SV_OutputControlPointID semantic must be provided in hull shader" */ (InputPatch<CP, 3> ip) {
  return ip[0];
}
