// CONFIG: -T vs_6_0 -E main
// vk::location on some stage inputs but not all (DXC says so without a
// location; the attribute is pointed at).

float main([[vk /* ERROR "partial explicit stage input location assignment via vk::location\(X\) unsupported" */ ::location(5)]] int a : A,
           float b : B) : R {
  return a + b;
}
