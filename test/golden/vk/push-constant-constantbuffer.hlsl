// [[vk::push_constant]] on a ConstantBuffer<T> keeps the ConstantBuffer
// block name (type.ConstantBuffer.T); on a struct variable the block is
// type.PushConstant.S.
// RUN: %hlsl2spirv -T ps_6_0 -E main %s | FileCheck %s
// RUN: %hlsl2spirv -T ps_6_0 -E main -DPLAIN %s | FileCheck %s --check-prefix=PLAIN

struct Params { float3 tint; float scale; };

// CHECK: %type_ConstantBuffer_Params = OpTypeStruct %v3float %float
// CHECK: %pc = OpVariable %_ptr_PushConstant_type_ConstantBuffer_Params PushConstant
// PLAIN: %type_PushConstant_Params = OpTypeStruct %v3float %float
// PLAIN: %pc = OpVariable %_ptr_PushConstant_type_PushConstant_Params PushConstant
#ifdef PLAIN
[[vk::push_constant]] Params pc;
#else
[[vk::push_constant]] ConstantBuffer<Params> pc;
#endif

float4 main() : SV_Target { return float4(pc.tint * pc.scale, 1); }
