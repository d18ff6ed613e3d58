// -fspv-reflect links a buffer to its counter with a CounterBuffer
// decoration; when only GetDimensions uses the buffer, its counter is
// removed with its decoration (the decoration outlived the variable: an
// internal error, "OpDecorateId uses %4, which is never defined").
// RUN: %hlsl2spirv -T cs_6_0 -E main -fspv-reflect %s | FileCheck %s

// CHECK-NOT: CounterBuffer
// CHECK-NOT: %counter_var_A = OpVariable
// CHECK: OpArrayLength %uint %A 0
AppendStructuredBuffer<uint> A : register(u0);
RWStructuredBuffer<uint> Out : register(u1);
[numthreads(1, 1, 1)]
void main() {
  uint n, stride;
  A.GetDimensions(n, stride);
  Out[0] = n + stride;
}
