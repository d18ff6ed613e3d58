// <vk/khr/cooperative_matrix.h>: a cooperative matrix is a class template
// holding an OpTypeCooperativeMatrixKHR value (vk::SpirvOpaqueType); its
// loads and stores from buffers and groupshared memory, multiply-add,
// arithmetic, conversions, splats, length and element access are inline
// SPIR-V, generated as written (calls taking buffers or matrices are
// inlined). Debian's spirv-val 2023.1 does not know SPV_KHR_cooperative_matrix:
// -Vd.
// RUN: %hlsl2spirv -T cs_6_0 -E main -fspv-target-env=vulkan1.3 -Vd %s | FileCheck %s
// RUN: not %hlsl2spirv -T cs_6_0 -E main -fspv-target-env=vulkan1.1 %s 2>&1 | FileCheck %s --check-prefix=OLD

// OLD: error: "CooperativeMatrix requires a minimum of SPIR-V 1.6"

// CHECK-DAG: OpCapability CooperativeMatrixKHR
// CHECK-DAG: OpExtension "SPV_KHR_cooperative_matrix"
// CHECK-DAG: [[A:%spirvIntrinsicType[_0-9]*]] = OpTypeCooperativeMatrixKHR %float %uint_3 %uint_16 %uint_8 %uint_0
// CHECK-DAG: [[B:%spirvIntrinsicType[_0-9]*]] = OpTypeCooperativeMatrixKHR %float %uint_3 %uint_8 %uint_16 %uint_1
// CHECK-DAG: [[C:%spirvIntrinsicType[_0-9]*]] = OpTypeCooperativeMatrixKHR %float %uint_3 %uint_16 %uint_16 %uint_2
// CHECK-DAG: [[CI:%spirvIntrinsicType[_0-9]*]] = OpTypeCooperativeMatrixKHR %int %uint_3 %uint_16 %uint_16 %uint_2

#include <vk/khr/cooperative_matrix.h>

RWStructuredBuffer<float> buf;
RWStructuredBuffer<int> ints;
groupshared float tile[256];

using MatA = vk::khr::CooperativeMatrixA<float, vk::ScopeSubgroup, 16, 8>;
using MatB = vk::khr::CooperativeMatrixB<float, vk::ScopeSubgroup, 8, 16>;
using Acc = vk::khr::CooperativeMatrixAccumulator<float, vk::ScopeSubgroup, 16, 16>;

[numthreads(32, 1, 1)]
void main() {
// CHECK:      OpCooperativeMatrixLoadKHR [[A]] {{%[0-9a-z_]+}} %int_0 {{%[0-9a-z_]+}} None
  MatA a = MatA::Load<vk::CooperativeMatrixLayoutRowMajorKHR>(buf, 0, 8);
// the groupshared load is coherent: NonPrivatePointer|MakePointerVisible at Workgroup scope
// (the address's copy folds away)
// CHECK:      [[p:%[0-9]+]] = OpAccessChain %_ptr_Workgroup_float %tile %int_0
// CHECK:      OpCooperativeMatrixLoadKHR [[B]] [[p]] %int_1 {{%[0-9a-z_]+}} MakePointerVisible|NonPrivatePointer %int_2
  MatB b = MatB::Load<vk::CooperativeMatrixLayoutColumnMajorKHR>(vk::GetGroupSharedAddress(tile[0]), 16);
// (c leaves memory; the splat of a constant stays a construct, which the
// folder leaves alone as spirv-opt has no constants of cooperative matrices)
// CHECK-NOT:  OpConstantComposite [[C]]
// CHECK:      [[splat:%[0-9]+]] = OpCompositeConstruct [[C]] %float_0
  Acc c = Acc::Splat(0);
// CHECK-NEXT: OpCooperativeMatrixMulAddKHR [[C]] {{%[0-9a-z_]+}} {{%[0-9a-z_]+}} [[splat]] NoneKHR
  c = cooperativeMatrixMultiplyAdd(a, b, c);
// CHECK:      OpMatrixTimesScalar [[C]] {{%[0-9a-z_]+}} %float_0_5
// CHECK:      OpFAdd [[C]]
  c = c + c * 0.5;
// (The methods are inlined.)
// CHECK:      OpConvertFToS [[CI]]
  vk::khr::CooperativeMatrixAccumulator<int, vk::ScopeSubgroup, 16, 16> ci = c.cast<int>();
// CHECK:      OpCooperativeMatrixLengthKHR %uint [[CI]]
// CHECK:      [[e:%[0-9]+]] = OpAccessChain %_ptr_Function_int {{%[0-9a-z_]+}}
// CHECK:      OpLoad %int [[e]]
  for (uint i = 0; i < ci.GetLength(); ++i)
    ci.Set(ci.Get(i) * 2, i);
// CHECK:      OpCooperativeMatrixStoreKHR {{%[0-9a-z_]+}} {{%[0-9a-z_]+}} %int_0 {{%[0-9a-z_]+}} None
// CHECK:      OpCooperativeMatrixStoreKHR {{%[0-9a-z_]+}} {{%[0-9a-z_]+}} %int_1 {{%[0-9a-z_]+}} None
  c.Store<vk::CooperativeMatrixLayoutRowMajorKHR>(buf, 128, 16);
  ci.Store<vk::CooperativeMatrixLayoutColumnMajorKHR>(ints, 0, 16);
}
// CHECK-NOT:  OpFunctionCall
