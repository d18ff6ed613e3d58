package opt

import (
	"strings"
	"testing"
)

func TestTrimCapabilitiesWidthsAndMinLod(t *testing.T) {
	src := `OpCapability Shader
OpCapability Float64
OpCapability Int64
OpCapability Int16
OpCapability Float16
OpCapability MinLod
OpCapability Geometry
OpCapability ImageMSArray
%glsl = OpExtInstImport "GLSL.std.450"
OpMemoryModel Logical GLSL450
OpEntryPoint Fragment %main "main" %out
OpExecutionMode %main OriginUpperLeft
OpDecorate %out Location 0
OpDecorate %tex DescriptorSet 0
OpDecorate %tex Binding 0
%void = OpTypeVoid
%fn = OpTypeFunction %void
%float = OpTypeFloat 32
%double = OpTypeFloat 64
%short = OpTypeInt 16 1
%v2float = OpTypeVector %float 2
%v4float = OpTypeVector %float 4
%img = OpTypeImage %float 2D 0 0 0 1 Unknown
%simg = OpTypeSampledImage %img
%_ptr_UniformConstant_simg = OpTypePointer UniformConstant %simg
%_ptr_Output_v4float = OpTypePointer Output %v4float
%tex = OpVariable %_ptr_UniformConstant_simg UniformConstant
%out = OpVariable %_ptr_Output_v4float Output
%float_0 = OpConstant %float 0
%coord = OpConstantComposite %v2float %float_0 %float_0
%main = OpFunction %void None %fn
%entry = OpLabel
%si = OpLoad %simg %tex
%s = OpImageSampleImplicitLod %v4float %si %coord MinLod %float_0
OpStore %out %s
OpReturn
OpFunctionEnd
`
	out := checkValidAndCheck(t, src, lines(
		"CHECK: OpCapability Shader",
		"CHECK-NEXT: OpCapability Float64",
		"CHECK-NEXT: OpCapability Int16",
		"CHECK-NEXT: OpCapability MinLod",
		"CHECK-NEXT: OpExtInstImport",
	), "trim-capabilities")
	for _, gone := range []string{"Int64", "Float16", "Geometry", "ImageMSArray"} {
		if strings.Contains(out, "OpCapability "+gone+"\n") {
			t.Errorf("%s should be trimmed:\n%s", gone, out)
		}
	}
	// Without the MinLod operand the capability goes too.
	noMinLod := strings.Replace(src, " MinLod %float_0", "", 1)
	check(t, noMinLod, "CHECK-NOT: OpCapability MinLod\n", "trim-capabilities")
}

// checkValidAndCheck is checkValid returning the output.
func checkValidAndCheck(t *testing.T, src, checks string, flags ...string) string {
	t.Helper()
	checkValid(t, src, checks, flags...)
	_, out := runFlags(t, src, flags...)
	return out
}

func TestTrimCapabilitiesKeepsWhatStageAndBuiltInsNeed(t *testing.T) {
	// A geometry shader needs Geometry; a fragment shader reading
	// PrimitiveId keeps it too (one of the capabilities enabling the
	// built-in).
	gs := `OpCapability Shader
OpCapability Geometry
OpMemoryModel Logical GLSL450
OpEntryPoint Geometry %main "main"
OpExecutionMode %main Triangles
OpExecutionMode %main Invocations 1
OpExecutionMode %main OutputTriangleStrip
OpExecutionMode %main OutputVertices 3
%void = OpTypeVoid
%fn = OpTypeFunction %void
%main = OpFunction %void None %fn
%entry = OpLabel
OpReturn
OpFunctionEnd
`
	checkValid(t, gs, "CHECK: OpCapability Shader\nCHECK-NEXT: OpCapability Geometry\n", "trim-capabilities")
	ps := `OpCapability Shader
OpCapability Geometry
OpMemoryModel Logical GLSL450
OpEntryPoint Fragment %main "main" %prim
OpExecutionMode %main OriginUpperLeft
OpDecorate %prim BuiltIn PrimitiveId
OpDecorate %prim Flat
%void = OpTypeVoid
%fn = OpTypeFunction %void
%int = OpTypeInt 32 1
%_ptr_Input_int = OpTypePointer Input %int
%prim = OpVariable %_ptr_Input_int Input
%main = OpFunction %void None %fn
%entry = OpLabel
OpReturn
OpFunctionEnd
`
	checkValid(t, ps, "CHECK: OpCapability Geometry\n", "trim-capabilities")
	noPrim := strings.Replace(ps, "OpDecorate %prim BuiltIn PrimitiveId\n", "", 1)
	check(t, noPrim, "CHECK: OpCapability Shader\nCHECK-NOT: OpCapability Geometry\n", "trim-capabilities")
}

