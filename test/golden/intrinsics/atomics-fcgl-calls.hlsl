// Interlocked operations on resources functions return or take, and their
// constant operands. Without -fcgl such functions are inlined (legalized
// SPIR-V cannot pass buffer pointers around), so atomics work on the
// globals directly, and the passes fold the constant operands' bitcasts.
// With -fcgl, as in DXC's unlegalized output, every function stays a
// function:
// - one returning a structured buffer returns the pointer to its block:
//   the atomic's access chain starts at the call's result, and the counter
//   is the one the function stored in counter.var.<function>;
// - one returning a texture or typed buffer returns the image: for an
//   Interlocked destination it goes to temp.var.RWBuffer for
//   OpImageTexelPointer, elsewhere the image value is used;
// - a buffer parameter is a Function pointer to the block pointer
//   (param.var.<name> at the call, after its counter in
//   counter.var.<name>), loaded where the body indexes it;
// - a constant operand keeps its type (a literal is a uint, or an int when
//   negative) and is bitcast to the destination's (in every mode:
//   atomics-constant-operands.hlsl).
// RUN: %hlsl2spirv -T cs_6_0 -E main %s | FileCheck %s
// RUN: %hlsl2spirv -T cs_6_0 -E main -fcgl %s | FileCheck %s --check-prefix=CGL

RWStructuredBuffer<uint> counts;
RWBuffer<uint> texels;
groupshared uint total;
groupshared int signedTotal;
Texture2D<float4> image;

RWStructuredBuffer<uint> pickCounts() {
  return counts;
}

RWBuffer<uint> pickTexels() {
  return texels;
}

Texture2D<float4> pickImage() {
  return image;
}

void addTo(RWStructuredBuffer<uint> dst, uint i, uint v) {
  InterlockedAdd(dst[i], v);
  InterlockedMax(total, v, dst[i + 1]);
}

