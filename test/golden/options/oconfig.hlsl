// -Oconfig=<passes>: the listed spirv-opt passes run instead of the -O
// pipeline. --legalize-hlsl is accepted (the emitter's output is legal, and
// [unroll] loops are unrolled as DXC's legalization does); spirv-opt passes
// hlsl2spirv does not implement are refused by name, unknown ones with
// spirv-opt's message, and -Oconfig with -O<n> or twice with dxc's.
// RUN: %hlsl2spirv -T ps_6_0 -E main -Oconfig=--legalize-hlsl %s | FileCheck %s
// RUN: not %hlsl2spirv -T ps_6_0 -E main -Oconfig=--compact-ids,--loop-fusion %s 2>&1 | FileCheck %s --check-prefix=PASS
// RUN: not %hlsl2spirv -T ps_6_0 -E main -Oconfig=--no-such-pass %s 2>&1 | FileCheck %s --check-prefix=UNKNOWN
// RUN: not %hlsl2spirv -T ps_6_0 -E main -O2 -Oconfig=--legalize-hlsl %s 2>&1 | FileCheck %s --check-prefix=WITHO
// RUN: not %hlsl2spirv -T ps_6_0 -E main -Oconfig=--legalize-hlsl -Oconfig=-O %s 2>&1 | FileCheck %s --check-prefix=TWICE

// CHECK: OpImageSampleExplicitLod %v4float {{%[0-9]+}} {{%[0-9]+}} Lod|ConstOffset
// CHECK: OpImageSampleExplicitLod %v4float {{%[0-9]+}} {{%[0-9]+}} Lod|ConstOffset
// CHECK-NOT: OpLoopMerge

// PASS: error: failed to optimize SPIR-V: the optimizer pass '--loop-fusion' is not supported yet by hlsl2spirv
// UNKNOWN: error: failed to optimize SPIR-V: Unknown flag '--no-such-pass'
// WITHO: error: -Oconfig should not be used together with -O
// TWICE: error: -Oconfig should not be specified more than once

Texture2D<float4> tex;
SamplerState smp;

float4 main(float2 uv : UV) : SV_Target {
  float4 sum = 0;
  [unroll] for (int i = 1; i < 3; ++i)
    sum += tex.SampleLevel(smp, uv, 0, int2(i, -i));
  return sum;
}
