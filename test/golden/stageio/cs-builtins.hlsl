// Compute built-ins keep the declared component type (a uint read of the
// uint3 GlobalInvocationId takes component 0; int3 makes the variable
// int-typed, as in DXC), and [numthreads] becomes LocalSize.
// RUN: %hlsl2spirv -fcgl -T cs_6_0 -E main %s | FileCheck %s
// RUN: %hlsl2spirv -T cs_6_0 -E main %s

// CHECK: OpEntryPoint GLCompute %main "main" %gl_GlobalInvocationID %gl_LocalInvocationIndex %gl_WorkGroupID
// CHECK: OpExecutionMode %main LocalSize 8 4 1
// CHECK: OpDecorate %gl_GlobalInvocationID BuiltIn GlobalInvocationId
// CHECK: OpDecorate %gl_LocalInvocationIndex BuiltIn LocalInvocationIndex
// CHECK: OpDecorate %gl_WorkGroupID BuiltIn WorkgroupId
// CHECK: %gl_GlobalInvocationID = OpVariable %_ptr_Input_v3uint Input
// CHECK: %gl_WorkGroupID = OpVariable %_ptr_Input_v3int Input

RWStructuredBuffer<uint> Out : register(u0);

// CHECK: [[gid:%[0-9]+]] = OpLoad %v3uint %gl_GlobalInvocationID
// CHECK-NEXT: [[x:%[0-9]+]] = OpCompositeExtract %uint [[gid]] 0
// CHECK-NEXT: OpStore %param_var_id [[x]]
// CHECK: [[wg:%[0-9]+]] = OpLoad %v3int %gl_WorkGroupID
// CHECK-NEXT: [[xy:%[0-9]+]] = OpVectorShuffle %v2int [[wg]] [[wg]] 0 1
// CHECK-NEXT: OpStore %param_var_group [[xy]]
[numthreads(8, 4, 1)]
void main(uint id : SV_DispatchThreadID, uint index : SV_GroupIndex, int2 group : SV_GroupID) {
  Out[id] = index + group.x;
}
