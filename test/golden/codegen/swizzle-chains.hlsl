// Swizzles of swizzles condense into one selection; a selection that
// repeats a component is not an lvalue: the vector is read and selected
// from. A swizzle of a constant folds when it is converted as a whole.
// RUN: %hlsl2spirv -fcgl -T ps_6_0 -E main %s | FileCheck %s
// RUN: %hlsl2spirv -T ps_6_0 -E main %s

// CHECK: [[half:%[0-9]+]] = OpConstantComposite %v4float %float_0_5 %float_0_5 %float_0_5 %float_0_5

float4 main(float4 a : A) : SV_Target {
  float4 v = a;
// CHECK-LABEL: %src_main = OpFunction
// CHECK:      [[p:%[0-9]+]] = OpAccessChain %_ptr_Function_float %v %int_3
// CHECK-NEXT: OpStore [[p]] %float_1
  v.wzyx.xy.x = 1;

// CHECK-NEXT: [[v:%[0-9]+]] = OpLoad %v4float %v
// CHECK-NEXT: [[y:%[0-9]+]] = OpCompositeExtract %float [[v]] 2
// CHECK-NEXT: OpStore %f [[y]]
  float f = v.xxzy.z;

// CHECK-NEXT: OpStore %h [[half]]
  float4 h = (0.5).xxxx;
  return h * f;
}
