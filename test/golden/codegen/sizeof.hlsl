// sizeof is the size under the scalar layout, folded into constants where
// it is converted.
// RUN: %hlsl2spirv -fcgl -T ps_6_0 -E main %s | FileCheck %s
// RUN: %hlsl2spirv -T ps_6_0 -E main %s

struct Pair { float3 a; float3 b; };
struct Empty {};

int main() : SV_Target {
// CHECK-LABEL: %src_main = OpFunction
// CHECK: OpStore %s %uint_24
  uint s = sizeof(Pair);
// CHECK: OpStore %t %int_16
  int t = sizeof(int2x2);
// CHECK: OpStore %e %uint_0
  uint e = sizeof(Empty);
  return s + t + e;
}
