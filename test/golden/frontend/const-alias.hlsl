// A variable declared with an alias of a const-qualified type (typedef,
// using, or an alias template such as vk::WorkgroupSpirvPointer<T> from
// <vk/spirv.h>) is const, as in clang: assigning it is an error.
// RUN: %hlsl2spirv -T cs_6_0 -E main -O3 -HV 2021 -fspv-target-env=vulkan1.3 %s | FileCheck %s
// RUN: not %hlsl2spirv -T cs_6_0 -E main -HV 2021 -fspv-target-env=vulkan1.3 -DASSIGN %s 2>&1 | FileCheck %s --check-prefix=ERR

#include <vk/spirv.h>

typedef const int ConstInt;
using ConstFloat = const float;
typedef ConstInt AlsoConst;

RWStructuredBuffer<float> data;
groupshared int shared_data[4];

[[vk::ext_instruction(/* OpLoad */ 61)]]
int Load(vk::WorkgroupSpirvPointer<int> p);

// CHECK: OpStore
[numthreads(1, 1, 1)]
void main() {
  ConstInt a = 1;
  ConstFloat b = 2;
  AlsoConst c = 3;
  shared_data[0] = 4;
  vk::WorkgroupSpirvPointer<int> p = vk::GetGroupSharedAddress(shared_data[0]);
#ifdef ASSIGN
// ERR: const-alias.hlsl:[[@LINE+1]]:5: error: cannot assign to variable 'a' with const-qualified type
  a = 5;
// ERR: const-alias.hlsl:[[@LINE+1]]:5: error: cannot assign to variable 'b' with const-qualified type
  b = 6;
// ERR: const-alias.hlsl:[[@LINE+1]]:5: error: cannot assign to variable 'c' with const-qualified type
  c = 7;
// ERR: const-alias.hlsl:[[@LINE+1]]:5: error: cannot assign to variable 'p' with const-qualified type
  p = vk::GetGroupSharedAddress(shared_data[1]);
#endif
  data[0] = a + b + c + Load(p);
}
