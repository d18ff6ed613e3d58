// A typical 200-line shader for the parser benchmarks: a PBR-style pixel
// shader with its vertex shader, resources, helper functions and loops.
#define PI 3.14159265
#define MAX_LIGHTS 8

struct VSInput {
  float3 position : POSITION;
  float3 normal : NORMAL;
  float4 tangent : TANGENT;
  float2 uv : TEXCOORD0;
};

struct VSOutput {
  float4 position : SV_Position;
  float3 worldPos : TEXCOORD0;
  float3 normal : TEXCOORD1;
  float3 tangent : TEXCOORD2;
  float3 bitangent : TEXCOORD3;
  float2 uv : TEXCOORD4;
  nointerpolation uint instance : TEXCOORD5;
};

struct Light {
  float3 position;
  float range;
  float3 color;
  float intensity;
  float3 direction;
  uint type;
};

cbuffer Camera : register(b0) {
  row_major float4x4 viewProj;
  float4x4 world;
  float3 cameraPos;
  float exposure;
};

cbuffer Lights : register(b1) {
  Light lights[MAX_LIGHTS];
  uint lightCount;
  float3 ambient;
};

Texture2D<float4> albedoMap : register(t0);
Texture2D<float4> normalMap : register(t1);
Texture2D<float2> metalRoughMap : register(t2);
TextureCube<float4> envMap : register(t3);
StructuredBuffer<float4x4> instanceTransforms : register(t4);
SamplerState linearSampler : register(s0);
SamplerComparisonState shadowSampler : register(s1);
Texture2D<float> shadowMap : register(t5);

static const float kMinRoughness = 0.045;

VSOutput VSMain(VSInput input, uint instance : SV_InstanceID) {
  VSOutput output = (VSOutput)0;
  float4x4 model = mul(world, instanceTransforms[instance]);
  float4 worldPos = mul(model, float4(input.position, 1.0));
  output.position = mul(viewProj, worldPos);
  output.worldPos = worldPos.xyz;
  output.normal = normalize(mul((float3x3)model, input.normal));
  output.tangent = normalize(mul((float3x3)model, input.tangent.xyz));
  output.bitangent = cross(output.normal, output.tangent) * input.tangent.w;
  output.uv = input.uv;
  output.instance = instance;
  return output;
}

float DistributionGGX(float3 N, float3 H, float roughness) {
  float a = roughness * roughness;
  float a2 = a * a;
  float NdotH = max(dot(N, H), 0.0);
  float NdotH2 = NdotH * NdotH;
  float denom = (NdotH2 * (a2 - 1.0) + 1.0);
  denom = PI * denom * denom;
  return a2 / max(denom, 1e-6f);
}

float GeometrySchlickGGX(float NdotV, float roughness) {
  float r = (roughness + 1.0);
  float k = (r * r) / 8.0;
  return NdotV / (NdotV * (1.0 - k) + k);
}

float GeometrySmith(float3 N, float3 V, float3 L, float roughness) {
  float NdotV = max(dot(N, V), 0.0);
  float NdotL = max(dot(N, L), 0.0);
  return GeometrySchlickGGX(NdotV, roughness) * GeometrySchlickGGX(NdotL, roughness);
}

float3 FresnelSchlick(float cosTheta, float3 F0) {
  return F0 + (1.0 - F0) * pow(saturate(1.0 - cosTheta), 5.0);
}

float Attenuation(Light light, float3 worldPos, out float3 L) {
  if (light.type == 0) {
    L = -light.direction;
    return 1.0;
  }
  float3 toLight = light.position - worldPos;
  float dist = length(toLight);
  L = toLight / dist;
  float falloff = saturate(1.0 - pow(dist / light.range, 4.0));
  return falloff * falloff / (dist * dist + 1.0);
}

float SampleShadow(float3 worldPos) {
  float4 clip = mul(viewProj, float4(worldPos, 1.0));
  float2 uv = clip.xy / clip.w * float2(0.5, -0.5) + 0.5;
  float depth = clip.z / clip.w;
  float sum = 0.0;
  [unroll] for (int y = -1; y <= 1; ++y) {
    [unroll] for (int x = -1; x <= 1; ++x) {
      sum += shadowMap.SampleCmpLevelZero(shadowSampler, uv + float2(x, y) / 2048.0, depth);
    }
  }
  return sum / 9.0;
}

float3 ToneMap(float3 color) {
  color *= exposure;
  const float a = 2.51, b = 0.03, c = 2.43, d = 0.59, e = 0.14;
  return saturate((color * (a * color + b)) / (color * (c * color + d) + e));
}

float3 PerturbNormal(VSOutput input) {
  float3 tangentNormal = normalMap.Sample(linearSampler, input.uv).xyz * 2.0 - 1.0;
  float3x3 TBN = float3x3(normalize(input.tangent), normalize(input.bitangent), normalize(input.normal));
  return normalize(mul(tangentNormal, TBN));
}

[earlydepthstencil]
float4 PSMain(VSOutput input) : SV_Target0 {
  float4 albedo = albedoMap.Sample(linearSampler, input.uv);
  if (albedo.a < 0.5) {
    discard;
  }
  float2 mr = metalRoughMap.Sample(linearSampler, input.uv);
  float metallic = mr.x;
  float roughness = max(mr.y, kMinRoughness);

  float3 N = PerturbNormal(input);
  float3 V = normalize(cameraPos - input.worldPos);
  float3 F0 = lerp((float3)0.04, albedo.rgb, metallic);

  float3 Lo = 0;
  uint count = min(lightCount, (uint)MAX_LIGHTS);
  [loop] for (uint i = 0; i < count; i++) {
    Light light = lights[i];
    float3 L;
    float atten = Attenuation(light, input.worldPos, L);
    if (atten <= 0.0) continue;
    float3 H = normalize(V + L);
    float3 radiance = light.color * light.intensity * atten;
    float NDF = DistributionGGX(N, H, roughness);
    float G = GeometrySmith(N, V, L, roughness);
    float3 F = FresnelSchlick(max(dot(H, V), 0.0), F0);
    float3 numerator = NDF * G * F;
    float denominator = 4.0 * max(dot(N, V), 0.0) * max(dot(N, L), 0.0) + 0.0001;
    float3 specular = numerator / denominator;
    float3 kD = (1.0 - F) * (1.0 - metallic);
    float NdotL = max(dot(N, L), 0.0);
    Lo += (kD * albedo.rgb / PI + specular) * radiance * NdotL;
  }

  float shadow = SampleShadow(input.worldPos);
  float3 R = reflect(-V, N);
  float3 env = envMap.SampleLevel(linearSampler, R, roughness * 8.0).rgb;
  float3 color = ambient * albedo.rgb + Lo * shadow + env * FresnelSchlick(max(dot(N, V), 0.0), F0);
  switch (input.instance % 4) {
    case 0: color *= 1.0; break;
    case 1: color *= float3(1.0, 0.9, 0.9); break;
    default: break;
  }
  return float4(ToneMap(color), albedo.a);
}

RWTexture2D<float4> output : register(u0);
groupshared float4 tile[64];

[numthreads(8, 8, 1)]
void CSBlur(uint3 id : SV_DispatchThreadID, uint index : SV_GroupIndex) {
  tile[index] = output[id.xy];
  GroupMemoryBarrierWithGroupSync();
  float4 sum = 0;
  for (int k = -2; k <= 2; k++) {
    uint j = clamp((int)index + k, 0, 63);
    sum += tile[j] * (k == 0 ? 0.4 : 0.15);
  }
  output[id.xy] = sum;
}
