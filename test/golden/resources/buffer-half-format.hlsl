// A typed buffer of 16-bit floats (-enable-16bit-types) has no inferred
// image format: only the min-precision kinds map to the 16-bit formats, as
// in DXC. Vulkan refuses 16-bit float texel types; other environments
// take them.
// RUN: %hlsl2spirv -T ps_6_6 -E main -fcgl -enable-16bit-types -fspv-target-env=universal1.5 %s | FileCheck %s
// RUN: %hlsl2spirv -T ps_6_6 -E main -fcgl -fspv-target-env=universal1.5 -DMIN16 %s | FileCheck %s --check-prefix=MIN16
// RUN: not %hlsl2spirv -T ps_6_6 -E main -fcgl -enable-16bit-types %s 2>&1 | FileCheck %s --check-prefix=VK

// CHECK: %type_buffer_image = OpTypeImage %half Buffer 2 0 0 1 Unknown
// MIN16: %type_buffer_image = OpTypeImage %float Buffer 2 0 0 2 R16f
// VK: error: The sampled type for textures cannot be a floating point type smaller than 32-bits when targeting a Vulkan environment.
#ifdef MIN16
RWBuffer<min16float> buf;
#else
Buffer<half> buf;
#endif

float4 main() : SV_Target { return buf[0]; }
