// An empty struct takes no elements of a brace list: it is built from
// nothing (OpCompositeConstruct with no constituents), and the elements go
// to the members after it.
// RUN: %hlsl2spirv -T ps_6_0 -E main -HV 2021 -fcgl %s | FileCheck %s
// The CHECK lines pin the emitter's code (-fcgl); the optimized module of each
// such RUN line is validated by the RUN lines that follow.
// RUN: %hlsl2spirv -T ps_6_0 -E main -HV 2021 %s

// CHECK: [[e:%[0-9]+]] = OpCompositeConstruct %Empty{{$}}
// CHECK: OpCompositeConstruct %Holder %float_2 [[e]] %float_3

struct Empty {};

struct Holder {
  float a;
  Empty nothing;
  float b;
};

float4 main() : SV_Target {
  Holder h = { 2, 3 };
  return h.a + h.b;
}