// CHECK-NOT: OpFunctionCall {{.*}} %pick
// CHECK:     %main = OpFunction
// CGL:       %src_main = OpFunction
// CGL:       %temp_var_RWBuffer = OpVariable %_ptr_Function_type_buffer_image Function
[numthreads(1, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  uint old;
// CHECK:      [[p:%[0-9]+]] = OpAccessChain %_ptr_Uniform_uint %counts %int_0
// CHECK-NEXT: OpAtomicIAdd %uint [[p]] %uint_1 %uint_0 %uint_1
// CGL:        [[b:%[0-9]+]] = OpFunctionCall %_ptr_Uniform_type_RWStructuredBuffer_uint %pickCounts
// CGL:        [[p:%[0-9]+]] = OpAccessChain %_ptr_Uniform_uint [[b]] %int_0
// CGL-NEXT:   [[r:%[0-9]+]] = OpAtomicIAdd %uint [[p]] %uint_1 %uint_0 %uint_1
// CGL-NEXT:   OpStore %old [[r]]
  InterlockedAdd(pickCounts()[id.x], 1u, old);

// The `original` argument is the returned buffer's element.
// CGL:        [[r:%[0-9]+]] = OpAtomicIAdd %uint %total %uint_2 %uint_0
// CGL-NEXT:   [[b:%[0-9]+]] = OpFunctionCall %_ptr_Uniform_type_RWStructuredBuffer_uint %pickCounts
// CGL-NEXT:   [[p:%[0-9]+]] = OpAccessChain %_ptr_Uniform_uint [[b]] %int_0 %uint_0
// CGL-NEXT:   OpStore [[p]] [[r]]
  InterlockedAdd(total, old, pickCounts()[0]);

// CHECK:      [[p:%[0-9]+]] = OpImageTexelPointer %_ptr_Image_uint %texels
// CHECK-NEXT: OpAtomicOr %uint [[p]] %uint_1 %uint_0 %uint_4
// CGL:        [[img:%[0-9]+]] = OpFunctionCall %type_buffer_image %pickTexels
// CGL:        OpStore %temp_var_RWBuffer [[img]]
// CGL:        [[p:%[0-9]+]] = OpImageTexelPointer %_ptr_Image_uint %temp_var_RWBuffer {{%[0-9]+}} %uint_0
// CGL-NEXT:   OpAtomicOr %uint [[p]] %uint_1 %uint_0 %uint_4
  InterlockedOr(pickTexels()[id.x], 4u, old);

// CHECK:      [[c:%[0-9]+]] = OpAccessChain %_ptr_Uniform_int %counter_var_counts %uint_0
// CHECK-NEXT: OpAtomicIAdd %int [[c]] %uint_1 %uint_0 %int_1
// CGL:        OpFunctionCall %_ptr_Uniform_type_RWStructuredBuffer_uint %pickCounts
// CGL-NEXT:   [[cb:%[0-9]+]] = OpLoad %_ptr_Uniform_type_ACSBuffer_counter %counter_var_pickCounts
// CGL-NEXT:   [[c:%[0-9]+]] = OpAccessChain %_ptr_Uniform_int [[cb]] %uint_0
// CGL-NEXT:   OpAtomicIAdd %int [[c]] %uint_1 %uint_0 %int_1
  uint slot = pickCounts().IncrementCounter();
  counts[slot] = old;

// CHECK-NOT:  OpFunctionCall %void %addTo
// CGL:        OpStore %counter_var_dst %counter_var_counts
// CGL-NEXT:   OpStore %param_var_dst %counts
// CGL:        OpFunctionCall %void %addTo %param_var_dst %param_var_i %param_var_v
  addTo(counts, slot, old);

// Constant operands of the other signedness.
// CHECK:      OpAtomicSMax %int %signedTotal %uint_2 %uint_0 %int_10
// CHECK-NEXT: OpAtomicUMin %uint %total %uint_2 %uint_0 %uint_4294967291
// CHECK-NEXT: OpAtomicSMin %int %signedTotal %uint_2 %uint_0 %int_5
// CHECK-NEXT: OpAtomicAnd %uint %total %uint_2 %uint_0 %uint_10
// CGL:        [[k:%[0-9]+]] = OpBitcast %int %uint_10
// CGL-NEXT:   OpAtomicSMax %int %signedTotal %uint_2 %uint_0 [[k]]
// CGL-NEXT:   [[k:%[0-9]+]] = OpBitcast %uint %int_n5
// CGL-NEXT:   OpAtomicUMin %uint %total %uint_2 %uint_0 [[k]]
// CGL-NEXT:   [[k:%[0-9]+]] = OpBitcast %int %uint_5
// CGL-NEXT:   OpAtomicSMin %int %signedTotal %uint_2 %uint_0 [[k]]
// CGL-NEXT:   OpAtomicAnd %uint %total %uint_2 %uint_0 %uint_10
  InterlockedMax(signedTotal, 10);
  InterlockedMin(total, -5);
  InterlockedMin(signedTotal, 5u);
  InterlockedAnd(total, 10);

// CGL:        [[img:%[0-9]+]] = OpFunctionCall %type_2d_image %pickImage
// CGL:        OpImageFetch %v4float [[img]]
  counts[2] = (uint)pickImage().Load(int3(0, 0, 0)).x;
}
// CGL:      %pickCounts = OpFunction %_ptr_Uniform_type_RWStructuredBuffer_uint None
// CGL-NEXT: OpLabel
// CGL-NEXT: OpStore %counter_var_pickCounts %counter_var_counts
// CGL-NEXT: OpReturnValue %counts
// CGL:      %pickTexels = OpFunction %type_buffer_image None
// CGL-NEXT: OpLabel
// CGL-NEXT: [[img:%[0-9]+]] = OpLoad %type_buffer_image %texels
// CGL-NEXT: OpReturnValue [[img]]
// CGL:      %addTo = OpFunction %void None
// CGL-NEXT: %dst = OpFunctionParameter %_ptr_Function__ptr_Uniform_type_RWStructuredBuffer_uint
// CGL:      [[b:%[0-9]+]] = OpLoad %_ptr_Uniform_type_RWStructuredBuffer_uint %dst
// CGL:      [[p:%[0-9]+]] = OpAccessChain %_ptr_Uniform_uint [[b]] %int_0
// CGL:      OpAtomicIAdd %uint [[p]] %uint_1 %uint_0
// CGL:      [[r:%[0-9]+]] = OpAtomicUMax %uint %total %uint_2 %uint_0
// CGL-NEXT: [[b:%[0-9]+]] = OpLoad %_ptr_Uniform_type_RWStructuredBuffer_uint %dst
// CGL:      [[p:%[0-9]+]] = OpAccessChain %_ptr_Uniform_uint [[b]] %int_0
// CGL-NEXT: OpStore [[p]] [[r]]
