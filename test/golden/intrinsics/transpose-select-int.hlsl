// transpose of an integer or bool matrix (an array of rows) reads every
// element row by row, then builds the columns, as DXC does; select on two
// integer literals that do not fit 32 bits chooses between 64-bit ints
// (the value is not wrapped).
// RUN: %hlsl2spirv -T ps_6_0 -E main -fcgl %s | FileCheck %s
// RUN: %hlsl2spirv -T ps_6_0 -E main %s | FileCheck %s --check-prefix=OPT

// CHECK-LABEL: %src_main = OpFunction
// CHECK:      [[p:%[0-9]+]] = OpLoad %_arr_v3int_uint_2 %p
// CHECK-NEXT: [[p00:%[0-9]+]] = OpCompositeExtract %int [[p]] 0 0
// CHECK-NEXT: [[p01:%[0-9]+]] = OpCompositeExtract %int [[p]] 0 1
// CHECK-NEXT: [[p02:%[0-9]+]] = OpCompositeExtract %int [[p]] 0 2
// CHECK-NEXT: [[p10:%[0-9]+]] = OpCompositeExtract %int [[p]] 1 0
// CHECK-NEXT: [[p11:%[0-9]+]] = OpCompositeExtract %int [[p]] 1 1
// CHECK-NEXT: [[p12:%[0-9]+]] = OpCompositeExtract %int [[p]] 1 2
// CHECK-NEXT: [[c0:%[0-9]+]] = OpCompositeConstruct %v2int [[p00]] [[p10]]
// CHECK-NEXT: [[c1:%[0-9]+]] = OpCompositeConstruct %v2int [[p01]] [[p11]]
// CHECK-NEXT: [[c2:%[0-9]+]] = OpCompositeConstruct %v2int [[p02]] [[p12]]
// CHECK-NEXT: OpCompositeConstruct %_arr_v2int_uint_3 [[c0]] [[c1]] [[c2]]

// CHECK:      [[sel:%[0-9]+]] = OpSelect %long {{%[0-9]+}} %long_3000000000 %long_4000000000
// CHECK-NEXT: OpConvertSToF %double [[sel]]
// CHECK:      OpSelect %int {{%[0-9]+}} %int_1 %int_0

// OPT: OpSelect %long {{%[0-9]+}} %long_3000000000 %long_4000000000
static int2x3 p;

float4 main(uint c : C) : SV_Target {
  bool cond = c > 2;
  int3x2 pt = transpose(p);
  double big = select(cond, 3000000000, 4000000000);
  int small = select(cond, 1, 0);
  return float4(pt[2][1], (float)big, small, 0);
}
