// A brace initializer of a struct holding resources is read flattened, as
// HLSL reads one: a struct value or a nested list fills as many members as
// it has leaves, in order.
// RUN: %hlsl2spirv -fcgl -T ps_6_0 -E main %s | FileCheck %s
// RUN: %hlsl2spirv -T ps_6_0 -E main %s
// One vector spread over two members is not supported yet.
// RUN: not %hlsl2spirv -T ps_6_0 -E main -DSPREAD %s 2>&1 | FileCheck %s --check-prefix=ERR

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
  // ERR: :[[@LINE+1]]:20: error: this initializer of a struct holding resources is not supported yet
  Material m = {p, float2(2.0, 0.5), {noise}};
#else
  Material m = {p, 2.0, 0.5, {noise}};
#endif
  // CHECK: OpStore %m_scale %float_2
  // CHECK: OpStore %m_bias %float_0_5
  // CHECK: OpLoad %type_2d_image %albedo
  // CHECK: OpLoad %type_sampler %linearS
  // CHECK: OpLoad %type_2d_image %noise
  // CHECK: OpLoad %type_sampler %linearS
  return m.base.tex.Sample(m.base.smp, uv) * m.scale + m.bias + m.detail.Sample(m.base.smp, uv);
}
