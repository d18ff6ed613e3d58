// sizeof is the size under the scalar layout, folded into constants where
// it is converted. An enum is the size of its underlying integer, and
// aligns a struct member to it (clang's sizeof, which DXC folds).
// RUN: %hlsl2spirv -fcgl -T ps_6_0 -E main %s | FileCheck %s
// RUN: %hlsl2spirv -T ps_6_0 -E main %s

struct Pair { float3 a; float3 b; };
struct Empty {};
enum Wide : uint64_t { W0 };
enum Narrow : uint { N0 };
struct Enums { Wide w; Narrow n; };

int main() : SV_Target {
// CHECK-LABEL: %src_main = OpFunction
// CHECK: OpStore %s %uint_24
  uint s = sizeof(Pair);
// CHECK: OpStore %t %int_16
  int t = sizeof(int2x2);
// CHECK: OpStore %e %uint_0
  uint e = sizeof(Empty);
// CHECK: OpStore %ew %uint_8
  uint ew = sizeof(Wide);
// CHECK: OpStore %en %uint_4
  uint en = sizeof(Narrow);
// CHECK: OpStore %es %uint_16
  uint es = sizeof(Enums);
  return s + t + e + ew + en + es;
}
