// Arrays of clip or cull distances take one element of the built-in array
// per component, element after element. A vertex shader writes each at its
// slot's offset plus the element's plus the component (DXC's OpIAdds); a
// pixel shader reads them back into vectors and the array. A geometry
// shader's inputs are per vertex: the built-in is an array of arrays, read
// for every input vertex. A hull shader writes its control point's element.
// RUN: %hlsl2spirv -T vs_6_0 -E vs -fcgl %s | FileCheck %s --check-prefix=VS
// RUN: %hlsl2spirv -T ps_6_0 -E ps %s | FileCheck %s --check-prefix=PS
// RUN: %hlsl2spirv -T gs_6_0 -E gs -fcgl %s | FileCheck %s --check-prefix=GS
// RUN: %hlsl2spirv -T hs_6_0 -E hs %s | FileCheck %s --check-prefix=HS
// The CHECK lines pin the emitter's code (-fcgl); the optimized module of each
// such RUN line is validated by the RUN lines that follow.
// RUN: %hlsl2spirv -T vs_6_0 -E vs %s
// RUN: %hlsl2spirv -T gs_6_0 -E gs %s

// VS: %gl_ClipDistance = OpVariable %_ptr_Output__arr_float_uint_5 Output
// The second float2 of planes starts at 0 + 2:
// VS: [[base:%[0-9]+]] = OpIAdd %uint %uint_0 %uint_2
// VS: [[at:%[0-9]+]] = OpIAdd %uint [[base]] %uint_1
// VS: [[p:%[0-9]+]] = OpAccessChain %_ptr_Output_float %gl_ClipDistance [[at]]
// VS: [[v:%[0-9]+]] = OpCompositeExtract %float {{%[0-9]+}} 1 1
// VS: OpStore [[p]] [[v]]
// SV_ClipDistance1 follows the 4 floats of SV_ClipDistance0:
// VS: OpAccessChain %_ptr_Output_float %gl_ClipDistance %uint_4

// PS: [[a:%[0-9]+]] = OpAccessChain %_ptr_Input_float %gl_ClipDistance %uint_2
// PS: [[b:%[0-9]+]] = OpAccessChain %_ptr_Input_float %gl_ClipDistance %uint_3
// PS: OpAccessChain %_ptr_Input_float %gl_ClipDistance %uint_4
// PS-NOT: OpCompositeConstruct %_arr_v2float_uint_2

// GS: %gl_ClipDistance = OpVariable %_ptr_Input__arr__arr_float_uint_5_uint_3 Input
// Vertex 2, component 4 (SV_ClipDistance1):
// GS: OpAccessChain %_ptr_Input_float %gl_ClipDistance %uint_2 %uint_4
// GS: OpCompositeConstruct %_arr_float_uint_3

// HS: %gl_ClipDistance_0 = OpVariable %_ptr_Output__arr__arr_float_uint_5_uint_3 Output
// HS: OpLoad %uint %gl_InvocationID
// HS: OpAccessChain %_ptr_Output_float %gl_ClipDistance_0 {{%[0-9]+}} %uint_4

struct V {
  float4 pos : SV_Position;
  float2 planes[2] : SV_ClipDistance0;
  float extra : SV_ClipDistance1;
};

V vs(float4 p : POSITION) {
  V v;
  v.pos = p;
  v.planes[0] = p.xy;
  v.planes[1] = p.zw;
  v.extra = p.x + p.y;
  return v;
}

float4 ps(V v) : SV_Target {
  return float4(v.planes[1], v.extra, 1);
}

[maxvertexcount(3)]
void gs(triangle V tri[3], inout TriangleStream<V> s) {
  for (int i = 0; i < 3; i++) {
    V o = tri[i];
    o.extra = max(o.extra, 0);
    s.Append(o);
  }
}

void constants(out float edges[3] : SV_TessFactor, out float inside : SV_InsideTessFactor) {
  edges[0] = edges[1] = edges[2] = 1;
  inside = 1;
}

[domain("tri")]
[partitioning("integer")]
[outputtopology("triangle_cw")]
[patchconstantfunc("constants")]
[outputcontrolpoints(3)]
V hs(InputPatch<V, 3> patch, uint id : SV_OutputControlPointID) {
  V o = patch[id];
  o.extra *= 2;
  return o;
}
