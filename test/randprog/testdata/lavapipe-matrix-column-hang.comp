#version 450
layout(local_size_x = 8) in;
layout(set=0, binding=0) buffer O { uint o[]; } outb;
layout(set=0, binding=5) readonly buffer B { uint d[]; } inb;
uint f(ivec3 a) {
  mat3 m = mat3(vec3(-5.75, 6.0, -2.25), vec3(7.5, 8.0, 3.25), vec3(2.25, 7.75, -6.5));
  int w = 0;
  do {
    int i23 = w++;
    a ^= a;
    for (int j = 0; j < 4; j++) {
      a.y |= -8 + i23;
      m[inb.d[61] % 3u] -= vec3(4.5, 3.25, -2.5);
    }
  } while (w < 1);
  return uint(a.y) + uint(m[0][0]);
}
void main() {
  uint tid = gl_LocalInvocationIndex;
  uint acc = 0u;
  int k = 0;
  while (k < 3) {
    int kk = k++;
    int q = 0;
    do {
      int qq = q++;
      acc += f(ivec3(kk, qq, 1));
    } while (q < 4);
  }
  outb.o[tid] = acc;
}
