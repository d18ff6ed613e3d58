// Every file of the compilation gets its OpString, the main file first,
// then each OpSource with that file's text; lines name the file they are
// in, #line names included.
// RUN: %hlsl2spirv -T ps_6_0 -E main -Zi -fcgl %s | FileCheck %s

// CHECK:      [[main:%[0-9]+]] = OpString "{{.*}}include.hlsl"
// CHECK-NEXT: [[inc:%[0-9]+]] = OpString "{{.*}}include-helper.hlsli"
// CHECK-NEXT: [[other:%[0-9]+]] = OpString "renamed.hlsl"
// CHECK-NEXT: OpSource HLSL 600 [[main]] "// Every file
// CHECK:      OpSource HLSL 600 [[inc]] "// A helper
// CHECK:      OpSource HLSL 600 [[other]]{{$}}

#include "include-helper.hlsli"

float4 main(float4 c : COLOR) : SV_Target {
  return scale(c);
}

#line 40 "renamed.hlsl"
float4 tint(float4 c) { return c; }

// CHECK:      OpLine [[inc]] 2 1
// CHECK-NEXT: %scale = OpFunction %v4float None
// CHECK-NEXT: OpLine [[inc]] 2 21
