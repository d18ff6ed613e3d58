// In an unrolled [unroll] loop a condition over the loop variable is a
// constant in each copy, so a local resource chosen by it is known in each
// copy once the -O passes fold it. At -O0 the legalization alone leaves
// the choice in an OpPhi of pointers (its loop-unroll runs after the
// memory-to-SSA rewrite and its branch elimination before the folding that
// would decide it), as spirv-opt's --legalize-hlsl does for DXC: the same
// 'failed to legalize' error, at the condition.
// RUN: %hlsl2spirv -T cs_6_0 -E main %s | FileCheck %s
// RUN: not %hlsl2spirv -T cs_6_0 -E main -O0 %s 2>&1 | FileCheck %s --check-prefix=O0

// O0: unroll-resource-choice.hlsl:[[@LINE+15]]:{{[0-9]+}}: error: failed to legalize SPIR-V: Using pointers with OpPhi requires capability VariablePointers

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
