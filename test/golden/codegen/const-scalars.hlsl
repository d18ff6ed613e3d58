// A file-scope const scalar with a constant initializer (a static const
// global or a static const member) is used as a constant, as DXC does;
// a const vector stays a variable.
// RUN: %hlsl2spirv -fcgl -T ps_6_0 -E main %s | FileCheck %s
// RUN: %hlsl2spirv -T ps_6_0 -E main %s

static const int Count = 4;
static const float4 Tint = float4(1, 0.5, 0.25, 1);
struct Limits { static const uint Max; };
static const uint Limits::Max = 7;

// CHECK: %Tint = OpVariable %_ptr_Private_v4float Private

float4 main(uint i : I) : SV_Target {
// CHECK-LABEL: %src_main = OpFunction
// CHECK:      [[i:%[0-9]+]] = OpLoad %uint %i
// CHECK-NEXT: [[m:%[0-9]+]] = OpExtInst %uint {{%[0-9]+}} UMin [[i]] %uint_7
  uint k = min(i, Limits::Max);
// CHECK:      OpStore %n %int_4
  int n = Count;
// CHECK:      [[t:%[0-9]+]] = OpLoad %v4float %Tint
  return Tint * (k + n);
}
