// CONFIG: -T hs_6_0 -E main
// The patch constant function's patches match the entry's: the same input
// patch, and an output patch of outputcontrolpoints elements.

struct CP { float4 pos : POSITION; };
struct Patch { float edges[3] : SV_TessFactor; float inside : SV_InsideTessFactor; };

Patch /* ERROR "Patch constant function's input patch input should have 3 elements, but has 2." */ /* ERROR "Patch constant function's output patch input should have 4 elements, but has 2." */ constants(InputPatch<CP, 2> ip, OutputPatch<CP, 2> op) {
  return (Patch)0;
}

[domain("tri")]
[partitioning("integer")]
[outputtopology("triangle_cw")]
[outputcontrolpoints(4)]
[patchconstantfunc("constants")]
CP main(InputPatch<CP, 3> ip, uint id : SV_OutputControlPointID) {
  return ip[id];
}
