// bench: -T ps_6_0 -E main
// Forward PBR pixel shader: metallic/roughness materials, Cook-Torrance
// specular, directional, point and spot lights, PCF shadows and image-based
// ambient light.

#define MAX_LIGHTS 16
#define PI 3.14159265359
#define INV_PI 0.31830988618

#define LIGHT_DIRECTIONAL 0
#define LIGHT_POINT 1
#define LIGHT_SPOT 2

struct Light {
  float3 position;
  float range;
  float3 direction;
  float innerCone;
  float3 color;
  float outerCone;
  uint type;
  uint castsShadow;
  float2 padding;
};

cbuffer Frame : register(b0) {
  float4x4 viewProj;
  float4x4 shadowViewProj;
  float3 cameraPos;
  float time;
  uint lightCount;
  float exposure;
  float shadowBias;
  float iblIntensity;
  Light lights[MAX_LIGHTS];
};

cbuffer Material : register(b1) {
  float4 baseColorFactor;
  float3 emissiveFactor;
  float metallicFactor;
  float roughnessFactor;
  float occlusionStrength;
  float normalScale;
  float alphaCutoff;
};

Texture2D baseColorMap : register(t0);
Texture2D normalMap : register(t1);
Texture2D metalRoughMap : register(t2);
Texture2D occlusionMap : register(t3);
Texture2D emissiveMap : register(t4);
Texture2D shadowMap : register(t5);
TextureCube irradianceMap : register(t6);
TextureCube prefilteredMap : register(t7);
Texture2D brdfLut : register(t8);

SamplerState linearSampler : register(s0);
SamplerComparisonState shadowSampler : register(s1);

struct PSInput {
  float4 position : SV_Position;
  float3 worldPos : TEXCOORD0;
  float3 normal : TEXCOORD1;
  float4 tangent : TEXCOORD2;
  float2 uv : TEXCOORD3;
};

float distributionGGX(float nDotH, float roughness) {
  float a = roughness * roughness;
  float a2 = a * a;
  float d = nDotH * nDotH * (a2 - 1.0) + 1.0;
  return a2 / max(PI * d * d, 1e-6);
}

float geometrySchlickGGX(float nDotV, float roughness) {
  float r = roughness + 1.0;
  float k = (r * r) / 8.0;
  return nDotV / (nDotV * (1.0 - k) + k);
}

float geometrySmith(float nDotV, float nDotL, float roughness) {
  return geometrySchlickGGX(nDotV, roughness) * geometrySchlickGGX(nDotL, roughness);
}

float3 fresnelSchlick(float cosTheta, float3 f0) {
  return f0 + (1.0 - f0) * pow(saturate(1.0 - cosTheta), 5.0);
}

float3 fresnelSchlickRoughness(float cosTheta, float3 f0, float roughness) {
  return f0 + (max((float3)(1.0 - roughness), f0) - f0) * pow(saturate(1.0 - cosTheta), 5.0);
}

float attenuation(Light light, float3 worldPos, out float3 l) {
  if (light.type == LIGHT_DIRECTIONAL) {
    l = -normalize(light.direction);
    return 1.0;
  }
  float3 toLight = light.position - worldPos;
  float dist = length(toLight);
  l = toLight / max(dist, 1e-4);
  float falloff = saturate(1.0 - pow(dist / light.range, 4.0));
  float att = falloff * falloff / (dist * dist + 1.0);
  if (light.type == LIGHT_SPOT) {
    float cosAngle = dot(-l, normalize(light.direction));
    att *= smoothstep(light.outerCone, light.innerCone, cosAngle);
  }
  return att;
}

float shadowFactor(float3 worldPos, float nDotL) {
  float4 clip = mul(shadowViewProj, float4(worldPos, 1.0));
  float3 ndc = clip.xyz / clip.w;
  float2 uv = ndc.xy * float2(0.5, -0.5) + 0.5;
  if (any(uv < 0.0) || any(uv > 1.0)) {
    return 1.0;
  }
  float bias = max(shadowBias * (1.0 - nDotL), shadowBias * 0.1);
  uint width, height;
  shadowMap.GetDimensions(width, height);
  float2 texel = 1.0 / float2(width, height);
  float sum = 0.0;
  [unroll]
  for (int y = -1; y <= 1; ++y) {
    [unroll]
    for (int x = -1; x <= 1; ++x) {
      sum += shadowMap.SampleCmpLevelZero(shadowSampler, uv + float2(x, y) * texel, ndc.z - bias);
    }
  }
  return sum / 9.0;
}

