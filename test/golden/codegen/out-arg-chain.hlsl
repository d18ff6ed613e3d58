// An out or inout argument that is an element reached by an access chain
// (here through a pre-increment, which yields the element) is passed as
// the element's pointer in the generated code; legalized, the call is
// inlined and everything folds: Out[0] = 12.
// RUN: %hlsl2spirv -fcgl -T cs_6_0 -E main %s | FileCheck %s --check-prefix=CGL
// RUN: %hlsl2spirv -T cs_6_0 -E main %s | FileCheck %s

// CGL: [[p:%[0-9]+]] = OpAccessChain %_ptr_Function_int %arr %int_0
// CGL: [[inc:%[0-9]+]] = OpIAdd %int {{%[0-9]+}} %int_1
// CGL: OpStore [[p]] [[inc]]
// CGL: OpFunctionCall %void %bump [[p]]
// CHECK-NOT: OpFunctionCall
// CHECK: OpStore {{%[0-9]+}} %int_12

RWStructuredBuffer<int> Out;

void bump(inout int x) { x += 10; }

[numthreads(1, 1, 1)]
void main() {
  int arr[2] = { 1, 2 };
  bump(++arr[0]);
  Out[0] = arr[0];
}
