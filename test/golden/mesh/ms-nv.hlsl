// Before SPIR-V 1.4 (or with -fspv-extension=SPV_NV_mesh_shader) mesh
// shaders use SPV_NV_mesh_shader: the indices are one flat
// PrimitiveIndicesNV array, SetMeshOutputCounts writes PrimitiveCountNV
// and the payload arrives as one PerTaskNV input per field.
// RUN: %hlsl2spirv -T ms_6_5 -E main -fcgl %s | FileCheck %s
// RUN: %hlsl2spirv -T ms_6_5 -E main -fspv-target-env=vulkan1.1spirv1.4 -fspv-extension=SPV_NV_mesh_shader %s | FileCheck %s --check-prefix=REQ
// The CHECK lines pin the emitter's code (-fcgl); the optimized module of each
// such RUN line is validated by the RUN lines that follow.
// RUN: %hlsl2spirv -T ms_6_5 -E main %s

// CHECK: OpCapability MeshShadingNV
// CHECK: OpExtension "SPV_NV_mesh_shader"
// CHECK: OpEntryPoint MeshNV %main "main" %in_var_scale %in_var_bias %gl_LocalInvocationIndex %gl_Position [[ind:%[0-9]+]] [[count:%[0-9]+]]
// CHECK: OpExecutionMode %main OutputLinesEXT
// CHECK: OpDecorate %in_var_scale PerTaskNV
// CHECK: OpDecorate %in_var_scale Offset 0
// CHECK: OpDecorate %in_var_bias Offset 16
// CHECK: OpDecorate [[ind]] BuiltIn PrimitiveIndicesNV
// CHECK: OpDecorate [[count]] BuiltIn PrimitiveCountNV
// CHECK: %in_var_scale = OpVariable %_ptr_Input_float Input
// CHECK: [[ind]] = OpVariable %_ptr_Output__arr_uint_uint_32 Output
// CHECK: [[count]] = OpVariable %_ptr_Output_uint Output
// REQ: OpEntryPoint MeshNV %main "main"

struct Vertex {
  float4 pos : SV_Position;
};

struct Payload {
  float scale;
  float4 bias;
};

[outputtopology("line")]
[numthreads(16, 1, 1)]
void main(out vertices Vertex verts[32], out indices uint2 lines[16],
          in payload Payload pld, uint i : SV_GroupIndex) {
// CHECK: OpStore [[count]] %uint_16
  SetMeshOutputCounts(32, 16);
  verts[i].pos = pld.bias * pld.scale;
// Line i's vertices are elements 2i and 2i+1.
// CHECK: [[base:%[0-9]+]] = OpIMul %uint {{%[0-9]+}} %uint_2
// CHECK-NEXT: [[p0:%[0-9]+]] = OpAccessChain %_ptr_Output_uint [[ind]] [[base]]
// CHECK-NEXT: OpCompositeExtract %uint
// CHECK-NEXT: OpStore [[p0]]
// CHECK-NEXT: [[n:%[0-9]+]] = OpIAdd %uint [[base]] %uint_1
// CHECK-NEXT: OpAccessChain %_ptr_Output_uint [[ind]] [[n]]
  lines[i] = uint2(i, i + 1);
// CHECK: [[b:%[0-9]+]] = OpIMul %uint %uint_3 %uint_2
// CHECK-NEXT: [[y:%[0-9]+]] = OpIAdd %uint [[b]] %uint_1
// CHECK-NEXT: OpAccessChain %_ptr_Output_uint [[ind]] [[y]]
  lines[3].y = 0;
}
