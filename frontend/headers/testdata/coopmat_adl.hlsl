// The multiply-add functions found by argument-dependent lookup, as C++
// finds them (and DXC, which is clang): the arguments are of classes in
// vk::khr.

#include <vk/khr/cooperative_matrix.h>

RWStructuredBuffer<int> buf;

[numthreads(32, 1, 1)] void main() {
  using A = vk::khr::CooperativeMatrixA<int, vk::ScopeSubgroup, 16, 8>;
  using B = vk::khr::CooperativeMatrixB<int, vk::ScopeSubgroup, 8, 16>;
  using C = vk::khr::CooperativeMatrixAccumulator<int, vk::ScopeSubgroup, 16, 16>;
  A a = A::Splat(1);
  B b = B::Splat(2);
  C c = C::Splat(3);
  c = cooperativeMatrixMultiplyAdd(a, b, c);
  c = cooperativeMatrixSaturatingMultiplyAdd(a, b, c);
  c.Store<vk::CooperativeMatrixLayoutRowMajorKHR>(buf, 0, 16);
}
