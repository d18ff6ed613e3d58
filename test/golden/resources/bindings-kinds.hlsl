// Resource kinds and their bindings: tbuffer and TextureBuffer<T> are
// read-only BufferBlock structs (std430 offsets, NonWritable members) bound
// as t registers; SamplerComparisonState is a plain sampler used through
// OpImageSampleDref*; globallycoherent decorates the variable Coherent (its
// atomics are Device scope, as all of DXC's); an unsized resource array is a runtime
// array (RuntimeDescriptorArray, SPV_EXT_descriptor_indexing). $Globals
// takes the lowest free binding of set 0, or the one -fvk-bind-globals
// gives it (decorated after the explicit ones).
// RUN: %hlsl2spirv -T ps_6_0 -E main %s | FileCheck %s --check-prefix=IMPLICIT
// RUN: %hlsl2spirv -T ps_6_0 -E main -fvk-bind-globals 5 2 %s | FileCheck %s

// IMPLICIT: OpDecorate %_Globals DescriptorSet 0
// IMPLICIT-NEXT: OpDecorate %_Globals Binding 2

// CHECK: OpCapability RuntimeDescriptorArray
// CHECK: OpExtension "SPV_EXT_descriptor_indexing"
// CHECK: OpDecorate %flags Coherent
// CHECK-NEXT: OpDecorate %target Coherent
// CHECK: OpDecorate %Lights DescriptorSet 0
// CHECK-NEXT: OpDecorate %Lights Binding 3
// CHECK-NEXT: OpDecorate %sun DescriptorSet 0
// CHECK-NEXT: OpDecorate %sun Binding 4
// CHECK-NEXT: OpDecorate %depth DescriptorSet 0
// CHECK-NEXT: OpDecorate %depth Binding 0
// CHECK-NEXT: OpDecorate %shadowSmp DescriptorSet 0
// CHECK-NEXT: OpDecorate %shadowSmp Binding 0
// CHECK-NEXT: OpDecorate %flags DescriptorSet 0
// CHECK-NEXT: OpDecorate %flags Binding 0
// CHECK-NEXT: OpDecorate %target DescriptorSet 0
// CHECK-NEXT: OpDecorate %target Binding 1
// CHECK-NEXT: OpDecorate %bindless DescriptorSet 1
// CHECK-NEXT: OpDecorate %bindless Binding 0
// CHECK-NEXT: OpDecorate %_Globals DescriptorSet 2
// CHECK-NEXT: OpDecorate %_Globals Binding 5

// CHECK: OpMemberDecorate %Light 0 Offset 0
// CHECK-NEXT: OpMemberDecorate %Light 1 Offset 16
// CHECK-NEXT: OpMemberDecorate %Light 2 Offset 28
// CHECK-NEXT: OpDecorate %_arr_Light_uint_4 ArrayStride 32
// CHECK-NEXT: OpMemberDecorate %type_Lights 0 Offset 0
// CHECK-NEXT: OpMemberDecorate %type_Lights 0 NonWritable
// CHECK-NEXT: OpMemberDecorate %type_Lights 1 Offset 128
// CHECK-NEXT: OpMemberDecorate %type_Lights 1 NonWritable
// CHECK-NEXT: OpDecorate %type_Lights BufferBlock
// CHECK-NEXT: OpMemberDecorate %type_TextureBuffer_Light 0 Offset 0
// CHECK-NEXT: OpMemberDecorate %type_TextureBuffer_Light 0 NonWritable
// CHECK: OpDecorate %type_TextureBuffer_Light BufferBlock

// CHECK: %type_sampler = OpTypeSampler
// CHECK: %_runtimearr_type_2d_image = OpTypeRuntimeArray %type_2d_image
// CHECK: %Lights = OpVariable %_ptr_Uniform_type_Lights Uniform
// CHECK-NEXT: %sun = OpVariable %_ptr_Uniform_type_TextureBuffer_Light Uniform
// CHECK: %shadowSmp = OpVariable %_ptr_UniformConstant_type_sampler UniformConstant
// CHECK: %bindless = OpVariable %_ptr_UniformConstant__runtimearr_type_2d_image UniformConstant

// CHECK: [[si:%[0-9]+]] = OpSampledImage %type_sampled_image
// CHECK-NEXT: OpImageSampleDrefImplicitLod %float [[si]] {{%[0-9]+}} %float_0_5
// CHECK: [[si:%[0-9]+]] = OpSampledImage %type_sampled_image
// CHECK-NEXT: OpImageSampleDrefExplicitLod %float [[si]] {{%[0-9]+}} %float_0_25 Lod %float_0
// CHECK: [[p:%[0-9]+]] = OpAccessChain %_ptr_Uniform_uint %flags %int_0 %uint_0
// CHECK-NEXT: OpAtomicOr %uint [[p]] %uint_1 %uint_0 %uint_1

struct Light { float4 color; float3 dir; float range; };

tbuffer Lights : register(t3) { Light lights[4]; float ambient; };
TextureBuffer<Light> sun : register(t4);
Texture2D<float> depth : register(t0);
SamplerComparisonState shadowSmp : register(s0);
globallycoherent RWStructuredBuffer<uint> flags : register(u0);
globallycoherent RWTexture2D<float4> target : register(u1);
Texture2D<float4> bindless[] : register(t0, space1);
float exposure;
float4 tint;

float4 main(float4 pos : SV_Position, nointerpolation uint mat : MATERIAL) : SV_Target {
  float lit = depth.SampleCmp(shadowSmp, pos.xy, 0.5) + depth.SampleCmpLevelZero(shadowSmp, pos.xy, 0.25);
  float4 c = lights[1].color * ambient + sun.color * lit;
  InterlockedOr(flags[0], 1u);
  target[uint2(pos.xy)] = c;
  return (c + bindless[mat].Load(int3(0, 0, 0))) * exposure * tint;
}
