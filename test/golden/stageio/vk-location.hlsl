// [[vk::location(N)]] on every input of a stage places them explicitly;
// giving it to some inputs only is dxc's error.
// RUN: %hlsl2spirv -T ps_6_0 -E main %s | FileCheck %s
// RUN: not %hlsl2spirv -T ps_6_0 -E main -DPARTIAL %s 2>&1 | FileCheck %s --check-prefix=ERR

// CHECK: OpDecorate %in_var_A Location 3
// CHECK-NEXT: OpDecorate %in_var_B Location 0
// ERR: error: partial explicit stage input location assignment via vk::location(X) unsupported

#ifdef PARTIAL
#define LOC_B
#else
#define LOC_B [[vk::location(0)]]
#endif

float4 main([[vk::location(3)]] float4 a : A, LOC_B float4 b : B) : SV_Target {
  return a + b;
}
