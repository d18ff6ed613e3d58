// Interlocked* intrinsics on resource memory, as DXC maps them: an element
// of a RWStructuredBuffer (or a member of its struct element) is reached by
// OpAccessChain into the Uniform block; an element of a RWBuffer or a texel
// of a RWTexture1D/2D/3D by OpImageTexelPointer (sample 0) on the image
// variable, giving a pointer in the Image storage class. Resource atomics use
// Device scope (%uint_1); with the Vulkan memory model it becomes
// QueueFamily (%uint_5). The element type (int or uint) picks SMin/UMin and
// the bitcasts of mismatched values and results. InterlockedExchange also
// takes float elements and R32f texels.
// RUN: %hlsl2spirv -fcgl -T cs_6_0 -E main %s | FileCheck %s
// RUN: %hlsl2spirv -T cs_6_0 -E main %s
// RUN: %hlsl2spirv -T cs_6_0 -E main -fspv-use-vulkan-memory-model -fspv-target-env=vulkan1.1 %s | FileCheck %s --check-prefix=VMM

struct Rec {
  uint count;
  int delta;
  float weight;
};

RWStructuredBuffer<uint> counts;
RWStructuredBuffer<Rec> recs;
RWBuffer<uint> bu;
RWBuffer<int> bi;
RWTexture1D<uint> t1;
RWTexture2D<int> t2;
RWTexture3D<uint> t3;
RWStructuredBuffer<float> fbuf;
RWTexture2D<float> ftex;

// CHECK: %type_buffer_image = OpTypeImage %uint Buffer 2 0 0 2 R32ui
// CHECK: %type_buffer_image_0 = OpTypeImage %int Buffer 2 0 0 2 R32i
// CHECK: %type_1d_image = OpTypeImage %uint 1D 2 0 0 2 R32ui
// CHECK: %type_2d_image = OpTypeImage %int 2D 2 0 0 2 R32i
// CHECK: %type_3d_image = OpTypeImage %uint 3D 2 0 0 2 R32ui
// CHECK: %src_main = OpFunction

