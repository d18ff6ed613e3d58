// Fragment: textures of many kinds, fetches, gathers, explicit LOD and
// gradients, shadow compares, derivatives, discard; with debug lines (-g).
// glslang: -g
#version 450
layout(location = 0) in vec2 uv;
layout(location = 1) in vec3 dir;
layout(location = 0) out vec4 color;
layout(location = 1) out float depthOut;
layout(set = 0, binding = 0) uniform sampler2D albedo;
layout(set = 0, binding = 1) uniform samplerCube env;
layout(set = 0, binding = 2) uniform sampler2DShadow shadow;
layout(set = 0, binding = 3) uniform sampler2DArray layers;
layout(set = 0, binding = 4) uniform sampler3D volume;
layout(set = 0, binding = 5) uniform texture2D sepTex;
layout(set = 0, binding = 6) uniform sampler sepSampler;
layout(set = 0, binding = 7, rgba8) uniform readonly image2D img;
layout(set = 0, binding = 8) uniform isampler2D ints;
layout(set = 0, binding = 9) uniform samplerBuffer texels;
layout(set = 0, binding = 10) uniform sampler2DMS msaa;
void main() {
  vec4 a = texture(albedo, uv);
  a += texture(albedo, uv, 0.5);
  a += textureLod(env, dir, 2.0);
  a += textureGrad(albedo, uv, dFdx(uv), dFdy(uv));
  a += textureOffset(albedo, uv, ivec2(1, -1));
  a += textureGather(albedo, uv, 2);
  a += textureGatherOffsets(albedo, uv, ivec2[4](ivec2(0), ivec2(1), ivec2(2), ivec2(3)));
  a += texelFetch(albedo, ivec2(gl_FragCoord.xy), 0);
  a += texture(layers, vec3(uv, 1.0));
  a += texture(volume, dir);
  a += texture(sampler2D(sepTex, sepSampler), uv);
  a += imageLoad(img, ivec2(3, 4));
  a += vec4(texelFetch(ints, ivec2(0), 1));
  a += texelFetch(texels, 7);
  a += texelFetch(msaa, ivec2(1), gl_SampleID);
  float s = texture(shadow, vec3(uv, 0.5));
  a *= s * fwidth(uv.x);
  a.xy += vec2(textureSize(albedo, 0)) + textureQueryLod(albedo, uv);
  if (a.w < 0.01) discard;
  color = a;
  depthOut = gl_FragCoord.z;
}
