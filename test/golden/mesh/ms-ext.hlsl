// A mesh shader on SPIR-V 1.4 gets SPV_EXT_mesh_shader: each field of the
// vertices and primitives arrays becomes an arrayed Output variable (the
// primitive ones PerPrimitiveEXT), the indices the
// PrimitiveTriangleIndicesEXT built-in, and assignments through the
// parameters store straight into them.
// RUN: %hlsl2spirv -T ms_6_5 -E main -fspv-target-env=vulkan1.1spirv1.4 -fcgl %s | FileCheck %s
// The CHECK lines pin the emitter's code (-fcgl); the optimized module of each
// such RUN line is validated by the RUN lines that follow.
// RUN: %hlsl2spirv -T ms_6_5 -E main -fspv-target-env=vulkan1.1spirv1.4 %s

// CHECK: OpCapability MeshShadingEXT
// CHECK: OpExtension "SPV_EXT_mesh_shader"
// CHECK: OpEntryPoint MeshEXT %main "main" %gl_ClipDistance %in_var_pld %gl_LocalInvocationIndex %gl_Position %out_var_TEXCOORD0 [[ind:%[0-9]+]] %gl_PrimitiveID [[cull:%[0-9]+]] %out_var_COLOR
// CHECK: OpExecutionMode %main LocalSize 32 1 1
// CHECK: OpExecutionMode %main OutputVertices 64
// CHECK: OpExecutionMode %main OutputPrimitivesEXT 126

// CHECK: OpDecorate [[ind]] BuiltIn PrimitiveTriangleIndicesEXT
// CHECK: OpDecorate %gl_PrimitiveID BuiltIn PrimitiveId
// CHECK-NEXT: OpDecorate %gl_PrimitiveID PerPrimitiveEXT
// CHECK: OpDecorate [[cull]] BuiltIn CullPrimitiveEXT
// CHECK-NEXT: OpDecorate [[cull]] PerPrimitiveEXT
// CHECK-NEXT: OpDecorate %out_var_COLOR PerPrimitiveEXT
// CHECK: OpDecorate %out_var_TEXCOORD0 Location 0
// CHECK: OpDecorate %out_var_COLOR Location 2

// The clip distances come first, as DXC creates them before the other
// stage variables.
// CHECK: %gl_ClipDistance = OpVariable %_ptr_Output__arr__arr_float_uint_3_uint_64 Output
// CHECK: %in_var_pld = OpVariable %_ptr_TaskPayloadWorkgroupEXT_Payload TaskPayloadWorkgroupEXT
// CHECK: %gl_Position = OpVariable %_ptr_Output__arr_v4float_uint_64 Output
// CHECK: %out_var_TEXCOORD0 = OpVariable %_ptr_Output__arr__arr_v2float_uint_2_uint_64 Output
// CHECK: [[ind]] = OpVariable %_ptr_Output__arr_v3uint_uint_126 Output
// CHECK: [[cull]] = OpVariable %_ptr_Output__arr_bool_uint_126 Output

struct Vertex {
  float4 pos : SV_Position;
  float2 uv[2] : TEXCOORD0;
  float clip0 : SV_ClipDistance0;
  float2 clip1 : SV_ClipDistance1;
};

struct Prim {
  uint id : SV_PrimitiveID;
  bool cull : SV_CullPrimitive;
  float3 color : COLOR;
};

struct Payload {
  float4 offset;
};

[outputtopology("triangle")]
[numthreads(32, 1, 1)]
void main(out vertices Vertex verts[64], out indices uint3 tris[126],
          out primitives Prim prims[126], in payload Payload pld,
          uint i : SV_GroupIndex) {
// CHECK: OpSetMeshOutputsEXT %uint_64 %uint_126
  SetMeshOutputCounts(64, 126);

// CHECK: [[p:%[0-9]+]] = OpAccessChain %_ptr_Output_v4float %gl_Position {{%[0-9]+}}
// CHECK-NEXT: OpStore [[p]]
  verts[i].pos = pld.offset;
// A swizzle stores component by component.
// CHECK: [[y:%[0-9]+]] = OpCompositeExtract %float [[yw:%[0-9]+]] 0
// CHECK-NEXT: [[py:%[0-9]+]] = OpAccessChain %_ptr_Output_float %gl_Position [[i:%[0-9]+]] %uint_1
// CHECK-NEXT: OpStore [[py]] [[y]]
// CHECK-NEXT: [[w:%[0-9]+]] = OpCompositeExtract %float [[yw]] 1
// CHECK-NEXT: [[pw:%[0-9]+]] = OpAccessChain %_ptr_Output_float %gl_Position [[i]] %uint_3
// CHECK-NEXT: OpStore [[pw]] [[w]]
  verts[i].pos.yw = float2(2, 3);
// CHECK: OpAccessChain %_ptr_Output_v2float %out_var_TEXCOORD0 {{%[0-9]+}} %int_1
  verts[i].uv[1] = float2(0, 1);
// Clip distances index the vertex's float array from their offset.
// CHECK: [[c:%[0-9]+]] = OpIAdd %uint %uint_1 %uint_1
// CHECK-NEXT: OpAccessChain %_ptr_Output_float %gl_ClipDistance {{%[0-9]+}} [[c]]
  verts[i].clip1.y = 1;

// A whole element is stored field by field.
// CHECK: OpCompositeExtract %v4float [[v:%[0-9]+]] 0
// CHECK: OpAccessChain %_ptr_Output_v4float %gl_Position
// CHECK: OpCompositeExtract %_arr_v2float_uint_2 [[v]] 1
// CHECK: OpAccessChain %_ptr_Output__arr_v2float_uint_2 %out_var_TEXCOORD0
  Vertex v = (Vertex)0;
  verts[i + 1] = v;

// CHECK: OpAccessChain %_ptr_Output_v3uint [[ind]]
  tris[i] = uint3(0, 1, 2);
// CHECK: OpAccessChain %_ptr_Output_uint [[ind]] {{%[0-9]+}} %uint_2
  tris[i].z = 3;
// CHECK: [[pc:%[0-9]+]] = OpAccessChain %_ptr_Output_bool [[cull]]
// CHECK-NEXT: OpStore [[pc]] %true
  prims[i].cull = true;
  prims[i].id = i;
  prims[i].color = float3(1, 0, 0);
}
