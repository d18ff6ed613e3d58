// (void)x discards a value: nothing is emitted for a plain variable, as in
// DXC; a call is still made for its side effects. (Legalized, the variable
// x, never read, is gone, and the call's side effect is all that is left
// of the inlined call.)
// RUN: %hlsl2spirv -fcgl -T cs_6_0 -E main %s | FileCheck %s --check-prefix=CGL
// RUN: %hlsl2spirv -T cs_6_0 -E main %s | FileCheck %s

// CGL: %src_main = OpFunction
// CGL-NEXT: %bb_entry = OpLabel
// CGL-NEXT: %x = OpVariable %_ptr_Function_uint Function
// CGL-NEXT: OpStore %x %uint_3
// CGL-NEXT: OpFunctionCall %uint %bump
// CGL-NEXT: OpReturn
// CHECK: %main = OpFunction
// CHECK-NEXT: OpLabel
// CHECK-NEXT: [[p:%[0-9]+]] = OpAccessChain %_ptr_Uniform_uint %counter %int_0 %uint_0
// CHECK-NEXT: [[v:%[0-9]+]] = OpLoad %uint [[p]]
// CHECK-NEXT: [[inc:%[0-9]+]] = OpIAdd %uint [[v]] %uint_1
// CHECK-NEXT: OpStore [[p]] [[inc]]
// CHECK-NEXT: OpReturn

RWStructuredBuffer<uint> counter;

uint bump() {
  counter[0] += 1;
  return counter[0];
}

[numthreads(1, 1, 1)]
void main() {
  uint x = 3;
  (void)x;
  (void)bump();
}
