// bench: -T ps_6_0 -E main
// Deferred lighting pass: reads the G-buffer, reconstructs the position from
// depth, and accumulates clustered point and spot lights, a sun with
// cascaded shadows, and screen-space ambient occlusion.

#define CLUSTER_X 16
#define CLUSTER_Y 9
#define CLUSTER_Z 24
#define MAX_LIGHTS_PER_CLUSTER 64
#define CASCADES 4

struct PointLight {
  float3 position;
  float radius;
  float3 color;
  float intensity;
  float3 spotDirection;
  float spotCos;
};

struct Cluster {
  uint offset;
  uint count;
};

cbuffer View : register(b0) {
  float4x4 invViewProj;
  float4x4 view;
  float4x4 cascadeViewProj[CASCADES];
  float4 cascadeSplits;
  float3 cameraPos;
  float zNear;
  float3 sunDirection;
  float zFar;
  float3 sunColor;
  float sunIntensity;
  float2 screenSize;
  float ambientIntensity;
  uint debugMode;
};

Texture2D<float4> gbufferAlbedo : register(t0);
Texture2D<float4> gbufferNormal : register(t1);
Texture2D<float4> gbufferMaterial : register(t2);
Texture2D<float> depthBuffer : register(t3);
Texture2D<float> aoBuffer : register(t4);
Texture2DArray<float> cascadeShadows : register(t5);
StructuredBuffer<PointLight> pointLights : register(t6);
StructuredBuffer<Cluster> clusters : register(t7);
StructuredBuffer<uint> clusterLightIndices : register(t8);

SamplerState pointClamp : register(s0);
SamplerComparisonState shadowCompare : register(s1);

struct Surface {
  float3 position;
  float3 normal;
  float3 albedo;
  float roughness;
  float metallic;
  float ao;
  float viewDepth;
};

float3 reconstructPosition(float2 uv, float depth) {
  float4 ndc = float4(uv * float2(2.0, -2.0) + float2(-1.0, 1.0), depth, 1.0);
  float4 world = mul(invViewProj, ndc);
  return world.xyz / world.w;
}

float3 decodeNormal(float2 e) {
  float3 n = float3(e, 1.0 - abs(e.x) - abs(e.y));
  float t = saturate(-n.z);
  n.x += n.x >= 0.0 ? -t : t;
  n.y += n.y >= 0.0 ? -t : t;
  return normalize(n);
}

Surface loadSurface(int2 pixel, float2 uv) {
  Surface s;
  float depth = depthBuffer.Load(int3(pixel, 0));
  s.position = reconstructPosition(uv, depth);
  float4 albedo = gbufferAlbedo.Load(int3(pixel, 0));
  float4 normal = gbufferNormal.Load(int3(pixel, 0));
  float4 material = gbufferMaterial.Load(int3(pixel, 0));
  s.normal = decodeNormal(normal.xy * 2.0 - 1.0);
  s.albedo = albedo.rgb;
  s.roughness = max(material.r, 0.05);
  s.metallic = material.g;
  s.ao = min(material.b, aoBuffer.SampleLevel(pointClamp, uv, 0));
  s.viewDepth = mul(view, float4(s.position, 1.0)).z;
  return s;
}

uint clusterIndex(float2 uv, float viewDepth) {
  uint x = min((uint)(uv.x * CLUSTER_X), CLUSTER_X - 1);
  uint y = min((uint)(uv.y * CLUSTER_Y), CLUSTER_Y - 1);
  float slice = log(max(viewDepth, zNear) / zNear) / log(zFar / zNear) * CLUSTER_Z;
  uint z = min((uint)max(slice, 0.0), CLUSTER_Z - 1);
  return (z * CLUSTER_Y + y) * CLUSTER_X + x;
}

float specularD(float nDotH, float a2) {
  float d = nDotH * nDotH * (a2 - 1.0) + 1.0;
  return a2 / (3.14159265 * d * d);
}

