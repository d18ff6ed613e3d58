// Tessellation evaluation: tessellation coordinates, spacing, winding.
#version 450
layout(triangles, fractional_odd_spacing, cw) in;
layout(location = 0) in vec3 inPos[];
layout(location = 1) patch in vec4 patchData;
layout(location = 0) out vec3 outPos;
void main() {
  vec3 p = gl_TessCoord.x * inPos[0] + gl_TessCoord.y * inPos[1] + gl_TessCoord.z * inPos[2];
  outPos = p;
  gl_Position = vec4(p, 1.0) * patchData + vec4(gl_TessLevelOuter[0]);
}
