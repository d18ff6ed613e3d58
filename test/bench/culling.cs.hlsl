// bench: -T cs_6_0 -E main
// GPU-driven culling: each thread tests one object's bounding sphere and box
// against the frustum, a hierarchical depth buffer and a distance-based LOD
// selection, then appends an indirect draw command for the chosen LOD.

#define THREADS 64
#define MAX_LODS 4

struct ObjectData {
  float4x4 world;
  float3 boundsCenter;
  float boundsRadius;
  float3 boundsExtent;
  uint meshIndex;
  uint materialIndex;
  uint flags;
  float2 pad;
};

struct MeshLod {
  uint indexCount;
  uint firstIndex;
  int vertexOffset;
  float screenSize;
};

struct Mesh {
  MeshLod lods[MAX_LODS];
  uint lodCount;
  uint3 pad;
};

struct DrawCommand {
  uint indexCount;
  uint instanceCount;
  uint firstIndex;
  int vertexOffset;
  uint firstInstance;
  uint objectIndex;
  uint lod;
  uint pad;
};

cbuffer Cull : register(b0) {
  float4x4 view;
  float4x4 viewProj;
  float4 frustumPlanes[6];
  float3 cameraPos;
  float lodBias;
  float2 hizSize;
  float projScale;
  float zNear;
  uint objectCount;
  uint enableOcclusion;
  uint enableLod;
  uint pad0;
};

StructuredBuffer<ObjectData> objects : register(t0);
StructuredBuffer<Mesh> meshes : register(t1);
Texture2D<float> hiz : register(t2);
SamplerState hizSampler : register(s0);
RWStructuredBuffer<DrawCommand> commands : register(u0);
RWByteAddressBuffer counters : register(u1);
RWStructuredBuffer<uint> visibility : register(u2);

float maxScale(float4x4 m) {
  float sx = dot(m[0].xyz, m[0].xyz);
  float sy = dot(m[1].xyz, m[1].xyz);
  float sz = dot(m[2].xyz, m[2].xyz);
  return sqrt(max(sx, max(sy, sz)));
}

bool sphereInFrustum(float3 center, float radius) {
  bool visible = true;
  [unroll]
  for (int i = 0; i < 6; ++i) {
    visible = visible && dot(frustumPlanes[i].xyz, center) + frustumPlanes[i].w > -radius;
  }
  return visible;
}

bool boxInFrustum(float3 center, float3 extent, float4x4 world) {
  float3 axisX = world[0].xyz * extent.x;
  float3 axisY = world[1].xyz * extent.y;
  float3 axisZ = world[2].xyz * extent.z;
  [unroll]
  for (int i = 0; i < 6; ++i) {
    float3 n = frustumPlanes[i].xyz;
    float r = abs(dot(n, axisX)) + abs(dot(n, axisY)) + abs(dot(n, axisZ));
    if (dot(n, center) + frustumPlanes[i].w < -r) {
      return false;
    }
  }
  return true;
}

// The screen rectangle of a sphere in view space (2D polyhedral bounds of
// a clipped perspective-projected sphere).
bool projectSphere(float3 c, float r, out float4 aabb) {
  aabb = 0;
  if (c.z < r + zNear) {
    return false;
  }
  float2 cx = float2(c.x, c.z);
  float2 vx = float2(sqrt(dot(cx, cx) - r * r), r);
  float2 minx = mul(float2x2(vx.x, -vx.y, vx.y, vx.x), cx);
  float2 maxx = mul(float2x2(vx.x, vx.y, -vx.y, vx.x), cx);
  float2 cy = float2(c.y, c.z);
  float2 vy = float2(sqrt(dot(cy, cy) - r * r), r);
  float2 miny = mul(float2x2(vy.x, -vy.y, vy.y, vy.x), cy);
  float2 maxy = mul(float2x2(vy.x, vy.y, -vy.y, vy.x), cy);
  aabb = float4(minx.x / minx.y, miny.x / miny.y, maxx.x / maxx.y, maxy.x / maxy.y) * projScale;
  aabb = aabb.xwzy * float4(0.5, -0.5, 0.5, -0.5) + 0.5;
  return true;
}

bool occluded(float3 viewCenter, float radius) {
  float4 aabb;
  if (!projectSphere(viewCenter, radius, aabb)) {
    return false;
  }
  float width = (aabb.z - aabb.x) * hizSize.x;
  float height = (aabb.w - aabb.y) * hizSize.y;
  float level = ceil(log2(max(width, height)));
  float2 uv = (aabb.xy + aabb.zw) * 0.5;
  float depth = hiz.SampleLevel(hizSampler, uv, level);
  float sphereDepth = zNear / (viewCenter.z - radius);
  return sphereDepth < depth;
}

uint selectLod(Mesh mesh, float3 center, float radius) {
  if (enableLod == 0) {
    return 0;
  }
  float dist = max(distance(center, cameraPos) - radius, zNear);
  float screen = radius * projScale / dist * exp2(-lodBias);
  uint lod = 0;
  for (uint i = 1; i < mesh.lodCount && i < MAX_LODS; ++i) {
    if (screen < mesh.lods[i].screenSize) {
      lod = i;
    }
  }
  return lod;
}

[numthreads(THREADS, 1, 1)]
void main(uint3 id : SV_DispatchThreadID, uint groupIndex : SV_GroupIndex) {
  uint index = id.x;
  if (index >= objectCount) {
    return;
  }
  ObjectData obj = objects[index];
  float3 center = mul(obj.world, float4(obj.boundsCenter, 1.0)).xyz;
  float radius = obj.boundsRadius * maxScale(obj.world);

  bool visible = sphereInFrustum(center, radius) && boxInFrustum(center, obj.boundsExtent, obj.world);
  if (visible && enableOcclusion != 0 && (obj.flags & 2u) == 0) {
    float3 viewCenter = mul(view, float4(center, 1.0)).xyz;
    visible = !occluded(viewCenter, radius);
  }
  visibility[index] = visible ? 1u : 0u;
  if (!visible) {
    return;
  }

  Mesh mesh = meshes[obj.meshIndex];
  uint lod = selectLod(mesh, center, radius);
  MeshLod lodInfo = mesh.lods[lod];

  uint slot;
  counters.InterlockedAdd(0, 1, slot);
  DrawCommand cmd;
  cmd.indexCount = lodInfo.indexCount;
  cmd.instanceCount = 1;
  cmd.firstIndex = lodInfo.firstIndex;
  cmd.vertexOffset = lodInfo.vertexOffset;
  cmd.firstInstance = index;
  cmd.objectIndex = index;
  cmd.lod = lod;
  cmd.pad = obj.materialIndex;
  commands[slot] = cmd;
  counters.InterlockedAdd(4 + lod * 4, 1);
}
