// Casts to structs and arrays: a constant zero is OpConstantNull, a scalar
// is converted for each member and spread, a struct built from a struct
// takes its members one level at a time. The emitter's code (-fcgl) is
// checked; optimized, everything folds to the value returned.
// RUN: %hlsl2spirv -T ps_6_0 -E main -fcgl %s | FileCheck %s
// RUN: %hlsl2spirv -T ps_6_0 -E main %s | FileCheck %s --check-prefix=OPT

// CHECK: [[null:%[0-9]+]] = OpConstantNull %Outer
// OPT: [[zero:%[0-9]+]] = OpConstantNull %float

struct Inner { float2 p; };
struct Outer { Inner in0; int k[2]; };
struct Wrap { float2 p; };

float4 main(int x : X) : SV_Target {
// CHECK: OpStore %zero [[null]]
  Outer zero = (Outer)0;

// CHECK:      [[x:%[0-9]+]] = OpLoad %int %x
// CHECK-NEXT: [[f:%[0-9]+]] = OpConvertSToF %float [[x]]
// CHECK-NEXT: [[f2:%[0-9]+]] = OpCompositeConstruct %v2float [[f]] [[f]]
// CHECK-NEXT: [[in:%[0-9]+]] = OpCompositeConstruct %Inner [[f2]]
// CHECK-NEXT: [[k:%[0-9]+]] = OpCompositeConstruct %_arr_int_uint_2 [[x]] [[x]]
// CHECK-NEXT: [[o:%[0-9]+]] = OpCompositeConstruct %Outer [[in]] [[k]]
// CHECK-NEXT: OpStore %spread [[o]]
  Outer spread = (Outer)x;

// CHECK:      [[s:%[0-9]+]] = OpLoad %Outer %spread
// CHECK-NEXT: [[s0:%[0-9]+]] = OpCompositeExtract %Inner [[s]] 0
// CHECK-NEXT: [[s1:%[0-9]+]] = OpCompositeExtract %_arr_int_uint_2 [[s]] 1
// CHECK-NEXT: [[p:%[0-9]+]] = OpCompositeExtract %v2float [[s0]] 0
// CHECK-NEXT: [[w:%[0-9]+]] = OpCompositeConstruct %Wrap [[p]]
// CHECK-NEXT: OpStore %w [[w]]
  Wrap w = (Wrap)spread;

// OPT:      [[x:%[0-9]+]] = OpLoad %int %in_var_X
// OPT-NEXT: [[f:%[0-9]+]] = OpConvertSToF %float [[x]]
// OPT-NEXT: [[r:%[0-9]+]] = OpCompositeConstruct %v4float [[f]] [[f]] [[zero]] [[zero]]
// OPT-NEXT: OpStore %out_var_SV_Target [[r]]
  return float4(w.p, zero.in0.p);
}
