// CONFIG: -T ps_6_6 -E main -enable-16bit-types -fspv-target-env=vulkan1.1 -all-vulkan-errors
// Vulkan has no 16-bit float texel types (universal1.5 allows them; an
// unknown target environment is not judged).

Buffer<half> halves /* ERROR "The sampled type for textures cannot be a floating point type smaller than 32-bits when targeting a Vulkan environment." */;
Texture2D<float16_t4> quads /* ERROR "The sampled type for textures cannot be a floating point type smaller than 32-bits when targeting a Vulkan environment." */;
Buffer<int16_t> shorts;   // integers are fine
Texture2D<float4> floats;

float4 main() : SV_Target { return floats.Load(int3(0, 0, 0)); }
