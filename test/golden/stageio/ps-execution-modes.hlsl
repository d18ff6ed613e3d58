// Pixel shader entry attributes that set execution modes, with the
// capabilities and extensions they need.
// RUN: %hlsl2spirv -T ps_6_0 -E main -DEARLY %s | FileCheck %s --check-prefix=EARLY
// RUN: %hlsl2spirv -T ps_6_0 -E main -DPOSTDEPTH %s | FileCheck %s --check-prefix=POSTDEPTH
// RUN: %hlsl2spirv -T ps_6_0 -E main -DAMD %s | FileCheck %s --check-prefix=AMD
// RUN: not %hlsl2spirv -T ps_6_0 -E main -DTWO_FRONT %s 2>&1 | FileCheck %s --check-prefix=TWO

// EARLY: OpExecutionMode %main OriginUpperLeft
// EARLY-NEXT: OpExecutionMode %main EarlyFragmentTests
#ifdef EARLY
[earlydepthstencil]
#endif

// POSTDEPTH: OpCapability SampleMaskPostDepthCoverage
// POSTDEPTH: OpExtension "SPV_KHR_post_depth_coverage"
// POSTDEPTH: OpExecutionMode %main PostDepthCoverage
#ifdef POSTDEPTH
[[vk::post_depth_coverage]]
#endif

// AMD: OpExtension "SPV_AMD_shader_early_and_late_fragment_tests"
// AMD-DAG: OpExecutionMode %main EarlyAndLateFragmentTestsAMD
// AMD-DAG: OpExecutionMode %main DepthUnchanged
// AMD-DAG: OpExecutionMode %main StencilRefGreaterFrontAMD
// AMD-DAG: OpExecutionMode %main StencilRefUnchangedBackAMD
#ifdef AMD
[[vk::early_and_late_tests]]
[[vk::depth_unchanged]]
[[vk::stencil_ref_greater_equal_front]]
[[vk::stencil_ref_unchanged_back]]
#endif

// TWO: error: Shaders must not specify more than one of stencil_ref_unchanged_front, stencil_ref_greater_equal_front, and stencil_ref_less_equal_front.
#ifdef TWO_FRONT
[[vk::stencil_ref_unchanged_front]]
[[vk::stencil_ref_less_equal_front]]
#endif
float4 main(float4 color : COLOR) : SV_Target {
  return color;
}
