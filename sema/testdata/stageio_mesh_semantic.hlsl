// CONFIG: -T ms_6_5 -E main
// User semantics are not inputs of a mesh shader.

struct Vertex { float4 pos : SV_Position; float2 uv : TEXCOORD0; };

[outputtopology("point")]
[numthreads(32, 1, 1)]
void main(out vertices Vertex verts[8], out indices uint points[4],
          uint tid : SV_GroupIndex,
          float3 extra /* ERROR "invalid usage of semantic 'USER_IN' in shader profile ms" */ : USER_IN) {
}
