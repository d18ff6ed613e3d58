// Interlocked operations on the resource a function returns. Without
// -fcgl the function is inlined (legalized SPIR-V cannot pass buffer
// pointers around), so the atomic works on the global directly. With
// -fcgl, as in DXC's unlegalized output, a function whose body returns a
// global structured buffer stays a function returning the pointer to its
// block: the atomic's access chain starts at the call's result, and the
// counter is the returned buffer's. A function taking a buffer keeps its
// function too: the parameter is a Function pointer to the block pointer
// (param.var.<name> at the call), loaded where the body indexes it. A
// function returning a typed buffer is still inlined under -fcgl (DXC
// returns the image and takes a texel pointer into a temp.var.RWBuffer
// copy, which is not done here).
// RUN: %hlsl2spirv -T cs_6_0 -E main %s | FileCheck %s
// RUN: %hlsl2spirv -T cs_6_0 -E main -fcgl %s | FileCheck %s --check-prefix=CGL

RWStructuredBuffer<uint> counts;
RWBuffer<uint> texels;
groupshared uint total;

RWStructuredBuffer<uint> pickCounts() {
  return counts;
}

RWBuffer<uint> pickTexels() {
  return texels;
}

void addTo(RWStructuredBuffer<uint> dst, uint i, uint v) {
  InterlockedAdd(dst[i], v);
  InterlockedMax(total, v, dst[i + 1]);
}

// CHECK-NOT: OpFunctionCall {{.*}} %pick
// CHECK:     %src_main = OpFunction
// CGL:       %src_main = OpFunction
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
// CGL:        [[p:%[0-9]+]] = OpImageTexelPointer %_ptr_Image_uint %texels {{%[0-9]+}} %uint_0
// CGL-NEXT:   OpAtomicOr %uint [[p]] %uint_1 %uint_0 %uint_4
  InterlockedOr(pickTexels()[id.x], 4u, old);

// CHECK:      [[c:%[0-9]+]] = OpAccessChain %_ptr_Uniform_int %counter_var_counts %uint_0
// CHECK-NEXT: OpAtomicIAdd %int [[c]] %uint_1 %uint_0 %int_1
// CGL:        OpFunctionCall %_ptr_Uniform_type_RWStructuredBuffer_uint %pickCounts
// CGL-NEXT:   [[c:%[0-9]+]] = OpAccessChain %_ptr_Uniform_int %counter_var_counts %uint_0
// CGL-NEXT:   OpAtomicIAdd %int [[c]] %uint_1 %uint_0 %int_1
  uint slot = pickCounts().IncrementCounter();
  counts[slot] = old;

// CHECK-NOT:  OpFunctionCall %void %addTo
// CGL:        OpStore %param_var_dst %counts
// CGL:        OpFunctionCall %void %addTo %param_var_dst %param_var_i %param_var_v
  addTo(counts, slot, old);
}
// CGL:      %pickCounts = OpFunction %_ptr_Uniform_type_RWStructuredBuffer_uint None
// CGL-NEXT: OpLabel
// CGL-NEXT: OpReturnValue %counts
// CGL-NOT:  %pickTexels = OpFunction
// CGL:      %addTo = OpFunction %void None
// CGL-NEXT: %dst = OpFunctionParameter %_ptr_Function__ptr_Uniform_type_RWStructuredBuffer_uint
// CGL:      [[b:%[0-9]+]] = OpLoad %_ptr_Uniform_type_RWStructuredBuffer_uint %dst
// CGL:      [[p:%[0-9]+]] = OpAccessChain %_ptr_Uniform_uint [[b]] %int_0
// CGL:      OpAtomicIAdd %uint [[p]] %uint_1 %uint_0
// CGL:      [[r:%[0-9]+]] = OpAtomicUMax %uint %total %uint_2 %uint_0
// CGL-NEXT: [[b:%[0-9]+]] = OpLoad %_ptr_Uniform_type_RWStructuredBuffer_uint %dst
// CGL:      [[p:%[0-9]+]] = OpAccessChain %_ptr_Uniform_uint [[b]] %int_0
// CGL-NEXT: OpStore [[p]] [[r]]
