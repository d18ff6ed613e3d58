// The hull shader tessellation helpers (Process*TessFactors*) have no
// SPIR-V lowering in DXC: each call is an "intrinsic function
// unimplemented" error at the callee's name. All the calls of one function
// are reported; in the patch constant function they are found too, as DXC
// translates it with the hull entry point.
// RUN: not %hlsl2spirv -T hs_6_0 -E main %s 2>&1 | FileCheck %s --check-prefix=PCF
// RUN: not %hlsl2spirv -T hs_6_0 -E main -DIN_ENTRY %s 2>&1 | FileCheck %s --check-prefix=ENTRY

struct Point { float4 pos : POSITION; };
struct Patch {
  float edges[4] : SV_TessFactor;
  float inside[2] : SV_InsideTessFactor;
};

Patch pcf(InputPatch<Point, 4> ip) {
  Patch o = (Patch)0;
#ifndef IN_ENTRY
  float4 raw = ip[0].pos;
  float4 quadEdges;
  float2 quadInside, quadUnrounded;
  float3 triEdges;
  float triInside, triUnrounded;
  float lineDetail, lineDensity;
// PCF:      tess-factors.hlsl:[[@LINE+1]]:3: error: Process2DQuadTessFactorsAvg intrinsic function unimplemented
  Process2DQuadTessFactorsAvg(raw, float2(1, 1), quadEdges, quadInside, quadUnrounded);
// PCF:      tess-factors.hlsl:[[@LINE+1]]:3: error: Process2DQuadTessFactorsMax intrinsic function unimplemented
  Process2DQuadTessFactorsMax(raw, float2(1, 1), quadEdges, quadInside, quadUnrounded);
// PCF:      tess-factors.hlsl:[[@LINE+1]]:3: error: Process2DQuadTessFactorsMin intrinsic function unimplemented
  Process2DQuadTessFactorsMin(raw, float2(1, 1), quadEdges, quadInside, quadUnrounded);
// PCF:      tess-factors.hlsl:[[@LINE+1]]:3: error: ProcessQuadTessFactorsAvg intrinsic function unimplemented
  ProcessQuadTessFactorsAvg(raw, 1.0, quadEdges, quadInside, quadUnrounded);
// PCF:      tess-factors.hlsl:[[@LINE+1]]:3: error: ProcessQuadTessFactorsMax intrinsic function unimplemented
  ProcessQuadTessFactorsMax(raw, 1.0, quadEdges, quadInside, quadUnrounded);
// PCF:      tess-factors.hlsl:[[@LINE+1]]:3: error: ProcessQuadTessFactorsMin intrinsic function unimplemented
  ProcessQuadTessFactorsMin(raw, 1.0, quadEdges, quadInside, quadUnrounded);
// PCF:      tess-factors.hlsl:[[@LINE+1]]:3: error: ProcessTriTessFactorsAvg intrinsic function unimplemented
  ProcessTriTessFactorsAvg(raw.xyz, 1.0, triEdges, triInside, triUnrounded);
// PCF:      tess-factors.hlsl:[[@LINE+1]]:3: error: ProcessTriTessFactorsMax intrinsic function unimplemented
  ProcessTriTessFactorsMax(raw.xyz, 1.0, triEdges, triInside, triUnrounded);
// PCF:      tess-factors.hlsl:[[@LINE+1]]:3: error: ProcessTriTessFactorsMin intrinsic function unimplemented
  ProcessTriTessFactorsMin(raw.xyz, 1.0, triEdges, triInside, triUnrounded);
// PCF:      tess-factors.hlsl:[[@LINE+1]]:3: error: ProcessIsolineTessFactors intrinsic function unimplemented
  ProcessIsolineTessFactors(raw.x, raw.y, lineDetail, lineDensity);
// PCF-NOT:  error:
#endif
  return o;
}

[domain("quad")]
[partitioning("integer")]
[outputtopology("triangle_cw")]
[outputcontrolpoints(4)]
[patchconstantfunc("pcf")]
Point main(InputPatch<Point, 4> ip, uint id : SV_OutputControlPointID) {
  Point p = ip[id];
#ifdef IN_ENTRY
  float3 edges;
  float inside, unrounded;
// ENTRY:     tess-factors.hlsl:[[@LINE+1]]:3: error: ProcessTriTessFactorsMax intrinsic function unimplemented
  ProcessTriTessFactorsMax(p.pos.xyz, 2.0, edges, inside, unrounded);
// ENTRY-NOT: error:
#endif
  return p;
}
