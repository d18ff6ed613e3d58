// 8/16/64-bit integers, halves and doubles from
// GL_EXT_shader_explicit_arithmetic_types.
// glslang: --target-env vulkan1.2
#version 450
#extension GL_EXT_shader_explicit_arithmetic_types : require
layout(local_size_x = 1) in;
layout(std430, binding = 0) buffer B {
  int64_t i64; uint64_t u64; double d; float16_t h; int16_t s; uint8_t b; int8_t c;
  f16vec4 hv; dvec3 dv; i64vec2 lv;
} buf;
void main() {
  buf.i64 = buf.i64 * -3l + 9223372036854775807l;
  buf.u64 = buf.u64 ^ 0xFFFFFFFF00000000ul;
  buf.d = buf.d * 0.1lf + 1e-300lf - 2.5e300lf;
  buf.h = buf.h * float16_t(0.333) + float16_t(-65504.0);
  buf.s = buf.s - int16_t(-32768);
  buf.b = buf.b + uint8_t(200);
  buf.c = int8_t(-100);
  buf.hv = buf.hv * float16_t(1.5) + f16vec4(0.0hf, -0.0hf, 1.0hf, 0.0009765625hf);
  buf.dv = sqrt(buf.dv) * 3.14159265358979323846lf;
  buf.lv = buf.lv >> 3;
  if (buf.d != buf.d) buf.d = 1.0lf / 0.0lf;
}
