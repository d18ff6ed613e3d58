// A texel offset known only at run time is DXC's Offset operand, which
// asks for legalization; one the passes cannot make a constant stays
// Offset, which Vulkan allows on Gather only: the error names the offset
// (-fcgl writes the Offset, as DXC does). One over the variable of an
// [unroll] loop is a constant once loop-unroll copies the body (see
// codegen/unroll.hlsl).
// RUN: not %hlsl2spirv -T ps_6_0 -E main %s 2>&1 | FileCheck %s
// RUN: not %hlsl2spirv -T ps_6_0 -E main -O0 %s 2>&1 | FileCheck %s
// RUN: %hlsl2spirv -T ps_6_0 -E main -fcgl %s | FileCheck %s --check-prefix=CGL

// CHECK: texel-offset-runtime.hlsl:[[@LINE+8]]:10: error: the texel offset must be a constant: Vulkan allows an offset known only at run time on Gather only
// CGL: OpCapability ImageGatherExtended
// CGL: OpImageSampleImplicitLod %v4float {{%[0-9]+}} {{%[0-9]+}} Offset

Texture2D<float4> tex;
SamplerState smp;

float4 main(float2 uv : UV, int o : O) : SV_Target {
  return tex.Sample(smp, uv, int2(o, 0));
}
