// A function declared with [[vk::ext_instruction]] is that instruction:
// an opcode, or an extended instruction of a named set; its
// [[vk::ext_capability]] and [[vk::ext_extension]] come with the call, and
// a [[vk::ext_literal]] parameter takes its argument as a literal, and a
// parameter's default stands in for an argument left out.
// RUN: %hlsl2spirv -T cs_6_0 -E main -fspv-target-env=vulkan1.1 %s | FileCheck %s
// RUN: %hlsl2spirv -T cs_6_0 -E main -fspv-target-env=vulkan1.1 -fcgl %s | FileCheck %s --check-prefix=CGL

// CHECK: OpCapability ShaderClockKHR
// CHECK: OpExtension "SPV_KHR_shader_clock"
// CHECK: [[glsl:%[0-9]+]] = OpExtInstImport "GLSL.std.450"
// CHECK: {{%[0-9]+}} = OpReadClockKHR %v2uint %uint_3
// CHECK: {{%[0-9]+}} = OpExtInst %float [[glsl]] Sin {{%[0-9]+}}
// CHECK: {{%[0-9]+}} = OpGroupNonUniformBallotBitCount %uint %uint_3 Reduce {{%[0-9]+}}
// CHECK: {{%[0-9]+}} = OpReadClockKHR %v2uint %uint_1
// CGL: {{%[0-9]+}} = OpLoad %float %f Volatile|Aligned 16

[[vk::ext_capability(5055)]]
[[vk::ext_extension("SPV_KHR_shader_clock")]]
[[vk::ext_instruction(5056)]]
uint2 readClock(uint scope);

[[vk::ext_instruction(13, "GLSL.std.450")]]
float spvSin(float x);

[[vk::ext_capability(/* GroupNonUniformBallot */ 64)]]
[[vk::ext_instruction(/* OpGroupNonUniformBallotBitCount */ 342)]]
uint ballotCount(uint scope, [[vk::ext_literal]] uint op, uint4 ballot);

[[vk::ext_capability(5055)]]
[[vk::ext_extension("SPV_KHR_shader_clock")]]
[[vk::ext_instruction(5056)]]
uint2 readDeviceClock(uint scope = /* Device */ 1);

[[vk::ext_instruction(/* OpLoad */ 61)]]
float loadAligned([[vk::ext_reference]] float p, [[vk::ext_literal]] uint access = /* Volatile|Aligned */ 3,
                  [[vk::ext_literal]] uint alignment = 16);

RWStructuredBuffer<float> Out : register(u0);

[numthreads(1, 1, 1)]
void main() {
  uint2 t = readClock(3);
  Out[0] = spvSin(float(t.x)) + ballotCount(3, 0, uint4(1, 0, 0, 0));
  float f = float(readDeviceClock().x);
  Out[1] = loadAligned(f);
}
