// bench: -T ps_6_0 -E main
// Screen-space ambient occlusion (normal-oriented hemisphere kernel) with
// a rotation noise texture, range check, temporal accumulation against the
// previous frame, and a small edge-preserving resolve.

#define KERNEL_SIZE 16
#define NOISE_SIZE 4.0

cbuffer SSAO : register(b0) {
  float4x4 proj;
  float4x4 invProj;
  float4x4 view;
  float4x4 prevViewProjFromView;
  float4 kernel[KERNEL_SIZE];
  float2 screenSize;
  float radius;
  float bias;
  float intensity;
  float power;
  float historyWeight;
  uint sampleCount;
};

Texture2D<float> depthTexture : register(t0);
Texture2D<float4> normalTexture : register(t1);
Texture2D<float4> noiseTexture : register(t2);
Texture2D<float> historyTexture : register(t3);
SamplerState pointClamp : register(s0);
SamplerState pointWrap : register(s1);
SamplerState linearClamp : register(s2);

struct PSInput {
  float4 position : SV_Position;
  float2 uv : TEXCOORD0;
};

float3 viewPosition(float2 uv) {
  float depth = depthTexture.SampleLevel(pointClamp, uv, 0);
  float4 ndc = float4(uv * float2(2.0, -2.0) + float2(-1.0, 1.0), depth, 1.0);
  float4 v = mul(invProj, ndc);
  return v.xyz / v.w;
}

float3 viewNormal(float2 uv) {
  float3 n = normalTexture.SampleLevel(pointClamp, uv, 0).xyz * 2.0 - 1.0;
  return normalize(mul((float3x3)view, n));
}

// Normals from depth when the G-buffer normal is missing (sky, particles):
// the smaller of the two one-sided differences on each axis.
float3 normalFromDepth(float2 uv, float3 center) {
  float2 texel = 1.0 / screenSize;
  float3 left = viewPosition(uv - float2(texel.x, 0));
  float3 right = viewPosition(uv + float2(texel.x, 0));
  float3 down = viewPosition(uv - float2(0, texel.y));
  float3 up = viewPosition(uv + float2(0, texel.y));
  float3 dx = abs(center.z - left.z) < abs(right.z - center.z) ? center - left : right - center;
  float3 dy = abs(center.z - down.z) < abs(up.z - center.z) ? center - down : up - center;
  return normalize(cross(dy, dx));
}

float3x3 tangentFrame(float3 n, float2 uv) {
  float2 noiseUV = uv * screenSize / NOISE_SIZE;
  float3 randomVec = float3(noiseTexture.SampleLevel(pointWrap, noiseUV, 0).xy * 2.0 - 1.0, 0.0);
  float3 t = normalize(randomVec - n * dot(randomVec, n));
  float3 b = cross(n, t);
  return float3x3(t, b, n);
}

float2 projectToUV(float3 viewPos) {
  float4 clip = mul(proj, float4(viewPos, 1.0));
  float2 ndc = clip.xy / clip.w;
  return ndc * float2(0.5, -0.5) + 0.5;
}

// Interleaved gradient noise: a per-pixel scale of the kernel radius that
// trades banding for noise the temporal pass then removes.
float radiusJitter(float2 pixel) {
  float n = frac(52.9829189 * frac(dot(pixel, float2(0.06711056, 0.00583715))));
  return lerp(0.75, 1.25, n);
}

float occlusion(float3 position, float3 normal, float2 uv) {
  float3x3 tbn = tangentFrame(normal, uv);
  float occ = 0.0;
  uint count = min(sampleCount, KERNEL_SIZE);
  for (uint i = 0; i < count; ++i) {
    float3 s = mul(kernel[i].xyz, tbn);
    float3 samplePos = position + s * radius * radiusJitter(uv * screenSize);
    float2 sampleUV = projectToUV(samplePos);
    if (any(sampleUV < 0.0) || any(sampleUV > 1.0)) {
      continue;
    }
    float sceneZ = viewPosition(sampleUV).z;
    float rangeCheck = smoothstep(0.0, 1.0, radius / abs(position.z - sceneZ));
    occ += (sceneZ >= samplePos.z + bias ? 1.0 : 0.0) * rangeCheck;
  }
  return 1.0 - occ / max((float)count, 1.0);
}

float temporal(float ao, float3 viewPos) {
  float4 prevClip = mul(prevViewProjFromView, float4(viewPos, 1.0));
  float2 prevUV = prevClip.xy / prevClip.w * float2(0.5, -0.5) + 0.5;
  if (any(prevUV < 0.0) || any(prevUV > 1.0)) {
    return ao;
  }
  float history = historyTexture.SampleLevel(linearClamp, prevUV, 0);
  float diff = abs(history - ao);
  float w = historyWeight * saturate(1.0 - diff * 4.0);
  return lerp(ao, history, w);
}

float resolve(float2 uv, float ao, float centerZ) {
  float2 texel = 1.0 / screenSize;
  float sum = ao;
  float total = 1.0;
  [unroll]
  for (int y = -1; y <= 1; ++y) {
    [unroll]
    for (int x = -1; x <= 1; ++x) {
      if (x == 0 && y == 0) {
        continue;
      }
      float2 o = float2(x, y) * texel;
      float z = viewPosition(uv + o).z;
      float w = exp(-abs(z - centerZ) * 4.0);
      sum += historyTexture.SampleLevel(pointClamp, uv + o, 0) * w;
      total += w;
    }
  }
  return sum / total;
}

float4 main(PSInput input) : SV_Target {
  float2 uv = input.uv;
  float3 position = viewPosition(uv);
  if (position.z > 1000.0) {
    return float4(1.0, 1.0, 1.0, 1.0);
  }
  float3 normal = viewNormal(uv);
  if (dot(normal, normal) < 0.5) {
    normal = normalFromDepth(uv, position);
  }
  float ao = occlusion(position, normal, uv);
  ao = pow(saturate(ao), power);
  ao = lerp(1.0, ao, intensity);
  ao = temporal(ao, position);
  ao = resolve(uv, ao, position.z);
  return float4(ao, ao, ao, 1.0);
}
