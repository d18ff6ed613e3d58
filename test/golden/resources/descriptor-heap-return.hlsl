// A function may return a resource taken from ResourceDescriptorHeap; the
// call is inlined and the caller's variable is that heap element, whose
// counter is the same element of the heap's counters.
// RUN: %hlsl2spirv -T cs_6_6 -E main %s | FileCheck %s

// CHECK: OpDecorate %ResourceDescriptorHeap Binding 0
// CHECK: OpDecorate %counter_var_ResourceDescriptorHeap Binding 1
// CHECK: %main = OpFunction
// CHECK-NOT: OpFunctionCall
// CHECK: [[c:%[0-9]+]] = OpAccessChain %_ptr_Uniform_int %counter_var_ResourceDescriptorHeap %uint_7 %uint_0
// CHECK: OpAtomicIAdd %int [[c]]

RWStructuredBuffer<uint> lookup(uint slot) {
  return ResourceDescriptorHeap[slot];
}

[numthreads(1, 1, 1)]
void main() {
  RWStructuredBuffer<uint> log = lookup(7);
  log[log.IncrementCounter()] = 42;
}
