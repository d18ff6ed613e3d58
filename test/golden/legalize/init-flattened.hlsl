// A brace initializer of a struct holding resources is read flattened, as
// HLSL reads one: a struct value or a nested list fills as many members as
// it has leaves, in order.
// RUN: %hlsl2spirv -fcgl -T ps_6_0 -E main %s | FileCheck %s
// RUN: %hlsl2spirv -T ps_6_0 -E main %s
// One vector spread over two members gives each its component.
// RUN: %hlsl2spirv -fcgl -T ps_6_0 -E main -DSPREAD %s | FileCheck %s --check-prefix=SPREAD
// RUN: %hlsl2spirv -T ps_6_0 -E main -DSPREAD %s

struct Pair {
  Texture2D    tex;
  SamplerState smp;
};

struct Material {
  Pair      base;
  float     scale;
  float     bias;
  Texture2D detail;
};

Texture2D    albedo;
Texture2D    noise;
SamplerState linearS;

float4 main(float2 uv : UV) : SV_Target {
  Pair p = {albedo, linearS};
#ifdef SPREAD
  // SPREAD:      [[v:%[0-9]+]] = OpConstantComposite %v2float %float_2 %float_0_5
  // SPREAD:      OpLoad %Pair %p
  // SPREAD:      [[base:%[0-9]+]] = OpCompositeConstruct %Pair
  // SPREAD-NEXT: [[x:%[0-9]+]] = OpCompositeExtract %float [[v]] 0
  // SPREAD-NEXT: [[y:%[0-9]+]] = OpCompositeExtract %float [[v]] 1
  // SPREAD-NEXT: OpCompositeConstruct %Material [[base]] [[x]] [[y]]
  Material m = {p, float2(2.0, 0.5), {noise}};
#else
  Material m = {p, 2.0, 0.5, {noise}};
#endif
  // Under -fcgl the struct is built whole, as DXC's emitter does: the
  // struct value's members are extracted and the leaves rebuilt.
  // CHECK:      [[p:%[0-9]+]] = OpLoad %Pair %p
  // CHECK-NEXT: [[noise:%[0-9]+]] = OpLoad %type_2d_image %noise
  // CHECK-NEXT: [[tex:%[0-9]+]] = OpCompositeExtract %type_2d_image [[p]] 0
  // CHECK-NEXT: [[smp:%[0-9]+]] = OpCompositeExtract %type_sampler [[p]] 1
  // CHECK-NEXT: [[base:%[0-9]+]] = OpCompositeConstruct %Pair [[tex]] [[smp]]
  // CHECK-NEXT: [[m:%[0-9]+]] = OpCompositeConstruct %Material [[base]] %float_2 %float_0_5 [[noise]]
  // CHECK-NEXT: OpStore %m [[m]]
  return m.base.tex.Sample(m.base.smp, uv) * m.scale + m.bias + m.detail.Sample(m.base.smp, uv);
}
