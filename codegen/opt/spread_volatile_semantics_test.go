package opt

import (
	"strings"
	"testing"
)

// volatileModule has a ray-generation and a compute entry point sharing
// the SubgroupSize built-in %ss, each loading it (through a copy in the
// ray-generation shader); extra text goes before OpMemoryModel.
func volatileModule(caps, memoryModel string) string {
	return `; Version: 1.4
OpCapability Shader
OpCapability RayTracingKHR
OpCapability GroupNonUniform
` + caps + `OpExtension "SPV_KHR_ray_tracing"
OpMemoryModel Logical ` + memoryModel + `
OpEntryPoint RayGenerationKHR %rgen "rgen" %ss
OpEntryPoint GLCompute %cs "cs" %ss
OpExecutionMode %cs LocalSize 1 1 1
OpName %ss "ss"
OpDecorate %ss BuiltIn SubgroupSize
%void = OpTypeVoid
%fn = OpTypeFunction %void
%uint = OpTypeInt 32 0
%_ptr_Input_uint = OpTypePointer Input %uint
%ss = OpVariable %_ptr_Input_uint Input
%rgen = OpFunction %void None %fn
%r0 = OpLabel
%cp = OpCopyObject %_ptr_Input_uint %ss
%a = OpLoad %uint %cp
OpReturn
OpFunctionEnd
%cs = OpFunction %void None %fn
%c0 = OpLabel
%b = OpLoad %uint %ss
OpReturn
OpFunctionEnd
`
}

func TestSpreadVolatileSemanticsDecorates(t *testing.T) {
	// GLSL450: the variable is decorated; the compute shader's load is
	// made volatile by hand so that the entry points do not conflict.
	src := strings.Replace(volatileModule("", "GLSL450"), "%b = OpLoad %uint %ss", "%b = OpLoad %uint %ss Volatile", 1)
	checkValid(t, src, lines(
		"CHECK: OpDecorate %ss BuiltIn SubgroupSize",
		"CHECK-NEXT: OpDecorate %ss Volatile",
		"CHECK: %a = OpLoad %uint %cp{{$}}",
	), "spread-volatile-semantics")
}

func TestSpreadVolatileSemanticsShared(t *testing.T) {
	// The compute shader reads the same variable without Volatile, where
	// spirv-opt gives up ("a target for Volatile semantics for an entry
	// point, but it is not for another"): the decoration serves both.
	checkValid(t, volatileModule("", "GLSL450"), lines(
		"CHECK: OpDecorate %ss Volatile",
		"CHECK: %b = OpLoad %uint %ss{{$}}",
	), "spread-volatile-semantics")
}

func TestSpreadVolatileSemanticsVulkanMemoryModel(t *testing.T) {
	// Under the Vulkan memory model the ray-generation shader's load gets
	// the Volatile operand; the compute shader's stays as it is.
	src := volatileModule("OpCapability VulkanMemoryModel\n", "Vulkan")
	src = strings.Replace(src, `OpExtension "SPV_KHR_ray_tracing"`, `OpExtension "SPV_KHR_ray_tracing"
OpExtension "SPV_KHR_vulkan_memory_model"`, 1)
	checkValid(t, strings.Replace(src, "; Version: 1.4", "; Version: 1.5", 1), lines(
		"CHECK-NOT: OpDecorate %ss Volatile",
		"CHECK: %a = OpLoad %uint %cp Volatile",
		"CHECK: %b = OpLoad %uint %ss{{$}}",
	), "spread-volatile-semantics")
}

func TestSpreadVolatileSemanticsHelperInvocation(t *testing.T) {
	// HelperInvocation is a target from SPIR-V 1.6 only.
	frag := func(version string) string {
		return `; Version: ` + version + `
OpCapability Shader
OpMemoryModel Logical GLSL450
OpEntryPoint Fragment %main "main" %h
OpExecutionMode %main OriginUpperLeft
OpDecorate %h BuiltIn HelperInvocation
%void = OpTypeVoid
%fn = OpTypeFunction %void
%bool = OpTypeBool
%_ptr_Input_bool = OpTypePointer Input %bool
%h = OpVariable %_ptr_Input_bool Input
%main = OpFunction %void None %fn
%e = OpLabel
%x = OpLoad %bool %h
OpReturn
OpFunctionEnd
`
	}
	checkValid(t, frag("1.6"), "CHECK: OpDecorate %h Volatile\n", "spread-volatile-semantics")
	checkValid(t, frag("1.5"), "CHECK-NOT: Volatile\n", "spread-volatile-semantics")
}

func BenchmarkSpreadVolatileSemantics(b *testing.B) { benchPass(b, "spread-volatile-semantics") }
