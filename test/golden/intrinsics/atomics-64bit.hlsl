// 64-bit Interlocked* intrinsics (int64_t/uint64_t destinations, SM 6.6):
// the same opcodes on %long/%ulong, declaring Int64 and Int64Atomics. The
// signedness of the destination picks SMin/UMax and friends; 64-bit storage
// images (R64ui/R64i texel pointers) add Int64ImageEXT and its extension.
// RUN: %hlsl2spirv -fcgl -T cs_6_6 -E main %s | FileCheck %s
// RUN: %hlsl2spirv -T cs_6_6 -E main %s

// CHECK-DAG: OpCapability Int64
// CHECK-DAG: OpCapability Int64Atomics
// CHECK-DAG: OpCapability Int64ImageEXT
// CHECK-DAG: OpExtension "SPV_EXT_shader_image_int64"
// CHECK-DAG: %type_2d_image = OpTypeImage %ulong 2D 2 0 0 2 R64ui
// CHECK-DAG: %type_buffer_image = OpTypeImage %long Buffer 2 0 0 2 R64i

groupshared uint64_t gu64;
groupshared int64_t gi64[4];
RWStructuredBuffer<uint64_t> ub;
RWStructuredBuffer<int64_t> ib;
RWTexture2D<uint64_t> img;
RWBuffer<int64_t> tb;

[numthreads(4, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  uint64_t ou;
  int64_t oi;
  uint64_t a = id.x;
  int64_t b = -(int64_t)id.x;

// CHECK:      OpStore %b
// CHECK-NEXT: [[a:%[0-9]+]] = OpLoad %ulong %a
// CHECK-NEXT: [[r:%[0-9]+]] = OpAtomicIAdd %ulong %gu64 %uint_2 %uint_0 [[a]]
// CHECK-NEXT: OpStore %ou [[r]]
  InterlockedAdd(gu64, a, ou);
// CHECK:      [[p:%[0-9]+]] = OpAccessChain %_ptr_Workgroup_long %gi64
// CHECK-NEXT: [[b:%[0-9]+]] = OpLoad %long %b
// CHECK-NEXT: [[r:%[0-9]+]] = OpAtomicSMin %long [[p]] %uint_2 %uint_0 [[b]]
// CHECK-NEXT: OpStore %oi [[r]]
  InterlockedMin(gi64[id.x], b, oi);
// CHECK:      [[a:%[0-9]+]] = OpLoad %ulong %a
// CHECK-NEXT: OpAtomicUMax %ulong %gu64 %uint_2 %uint_0 [[a]]
  InterlockedMax(gu64, a);

// Structured buffer elements.
// CHECK:      [[p:%[0-9]+]] = OpAccessChain %_ptr_Uniform_ulong %ub %int_0
// CHECK-NEXT: [[a:%[0-9]+]] = OpLoad %ulong %a
// CHECK-NEXT: [[r:%[0-9]+]] = OpAtomicAnd %ulong [[p]] %uint_1 %uint_0 [[a]]
// CHECK-NEXT: OpStore %ou [[r]]
  InterlockedAnd(ub[id.x], a, ou);
// CHECK:      [[p:%[0-9]+]] = OpAccessChain %_ptr_Uniform_long %ib %int_0
// CHECK-NEXT: [[b:%[0-9]+]] = OpLoad %long %b
// CHECK-NEXT: OpAtomicXor %long [[p]] %uint_1 %uint_0 [[b]]
  InterlockedXor(ib[id.x], b);
// CHECK:      [[p:%[0-9]+]] = OpAccessChain %_ptr_Uniform_ulong %ub %int_0 %uint_0
// CHECK-NEXT: [[a:%[0-9]+]] = OpLoad %ulong %a
// CHECK-NEXT: [[r:%[0-9]+]] = OpAtomicCompareExchange %ulong [[p]] %uint_1 %uint_0 %uint_0 %ulong_7 [[a]]
// CHECK-NEXT: OpStore %ou [[r]]
  InterlockedCompareExchange(ub[0], a, 7ull, ou);
// CHECK:      [[p:%[0-9]+]] = OpAccessChain %_ptr_Uniform_long %ib %int_0 %uint_1
// CHECK-NEXT: [[b:%[0-9]+]] = OpLoad %long %b
// CHECK-NEXT: [[v:%[0-9]+]] = OpLoad %long %oi
// CHECK-NEXT: OpAtomicCompareExchange %long [[p]] %uint_1 %uint_0 %uint_0 [[v]] [[b]]
  InterlockedCompareStore(ib[1], b, oi);
// CHECK:      [[p:%[0-9]+]] = OpAccessChain %_ptr_Uniform_long %ib %int_0 %uint_2
// CHECK-NEXT: [[b:%[0-9]+]] = OpLoad %long %b
// CHECK-NEXT: [[r:%[0-9]+]] = OpAtomicExchange %long [[p]] %uint_1 %uint_0 [[b]]
// CHECK-NEXT: OpStore %oi [[r]]
  InterlockedExchange(ib[2], b, oi);

// 64-bit texels.
// CHECK:      [[p:%[0-9]+]] = OpImageTexelPointer %_ptr_Image_ulong %img {{%[0-9]+}} %uint_0
// CHECK-NEXT: [[a:%[0-9]+]] = OpLoad %ulong %a
// CHECK-NEXT: [[r:%[0-9]+]] = OpAtomicOr %ulong [[p]] %uint_1 %uint_0 [[a]]
// CHECK-NEXT: OpStore %ou [[r]]
  InterlockedOr(img[id.xy], a, ou);
// CHECK:      [[p:%[0-9]+]] = OpImageTexelPointer %_ptr_Image_long %tb {{%[0-9]+}} %uint_0
// CHECK-NEXT: [[b:%[0-9]+]] = OpLoad %long %b
// CHECK-NEXT: [[r:%[0-9]+]] = OpAtomicSMin %long [[p]] %uint_1 %uint_0 [[b]]
// CHECK-NEXT: OpStore %oi [[r]]
  InterlockedMin(tb[id.x], b, oi);

  ub[3] = ou + oi;
}
