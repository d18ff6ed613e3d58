// Structured-buffer counters, as DXC implements them: each counter is a
// separate Uniform block (%type_ACSBuffer_counter, one int member) named
// counter.var.<buffer>, updated with Device-scope atomics.
// IncrementCounter is OpAtomicIAdd and returns the old value;
// DecrementCounter is OpAtomicISub and returns the new value (old - 1),
// both bitcast to uint. Append takes the old counter value as the element
// index (the element is reached before the value is evaluated); Consume
// decrements first and reads element old - 1. A consumed struct member is
// read through the element's pointer; a consumed struct is copied member
// by member between the laid-out and the function-local struct types.
// Appending a consumed bool value (or a component of one) copies the
// stored words as DXC does. GetDimensions of an append buffer is the
// runtime array length and the constant stride.
// RUN: %hlsl2spirv -fcgl -T cs_6_0 -E main %s | FileCheck %s
// RUN: %hlsl2spirv -T cs_6_0 -E main %s

struct Item {
  float3 pos;
  uint id;
};

RWStructuredBuffer<Item> items;
RWStructuredBuffer<uint> result;
AppendStructuredBuffer<Item> appendq;
ConsumeStructuredBuffer<Item> consumeq;
AppendStructuredBuffer<uint> ids;
ConsumeStructuredBuffer<bool2> flagsIn;
AppendStructuredBuffer<bool2> flagsOut;
AppendStructuredBuffer<bool> flagOut;
RWStructuredBuffer<bool> flagTable;

// An append or consume buffer's counter is bound right after the buffer
// but declared (type and variable) before it; a RWStructuredBuffer's
// counter is created where it is first used, and declared before its
// buffer too.
// CHECK:      OpDecorate %appendq Binding 2
// CHECK:      OpDecorate %counter_var_appendq Binding 3
// CHECK:      OpDecorate %consumeq Binding 4
// CHECK:      OpDecorate %counter_var_consumeq Binding 5
// CHECK:      OpDecorate %ids Binding 6
// CHECK:      OpDecorate %counter_var_ids Binding 7
// CHECK:      OpDecorate %counter_var_items Binding 15
// CHECK:      OpMemberDecorate %type_ACSBuffer_counter 0 Offset 0
// CHECK:      OpDecorate %type_ACSBuffer_counter BufferBlock
// CHECK:      %type_ACSBuffer_counter = OpTypeStruct %int
// CHECK:      %type_AppendStructuredBuffer_Item = OpTypeStruct %_runtimearr_Item
// CHECK:      %counter_var_items = OpVariable %_ptr_Uniform_type_ACSBuffer_counter Uniform
// CHECK-NEXT: %items = OpVariable
// CHECK:      %counter_var_appendq = OpVariable %_ptr_Uniform_type_ACSBuffer_counter Uniform
// CHECK-NEXT: %appendq = OpVariable %_ptr_Uniform_type_AppendStructuredBuffer_Item Uniform
// CHECK-NEXT: %counter_var_consumeq = OpVariable %_ptr_Uniform_type_ACSBuffer_counter Uniform
// CHECK-NEXT: %consumeq = OpVariable %_ptr_Uniform_type_ConsumeStructuredBuffer_Item Uniform
// CHECK-NEXT: %counter_var_ids = OpVariable %_ptr_Uniform_type_ACSBuffer_counter Uniform
// CHECK-NEXT: %ids = OpVariable %_ptr_Uniform_type_AppendStructuredBuffer_uint Uniform
// CHECK:      %src_main = OpFunction

