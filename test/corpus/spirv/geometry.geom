// Geometry: input arrays, streams of primitives, built-ins.
#version 450
layout(triangles, invocations = 2) in;
layout(triangle_strip, max_vertices = 6) out;
layout(location = 0) in vec3 vNormal[];
layout(location = 0) out vec3 gNormal;
layout(location = 1) flat out int gLayer;
void main() {
  for (int k = 0; k < 2; ++k) {
    for (int i = 0; i < 3; ++i) {
      gl_Position = gl_in[i].gl_Position + vec4(float(k), 0.0, 0.0, 0.0);
      gNormal = vNormal[i];
      gLayer = gl_InvocationID;
      gl_Layer = gl_InvocationID;
      gl_PrimitiveID = gl_PrimitiveIDIn;
      EmitVertex();
    }
    EndPrimitive();
  }
}
