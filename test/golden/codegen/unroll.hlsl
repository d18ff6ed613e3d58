// [unroll] loops are left to the legalization's loop-unroll, as in DXC:
// the emitter writes the loop with the Unroll control and the texel
// offset over its variable as a run-time Offset, which asks for
// legalization; loop-unroll copies the body once per iteration of the
// loops it can count, and the offsets become ConstOffset (none when zero).
// A variable declared outside the loop keeps its final value.
// [unroll(N)] marks the loop Unroll as [unroll] does (as in DXC), and is
// unrolled whole; loops that break, and -fcgl, keep the loop. At -O0 the
// same loops are unrolled (legalization runs), without the -O folding.
// RUN: %hlsl2spirv -T ps_6_0 -E main %s | FileCheck %s
// RUN: %hlsl2spirv -T ps_6_0 -E main -O0 %s | FileCheck %s --check-prefix=O0
// RUN: %hlsl2spirv -T ps_6_0 -E main -fcgl %s | FileCheck %s --check-prefix=CGL

// O0: OpImageSampleImplicitLod %v4float {{%[0-9]+}} {{%[0-9]+}} ConstOffset
// O0: OpImageSampleImplicitLod %v4float {{%[0-9]+}} {{%[0-9]+}} ConstOffset
// O0: OpImageSampleImplicitLod %v4float {{%[0-9]+}} {{%[0-9]+}} None
// O0: OpImageSampleImplicitLod %v4float {{%[0-9]+}} {{%[0-9]+}} ConstOffset
// O0: OpImageSampleImplicitLod %v4float {{%[0-9]+}} {{%[0-9]+}} ConstOffset
// O0-NOT: OpImageSample
// O0: OpLoopMerge {{%[a-z_0-9]+}} {{%[a-z_0-9]+}} Unroll
// O0-NOT: OpLoopMerge

// taps is 5 after its unrolled loop (sum / 16 + taps folds to
// sum * 0.0625 + 5, checked at the end):
// CHECK: [[five:%[0-9]+]] = OpConstantComposite %v4float %float_5 %float_5 %float_5 %float_5
// CHECK: %main = OpFunction
// weights[i + 2] with i = 2 is weights[4], whose value is known: 1 (the
// array is split into a variable per element, and the values fold):
// CHECK: OpImageSampleImplicitLod %v4float {{%[0-9]+}} {{%[0-9]+}} ConstOffset [[m2:%[0-9]+]]
// CHECK: OpImageSampleImplicitLod %v4float {{%[0-9]+}} {{%[0-9]+}} ConstOffset
// i = 0 makes the offset zero, which goes (as DXC's folding drops it):
// CHECK: OpImageSampleImplicitLod %v4float {{%[0-9]+}} {{%[0-9]+}} None
// CHECK: OpImageSampleImplicitLod %v4float {{%[0-9]+}} {{%[0-9]+}} ConstOffset
// CHECK: [[s4:%[0-9]+]] = OpImageSampleImplicitLod %v4float {{%[0-9]+}} {{%[0-9]+}} ConstOffset
// CHECK-NEXT: OpVectorTimesScalar %v4float [[s4]] %float_1
// CHECK-NOT: OpImageSample
// The breaking loop stays a loop:
// CHECK: OpLoopMerge {{%[a-z_0-9]+}} {{%[a-z_0-9]+}} Unroll
// CHECK-NOT: OpLoopMerge
// CHECK: OpFAdd %v4float {{%[0-9]+}} [[five]]

// CGL: OpImageSampleImplicitLod %v4float {{%[0-9]+}} {{%[0-9]+}} Offset
// CGL: OpLoopMerge {{%[a-z_0-9]+}} {{%[a-z_0-9]+}} Unroll

Texture2D<float4> tex;
SamplerState smp;

float4 main(float2 uv : UV, float limit : LIMIT) : SV_Target {
  float weights[5] = { 1, 4, 6, 4, 1 };
  float4 sum = 0;
  int taps = 0;
  [unroll] for (int i = -2; i <= 2; ++i) {
    sum += tex.Sample(smp, uv, int2(i, 0)) * weights[i + 2];
  }
  [unroll] for (taps = 0; taps < 5; taps++) {
    sum.w += weights[taps];
  }
  [unroll(2)] for (int k = 0; k < 4; k++) {
    sum.x += k;
  }
  [unroll] for (int n = 0; n < 8; n++) {
    if (sum.y > limit) break;
    sum.y += 1;
  }
  return sum / 16 + taps;
}
