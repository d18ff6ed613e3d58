// CONFIG: -T ps_6_5 -E main -fspv-target-env=vulkan1.1 -all-vulkan-errors
// Intrinsics and methods DXC's SPIR-V back end cannot lower, in a pixel
// shader (every error of the entry is reported with -all-vulkan-errors).

Texture2D<float4> tex;
Texture2D<float4> tex2[2];
SamplerComparisonState cmp;
SamplerState samp;
sampler legacy;
RWTexture2D<uint2> texels;
RWStructuredBuffer<uint> counters;
groupshared uint shared;
static uint privateCounter;
uint64_t address;

// Never called from main: nothing in it is judged.
void unused() {
  abort();
}

float4 main(float2 uv : TEXCOORD0, int2 offset : OFFSET, uint64_t wide : WIDE) : SV_Target {
  abort /* ERROR "no equivalent for abort intrinsic function in Vulkan" */ ();
  uint n = GetRenderTargetSampleCount /* ERROR "no equivalent for GetRenderTargetSampleCount intrinsic function in Vulkan" */ ();
  float4 g = tex.GatherCmpGreen /* ERROR "no equivalent for GatherCmpGreen intrinsic method in Vulkan" */ (cmp, uv, 0.5);
  float4 old = tex2D /* ERROR "deprecated tex2D intrinsic function will not be supported" */ (legacy, uv);
  uint low = firstbitlow /* ERROR "firstbitlow is currently limited to 32-bit width components when targeting SPIR-V" */ (wide);
  uint high = firstbithigh(n); // 32-bit: fine
  uint lanes = WaveActiveSum(1u); // Vulkan 1.1: wave operations are fine
  uint prefix = WaveMultiPrefixCountBits /* ERROR "WaveMultiPrefixCountBits intrinsic function unimplemented" */ (true, uint4(1, 0, 0, 0));

  uint before;
  InterlockedAdd(privateCounter /* ERROR "using static variable or function scope variable in interlocked operation is not allowed" */, 1, before);
  uint local = 0;
  InterlockedAdd(local /* ERROR "using static variable or function scope variable in interlocked operation is not allowed" */, 1);
  // groupshared memory is Workgroup memory, which no pixel shader has
  InterlockedAdd(shared /* ERROR "groupshared variable 'shared' cannot be used in a pixel shader: Vulkan has workgroup memory only in compute, mesh, amplification and node shaders" */, 1);
  InterlockedAdd(counters[0], 1);    // a resource element: fine
  InterlockedAdd(texels /* ERROR "Interlocked operation for texture buffer whose result type is non-scalar type is not allowed" */ [uint2(0, 0)].x, 1);

  float4 a = vk::RawBufferLoad<float4>(address, 16);
  float4 b = vk::RawBufferLoad<float4>(address, - /* ERROR "alignment argument must be a constant unsigned integer" */ 4);
  float4 c = tex.Load(int3(0, 0, 0), int2(1, 1));  // constant offset: fine
  float4 d = tex /* ERROR "Offsets to texture access operations must be immediate values." */ .Load(int3(0, 0, 0), offset);
  float4 e = tex2 /* ERROR "Offsets to texture access operations must be immediate values." */ [1].Load(int3(0, 0, 0), offset);
  float4 s = tex.Sample(samp, uv);  // implicit LOD is fine in a pixel shader
  return g + old + a + b + c + d + e + s + low + high + prefix + before + lanes;
}
