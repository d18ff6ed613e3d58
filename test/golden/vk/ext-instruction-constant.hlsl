// [[vk::ext_instruction]] with a constant-creating opcode (OpConstant)
// makes a constant in the global section, where SPIR-V requires it, not an
// instruction in the function.
// RUN: %hlsl2spirv -fcgl -T cs_6_0 -E main %s | FileCheck %s
// RUN: %hlsl2spirv -T cs_6_0 -E main %s

// CHECK: %spirvIntrinsicType = OpTypeInt 8 0
// CHECK: [[k:%[a-zA-Z0-9_]+]] = OpConstant %spirvIntrinsicType 42
// CHECK: %main = OpFunction

using uint8_t [[vk::ext_capability(/* Int8 */ 39)]] =
    vk::SpirvType</* OpTypeInt */ 21, 1, 1, vk::Literal<vk::integral_constant<uint, 8> >,
                  vk::Literal<vk::integral_constant<bool, false> > >;

[[vk::ext_instruction(/* OpConstant */ 43)]] uint8_t make_byte([[vk::ext_literal]] int v);

static const uint8_t K = make_byte(42);

[numthreads(1, 1, 1)]
void main() {
  uint8_t copy = K;
}
