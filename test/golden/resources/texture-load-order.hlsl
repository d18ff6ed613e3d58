// Load on a sampled texture reads its location first - the coordinate
// shuffled off, the mip level extracted - and only then loads the texture
// (and takes its image, for vk::SampledTexture), as DXC orders it. Storage
// images and typed buffers load the image first.
// RUN: %hlsl2spirv -fcgl -T ps_6_0 -E main %s | FileCheck %s
// RUN: %hlsl2spirv -T ps_6_0 -E main %s

// CHECK: [[loc:%[0-9]+]] = OpLoad %v3int %loc_0
// CHECK-NEXT: [[coord:%[0-9]+]] = OpVectorShuffle %v2int [[loc]] [[loc]] 0 1
// CHECK-NEXT: [[lod:%[0-9]+]] = OpCompositeExtract %int [[loc]] 2
// CHECK-NEXT: [[t:%[0-9]+]] = OpLoad %type_2d_image %plain
// CHECK-NEXT: OpImageFetch %v4float [[t]] [[coord]] Lod [[lod]]
// CHECK: [[loc2:%[0-9]+]] = OpLoad %v3int %loc_0
// CHECK-NEXT: [[coord2:%[0-9]+]] = OpVectorShuffle %v2int [[loc2]] [[loc2]] 0 1
// CHECK-NEXT: [[lod2:%[0-9]+]] = OpCompositeExtract %int [[loc2]] 2
// CHECK-NEXT: [[s:%[0-9]+]] = OpLoad %type_sampled_image %combined
// CHECK-NEXT: [[i:%[0-9]+]] = OpImage %type_2d_image_0 [[s]]
// CHECK-NEXT: OpImageFetch %v4float [[i]] [[coord2]] Lod [[lod2]]
// CHECK: [[img:%[0-9]+]] = OpLoad %type_2d_image_1 %storage
// CHECK: OpImageRead %v4float [[img]]

Texture2D<float4> plain;
vk::SampledTexture2D<float4> combined;
RWTexture2D<float4> storage;

float4 fetch(int3 loc) {
  return plain.Load(loc) + combined.Load(loc) + storage.Load(loc.xy);
}

float4 main(int3 loc : LOC) : SV_Target {
  return fetch(loc);
}
