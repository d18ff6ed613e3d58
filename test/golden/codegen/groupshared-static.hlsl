// `static groupshared` is groupshared memory: DXC ignores the static and
// puts the variable in Workgroup storage, like a plain groupshared one.
// RUN: %hlsl2spirv -T cs_6_0 -E main %s | FileCheck %s

// CHECK: %shared = OpVariable %_ptr_Workgroup__arr_uint_uint_64 Workgroup
// CHECK: %partial = OpVariable %_ptr_Workgroup_uint Workgroup
static groupshared uint shared[64];
groupshared uint partial;
RWStructuredBuffer<uint> output;

[numthreads(64, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  shared[id.x] = id.x;
  if (id.x == 0) partial = 1;
  GroupMemoryBarrierWithGroupSync();
  output[id.x] = shared[63 - id.x] + partial;
}
