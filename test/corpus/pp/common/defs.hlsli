#ifndef DEFS_HLSLI
#define DEFS_HLSLI

#define QUALITY 2
#define SATURATE(x) clamp((x), 0.0f, 1.0f)
#define DECLARE_TEXTURE(name, slot) \
    Texture2D<float4> name##Texture : register(t##slot); \
    SamplerState name##Sampler : register(s##slot)
#define SAMPLE(name, uv) name##Texture.Sample(name##Sampler, uv)

static const float kDefs = 1.0f;

#endif // DEFS_HLSLI
