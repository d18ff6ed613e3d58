// CONFIG: -T ms_6_5 -E main
// A mesh shader's indices follow its output topology (lines: uint2).

struct Vertex { float4 pos : SV_Position; };

[outputtopology("line")]
[numthreads(32, 1, 1)]
void main(out vertices Vertex verts[8],
          out indices uint3 lines /* ERROR "expected 1D array of uint2 type" */ [4]) {
}
