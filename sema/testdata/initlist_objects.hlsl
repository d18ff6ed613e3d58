// CONFIG: -T cs_6_3 -E main
// An initializer list's object slots take objects of the same type only.

Texture2D<float4> t;
struct Holder { Texture2D<float4> tex; float scale; };

[numthreads(1, 1, 1)]
void main() {
  Holder ok = { t, 2.0 };
  RayQuery<0> query = { /* ERROR "type mismatch" */ 0 };
  Holder bad = { /* ERROR "type mismatch" */ 1.0, 2.0 };
}
