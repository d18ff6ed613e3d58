// [[vk::shader_record_ext]] and [[vk::shader_record_nv]] ConstantBuffer<T>
// variables live in ShaderRecordBufferKHR, laid out like storage buffers
// (vk::offset applies), with no descriptor binding; so do such cbuffers,
// whose block type is type.ShaderRecordBuffer{KHR,NV}.<name>.
// RUN: %hlsl2spirv -fcgl -T lib_6_3 -fspv-target-env=vulkan1.2 %s | FileCheck %s
// RUN: %hlsl2spirv -T lib_6_3 -fspv-target-env=vulkan1.2 %s
// RUN: not %hlsl2spirv -T lib_6_3 -fspv-target-env=vulkan1.2 -DBAD %s 2>&1 | FileCheck %s --check-prefix=BAD

// CHECK:     OpEntryPoint ClosestHitKHR %main "main" %record %Extra %P
// CHECK-NOT: OpDecorate %record DescriptorSet
// CHECK-NOT: OpDecorate %record Binding
// CHECK:     OpMemberDecorate %type_ConstantBuffer_Record 0 Offset 0
// CHECK:     OpMemberDecorate %type_ConstantBuffer_Record 1 Offset 16
// CHECK:     OpMemberDecorate %type_ConstantBuffer_Record 2 Offset 48
// CHECK:     OpDecorate %type_ConstantBuffer_Record Block
// CHECK:     OpDecorate %type_ShaderRecordBufferNV_Extra Block
// CHECK:     %record = OpVariable %_ptr_ShaderRecordBufferKHR_type_ConstantBuffer_Record ShaderRecordBufferKHR

struct Record {
  float scale;
  float3 tint[2];
  [[vk::offset(48)]] uint index;
};

[[vk::shader_record_ext]] ConstantBuffer<Record> record;

[[vk::shader_record_nv]] cbuffer Extra { float bias; };

#ifdef BAD
// BAD: error: 'shader_record_nv' attribute only applies to cbuffer or ConstantBuffer
[[vk::shader_record_nv]] StructuredBuffer<float> bad;
#endif

struct Payload { float4 color; };
struct Attr { float2 bary; };

[shader("closesthit")]
void main(inout Payload P, in Attr A) {
// CHECK: [[tint:%[0-9]+]] = OpAccessChain %_ptr_ShaderRecordBufferKHR__arr_v3float_uint_2 %record %int_1
// CHECK: OpAccessChain %_ptr_ShaderRecordBufferKHR_v3float [[tint]]
// CHECK: OpAccessChain %_ptr_ShaderRecordBufferKHR_float %Extra %int_0
  P.color = float4(record.tint[record.index & 1] * record.scale, bias);
#ifdef BAD
  P.color.x = bad[0];
#endif
}
