// Expressions over specialization constants stay specialization constants:
// integer and logical operations become OpSpecConstantOp and splats
// OpSpecConstantComposite, as DXC emits them; floating-point operations
// (Kernel-only in OpSpecConstantOp) are computed at run time.
// RUN: %hlsl2spirv -fcgl -T cs_6_0 -E main %s | FileCheck %s
// RUN: %hlsl2spirv -T cs_6_0 -E main -fcgl %s | FileCheck %s
// RUN: %hlsl2spirv -T cs_6_0 -E main %s

// CHECK-DAG: %count = OpSpecConstant %uint 4
// CHECK-DAG: %enabled = OpSpecConstantFalse %bool
// CHECK-DAG: %gain = OpSpecConstant %float 0.5
[[vk::constant_id(0)]] const uint count = 4;
[[vk::constant_id(1)]] const bool enabled = false;
[[vk::constant_id(2)]] const float gain = 0.5;

// CHECK-DAG: [[total:%[0-9]+]] = OpSpecConstantOp %uint IMul %count %uint_3
static const uint total = count * 3;

RWStructuredBuffer<uint2> results;
RWStructuredBuffer<float> scaled;

// CHECK-DAG: [[splat:%[0-9]+]] = OpSpecConstantComposite %v2uint %count %count
// CHECK-DAG: [[pick:%[0-9]+]] = OpSpecConstantOp %uint Select %enabled %uint_1 %uint_0
// CHECK: %main = OpFunction
// CHECK: OpStore %total [[total]]
// CHECK: %src_main = OpFunction
// CHECK: OpIMul %v2uint {{%[0-9]+}} [[splat]]
// CHECK: OpFMul %float {{%[0-9]+}} %gain
[numthreads(8, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  results[id.x] = id.xy * count + total + select(enabled, 1u, 0u);
  scaled[id.x] = id.x * gain;
}
