// A hull shader's patch constant function takes the entry's own
// temporaries for the InputPatch and SV_PrimitiveID, as DXC passes them
// (no copies). Bool control-point inputs arrive as uints: the whole array
// is converted first, then each control point is built from it.
// RUN: %hlsl2spirv -fcgl -T hs_6_0 -E main %s | FileCheck %s
// RUN: %hlsl2spirv -T hs_6_0 -E main %s | FileCheck %s --check-prefix=OPT

struct CP { bool on : ON; float3 pos : POS; };
struct PatchOut { float edges[3] : SV_TessFactor; float inside : SV_InsideTessFactor; };

PatchOut pcf(InputPatch<CP, 3> ip, uint patch : SV_PrimitiveID) {
  PatchOut o;
  o.edges[0] = o.edges[1] = o.edges[2] = ip[0].on ? 2 : 1;
  o.inside = patch;
  return o;
}

[domain("tri")]
[partitioning("integer")]
[outputtopology("triangle_cw")]
[outputcontrolpoints(3)]
[patchconstantfunc("pcf")]
CP main(InputPatch<CP, 3> ip, uint id : SV_OutputControlPointID, uint patch : SV_PrimitiveID) {
  return ip[id];
}

// CHECK:      [[on:%[0-9]+]] = OpLoad %_arr_uint_uint_3 %in_var_ON
// CHECK-NEXT: [[u0:%[0-9]+]] = OpCompositeExtract %uint [[on]] 0
// CHECK-NEXT: [[b0:%[0-9]+]] = OpINotEqual %bool [[u0]] %uint_0
// CHECK-NEXT: [[u1:%[0-9]+]] = OpCompositeExtract %uint [[on]] 1
// CHECK-NEXT: [[b1:%[0-9]+]] = OpINotEqual %bool [[u1]] %uint_0
// CHECK-NEXT: [[u2:%[0-9]+]] = OpCompositeExtract %uint [[on]] 2
// CHECK-NEXT: [[b2:%[0-9]+]] = OpINotEqual %bool [[u2]] %uint_0
// CHECK-NEXT: [[bools:%[0-9]+]] = OpCompositeConstruct %_arr_bool_uint_3 [[b0]] [[b1]] [[b2]]
// CHECK:      OpCompositeExtract %bool [[bools]] 0
// CHECK:      OpFunctionCall %CP %src_main %param_var_ip %param_var_id %param_var_patch
// CHECK:      OpFunctionCall %PatchOut %pcf %param_var_ip %param_var_patch{{$}}

// OPT: OpEntryPoint TessellationControl %main "main"
