// Casts to structs and arrays: a constant zero is OpConstantNull, a scalar
// is converted for each member and spread, a struct built from a struct
// takes its members one level at a time (the unused ones are dropped by
// dead-code elimination). The locals leave memory: members are read from
// the values built.
// RUN: %hlsl2spirv -T ps_6_0 -E main %s | FileCheck %s

struct Inner { float2 p; };
struct Outer { Inner in0; int k[2]; };
struct Wrap { float2 p; };

// CHECK: [[null:%[0-9]+]] = OpConstantNull %Outer

float4 main(int x : X) : SV_Target {
// CHECK: OpCompositeExtract %Inner [[null]] 0
  Outer zero = (Outer)0;

// CHECK:      [[x:%[0-9]+]] = OpLoad %int %x
// CHECK-NEXT: [[f:%[0-9]+]] = OpConvertSToF %float [[x]]
// CHECK-NEXT: [[f2:%[0-9]+]] = OpCompositeConstruct %v2float [[f]] [[f]]
// CHECK-NEXT: [[in:%[0-9]+]] = OpCompositeConstruct %Inner [[f2]]
// CHECK-NEXT: [[k:%[0-9]+]] = OpCompositeConstruct %_arr_int_uint_2 [[x]] [[x]]
// CHECK-NEXT: [[o:%[0-9]+]] = OpCompositeConstruct %Outer [[in]] [[k]]
  Outer spread = (Outer)x;

// CHECK-NEXT: [[s0:%[0-9]+]] = OpCompositeExtract %Inner [[o]] 0
// CHECK-NEXT: [[p:%[0-9]+]] = OpCompositeExtract %v2float [[s0]] 0
// CHECK-NEXT: [[w:%[0-9]+]] = OpCompositeConstruct %Wrap [[p]]
  Wrap w = (Wrap)spread;

  return float4(w.p, zero.in0.p);
}
