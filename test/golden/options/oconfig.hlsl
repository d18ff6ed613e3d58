// -Oconfig=<passes>: hlsl2spirv runs no spirv-opt, only its own
// legalization, so --legalize-hlsl is accepted (and unrolls [unroll] loops
// as DXC's legalization does); other spirv-opt passes are refused by name,
// unknown ones with spirv-opt's message, and -Oconfig with -O<n> or twice
// with dxc's.
// RUN: %hlsl2spirv -T ps_6_0 -E main -Oconfig=--legalize-hlsl %s | FileCheck %s
// RUN: not %hlsl2spirv -T ps_6_0 -E main -Oconfig=--loop-unroll,--ssa-rewrite %s 2>&1 | FileCheck %s --check-prefix=PASS
// RUN: not %hlsl2spirv -T ps_6_0 -E main -Oconfig=--no-such-pass %s 2>&1 | FileCheck %s --check-prefix=UNKNOWN
// RUN: not %hlsl2spirv -T ps_6_0 -E main -O2 -Oconfig=--legalize-hlsl %s 2>&1 | FileCheck %s --check-prefix=WITHO
// RUN: not %hlsl2spirv -T ps_6_0 -E main -Oconfig=--legalize-hlsl -Oconfig=-O %s 2>&1 | FileCheck %s --check-prefix=TWICE

// CHECK: OpImageSampleExplicitLod %v4float {{%[0-9]+}} {{%[0-9]+}} Lod|ConstOffset
// CHECK: OpImageSampleExplicitLod %v4float {{%[0-9]+}} {{%[0-9]+}} Lod|ConstOffset
// CHECK-NOT: OpLoopMerge

// PASS: error: the optimizer pass '--loop-unroll' of -Oconfig is not supported yet by hlsl2spirv
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
