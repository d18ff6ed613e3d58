// bench: -T vs_6_0 -E main
// Terrain vertex shader: a grid patch displaced by a height map, with
// geomorphing between levels of detail, normals from the height field and
// a detail layer blended by distance.

cbuffer Terrain : register(b0) {
  float4x4 viewProj;
  float3 cameraPos;
  float heightScale;
  float2 terrainSize;
  float2 heightMapTexel;
  float4 lodRanges[8];
  float detailScale;
  float detailStrength;
  float morphStart;
  float morphEnd;
};

cbuffer Patch : register(b1) {
  float2 patchOrigin;
  float patchSize;
  uint lodLevel;
  uint gridDim;
  float skirtDepth;
  float2 patchPad;
};

Texture2D<float> heightMap : register(t0);
Texture2D<float4> detailMap : register(t1);
Texture2D<float4> splatMap : register(t2);
SamplerState clampSampler : register(s0);
SamplerState wrapSampler : register(s1);

struct VSInput {
  float2 gridPos : POSITION;
  uint skirt : TEXCOORD0;
};

struct VSOutput {
  float4 position : SV_Position;
  float3 worldPos : TEXCOORD0;
  float3 normal : TEXCOORD1;
  float2 uv : TEXCOORD2;
  float4 splat : TEXCOORD3;
  float morph : TEXCOORD4;
  float fog : TEXCOORD5;
};

float sampleHeight(float2 uv) {
  return heightMap.SampleLevel(clampSampler, uv, 0.0) * heightScale;
}

float sampleDetail(float2 worldXZ, float weight) {
  float d = detailMap.SampleLevel(wrapSampler, worldXZ * detailScale, 0.0).r - 0.5;
  return d * detailStrength * weight;
}

float2 worldToUV(float2 xz) {
  return saturate(xz / terrainSize);
}

float morphFactor(float dist, uint lod) {
  float low = lod > 0 ? lodRanges[lod - 1].x : 0.0;
  float high = lodRanges[lod].x;
  float start = lerp(low, high, morphStart);
  float end = lerp(low, high, morphEnd);
  return saturate((dist - start) / max(end - start, 1e-3));
}

float2 morphVertex(float2 gridPos, float2 worldXZ, float k) {
  float2 fracPart = frac(gridPos * (float)gridDim * 0.5) * 2.0 / (float)gridDim;
  return worldXZ - fracPart * patchSize * k;
}

float3 heightNormal(float2 uv) {
  float hl = sampleHeight(uv - float2(heightMapTexel.x, 0));
  float hr = sampleHeight(uv + float2(heightMapTexel.x, 0));
  float hd = sampleHeight(uv - float2(0, heightMapTexel.y));
  float hu = sampleHeight(uv + float2(0, heightMapTexel.y));
  float2 step = heightMapTexel * terrainSize * 2.0;
  float3 n = float3((hl - hr) / step.x, 1.0, (hd - hu) / step.y);
  return normalize(n);
}

float4 splatWeights(float2 uv, float height, float slope) {
  float4 w = splatMap.SampleLevel(clampSampler, uv, 0.0);
  float rock = saturate((slope - 0.5) * 4.0);
  float snow = saturate((height / heightScale - 0.75) * 8.0) * (1.0 - rock);
  w = lerp(w, float4(0, 0, 1, 0), rock);
  w = lerp(w, float4(0, 0, 0, 1), snow);
  return w / max(dot(w, 1.0), 1e-4);
}

float fogFactor(float dist, float height) {
  float density = 0.0015 * exp(-max(height, 0.0) * 0.004);
  return 1.0 - exp(-dist * density);
}

// Neighbouring patches of a coarser level share the edge vertices of this
// one: odd vertices on an edge snap to the coarser grid to close cracks.
float2 stitchEdges(float2 gridPos, uint neighbourMask) {
  float cells = (float)gridDim;
  float2 cell = gridPos * cells;
  bool oddX = fmod(cell.x, 2.0) > 0.5;
  bool oddY = fmod(cell.y, 2.0) > 0.5;
  float2 p = gridPos;
  if ((neighbourMask & 1u) != 0 && cell.y < 0.5 && oddX) {
    p.x -= 1.0 / cells;
  }
  if ((neighbourMask & 2u) != 0 && cell.y > cells - 0.5 && oddX) {
    p.x -= 1.0 / cells;
  }
  if ((neighbourMask & 4u) != 0 && cell.x < 0.5 && oddY) {
    p.y -= 1.0 / cells;
  }
  if ((neighbourMask & 8u) != 0 && cell.x > cells - 0.5 && oddY) {
    p.y -= 1.0 / cells;
  }
  return p;
}

// Bicubic-smoothed height for the most distant levels, where bilinear
// sampling of a coarse mip shows terraces.
float smoothHeight(float2 uv) {
  float2 texSize = 1.0 / heightMapTexel;
  float2 st = uv * texSize - 0.5;
  float2 i = floor(st);
  float2 f = st - i;
  float2 w0 = f * (-0.5 + f * (1.0 - 0.5 * f));
  float2 w1 = 1.0 + f * f * (-2.5 + 1.5 * f);
  float2 w2 = f * (0.5 + f * (2.0 - 1.5 * f));
  float2 w3 = f * f * (-0.5 + 0.5 * f);
  float2 g0 = w0 + w1;
  float2 g1 = w2 + w3;
  float2 h0 = (w1 / g0 - 1.0 + i + 0.5) * heightMapTexel;
  float2 h1 = (w3 / g1 + 1.0 + i + 0.5) * heightMapTexel;
  float a = sampleHeight(float2(h0.x, h0.y));
  float b = sampleHeight(float2(h1.x, h0.y));
  float c = sampleHeight(float2(h0.x, h1.y));
  float d = sampleHeight(float2(h1.x, h1.y));
  return g0.y * (g0.x * a + g1.x * b) + g1.y * (g0.x * c + g1.x * d);
}

VSOutput main(VSInput input) {
  VSOutput output;
  float2 grid = stitchEdges(input.gridPos, (uint)patchPad.x);
  float2 worldXZ = patchOrigin + grid * patchSize;
  float dist = distance(cameraPos.xz, worldXZ);
  float k = morphFactor(dist, lodLevel);
  worldXZ = morphVertex(grid, worldXZ, k);

  float2 uv = worldToUV(worldXZ);
  float height = lodLevel >= 6 ? smoothHeight(uv) : sampleHeight(uv);
  float detailWeight = 1.0 - saturate(dist / lodRanges[1].x);
  height += sampleDetail(worldXZ, detailWeight);
  if (input.skirt != 0) {
    height -= skirtDepth;
  }

  float3 normal = heightNormal(uv);
  float slope = 1.0 - normal.y;
  float3 worldPos = float3(worldXZ.x, height, worldXZ.y);

  output.position = mul(viewProj, float4(worldPos, 1.0));
  output.worldPos = worldPos;
  output.normal = normal;
  output.uv = uv;
  output.splat = splatWeights(uv, height, slope);
  output.morph = k;
  output.fog = fogFactor(distance(cameraPos, worldPos), height);
  return output;
}
