// bench: -T cs_6_0 -E main
// Auto exposure: a 256-bin log-luminance histogram built with groupshared
// atomics, then (by the last group to finish) a weighted average that
// ignores the darkest and brightest percentiles, adapted over time.

#define GROUP_X 16
#define GROUP_Y 16
#define BINS 256
#define EPSILON 0.0001

cbuffer Exposure : register(b0) {
  uint2 inputSize;
  float minLogLuminance;
  float logLuminanceRange;
  float inverseLogLuminanceRange;
  float deltaTime;
  float adaptSpeedUp;
  float adaptSpeedDown;
  float lowPercentile;
  float highPercentile;
  uint groupCount;
  uint meteringMode;
  float2 meteringCenter;
  float meteringRadius;
  float pad;
};

Texture2D<float4> hdrInput : register(t0);
RWByteAddressBuffer histogram : register(u0);
RWTexture2D<float> averageLuminance : register(u1);
RWByteAddressBuffer sync : register(u2);

groupshared uint localBins[BINS];
groupshared float scanBins[BINS];
groupshared uint isLastGroup;

float luminance(float3 c) {
  return dot(c, float3(0.2125, 0.7154, 0.0721));
}

uint binOf(float3 color) {
  float l = luminance(color);
  if (l < EPSILON) {
    return 0;
  }
  float logL = saturate((log2(l) - minLogLuminance) * inverseLogLuminanceRange);
  return (uint)(logL * 254.0 + 1.0);
}

float meteringWeight(uint2 pixel) {
  float2 uv = (float2(pixel) + 0.5) / float2(inputSize);
  switch (meteringMode) {
  case 1: {
    float d = distance(uv, meteringCenter) / meteringRadius;
    return saturate(1.0 - d * d);
  }
  case 2:
    return all(abs(uv - meteringCenter) < meteringRadius) ? 1.0 : 0.0;
  default:
    return 1.0;
  }
}

void clearLocal(uint index) {
  localBins[index] = 0;
}

void accumulate(uint2 pixel) {
  if (any(pixel >= inputSize)) {
    return;
  }
  float3 color = hdrInput.Load(int3(pixel, 0)).rgb;
  uint bin = binOf(color);
  uint weight = (uint)(meteringWeight(pixel) * 16.0);
  if (weight > 0) {
    InterlockedAdd(localBins[bin], weight);
  }
}

void flush(uint index) {
  uint count = localBins[index];
  if (count > 0) {
    histogram.InterlockedAdd(index * 4, count);
  }
}

bool finishGroup(uint index) {
  if (index == 0) {
    uint finished;
    sync.InterlockedAdd(0, 1, finished);
    isLastGroup = finished == groupCount - 1 ? 1u : 0u;
  }
  GroupMemoryBarrierWithGroupSync();
  return isLastGroup != 0;
}

// Inclusive prefix sum over the bins in groupshared memory (Hillis-Steele).
void prefixSum(uint index) {
  [unroll]
  for (uint offset = 1; offset < BINS; offset <<= 1) {
    float value = scanBins[index];
    if (index >= offset) {
      value += scanBins[index - offset];
    }
    GroupMemoryBarrierWithGroupSync();
    scanBins[index] = value;
    GroupMemoryBarrierWithGroupSync();
  }
}

float binLuminance(uint bin) {
  float logL = ((float)bin - 1.0) / 254.0 * logLuminanceRange + minLogLuminance;
  return exp2(logL);
}

float adapt(float current, float target) {
  float speed = target > current ? adaptSpeedUp : adaptSpeedDown;
  return current + (target - current) * (1.0 - exp(-deltaTime * speed));
}

void averageHistogram(uint index) {
  float count = (float)histogram.Load(index * 4);
  scanBins[index] = index == 0 ? 0.0 : count;
  GroupMemoryBarrierWithGroupSync();
  prefixSum(index);
  float total = scanBins[BINS - 1];
  float low = total * lowPercentile;
  float high = total * highPercentile;
  float before = scanBins[index] - (index == 0 ? 0.0 : count);
  float inRange = clamp(scanBins[index], low, high) - clamp(before, low, high);
  GroupMemoryBarrierWithGroupSync();
  scanBins[index] = inRange * log2(max(binLuminance(index), EPSILON));
  GroupMemoryBarrierWithGroupSync();
  prefixSum(index);
  if (index == 0) {
    float kept = max(high - low, 1.0);
    float avgLog = scanBins[BINS - 1] / kept;
    float target = exp2(avgLog);
    float current = averageLuminance[uint2(0, 0)];
    averageLuminance[uint2(0, 0)] = adapt(current, target);
    sync.Store(0, 0);
  }
  histogram.Store(index * 4, 0);
}

[numthreads(GROUP_X, GROUP_Y, 1)]
void main(uint3 id : SV_DispatchThreadID, uint index : SV_GroupIndex) {
  clearLocal(index);
  GroupMemoryBarrierWithGroupSync();
  accumulate(id.xy);
  GroupMemoryBarrierWithGroupSync();
  flush(index);
  DeviceMemoryBarrierWithGroupSync();
  if (finishGroup(index)) {
    averageHistogram(index);
  }
}
