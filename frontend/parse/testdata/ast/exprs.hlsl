// Precedence, casts, constructors, members, literals.
float4 f(float4 v, int i, bool b) {
  float x = 1 + 2 * 3 - 4 / 5 % 6;
  int y = i << 2 >> 1 & 7 | 8 ^ 9;
  bool z = i < 1 || i >= 2 && !b;
  x = b ? x : -x, x += 1;
  x *= (float)i;
  v.xy = float2(x, 1.5e-3f).yx;
  v[i] = sizeof(float4) + sizeof v;
  uint u = 0x1Fu + 017 + 3l;
  half h = 1.0h;
  printf("a" "b", 'c', true, false);
  float4 arr[2] = { {1, 2, 3, 4}, v };
  return vk::RawBufferLoad<float4>(u) + ~i + i++ - --i;
}
