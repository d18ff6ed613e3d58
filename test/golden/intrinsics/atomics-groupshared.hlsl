// Interlocked* intrinsics on groupshared memory: scalars and array elements,
// each operation with and without the `original` out argument. The atomic
// acts on the groupshared variable itself (Workgroup scope %uint_2,
// semantics None %uint_0). The destination's type picks the opcode: an int
// destination gives OpAtomicSMin/SMax, a uint one OpAtomicUMin/UMax, and a
// value or `original` of the other signedness is bitcast on the way in or
// out. Compare-exchange operands are (value, comparator) in SPIR-V order,
// the reverse of HLSL's (compare, value). InterlockedExchange also takes a
// float destination.
// The shapes are checked as generated (-fcgl); legalization folds the
// conversion of a constant operand (LEGAL).
// RUN: %hlsl2spirv -T cs_6_0 -E main -fcgl %s | FileCheck %s
// RUN: %hlsl2spirv -T cs_6_0 -E main %s | FileCheck %s --check-prefix=LEGAL

groupshared int gi;
groupshared uint gu;
groupshared uint slots[16];
groupshared float gf;

RWStructuredBuffer<uint> result;

[numthreads(16, 1, 1)]
void main(uint3 tid : SV_GroupThreadID) {
  uint ou;
  int oi;
  float of;
  int v = (int)tid.x - 8;

// CHECK:      [[v:%[0-9]+]] = OpLoad %int %v
// CHECK-NEXT: OpAtomicIAdd %int %gi %uint_2 %uint_0 [[v]]
  InterlockedAdd(gi, v);
// CHECK:      [[r:%[0-9]+]] = OpAtomicIAdd %uint %gu %uint_2 %uint_0 %uint_1
// CHECK-NEXT: OpStore %ou [[r]]
  InterlockedAdd(gu, 1u, ou);

// An array element: the atomic takes the element's access chain.
// CHECK:      [[i:%[0-9]+]] = OpLoad %uint
// CHECK-NEXT: [[p:%[0-9]+]] = OpAccessChain %_ptr_Workgroup_uint %slots [[i]]
// CHECK-NEXT: [[r:%[0-9]+]] = OpAtomicAnd %uint [[p]] %uint_2 %uint_0 %uint_255
// CHECK-NEXT: OpStore %ou [[r]]
  InterlockedAnd(slots[tid.x], 0xffu, ou);
// CHECK:      [[p:%[0-9]+]] = OpAccessChain %_ptr_Workgroup_uint %slots %int_3
// CHECK-NEXT: OpAtomicOr %uint [[p]] %uint_2 %uint_0 %uint_16
  InterlockedOr(slots[3], 16u);
// CHECK:      [[v:%[0-9]+]] = OpLoad %int %v
// CHECK-NEXT: [[r:%[0-9]+]] = OpAtomicXor %int %gi %uint_2 %uint_0 [[v]]
// CHECK-NEXT: OpStore %oi [[r]]
  InterlockedXor(gi, v, oi);

// Signed and unsigned minimum and maximum.
// CHECK:      [[r:%[0-9]+]] = OpAtomicSMin %int %gi %uint_2 %uint_0
// CHECK-NEXT: OpStore %oi [[r]]
  InterlockedMin(gi, v, oi);
// CHECK:      OpAtomicUMin %uint %gu %uint_2 %uint_0
  InterlockedMin(gu, tid.x);
// CHECK:      OpAtomicSMax %int %gi %uint_2 %uint_0
  InterlockedMax(gi, v);
// CHECK:      [[r:%[0-9]+]] = OpAtomicUMax %uint %gu %uint_2 %uint_0
// CHECK-NEXT: OpStore %ou [[r]]
  InterlockedMax(gu, tid.x, ou);

// Mixed signedness follows the destination: an int value becomes a uint
// for UMax and the result goes back to int, a uint value becomes an int for
// SMin. (Constant operands are converted at compile time, as DXC's
// optimizer folds them.)
// CHECK:      [[v:%[0-9]+]] = OpLoad %int %v
// CHECK-NEXT: [[n:%[0-9]+]] = OpBitcast %uint [[v]]
// CHECK-NEXT: [[r:%[0-9]+]] = OpAtomicUMax %uint %gu %uint_2 %uint_0 [[n]]
// CHECK-NEXT: [[s:%[0-9]+]] = OpBitcast %int [[r]]
// CHECK-NEXT: OpStore %oi [[s]]
  InterlockedMax(gu, v, oi);
// CHECK:      [[n:%[0-9]+]] = OpBitcast %int
// CHECK-NEXT: [[r:%[0-9]+]] = OpAtomicSMin %int %gi %uint_2 %uint_0 [[n]]
// CHECK-NEXT: [[s:%[0-9]+]] = OpBitcast %uint [[r]]
// CHECK-NEXT: OpStore %ou [[s]]
  InterlockedMin(gi, tid.y, ou);
// CHECK:      [[n:%[0-9]+]] = OpBitcast %uint %int_n3
// CHECK-NEXT: OpAtomicUMax %uint %gu %uint_2 %uint_0 [[n]]
// LEGAL:      OpAtomicUMax %uint %gu %uint_2 %uint_0 %uint_4294967293
  InterlockedMax(gu, -3);

// CHECK:      [[r:%[0-9]+]] = OpAtomicExchange %uint %gu %uint_2 %uint_0 %uint_7
// CHECK-NEXT: OpStore %ou [[r]]
  InterlockedExchange(gu, 7u, ou);
// CHECK:      [[r:%[0-9]+]] = OpAtomicExchange %float %gf %uint_2 %uint_0 %float_1_5
// CHECK-NEXT: OpStore %of [[r]]
  InterlockedExchange(gf, 1.5f, of);

// InterlockedCompareExchange(dest, compare, value, original).
// CHECK:      [[r:%[0-9]+]] = OpAtomicCompareExchange %uint %gu %uint_2 %uint_0 %uint_0 %uint_2 %uint_1
// CHECK-NEXT: OpStore %ou [[r]]
  InterlockedCompareExchange(gu, 1u, 2u, ou);
// CHECK:      [[v:%[0-9]+]] = OpLoad %int %v
// CHECK-NEXT: [[c:%[0-9]+]] = OpBitcast %int %uint_5
// CHECK-NEXT: [[r:%[0-9]+]] = OpAtomicCompareExchange %int %gi %uint_2 %uint_0 %uint_0 [[c]] [[v]]
// LEGAL:      OpAtomicCompareExchange %int %gi %uint_2 %uint_0 %uint_0 %int_5
// CHECK-NEXT: OpStore %oi [[r]]
  InterlockedCompareExchange(gi, v, 5, oi);
// InterlockedCompareStore(dest, compare, value): the result is dropped.
// CHECK:      OpAtomicCompareExchange %uint %gu %uint_2 %uint_0 %uint_0 %uint_4 %uint_3
// CHECK-NEXT: OpLoad %int %v
  InterlockedCompareStore(gu, 3u, 4u);
// CHECK-NEXT: [[v:%[0-9]+]] = OpAtomicCompareExchange %int %gi %uint_2 %uint_0 %uint_0 {{%[0-9]+}} %int_n1
  InterlockedCompareStore(gi, -1, v);

  GroupMemoryBarrierWithGroupSync();
  result[tid.x] = ou + (uint)oi + (uint)of + slots[tid.x];
}
