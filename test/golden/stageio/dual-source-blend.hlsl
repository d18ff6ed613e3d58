// Dual-source blending: [[vk::location(0), vk::index(N)]] on pixel shader
// outputs gives both Location 0, told apart by the Index decoration.
// RUN: %hlsl2spirv -T ps_6_0 -E main %s | FileCheck %s

// CHECK: OpDecorate %out_var_SV_Target0 Location 0
// CHECK-NEXT: OpDecorate %out_var_SV_Target0 Index 0
// CHECK-NEXT: OpDecorate %out_var_SV_Target1 Location 0
// CHECK-NEXT: OpDecorate %out_var_SV_Target1 Index 1

struct Out {
  [[vk::location(0), vk::index(0)]] float4 color : SV_Target0;
  [[vk::location(0), vk::index(1)]] float4 weight : SV_Target1;
};

Out main(float4 c : COLOR) {
  Out o;
  o.color = c;
  o.weight = 1 - c.a;
  return o;
}
