// A [[vk::builtin("HelperInvocation")]] input before SPIR-V 1.6 is not a
// stage variable: as DXC, a Private bool that module.init (called first by
// the entry point) fills with OpIsHelperInvocationEXT, since the built-in
// input is not Volatile there though a demote can change it. From SPIR-V
// 1.6 (Vulkan 1.3) it is the built-in input.
// RUN: %hlsl2spirv -T ps_6_0 -E main -fcgl %s | FileCheck %s
// RUN: %hlsl2spirv -T ps_6_0 -E main %s | FileCheck %s --check-prefix=OPT
// RUN: %hlsl2spirv -T ps_6_0 -E main -fspv-target-env=vulkan1.3 %s | FileCheck %s --check-prefix=VK13

// CHECK-NOT:  BuiltIn HelperInvocation
// CHECK:      %HelperInvocation = OpVariable %_ptr_Private_bool Private
// CHECK:      %main = OpFunction
// CHECK-NEXT: OpLabel
// CHECK:      OpFunctionCall %void %module_init
// CHECK:      [[v:%[0-9]+]] = OpLoad %bool %HelperInvocation
// CHECK-NEXT: OpStore %param_var_helper [[v]]
// CHECK:      %module_init = OpFunction %void None
// CHECK-NEXT: %module_init_bb = OpLabel
// CHECK-NEXT: [[h:%[0-9]+]] = OpIsHelperInvocationEXT %bool
// CHECK-NEXT: OpStore %HelperInvocation [[h]]

// OPT: OpCapability DemoteToHelperInvocation
// OPT: OpExtension "SPV_EXT_demote_to_helper_invocation"
// OPT: OpIsHelperInvocationEXT %bool

// VK13: OpDecorate %gl_HelperInvocation BuiltIn HelperInvocation
// VK13: %gl_HelperInvocation = OpVariable %_ptr_Input_bool Input

float4 main([[vk::builtin("HelperInvocation")]] bool helper : HI) : SV_Target {
  return helper ? 2.0 : 1.0;
}
