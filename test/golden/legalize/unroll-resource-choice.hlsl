// In an unrolled [unroll] loop a condition over the loop variable is a
// constant in each copy, so a local resource chosen by it is known in each
// copy: what DXC's legalization gets by unrolling first.
// RUN: %hlsl2spirv -T cs_6_0 -E main %s | FileCheck %s

// CHECK: OpAccessChain %_ptr_Uniform_v4float %first %int_0 %uint_0
// CHECK: OpAccessChain %_ptr_Uniform_v4float %second %int_0 %uint_1
// CHECK: OpAccessChain %_ptr_Uniform_v4float %second %int_0 %uint_2
// CHECK-NOT: OpLoopMerge

StructuredBuffer<float4> first;
StructuredBuffer<float4> second;
RWStructuredBuffer<float4> result;

[numthreads(1, 1, 1)]
void main() {
  StructuredBuffer<float4> pick;
  [unroll] for (int i = 0; i < 3; i++) {
    if (i == 0) {
      pick = first;
    } else {
      pick = second;
    }
    result[i] = pick[i];
  }
}
