// RayQuery<F>() as an initializer is a fresh query: the variable is
// declared and nothing is stored; a query initialized from another is a
// copy.
// RUN: %hlsl2spirv -T cs_6_5 -E main -fspv-target-env=vulkan1.2 -fcgl %s | FileCheck %s

// CHECK:     %a = OpVariable %_ptr_Function_rayQueryKHR Function
// CHECK:     %b = OpVariable %_ptr_Function_rayQueryKHR Function
// CHECK-NOT: OpStore %b
// CHECK:     %c = OpVariable %_ptr_Function_rayQueryKHR Function
// CHECK:     [[a:%[0-9]+]] = OpLoad %rayQueryKHR %a
// CHECK:     OpStore %c [[a]]

[numthreads(1, 1, 1)]
void main() {
  RayQuery<0> a;
  RayQuery<0> b = RayQuery<0>();
  RayQuery<0> c = a;
}
