// CONFIG: -T vs_6_0 -E main
// [[vk::builtin]] on stage variables: type and signature point rules.
// DXC stops at the first stage variable that fails.

float main([[vk::location(5),
             vk /* ERROR "cannot use vk::builtin and vk::location together" */ /* ERROR "PointSize builtin must be of float type" */ /* ERROR "PointSize builtin cannot be used as VSIn" */ ::builtin("PointSize")]] int size : A,
           [[vk::builtin("HelperInvocation")]] float helper : B) : C {
  return size + helper;
}
