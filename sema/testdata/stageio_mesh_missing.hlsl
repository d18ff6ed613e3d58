// CONFIG: -T ms_6_5 -E main
// A mesh shader must declare its vertices.

[outputtopology("point")]
[numthreads(32, 1, 1)]
void main /* ERROR "expected vertices object declaration" */ (out indices uint points[4]) {
}
