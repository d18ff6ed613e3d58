// Tessellation control: patch outputs, tessellation levels, barriers.
#version 450
layout(vertices = 3) out;
layout(location = 0) in vec3 inPos[];
layout(location = 0) out vec3 outPos[];
layout(location = 1) patch out vec4 patchData;
void main() {
  outPos[gl_InvocationID] = inPos[gl_InvocationID];
  if (gl_InvocationID == 0) {
    gl_TessLevelInner[0] = 4.0;
    gl_TessLevelOuter[0] = 2.0;
    gl_TessLevelOuter[1] = 3.0;
    gl_TessLevelOuter[2] = float(gl_PatchVerticesIn);
    patchData = vec4(gl_PrimitiveID);
  }
  barrier();
}
