// A path that falls off the end of a non-void function returns an
// undefined value of the result type, as DXC does.
// RUN: %hlsl2spirv -fcgl -T ps_6_0 -E main %s | FileCheck %s
// RUN: %hlsl2spirv -T ps_6_0 -E main -fcgl %s | FileCheck %s
// RUN: %hlsl2spirv -T ps_6_0 -E main %s

// CHECK: [[undef:%[0-9]+]] = OpUndef %v2float
float2 pick(int mode) {
  if (mode == 0) return float2(1, 0);
  if (mode == 1) return float2(0, 1);
}

// CHECK: %pick = OpFunction %v2float
// CHECK: OpReturnValue
// CHECK: OpReturnValue
// CHECK: OpReturnValue [[undef]]
// CHECK-NEXT: OpFunctionEnd
float4 main(nointerpolation int mode : MODE) : SV_Target {
  return float4(pick(mode), 0, 1);
}
