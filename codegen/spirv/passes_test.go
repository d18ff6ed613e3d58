package spirv

import (
	"strings"
	"testing"

	"github.com/hlsl2spirv/hlsl2spirv/builder"
	"github.com/hlsl2spirv/hlsl2spirv/builder/asm"
	"github.com/hlsl2spirv/hlsl2spirv/builder/disasm"
	"github.com/hlsl2spirv/hlsl2spirv/builder/spv"
	"github.com/hlsl2spirv/hlsl2spirv/test/filecheck"
)

// The steps that run on the finished module are passes over a
// builder.Module; these tests give them SPIR-V assembly and match the
// disassembly of what they make of it, as the optimizer's tests do.

// checkPass assembles src, runs pass over it and matches the disassembly
// against the FileCheck directives in checks.
func checkPass(t *testing.T, src string, pass func(*builder.ModuleBuilder), checks string) {
	t.Helper()
	m, err := asm.Parse(src, asm.Options{})
	if err != nil {
		t.Fatalf("assembling the input: %v", err)
	}
	pass(builder.Edit(m))
	var w builder.WordSlice
	if err := builder.Serialize(m, &w); err != nil {
		t.Fatalf("serializing: %v", err)
	}
	text, err := disasm.Disassemble(w.Words)
	if err != nil {
		t.Fatal(err)
	}
	filecheck.Assert(t, checks, text, filecheck.Options{})
}

func TestWriteNoneImageOperands(t *testing.T) {
	checkPass(t, `OpCapability Shader
OpMemoryModel Logical GLSL450
OpEntryPoint Fragment %main "main"
OpExecutionMode %main OriginUpperLeft
OpName %tex "tex"
OpName %smp "smp"
%void = OpTypeVoid
%fn = OpTypeFunction %void
%float = OpTypeFloat 32
%int = OpTypeInt 32 1
%v2float = OpTypeVector %float 2
%v2int = OpTypeVector %int 2
%v4float = OpTypeVector %float 4
%float_0 = OpConstant %float 0
%int_0 = OpConstant %int 0
%coord = OpConstantComposite %v2float %float_0 %float_0
%icoord = OpConstantComposite %v2int %int_0 %int_0
%img = OpTypeImage %float 2D 0 0 0 1 Unknown
%si = OpTypeSampledImage %img
%sampler = OpTypeSampler
%_ptr_img = OpTypePointer UniformConstant %img
%_ptr_sampler = OpTypePointer UniformConstant %sampler
%tex = OpVariable %_ptr_img UniformConstant
%smp = OpVariable %_ptr_sampler UniformConstant
%main = OpFunction %void None %fn
%entry = OpLabel
%i = OpLoad %img %tex
%s = OpLoad %sampler %smp
%c = OpSampledImage %si %i %s
%a = OpImageSampleImplicitLod %v4float %c %coord
%b = OpImageSampleImplicitLod %v4float %c %coord Bias %float_0
%f = OpImageFetch %v4float %i %icoord
OpReturn
OpFunctionEnd
`, func(b *builder.ModuleBuilder) { writeNoneImageOperands(b.M) }, `
CHECK: OpImageSampleImplicitLod %v4float {{%[0-9]+}} {{%[0-9]+}} None
CHECK: OpImageSampleImplicitLod %v4float {{%[0-9]+}} {{%[0-9]+}} Bias %float_0
CHECK: OpImageFetch %v4float {{%[0-9]+}} {{%[0-9]+}} None
`)
}

