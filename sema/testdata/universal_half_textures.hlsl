// CONFIG: -T ps_6_6 -E main -enable-16bit-types -fspv-target-env=universal1.5
// Outside Vulkan, 16-bit float texels are allowed.

Buffer<half> halves;

float4 main() : SV_Target { return halves[0]; }
