// Legacy effect (.fx) syntax parses and is dropped with a warning, as DXC
// does: annotations, state blocks, sampler_state assignments, techniques and
// effect object variables. What is left compiles to a valid module, and the
// effect type names stay usable as variable names.
// RUN: %hlsl2spirv -T ps_6_0 -E main %s 2>&1 | FileCheck %s --check-prefix=WARN
// RUN: %hlsl2spirv -fcgl -T ps_6_0 -E main %s | FileCheck %s
// RUN: %hlsl2spirv -T ps_6_0 -E main -no-warnings %s 2>&1 | FileCheck %s --check-prefix=QUIET
// RUN: %hlsl2spirv -T ps_6_0 -E main -Wno-effects-syntax %s 2>&1 | FileCheck %s --check-prefix=QUIET
// RUN: not %hlsl2spirv -T ps_6_0 -E main -DUSE_DROPPED %s 2>&1 | FileCheck %s --check-prefix=DROPPED
// RUN: %hlsl2spirv -T ps_6_0 -E main %s

// WARN-DAG: effect-syntax.hlsl:[[@LINE+4]]:1: warning: possible effect annotation ignored - effect syntax is deprecated
// WARN-DAG: effect-syntax.hlsl:[[@LINE+4]]:1: warning: effect state block ignored - effect syntax is deprecated. To use braces as an initializer use them with equal signs.
Texture2D<float4> albedo : register(t0),
                  detail : register(t1)
< string UIName = "detail"; >
{
    MipFilter = LINEAR;
    AddressU = Wrap;
};

// WARN-DAG: effect-syntax.hlsl:[[@LINE+1]]:43: warning: effect sampler_state assignment ignored - effect syntax is deprecated
SamplerState linearClamp : register(s0) = sampler_state { Filter = MIN_MAG_MIP_LINEAR; AddressU = Clamp; };

// WARN-DAG: effect-syntax.hlsl:[[@LINE+1]]:1: warning: effect technique ignored - effect syntax is deprecated
technique11 Opaque
{
    pass Main { SetPixelShader(CompileShader(ps_5_0, main())); SetBlendState(NoBlend, float4(0, 0, 0, 0), 0xFFFFFFFF); }
    pass Shadow { }
}

// WARN-DAG: effect-syntax.hlsl:[[@LINE+1]]:1: warning: effect object ignored - effect syntax is deprecated
PixelShader compiledPS;
// WARN-DAG: effect-syntax.hlsl:[[@LINE+2]]:1: warning: effect object ignored - effect syntax is deprecated
// WARN-DAG: effect-syntax.hlsl:[[@LINE+1]]:20: warning: effect state block ignored
BlendState NoBlend { BlendEnable[0] = FALSE; };

// A variable may take an effect type's name.
Texture2D<float4> texture : register(t2);

float4 main(float2 uv : TEXCOORD) : SV_Target {
  float Texture = 0.5;
#ifdef USE_DROPPED
  // DROPPED: effect-syntax.hlsl:[[@LINE+1]]:10: error: use of undeclared identifier 'compiledPS'
  return compiledPS;
#endif
  return albedo.Sample(linearClamp, uv) + detail.Sample(linearClamp, uv) * Texture + texture.Sample(linearClamp, uv);
}
// WARN-DAG: effect-syntax.hlsl:[[@LINE+1]]:1: warning: effect technique ignored - effect syntax is deprecated
Technique Fallback { pass { } }
// WARN: 8 warnings generated.

// The dropped pieces leave ordinary declarations behind.
// CHECK: OpDecorate %albedo Binding 0
// CHECK: OpDecorate %detail Binding 1
// CHECK: OpDecorate %linearClamp Binding 0
// CHECK: OpDecorate %texture Binding 2
// CHECK-NOT: compiledPS
// CHECK-NOT: NoBlend
// CHECK: %src_main = OpFunction
// CHECK: OpImageSampleImplicitLod %v4float
// CHECK: OpImageSampleImplicitLod %v4float
// CHECK: OpImageSampleImplicitLod %v4float

// QUIET-NOT: warning
