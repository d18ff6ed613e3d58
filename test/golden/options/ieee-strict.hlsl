// -Gis: every arithmetic instruction is NoContraction and the entry point
// preserves signed zeros, infinities and NaNs of 32-bit floats
// (SPV_KHR_float_controls before SPIR-V 1.4).
// RUN: %hlsl2spirv -T ps_6_0 -E main -Gis %s | FileCheck %s
// RUN: %hlsl2spirv -T ps_6_0 -E main -Gis -fspv-target-env=vulkan1.2 %s | FileCheck %s --check-prefix=VK12

// CHECK:      OpCapability SignedZeroInfNanPreserve
// CHECK:      OpExtension "SPV_KHR_float_controls"
// CHECK:      OpExecutionMode %main SignedZeroInfNanPreserve 32
// CHECK:      OpDecorate [[mul:%[0-9]+]] NoContraction
// CHECK-NEXT: OpDecorate [[add:%[0-9]+]] NoContraction
// CHECK:      [[mul]] = OpVectorTimesScalar %v4float
// CHECK:      [[add]] = OpFAdd %v4float
// VK12-NOT:   OpExtension "SPV_KHR_float_controls"
// VK12:       OpExecutionMode %main SignedZeroInfNanPreserve 32

float4 v;
float4 main() : SV_Target {
  return 3 * v + v;
}
