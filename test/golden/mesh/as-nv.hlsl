// With SPV_NV_mesh_shader, DispatchMesh copies the payload into PerTaskNV
// outputs and writes the group count x*y*z to TaskCountNV.
// RUN: %hlsl2spirv -T as_6_5 -E main -fcgl %s | FileCheck %s
// The CHECK lines pin the emitter's code (-fcgl); the optimized module of each
// such RUN line is validated by the RUN lines that follow.
// RUN: %hlsl2spirv -T as_6_5 -E main %s

// CHECK: OpCapability MeshShadingNV
// CHECK: OpEntryPoint TaskNV %main "main" %gl_WorkGroupID %out_var_a %out_var_b [[count:%[0-9]+]]
// CHECK: OpDecorate %out_var_a PerTaskNV
// CHECK: OpDecorate %out_var_a Offset 0
// CHECK: OpDecorate %out_var_b PerTaskNV
// CHECK: OpDecorate %out_var_b Offset 4
// CHECK: OpDecorate [[count]] BuiltIn TaskCountNV
// CHECK: %pld = OpVariable %_ptr_Workgroup_Payload Workgroup

struct Payload {
  uint a;
  uint b[3];
};

groupshared Payload pld;

[numthreads(4, 1, 1)]
void main(uint3 gid : SV_GroupID) {
  pld.a = gid.x;
// CHECK: OpControlBarrier %uint_2 %uint_2 %uint_264
// CHECK-NEXT: [[v:%[0-9]+]] = OpLoad %Payload %pld
// CHECK-NEXT: [[a:%[0-9]+]] = OpCompositeExtract %uint [[v]] 0
// CHECK-NEXT: OpStore %out_var_a [[a]]
// CHECK: [[yz:%[0-9]+]] = OpIMul %uint %uint_1 %uint_1
// CHECK-NEXT: [[n:%[0-9]+]] = OpIMul %uint {{%[0-9]+}} [[yz]]
// CHECK-NEXT: OpStore [[count]] [[n]]
  DispatchMesh(gid.y + 1, 1, 1, pld);
}
