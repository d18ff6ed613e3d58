// bench: -T vs_6_0 -E main
// Ocean surface vertex shader: a camera-centred projected grid displaced by
// a sum of Gerstner waves plus an FFT displacement map, with analytic
// normals, foam from the Jacobian, and shoreline attenuation.

#define MAX_WAVES 12

struct Wave {
  float2 direction;
  float steepness;
  float wavelength;
  float amplitude;
  float speed;
  float2 pad;
};

cbuffer Ocean : register(b0) {
  float4x4 viewProj;
  float4x4 invViewProj;
  Wave waves[MAX_WAVES];
  float3 cameraPos;
  float time;
  uint waveCount;
  float seaLevel;
  float fftScale;
  float fftTiling;
  float shoreDistance;
  float foamThreshold;
  float2 gridScale;
};

Texture2D<float4> fftDisplacement : register(t0);
Texture2D<float> shoreDepth : register(t1);
SamplerState wrapSampler : register(s0);
SamplerState clampSampler : register(s1);

struct VSInput {
  float2 gridUV : TEXCOORD0;
};

struct VSOutput {
  float4 position : SV_Position;
  float3 worldPos : TEXCOORD0;
  float3 normal : TEXCOORD1;
  float2 uv : TEXCOORD2;
  float foam : TEXCOORD3;
  float depth : TEXCOORD4;
  float4 screenPos : TEXCOORD5;
};

struct WaveSample {
  float3 offset;
  float3 tangent;
  float3 binormal;
  float jacobian;
};

// Intersects the view ray through a screen position with the sea plane,
// so the grid covers exactly what the camera sees.
float3 projectToSea(float2 uv) {
  float2 ndc = uv * 2.0 - 1.0;
  float4 nearP = mul(invViewProj, float4(ndc, 0.0, 1.0));
  float4 farP = mul(invViewProj, float4(ndc, 1.0, 1.0));
  float3 a = nearP.xyz / nearP.w;
  float3 b = farP.xyz / farP.w;
  float3 dir = b - a;
  float t = (seaLevel - a.y) / (abs(dir.y) > 1e-5 ? dir.y : -1e-5);
  t = t > 0.0 ? t : 1e4;
  return a + dir * min(t, 1e4);
}

WaveSample gerstner(float2 xz, float attenuation) {
  WaveSample s;
  s.offset = 0.0;
  s.tangent = float3(1, 0, 0);
  s.binormal = float3(0, 0, 1);
  s.jacobian = 1.0;
  for (uint i = 0; i < waveCount && i < MAX_WAVES; ++i) {
    Wave w = waves[i];
    float k = 6.28318530718 / w.wavelength;
    float c = sqrt(9.8 / k) * w.speed;
    float2 d = normalize(w.direction);
    float f = k * (dot(d, xz) - c * time);
    float a = w.amplitude * attenuation;
    float q = w.steepness / (k * a * (float)waveCount + 1e-4);
    float sinF = sin(f);
    float cosF = cos(f);
    s.offset.x += q * a * d.x * cosF;
    s.offset.z += q * a * d.y * cosF;
    s.offset.y += a * sinF;
    float wa = k * a;
    s.tangent += float3(-q * d.x * d.x * wa * sinF, d.x * wa * cosF, -q * d.x * d.y * wa * sinF);
    s.binormal += float3(-q * d.x * d.y * wa * sinF, d.y * wa * cosF, -q * d.y * d.y * wa * sinF);
    s.jacobian -= q * wa * sinF;
  }
  return s;
}

float3 fftOffset(float2 xz, float attenuation) {
  float2 uv = xz / fftTiling;
  float3 d = fftDisplacement.SampleLevel(wrapSampler, uv, 0).xyz;
  return d * fftScale * attenuation;
}

float shoreAttenuation(float2 xz, out float depth) {
  float2 uv = xz / (shoreDistance * 8.0) + 0.5;
  depth = shoreDepth.SampleLevel(clampSampler, uv, 0);
  return smoothstep(0.0, shoreDistance, depth);
}

float distanceFade(float3 p) {
  float d = distance(p.xz, cameraPos.xz);
  return 1.0 - smoothstep(800.0, 2000.0, d);
}

float foamAmount(float jacobian, float depth) {
  float crest = saturate((foamThreshold - jacobian) * 4.0);
  float shore = 1.0 - smoothstep(0.0, 2.0, depth);
  return saturate(crest + shore * 0.5);
}

// Subsurface tint: thin wave crests facing the sun let light through.
float3 scatterColor(float3 pos, float3 n, float height) {
  float3 deep = float3(0.02, 0.08, 0.12);
  float3 shallow = float3(0.05, 0.35, 0.35);
  float crest = saturate(height * 0.5 + 0.5);
  float facing = saturate(dot(n, normalize(cameraPos - pos)));
  return lerp(deep, shallow, crest * (1.0 - facing));
}

VSOutput main(VSInput input) {
  VSOutput output;
  float2 uv = input.gridUV * gridScale;
  float3 base = projectToSea(uv);
  float depth;
  float att = shoreAttenuation(base.xz, depth) * distanceFade(base);

  WaveSample ws = gerstner(base.xz, att);
  float3 pos = base + ws.offset + fftOffset(base.xz, att);
  float3 n = normalize(cross(ws.binormal, ws.tangent));

  float4 clip = mul(viewProj, float4(pos, 1.0));
  output.position = clip;
  output.worldPos = pos;
  output.normal = n;
  output.uv = pos.xz / fftTiling;
  output.foam = foamAmount(ws.jacobian, depth);
  output.depth = depth + dot(scatterColor(pos, n, ws.offset.y), 0.001);
  output.screenPos = clip * float4(0.5, -0.5, 1.0, 1.0) + float4(0.5 * clip.w, 0.5 * clip.w, 0.0, 0.0);
  return output;
}
