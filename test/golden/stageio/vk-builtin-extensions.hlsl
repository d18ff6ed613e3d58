// [[vk::builtin]] built-ins declare their capability and extension when
// their variable is made, so extensions come in the order the built-ins
// are declared, as DXC lists them: DeviceIndex needs DeviceGroup and, before
// SPIR-V 1.3, SPV_KHR_device_group; SV_ViewID MultiView and
// SPV_KHR_multiview.
// RUN: %hlsl2spirv -T vs_6_1 -E main -fcgl %s | FileCheck %s
// RUN: %hlsl2spirv -T vs_6_1 -E main -fspv-target-env=vulkan1.1 %s | FileCheck %s --check-prefix=V11
// RUN: not %hlsl2spirv -T vs_6_1 -E main -fspv-extension=SPV_KHR_multiview -fspv-extension=SPV_KHR_shader_draw_parameters %s 2>&1 | FileCheck %s --check-prefix=DENIED

// CHECK:      OpCapability DeviceGroup
// CHECK:      OpExtension "SPV_KHR_shader_draw_parameters"
// CHECK-NEXT: OpExtension "SPV_KHR_device_group"
// CHECK-NEXT: OpExtension "SPV_KHR_multiview"
// CHECK:      OpDecorate {{%[0-9]+}} BuiltIn DeviceIndex

// V11:     OpCapability DeviceGroup
// V11-NOT: OpExtension "SPV_KHR_device_group"

// DENIED: :22:{{[0-9]+}}: error: SPIR-V extension 'SPV_KHR_device_group' required for DeviceIndex Builtin but not permitted to use

float4 main([[vk::builtin("BaseVertex")]] int baseVertex : A,
            [[vk::builtin("DeviceIndex")]] int device : C,
            uint view : SV_ViewID) : B {
  return baseVertex + device + view;
}
