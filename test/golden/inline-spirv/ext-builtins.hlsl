// [[vk::ext_builtin_input(N)]] and [[vk::ext_builtin_output(N)]] turn a
// static global into the Input or Output variable of built-in N (the
// argument may be any constant expression), listed in the entry point's
// interface, Flat when it is an integer pixel-shader input, and shared with
// the built-ins intrinsics read.
// RUN: %hlsl2spirv -T ps_6_0 -E main %s | FileCheck %s
// RUN: %hlsl2spirv -T ps_6_0 -E main -fspv-target-env=vulkan1.3 %s | FileCheck %s --check-prefix=V13
// RUN: %hlsl2spirv -T cs_6_0 -E csmain %s | FileCheck %s --check-prefix=CS

enum class BuiltIn { SampleId = 18, FragStencilRef = 5014, NumWorkgroups = 24 };

[[vk::ext_builtin_input(BuiltIn::SampleId)]]
static const int sampleIndex;

[[vk::ext_builtin_input(/* HelperInvocation */ 23)]]
static const bool isHelper;

[[vk::ext_extension("SPV_EXT_shader_stencil_export")]]
[[vk::ext_capability(/* StencilExportEXT */ 5013)]]
[[vk::ext_builtin_output(BuiltIn::FragStencilRef)]]
static int stencilRef;

void setStencil(out int value) { value = 7; }

// CHECK: OpCapability StencilExportEXT
// CHECK: OpExtension "SPV_EXT_shader_stencil_export"
// CHECK: OpEntryPoint Fragment %main "main" %gl_SampleID %gl_HelperInvocation [[stencil:%[0-9]+]] %out_var_SV_Target
// CHECK-DAG: OpDecorate %gl_SampleID BuiltIn SampleId
// CHECK-DAG: OpDecorate %gl_SampleID Flat
// CHECK-DAG: OpDecorate %gl_HelperInvocation BuiltIn HelperInvocation
// CHECK-DAG: OpDecorate [[stencil]] BuiltIn FragStencilRefEXT
// CHECK-DAG: %gl_SampleID = OpVariable %_ptr_Input_int Input
// CHECK-DAG: %gl_HelperInvocation = OpVariable %_ptr_Input_bool Input
// CHECK-DAG: [[stencil]] = OpVariable %_ptr_Output_int Output
// SPIR-V 1.6 makes HelperInvocation Volatile; IsHelperLane reads the same
// variable.
// V13: OpEntryPoint Fragment %main "main" %gl_SampleID %gl_HelperInvocation
// V13: OpDecorate %gl_HelperInvocation Volatile
// V13-NOT: BuiltIn HelperInvocation
float4 main() : SV_Target {
// CHECK: %main = OpFunction
// CHECK: OpLoad %int %gl_SampleID
  float4 color = float4(sampleIndex, 0, 0, 1);
// CHECK: OpLoad %bool %gl_HelperInvocation
  if (isHelper)
    color = 0;
// V13: OpLoad %bool %gl_HelperInvocation
  if (IsHelperLane())
    color.y = 1;
// CHECK: OpStore [[stencil]] %int_3
  stencilRef = 3;
// An out argument copies back into the built-in (the call inlined, the
// copy's temporary gone).
// CHECK: OpStore [[stencil]] %int_7
  setStencil(stencilRef);
  return color;
}

[[vk::ext_builtin_input(BuiltIn::NumWorkgroups)]]
static const uint3 groupCount;

RWStructuredBuffer<uint3> counts;

// The pixel shader's FragStencilRef output, declared with the file's
// globals as DXC declares it, stays in the interface as in DXC (dead-code
// elimination keeps outputs):
// CS: OpEntryPoint GLCompute %csmain "csmain" {{%[0-9]+}} %gl_NumWorkGroups %gl_GlobalInvocationID
// CS: OpDecorate %gl_NumWorkGroups BuiltIn NumWorkgroups
// CS-NOT: OpDecorate %gl_NumWorkGroups Flat
// CS: %gl_NumWorkGroups = OpVariable %_ptr_Input_v3uint Input
[numthreads(1, 1, 1)]
void csmain(uint3 id : SV_DispatchThreadID) {
// CS: OpLoad %v3uint %gl_NumWorkGroups
  counts[id.x] = groupCount;
}
