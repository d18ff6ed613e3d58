// An element of an array of ConstantBuffer<T> used as a T value is the
// block loaded and rebuilt member by member as a T of the function's layout.
// RUN: %hlsl2spirv -T vs_6_0 -E main -fcgl %s | FileCheck %s
// The CHECK lines pin the emitter's code (-fcgl); the optimized module of each
// such RUN line is validated by the RUN lines that follow.
// RUN: %hlsl2spirv -T vs_6_0 -E main %s

// CHECK: %type_ConstantBuffer_Draw = OpTypeStruct %mat4v4float %v4float
// CHECK: %Draw = OpTypeStruct %mat4v4float %v4float
// CHECK: [[p:%[0-9]+]] = OpAccessChain %_ptr_Uniform_type_ConstantBuffer_Draw %draws
// CHECK: [[b:%[0-9]+]] = OpLoad %type_ConstantBuffer_Draw [[p]]
// CHECK: [[m:%[0-9]+]] = OpCompositeExtract %mat4v4float [[b]] 0
// CHECK: [[t:%[0-9]+]] = OpCompositeExtract %v4float [[b]] 1
// CHECK: OpCompositeConstruct %Draw [[m]] [[t]]

struct Draw {
  float4x4 world;
  float4 tint;
};

ConstantBuffer<Draw> draws[8];

float4 shade(Draw d, float4 p) {
  return mul(d.world, p) * d.tint;
}

float4 main(float4 pos : POSITION, uint which : INDEX) : SV_Position {
  Draw d = draws[which];
  return shade(d, pos);
}
