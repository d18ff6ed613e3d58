// Reading a mesh output, and compound assignments to one, go through the
// output's stage variable (DXC reads the parameter's temporary, which was
// never written).
// The CHECK lines pin the emitter's code (-fcgl), dead parts included, as
// DXC's own tests of it do; the optimized module is validated.
// RUN: %hlsl2spirv -T ms_6_5 -E main -fspv-target-env=vulkan1.2 -fcgl %s | FileCheck %s
// RUN: %hlsl2spirv -T ms_6_5 -E main -fspv-target-env=vulkan1.2 %s

struct V {
  float4 pos : SV_Position;
  float2 uv : TEXCOORD;
};

[outputtopology("triangle")]
[numthreads(4, 1, 1)]
void main(out vertices V verts[3], out indices uint3 tris[1], uint i : SV_GroupIndex) {
  SetMeshOutputCounts(3, 1);
// CHECK: OpSetMeshOutputsEXT
// CHECK: OpStore
  verts[i].pos = float4(1, 2, 3, 4);
// CHECK-NEXT: OpLoad %uint %i
// CHECK-NEXT: [[p:%[0-9]+]] = OpAccessChain %_ptr_Output_v4float %gl_Position {{%[0-9]+}}
// CHECK-NEXT: [[old:%[0-9]+]] = OpLoad %v4float [[p]]
// CHECK-NEXT: [[new:%[0-9]+]] = OpFAdd %v4float [[old]]
// CHECK-NEXT: OpStore [[p]] [[new]]
  verts[i].pos += float4(1, 1, 1, 1);
// CHECK: [[u:%[0-9]+]] = OpAccessChain %_ptr_Output_float %out_var_TEXCOORD {{%[0-9]+}} %uint_1
// CHECK-NEXT: OpLoad %float [[u]]
// CHECK-NEXT: OpFAdd
// CHECK-NEXT: OpStore [[u]]
  verts[i].uv[1]++;
// CHECK: [[q:%[0-9]+]] = OpAccessChain %_ptr_Output_v4float %gl_Position {{%[0-9]+}}
// CHECK-NEXT: [[v:%[0-9]+]] = OpLoad %v4float [[q]]
// CHECK-NEXT: OpStore %p [[v]]
  float4 p = verts[i].pos;
// CHECK: OpAccessChain %_ptr_Output_uint {{%[0-9]+}} %int_0 %uint_2
  tris[0] = uint3(0, 1, 2);
  tris[0].z = tris[0][0];
}
