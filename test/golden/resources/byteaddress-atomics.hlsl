// RWByteAddressBuffer Interlocked* methods, as DXC lowers them: the byte
// address is shifted right by 2 to a word index (even a constant address is
// shifted at run time), the word is reached by OpAccessChain into the
// buffer's uint array, and the atomic works on %uint with Device scope. The
// value's signedness picks SMin/SMax (an int value is bitcast to uint, the
// opcode still on %uint); an int `original` receives a bitcast result.
// A float original is converted from the uint result.
// InterlockedExchange and InterlockedCompareExchange always return the
// original value; InterlockedCompareStore drops it.
// RUN: %hlsl2spirv -fcgl -T cs_6_0 -E main %s | FileCheck %s
// RUN: %hlsl2spirv -T cs_6_0 -E main %s

RWByteAddressBuffer words;

[numthreads(1, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  uint ou;
  int oi;
  uint addr = id.x * 4;

// CHECK:      [[a:%[0-9]+]] = OpLoad %uint %addr
// CHECK-NEXT: [[i:%[0-9]+]] = OpShiftRightLogical %uint [[a]] %uint_2
// CHECK-NEXT: [[p:%[0-9]+]] = OpAccessChain %_ptr_Uniform_uint %words %uint_0 [[i]]
// CHECK-NEXT: OpAtomicIAdd %uint [[p]] %uint_1 %uint_0 %uint_1
  words.InterlockedAdd(addr, 1);
// CHECK:      [[i:%[0-9]+]] = OpShiftRightLogical %uint %uint_16 %uint_2
// CHECK-NEXT: [[p:%[0-9]+]] = OpAccessChain %_ptr_Uniform_uint %words %uint_0 [[i]]
// CHECK-NEXT: [[r:%[0-9]+]] = OpAtomicIAdd %uint [[p]] %uint_1 %uint_0 %uint_42
// CHECK-NEXT: OpStore %ou [[r]]
  words.InterlockedAdd(16, 42, ou);

// CHECK:      [[i:%[0-9]+]] = OpShiftRightLogical %uint %uint_16 %uint_2
// CHECK-NEXT: [[p:%[0-9]+]] = OpAccessChain %_ptr_Uniform_uint %words %uint_0 [[i]]
// CHECK-NEXT: OpAtomicAnd %uint [[p]] %uint_1 %uint_0 %uint_15
  words.InterlockedAnd(16, 15);
// CHECK:      [[p:%[0-9]+]] = OpAccessChain %_ptr_Uniform_uint %words %uint_0
// CHECK-NEXT: [[r:%[0-9]+]] = OpAtomicAnd %uint [[p]] %uint_1 %uint_0 %uint_15
// CHECK-NEXT: OpStore %ou [[r]]
  words.InterlockedAnd(16, 15, ou);
// CHECK:      [[p:%[0-9]+]] = OpAccessChain %_ptr_Uniform_uint %words %uint_0
// CHECK-NEXT: OpAtomicOr %uint [[p]] %uint_1 %uint_0 %uint_256
  words.InterlockedOr(20, 256);
// CHECK:      [[p:%[0-9]+]] = OpAccessChain %_ptr_Uniform_uint %words %uint_0
// CHECK-NEXT: [[r:%[0-9]+]] = OpAtomicOr %uint [[p]] %uint_1 %uint_0 %uint_256
// CHECK-NEXT: OpStore %ou [[r]]
  words.InterlockedOr(20, 256, ou);
// CHECK:      [[p:%[0-9]+]] = OpAccessChain %_ptr_Uniform_uint %words %uint_0
// CHECK-NEXT: OpAtomicXor %uint [[p]] %uint_1 %uint_0 %uint_3
  words.InterlockedXor(24, 3);
// CHECK:      [[p:%[0-9]+]] = OpAccessChain %_ptr_Uniform_uint %words %uint_0
// CHECK-NEXT: [[r:%[0-9]+]] = OpAtomicXor %uint [[p]] %uint_1 %uint_0 %uint_3
// CHECK-NEXT: OpStore %ou [[r]]
  words.InterlockedXor(24, 3, ou);

// Unsigned values: UMin/UMax.
// CHECK:      [[p:%[0-9]+]] = OpAccessChain %_ptr_Uniform_uint %words %uint_0
// CHECK-NEXT: OpAtomicUMin %uint [[p]] %uint_1 %uint_0 %uint_9
  words.InterlockedMin(28, 9u);
// CHECK:      [[p:%[0-9]+]] = OpAccessChain %_ptr_Uniform_uint %words %uint_0
// CHECK-NEXT: [[r:%[0-9]+]] = OpAtomicUMax %uint [[p]] %uint_1 %uint_0 %uint_9
// CHECK-NEXT: OpStore %ou [[r]]
  words.InterlockedMax(28, 9u, ou);
// Signed values: SMin/SMax on the uint word, the result back to int.
// CHECK:      [[p:%[0-9]+]] = OpAccessChain %_ptr_Uniform_uint %words %uint_0
// CHECK-NEXT: [[v:%[0-9]+]] = OpBitcast %uint %int_n1
// CHECK-NEXT: [[r:%[0-9]+]] = OpAtomicSMin %uint [[p]] %uint_1 %uint_0 [[v]]
// CHECK-NEXT: [[s:%[0-9]+]] = OpBitcast %int [[r]]
// CHECK-NEXT: OpStore %oi [[s]]
  words.InterlockedMin(32, -1, oi);
// CHECK:      [[p:%[0-9]+]] = OpAccessChain %_ptr_Uniform_uint %words %uint_0
// CHECK-NEXT: [[v:%[0-9]+]] = OpBitcast %uint %int_n1
// CHECK-NEXT: [[r:%[0-9]+]] = OpAtomicSMax %uint [[p]] %uint_1 %uint_0 [[v]]
// CHECK-NEXT: OpStore %ou [[r]]
  words.InterlockedMax(32, -1, ou);

// CHECK:      [[p:%[0-9]+]] = OpAccessChain %_ptr_Uniform_uint %words %uint_0
// CHECK-NEXT: [[r:%[0-9]+]] = OpAtomicExchange %uint [[p]] %uint_1 %uint_0 %uint_5
// CHECK-NEXT: OpStore %ou [[r]]
  words.InterlockedExchange(36, 5, ou);
// (offset, compare, value, original): SPIR-V takes value before comparator.
// CHECK:      [[p:%[0-9]+]] = OpAccessChain %_ptr_Uniform_uint %words %uint_0
// CHECK-NEXT: [[r:%[0-9]+]] = OpAtomicCompareExchange %uint [[p]] %uint_1 %uint_0 %uint_0 %uint_42 %uint_30
// CHECK-NEXT: OpStore %ou [[r]]
  words.InterlockedCompareExchange(40, 30, 42, ou);
// CHECK:      [[p:%[0-9]+]] = OpAccessChain %_ptr_Uniform_uint %words %uint_0
// CHECK-NEXT: [[r:%[0-9]+]] = OpAtomicCompareExchange %uint [[p]] %uint_1 %uint_0 %uint_0 %uint_42 %uint_30
// CHECK-NEXT: [[s:%[0-9]+]] = OpBitcast %int [[r]]
// CHECK-NEXT: OpStore %oi [[s]]
  words.InterlockedCompareExchange(40, 30, 42, oi);
// CHECK:      [[a:%[0-9]+]] = OpLoad %uint %addr
// CHECK-NEXT: [[i:%[0-9]+]] = OpShiftRightLogical %uint [[a]] %uint_2
// CHECK-NEXT: [[p:%[0-9]+]] = OpAccessChain %_ptr_Uniform_uint %words %uint_0 [[i]]
// CHECK-NEXT: [[c:%[0-9]+]] = OpLoad %uint %ou
// CHECK-NEXT: OpAtomicCompareExchange %uint [[p]] %uint_1 %uint_0 %uint_0 %uint_7 [[c]]
// CHECK-NEXT: OpShiftRightLogical %uint %uint_44 %uint_2
  words.InterlockedCompareStore(addr, ou, 7);

// A float `original` receives the uint result converted (not bitcast).
// CHECK:      [[p:%[0-9]+]] = OpAccessChain %_ptr_Uniform_uint %words %uint_0
// CHECK-NEXT: [[r:%[0-9]+]] = OpAtomicIAdd %uint [[p]] %uint_1 %uint_0 %uint_42
// CHECK-NEXT: [[f:%[0-9]+]] = OpConvertUToF %float [[r]]
// CHECK-NEXT: OpStore %of [[f]]
  float of;
  words.InterlockedAdd(44, 42, of);

  words.Store(0, ou + (uint)oi + (uint)of);
}
