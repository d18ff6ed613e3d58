// CONFIG: -T cs_6_0 -E main
// Argument-dependent lookup: an unqualified call finds functions in the
// namespaces of its struct arguments, as clang does.

namespace geo {
  struct Point { float x, y; };
  float lengthSq(Point p) { return p.x * p.x + p.y * p.y; }
}

RWStructuredBuffer<float> output;

[numthreads(1, 1, 1)]
void main() {
  geo::Point p = { 3, 4 };
  output[0] = lengthSq(p);
  output[1] = missing /* ERROR "use of undeclared identifier 'missing'" */ (1.0);
}
