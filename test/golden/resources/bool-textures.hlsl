// Textures of bool hold uints, as DXC stores them (an image cannot hold
// bools): a read is compared with 0, a write converts to 0 or 1.
// RUN: %hlsl2spirv -T cs_6_0 -E main -fcgl %s | FileCheck %s
// The CHECK lines pin the emitter's code (-fcgl); the optimized module of each
// such RUN line is validated by the RUN lines that follow.
// RUN: %hlsl2spirv -T cs_6_0 -E main %s

// CHECK: %type_2d_image = OpTypeImage %uint 2D 2 0 0 1 Unknown
// CHECK: %type_2d_image_0 = OpTypeImage %uint 2D 2 0 0 2 Unknown
// CHECK: [[t:%[0-9]+]] = OpImageFetch %v4uint
// CHECK: [[x:%[0-9]+]] = OpCompositeExtract %uint [[t]] 0
// CHECK: OpINotEqual %bool [[x]] %uint_0
// CHECK: [[u:%[0-9]+]] = OpSelect %uint {{%[0-9]+}} %uint_1 %uint_0
// CHECK: OpImageWrite {{%[0-9]+}} {{%[0-9]+}} [[u]]

Texture2D<bool> flags;
RWTexture2D<bool> out_flags;

[numthreads(8, 8, 1)]
void main(uint2 id : SV_DispatchThreadID) {
  out_flags[id] = !flags.Load(int3(id, 0));
}
