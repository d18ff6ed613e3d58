// An out or inout argument that is an element reached by an access chain
// (here through a pre-increment, which yields the element) is passed
// through a param.var copy: a function argument must be a variable itself.
// RUN: %hlsl2spirv -T cs_6_0 -E main %s | FileCheck %s

// (arr is split into a variable per element: arr[0] is its own variable,
// whose incremented value, 2, folds.)
// CHECK: OpStore %param_var_x %int_2
// CHECK: OpFunctionCall %void %bump %param_var_x
// CHECK: [[v:%[0-9]+]] = OpLoad %int %param_var_x
// CHECK: OpStore {{%[0-9]+}} [[v]]

RWStructuredBuffer<int> Out;

void bump(inout int x) { x += 10; }

[numthreads(1, 1, 1)]
void main() {
  int arr[2] = { 1, 2 };
  bump(++arr[0]);
  Out[0] = arr[0];
}
