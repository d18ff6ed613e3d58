// CONFIG: -T ms_6_5 -E main
// Primitives and indices arrays of a mesh shader have the same length.

struct Vertex { float4 pos : SV_Position; };
struct Prim { float4 color : COLOR; };

[outputtopology("triangle")]
[numthreads(32, 1, 1)]
void main /* ERROR "array size of primitives object should match 'indices' object" */ (
    out vertices Vertex verts[8],
    out indices uint3 tris[4],
    out primitives Prim prims[5]) {
}
