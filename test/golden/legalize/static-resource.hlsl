// A static resource variable initialized with a global resource, or with an
// element of a global resource array or of the descriptor heap at a
// constant index, is a Private variable holding that resource's pointer
// (-fcgl), which legalization resolves: each use makes its own access
// chain. globallycoherent on the static decorates nothing, as in DXC
// (only globallycoherent globals and heaps read as a globallycoherent type
// are Coherent). A static local works the same way; one never assigned
// holds nothing: reading it reads an undefined texture, as in DXC.
// RUN: %hlsl2spirv -T cs_6_6 -E main %s | FileCheck %s
// RUN: %hlsl2spirv -T cs_6_6 -E main -fcgl %s | FileCheck %s --check-prefix=CGL
// RUN: %hlsl2spirv -T cs_6_6 -E main -DUNSET %s | FileCheck %s --check-prefix=UNSET

// CHECK-NOT: OpDecorate %arr Coherent
// CHECK-DAG: OpDecorate %ResourceDescriptorHeap Binding
// CHECK-NOT: OpVariable %_ptr_Private
// CGL: %second = OpVariable %_ptr_Private__ptr_Uniform_type_RWStructuredBuffer_uint Private
// CGL: %fromHeap = OpVariable %_ptr_Private__ptr_Uniform_type_RWByteAddressBuffer Private
// CGL: %local = OpVariable %_ptr_Private__ptr_Uniform_type_RWByteAddressBuffer Private

RWStructuredBuffer<uint> arr[4];
RWByteAddressBuffer result;

globallycoherent static RWStructuredBuffer<uint> second = arr[1];
static RWByteAddressBuffer fromHeap = ResourceDescriptorHeap[5];
static RWTexture2D<float4> unset;

[numthreads(1, 1, 1)]
void main() {
  static RWByteAddressBuffer local = result;
  // CHECK: OpAccessChain %_ptr_Uniform_uint %arr %int_1 %int_0 %uint_0
  // (the heap element's chain and the chain into it are combined)
  // CHECK: OpAccessChain %_ptr_Uniform_uint %ResourceDescriptorHeap %uint_5 %uint_0
  // CHECK: OpAccessChain %_ptr_Uniform_uint %result %uint_0
  local.Store(0, second[0] + fromHeap.Load(0));
#ifdef UNSET
  // UNSET: [[u:%[0-9]+]] = OpUndef %type_2d_image
  // UNSET: OpImageRead %v4float [[u]]
  result.Store(4, asuint(unset[uint2(0, 0)].x));
#endif
}
