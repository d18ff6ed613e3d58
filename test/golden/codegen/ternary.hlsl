// ?: before HLSL 2021 evaluates everything: the condition is converted
// and splatted first, matrices go through if/else into a temporary, and
// literal branches take the type of their use.
// RUN: %hlsl2spirv -fcgl -T ps_6_0 -E main -HV 2018 %s | FileCheck %s
// RUN: %hlsl2spirv -T ps_6_0 -E main -HV 2018 %s

float4 main(float f : F, int3 a : A, int3 b : B, float2x2 m : M, uint x : X) : SV_Target {
// CHECK-LABEL: %src_main = OpFunction
// CHECK:      [[f:%[0-9]+]] = OpLoad %float %f
// CHECK-NEXT: [[c:%[0-9]+]] = OpFOrdNotEqual %bool [[f]] %float_0
// CHECK-NEXT: [[c3:%[0-9]+]] = OpCompositeConstruct %v3bool [[c]] [[c]] [[c]]
// CHECK-NEXT: [[a:%[0-9]+]] = OpLoad %v3int %a
// CHECK-NEXT: [[b:%[0-9]+]] = OpLoad %v3int %b
// CHECK-NEXT: [[s:%[0-9]+]] = OpSelect %v3int [[c3]] [[a]] [[b]]
// CHECK-NEXT: OpStore %v [[s]]
  int3 v = f ? a : b;

// CHECK:      OpSelectionMerge %if_merge None
// CHECK-NEXT: OpBranchConditional {{%[0-9]+}} %if_true %if_false
// CHECK-NEXT: %if_true = OpLabel
// CHECK-NEXT: OpStore %temp_var_ternary
// CHECK:      %if_merge = OpLabel
// CHECK-NEXT: [[mm:%[0-9]+]] = OpLoad %mat2v2float %temp_var_ternary
// CHECK-NEXT: OpStore %n [[mm]]
  float2x2 n = (x > 3) ? m : (float2x2)0;

// CHECK:      [[lit:%[0-9]+]] = OpSelect %long {{%[0-9]+}} %long_1 %long_0
// CHECK-NEXT: [[u:%[0-9]+]] = OpBitcast %ulong [[lit]]
// CHECK-NEXT: OpStore %wide [[u]]
  uint64_t wide = x < 64 ? 1 : 0;

  return float4(v, n._m00) + (float)wide;
}
