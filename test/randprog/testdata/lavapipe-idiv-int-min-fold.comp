// lavapipe (Mesa 22.3.6) dies of SIGFPE creating this pipeline: after inlining,
// the vector INT_MIN / -1 in the branch never taken is constant, and its
// constant folding divides on the host (test/randprog/TRIAGE.md).
//   glslangValidator -V lavapipe-idiv-int-min-fold.comp
#version 450
layout(local_size_x = 8) in;
layout(set=0, binding=0) buffer O { int o[]; } outb;
ivec4 f(ivec4 d) { return ivec4(-2147483647 - 1, -7, -19, -14) / d; }
void main() {
  uint tid = gl_LocalInvocationIndex;
  int r = int(tid);
  if (outb.o[tid] == 12345) {
    r = f(ivec4(-1, 3, 5, 7)).x;
  }
  outb.o[tid] = r;
}
