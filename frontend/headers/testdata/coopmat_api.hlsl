// Every member and free function of <vk/khr/cooperative_matrix.h>, called
// the way a shader calls them. TYPE is the component type (-D).

#include <vk/khr/cooperative_matrix.h>

StructuredBuffer<TYPE> ro;
RWStructuredBuffer<TYPE> rw;
globallycoherent RWStructuredBuffer<TYPE> coherent;
groupshared TYPE tile[256];

using MatA = vk::khr::CooperativeMatrixA<TYPE, vk::ScopeSubgroup, 16, 8>;
using MatB = vk::khr::CooperativeMatrixB<TYPE, vk::ScopeSubgroup, 8, 16>;
using MatC = vk::khr::CooperativeMatrixAccumulator<TYPE, vk::ScopeSubgroup, 16, 16>;

[numthreads(32, 1, 1)] void main(uint3 id : SV_DispatchThreadID) {
  // Loads, with and without memory operands, from every kind of memory.
  MatA a = MatA::Load<vk::CooperativeMatrixLayoutRowMajorKHR>(rw, 0, 8);
  a = MatA::Load<vk::MemoryAccessNontemporalMask, vk::CooperativeMatrixLayoutRowMajorKHR>(rw, 16, 8);
  MatB b = MatB::Load<vk::CooperativeMatrixLayoutColumnMajorKHR>(ro, id.x, 8);
  b = MatB::Load<vk::MemoryAccessMaskNone, vk::CooperativeMatrixLayoutColumnMajorKHR>(ro, 4, 8);
  MatC c = MatC::CoherentLoad<vk::CooperativeMatrixLayoutRowMajorKHR>(coherent, 0, 16);
  c = MatC::CoherentLoad<vk::MemoryAccessNontemporalMask, vk::CooperativeMatrixLayoutRowMajorKHR>(coherent, 0, 16);
  MatA s = MatA::Load<vk::CooperativeMatrixLayoutRowMajorKHR>(vk::GetGroupSharedAddress(tile[0]), 8);
  s = MatA::Load<vk::MemoryAccessNontemporalMask, vk::CooperativeMatrixLayoutRowMajorKHR>(vk::GetGroupSharedAddress(tile[64]), 8);

  // Element-wise arithmetic.
  MatA t = a + s;
  t = t - a;
  t = t * s;
  t = t / a;
  t = t * 3;
  t = t.negate();
  MatA u = MatA::Splat(2);

  // Components.
  uint n = MatA::GetLength();
  for (uint i = 0; i < n; ++i) {
    TYPE v = t.Get(i);
    u.Set(v, i);
  }
  n = u.GetLength();

  // Conversion to another component type.
  vk::khr::CooperativeMatrixA<float, vk::ScopeSubgroup, 16, 8> f = u.cast<float>();

  // Multiply-add, called by its qualified name.
  c = vk::khr::cooperativeMatrixMultiplyAdd(a, b, c);
  c = vk::khr::cooperativeMatrixSaturatingMultiplyAdd(a, b, c);

  // Stores, as the loads.
  c.Store<vk::CooperativeMatrixLayoutRowMajorKHR>(rw, 0, 16);
  c.Store<vk::MemoryAccessNontemporalMask, vk::CooperativeMatrixLayoutRowMajorKHR>(rw, 0, 16);
  c.CoherentStore<vk::CooperativeMatrixLayoutRowMajorKHR>(coherent, 0, 16);
  c.CoherentStore<vk::MemoryAccessNontemporalMask, vk::CooperativeMatrixLayoutRowMajorKHR>(coherent, 0, 16);
  t.Store<vk::CooperativeMatrixLayoutColumnMajorKHR>(vk::GetGroupSharedAddress(tile[0]), 8);
  t.Store<vk::MemoryAccessNontemporalMask, vk::CooperativeMatrixLayoutColumnMajorKHR>(vk::GetGroupSharedAddress(tile[128]), 8);
}
