// Every statement form, with attributes.
[numthreads(8, 8, 1)]
[shader("compute")]
void main(uint3 id : SV_DispatchThreadID) {
  int acc = 0;
  [unroll(4)] for (int i = 0, j = 1; i < 4; ++i, j--) {
    if (i == 2) continue;
    else if (i > 3) break;
    acc += i;
  }
  [loop] while (acc > 0) acc--;
  do { acc++; } while (acc < 10);
  [branch] if (int d = acc) { acc = d; }
  switch (acc) {
    case 1:
    case 2:
      acc = 0;
      break;
    default: {
      discard;
    }
  }
  ;
  {
    [[vk::ext_extension("SPV_KHR_x")]] uint local = 1;
  }
  return;
}
