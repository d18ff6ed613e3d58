// A base class is member 0 of the derived struct: inherited fields are
// reached through it, the derived struct's own fields follow it, and a
// cast to the base or a base-class method call addresses that member
// (with a uint index, as DXC writes derived-to-base conversions).
// The base member's pointer is passed as the object, as DXC does; not a
// whole variable, it asks for the legalization (at -O0 too), which inlines
// the call.
// RUN: %hlsl2spirv -T ps_6_0 -E main -fcgl %s | FileCheck %s
// RUN: %hlsl2spirv -T ps_6_0 -E main %s | FileCheck %s --check-prefix=VALID
// RUN: %hlsl2spirv -T ps_6_0 -E main -O0 %s | FileCheck %s --check-prefix=VALID

struct Base {
  float4 a;
  float4 get() { return a; }
};
struct Derived : Base {
  float4 b;
};

// CHECK: %Derived = OpTypeStruct %Base %v4float

float4 main(float4 x : X) : SV_Target {
  Derived d;
// CHECK-LABEL: %src_main = OpFunction
// CHECK:      [[pa:%[0-9]+]] = OpAccessChain %_ptr_Function_v4float %d %int_0 %int_0
// CHECK-NEXT: OpStore [[pa]]
  d.a = x;
// CHECK:      [[pb:%[0-9]+]] = OpAccessChain %_ptr_Function_v4float %d %int_1
// CHECK-NEXT: OpStore [[pb]]
  d.b = x;
// CHECK-NEXT: [[base:%[0-9]+]] = OpAccessChain %_ptr_Function_Base %d %uint_0
// CHECK-NEXT: [[g:%[0-9]+]] = OpFunctionCall %v4float %Base_get [[base]]
// (Legalization inlines the method and takes d out of memory: the base
// part's member is x, and everything folds to x + x + x.)
// VALID:      [[x:%[0-9]+]] = OpLoad %v4float %in_var_X
// VALID-NEXT: [[s:%[0-9]+]] = OpFAdd %v4float [[x]] [[x]]
// VALID-NEXT: OpFAdd %v4float [[s]] [[x]]
// VALID-NOT:  OpFunctionCall
  float4 g = d.get();
// CHECK:      [[b2:%[0-9]+]] = OpAccessChain %_ptr_Function_Base %d %uint_0
// CHECK-NEXT: [[bv:%[0-9]+]] = OpLoad %Base [[b2]]
// CHECK-NEXT: OpStore %asBase [[bv]]
  Base asBase = (Base)d;
  return g + asBase.a + d.b;
}
