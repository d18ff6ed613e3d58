// A hull shader's patch constant function comes right after the entry
// wrapper that calls it, before the entry's own function, as DXC emits
// them: so a parameter name both share is the patch constant function's
// first (%id, then %id_0 for src.main's).
// RUN: %hlsl2spirv -T hs_6_0 -E main -fcgl %s | FileCheck %s
// RUN: %hlsl2spirv -T hs_6_0 -E main %s

// CHECK: %main = OpFunction %void
// CHECK: OpFunctionCall %Patch %PCF
// CHECK: %PCF = OpFunction %Patch
// CHECK-NEXT: %id = OpFunctionParameter %_ptr_Function_uint
// CHECK: %src_main = OpFunction %Point
// CHECK: %id_0 = OpFunctionParameter %_ptr_Function_uint

struct Point {
  float4 pos : POSITION;
};
struct Patch {
  float edges[3] : SV_TessFactor;
  float inside : SV_InsideTessFactor;
};

Patch PCF(uint id : SV_PrimitiveID) {
  Patch p;
  p.edges[0] = p.edges[1] = p.edges[2] = float(id);
  p.inside = 1;
  return p;
}

[domain("tri")]
[partitioning("integer")]
[outputtopology("triangle_cw")]
[outputcontrolpoints(3)]
[patchconstantfunc("PCF")]
Point main(InputPatch<Point, 3> ip, uint i : SV_OutputControlPointID, uint id : SV_PrimitiveID) {
  Point o;
  o.pos = ip[i].pos + id;
  return o;
}
