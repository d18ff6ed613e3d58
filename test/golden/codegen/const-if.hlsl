// An if on a constant condition emits only the branch taken; for (;;)
// tests true in its header.
// RUN: %hlsl2spirv -fcgl -T ps_6_0 -E main %s | FileCheck %s
// RUN: %hlsl2spirv -T ps_6_0 -E main %s

float main(float a : A) : SV_Target {
  float r = a;
// CHECK-LABEL: %bb_entry = OpLabel
// CHECK:      OpStore %r
// CHECK-NEXT: OpStore %r %float_2
  if (4 + 3 > 7 || 1 < 2) {
    r = 2;
  } else {
    r = 3;
  }
// CHECK-NEXT: OpBranch %for_check
// CHECK-NEXT: %for_check = OpLabel
// CHECK-NEXT: OpLoopMerge %for_merge %for_continue None
// CHECK-NEXT: OpBranchConditional %true %for_body %for_merge
  for (;;) {
    if (r > 10) break;
    r += 1;
  }
  return r;
}
