// A switch with an attribute other than [forcecase] (or a case value that
// is not a constant) becomes a chain of ifs: each case runs to its first
// break, the selector is read again for every comparison, default is the
// last else. Otherwise OpSwitch; labels inside blocks and a default among
// other labels keep their places.
// RUN: %hlsl2spirv -fcgl -T ps_6_0 -E main %s | FileCheck %s
// RUN: %hlsl2spirv -T ps_6_0 -E main %s

float main(int s : S) : SV_Target {
  float r = 0;
// CHECK-LABEL: %src_main = OpFunction
// CHECK:      [[s0:%[0-9]+]] = OpLoad %int %s
// CHECK-NEXT: [[e0:%[0-9]+]] = OpIEqual %bool [[s0]] %int_1
// CHECK-NEXT: OpSelectionMerge %if_merge_0 None
// CHECK-NEXT: OpBranchConditional [[e0]] %if_true %if_false
// CHECK-NEXT: %if_true = OpLabel
// CHECK-NEXT: OpStore %r %float_1
// CHECK-NEXT: OpStore %r %float_2
// CHECK-NEXT: OpBranch %if_merge_0
// CHECK-NEXT: %if_false = OpLabel
// CHECK-NEXT: [[s1:%[0-9]+]] = OpLoad %int %s
// CHECK-NEXT: [[e1:%[0-9]+]] = OpIEqual %bool [[s1]] %int_2
// CHECK-NEXT: OpSelectionMerge %if_merge None
// CHECK-NEXT: OpBranchConditional [[e1]] %if_true_0 %if_false_0
// CHECK-NEXT: %if_true_0 = OpLabel
// CHECK-NEXT: OpStore %r %float_2
// CHECK-NEXT: OpBranch %if_merge
// CHECK-NEXT: %if_false_0 = OpLabel
// CHECK-NEXT: OpStore %r %float_3
// CHECK-NEXT: OpBranch %if_merge
  [branch] switch (s) {
  case 1:
    r = 1;
  case 2:
    r = 2;
    break;
  default:
    r = 3;
  }

// CHECK:      OpSwitch {{%[0-9]+}} %switch_default 4 %switch_4 5 %switch_5
// CHECK-NEXT: %switch_4 = OpLabel
// CHECK-NEXT: OpBranch %switch_default
// CHECK-NEXT: %switch_default = OpLabel
// CHECK-NEXT: OpStore %r %float_4
// CHECK-NEXT: OpBranch %switch_5
// CHECK-NEXT: %switch_5 = OpLabel
// CHECK-NEXT: OpStore %r %float_5
// CHECK-NEXT: OpBranch %switch_merge
  switch (s) {
  case 4:
  default: {
    r = 4;
  case 5:
    r = 5;
  }
  }
  return r;
}
