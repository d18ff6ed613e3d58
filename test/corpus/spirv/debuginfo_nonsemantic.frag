// NonSemantic.Shader.DebugInfo.100 from glslang -gVS (with source).
// glslang: -gVS --target-env vulkan1.2
#version 450
layout(location = 0) in vec4 inColor;
layout(location = 0) out vec4 outColor;
struct Material { vec4 tint; float weight; };
layout(binding = 0) uniform U { Material m; int mode; } u;
float shade(float x, int mode) {
  float r = x;
  switch (mode) {
    case 0: r *= 2.0; break;
    case 1: r = sqrt(r); break;
    default: r = 0.0;
  }
  return r;
}
void main() {
  float w = shade(u.m.weight, u.mode);
  for (int i = 0; i < 3; i++) w += float(i) * 0.25;
  outColor = inColor * u.m.tint * w;
}
