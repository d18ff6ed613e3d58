// (void)x discards a value: nothing is emitted for a plain variable, as in
// DXC; a call is still made for its side effects. (The variable x, never
// read, is itself gone once dead-code elimination ran.)
// RUN: %hlsl2spirv -T cs_6_0 -E main %s | FileCheck %s

// CHECK: %src_main = OpFunction
// CHECK-NEXT: %bb_entry = OpLabel
// CHECK-NEXT: OpFunctionCall %uint %bump
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
