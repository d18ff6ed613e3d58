// [[vk::push_constant]] makes a PushConstant block laid out like a storage
// buffer; [[vk::constant_id(N)]] makes an OpSpecConstant with SpecId N
// whose default is the initializer.
// RUN: %hlsl2spirv -T cs_6_0 -E main %s | FileCheck %s

// CHECK: OpName %Count "Count"
// CHECK: OpName %type_PushConstant_Params "type.PushConstant.Params"
// CHECK: OpDecorate %Count SpecId 3
// CHECK: OpMemberDecorate %type_PushConstant_Params 1 Offset 16
// CHECK: OpDecorate %type_PushConstant_Params Block
// CHECK: %Count = OpSpecConstant %int 8
// CHECK: %params = OpVariable %_ptr_PushConstant_type_PushConstant_Params PushConstant

struct Params { float3 scale; float4 bias; };
[[vk::push_constant]] Params params;
[[vk::constant_id(3)]] const int Count = 8;

RWStructuredBuffer<float4> Out : register(u0);

[numthreads(1, 1, 1)]
void main() {
  for (int i = 0; i < Count; ++i)
    Out[i] = float4(params.scale, 1) * params.bias;
}
