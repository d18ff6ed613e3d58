// vk::WorkgroupSpirvPointer and vk::GetGroupSharedAddress from <vk/spirv.h>:
// the pointer type is the module's own Workgroup pointer type, so the
// address (OpCopyObject of the element's access chain) loads like any
// pointer. Keeping such a pointer in a local or parameter needs
// VariablePointers, unless the optimizer forwards it (the default -O3
// pipeline, as DXC's legalization does); without either the compiler says
// so instead of emitting invalid SPIR-V (and so it does for a pointer the
// optimizer leaves in memory or chosen at run time: frontend's tests).
// RUN: %hlsl2spirv -fcgl -T cs_6_0 -E main -HV 2021 -fspv-target-env=vulkan1.3 %s | FileCheck %s
// RUN: %hlsl2spirv -T cs_6_0 -E main -HV 2021 -fspv-target-env=vulkan1.3 %s
// RUN: %hlsl2spirv -T cs_6_0 -E main -O3 -HV 2021 -fspv-target-env=vulkan1.3 -DNO_VARIABLE_POINTERS %s | FileCheck %s --check-prefix=OPT
// RUN: not %hlsl2spirv -T cs_6_0 -E main -HV 2021 -fspv-target-env=vulkan1.3 -O0 -DNO_VARIABLE_POINTERS %s 2>&1 | FileCheck %s --check-prefix=ERR

// OPT-NOT: OpCapability VariablePointers
// OPT: [[elem:%[0-9]+]] = OpAccessChain %_ptr_Workgroup_int %shared_data %int_5
// OPT: OpLoad %int [[elem]]

#include <vk/spirv.h>

RWStructuredBuffer<int> data;
groupshared int shared_data[64];

[[vk::ext_instruction(/* OpLoad */ 61)]]
int Load(vk::WorkgroupSpirvPointer<int> p);

// CHECK: OpCapability VariablePointers
// CHECK: [[ptr:%_ptr_Workgroup_int]] = OpTypePointer Workgroup %int
// CHECK-NOT: OpTypePointer Workgroup %int
// CHECK: [[elem:%[0-9]+]] = OpAccessChain [[ptr]] %shared_data %int_5
// CHECK: [[addr:%[0-9]+]] = OpCopyObject [[ptr]] [[elem]]
// CHECK: OpStore %p [[addr]]
// CHECK: [[p:%[0-9]+]] = OpLoad [[ptr]] %p
// CHECK: OpLoad %int [[p]]
#ifndef NO_VARIABLE_POINTERS
[[vk::ext_capability(/* VariablePointers */ 4442)]]
#endif
[numthreads(64, 1, 1)]
void main(uint id : SV_GroupIndex) {
  shared_data[id] = int(id);
  GroupMemoryBarrierWithGroupSync();
// ERR: workgroup-pointer.hlsl:[[@LINE+1]]:3: error: a variable or parameter of SPIR-V pointer type WorkgroupSpirvPointer needs the VariablePointers capability
  vk::WorkgroupSpirvPointer<int> p = vk::GetGroupSharedAddress(shared_data[5]);
  data[id] = Load(p);
}
