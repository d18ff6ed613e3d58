// SV_ClipDistance and SV_CullDistance semantics pack into one float array
// per kind, in semantic index order, each taking its components.
// RUN: %hlsl2spirv -T vs_6_0 -E main %s | FileCheck %s

// CHECK: OpCapability ClipDistance
// CHECK: OpCapability CullDistance
// CHECK: OpDecorate %gl_ClipDistance BuiltIn ClipDistance
// CHECK: %gl_ClipDistance = OpVariable %_ptr_Output__arr_float_uint_3 Output
// CHECK: %gl_CullDistance = OpVariable %_ptr_Output__arr_float_uint_1 Output

struct VSOut {
  float4 pos : SV_Position;
  float clipB : SV_ClipDistance1;
  float2 clipA : SV_ClipDistance0;
  float cull : SV_CullDistance;
};

// SV_ClipDistance0 (2 floats) comes first, then SV_ClipDistance1 at 2.
// CHECK: [[b:%[0-9]+]] = OpCompositeExtract %float {{%[0-9]+}} 2
// CHECK: [[p:%[0-9]+]] = OpAccessChain %_ptr_Output_float %gl_ClipDistance %uint_2
// CHECK-NEXT: OpStore [[p]] [[b]]
VSOut main(float4 p : POSITION) {
  VSOut o;
  o.pos = p;
  o.clipB = p.z;
  o.clipA = p.xy;
  o.cull = p.w;
  return o;
}
