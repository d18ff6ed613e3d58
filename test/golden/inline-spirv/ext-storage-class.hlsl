// [[vk::ext_storage_class(N)]] puts a variable in storage class N instead of
// the one its declaration implies: a static global keeps the wrapper's
// initialization (a null store here), a non-static global leaves $Globals
// and takes a binding only in a descriptor class, and a local outside the
// Function class becomes a module-scope variable whose initializer is
// stored where it is declared. A storage class SPIR-V does not have is an
// error at the operand.
// RUN: %hlsl2spirv -fcgl -T cs_6_0 -E main %s | FileCheck %s
// RUN: %hlsl2spirv -T cs_6_0 -E main %s
// RUN: not %hlsl2spirv -T cs_6_0 -E main -DBAD_CLASS %s 2>&1 | FileCheck %s --check-prefix=BAD

RWStructuredBuffer<uint> results;

// CHECK-DAG: OpDecorate %results Binding 0
// CHECK-DAG: OpDecorate %_Globals Binding 1
// CHECK-DAG: OpMemberName %type__Globals 0 "tint"
// CHECK-NOT: OpMemberName %type__Globals 1
// CHECK-NOT: OpDecorate %tally Binding
// CHECK-DAG: [[wg:%[_a-zA-Z0-9]+]] = OpTypePointer Workgroup %uint
// CHECK-DAG: [[priv:%[_a-zA-Z0-9]+]] = OpTypePointer Private %uint
// CHECK-DAG: %tally = OpVariable [[wg]] Workgroup
// CHECK-DAG: %scratch = OpVariable [[priv]] Private
[[vk::ext_storage_class(/* Workgroup */ 4)]]
static uint tally;

float4 tint;

#ifdef BAD_CLASS
// BAD: ext-storage-class.hlsl:[[@LINE+1]]:25: error: Invalid storage class operand: 77
[[vk::ext_storage_class(77)]]
static uint nowhere;
#endif

// CHECK: %main = OpFunction
// CHECK: OpStore %tally {{%[0-9]+}}
// CHECK: %src_main = OpFunction
// CHECK: [[twice:%[0-9]+]] = OpIMul %uint {{%[0-9]+}} %uint_2
// CHECK: OpStore %scratch [[twice]]
[numthreads(8, 1, 1)]
void main(uint tid : SV_GroupIndex) {
  [[vk::ext_storage_class(/* Private */ 6)]]
  uint scratch = tid * 2;
  if (tid == 0)
    tally = 0;
  GroupMemoryBarrierWithGroupSync();
  if (tid == 1)
    tally += scratch;
  GroupMemoryBarrierWithGroupSync();
  results[tid] = tally + (uint)tint.x;
}
