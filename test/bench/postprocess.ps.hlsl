// bench: -T ps_6_0 -E main
// Final post-processing pass: temporal-AA resolve input, bloom combine,
// auto exposure, filmic tone mapping, a 3D colour-grading LUT, chromatic
// aberration, vignette, film grain and dithering.

cbuffer Post : register(b0) {
  float2 screenSize;
  float2 invScreenSize;
  float bloomIntensity;
  float bloomThreshold;
  float exposureBias;
  float minExposure;
  float maxExposure;
  float vignetteStrength;
  float vignetteRadius;
  float grainStrength;
  float chromaticAberration;
  float lutContribution;
  float time;
  uint frameIndex;
  uint tonemapper;
  float saturation;
  float contrast;
  float gamma;
  float2 pad;
};

Texture2D<float4> sceneColor : register(t0);
Texture2D<float4> bloomTexture : register(t1);
Texture2D<float> averageLuminance : register(t2);
Texture3D<float4> gradingLut : register(t3);
Texture2D<float4> blueNoise : register(t4);
SamplerState linearClamp : register(s0);
SamplerState pointWrap : register(s1);

struct PSInput {
  float4 position : SV_Position;
  float2 uv : TEXCOORD0;
};

static const float3 LUMA = float3(0.2126, 0.7152, 0.0722);

float luminance(float3 c) {
  return dot(c, LUMA);
}

float3 reinhard(float3 c) {
  return c / (1.0 + luminance(c));
}

float3 uncharted2Partial(float3 x) {
  const float a = 0.15;
  const float b = 0.50;
  const float c = 0.10;
  const float d = 0.20;
  const float e = 0.02;
  const float f = 0.30;
  return ((x * (a * x + c * b) + d * e) / (x * (a * x + b) + d * f)) - e / f;
}

float3 uncharted2(float3 c) {
  const float w = 11.2;
  float3 curr = uncharted2Partial(c * 2.0);
  float3 whiteScale = 1.0 / uncharted2Partial((float3)w);
  return curr * whiteScale;
}

float3 acesFitted(float3 color) {
  const float3x3 inputMat = float3x3(
    0.59719, 0.35458, 0.04823,
    0.07600, 0.90834, 0.01566,
    0.02840, 0.13383, 0.83777);
  const float3x3 outputMat = float3x3(
     1.60475, -0.53108, -0.07367,
    -0.10208,  1.10813, -0.00605,
    -0.00327, -0.07276,  1.07602);
  color = mul(inputMat, color);
  float3 a = color * (color + 0.0245786) - 0.000090537;
  float3 b = color * (0.983729 * color + 0.4329510) + 0.238081;
  color = a / b;
  return saturate(mul(outputMat, color));
}

float3 tonemap(float3 c) {
  switch (tonemapper) {
  case 0:
    return reinhard(c);
  case 1:
    return uncharted2(c);
  default:
    return acesFitted(c);
  }
}

float computeExposure() {
  float avg = averageLuminance.Load(int3(0, 0, 0));
  float keyValue = 1.03 - 2.0 / (2.0 + log10(avg + 1.0));
  float exposure = keyValue / max(avg, 1e-4);
  return clamp(exp2(log2(exposure) + exposureBias), minExposure, maxExposure);
}

float3 sampleChromatic(float2 uv) {
  float2 dir = uv - 0.5;
  float2 offset = dir * chromaticAberration * invScreenSize * 8.0;
  float r = sceneColor.SampleLevel(linearClamp, uv + offset, 0).r;
  float g = sceneColor.SampleLevel(linearClamp, uv, 0).g;
  float b = sceneColor.SampleLevel(linearClamp, uv - offset, 0).b;
  return float3(r, g, b);
}

float3 bloom(float2 uv) {
  float3 sum = 0.0;
  float weights[5] = { 0.227027, 0.1945946, 0.1216216, 0.054054, 0.016216 };
  sum += bloomTexture.SampleLevel(linearClamp, uv, 0).rgb * weights[0];
  [unroll]
  for (int i = 1; i < 5; ++i) {
    float2 o = float2(i, i) * invScreenSize * 2.0;
    sum += bloomTexture.SampleLevel(linearClamp, uv + o, 0).rgb * weights[i];
    sum += bloomTexture.SampleLevel(linearClamp, uv - o, 0).rgb * weights[i];
  }
  float brightness = luminance(sum);
  float soft = saturate((brightness - bloomThreshold) / max(bloomThreshold, 1e-3));
  return sum * soft * bloomIntensity;
}

float3 applyLut(float3 color) {
  const float size = 32.0;
  float3 scale = (size - 1.0) / size;
  float3 offset = 0.5 / size;
  float3 graded = gradingLut.SampleLevel(linearClamp, saturate(color) * scale + offset, 0).rgb;
  return lerp(color, graded, lutContribution);
}

float3 adjustColor(float3 c) {
  float l = luminance(c);
  c = lerp((float3)l, c, saturation);
  c = (c - 0.5) * contrast + 0.5;
  return max(c, 0.0);
}

float vignette(float2 uv) {
  float2 d = (uv - 0.5) * float2(screenSize.x / screenSize.y, 1.0);
  float r = length(d);
  return 1.0 - vignetteStrength * smoothstep(vignetteRadius, vignetteRadius + 0.5, r);
}

float grain(float2 uv) {
  float2 noiseUV = uv * screenSize / 64.0 + float2(frameIndex * 0.618, frameIndex * 0.382);
  float n = blueNoise.SampleLevel(pointWrap, noiseUV, 0).r;
  return (n - 0.5) * grainStrength;
}

float3 dither(float3 c, float2 pixel) {
  float n = frac(52.9829189 * frac(dot(pixel, float2(0.06711056, 0.00583715))));
  return c + (n - 0.5) / 255.0;
}

float4 main(PSInput input) : SV_Target {
  float3 color = chromaticAberration > 0.0 ? sampleChromatic(input.uv) : sceneColor.SampleLevel(linearClamp, input.uv, 0).rgb;
  color += bloom(input.uv);
  color *= computeExposure();
  color = tonemap(color);
  color = adjustColor(color);
  color = applyLut(color);
  color *= vignette(input.uv);
  color += grain(input.uv) * (1.0 - luminance(color));
  color = pow(saturate(color), 1.0 / gamma);
  color = dither(color, input.position.xy);
  return float4(color, luminance(color));
}
