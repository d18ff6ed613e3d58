// Structured buffer methods as DXC emits them: Append takes the counter's
// old value (an int) as the element index and reaches the element before
// evaluating the value; Consume and Load give the element itself (an int
// index is used as it is), so members are read through it. A single
// component of a vector lvalue is one more access chain on the vector's
// pointer.
// RUN: %hlsl2spirv -fcgl -T cs_6_0 -E main %s | FileCheck %s
// RUN: %hlsl2spirv -T cs_6_0 -E main %s

struct T { float4 v; uint n; };

AppendStructuredBuffer<T> outs;
ConsumeStructuredBuffer<T> ins;
StructuredBuffer<T> table;

[numthreads(1, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  int i = id.x;
// CHECK:      [[ci:%[0-9]+]] = OpAccessChain %_ptr_Uniform_int %counter_var_ins %uint_0
// CHECK-NEXT: [[old:%[0-9]+]] = OpAtomicISub %int [[ci]] %uint_1 %uint_0 %int_1
// CHECK-NEXT: [[last:%[0-9]+]] = OpISub %int [[old]] %int_1
// CHECK-NEXT: [[elem:%[0-9]+]] = OpAccessChain %_ptr_Uniform_T{{[_0-9]*}} %ins %uint_0 [[last]]
// CHECK-NEXT: [[vp:%[0-9]+]] = OpAccessChain %_ptr_Uniform_v4float [[elem]] %int_0
// CHECK-NEXT: [[yp:%[0-9]+]] = OpAccessChain %_ptr_Uniform_float [[vp]] %int_1
// CHECK-NEXT: OpLoad %float [[yp]]
  float y = ins.Consume().v.y;

// CHECK:      [[ii:%[0-9]+]] = OpLoad %int %i
// CHECK-NEXT: [[np:%[0-9]+]] = OpAccessChain %_ptr_Uniform_uint %table %int_0 [[ii]] %int_1
// CHECK-NEXT: OpLoad %uint [[np]]
  uint n = table.Load(i).n;

// CHECK:      [[co:%[0-9]+]] = OpAccessChain %_ptr_Uniform_int %counter_var_outs %uint_0
// CHECK-NEXT: [[idx:%[0-9]+]] = OpAtomicIAdd %int [[co]] %uint_1 %uint_0 %int_1
// CHECK-NEXT: [[dst:%[0-9]+]] = OpAccessChain %_ptr_Uniform_T{{[_0-9]*}} %outs %uint_0 [[idx]]
// CHECK-NEXT: [[src:%[0-9]+]] = OpAccessChain %_ptr_Uniform_T{{[_0-9]*}} %table %int_0 %uint_0
// CHECK-NEXT: [[val:%[0-9]+]] = OpLoad %T{{[_0-9]*}} [[src]]
// CHECK:      OpStore [[dst]]
  outs.Append(table[0]);
  T t = (T)0;
  t.v.x = y;
  t.n = n;
  outs.Append(t);
}
