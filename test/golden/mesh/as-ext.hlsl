// An amplification shader's payload (the groupshared variable passed to
// DispatchMesh) lives in TaskPayloadWorkgroupEXT; DispatchMesh is a group
// barrier then OpEmitMeshTasksEXT.
// RUN: %hlsl2spirv -fcgl -T as_6_5 -E main -fspv-target-env=vulkan1.2 %s | FileCheck %s
// RUN: %hlsl2spirv -T as_6_5 -E main -fspv-target-env=vulkan1.2 %s

// CHECK: OpCapability MeshShadingEXT
// CHECK: OpExtension "SPV_EXT_mesh_shader"
// CHECK: OpEntryPoint TaskEXT %main "main" %gl_LocalInvocationID [[draw:%[0-9]+]] %pld %other
// CHECK: OpExecutionMode %main LocalSize 8 1 1
// CHECK: OpDecorate [[draw]] BuiltIn DrawIndex
// CHECK: %pld = OpVariable %_ptr_TaskPayloadWorkgroupEXT_Payload TaskPayloadWorkgroupEXT
// CHECK: %other = OpVariable %_ptr_Workgroup_uint Workgroup

struct Payload {
  uint ids[8];
};

groupshared Payload pld;
groupshared uint other;

[numthreads(8, 1, 1)]
void main(uint3 tid : SV_GroupThreadID, [[vk::builtin("DrawIndex")]] uint draw : DRAW) {
// CHECK: [[ids:%[0-9]+]] = OpAccessChain %_ptr_TaskPayloadWorkgroupEXT__arr_uint_uint_8 %pld %int_0
// CHECK: OpAccessChain %_ptr_TaskPayloadWorkgroupEXT_uint [[ids]]
  pld.ids[tid.x] = tid.x + draw;
  other = 1;
// CHECK: OpControlBarrier %uint_2 %uint_2 %uint_264
// CHECK: OpEmitMeshTasksEXT %uint_8 %uint_1 %uint_1 %pld
  DispatchMesh(8, 1, 1, pld);
}
