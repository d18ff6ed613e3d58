// bench: -T vs_6_0 -E main
// Skinned, instanced vertex shader: four-bone linear blend skinning,
// optional morph targets, a tangent frame, motion vectors from the
// previous frame's pose, and per-instance transforms and tint.

#define MAX_BONES 128
#define MAX_MORPHS 4

cbuffer Camera : register(b0) {
  float4x4 view;
  float4x4 proj;
  float4x4 viewProj;
  float4x4 prevViewProj;
  float3 cameraPos;
  float jitterX;
  float2 viewportSize;
  float jitterY;
  float nearPlane;
};

cbuffer Skeleton : register(b1) {
  float4x4 bones[MAX_BONES];
  float4x4 prevBones[MAX_BONES];
};

cbuffer Morph : register(b2) {
  float4 morphWeights;
  uint morphCount;
  uint vertexCount;
  float windStrength;
  float windTime;
};

struct InstanceData {
  float4x4 world;
  float4x4 prevWorld;
  float4 tint;
  uint materialIndex;
  uint flags;
  float2 uvOffset;
};

StructuredBuffer<InstanceData> instances : register(t0);
StructuredBuffer<float4> morphDeltas : register(t1);

struct VSInput {
  float3 position : POSITION;
  float3 normal : NORMAL;
  float4 tangent : TANGENT;
  float2 uv : TEXCOORD0;
  float2 uv2 : TEXCOORD1;
  uint4 boneIndices : BLENDINDICES;
  float4 boneWeights : BLENDWEIGHT;
  float4 color : COLOR0;
  uint vertexId : SV_VertexID;
  uint instanceId : SV_InstanceID;
};

struct VSOutput {
  float4 position : SV_Position;
  float3 worldPos : TEXCOORD0;
  float3 normal : TEXCOORD1;
  float4 tangent : TEXCOORD2;
  float4 uv : TEXCOORD3;
  float4 color : COLOR0;
  float4 currClip : TEXCOORD4;
  float4 prevClip : TEXCOORD5;
  nointerpolation uint material : TEXCOORD6;
};

float4x4 skinMatrix(uint4 indices, float4 weights, bool previous) {
  float4x4 m = 0;
  [unroll]
  for (int i = 0; i < 4; ++i) {
    uint b = min(indices[i], MAX_BONES - 1);
    float4x4 bone = previous ? prevBones[b] : bones[b];
    m += bone * weights[i];
  }
  return m;
}

float3 applyMorphs(float3 position, uint vertexId) {
  float3 p = position;
  for (uint i = 0; i < morphCount && i < MAX_MORPHS; ++i) {
    float w = morphWeights[i];
    if (abs(w) < 1e-4) {
      continue;
    }
    float4 delta = morphDeltas[i * vertexCount + vertexId];
    p += delta.xyz * w;
  }
  return p;
}

float3 windOffset(float3 worldPos, float weight) {
  float phase = dot(worldPos.xz, float2(0.13, 0.07)) + windTime;
  float sway = sin(phase) * 0.6 + sin(phase * 2.3 + 1.7) * 0.3 + sin(phase * 5.1) * 0.1;
  return float3(sway, 0.0, sway * 0.5) * windStrength * weight;
}

float3x3 toFloat3x3(float4x4 m) {
  return (float3x3)m;
}

float3 safeNormalize(float3 v) {
  float len2 = dot(v, v);
  return len2 > 1e-12 ? v * rsqrt(len2) : float3(0, 1, 0);
}

float4 applyJitter(float4 clip) {
  clip.xy += float2(jitterX, jitterY) * clip.w;
  return clip;
}

VSOutput main(VSInput input) {
  VSOutput output;
  InstanceData inst = instances[input.instanceId];

  float weightSum = dot(input.boneWeights, 1.0);
  float4 weights = weightSum > 0.0 ? input.boneWeights / weightSum : float4(1, 0, 0, 0);
  float4x4 skin = skinMatrix(input.boneIndices, weights, false);
  float4x4 prevSkin = skinMatrix(input.boneIndices, weights, true);

  float3 localPos = applyMorphs(input.position, input.vertexId);
  float4 skinned = mul(skin, float4(localPos, 1.0));
  float4 prevSkinned = mul(prevSkin, float4(localPos, 1.0));

  float4 world = mul(inst.world, skinned);
  float4 prevWorld = mul(inst.prevWorld, prevSkinned);
  if ((inst.flags & 1u) != 0) {
    float3 offset = windOffset(world.xyz, input.color.a);
    world.xyz += offset;
    prevWorld.xyz += offset;
  }

  float3x3 normalMatrix = mul(toFloat3x3(inst.world), toFloat3x3(skin));
  float3 n = safeNormalize(mul(normalMatrix, input.normal));
  float3 t = safeNormalize(mul(normalMatrix, input.tangent.xyz));
  t = safeNormalize(t - n * dot(n, t));

  float4 clip = mul(viewProj, world);
  output.position = applyJitter(clip);
  output.worldPos = world.xyz;
  output.normal = n;
  output.tangent = float4(t, input.tangent.w);
  output.uv = float4(input.uv + inst.uvOffset, input.uv2);
  output.color = input.color * inst.tint;
  output.currClip = clip;
  output.prevClip = mul(prevViewProj, prevWorld);
  output.material = inst.materialIndex;

  float3 toCamera = cameraPos - world.xyz;
  float distanceFade = saturate((length(toCamera) - nearPlane) * 0.01);
  output.color.rgb *= lerp(1.0, 0.85, distanceFade);
  return output;
}
