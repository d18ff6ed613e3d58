#line 1 "lighting.hlsl"


#line 1 "./common/defs.hlsli"
#line 11 "./common/defs.hlsli"
static const float kDefs = 1.0f;
#line 4 "lighting.hlsl"

#line 1 "./common/once.hlsli"

static const uint kOnce = 0x1Fu;
#line 6 "lighting.hlsl"


#pragma pack_matrix(row_major)

Texture2D<float4> albedoTexture : register(t0); SamplerState albedoSampler : register(s0);
Texture2D<float4> normalsTexture : register(t1); SamplerState normalsSampler : register(s1);

cbuffer Frame : register(b0)
{
    float4x4 viewProj;
    float3 lightDir;
};

float4 main(float2 uv : TEXCOORD0) : SV_Target
{
    float3 n = normalize(normalsTexture.Sample(normalsSampler, uv).xyz * 2.0f - 1.0f);
    float ndl = clamp((dot(n, -lightDir)), 0.0f, 1.0f);

    float3 c = albedoTexture.Sample(albedoSampler, uv).rgb * ndl;



    return float4(c, 1.0h);
}
