package opt

import (
	"fmt"
	"strings"
	"testing"
)

// interpHeader declares a fragment shader's inputs for interpBody.
const interpHeader = `OpCapability Shader
OpCapability InterpolationFunction
%ext = OpExtInstImport "GLSL.std.450"
OpMemoryModel Logical GLSL450
OpEntryPoint Fragment %main "main" %in %arrIn %out
OpExecutionMode %main OriginUpperLeft
OpDecorate %in Location 0
OpDecorate %arrIn Location 1
OpDecorate %out Location 0
%void = OpTypeVoid
%fn = OpTypeFunction %void
%float = OpTypeFloat 32
%v4float = OpTypeVector %float 4
%v2float = OpTypeVector %float 2
%int = OpTypeInt 32 1
%v2int = OpTypeVector %int 2
%bool = OpTypeBool
%int_1 = OpConstant %int 1
%int_2 = OpConstant %int 2
%float_1 = OpConstant %float 1
%float_2 = OpConstant %float 2
%v2int_12 = OpConstantComposite %v2int %int_1 %int_2
%off = OpConstantComposite %v2float %float_1 %float_1
%arr = OpTypeArray %v4float %int_2
%_ptr_Input_v4float = OpTypePointer Input %v4float
%_ptr_Input_arr = OpTypePointer Input %arr
%_ptr_Output_v4float = OpTypePointer Output %v4float
%in = OpVariable %_ptr_Input_v4float Input
%arrIn = OpVariable %_ptr_Input_arr Input
%out = OpVariable %_ptr_Output_v4float Output
`

// interpBody interpolates a loaded input, a loaded element of an input
// array and a value that is not loaded, with integer and boolean
// arithmetic on constants and float arithmetic beside. %N is replaced by
// the copy's suffix.
const interpBody = `%sum%N = OpIAdd %int %int_1 %int_2
%vsum%N = OpIAdd %v2int %v2int_12 %v2int_12
%fsum%N = OpFAdd %float %float_1 %float_2
%less%N = OpSLessThan %bool %int_1 %int_2
%v%N = OpLoad %v4float %in
%centroid%N = OpExtInst %v4float %ext InterpolateAtCentroid %v%N
%sample%N = OpExtInst %v4float %ext InterpolateAtSample %v%N %sum%N
%elem%N = OpAccessChain %_ptr_Input_v4float %arrIn %int_1
%ev%N = OpLoad %v4float %elem%N
%offset%N = OpExtInst %v4float %ext InterpolateAtOffset %ev%N %off
%twice%N = OpFAdd %v4float %v%N %v%N
%notLoaded%N = OpExtInst %v4float %ext InterpolateAtCentroid %twice%N
%a%N = OpFAdd %v4float %centroid%N %sample%N
%b%N = OpFAdd %v4float %a%N %offset%N
%c%N = OpFAdd %v4float %b%N %notLoaded%N
`

// interpModule repeats interpBody n times in the entry point, the ids of
// copy i suffixed with _i (none for n = 1).
func interpModule(n int) string {
	var b strings.Builder
	b.WriteString(interpHeader + "%main = OpFunction %void None %fn\n%entry = OpLabel\n")
	suffix := func(i int) string {
		if n == 1 {
			return ""
		}
		return fmt.Sprint("_", i)
	}
	for i := range n {
		b.WriteString(strings.ReplaceAll(interpBody, "%N", suffix(i)))
	}
	b.WriteString("OpStore %out %c" + suffix(n-1) + "\nOpReturn\nOpFunctionEnd\n")
	return b.String()
}

// The interpolants loaded from inputs become the pointers loaded; a value
// computed otherwise stays. The integer and boolean instructions on
// constants become copies of their values; the float one does not.
func TestInterpolateFixup(t *testing.T) {
	src := interpModule(1)
	check(t, src, lines(
		"CHECK-DAG: [[three:%[0-9a-z_]+]] = OpConstant %int 3",
		"CHECK-DAG: [[true:%[0-9a-z_]+]] = OpConstantTrue %bool",
		"CHECK: %sum = OpCopyObject %int [[three]]",
		"CHECK-NEXT: %vsum = OpIAdd %v2int",
		"CHECK-NEXT: %fsum = OpFAdd %float %float_1 %float_2",
		"CHECK-NEXT: %less = OpCopyObject %bool [[true]]",
		"CHECK: %centroid = OpExtInst %v4float {{%[0-9a-z]+}} InterpolateAtCentroid %in",
		"CHECK-NEXT: %sample = OpExtInst %v4float {{%[0-9a-z]+}} InterpolateAtSample %in %sum",
		"CHECK: %offset = OpExtInst %v4float {{%[0-9a-z]+}} InterpolateAtOffset %elem {{%[0-9a-z]+}}",
		"CHECK: %notLoaded = OpExtInst %v4float {{%[0-9a-z]+}} InterpolateAtCentroid %twice",
	), "interpolate-fixup")
	sameAsSpirvOpt(t, src, "interpolate-fixup")
}

// A module already fixed up is valid and does not change again.
func TestInterpolateFixupValid(t *testing.T) {
	src := `OpCapability Shader
OpCapability InterpolationFunction
%ext = OpExtInstImport "GLSL.std.450"
OpMemoryModel Logical GLSL450
OpEntryPoint Fragment %main "main" %in %out
OpExecutionMode %main OriginUpperLeft
OpDecorate %in Location 0
OpDecorate %out Location 0
%void = OpTypeVoid
%fn = OpTypeFunction %void
%float = OpTypeFloat 32
%v4float = OpTypeVector %float 4
%int = OpTypeInt 32 1
%int_3 = OpConstant %int 3
%_ptr_Input_v4float = OpTypePointer Input %v4float
%_ptr_Output_v4float = OpTypePointer Output %v4float
%in = OpVariable %_ptr_Input_v4float Input
%out = OpVariable %_ptr_Output_v4float Output
%main = OpFunction %void None %fn
%entry = OpLabel
%v = OpLoad %v4float %in
%sample = OpExtInst %v4float %ext InterpolateAtSample %v %int_3
OpStore %out %sample
OpReturn
OpFunctionEnd
`
	checkValidOnce(t, src, lines(
		"CHECK: %sample = OpExtInst %v4float {{%[0-9a-z]+}} InterpolateAtSample %in %int_3",
	), "interpolate-fixup")
}

func BenchmarkInterpolateFixup(b *testing.B) {
	benchPassOver(b, interpModule, 50, "interpolate-fixup")
}

// Every copy in the generated benchmark module is fixed up.
func TestInterpolateFixupBenchModule(t *testing.T) {
	check(t, interpModule(3), lines(
		"CHECK: InterpolateAtSample %in %sum_0",
		"CHECK: InterpolateAtSample %in %sum_1",
		"CHECK: InterpolateAtSample %in %sum_2",
	), "interpolate-fixup")
}
