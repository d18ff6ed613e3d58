// bench: -T ps_6_0 -E main
// Physically based sky: single-scattering Rayleigh and Mie integration along
// the view ray through a spherical atmosphere, with ozone absorption, a sun
// disc, a night sky of procedural stars, and aerial fog for the horizon.

#define PRIMARY_STEPS 16
#define LIGHT_STEPS 8
#define PI 3.14159265359

cbuffer Atmosphere : register(b0) {
  float4x4 invViewProj;
  float3 cameraPos;
  float planetRadius;
  float3 sunDirection;
  float atmosphereRadius;
  float3 rayleighScattering;
  float rayleighScaleHeight;
  float3 ozoneAbsorption;
  float mieScattering;
  float mieScaleHeight;
  float mieG;
  float sunIntensity;
  float sunAngularRadius;
  float starIntensity;
  float time;
  float2 screenSize;
};

TextureCube<float4> starMap : register(t0);
Texture2D<float4> transmittanceLut : register(t1);
SamplerState linearSampler : register(s0);

struct PSInput {
  float4 position : SV_Position;
  float2 uv : TEXCOORD0;
};

float2 raySphere(float3 origin, float3 dir, float radius) {
  float b = dot(origin, dir);
  float c = dot(origin, origin) - radius * radius;
  float d = b * b - c;
  if (d < 0.0) {
    return float2(1e5, -1e5);
  }
  d = sqrt(d);
  return float2(-b - d, -b + d);
}

float rayleighPhase(float cosTheta) {
  return 3.0 / (16.0 * PI) * (1.0 + cosTheta * cosTheta);
}

float miePhase(float cosTheta, float g) {
  float g2 = g * g;
  float num = (1.0 - g2) * (1.0 + cosTheta * cosTheta);
  float den = (2.0 + g2) * pow(abs(1.0 + g2 - 2.0 * g * cosTheta), 1.5);
  return 3.0 / (8.0 * PI) * num / den;
}

float ozoneDensity(float height) {
  return max(0.0, 1.0 - abs(height - 25000.0) / 15000.0);
}

float3 extinctionAt(float height) {
  float rayleigh = exp(-height / rayleighScaleHeight);
  float mie = exp(-height / mieScaleHeight);
  return rayleighScattering * rayleigh + mieScattering * 1.1 * mie + ozoneAbsorption * ozoneDensity(height);
}

float3 lightTransmittance(float3 p) {
  float2 hit = raySphere(p, sunDirection, atmosphereRadius);
  float stepSize = hit.y / LIGHT_STEPS;
  float3 opticalDepth = 0.0;
  for (int i = 0; i < LIGHT_STEPS; ++i) {
    float3 s = p + sunDirection * (stepSize * (i + 0.5));
    float h = length(s) - planetRadius;
    if (h < 0.0) {
      return 0.0;
    }
    opticalDepth += extinctionAt(h) * stepSize;
  }
  return exp(-opticalDepth);
}

float3 scatter(float3 origin, float3 dir, out float3 transmittance) {
  float2 atmo = raySphere(origin, dir, atmosphereRadius);
  float2 planet = raySphere(origin, dir, planetRadius);
  float start = max(atmo.x, 0.0);
  float end = planet.x > 0.0 ? min(atmo.y, planet.x) : atmo.y;
  transmittance = 1.0;
  if (end <= start) {
    return 0.0;
  }
  float stepSize = (end - start) / PRIMARY_STEPS;
  float cosTheta = dot(dir, sunDirection);
  float pr = rayleighPhase(cosTheta);
  float pm = miePhase(cosTheta, mieG);
  float3 rayleighSum = 0.0;
  float3 mieSum = 0.0;
  float3 opticalDepth = 0.0;
  for (int i = 0; i < PRIMARY_STEPS; ++i) {
    float3 p = origin + dir * (start + stepSize * (i + 0.5));
    float h = length(p) - planetRadius;
    float rd = exp(-h / rayleighScaleHeight) * stepSize;
    float md = exp(-h / mieScaleHeight) * stepSize;
    opticalDepth += extinctionAt(h) * stepSize;
    float3 viewT = exp(-opticalDepth);
    float3 sunT = lightTransmittance(p);
    rayleighSum += rd * viewT * sunT;
    mieSum += md * viewT * sunT;
  }
  transmittance = exp(-opticalDepth);
  return sunIntensity * (rayleighSum * rayleighScattering * pr + mieSum * mieScattering * pm);
}

float3 sunDisc(float3 dir, float3 transmittance) {
  float cosAngle = dot(dir, sunDirection);
  float cosRadius = cos(sunAngularRadius);
  float edge = smoothstep(cosRadius - 0.0005, cosRadius + 0.0005, cosAngle);
  float limb = 1.0 - 0.6 * (1.0 - sqrt(saturate(1.0 - pow(acos(min(cosAngle, 1.0)) / sunAngularRadius, 2.0))));
  return edge * limb * transmittance * sunIntensity * 20.0;
}

float3 stars(float3 dir, float3 transmittance) {
  float night = saturate(-sunDirection.y * 4.0);
  if (night <= 0.0) {
    return 0.0;
  }
  float3 s = starMap.SampleLevel(linearSampler, dir, 0).rgb;
  float twinkle = 0.75 + 0.25 * sin(time * 3.0 + dot(dir, float3(91.3, 47.1, 13.7)));
  return s * starIntensity * night * twinkle * transmittance;
}

float3 viewDirection(float2 uv) {
  float4 ndc = float4(uv * float2(2.0, -2.0) + float2(-1.0, 1.0), 1.0, 1.0);
  float4 world = mul(invViewProj, ndc);
  return normalize(world.xyz / world.w - cameraPos);
}

float3 groundColor(float3 dir, float3 transmittance) {
  float3 albedo = float3(0.1, 0.09, 0.08);
  float light = saturate(sunDirection.y) * sunIntensity * 0.05;
  return albedo * light * transmittance;
}

float4 main(PSInput input) : SV_Target {
  float3 dir = viewDirection(input.position.xy / screenSize);
  float3 origin = float3(0.0, planetRadius + max(cameraPos.y, 1.0), 0.0);
  float3 transmittance;
  float3 color = scatter(origin, dir, transmittance);
  float2 planet = raySphere(origin, dir, planetRadius);
  if (planet.x > 0.0) {
    color += groundColor(dir, transmittance);
  } else {
    color += sunDisc(dir, transmittance);
    color += stars(dir, transmittance);
  }
  float2 lutUV = float2(saturate(dir.y * 0.5 + 0.5), saturate(sunDirection.y * 0.5 + 0.5));
  color *= lerp(1.0, transmittanceLut.SampleLevel(linearSampler, lutUV, 0).a, 0.1);
  return float4(color, 1.0);
}
