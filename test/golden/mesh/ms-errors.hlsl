// Misuse of mesh outputs and of the mesh intrinsics is reported, with
// what DXC says where DXC reports it.
// RUN: not %hlsl2spirv -T ms_6_5 -E main -DCOMPOUND %s 2>&1 | FileCheck %s --check-prefix=COMPOUND
// RUN: not %hlsl2spirv -T ms_6_5 -E main -DDISPATCH %s 2>&1 | FileCheck %s --check-prefix=DISPATCH
// RUN: not %hlsl2spirv -T ms_6_5 -E main -DEXT10 -fspv-extension=SPV_EXT_mesh_shader %s 2>&1 | FileCheck %s --check-prefix=EXT10

struct Vertex {
  float4 pos : SV_Position;
};

struct Payload {
  float4 pos;
};

groupshared Payload pld;

[outputtopology("point")]
[numthreads(1, 1, 1)]
void main(out vertices Vertex verts[1], out indices uint points[1]) {
  SetMeshOutputCounts(1, 1);
  verts[0].pos = float4(0, 0, 0, 1);
  points[0] = 0;
#ifdef COMPOUND
// COMPOUND: ms-errors.hlsl:[[@LINE+1]]:3: error: a compound assignment to a mesh shader output is not supported yet by the SPIR-V backend
  points[0] += 1;
#endif
#ifdef DISPATCH
// DISPATCH: error: DispatchMesh is only allowed in amplification shaders
  DispatchMesh(1, 1, 1, pld);
#endif
}
// EXT10: error: SPV_EXT_mesh_shader requires SPIR-V 1.4 or later
