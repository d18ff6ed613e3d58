// bench: -T cs_6_0 -E main
// Particle simulation: emission from a ring buffer, forces (gravity, drag,
// curl noise, attractors), collision with the depth buffer and planes, and
// compaction of the surviving particles into an indirect draw list.

#define THREADS 256
#define MAX_ATTRACTORS 8
#define MAX_PLANES 4

struct Particle {
  float3 position;
  float age;
  float3 velocity;
  float lifetime;
  float4 color;
  float size;
  float rotation;
  float angularVelocity;
  uint flags;
};

struct Attractor {
  float3 position;
  float strength;
  float radius;
  float3 pad;
};

cbuffer Simulation : register(b0) {
  float4x4 viewProj;
  float4 planes[MAX_PLANES];
  Attractor attractors[MAX_ATTRACTORS];
  float3 gravity;
  float deltaTime;
  float3 emitterPosition;
  float drag;
  float3 emitterVelocity;
  float noiseScale;
  float noiseStrength;
  float restitution;
  float time;
  uint particleCount;
  uint emitCount;
  uint emitOffset;
  uint attractorCount;
  uint planeCount;
  float2 screenSize;
  float2 depthParams;
};

RWStructuredBuffer<Particle> particles : register(u0);
RWStructuredBuffer<uint> aliveList : register(u1);
RWByteAddressBuffer drawArgs : register(u2);
Texture2D<float> sceneDepth : register(t0);
SamplerState pointClamp : register(s0);

uint hash(uint x) {
  x ^= x >> 16;
  x *= 0x7feb352dU;
  x ^= x >> 15;
  x *= 0x846ca68bU;
  x ^= x >> 16;
  return x;
}

float random01(inout uint state) {
  state = hash(state);
  return (state & 0x00FFFFFF) / 16777216.0;
}

float3 randomDirection(inout uint state) {
  float z = random01(state) * 2.0 - 1.0;
  float a = random01(state) * 6.28318530718;
  float r = sqrt(max(1.0 - z * z, 0.0));
  return float3(r * cos(a), r * sin(a), z);
}

float3 potential(float3 p) {
  float3 q = p * noiseScale + time * 0.1;
  return float3(
    sin(q.y * 1.7 + cos(q.z * 1.3)) + sin(q.z * 0.7),
    sin(q.z * 1.9 + cos(q.x * 1.1)) + sin(q.x * 0.9),
    sin(q.x * 1.5 + cos(q.y * 1.7)) + sin(q.y * 0.5));
}

float3 curlNoise(float3 p) {
  const float e = 0.05;
  float3 dx = float3(e, 0, 0);
  float3 dy = float3(0, e, 0);
  float3 dz = float3(0, 0, e);
  float3 px0 = potential(p - dx), px1 = potential(p + dx);
  float3 py0 = potential(p - dy), py1 = potential(p + dy);
  float3 pz0 = potential(p - dz), pz1 = potential(p + dz);
  float x = (py1.z - py0.z) - (pz1.y - pz0.y);
  float y = (pz1.x - pz0.x) - (px1.z - px0.z);
  float z = (px1.y - px0.y) - (py1.x - py0.x);
  return float3(x, y, z) / (2.0 * e);
}

Particle emit(uint index) {
  uint seed = hash(index ^ hash(asuint(time)));
  Particle p;
  p.position = emitterPosition + randomDirection(seed) * 0.1;
  p.velocity = emitterVelocity + randomDirection(seed) * (1.0 + random01(seed));
  p.age = 0.0;
  p.lifetime = 2.0 + random01(seed) * 3.0;
  p.color = float4(1.0, 0.6 + random01(seed) * 0.4, 0.2, 1.0);
  p.size = 0.05 + random01(seed) * 0.1;
  p.rotation = random01(seed) * 6.28318530718;
  p.angularVelocity = random01(seed) * 2.0 - 1.0;
  p.flags = 1;
  return p;
}

float3 attractorForce(float3 position) {
  float3 force = 0.0;
  for (uint i = 0; i < attractorCount && i < MAX_ATTRACTORS; ++i) {
    float3 d = attractors[i].position - position;
    float dist2 = dot(d, d);
    if (dist2 < attractors[i].radius * attractors[i].radius) {
      force += d * (attractors[i].strength / max(dist2, 0.01));
    }
  }
  return force;
}

void collidePlanes(inout Particle p) {
  for (uint i = 0; i < planeCount && i < MAX_PLANES; ++i) {
    float dist = dot(planes[i].xyz, p.position) + planes[i].w;
    if (dist < 0.0) {
      p.position -= planes[i].xyz * dist;
      float vn = dot(p.velocity, planes[i].xyz);
      if (vn < 0.0) {
        p.velocity -= (1.0 + restitution) * vn * planes[i].xyz;
      }
    }
  }
}

float linearDepth(float d) {
  return depthParams.x / (depthParams.y - d);
}

void collideDepth(inout Particle p) {
  float4 clip = mul(viewProj, float4(p.position, 1.0));
  if (clip.w <= 0.0) {
    return;
  }
  float3 ndc = clip.xyz / clip.w;
  float2 uv = ndc.xy * float2(0.5, -0.5) + 0.5;
  if (any(uv < 0.0) || any(uv > 1.0)) {
    return;
  }
  float sceneZ = linearDepth(sceneDepth.SampleLevel(pointClamp, uv, 0));
  float particleZ = linearDepth(ndc.z);
  if (particleZ > sceneZ && particleZ < sceneZ + 0.5) {
    p.velocity = reflect(p.velocity, float3(0, 1, 0)) * restitution;
  }
}

[numthreads(THREADS, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  uint index = id.x;
  if (index >= particleCount) {
    return;
  }
  Particle p = particles[index];
  uint slot = (index + particleCount - emitOffset) % particleCount;
  if (slot < emitCount) {
    p = emit(index);
  }
  if (p.flags == 0) {
    return;
  }
  p.age += deltaTime;
  if (p.age >= p.lifetime) {
    p.flags = 0;
    particles[index] = p;
    return;
  }
  float3 accel = gravity + attractorForce(p.position) + curlNoise(p.position) * noiseStrength;
  p.velocity += accel * deltaTime;
  p.velocity *= saturate(1.0 - drag * deltaTime);
  p.position += p.velocity * deltaTime;
  p.rotation += p.angularVelocity * deltaTime;
  collidePlanes(p);
  collideDepth(p);
  float lifeFrac = p.age / p.lifetime;
  p.color.a = smoothstep(0.0, 0.1, lifeFrac) * (1.0 - smoothstep(0.7, 1.0, lifeFrac));
  particles[index] = p;

  uint aliveIndex;
  drawArgs.InterlockedAdd(4, 1, aliveIndex);
  aliveList[aliveIndex] = index;
}
