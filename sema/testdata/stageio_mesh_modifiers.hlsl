// CONFIG: -T ms_6_5 -E main
// The direction a mesh shader's objects must have (checked while
// declaring the parameters).

struct Vertex { float4 pos : SV_Position; };
struct Payload { float4 data; };

[outputtopology("triangle")]
[numthreads(32, 1, 1)]
void main(in /* ERROR "'vertices' object must be an out parameter" */ vertices Vertex verts[8],
          indices /* ERROR "'indices' object must be an out parameter" */ uint3 tris[4],
          out /* ERROR "'payload' object must be an in parameter" */ payload Payload p) {
}
