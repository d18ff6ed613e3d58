// <vk/spirv.h> is built in: its SPIR-V enums (generated from the grammar)
// and helpers are visible.
// RUN: %hlsl2spirv -T cs_6_0 -E main -fsyntax-only %s
// RUN: %hlsl2spirv -T cs_6_0 -E main -P %s | FileCheck %s

// CHECK: enum Scope {
// CHECK: ScopeSubgroup = 3,
// CHECK: enum MemoryAccessMask {
// CHECK: MemoryAccessAlignedMask = 0x00000002,
// CHECK: WorkgroupSpirvPointer<T> GetGroupSharedAddress(
#include <vk/spirv.h>

groupshared float shared_data[64];

[numthreads(64, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  vk::WorkgroupSpirvPointer<float[64]> p = vk::GetGroupSharedAddress(shared_data);
  uint scope = vk::ScopeSubgroup + vk::StorageClassWorkgroup + vk::MemoryAccessAlignedMask;
}
