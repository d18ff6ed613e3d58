// The counter of an element of an array of RW/Append/Consume structured
// buffers is the same element of the array's counter variable, also when
// the element reaches the counter through a function parameter or a local
// (never a counter variable bound of its own, a different counter). As in
// DXC's generated code, a parameter or local holding such a buffer has a
// Private counter.var.<name> holding the pointer to its counter, stored
// where the buffer is, and loaded by the counter operations. The counter
// array takes the next free binding of its buffer's set, and is declared
// before the array, as in DXC (a RW buffer's when it is first used).
// The CHECK lines pin the emitter's code (-fcgl), as DXC's own tests of it
// do; the optimized module is validated.
// RUN: %hlsl2spirv -T ps_6_0 -E main -fcgl %s | FileCheck %s
// RUN: %hlsl2spirv -T ps_6_0 -E main %s

// CHECK: OpDecorate %lists DescriptorSet 2
// CHECK-NEXT: OpDecorate %lists Binding 0
// CHECK-NEXT: OpDecorate %queues DescriptorSet 3
// CHECK-NEXT: OpDecorate %queues Binding 0
// CHECK-NEXT: OpDecorate %counter_var_queues DescriptorSet 3
// CHECK-NEXT: OpDecorate %counter_var_queues Binding 1
// CHECK-NEXT: OpDecorate %counter_var_lists DescriptorSet 2
// CHECK-NEXT: OpDecorate %counter_var_lists Binding 1
// CHECK-NOT: OpDecorate %counter_var_list{{ }}
// CHECK-NOT: OpDecorate %counter_var_alias
// CHECK-NOT: OpDecorate %counter_var_q{{ }}

// CHECK: %counter_var_queues = OpVariable %_ptr_Uniform__arr_type_ACSBuffer_counter_uint_2 Uniform
// CHECK: %counter_var_lists = OpVariable %_ptr_Uniform__arr_type_ACSBuffer_counter_uint_5 Uniform
// CHECK-NEXT: %lists = OpVariable %_ptr_Uniform__arr_type_RWStructuredBuffer_uint_uint_5 Uniform

// CHECK: %src_main = OpFunction
// CHECK: [[c:%[0-9]+]] = OpAccessChain %_ptr_Uniform_type_ACSBuffer_counter %counter_var_lists
// CHECK-NEXT: OpStore %counter_var_list [[c]]
// CHECK: OpFunctionCall %void %bump %param_var_list
// CHECK: [[c:%[0-9]+]] = OpAccessChain %_ptr_Uniform_type_ACSBuffer_counter %counter_var_lists
// CHECK-NEXT: OpStore %counter_var_alias [[c]]
// CHECK: [[p:%[0-9]+]] = OpLoad %_ptr_Uniform_type_ACSBuffer_counter %counter_var_alias
// CHECK-NEXT: [[c:%[0-9]+]] = OpAccessChain %_ptr_Uniform_int [[p]] %uint_0
// CHECK-NEXT: OpAtomicISub %int [[c]] %uint_1 %uint_0 %int_1
// CHECK: [[c:%[0-9]+]] = OpAccessChain %_ptr_Uniform_type_ACSBuffer_counter %counter_var_queues
// CHECK-NEXT: OpStore %counter_var_q [[c]]
// CHECK: OpFunctionCall %void %push %param_var_q %param_var_v
// CHECK: %bump = OpFunction
// CHECK: [[p:%[0-9]+]] = OpLoad %_ptr_Uniform_type_ACSBuffer_counter %counter_var_list
// CHECK-NEXT: [[c:%[0-9]+]] = OpAccessChain %_ptr_Uniform_int [[p]] %uint_0
// CHECK-NEXT: OpAtomicIAdd %int [[c]] %uint_1 %uint_0 %int_1
// CHECK: %push = OpFunction
// CHECK: [[p:%[0-9]+]] = OpLoad %_ptr_Uniform_type_ACSBuffer_counter %counter_var_q
// CHECK-NEXT: [[c:%[0-9]+]] = OpAccessChain %_ptr_Uniform_int [[p]] %uint_0
// CHECK-NEXT: OpAtomicIAdd %int [[c]] %uint_1 %uint_0 %int_1

RWStructuredBuffer<uint> lists[5] : register(u0, space2);
AppendStructuredBuffer<float4> queues[2] : register(u0, space3);

void bump(RWStructuredBuffer<uint> list) {
  list.IncrementCounter();
}

void push(AppendStructuredBuffer<float4> q, float4 v) {
  q.Append(v);
}

float4 main(nointerpolation uint i : IDX) : SV_Target {
  bump(lists[i]);
  RWStructuredBuffer<uint> alias = lists[i + 1];
  alias.DecrementCounter();
  push(queues[i], float4(1, 2, 3, 4));
  return lists[i][0];
}
