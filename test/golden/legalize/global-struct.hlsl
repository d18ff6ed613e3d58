// A global struct of textures and samplers becomes one variable per
// resource member, named struct.member (arrays of structs indexed flat);
// the struct takes one binding per resource it holds, and every resource
// array then takes one binding per element, as DXC does.
// RUN: %hlsl2spirv -T ps_6_0 -E main %s | FileCheck %s
// RUN: not %hlsl2spirv -T ps_6_0 -E main -DBUFFER %s 2>&1 | FileCheck %s --check-prefix=ERR

// CHECK-DAG: OpName %pair_tex "pair.tex"
// CHECK-DAG: OpName %pair_smp "pair.smp"
// CHECK-DAG: OpName %pairs_2__tex "pairs[2].tex"
// CHECK-DAG: OpName %pairs_3__smp "pairs[3].smp"

// CHECK-DAG: OpDecorate %many Binding 0
// CHECK-DAG: OpDecorate %pair_tex Binding 4
// CHECK-DAG: OpDecorate %pair_smp Binding 5
// CHECK-DAG: OpDecorate %pairs_2__tex Binding 10
// CHECK-DAG: OpDecorate %pairs_3__smp Binding 13
// CHECK-DAG: OpDecorate %after Binding 14

// descriptor-composite-scalar-replacement makes a member's variable where
// it first meets it: the sampler before the texture, as spirv-opt does.
// CHECK: %pair_smp = OpVariable %_ptr_UniformConstant_type_sampler UniformConstant
// CHECK: %pair_tex = OpVariable %_ptr_UniformConstant_type_2d_image UniformConstant

struct Pair {
  Texture2D tex;
  SamplerState smp;
#ifdef BUFFER
  // ERR: error: global structures containing buffers are not supported
  StructuredBuffer<float4> buf;
#endif
};

Texture2D many[4];
Pair pair;
Pair pairs[2][2];
Texture2D after;

float4 sampleIt(Pair p, float2 uv) { return p.tex.Sample(p.smp, uv); }

float4 main(float2 uv : TEXCOORD) : SV_Target {
// CHECK:      [[t:%[0-9]+]] = OpLoad %type_2d_image %pair_tex
// CHECK-NEXT: [[s:%[0-9]+]] = OpLoad %type_sampler %pair_smp
// CHECK:                      OpSampledImage %type_sampled_image [[t]] [[s]]
// CHECK:      [[t:%[0-9]+]] = OpLoad %type_2d_image %pairs_2__tex
// CHECK:      [[s:%[0-9]+]] = OpLoad %type_sampler %pairs_3__smp
// CHECK:                      OpSampledImage %type_sampled_image [[t]] [[s]]
  return sampleIt(pair, uv) + pairs[1][0].tex.Sample(pairs[1][1].smp, uv) + after.Sample(pair.smp, uv) + many[1].Sample(pair.smp, uv);
}
