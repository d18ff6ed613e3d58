// NonUniformResourceIndex over resource arrays, sized and unsized: the
// index goes through an OpCopyObject decorated NonUniform, and so is every
// value computed from it up to the resource (arithmetic on the index, the
// access chain, the loaded image or sampler, the sampled image). The
// module gets ShaderNonUniform, the *ArrayNonUniformIndexing capability of
// each kind indexed (sampled images, storage images, uniform and storage
// texel buffers), and RuntimeDescriptorArray for the unsized arrays, with
// SPV_EXT_descriptor_indexing. Structured and constant buffer arrays get
// only the decorations, as in DXC.
// RUN: %hlsl2spirv -T ps_6_0 -E main -fcgl %s | FileCheck %s
// RUN: %hlsl2spirv -T ps_6_0 -E main %s | FileCheck %s --check-prefix=CAPS

// CAPS: OpCapability RuntimeDescriptorArray
// CAPS-NEXT: OpCapability ShaderNonUniform
// CAPS-NEXT: OpCapability SampledImageArrayNonUniformIndexing
// CAPS-NEXT: OpCapability StorageImageArrayNonUniformIndexing
// CAPS-NEXT: OpCapability UniformTexelBufferArrayNonUniformIndexing
// CAPS-NEXT: OpCapability StorageTexelBufferArrayNonUniformIndexing
// CAPS-NOT: OpCapability
// CAPS: OpExtension "SPV_EXT_descriptor_indexing"
// CAPS: OpDecorate {{%[0-9]+}} NonUniform

// CHECK: OpDecorate [[texIdx:%[0-9]+]] NonUniform
// CHECK-NEXT: OpDecorate [[texPtr:%[0-9]+]] NonUniform
// CHECK-NEXT: OpDecorate [[tex:%[0-9]+]] NonUniform
// CHECK-NEXT: OpDecorate [[smpIdx:%[0-9]+]] NonUniform
// CHECK-NEXT: OpDecorate [[smpPtr:%[0-9]+]] NonUniform
// CHECK-NEXT: OpDecorate [[smp:%[0-9]+]] NonUniform
// CHECK-NEXT: OpDecorate [[si:%[0-9]+]] NonUniform
// CHECK-NEXT: OpDecorate [[imgIdx:%[0-9]+]] NonUniform
// CHECK-NEXT: OpDecorate [[imgMod:%[0-9]+]] NonUniform
// CHECK-NEXT: OpDecorate [[imgPtr:%[0-9]+]] NonUniform
// CHECK-NEXT: OpDecorate [[img:%[0-9]+]] NonUniform
// CHECK-NEXT: OpDecorate [[tbIdx:%[0-9]+]] NonUniform
// CHECK-NEXT: OpDecorate [[tbPtr:%[0-9]+]] NonUniform
// CHECK-NEXT: OpDecorate [[tb:%[0-9]+]] NonUniform
// CHECK-NEXT: OpDecorate [[rwIdx:%[0-9]+]] NonUniform
// CHECK-NEXT: OpDecorate [[rwPtr:%[0-9]+]] NonUniform
// CHECK-NEXT: OpDecorate [[rw:%[0-9]+]] NonUniform
// CHECK-NEXT: OpDecorate [[sbIdx:%[0-9]+]] NonUniform
// CHECK-NEXT: OpDecorate [[sbElem:%[0-9]+]] NonUniform
// CHECK-NEXT: OpDecorate [[sbPtr:%[0-9]+]] NonUniform
// CHECK-NEXT: OpDecorate [[sb:%[0-9]+]] NonUniform
// CHECK-NEXT: OpDecorate [[sbSum:%[0-9]+]] NonUniform
// CHECK-NEXT: OpDecorate [[cbIdx:%[0-9]+]] NonUniform
// CHECK-NEXT: OpDecorate [[cbPtr:%[0-9]+]] NonUniform
// CHECK-NEXT: OpDecorate [[cb:%[0-9]+]] NonUniform
// CHECK-NEXT: OpDecorate [[cbSum:%[0-9]+]] NonUniform

