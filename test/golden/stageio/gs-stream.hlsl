// A geometry shader: the input triangle's vertices arrive as per-vertex
// arrays, each Append() writes the stream element's outputs and emits a
// vertex, RestartStrip() ends the primitive; the attributes and the stream
// kind give the execution modes.
// RUN: %hlsl2spirv -T gs_6_0 -E main -fcgl %s | FileCheck %s
// The CHECK lines pin the emitter's code (-fcgl); the optimized module of each
// such RUN line is validated by the RUN lines that follow.
// RUN: %hlsl2spirv -T gs_6_0 -E main %s

// CHECK: OpCapability Geometry
// CHECK: OpEntryPoint Geometry %main "main" %gl_Position %in_var_COLOR %gl_InvocationID %gl_Position_0 %out_var_COLOR
// CHECK: OpExecutionMode %main Invocations 2
// CHECK-NEXT: OpExecutionMode %main Triangles
// CHECK-NEXT: OpExecutionMode %main OutputTriangleStrip
// CHECK-NEXT: OpExecutionMode %main OutputVertices 3
// CHECK: %gl_Position = OpVariable %_ptr_Input__arr_v4float_uint_3 Input
// CHECK: %in_var_COLOR = OpVariable %_ptr_Input__arr_v4float_uint_3 Input
// CHECK: %gl_Position_0 = OpVariable %_ptr_Output_v4float Output

struct V {
  float4 pos : SV_Position;
  float4 color : COLOR;
};

// CHECK: %src_main = OpFunction
// CHECK: OpStore %gl_Position_0
// CHECK-NEXT: OpCompositeExtract %v4float
// CHECK-NEXT: OpStore %out_var_COLOR
// CHECK-NEXT: OpEmitVertex
// CHECK: OpEndPrimitive
[maxvertexcount(3)]
[instance(2)]
void main(triangle V input[3], uint id : SV_GSInstanceID, inout TriangleStream<V> stream) {
  for (uint i = 0; i < 3; ++i) {
    V v = input[i];
    v.color *= id + 1;
    stream.Append(v);
  }
  stream.RestartStrip();
}
