// SV_CullPrimitive is a built-in of SPV_EXT_mesh_shader only; below SPIR-V
// 1.4 mesh shaders use SPV_NV_mesh_shader, and the module declared both
// extensions (spirv-val rejects EXT below 1.4). It is an error there.
// RUN: not %hlsl2spirv -T ms_6_5 -E main %s 2>&1 | FileCheck %s --check-prefix=NV
// RUN: %hlsl2spirv -T ms_6_5 -E main -fspv-target-env=vulkan1.1spirv1.4 %s | FileCheck %s

// NV: error: SV_CullPrimitive needs SPV_EXT_mesh_shader, which requires SPIR-V 1.4 or later (-fspv-target-env=vulkan1.1spirv1.4 or above)
// CHECK-NOT: SPV_NV_mesh_shader
// CHECK: OpExtension "SPV_EXT_mesh_shader"
// CHECK: OpDecorate {{%[0-9]+}} BuiltIn CullPrimitiveEXT
struct V { float4 pos : SV_Position; };
struct P { bool cull : SV_CullPrimitive; };
[outputtopology("triangle")] [numthreads(1, 1, 1)]
void main(out vertices V verts[3], out indices uint3 tris[1], out primitives P prims[1]) {
  SetMeshOutputCounts(3, 1);
  verts[0].pos = 0; verts[1].pos = 1; verts[2].pos = 2;
  tris[0] = uint3(0, 1, 2);
  prims[0].cull = false;
}
