// Included by vulkan-include.hlsl: macros only, no function.
#define TWICE(x) ((x) * 2)