// CHECK: [[i:%[0-9]+]] = OpLoad %uint %i{{$}}
// CHECK-NEXT: [[texIdx]] = OpCopyObject %uint [[i]]
// CHECK-NEXT: [[texPtr]] = OpAccessChain %_ptr_UniformConstant_type_2d_image %textures [[texIdx]]
// CHECK-NEXT: [[tex]] = OpLoad %type_2d_image [[texPtr]]
// CHECK: [[i1:%[0-9]+]] = OpIAdd %uint {{%[0-9]+}} %uint_1
// CHECK-NEXT: [[smpIdx]] = OpCopyObject %uint [[i1]]
// CHECK-NEXT: [[smpPtr]] = OpAccessChain %_ptr_UniformConstant_type_sampler %samplers [[smpIdx]]
// CHECK-NEXT: [[smp]] = OpLoad %type_sampler [[smpPtr]]
// CHECK: [[si]] = OpSampledImage %type_sampled_image [[tex]] [[smp]]
// CHECK-NEXT: OpImageSampleImplicitLod %v4float [[si]]

// CHECK: [[imgIdx]] = OpCopyObject %uint
// CHECK-NEXT: [[imgMod]] = OpUMod %uint [[imgIdx]] %uint_4
// CHECK: [[imgPtr]] = OpAccessChain %_ptr_UniformConstant_type_2d_image_0 %images [[imgMod]]
// CHECK-NEXT: [[img]] = OpLoad %type_2d_image_0 [[imgPtr]]
// CHECK-NEXT: OpImageRead %v4float [[img]]

// CHECK: [[tbIdx]] = OpCopyObject %uint
// CHECK: [[tbPtr]] = OpAccessChain %_ptr_UniformConstant_type_buffer_image %texels [[tbIdx]]
// CHECK-NEXT: [[tb]] = OpLoad %type_buffer_image [[tbPtr]]
// CHECK-NEXT: OpImageFetch %v4float [[tb]] %uint_3

// CHECK: [[rwIdx]] = OpCopyObject %uint
// CHECK: [[rwPtr]] = OpAccessChain %_ptr_UniformConstant_type_buffer_image_0 %rwTexels [[rwIdx]]
// CHECK-NEXT: [[rw]] = OpLoad %type_buffer_image_0 [[rwPtr]]
// CHECK-NEXT: OpImageWrite [[rw]] %uint_5 %uint_7

// CHECK: [[sbIdx]] = OpCopyObject %uint
// The buffer is chosen first, then its element, as in DXC:
// CHECK: [[sbElem]] = OpAccessChain %_ptr_Uniform_type_StructuredBuffer_v4float %structured [[sbIdx]]
// CHECK-NEXT: [[sbPtr]] = OpAccessChain %_ptr_Uniform_v4float [[sbElem]] %int_0 %uint_2
// CHECK-NEXT: [[sb]] = OpLoad %v4float [[sbPtr]]
// CHECK: [[sbSum]] = OpFAdd %v4float {{%[0-9]+}} [[sb]]

// CHECK: [[cbIdx]] = OpCopyObject %uint
// CHECK-NEXT: [[cbPtr]] = OpAccessChain %_ptr_Uniform_v4float %cbs [[cbIdx]] %int_0
// CHECK-NEXT: [[cb]] = OpLoad %v4float [[cbPtr]]
// CHECK: [[cbSum]] = OpFAdd %v4float {{%[0-9]+}} [[cb]]

Texture2D<float4> textures[8];
SamplerState samplers[];
RWTexture2D<float4> images[4];
Buffer<float4> texels[];
RWBuffer<uint> rwTexels[4];
StructuredBuffer<float4> structured[];
struct P { float4 v; };
ConstantBuffer<P> cbs[4];

float4 main(uint i : IDX, float2 uv : UV) : SV_Target {
  float4 r = textures[NonUniformResourceIndex(i)].Sample(samplers[NonUniformResourceIndex(i + 1)], uv);
  r += images[NonUniformResourceIndex(i) % 4][uint2(1, 2)];
  r += texels[NonUniformResourceIndex(i)][3];
  rwTexels[NonUniformResourceIndex(i)][5] = 7;
  r += structured[NonUniformResourceIndex(i)][2];
  r += cbs[NonUniformResourceIndex(i)].v;
  return r;
}