// A variable or parameter holding a physical pointer needs an aliasing
// decoration: RestrictPointer unless one is there; other variables and
// non-Private globals get none.
func TestDecoratePointerVariables(t *testing.T) {
	checkPass(t, `OpCapability Shader
OpCapability PhysicalStorageBufferAddresses
OpExtension "SPV_KHR_physical_storage_buffer"
OpMemoryModel PhysicalStorageBuffer64 GLSL450
OpEntryPoint GLCompute %main "main"
OpExecutionMode %main LocalSize 1 1 1
OpName %p "p"
OpName %q "q"
OpName %arr "arr"
OpName %plain "plain"
OpName %priv "priv"
OpName %param "param"
OpDecorate %q AliasedPointer
%void = OpTypeVoid
%fn = OpTypeFunction %void
%float = OpTypeFloat 32
%uint = OpTypeInt 32 0
%uint_2 = OpConstant %uint 2
%_ptr_PSB_float = OpTypePointer PhysicalStorageBuffer %float
%arr_ptr = OpTypeArray %_ptr_PSB_float %uint_2
%_ptr_Function_psb = OpTypePointer Function %_ptr_PSB_float
%_ptr_Function_arr = OpTypePointer Function %arr_ptr
%_ptr_Function_float = OpTypePointer Function %float
%_ptr_Private_psb = OpTypePointer Private %_ptr_PSB_float
%fnp = OpTypeFunction %void %_ptr_Function_psb
%priv = OpVariable %_ptr_Private_psb Private
%main = OpFunction %void None %fn
%entry = OpLabel
%p = OpVariable %_ptr_Function_psb Function
%q = OpVariable %_ptr_Function_psb Function
%arr = OpVariable %_ptr_Function_arr Function
%plain = OpVariable %_ptr_Function_float Function
OpReturn
OpFunctionEnd
%callee = OpFunction %void None %fnp
%param = OpFunctionParameter %_ptr_Function_psb
%centry = OpLabel
OpReturn
OpFunctionEnd
`, decoratePointerVariables, `
CHECK-NOT: OpDecorate %plain
CHECK-DAG: OpDecorate %q AliasedPointer
CHECK-DAG: OpDecorate %param RestrictPointer
CHECK-DAG: OpDecorate %p RestrictPointer
CHECK-DAG: OpDecorate %arr RestrictPointer
CHECK-DAG: OpDecorate %priv RestrictPointer
CHECK-NOT: OpDecorate %q RestrictPointer
CHECK-NOT: OpDecorate %plain
CHECK: OpTypeVoid
`)
}

// memoryModule is a tessellation control shader reading a coherent
// storage buffer and a volatile one, with a Device-scope atomic and a
// control barrier, that writes an output. Upgraded, the coherent load is
// visible at QueueFamily scope (5), the atomic moves from Device to
// QueueFamily, and the barrier also orders Output memory (264|4096).
const memoryModule = `OpCapability Tessellation
OpMemoryModel Logical GLSL450
OpEntryPoint TessellationControl %main "main" %out
OpExecutionMode %main OutputVertices 3
OpName %coh "coh"
OpName %vol "vol"
OpName %out "out"
OpDecorate %coh Coherent
OpDecorate %vol Volatile
OpDecorate %S Block
OpMemberDecorate %S 0 Offset 0
OpDecorate %coh DescriptorSet 0
OpDecorate %coh Binding 0
OpDecorate %vol DescriptorSet 0
OpDecorate %vol Binding 1
OpDecorate %out Location 0
%void = OpTypeVoid
%fn = OpTypeFunction %void
%uint = OpTypeInt 32 0
%uint_0 = OpConstant %uint 0
%uint_1 = OpConstant %uint 1
%uint_2 = OpConstant %uint 2
%uint_264 = OpConstant %uint 264
%S = OpTypeStruct %uint
%_ptr_SB_S = OpTypePointer StorageBuffer %S
%_ptr_SB_uint = OpTypePointer StorageBuffer %uint
%_ptr_Output_uint = OpTypePointer Output %uint
%coh = OpVariable %_ptr_SB_S StorageBuffer
%vol = OpVariable %_ptr_SB_S StorageBuffer
%out = OpVariable %_ptr_Output_uint Output
%main = OpFunction %void None %fn
%entry = OpLabel
%pc = OpAccessChain %_ptr_SB_uint %coh %uint_0
%x = OpLoad %uint %pc
%pv = OpAccessChain %_ptr_SB_uint %vol %uint_0
OpStore %pv %x
%old = OpAtomicIAdd %uint %pc %uint_1 %uint_0 %uint_1
OpControlBarrier %uint_2 %uint_2 %uint_264
OpStore %out %old
OpReturn
OpFunctionEnd
`

