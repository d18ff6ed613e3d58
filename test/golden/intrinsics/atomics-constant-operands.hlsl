// A constant value operand of an Interlocked operation keeps its own type
// (a literal is a uint, or an int when negative), and a signedness
// mismatch with the destination is an OpBitcast, as DXC's code generation
// writes it. At -O0 a module that needs no legalization keeps it, as
// DXC's does; the -O passes fold it into a constant of the destination's
// type.
// RUN: %hlsl2spirv -T cs_6_0 -E main -O0 %s | FileCheck %s --check-prefix=O0
// RUN: %hlsl2spirv -T cs_6_0 -E main %s | FileCheck %s --check-prefix=O3

// O0: [[five:%[0-9]+]] = OpBitcast %int %uint_5
// O0: OpAtomicIAdd %int {{%[0-9]+}} %uint_1 %uint_0 [[five]]
// O0: OpAtomicSMax %int {{%[0-9]+}} %uint_1 %uint_0 %int_n3
// O0: [[big:%[0-9]+]] = OpBitcast %uint %int_n7
// O0: OpAtomicUMin %uint {{%[0-9]+}} %uint_1 %uint_0 [[big]]

// O3-NOT: OpBitcast
// O3: OpAtomicIAdd %int {{%[0-9]+}} %uint_1 %uint_0 %int_5
// O3: OpAtomicSMax %int {{%[0-9]+}} %uint_1 %uint_0 %int_n3
// O3: OpAtomicUMin %uint {{%[0-9]+}} %uint_1 %uint_0 %uint_4294967289

RWStructuredBuffer<int> signedValues;
RWStructuredBuffer<uint> unsignedValues;

[numthreads(1, 1, 1)]
void main() {
  int old;
  InterlockedAdd(signedValues[0], 5, old);
  InterlockedMax(signedValues[1], -3);
  InterlockedMin(unsignedValues[0], -7);
}
