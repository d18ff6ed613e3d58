// Closest hit (GL_EXT_ray_tracing): hit attributes and built-ins.
// glslang: --target-env vulkan1.2
#version 460
#extension GL_EXT_ray_tracing : require
layout(location = 0) rayPayloadInEXT vec3 payload;
hitAttributeEXT vec2 bary;
void main() {
  payload = vec3(1.0 - bary.x - bary.y, bary.x, bary.y) * gl_HitTEXT
          + vec3(float(gl_PrimitiveID + gl_InstanceCustomIndexEXT + int(gl_HitKindEXT)))
          + gl_WorldRayOriginEXT + gl_ObjectToWorldEXT[0];
}
