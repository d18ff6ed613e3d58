// Writing a struct with a nested struct to the stage outputs extracts the
// nested struct once, then each of its members from it (a level at a time,
// as DXC), both for an entry's result and for a geometry shader's Append.
// RUN: %hlsl2spirv -T vs_6_0 -E vsmain -fcgl %s | FileCheck %s --check-prefix=VS
// RUN: %hlsl2spirv -T gs_6_0 -E gsmain -fcgl %s | FileCheck %s --check-prefix=GS
// RUN: %hlsl2spirv -T gs_6_0 -E gsmain %s | FileCheck %s --check-prefix=OPT

struct Inner { float2 uv : UV; float3 n : NORMAL; };
struct Out { float4 pos : SV_Position; Inner in1; };

Out vsmain(float4 p : P) {
  Out o = (Out)0;
  o.pos = p;
  return o;
}

// VS:      [[ret:%[0-9]+]] = OpFunctionCall %Out %src_vsmain
// VS-NEXT: [[pos:%[0-9]+]] = OpCompositeExtract %v4float [[ret]] 0
// VS-NEXT: OpStore %gl_Position [[pos]]
// VS-NEXT: [[inner:%[0-9]+]] = OpCompositeExtract %Inner [[ret]] 1
// VS-NEXT: [[uv:%[0-9]+]] = OpCompositeExtract %v2float [[inner]] 0
// VS-NEXT: OpStore %out_var_UV [[uv]]
// VS-NEXT: [[n:%[0-9]+]] = OpCompositeExtract %v3float [[inner]] 1
// VS-NEXT: OpStore %out_var_NORMAL [[n]]

[maxvertexcount(1)]
void gsmain(point float4 p[1] : P, inout PointStream<Out> stream) {
  Out o = (Out)0;
  o.pos = p[0];
  stream.Append(o);
}

// GS:      [[v:%[0-9]+]] = OpLoad %Out %o
// GS-NEXT: [[pos:%[0-9]+]] = OpCompositeExtract %v4float [[v]] 0
// GS-NEXT: OpStore %gl_Position [[pos]]
// GS-NEXT: [[inner:%[0-9]+]] = OpCompositeExtract %Inner [[v]] 1
// GS-NEXT: [[uv:%[0-9]+]] = OpCompositeExtract %v2float [[inner]] 0
// GS-NEXT: OpStore %out_var_UV [[uv]]
// GS-NEXT: [[n:%[0-9]+]] = OpCompositeExtract %v3float [[inner]] 1
// GS-NEXT: OpStore %out_var_NORMAL [[n]]
// GS-NEXT: OpEmitVertex

// OPT:      OpStore %out_var_NORMAL
// OPT-NEXT: OpEmitVertex
