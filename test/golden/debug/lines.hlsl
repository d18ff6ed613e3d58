// -Zi names the file in OpString, embeds its text in OpSource and places
// OpLine where the source position changes: on each function (its return
// type) and parameter (its name), on a load at the variable it reads, on
// an operation at its expression, on a store at its statement.
// RUN: %hlsl2spirv -T ps_6_0 -E main -Zi -fcgl %s | FileCheck %s
// RUN: %hlsl2spirv -T ps_6_0 -E main -Zi %s | FileCheck %s --check-prefix=VAL

// CHECK:      [[file:%[0-9]+]] = OpString "{{.*}}lines.hlsl"
// CHECK-NEXT: OpSource HLSL 600 [[file]] "// -Zi names the file
// CHECK:      float twice(float v) {

float twice(float v) {
  return v * 2;
}

// The wrapper gets lines on OpFunction and OpReturn only.
// CHECK:      OpLine [[file]] [[@LINE+11]] 1
// CHECK-NEXT: %main = OpFunction %void None
// CHECK-NOT:  OpLine
// CHECK:      OpLine [[file]] [[@LINE+20]] 1
// CHECK-NEXT: OpReturn
// CHECK:      OpLine [[file]] [[@LINE+6]] 1
// CHECK-NEXT: %src_main = OpFunction %v4float None
// CHECK-NEXT: OpLine [[file]] [[@LINE+4]] 19
// CHECK-NEXT: %x = OpFunctionParameter %_ptr_Function_float
// CHECK-NEXT: OpLine [[file]] [[@LINE+3]] 18
// CHECK-NEXT: %n = OpFunctionParameter %_ptr_Function_uint
float4 main(float x : X,
            uint n : N) : SV_Target {
// CHECK:      OpLine [[file]] [[@LINE+5]] 24
// CHECK-NEXT: OpLoad %uint %n
// CHECK-NEXT: OpLine [[file]] [[@LINE+3]] 12
// CHECK-NEXT: OpBitReverse %uint
// CHECK-NEXT: OpLine [[file]] [[@LINE+1]] 8
  uint r = reversebits(n);
// CHECK:      OpLine [[file]] [[@LINE+2]] 19
// CHECK-NEXT: OpLoad %float %x
  float y = twice(x);
  return y;
}

// CHECK:      OpLine [[file]] 12 1
// CHECK-NEXT: %twice = OpFunction %float None
// CHECK-NEXT: OpLine [[file]] 12 19
// CHECK-NEXT: %v = OpFunctionParameter %_ptr_Function_float

// VAL: OpLine
