// A hull shader's patch constant function comes right after the entry
// wrapper that calls it, before the entry's own function, as DXC emits
// them: so a parameter name both share is the patch constant function's
// first (%id, then %id_0 for src.main's). An OutputPatch argument is
// filled point by point and field by field from the control point
// outputs (temp.var.hullMainRetVal), and a patch is indexed by a uint.
// RUN: %hlsl2spirv -T hs_6_0 -E main -fcgl %s | FileCheck %s
// RUN: %hlsl2spirv -T hs_6_0 -E main %s
// RUN: %hlsl2spirv -T hs_6_0 -E main -fcgl -DOUTPUT_PATCH %s | FileCheck %s --check-prefix=OUT
// RUN: %hlsl2spirv -T hs_6_0 -E main -DOUTPUT_PATCH %s

// OUT: %temp_var_hullMainRetVal = OpVariable %_ptr_Function__arr_Point_uint_3 Function
// OUT: [[pt:%[0-9]+]] = OpAccessChain %_ptr_Function_Point %temp_var_hullMainRetVal %uint_2
// OUT-NEXT: [[field:%[0-9]+]] = OpAccessChain %_ptr_Function_v4float [[pt]] %uint_0
// OUT-NEXT: [[out:%[0-9]+]] = OpAccessChain %_ptr_Output_v4float %out_var_POSITION %uint_2
// OUT-NEXT: [[v:%[0-9]+]] = OpLoad %v4float [[out]]
// OUT-NEXT: OpStore [[field]] [[v]]
// OUT-NEXT: OpFunctionCall %Patch %PCF %temp_var_hullMainRetVal
// OUT: %PCF = OpFunction %Patch
// OUT: OpAccessChain %_ptr_Function_v4float %op %uint_1 %int_0

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

#ifdef OUTPUT_PATCH
Patch PCF(OutputPatch<Point, 3> op) {
  Patch p;
  p.edges[0] = p.edges[1] = p.edges[2] = op[1].pos.x;
  p.inside = 1;
  return p;
}
#else
Patch PCF(uint id : SV_PrimitiveID) {
  Patch p;
  p.edges[0] = p.edges[1] = p.edges[2] = float(id);
  p.inside = 1;
  return p;
}
#endif

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
