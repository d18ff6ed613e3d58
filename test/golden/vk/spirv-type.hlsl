// Inline SPIR-V types: vk::SpirvType<opcode, size, alignment, operands...>
// and vk::SpirvOpaqueType<opcode, operands...> are the type instruction
// itself, named spirvIntrinsicType and emitted once per distinct type.
// vk::Literal<vk::integral_constant<T, v>> is a literal operand,
// vk::integral_constant<T, v> a constant, a type its id. They are data:
// local and static variables of them are ordinary variables, and
// vk::RawBufferLoad reads them. [[vk::ext_capability]] on a variable or
// the entry point declares the capability.
// The CHECK lines pin the emitter's code (-fcgl), dead parts included, as
// DXC's own tests of it do; the optimized module is validated.
// RUN: %hlsl2spirv -T ps_6_0 -E main -fspv-target-env=vulkan1.2 -fcgl %s | FileCheck %s
// RUN: %hlsl2spirv -T ps_6_0 -E main -fspv-target-env=vulkan1.2 %s

// CHECK-DAG: OpCapability Int8
// CHECK-DAG: OpCapability Int16
// CHECK-DAG: %spirvIntrinsicType = OpTypeInt 8 0
// CHECK-DAG: %spirvIntrinsicType_0 = OpTypeInt 16 1
// CHECK-DAG: %_arr_spirvIntrinsicType_uint_4 = OpTypeArray %spirvIntrinsicType %uint_4
// CHECK: %bytes = OpVariable %_ptr_Function__arr_spirvIntrinsicType_uint_4 Function
// CHECK: %other = OpVariable %_ptr_Function__arr_spirvIntrinsicType_uint_4 Function
// CHECK: [[p:%[0-9]+]] = OpBitcast %_ptr_PhysicalStorageBuffer_spirvIntrinsicType_0
// CHECK: OpLoad %spirvIntrinsicType_0 [[p]] Aligned 4

using byte_t [[vk::ext_capability(/* Int8 */ 39)]] =
    vk::SpirvType</* OpTypeInt */ 21, 1, 1, vk::Literal<vk::integral_constant<uint, 8> >,
                  vk::Literal<vk::integral_constant<bool, false> > >;
typedef vk::SpirvType</* OpTypeInt */ 21, 2, 2, vk::Literal<vk::integral_constant<uint, 16> >,
                      vk::Literal<vk::integral_constant<uint, 1> > > short_t;

uint64_t address;

[[vk::ext_capability(/* Int16 */ 22)]]
float4 main() : SV_Target {
  byte_t bytes[4];
  byte_t other[4];
  other = bytes;
  short_t s = vk::RawBufferLoad<short_t>(address);
  return 1;
}
