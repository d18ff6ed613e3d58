// -fspv-debug=vulkan with included files, as DXC orders them: the main
// file's name is the first OpString, the other strings come in the order
// the debug instructions use them; an included file gets its DebugSource
// when a function in it is described, and the files no function is in
// get theirs after the functions, so they are written first (DXC makes
// them last and writes the nodes nothing refers to last-made first).
// DebugLine of a return spans the statement: from `return` to the last
// token of its value.
// RUN: %hlsl2spirv -T ps_6_0 -E main -fspv-debug=vulkan -fcgl %s | FileCheck %s
// RUN: %hlsl2spirv -T ps_6_0 -E main -fspv-debug=vulkan-with-source %s | FileCheck %s --check-prefix=SRC

// CHECK:      [[main:%[0-9]+]] = OpString "{{.*}}vulkan-include.hlsl"
// CHECK-NEXT: [[macros:%[0-9]+]] = OpString "{{.*}}vulkan-include-macros.hlsli"
// CHECK-NEXT: OpString "int"
// CHECK:      [[inc:%[0-9]+]] = OpString "{{.*}}vulkan-include.hlsli"
// CHECK:      OpString "helper"
// CHECK:      DebugSource [[macros]]{{$}}
// CHECK:      [[srcmain:%[0-9]+]] = OpExtInst %void {{%[0-9]+}} DebugSource [[main]]{{$}}
// CHECK:      [[srcinc:%[0-9]+]] = OpExtInst %void {{%[0-9]+}} DebugSource [[inc]]{{$}}
// CHECK:      DebugFunction {{%[0-9]+}} {{%[0-9]+}} [[srcinc]] %uint_2 %uint_1

// SRC:      [[main:%[0-9]+]] = OpString "{{.*}}vulkan-include.hlsl"
// SRC:      [[macros:%[0-9]+]] = OpString "{{.*}}vulkan-include-macros.hlsli"
// SRC-NEXT: [[macrostext:%[0-9]+]] = OpString "// Included by vulkan-include.hlsl: macros only
// SRC:      [[maintext:%[0-9]+]] = OpString "// -fspv-debug=vulkan with included files
// SRC:      DebugSource [[macros]] [[macrostext]]
// SRC:      DebugSource [[main]] [[maintext]]

#include "vulkan-include-macros.hlsli"
#include "vulkan-include.hlsli"

int main(int v : V) : SV_Target {
// CHECK:      %src_main = OpFunction
// CHECK:      DebugLine [[srcmain]] %uint_39 %uint_39 %uint_10 %uint_18
// CHECK-NEXT: OpStore %param_var_v
// CHECK-NEXT: OpFunctionCall %int %helper
// CHECK:      DebugLine [[srcmain]] %uint_39 %uint_39 %uint_3 %uint_22
// CHECK-NEXT: OpReturnValue
  return helper(v) * 2;
}

// CHECK:      %helper = OpFunction
// CHECK:      DebugLine [[srcinc]] %uint_3 %uint_3 %uint_10 %uint_10
// CHECK-NEXT: OpLoad %int %v
// CHECK:      DebugLine [[srcinc]] %uint_3 %uint_3 %uint_3 %uint_14
// CHECK-NEXT: OpReturnValue
