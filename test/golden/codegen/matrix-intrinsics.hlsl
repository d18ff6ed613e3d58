// Intrinsics SPIR-V only has for vectors go row by row on matrices;
// transpose of an integer matrix is rebuilt element by element (read row
// by row, as DXC does).
// RUN: %hlsl2spirv -fcgl -T ps_6_0 -E main %s | FileCheck %s
// RUN: %hlsl2spirv -T ps_6_0 -E main %s

float4 main(float2x2 m : M, int2x3 n : N) : SV_Target {
// CHECK-LABEL: %src_main = OpFunction
// CHECK:      [[m:%[0-9]+]] = OpLoad %mat2v2float %m
// CHECK-NEXT: [[r0:%[0-9]+]] = OpCompositeExtract %v2float [[m]] 0
// CHECK-NEXT: [[s0:%[0-9]+]] = OpExtInst %v2float {{%[0-9]+}} FClamp [[r0]] {{%[0-9]+}} {{%[0-9]+}}
// CHECK-NEXT: [[r1:%[0-9]+]] = OpCompositeExtract %v2float [[m]] 1
// CHECK-NEXT: [[s1:%[0-9]+]] = OpExtInst %v2float {{%[0-9]+}} FClamp [[r1]] {{%[0-9]+}} {{%[0-9]+}}
// CHECK-NEXT: [[s:%[0-9]+]] = OpCompositeConstruct %mat2v2float [[s0]] [[s1]]
// CHECK-NEXT: OpStore %s [[s]]
  float2x2 s = saturate(m);

// CHECK:      [[n:%[0-9]+]] = OpLoad %_arr_v3int_uint_2 %n
// CHECK-NEXT: [[e00:%[0-9]+]] = OpCompositeExtract %int [[n]] 0 0
// CHECK-NEXT: [[e01:%[0-9]+]] = OpCompositeExtract %int [[n]] 0 1
// CHECK:      [[t:%[0-9]+]] = OpCompositeConstruct %_arr_v2int_uint_3
// CHECK-NEXT: OpStore %t [[t]]
  int3x2 t = transpose(n);
  return float4(s._m00, s._m11, t._m00, t._m21);
}
