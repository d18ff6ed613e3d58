// A local struct holding resources is split: each resource member aliases
// the resource it is assigned, data members are variables of their own;
// functions and methods taking such structs are inlined.
// RUN: %hlsl2spirv -T cs_6_0 -E main %s | FileCheck %s

struct Data { float4 v; };

StructuredBuffer<Data> src1;
RWStructuredBuffer<Data> dst1;
RWStructuredBuffer<Data> dst2;

struct Inner {
  RWStructuredBuffer<Data> dst;
};

struct Bundle {
  StructuredBuffer<Data> src;
  Inner inner;
  uint index;

  void copy() { inner.dst[index] = src[index]; }
};

Bundle make(RWStructuredBuffer<Data> o, uint i) {
  Bundle b;
  b.src = src1;
  b.inner.dst = o;
  b.index = i;
  return b;
}

// The data member leaves memory too: the index is the constant stored
// (and src.main is inlined into the entry point). Redundancy elimination
// makes the two chains into src1 one; the loads stay two, as the buffer
// stored to between them may alias it.
// CHECK: %main = OpFunction
// CHECK-NOT: OpVariable
// CHECK: [[p:%[0-9]+]] = OpAccessChain %_ptr_Uniform_Data %src1 %int_0 %uint_3
// CHECK-NEXT: OpLoad %Data [[p]]
// CHECK-NEXT: OpAccessChain %_ptr_Uniform_Data %dst2 %int_0 %uint_3
// CHECK: OpLoad %Data [[p]]
// CHECK-NEXT: OpAccessChain %_ptr_Uniform_Data %dst1 %int_0 %uint_3
[numthreads(1, 1, 1)]
void main() {
  Bundle a = make(dst2, 3);
  a.copy();
  Bundle c = a;
  c.inner.dst = dst1;
  c.copy();
}