func TestUpgradeMemoryModel(t *testing.T) {
	checkPass(t, memoryModule, func(b *builder.ModuleBuilder) { upgradeMemoryModel(b, true, spv.Version1_3) }, `
CHECK: OpCapability VulkanMemoryModel
CHECK: OpExtension "SPV_KHR_vulkan_memory_model"
CHECK: OpMemoryModel Logical Vulkan
CHECK-NOT: Coherent
CHECK-NOT: Volatile
CHECK: %uint_5 = OpConstant %uint 5
CHECK: %uint_4360 = OpConstant %uint 4360
CHECK: OpLoad %uint {{%[0-9]+}} MakePointerVisible|NonPrivatePointer %uint_5
CHECK: OpStore {{%[0-9]+}} {{%[0-9]+}} Volatile
CHECK: OpAtomicIAdd %uint {{%[0-9]+}} %uint_5 %uint_0 %uint_1
CHECK: OpControlBarrier %uint_2 %uint_2 %uint_4360
`)
	// from SPIR-V 1.5 the model is core: no extension
	checkPass(t, memoryModule, func(b *builder.ModuleBuilder) { upgradeMemoryModel(b, true, spv.Version1_5) }, `
CHECK-NOT: OpExtension
CHECK: OpMemoryModel Logical Vulkan
`)
	// not asked for, and no VulkanMemoryModel capability: unchanged
	checkPass(t, memoryModule, func(b *builder.ModuleBuilder) { upgradeMemoryModel(b, false, spv.Version1_3) }, `
CHECK: OpMemoryModel Logical GLSL450
CHECK: OpDecorate %coh Coherent
CHECK: OpLoad %uint {{%[0-9]+$}}
`)
}

// rayModule declares an acceleration structure, as a compute shader that
// passes one around would, with the capabilities a ray query module lacks.
const rayModule = `OpCapability Shader
OpMemoryModel Logical GLSL450
OpEntryPoint GLCompute %main "main"
OpExecutionMode %main LocalSize 1 1 1
%void = OpTypeVoid
%fn = OpTypeFunction %void
%accel = OpTypeAccelerationStructureKHR
%main = OpFunction %void None %fn
%entry = OpLabel
OpReturn
OpFunctionEnd
`

func TestDeclareRayCapabilities(t *testing.T) {
	declare := func(use rayUse) func(*builder.ModuleBuilder) {
		return func(b *builder.ModuleBuilder) { declareRayCapabilities(b, use) }
	}
	// an acceleration structure outside ray tracing: a ray query module
	checkPass(t, rayModule, declare(rayUse{queryAllowed: true}), `
CHECK: OpCapability RayQueryKHR
CHECK-NOT: OpCapability RayTracing
CHECK: OpExtension "SPV_KHR_ray_query"
CHECK-NOT: OpExtension
`)
	// ray queries not allowed: ray tracing's capability instead
	checkPass(t, rayModule, declare(rayUse{}), `
CHECK-NOT: RayQuery
CHECK: OpCapability RayTracingKHR
CHECK: OpExtension "SPV_KHR_ray_tracing"
`)
	// a ray tracing stage: RayQueryKHR is declared while ray queries are
	// allowed (trim-capabilities removes it when nothing needs it), with
	// the NV extension named only RayTracingNV
	checkPass(t, rayModule, declare(rayUse{tracing: true, queryAllowed: true}), `
CHECK: OpCapability RayQueryKHR
CHECK: OpCapability RayTracingKHR
CHECK: OpExtension "SPV_KHR_ray_query"
CHECK: OpExtension "SPV_KHR_ray_tracing"
`)
	checkPass(t, rayModule, declare(rayUse{tracing: true, nv: true}), `
CHECK-NOT: RayQuery
CHECK: OpCapability RayTracingNV
CHECK: OpExtension "SPV_NV_ray_tracing"
`)
	// nothing of ray tracing: nothing declared
	checkPass(t, strings.Replace(rayModule, "%accel = OpTypeAccelerationStructureKHR\n", "", 1), declare(rayUse{queryAllowed: true}), `
CHECK-NOT: Ray
CHECK: OpMemoryModel
`)
}
