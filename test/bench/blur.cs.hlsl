// bench: -T cs_6_0 -E main
// Separable, depth-aware Gaussian blur of a half-resolution buffer in one
// dispatch per direction: a tile and its apron are loaded into groupshared
// memory, blurred horizontally or vertically with bilateral weights, and
// written back with an optional sharpening pass.

#define TILE 64
#define MAX_RADIUS 16
#define CACHE_SIZE (TILE + 2 * MAX_RADIUS)

cbuffer Blur : register(b0) {
  float4 weights[MAX_RADIUS / 4 + 1];
  uint2 imageSize;
  uint radius;
  uint horizontal;
  float depthSigma;
  float normalSigma;
  float sharpen;
  float pad;
};

Texture2D<float4> inputImage : register(t0);
Texture2D<float> inputDepth : register(t1);
Texture2D<float4> inputNormal : register(t2);
RWTexture2D<float4> outputImage : register(u0);

groupshared float4 colorCache[CACHE_SIZE];
groupshared float depthCache[CACHE_SIZE];
groupshared float3 normalCache[CACHE_SIZE];

float weightAt(uint i) {
  uint v = i / 4;
  uint c = i % 4;
  float4 w = weights[v];
  return c == 0 ? w.x : c == 1 ? w.y : c == 2 ? w.z : w.w;
}

int2 clampPixel(int2 p) {
  return clamp(p, int2(0, 0), int2(imageSize) - 1);
}

int2 pixelAt(uint3 groupId, int offset) {
  int2 base = horizontal != 0 ? int2(groupId.x * TILE, groupId.y) : int2(groupId.x, groupId.y * TILE);
  int2 step = horizontal != 0 ? int2(1, 0) : int2(0, 1);
  return base + step * offset;
}

void loadCache(uint3 groupId, uint index) {
  for (uint i = index; i < CACHE_SIZE; i += TILE) {
    int2 p = clampPixel(pixelAt(groupId, (int)i - MAX_RADIUS));
    colorCache[i] = inputImage.Load(int3(p, 0));
    depthCache[i] = inputDepth.Load(int3(p, 0));
    normalCache[i] = inputNormal.Load(int3(p, 0)).xyz * 2.0 - 1.0;
  }
}

float bilateralWeight(float centerDepth, float3 centerNormal, uint i) {
  float dz = (depthCache[i] - centerDepth) / max(depthSigma * centerDepth, 1e-5);
  float nd = saturate(dot(centerNormal, normalCache[i]));
  float normalWeight = pow(nd, normalSigma);
  return exp(-dz * dz) * normalWeight;
}

float4 blurAt(uint center) {
  float centerDepth = depthCache[center];
  float3 centerNormal = normalCache[center];
  float4 sum = colorCache[center] * weightAt(0);
  float total = weightAt(0);
  for (uint r = 1; r <= radius && r <= MAX_RADIUS; ++r) {
    float w = weightAt(r);
    float wl = w * bilateralWeight(centerDepth, centerNormal, center - r);
    float wr = w * bilateralWeight(centerDepth, centerNormal, center + r);
    sum += colorCache[center - r] * wl + colorCache[center + r] * wr;
    total += wl + wr;
  }
  return sum / max(total, 1e-5);
}

float4 sharpenAt(uint center, float4 blurred) {
  if (sharpen <= 0.0) {
    return blurred;
  }
  float4 left = colorCache[center - 1];
  float4 right = colorCache[center + 1];
  float4 detail = colorCache[center] * 2.0 - left * 0.5 - right * 0.5 - blurred;
  return max(blurred + detail * sharpen, 0.0);
}

float4 clampHighlights(float4 c) {
  float luma = dot(c.rgb, float3(0.299, 0.587, 0.114));
  float limit = 16.0;
  return luma > limit ? c * (limit / luma) : c;
}

// Firefly suppression: a weight that shrinks as a sample outshines its
// neighbours.
float fireflyWeight(float4 c) {
  return rcp(1.0 + max(c.r, max(c.g, c.b)));
}

bool insideImage(int2 p) {
  return all(p >= 0) && all(p < int2(imageSize));
}

[numthreads(TILE, 1, 1)]
void main(uint3 groupId : SV_GroupID, uint3 threadId : SV_GroupThreadID) {
  loadCache(groupId, threadId.x);
  GroupMemoryBarrierWithGroupSync();

  uint center = threadId.x + MAX_RADIUS;
  float4 blurred = blurAt(center);
  blurred = sharpenAt(center, blurred);
  blurred = clampHighlights(blurred);

  int2 pixel = pixelAt(groupId, (int)threadId.x);
  if (insideImage(pixel)) {
    outputImage[pixel] = blurred;
  }
}

// Helpers for the variant that blurs in both directions at once over a
// square tile, kept here so one file covers the shared code.
float gaussian(float x, float sigma) {
  return exp(-(x * x) / (2.0 * sigma * sigma)) / (2.50662827463 * sigma);
}

float4 boxDownsample(int2 p) {
  float4 a = inputImage.Load(int3(clampPixel(p * 2), 0));
  float4 b = inputImage.Load(int3(clampPixel(p * 2 + int2(1, 0)), 0));
  float4 c = inputImage.Load(int3(clampPixel(p * 2 + int2(0, 1)), 0));
  float4 d = inputImage.Load(int3(clampPixel(p * 2 + int2(1, 1)), 0));
  return (a + b + c + d) * 0.25;
}

float4 karisAverage(float4 a, float4 b, float4 c, float4 d) {
  float wa = 1.0 / (1.0 + dot(a.rgb, 0.333));
  float wb = 1.0 / (1.0 + dot(b.rgb, 0.333));
  float wc = 1.0 / (1.0 + dot(c.rgb, 0.333));
  float wd = 1.0 / (1.0 + dot(d.rgb, 0.333));
  return (a * wa + b * wb + c * wc + d * wd) / (wa + wb + wc + wd);
}

[numthreads(8, 8, 1)]
void downsample(uint3 id : SV_DispatchThreadID) {
  int2 p = int2(id.xy);
  if (!insideImage(p)) {
    return;
  }
  float4 a = boxDownsample(p * 2);
  float4 b = boxDownsample(p * 2 + int2(1, 0));
  float4 c = boxDownsample(p * 2 + int2(0, 1));
  float4 d = boxDownsample(p * 2 + int2(1, 1));
  outputImage[p] = karisAverage(a, b, c, d) * gaussian(0.0, 1.0);
}
