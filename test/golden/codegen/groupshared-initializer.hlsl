// A groupshared variable cannot be initialized (Workgroup memory has no
// initializer in Vulkan): its initializer is dropped with DXC's warning,
// which points at the variable, and the module is still written.
// RUN: %hlsl2spirv -T cs_6_0 -E main %s 2>&1 | FileCheck %s

// CHECK:      groupshared-initializer.hlsl:10:18: warning: Initializer of external global will be ignored
// CHECK-NEXT: groupshared uint hits = 7;
// CHECK:      %hits = OpVariable %_ptr_Workgroup_uint Workgroup{{$}}

groupshared uint hits = 7;
RWStructuredBuffer<uint> result;

[numthreads(8, 1, 1)]
void main(uint i : SV_GroupIndex) {
  InterlockedAdd(hits, 1);
  GroupMemoryBarrierWithGroupSync();
  if (i == 0) {
    result[0] = hits;
  }
}
