// A gather with four offsets: constant offsets are one OpImageGather with
// ConstOffsets; if any is not a constant, four gathers, each with its own
// Offset, give texel i from gather i, as DXC does (ImageGatherExtended).
// RUN: %hlsl2spirv -T ps_6_0 -E main -fcgl %s | FileCheck %s
// The CHECK lines pin the emitter's code (-fcgl); the optimized module of each
// such RUN line is validated by the RUN lines that follow.
// RUN: %hlsl2spirv -T ps_6_0 -E main %s

// CHECK: OpCapability ImageGatherExtended
// CHECK: [[offs:%[0-9]+]] = OpConstantComposite %_arr_v2int_uint_4
// CHECK: OpImageGather %v4float {{%[0-9]+}} {{%[0-9]+}} %int_0 ConstOffsets [[offs]]
// CHECK: [[g0:%[0-9]+]] = OpImageGather %v4float {{%[0-9]+}} {{%[0-9]+}} %int_1 Offset
// CHECK: [[t0:%[0-9]+]] = OpCompositeExtract %float [[g0]] 0
// CHECK: [[g1:%[0-9]+]] = OpImageGather %v4float {{%[0-9]+}} {{%[0-9]+}} %int_1 Offset
// CHECK: [[t1:%[0-9]+]] = OpCompositeExtract %float [[g1]] 1
// CHECK: [[g2:%[0-9]+]] = OpImageGather %v4float {{%[0-9]+}} {{%[0-9]+}} %int_1 Offset
// CHECK: [[t2:%[0-9]+]] = OpCompositeExtract %float [[g2]] 2
// CHECK: [[g3:%[0-9]+]] = OpImageGather %v4float {{%[0-9]+}} {{%[0-9]+}} %int_1 Offset
// CHECK: [[t3:%[0-9]+]] = OpCompositeExtract %float [[g3]] 3
// CHECK: OpCompositeConstruct %v4float [[t0]] [[t1]] [[t2]] [[t3]]

Texture2D<float4> tex;
SamplerState smp;

float4 main(float2 uv : UV, int2 off : OFF) : SV_Target {
  float4 a = tex.GatherRed(smp, uv, int2(0, 1), int2(1, 0), int2(-1, 0), int2(0, -1));
  float4 b = tex.GatherGreen(smp, uv, int2(1, 1), off, off, int2(2, 2));
  return a + b;
}