float3 shade(Surface s, float3 l, float3 radiance, float3 v) {
  float3 h = normalize(l + v);
  float nDotL = saturate(dot(s.normal, l));
  float nDotV = saturate(dot(s.normal, v)) + 1e-4;
  float nDotH = saturate(dot(s.normal, h));
  float a = s.roughness * s.roughness;
  float3 f0 = lerp(0.04, s.albedo, s.metallic);
  float3 f = f0 + (1.0 - f0) * pow(1.0 - saturate(dot(h, v)), 5.0);
  float k = a * 0.5;
  float vis = 0.25 / ((nDotL * (1.0 - k) + k) * (nDotV * (1.0 - k) + k));
  float3 spec = specularD(nDotH, a * a) * vis * f;
  float3 diff = (1.0 - f) * (1.0 - s.metallic) * s.albedo / 3.14159265;
  return (diff + spec) * radiance * nDotL;
}

float cascadeShadow(float3 position, float viewDepth, float3 normal) {
  uint cascade = CASCADES - 1;
  [unroll]
  for (uint c = 0; c < CASCADES; ++c) {
    if (viewDepth < cascadeSplits[c]) {
      cascade = min(cascade, c);
    }
  }
  float3 offsetPos = position + normal * (0.02 * (cascade + 1));
  float4 clip = mul(cascadeViewProj[cascade], float4(offsetPos, 1.0));
  float3 coord = clip.xyz / clip.w;
  float2 uv = coord.xy * float2(0.5, -0.5) + 0.5;
  float sum = 0.0;
  const float2 taps[4] = { float2(-0.5, -0.5), float2(0.5, -0.5), float2(-0.5, 0.5), float2(0.5, 0.5) };
  [unroll]
  for (int i = 0; i < 4; ++i) {
    float2 tapUV = uv + taps[i] / 2048.0;
    sum += cascadeShadows.SampleCmpLevelZero(shadowCompare, float3(tapUV, cascade), coord.z);
  }
  return sum * 0.25;
}

float3 pointLighting(Surface s, float3 v, uint cluster) {
  Cluster c = clusters[cluster];
  float3 result = 0.0;
  uint count = min(c.count, MAX_LIGHTS_PER_CLUSTER);
  for (uint i = 0; i < count; ++i) {
    PointLight light = pointLights[clusterLightIndices[c.offset + i]];
    float3 toLight = light.position - s.position;
    float d2 = dot(toLight, toLight);
    if (d2 > light.radius * light.radius) {
      continue;
    }
    float3 l = toLight * rsqrt(d2);
    float falloff = saturate(1.0 - d2 / (light.radius * light.radius));
    float att = falloff * falloff / max(d2, 0.01);
    if (light.spotCos > -1.0) {
      float cosAngle = dot(-l, light.spotDirection);
      att *= saturate((cosAngle - light.spotCos) * 8.0);
    }
    result += shade(s, l, light.color * light.intensity * att, v);
  }
  return result;
}

float4 main(float4 fragCoord : SV_Position) : SV_Target {
  int2 pixel = int2(fragCoord.xy);
  float2 uv = fragCoord.xy / screenSize;
  Surface s = loadSurface(pixel, uv);
  float3 v = normalize(cameraPos - s.position);

  float3 sunL = -normalize(sunDirection);
  float shadow = cascadeShadow(s.position, s.viewDepth, s.normal);
  float3 color = shade(s, sunL, sunColor * sunIntensity * shadow, v);

  uint cluster = clusterIndex(uv, s.viewDepth);
  color += pointLighting(s, v, cluster);
  color += s.albedo * ambientIntensity * s.ao;

  switch (debugMode) {
  case 1: color = s.normal * 0.5 + 0.5; break;
  case 2: color = s.albedo; break;
  case 3: color = (float3)s.ao; break;
  case 4: color = float3(clusters[cluster].count / 16.0, 0.0, 0.0); break;
  default: break;
  }
  return float4(color, 1.0);
}
