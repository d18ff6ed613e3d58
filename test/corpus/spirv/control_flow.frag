// Loops, switches, breaks, continues, nested selections, function calls
// with in/out/inout parameters.
#version 450
layout(location = 0) in flat int mode;
layout(location = 1) in vec4 v;
layout(location = 0) out vec4 o;
void accum(inout vec4 acc, in float k, out int steps) {
  steps = 0;
  for (int i = 0; i < 8; ++i) {
    if (k < float(i)) continue;
    acc += vec4(k);
    steps++;
    if (steps > 5) break;
  }
}
void main() {
  vec4 acc = vec4(0);
  int steps;
  switch (mode) {
    case 0:
    case 1: accum(acc, v.x, steps); break;
    case 2: accum(acc, v.y, steps);
    case -5: acc *= 2.0; break;
    default: steps = -1;
  }
  int n = 0;
  do { n += steps; } while (n < 100 && steps > 0);
  while (acc.x > 1.0) { acc.x *= 0.5; }
  o = (mode > 3 ? acc : -acc) + float(n);
}
