// An unbounded array of buffers is a runtime array of their blocks and
// needs the RuntimeDescriptorArray capability (SPV_EXT_descriptor_indexing),
// like an unbounded array of textures.
// RUN: %hlsl2spirv -T ps_6_0 -E main %s | FileCheck %s

// CHECK: OpCapability RuntimeDescriptorArray
// CHECK: OpExtension "SPV_EXT_descriptor_indexing"
// CHECK: %raw = OpVariable %_ptr_Uniform__runtimearr_type_ByteAddressBuffer Uniform
// CHECK: %params = OpVariable %_ptr_Uniform__runtimearr_type_ConstantBuffer_P Uniform

struct P { float4 scale; };
ByteAddressBuffer raw[];
ConstantBuffer<P> params[];

float4 main(uint i : INDEX) : SV_Target {
  return asfloat(raw[i].Load4(0)) * params[i].scale;
}