[numthreads(32, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
// CHECK:      [[c:%[0-9]+]] = OpAccessChain %_ptr_Uniform_int %counter_var_items %uint_0
// CHECK-NEXT: [[old:%[0-9]+]] = OpAtomicIAdd %int [[c]] %uint_1 %uint_0 %int_1
// CHECK-NEXT: [[u:%[0-9]+]] = OpBitcast %uint [[old]]
// CHECK-NEXT: OpStore %slot [[u]]
  uint slot = items.IncrementCounter();
  items[slot].id = id.x;

// CHECK:      [[c:%[0-9]+]] = OpAccessChain %_ptr_Uniform_int %counter_var_items %uint_0
// CHECK-NEXT: [[old:%[0-9]+]] = OpAtomicISub %int [[c]] %uint_1 %uint_0 %int_1
// CHECK-NEXT: [[new:%[0-9]+]] = OpISub %int [[old]] %int_1
// CHECK-NEXT: [[u:%[0-9]+]] = OpBitcast %uint [[new]]
// CHECK-NEXT: OpStore %left [[u]]
  uint left = items.DecrementCounter();

// CHECK:      [[c:%[0-9]+]] = OpAccessChain %_ptr_Uniform_int %counter_var_consumeq %uint_0
// CHECK-NEXT: [[old:%[0-9]+]] = OpAtomicISub %int [[c]] %uint_1 %uint_0 %int_1
// CHECK-NEXT: [[i:%[0-9]+]] = OpISub %int [[old]] %int_1
// CHECK-NEXT: [[p:%[0-9]+]] = OpAccessChain %_ptr_Uniform_Item %consumeq %uint_0 [[i]]
// CHECK-NEXT: [[v:%[0-9]+]] = OpLoad %Item [[p]]
// CHECK-NEXT: [[m0:%[0-9]+]] = OpCompositeExtract %v3float [[v]] 0
// CHECK-NEXT: [[m1:%[0-9]+]] = OpCompositeExtract %uint [[v]] 1
// CHECK-NEXT: [[s:%[0-9]+]] = OpCompositeConstruct %Item_0 [[m0]] [[m1]]
// CHECK-NEXT: OpStore %it [[s]]
  Item it = consumeq.Consume();
  it.id += left;

// CHECK:      [[c:%[0-9]+]] = OpAccessChain %_ptr_Uniform_int %counter_var_appendq %uint_0
// CHECK-NEXT: [[i:%[0-9]+]] = OpAtomicIAdd %int [[c]] %uint_1 %uint_0 %int_1
// CHECK-NEXT: [[p:%[0-9]+]] = OpAccessChain %_ptr_Uniform_Item %appendq %uint_0 [[i]]
// CHECK-NEXT: [[v:%[0-9]+]] = OpLoad %Item_0 %it
// CHECK-NEXT: [[m0:%[0-9]+]] = OpCompositeExtract %v3float [[v]] 0
// CHECK-NEXT: [[m1:%[0-9]+]] = OpCompositeExtract %uint [[v]] 1
// CHECK-NEXT: [[s:%[0-9]+]] = OpCompositeConstruct %Item [[m0]] [[m1]]
// CHECK-NEXT: OpStore [[p]] [[s]]
  appendq.Append(it);

// Append of a consumed member: the append slot first, then the consume.
// CHECK:      [[c:%[0-9]+]] = OpAccessChain %_ptr_Uniform_int %counter_var_ids %uint_0
// CHECK-NEXT: [[i:%[0-9]+]] = OpAtomicIAdd %int [[c]] %uint_1 %uint_0 %int_1
// CHECK-NEXT: [[dst:%[0-9]+]] = OpAccessChain %_ptr_Uniform_uint %ids %uint_0 [[i]]
// CHECK-NEXT: [[c:%[0-9]+]] = OpAccessChain %_ptr_Uniform_int %counter_var_consumeq %uint_0
// CHECK-NEXT: [[old:%[0-9]+]] = OpAtomicISub %int [[c]] %uint_1 %uint_0 %int_1
// CHECK-NEXT: [[j:%[0-9]+]] = OpISub %int [[old]] %int_1
// CHECK-NEXT: [[e:%[0-9]+]] = OpAccessChain %_ptr_Uniform_Item %consumeq %uint_0 [[j]]
// CHECK-NEXT: [[m:%[0-9]+]] = OpAccessChain %_ptr_Uniform_uint [[e]] %int_1
// CHECK-NEXT: [[v:%[0-9]+]] = OpLoad %uint [[m]]
// CHECK-NEXT: OpStore [[dst]] [[v]]
  ids.Append(consumeq.Consume().id);

// Appending a consumed bool value (or one component of it) copies the
// stored words; any other bool source goes through bool.
// CHECK:      [[dst:%[0-9]+]] = OpAccessChain %_ptr_Uniform_v2uint %flagsOut %uint_0
// CHECK:      [[src:%[0-9]+]] = OpAccessChain %_ptr_Uniform_v2uint %flagsIn %uint_0
// CHECK-NEXT: [[w:%[0-9]+]] = OpLoad %v2uint [[src]]
// CHECK-NEXT: OpStore [[dst]] [[w]]
  flagsOut.Append(flagsIn.Consume());
// CHECK:      [[dst:%[0-9]+]] = OpAccessChain %_ptr_Uniform_uint %flagOut %uint_0
// CHECK:      [[e:%[0-9]+]] = OpAccessChain %_ptr_Uniform_v2uint %flagsIn %uint_0
// CHECK-NEXT: [[src:%[0-9]+]] = OpAccessChain %_ptr_Uniform_uint [[e]] %int_1
// CHECK-NEXT: [[w:%[0-9]+]] = OpLoad %uint [[src]]
// CHECK-NEXT: OpStore [[dst]] [[w]]
  flagOut.Append(flagsIn.Consume().y);
// CHECK:      [[src:%[0-9]+]] = OpAccessChain %_ptr_Uniform_uint %flagTable %int_0 %uint_0
// CHECK-NEXT: [[w:%[0-9]+]] = OpLoad %uint [[src]]
// CHECK-NEXT: [[b:%[0-9]+]] = OpINotEqual %bool [[w]] %uint_0
// CHECK-NEXT: [[u:%[0-9]+]] = OpSelect %uint [[b]] %uint_1 %uint_0
// CHECK-NEXT: OpStore {{%[0-9]+}} [[u]]
  flagOut.Append(flagTable[0]);

// CHECK:      [[len:%[0-9]+]] = OpArrayLength %uint %appendq 0
// CHECK-NEXT: OpStore %n [[len]]
// CHECK-NEXT: OpStore %stride %uint_16
  uint n, stride;
  appendq.GetDimensions(n, stride);
  result[0] = n + stride;
}
