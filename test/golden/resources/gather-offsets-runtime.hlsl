// A Gather with four offsets that are not all constants is four gathers,
// each with its own Offset; a run-time offset is read right before the
// gather that uses it, as DXC reads it, not with the other arguments.
// RUN: %hlsl2spirv -T ps_6_0 -E main -fcgl %s | FileCheck %s
// RUN: %hlsl2spirv -T ps_6_0 -E main %s | FileCheck %s --check-prefix=OPT

Texture2D<float4> tex;
SamplerState smp;

// CHECK-LABEL: %src_main = OpFunction
// CHECK:      [[g0:%[0-9]+]] = OpImageGather %v4float {{%[0-9]+}} {{%[0-9]+}} %int_0 Offset {{%[0-9]+}}
// CHECK-NEXT: [[t0:%[0-9]+]] = OpCompositeExtract %float [[g0]] 0
// CHECK-NEXT: [[o1:%[0-9]+]] = OpLoad %v2int %offset
// CHECK-NEXT: [[g1:%[0-9]+]] = OpImageGather %v4float {{%[0-9]+}} {{%[0-9]+}} %int_0 Offset [[o1]]
// CHECK-NEXT: [[t1:%[0-9]+]] = OpCompositeExtract %float [[g1]] 1
// CHECK-NEXT: [[o2:%[0-9]+]] = OpLoad %v2int %offset
// CHECK-NEXT: [[g2:%[0-9]+]] = OpImageGather %v4float {{%[0-9]+}} {{%[0-9]+}} %int_0 Offset [[o2]]
// CHECK-NEXT: [[t2:%[0-9]+]] = OpCompositeExtract %float [[g2]] 2
// CHECK-NEXT: [[g3:%[0-9]+]] = OpImageGather %v4float {{%[0-9]+}} {{%[0-9]+}} %int_0 Offset {{%[0-9]+}}
// CHECK-NEXT: [[t3:%[0-9]+]] = OpCompositeExtract %float [[g3]] 3
// CHECK-NEXT: OpCompositeConstruct %v4float [[t0]] [[t1]] [[t2]] [[t3]]

// OPT-COUNT-4: OpImageGather %v4float
float4 main(float2 uv : UV, int2 offset : OFFSET) : SV_Target {
  return tex.GatherRed(smp, uv, int2(1, 2), offset, offset, int2(7, 8));
}
