// A pixel shader in the shape real ones have: includes with guards,
// configuration macros, token pasting for resource declarations.
#include "common/defs.hlsli"
#include "common/defs.hlsli"   // guarded: contributes nothing the second time
#include "common/once.hlsli"
#include "common/once.hlsli"

#pragma pack_matrix(row_major)

DECLARE_TEXTURE(albedo, 0);
DECLARE_TEXTURE(normals, 1);

cbuffer Frame : register(b0)
{
    float4x4 viewProj;
    float3   lightDir;
};

float4 main(float2 uv : TEXCOORD0) : SV_Target
{
    float3 n = normalize(SAMPLE(normals, uv).xyz * 2.0f - 1.0f);
    float  ndl = SATURATE(dot(n, -lightDir));
#if QUALITY >= 2
    float3 c = SAMPLE(albedo, uv).rgb * ndl;
#else
    float3 c = ndl.xxx;
#endif
    return float4(c, 1.0h);
}