float3 perturbNormal(PSInput input) {
  float3 n = normalize(input.normal);
  float3 t = normalize(input.tangent.xyz - n * dot(n, input.tangent.xyz));
  float3 b = cross(n, t) * input.tangent.w;
  float3 tn = normalMap.Sample(linearSampler, input.uv).xyz * 2.0 - 1.0;
  tn.xy *= normalScale;
  return normalize(tn.x * t + tn.y * b + tn.z * n);
}

float3 ambientLight(float3 n, float3 v, float3 albedo, float metallic, float roughness, float3 f0) {
  float nDotV = saturate(dot(n, v));
  float3 f = fresnelSchlickRoughness(nDotV, f0, roughness);
  float3 kd = (1.0 - f) * (1.0 - metallic);
  float3 irradiance = irradianceMap.Sample(linearSampler, n).rgb;
  float3 diffuse = irradiance * albedo;
  float3 r = reflect(-v, n);
  float lod = roughness * 6.0;
  float3 prefiltered = prefilteredMap.SampleLevel(linearSampler, r, lod).rgb;
  float2 envBrdf = brdfLut.Sample(linearSampler, float2(nDotV, roughness)).rg;
  float3 specular = prefiltered * (f * envBrdf.x + envBrdf.y);
  return (kd * diffuse + specular) * iblIntensity;
}

float3 acesFilm(float3 x) {
  const float a = 2.51;
  const float b = 0.03;
  const float c = 2.43;
  const float d = 0.59;
  const float e = 0.14;
  return saturate((x * (a * x + b)) / (x * (c * x + d) + e));
}

float4 main(PSInput input) : SV_Target {
  float4 baseColor = baseColorMap.Sample(linearSampler, input.uv) * baseColorFactor;
  if (baseColor.a < alphaCutoff) {
    discard;
  }
  float4 mr = metalRoughMap.Sample(linearSampler, input.uv);
  float metallic = saturate(mr.b * metallicFactor);
  float roughness = clamp(mr.g * roughnessFactor, 0.04, 1.0);
  float ao = lerp(1.0, occlusionMap.Sample(linearSampler, input.uv).r, occlusionStrength);

  float3 n = perturbNormal(input);
  float3 v = normalize(cameraPos - input.worldPos);
  float nDotV = max(dot(n, v), 1e-4);
  float3 f0 = lerp((float3)0.04, baseColor.rgb, metallic);

  float3 lo = 0.0;
  for (uint i = 0; i < lightCount; ++i) {
    Light light = lights[i];
    float3 l;
    float att = attenuation(light, input.worldPos, l);
    if (att <= 0.0) {
      continue;
    }
    float3 h = normalize(v + l);
    float nDotL = saturate(dot(n, l));
    float nDotH = saturate(dot(n, h));
    float hDotV = saturate(dot(h, v));
    float d = distributionGGX(nDotH, roughness);
    float g = geometrySmith(nDotV, nDotL, roughness);
    float3 f = fresnelSchlick(hDotV, f0);
    float3 specular = d * g * f / max(4.0 * nDotV * nDotL, 1e-4);
    float3 kd = (1.0 - f) * (1.0 - metallic);
    float shadow = light.castsShadow != 0 ? shadowFactor(input.worldPos, nDotL) : 1.0;
    lo += (kd * baseColor.rgb * INV_PI + specular) * light.color * nDotL * att * shadow;
  }

  float3 ambient = ambientLight(n, v, baseColor.rgb, metallic, roughness, f0) * ao;
  float3 emissive = emissiveMap.Sample(linearSampler, input.uv).rgb * emissiveFactor;
  float3 color = (lo + ambient + emissive) * exposure;
  color = acesFilm(color);
  color = pow(color, 1.0 / 2.2);
  return float4(color, baseColor.a);
}
