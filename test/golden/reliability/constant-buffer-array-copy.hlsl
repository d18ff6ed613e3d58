// An element of an array of ConstantBuffer<S> (std140: int c[2] has a
// 16-byte stride) assigned to a RWStructuredBuffer<S> element (std430:
// stride 4) is copied member by member; it was one OpStore of the std140
// struct into the std430 element, which spirv-val rejects.
// RUN: %hlsl2spirv -T cs_6_0 -E main -fcgl %s | FileCheck %s
// The CHECK lines pin the emitter's code (-fcgl); the optimized module of each
// such RUN line is validated by the RUN lines that follow.
// RUN: %hlsl2spirv -T cs_6_0 -E main %s

struct S { float a; float3 b; int c[2]; };
ConstantBuffer<S> CB[4] : register(b0);
RWStructuredBuffer<S> Out : register(u1);

// CHECK: OpDecorate [[arr140:%_arr_int_uint_2]] ArrayStride 16
// CHECK: OpDecorate [[arr430:%_arr_int_uint_2_0]] ArrayStride 4
// CHECK: [[src:%[0-9]+]] = OpLoad %type_ConstantBuffer_S
// CHECK: [[dst:%[0-9]+]] = OpAccessChain %_ptr_Uniform_S %Out %int_0
// CHECK-DAG: [[a:%[0-9]+]] = OpCompositeExtract %float [[src]] 0
// CHECK-DAG: [[b:%[0-9]+]] = OpCompositeExtract %v3float [[src]] 1
// CHECK-DAG: [[c:%[0-9]+]] = OpCompositeExtract [[arr140]] [[src]] 2
// CHECK-DAG: [[c0:%[0-9]+]] = OpCompositeExtract %int [[c]] 0
// CHECK-DAG: [[c1:%[0-9]+]] = OpCompositeExtract %int [[c]] 1
// CHECK: [[c430:%[0-9]+]] = OpCompositeConstruct [[arr430]] [[c0]] [[c1]]
// CHECK: [[s:%[0-9]+]] = OpCompositeConstruct %S [[a]] [[b]] [[c430]]
// CHECK: OpStore [[dst]] [[s]]
// From SPIR-V 1.4 a copy between the two layouts is OpCopyLogical, as DXC
// makes it, except at the level of the block itself: lavapipe (Mesa 22.3)
// fails to create the pipeline for OpCopyLogical from a Block struct
// (test/exec regressions_dxc.hlsl runs both).
// RUN: %hlsl2spirv -T cs_6_0 -E main -fcgl -fspv-target-env=vulkan1.2 %s | FileCheck %s --check-prefix=V12
// RUN: %hlsl2spirv -T cs_6_0 -E main -fspv-target-env=vulkan1.3 %s
// V12: [[src:%[0-9]+]] = OpLoad %type_ConstantBuffer_S
// V12-DAG: [[a:%[0-9]+]] = OpCompositeExtract %float [[src]] 0
// V12-DAG: [[b:%[0-9]+]] = OpCompositeExtract %v3float [[src]] 1
// V12-DAG: [[c:%[0-9]+]] = OpCompositeExtract %_arr_int_uint_2 [[src]] 2
// V12: [[c430:%[0-9]+]] = OpCopyLogical %_arr_int_uint_2_0 [[c]]
// V12: OpCompositeConstruct %S [[a]] [[b]] [[c430]]
[numthreads(4, 1, 1)]
void main(uint GI : SV_GroupIndex) {
  Out[GI] = CB[NonUniformResourceIndex(GI)];
}
