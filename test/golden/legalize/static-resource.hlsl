// A static resource variable initialized with a global resource, or with an
// element of a global resource array or of the descriptor heap at a
// constant index, is that resource: each use makes its own access chain.
// globallycoherent on it marks the array Coherent. A static local works
// the same way; one never assigned holds nothing, and using it is an error.
// RUN: %hlsl2spirv -T cs_6_6 -E main %s | FileCheck %s
// RUN: not %hlsl2spirv -T cs_6_6 -E main -DUNSET %s 2>&1 | FileCheck %s --check-prefix=ERR

// CHECK-DAG: OpDecorate %arr Coherent
// CHECK-DAG: OpDecorate %ResourceDescriptorHeap Binding
// CHECK-NOT: OpVariable %_ptr_Private

RWStructuredBuffer<uint> arr[4];
RWByteAddressBuffer result;

globallycoherent static RWStructuredBuffer<uint> second = arr[1];
static RWByteAddressBuffer fromHeap = ResourceDescriptorHeap[5];
static RWTexture2D<float4> unset;

[numthreads(1, 1, 1)]
void main() {
  static RWByteAddressBuffer local = result;
  // CHECK: OpAccessChain %_ptr_Uniform_uint %arr %uint_1 %int_0 %uint_0
  // (the heap element's chain and the chain into it are combined)
  // CHECK: OpAccessChain %_ptr_Uniform_uint %ResourceDescriptorHeap %uint_5 %uint_0
  // CHECK: OpAccessChain %_ptr_Uniform_uint %result %uint_0
  local.Store(0, second[0] + fromHeap.Load(0));
#ifdef UNSET
  // ERR: :[[@LINE+1]]:26: error: the resource variable 'unset' is used before it is assigned
  result.Store(4, asuint(unset[uint2(0, 0)].x));
#endif
}