func TestTrimCapabilities16BitStorage(t *testing.T) {
	// 16-bit data in a StorageBuffer block needs StorageBuffer16BitAccess
	// and its extension (before SPIR-V 1.3); 16-bit inputs and outputs
	// need StorageInputOutput16 only when used so.
	src := func(sc string) string {
		return `OpCapability Shader
OpCapability Float16
OpCapability StorageBuffer16BitAccess
OpCapability StorageInputOutput16
OpExtension "SPV_KHR_16bit_storage"
OpExtension "SPV_KHR_storage_buffer_storage_class"
OpMemoryModel Logical GLSL450
OpEntryPoint GLCompute %main "main"
OpExecutionMode %main LocalSize 1 1 1
OpDecorate %S Block
OpMemberDecorate %S 0 Offset 0
OpDecorate %buf DescriptorSet 0
OpDecorate %buf Binding 0
%void = OpTypeVoid
%fn = OpTypeFunction %void
%half = OpTypeFloat 16
%S = OpTypeStruct %half
%ptr = OpTypePointer ` + sc + ` %S
%buf = OpVariable %ptr ` + sc + `
%main = OpFunction %void None %fn
%entry = OpLabel
OpReturn
OpFunctionEnd
`
	}
	checkValid(t, src("StorageBuffer"), lines(
		"CHECK: OpCapability Float16",
		"CHECK-NEXT: OpCapability StorageBuffer16BitAccess",
		"CHECK-NEXT: OpExtension \"SPV_KHR_16bit_storage\"",
		"CHECK-NEXT: OpExtension \"SPV_KHR_storage_buffer_storage_class\"",
	), "trim-capabilities")
	// In Private storage no 16-bit storage capability is needed, and the
	// extension goes with them (the storage-class extension is not the
	// pass's to remove).
	out := check(t, src("Private"), lines(
		"CHECK: OpCapability Float16",
		"CHECK-NEXT: OpExtension \"SPV_KHR_storage_buffer_storage_class\"",
	), "trim-capabilities")
	if strings.Contains(out, "16bit_storage") || strings.Contains(out, "16BitAccess") || strings.Contains(out, "InputOutput16") {
		t.Errorf("16-bit storage should be trimmed:\n%s", out)
	}
}

func TestTrimCapabilitiesStorageImagesAndLinkage(t *testing.T) {
	src := `OpCapability Shader
OpCapability StorageImageWriteWithoutFormat
OpCapability StorageImageReadWithoutFormat
OpMemoryModel Logical GLSL450
OpEntryPoint GLCompute %main "main"
OpExecutionMode %main LocalSize 1 1 1
OpDecorate %img DescriptorSet 0
OpDecorate %img Binding 0
%void = OpTypeVoid
%fn = OpTypeFunction %void
%float = OpTypeFloat 32
%int = OpTypeInt 32 1
%v2int = OpTypeVector %int 2
%v4float = OpTypeVector %float 4
%int_0 = OpConstant %int 0
%c = OpConstantComposite %v2int %int_0 %int_0
%float_0 = OpConstant %float 0
%texel = OpConstantComposite %v4float %float_0 %float_0 %float_0 %float_0
%it = OpTypeImage %float 2D 0 0 0 2 Unknown
%_ptr_UniformConstant_it = OpTypePointer UniformConstant %it
%img = OpVariable %_ptr_UniformConstant_it UniformConstant
%main = OpFunction %void None %fn
%entry = OpLabel
%i = OpLoad %it %img
OpImageWrite %i %c %texel
OpReturn
OpFunctionEnd
`
	checkValid(t, src, lines(
		"CHECK: OpCapability Shader",
		"CHECK-NEXT: OpCapability StorageImageWriteWithoutFormat",
		"CHECK-NEXT: OpMemoryModel",
	), "trim-capabilities")
	// A module with Linkage is left as it is.
	linked := strings.Replace(src, "OpCapability Shader\n", "OpCapability Shader\nOpCapability Linkage\n", 1)
	check(t, linked, "CHECK: OpCapability StorageImageReadWithoutFormat\n", "trim-capabilities")
}

func TestTrimCapabilitiesRayFlags(t *testing.T) {
	// Ray flags skipping triangles need RayTraversalPrimitiveCullingKHR
	// though the grammar cannot see it (the flags are an id): kept for
	// such a constant (spirv-opt trims it, which the Vulkan rules reject),
	// trimmed for flags without those bits.
	src := func(flags string) string {
		return `OpCapability Shader
OpCapability RayQueryKHR
OpCapability RayTraversalPrimitiveCullingKHR
OpExtension "SPV_KHR_ray_query"
OpMemoryModel Logical GLSL450
OpEntryPoint GLCompute %main "main"
OpExecutionMode %main LocalSize 1 1 1
OpDecorate %as DescriptorSet 0
OpDecorate %as Binding 0
%void = OpTypeVoid
%fn = OpTypeFunction %void
%uint = OpTypeInt 32 0
%float = OpTypeFloat 32
%v3float = OpTypeVector %float 3
%flags = OpConstant %uint ` + flags + `
%mask = OpConstant %uint 255
%float_0 = OpConstant %float 0
%o = OpConstantComposite %v3float %float_0 %float_0 %float_0
%ast = OpTypeAccelerationStructureKHR
%rqt = OpTypeRayQueryKHR
%_ptr_UniformConstant_ast = OpTypePointer UniformConstant %ast
%_ptr_Function_rqt = OpTypePointer Function %rqt
%as = OpVariable %_ptr_UniformConstant_ast UniformConstant
%main = OpFunction %void None %fn
%entry = OpLabel
%q = OpVariable %_ptr_Function_rqt Function
%a = OpLoad %ast %as
OpRayQueryInitializeKHR %q %a %flags %mask %o %float_0 %o %float_0
OpReturn
OpFunctionEnd
`
	}
	checkValid(t, src("256"), "CHECK: OpCapability RayTraversalPrimitiveCullingKHR\n", "trim-capabilities")
	check(t, src("1"), "CHECK-NOT: OpCapability RayTraversalPrimitiveCullingKHR\n", "trim-capabilities")
}
