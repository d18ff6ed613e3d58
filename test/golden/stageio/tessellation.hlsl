// A hull shader writes its control point at [InvocationId] of per-point
// output arrays, waits at a barrier, and invocation 0 runs the patch
// constant function, whose tess factors go to TessLevelOuter/Inner. As in
// DXC, the SV_OutputControlPointID value read for the entry indexes the
// outputs and selects invocation 0, and the patch constant function gets
// the entry's own InputPatch temporary. The
// domain shader reads the control points, the per-patch values and
// TessCoord.
// RUN: %hlsl2spirv -fcgl -T hs_6_0 -E hull %s | FileCheck %s --check-prefix=HS
// RUN: %hlsl2spirv -T ds_6_0 -E domain %s | FileCheck %s --check-prefix=DS
// RUN: %hlsl2spirv -T hs_6_0 -E hull %s

// HS: OpCapability Tessellation
// HS: OpEntryPoint TessellationControl %hull "hull"
// HS: OpExecutionMode %hull Triangles
// HS: OpExecutionMode %hull SpacingFractionalOdd
// HS: OpExecutionMode %hull VertexOrderCw
// HS: OpExecutionMode %hull OutputVertices 3
// HS: OpDecorate %gl_TessLevelOuter BuiltIn TessLevelOuter
// HS: OpDecorate %gl_TessLevelOuter Patch
// HS: %in_var_POSITION = OpVariable %_ptr_Input__arr_v3float_uint_3 Input
// HS: %out_var_POSITION = OpVariable %_ptr_Output__arr_v3float_uint_3 Output
// HS: %gl_TessLevelOuter = OpVariable %_ptr_Output__arr_float_uint_4 Output
// HS: [[id:%[0-9]+]] = OpLoad %uint %gl_InvocationID
// HS-NEXT: OpStore %param_var_id [[id]]
// HS-NEXT: OpFunctionCall %ControlPoint %src_hull %param_var_ip %param_var_id
// HS-NOT: OpLoad %uint %gl_InvocationID
// HS: [[cp:%[0-9]+]] = OpAccessChain %_ptr_Output_v3float %out_var_POSITION [[id]]
// HS: OpControlBarrier %uint_2 %uint_4 %uint_0
// HS: [[first:%[0-9]+]] = OpIEqual %bool [[id]] %uint_0
// HS: OpBranchConditional [[first]]
// HS: OpFunctionCall %PatchData %patchConstants %param_var_ip{{$}}

// DS: OpEntryPoint TessellationEvaluation %domain "domain"
// DS: OpExecutionMode %domain Triangles
// DS: OpDecorate %gl_TessCoord BuiltIn TessCoord
// DS: %gl_TessCoord = OpVariable %_ptr_Input_v3float Input

struct ControlPoint { float3 pos : POSITION; };
struct PatchData {
  float edges[3] : SV_TessFactor;
  float inside : SV_InsideTessFactor;
};

PatchData patchConstants(InputPatch<ControlPoint, 3> ip) {
  PatchData d;
  d.edges[0] = d.edges[1] = d.edges[2] = 4;
  d.inside = length(ip[0].pos);
  return d;
}

[domain("tri")]
[partitioning("fractional_odd")]
[outputtopology("triangle_cw")]
[outputcontrolpoints(3)]
[patchconstantfunc("patchConstants")]
ControlPoint hull(InputPatch<ControlPoint, 3> ip, uint id : SV_OutputControlPointID) {
  return ip[id];
}

[domain("tri")]
float4 domain(PatchData d, float3 bary : SV_DomainLocation, const OutputPatch<ControlPoint, 3> cp) : SV_Position {
  float3 p = cp[0].pos * bary.x + cp[1].pos * bary.y + cp[2].pos * bary.z;
  return float4(p, d.inside);
}
