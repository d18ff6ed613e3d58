// printf is NonSemantic.DebugPrintf's instruction 1: the format as an
// OpString, then the arguments. The format may be a literal or a string
// variable (const or not, global or static) initialized with one; string
// variables have no SPIR-V variable of their own.
// RUN: %hlsl2spirv -T cs_6_0 -E main %s | FileCheck %s
// RUN: not %hlsl2spirv -T cs_6_0 -E bad %s 2>&1 | FileCheck %s --check-prefix=BAD

// CHECK: OpExtension "SPV_KHR_non_semantic_info"
// CHECK: [[set:%[0-9]+]] = OpExtInstImport "NonSemantic.DebugPrintf"
// CHECK: [[hello:%[0-9]+]] = OpString "hello"
// CHECK: [[fmt:%[0-9]+]] = OpString "thread %u of %d: %f"
// CHECK: [[lit:%[0-9]+]] = OpString "done"
// CHECK-NOT: OpVariable {{.*}} %greeting
// CHECK-NOT: type.$Globals
// CHECK: OpExtInst %void [[set]] 1 [[hello]]
// CHECK: OpExtInst %void [[set]] 1 [[fmt]] {{%[0-9]+}} %int_64 %float_0_5
// CHECK: OpExtInst %void [[set]] 1 [[lit]]

// BAD: error: printf's format must be a string literal or a const string variable initialized with one

const string greeting = "hello";
string format = "thread %u of %d: %f";

[numthreads(64, 1, 1)]
void main(uint id : SV_DispatchThreadID) {
  printf(greeting);
  printf(format, id, 64, 0.5f);
  printf("done");
}

[numthreads(1, 1, 1)]
void bad() {
  string s;
  printf(s);
}