[numthreads(4, 4, 4)]
void main(uint3 id : SV_DispatchThreadID) {
  uint ou;
  int oi;
  int v = (int)id.x;

// A structured buffer element.
// CHECK:      OpStore %v
// CHECK:      [[x:%[0-9]+]] = OpLoad %uint
// CHECK-NEXT: [[p:%[0-9]+]] = OpAccessChain %_ptr_Uniform_uint %counts %int_0 [[x]]
// CHECK-NEXT: [[r:%[0-9]+]] = OpAtomicIAdd %uint [[p]] %uint_1 %uint_0 %uint_1
// CHECK-NEXT: OpStore %ou [[r]]
// VMM:        OpAtomicIAdd %uint {{%[0-9]+}} %uint_5 %uint_0 %uint_1
  InterlockedAdd(counts[id.x], 1u, ou);
// CHECK:      [[p:%[0-9]+]] = OpAccessChain %_ptr_Uniform_uint %counts %int_0 %uint_0
// CHECK-NEXT: OpAtomicOr %uint [[p]] %uint_1 %uint_0 %uint_8
  InterlockedOr(counts[0], 8u);

// Struct members of a structured buffer element: the pointer is taken
// before the value is evaluated.
// CHECK:      [[p:%[0-9]+]] = OpAccessChain %_ptr_Uniform_int %recs %int_0 {{%[0-9]+}} %int_1
// CHECK-NEXT: [[v:%[0-9]+]] = OpLoad %int %v
// CHECK-NEXT: [[r:%[0-9]+]] = OpAtomicSMax %int [[p]] %uint_1 %uint_0 [[v]]
// CHECK-NEXT: OpStore %oi [[r]]
  InterlockedMax(recs[id.x].delta, v, oi);
// CHECK:      [[p:%[0-9]+]] = OpAccessChain %_ptr_Uniform_uint %recs %int_0 %uint_2 %int_0
// CHECK-NEXT: [[x:%[0-9]+]] = OpAccessChain %_ptr_Function_uint %id %int_0
// CHECK-NEXT: [[y:%[0-9]+]] = OpLoad %uint [[x]]
// CHECK-NEXT: OpAtomicUMin %uint [[p]] %uint_1 %uint_0 [[y]]
  InterlockedMin(recs[2].count, id.x);
// CHECK:      [[p:%[0-9]+]] = OpAccessChain %_ptr_Uniform_uint %recs %int_0 %uint_1 %int_0
// CHECK-NEXT: [[r:%[0-9]+]] = OpAtomicCompareExchange %uint [[p]] %uint_1 %uint_0 %uint_0 %uint_9 %uint_0
// CHECK-NEXT: OpStore %ou [[r]]
  InterlockedCompareExchange(recs[1].count, 0u, 9u, ou);

// RWBuffer elements: texel pointers.
// CHECK:      [[x:%[0-9]+]] = OpLoad %uint
// CHECK-NEXT: [[p:%[0-9]+]] = OpImageTexelPointer %_ptr_Image_uint %bu [[x]] %uint_0
// CHECK-NEXT: [[r:%[0-9]+]] = OpAtomicIAdd %uint [[p]] %uint_1 %uint_0 %uint_2
// CHECK-NEXT: OpStore %ou [[r]]
// VMM:        OpAtomicIAdd %uint {{%[0-9]+}} %uint_5 %uint_0 %uint_2
  InterlockedAdd(bu[id.x], 2u, ou);
// CHECK:      [[p:%[0-9]+]] = OpImageTexelPointer %_ptr_Image_int %bi {{%[0-9]+}} %uint_0
// CHECK-NEXT: [[v:%[0-9]+]] = OpLoad %int %v
// CHECK-NEXT: [[r:%[0-9]+]] = OpAtomicSMin %int [[p]] %uint_1 %uint_0 [[v]]
// CHECK-NEXT: OpStore %oi [[r]]
  InterlockedMin(bi[id.x], v, oi);
// A uint value into an int element, the int result into a uint original.
// CHECK:      [[p:%[0-9]+]] = OpImageTexelPointer %_ptr_Image_int %bi %uint_3 %uint_0
// CHECK-NEXT: [[x:%[0-9]+]] = OpAccessChain %_ptr_Function_uint %id %int_1
// CHECK-NEXT: [[y:%[0-9]+]] = OpLoad %uint [[x]]
// CHECK-NEXT: [[z:%[0-9]+]] = OpBitcast %int [[y]]
// CHECK-NEXT: [[r:%[0-9]+]] = OpAtomicXor %int [[p]] %uint_1 %uint_0 [[z]]
// CHECK-NEXT: [[s:%[0-9]+]] = OpBitcast %uint [[r]]
// CHECK-NEXT: OpStore %ou [[s]]
  InterlockedXor(bi[3], id.y, ou);

// Texels of 1D, 2D and 3D storage images.
// CHECK:      [[p:%[0-9]+]] = OpImageTexelPointer %_ptr_Image_uint %t1 {{%[0-9]+}} %uint_0
// CHECK-NEXT: OpAtomicAnd %uint [[p]] %uint_1 %uint_0 %uint_1
  InterlockedAnd(t1[id.x], 1u);
// CHECK:      [[c:%[0-9]+]] = OpVectorShuffle %v2uint {{%[0-9]+}} {{%[0-9]+}} 0 1
// CHECK-NEXT: [[p:%[0-9]+]] = OpImageTexelPointer %_ptr_Image_int %t2 [[c]] %uint_0
// CHECK-NEXT: [[v:%[0-9]+]] = OpLoad %int %v
// CHECK-NEXT: [[r:%[0-9]+]] = OpAtomicExchange %int [[p]] %uint_1 %uint_0 [[v]]
// CHECK-NEXT: OpStore %oi [[r]]
  InterlockedExchange(t2[id.xy], v, oi);
// CHECK:      [[c:%[0-9]+]] = OpLoad %v3uint %id
// CHECK-NEXT: [[p:%[0-9]+]] = OpImageTexelPointer %_ptr_Image_uint %t3 [[c]] %uint_0
// CHECK-NEXT: [[r:%[0-9]+]] = OpAtomicCompareExchange %uint [[p]] %uint_1 %uint_0 %uint_0 %uint_1 %uint_0
// CHECK-NEXT: OpStore %ou [[r]]
  InterlockedCompareExchange(t3[id], 0u, 1u, ou);
// A swizzle of a scalar texel (.r) is the texel itself.
// CHECK:      [[p:%[0-9]+]] = OpImageTexelPointer %_ptr_Image_uint %t3 {{%[0-9]+}} %uint_0
// CHECK-NEXT: OpAtomicCompareExchange %uint [[p]] %uint_1 %uint_0 %uint_0 %uint_6 %uint_5
  InterlockedCompareStore(t3[id.zyx].r, 5u, 6u);

// InterlockedExchange on float elements and texels (R32f).
// CHECK:      [[p:%[0-9]+]] = OpAccessChain %_ptr_Uniform_float %fbuf %int_0
// CHECK-NEXT: [[r:%[0-9]+]] = OpAtomicExchange %float [[p]] %uint_1 %uint_0 %float_2_5
// CHECK-NEXT: OpStore %of [[r]]
  float of;
  InterlockedExchange(fbuf[id.x], 2.5f, of);
// CHECK:      [[p:%[0-9]+]] = OpImageTexelPointer %_ptr_Image_float %ftex {{%[0-9]+}} %uint_0
// CHECK-NEXT: [[v:%[0-9]+]] = OpLoad %float %of
// CHECK-NEXT: [[r:%[0-9]+]] = OpAtomicExchange %float [[p]] %uint_1 %uint_0 [[v]]
// CHECK-NEXT: OpStore %of [[r]]
  InterlockedExchange(ftex[id.xy], of, of);

  counts[1] = ou + (uint)oi + (uint)of;
}
