// A local texture or sampler variable is loaded where it is given its
// resource, as DXC's legalization leaves the load its code makes there,
// and each use reads that value: the sampler declared first is loaded
// first. When both arms of an if give the variable the same texture, each
// arm loads it, and a use after the join loads it again.
// RUN: %hlsl2spirv -T ps_6_0 -E main %s | FileCheck %s
// RUN: %hlsl2spirv -T ps_6_0 -E main -O0 %s | FileCheck %s --check-prefix=O0

Texture2D colors : register(t0);
Texture2D normals : register(t1);
SamplerState linearSmp : register(s0);

float4 main(float2 uv : UV, float pick : PICK) : SV_Target {
  SamplerState s = linearSmp;
  Texture2D t = colors;
  float4 r = t.Sample(s, uv);
  Texture2D n;
  if (pick > 0) {
    n = normals;
  } else {
    n = normals;
  }
  return r + n.Sample(s, uv);
}

// CHECK:      [[s:%[0-9]+]] = OpLoad %type_sampler %linearSmp
// CHECK-NEXT: [[t:%[0-9]+]] = OpLoad %type_2d_image %colors
// CHECK-NEXT: [[si:%[0-9]+]] = OpSampledImage %type_sampled_image [[t]] [[s]]
// CHECK:      [[n:%[0-9]+]] = OpLoad %type_2d_image %normals
// CHECK-NEXT: OpSampledImage %type_sampled_image [[n]] [[s]]

// At -O0 the module is legalized too, as DXC legalizes modules with local
// resource variables at every level: the arms' loads are dead.
// O0:      [[s:%[0-9]+]] = OpLoad %type_sampler %linearSmp
// O0-NEXT: [[t:%[0-9]+]] = OpLoad %type_2d_image %colors
// O0:      [[n:%[0-9]+]] = OpLoad %type_2d_image %normals
// O0-NEXT: OpSampledImage %type_sampled_image [[n]] [[s]]
