package opt

import (
	"strings"
	"testing"
)

// uniformStruct loads a four-member struct from a uniform block and uses
// members 1 and (through a second extract) 1 again, and a whole vector.
// (The struct's load has a numeric id: the test harness names the others,
// and a name counts as a use that is not an extract, as in spirv-opt.)
const uniformStruct = `OpCapability Shader
OpMemoryModel Logical GLSL450
OpEntryPoint Fragment %main "main" %out
OpExecutionMode %main OriginUpperLeft
OpName %S "S"
OpName %x "x"
OpName %y "y"
OpName %whole "whole"
OpDecorate %out Location 0
OpMemberDecorate %S 0 Offset 0
OpMemberDecorate %S 1 Offset 16
OpMemberDecorate %S 2 Offset 32
OpMemberDecorate %S 3 Offset 48
OpMemberDecorate %B 0 Offset 0
OpMemberDecorate %B 1 Offset 64
OpDecorate %B Block
OpDecorate %ubo DescriptorSet 0
OpDecorate %ubo Binding 0
%void = OpTypeVoid
%fn = OpTypeFunction %void
%float = OpTypeFloat 32
%v4float = OpTypeVector %float 4
%int = OpTypeInt 32 1
%int_0 = OpConstant %int 0
%int_1 = OpConstant %int 1
%S = OpTypeStruct %v4float %v4float %v4float %v4float
%B = OpTypeStruct %S %v4float
%_ptr_Uniform_B = OpTypePointer Uniform %B
%_ptr_Uniform_S = OpTypePointer Uniform %S
%_ptr_Uniform_v4float = OpTypePointer Uniform %v4float
%_ptr_Output_v4float = OpTypePointer Output %v4float
%ubo = OpVariable %_ptr_Uniform_B Uniform
%out = OpVariable %_ptr_Output_v4float Output
%main = OpFunction %void None %fn
%entry = OpLabel
%ps = OpAccessChain %_ptr_Uniform_S %ubo %int_0
%950 = OpLoad %S %ps
%x = OpCompositeExtract %v4float %950 1
%y = OpCompositeExtract %float %950 1 2
%pv = OpAccessChain %_ptr_Uniform_v4float %ubo %int_1
%lv = OpLoad %v4float %pv
%whole = OpCompositeExtract %float %lv 0
%s = OpVectorTimesScalar %v4float %x %y
%t = OpVectorTimesScalar %v4float %s %whole
OpStore %out %t
OpReturn
OpFunctionEnd
`

func TestReduceLoadSize(t *testing.T) {
	// One of four members used: each extract reads its member, before the
	// whole load (which dead-code elimination removes); a vector's load is
	// left.
	checkValid(t, uniformStruct, lines(
		"CHECK: %ps = OpAccessChain %_ptr_Uniform_S %ubo %int_0",
		"CHECK-NEXT: [[p1:%[0-9]+]] = OpAccessChain %_ptr_Uniform_v4float %ps %uint_1",
		"CHECK-NEXT: %x = OpLoad %v4float [[p1]]",
		"CHECK-NEXT: [[p2:%[0-9]+]] = OpAccessChain %_ptr_Uniform_float %ps %uint_1 %uint_2",
		"CHECK-NEXT: %y = OpLoad %float [[p2]]",
		"CHECK-NEXT: %950 = OpLoad %S %ps",
		"CHECK: %whole = OpCompositeExtract %float %lv 0",
	), "reduce-load-size")
}

func TestReduceLoadSizeThreshold(t *testing.T) {
	// 1/4 of the members is not below 0.25; it is below 0.3.
	check(t, uniformStruct, "CHECK: %x = OpCompositeExtract %v4float %950 1\n", "reduce-load-size=0.25")
	check(t, uniformStruct, "CHECK: %x = OpLoad %v4float\n", "reduce-load-size=0.3")
	// Any use but an extract keeps the load whole.
	src := strings.Replace(uniformStruct, "OpStore %out %t\n", "OpStore %out %t\n%keep = OpCopyObject %S %950\n", 1)
	check(t, src, "CHECK: %x = OpCompositeExtract %v4float %950 1\n", "reduce-load-size=1.1")
	// So does a Function variable.
	src = strings.NewReplacer("%ubo = OpVariable %_ptr_Uniform_B Uniform\n", "",
		"%entry = OpLabel\n", "%entry = OpLabel\n%ubo = OpVariable %_ptr_Function_B Function\n",
		"%_ptr_Uniform_B = OpTypePointer Uniform %B\n", "%_ptr_Function_B = OpTypePointer Function %B\n",
		"%_ptr_Uniform_S = OpTypePointer Uniform %S\n", "%_ptr_Function_S = OpTypePointer Function %S\n",
		"%_ptr_Uniform_v4float = OpTypePointer Uniform %v4float\n", "%_ptr_Function_v4float = OpTypePointer Function %v4float\n",
		"%_ptr_Uniform_S %ubo", "%_ptr_Function_S %ubo", "%_ptr_Uniform_v4float %ubo", "%_ptr_Function_v4float %ubo",
		"OpDecorate %ubo DescriptorSet 0\nOpDecorate %ubo Binding 0\n", "").Replace(uniformStruct)
	check(t, src, "CHECK: %x = OpCompositeExtract %v4float %950 1\n", "reduce-load-size=1.1")
}

func TestReduceLoadSizeArgument(t *testing.T) {
	for arg, want := range map[string]float64{"": 0.9, "0.5": 0.5, "2": 2, "1.5.3": 1.5, "abc": 0.9, "5.": 5, ".": 0} {
		p, err := NewPass("reduce-load-size=" + arg)
		if arg == "" {
			p, err = NewPass("reduce-load-size")
		}
		if err != nil {
			t.Fatal(err)
		}
		if got := p.(reduceLoadSize).threshold; got != want {
			t.Errorf("reduce-load-size=%s: threshold %v, want %v", arg, got, want)
		}
	}
}
