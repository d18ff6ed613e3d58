// [WaveOpsIncludeHelperLanes] on a pixel shader: wave operations also see
// the helper invocations, so the entry point asks for full quads and
// maximal reconvergence (SPV_KHR_quad_control and
// SPV_KHR_maximal_reconvergence), as DXC writes it. In a library only the
// marked pixel entry points get the modes. (-Vd: the spirv-val of Debian's
// spirv-tools 2023.1 predates both extensions.)
// RUN: %hlsl2spirv -T ps_6_7 -fspv-target-env=vulkan1.1 -E marked -Vd %s | FileCheck %s
// RUN: %hlsl2spirv -T ps_6_7 -fspv-target-env=vulkan1.1 -E marked -Vd -fspv-enable-maximal-reconvergence %s | FileCheck %s
// RUN: %hlsl2spirv -T ps_6_7 -fspv-target-env=vulkan1.1 -E plain -Vd %s | FileCheck %s --check-prefix=PLAIN
// RUN: %hlsl2spirv -T lib_6_7 -fspv-target-env=vulkan1.1 -Vd %s | FileCheck %s --check-prefix=LIB

// CHECK:      OpCapability QuadControlKHR
// CHECK-DAG:  OpExtension "SPV_KHR_maximal_reconvergence"
// CHECK-DAG:  OpExtension "SPV_KHR_quad_control"
// CHECK-DAG:  OpExecutionMode %marked MaximallyReconvergesKHR
// CHECK-DAG:  OpExecutionMode %marked RequireFullQuadsKHR
// CHECK-NOT:  MaximallyReconvergesKHR

// PLAIN-NOT:  QuadControlKHR
// PLAIN-NOT:  RequireFullQuadsKHR

// LIB:        OpExecutionMode %marked RequireFullQuadsKHR
// LIB-NOT:    OpExecutionMode %plain RequireFullQuadsKHR

[WaveOpsIncludeHelperLanes]
[shader("pixel")]
float4 marked(float4 c : COLOR) : SV_Target {
  return WaveActiveSum(c);
}

[shader("pixel")]
float4 plain(float4 c : COLOR) : SV_Target {
  return WaveActiveSum(c);
}
