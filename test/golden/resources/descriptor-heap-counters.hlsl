// The counter of a structured buffer taken from ResourceDescriptorHeap is
// the same element of a runtime array of counters, one array per buffer
// type, all at one binding. Implicit heap bindings come after every other
// resource's: the resource heap, then the counters. -fvk-bind-counter-heap
// places the counters, and the bindings given for the heaps are reserved
// even where a heap is unused.
// RUN: %hlsl2spirv -fcgl -T cs_6_6 -E main %s | FileCheck %s
// RUN: %hlsl2spirv -T cs_6_6 -E main -fvk-bind-counter-heap 6 2 %s | FileCheck %s --check-prefix=FIXED
// RUN: %hlsl2spirv -T cs_6_6 -E main -fvk-bind-resource-heap 0 0 -fvk-bind-sampler-heap 1 0 %s | FileCheck %s --check-prefix=RESERVED
// RUN: not %hlsl2spirv -T cs_6_6 -E main -fvk-bind-counter-heap x 1 %s 2>&1 | FileCheck %s --check-prefix=BADNUM
// RUN: not %hlsl2spirv -T cs_6_6 -E main -fvk-bind-counter-heap 1 -3 %s 2>&1 | FileCheck %s --check-prefix=NEGATIVE
// RUN: not %hlsl2spirv -T cs_6_6 -E main %s -fvk-bind-counter-heap 1 2>&1 | FileCheck %s --check-prefix=MISSING
// RUN: %hlsl2spirv -T cs_6_6 -E main %s

// CHECK-DAG: OpDecorate %log Binding 0
// CHECK-DAG: OpDecorate %counter_var_log Binding 1
// CHECK-DAG: OpDecorate %ResourceDescriptorHeap Binding 2
// CHECK-DAG: OpDecorate %ResourceDescriptorHeap_0 Binding 2
// CHECK-DAG: OpDecorate %counter_var_ResourceDescriptorHeap Binding 3
// CHECK-DAG: OpDecorate %counter_var_ResourceDescriptorHeap_0 Binding 3
// CHECK-DAG: %counter_var_ResourceDescriptorHeap = OpVariable %_ptr_Uniform__runtimearr_type_ACSBuffer_counter Uniform
// CHECK: %src_main = OpFunction
// The locals hold heap elements 2 and 5, their counters the same elements
// of the counter heap; Append to the second counts on counter 5:
// CHECK: [[j:%[0-9]+]] = OpAccessChain %_ptr_Uniform_type_ACSBuffer_counter %counter_var_ResourceDescriptorHeap %uint_2
// CHECK-NEXT: OpStore %counter_var_jobs [[j]]
// CHECK: [[d:%[0-9]+]] = OpAccessChain %_ptr_Uniform_type_ACSBuffer_counter %counter_var_ResourceDescriptorHeap_0 %uint_5
// CHECK-NEXT: OpStore %counter_var_done [[d]]
// CHECK: [[cd:%[0-9]+]] = OpLoad %_ptr_Uniform_type_ACSBuffer_counter %counter_var_done
// CHECK-NEXT: [[c:%[0-9]+]] = OpAccessChain %_ptr_Uniform_int [[cd]] %uint_0
// CHECK-NEXT: OpAtomicIAdd %int [[c]] %uint_1 %uint_0 %int_1
// CHECK: [[cj:%[0-9]+]] = OpLoad %_ptr_Uniform_type_ACSBuffer_counter %counter_var_jobs
// CHECK-NEXT: [[c:%[0-9]+]] = OpAccessChain %_ptr_Uniform_int [[cj]] %uint_0
// CHECK-NEXT: OpAtomicISub %int [[c]] %uint_1 %uint_0 %int_1
// CHECK: OpAccessChain %_ptr_Uniform_int %counter_var_log %uint_0

// FIXED-DAG: OpDecorate %counter_var_ResourceDescriptorHeap DescriptorSet 2
// FIXED-DAG: OpDecorate %counter_var_ResourceDescriptorHeap Binding 6
// FIXED-DAG: OpDecorate %ResourceDescriptorHeap Binding 2

// RESERVED-DAG: OpDecorate %log Binding 2
// RESERVED-DAG: OpDecorate %counter_var_log Binding 3
// RESERVED-DAG: OpDecorate %counter_var_ResourceDescriptorHeap Binding 4

// BADNUM: invalid -fvk-bind-counter-heap argument: 'x'
// NEGATIVE: expected positive integer for -fvk-bind-counter-heap, got: -3
// MISSING: Argument to '-fvk-bind-counter-heap' is missing.

RWStructuredBuffer<uint> log;

[numthreads(1, 1, 1)]
void main() {
  ConsumeStructuredBuffer<float> jobs = ResourceDescriptorHeap[2];
  AppendStructuredBuffer<float> done = ResourceDescriptorHeap[5];
  done.Append(jobs.Consume() * 2);
  log[log.IncrementCounter()] = 1;
}
