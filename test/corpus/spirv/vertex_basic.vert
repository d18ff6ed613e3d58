// Vertex: built-ins, uniform matrices, output blocks, arrays of structs.
#version 450
layout(location = 0) in vec3 inPos;
layout(location = 1) in vec3 inNormal;
layout(location = 2) in vec2 inUV;
layout(location = 3) in ivec4 inJoints;
struct Light { vec4 position; vec4 color; };
layout(set = 0, binding = 0) uniform Camera { mat4 view; mat4 proj; mat3 normalMat; Light lights[4]; } cam;
layout(set = 1, binding = 0) readonly buffer Bones { mat4 bones[]; };
layout(location = 0) out VertexOut { vec3 normal; vec2 uv; flat int id; } vout;
layout(location = 4) out float fog;
out gl_PerVertex { vec4 gl_Position; float gl_PointSize; float gl_ClipDistance[2]; };
void main() {
  mat4 skin = bones[inJoints.x] * 0.5 + bones[inJoints.y] * 0.5;
  vec4 world = skin * vec4(inPos, 1.0);
  gl_Position = cam.proj * cam.view * world;
  gl_PointSize = 1.5;
  gl_ClipDistance[0] = dot(world, vec4(0, 1, 0, 0));
  gl_ClipDistance[1] = -world.y;
  vout.normal = cam.normalMat * inNormal;
  vout.uv = inUV;
  vout.id = gl_VertexIndex + gl_InstanceIndex;
  fog = length(cam.lights[gl_VertexIndex & 3].position.xyz - world.xyz);
}
