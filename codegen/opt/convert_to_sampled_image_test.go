package opt

import (
	"fmt"
	"strings"
	"testing"
)

// combinedShader is a fragment shader with a texture and a sampler at
// descriptor set 0, binding 1 (DXC's [[vk::combinedImageSampler]]) and a
// second sampler at binding 2: a sample with the paired sampler (through a
// copy of the image load), a size query, and a sample with the other
// sampler.
const combinedShader = `OpCapability Shader
OpCapability ImageQuery
OpMemoryModel Logical GLSL450
OpEntryPoint Fragment %main "main" %out
OpExecutionMode %main OriginUpperLeft
OpDecorate %out Location 0
OpDecorate %tex DescriptorSet 0
OpDecorate %tex Binding 1
OpDecorate %smp DescriptorSet 0
OpDecorate %smp Binding 1
OpDecorate %other DescriptorSet 0
OpDecorate %other Binding 2
%void = OpTypeVoid
%fn = OpTypeFunction %void
%float = OpTypeFloat 32
%v2float = OpTypeVector %float 2
%v4float = OpTypeVector %float 4
%int = OpTypeInt 32 1
%v2int = OpTypeVector %int 2
%int_0 = OpConstant %int 0
%float_half = OpConstant %float 0.5
%uv = OpConstantComposite %v2float %float_half %float_half
%img = OpTypeImage %float 2D 0 0 0 1 Unknown
%_ptr_UniformConstant_img = OpTypePointer UniformConstant %img
%sampler = OpTypeSampler
%_ptr_UniformConstant_sampler = OpTypePointer UniformConstant %sampler
%simg = OpTypeSampledImage %img
%_ptr_Output_v4float = OpTypePointer Output %v4float
%tex = OpVariable %_ptr_UniformConstant_img UniformConstant
%smp = OpVariable %_ptr_UniformConstant_sampler UniformConstant
%other = OpVariable %_ptr_UniformConstant_sampler UniformConstant
%out = OpVariable %_ptr_Output_v4float Output
%main = OpFunction %void None %fn
%entry = OpLabel
%t = OpLoad %img %tex
%s = OpLoad %sampler %smp
%tc = OpCopyObject %img %t
%si = OpSampledImage %simg %tc %s
%a = OpImageSampleImplicitLod %v4float %si %uv
%size = OpImageQuerySizeLod %v2int %t %int_0
%o = OpLoad %sampler %other
%si2 = OpSampledImage %simg %t %o
%b = OpImageSampleImplicitLod %v4float %si2 %uv
%sum = OpFAdd %v4float %a %b
OpStore %out %sum
OpReturn
OpFunctionEnd
`

// The copy of the image load keeps its image type (spirv-opt's output is
// invalid there too): the output is only checked, not validated.
func TestConvertToSampledImage(t *testing.T) {
	check(t, named(combinedShader), `
; CHECK: [[img:%[0-9]+]] = OpTypeImage %float 2D
; CHECK: [[sampler:%[0-9]+]] = OpTypeSampler
; CHECK: [[simg:%[0-9]+]] = OpTypeSampledImage [[img]]
; CHECK: [[ptr:%[_a-zA-Z0-9]+]] = OpTypePointer UniformConstant [[simg]]
; CHECK-NEXT: %tex = OpVariable [[ptr]] UniformConstant
; CHECK: %entry = OpLabel
; CHECK-NEXT: %t = OpLoad [[simg]] %tex
; CHECK-NEXT: [[image:%[0-9]+]] = OpImage [[img]] %t
; CHECK-NEXT: %s = OpLoad [[sampler]] %smp
; CHECK-NEXT: %tc = OpCopyObject [[img]] %t
; CHECK-NEXT: %a = OpImageSampleImplicitLod %v4float %t
; CHECK-NEXT: %size = OpImageQuerySizeLod %v2int [[image]] %int_0
; CHECK-NEXT: %o = OpLoad [[sampler]] %other
; CHECK-NEXT: %si2 = OpSampledImage [[simg]] [[image]] %o
`, "convert-to-sampled-image=0:1")
	sameAsSpirvOpt(t, combinedShader, "convert-to-sampled-image=0:1")
}

// The pointer to the sampled-image type is made when missing (at the end
// of the globals, the variable after it), and so is the sampled-image
// type; the image with no loads at another listed pair stays an image.
func TestConvertToSampledImageNewTypes(t *testing.T) {
	src := `OpCapability Shader
OpMemoryModel Logical GLSL450
OpEntryPoint Fragment %main "main" %out
OpExecutionMode %main OriginUpperLeft
OpDecorate %out Location 0
OpDecorate %tex DescriptorSet 3
OpDecorate %tex Binding 7
OpDecorate %smp DescriptorSet 3
OpDecorate %smp Binding 7
OpDecorate %unused DescriptorSet 4
OpDecorate %unused Binding 0
%void = OpTypeVoid
%fn = OpTypeFunction %void
%float = OpTypeFloat 32
%v2float = OpTypeVector %float 2
%v4float = OpTypeVector %float 4
%float_half = OpConstant %float 0.5
%uv = OpConstantComposite %v2float %float_half %float_half
%img = OpTypeImage %float 2D 0 0 0 1 Unknown
%_ptr_UniformConstant_img = OpTypePointer UniformConstant %img
%sampler = OpTypeSampler
%_ptr_UniformConstant_sampler = OpTypePointer UniformConstant %sampler
%_ptr_Output_v4float = OpTypePointer Output %v4float
%tex = OpVariable %_ptr_UniformConstant_img UniformConstant
%unused = OpVariable %_ptr_UniformConstant_img UniformConstant
%smp = OpVariable %_ptr_UniformConstant_sampler UniformConstant
%out = OpVariable %_ptr_Output_v4float Output
%main = OpFunction %void None %fn
%entry = OpLabel
%t = OpLoad %img %tex
%s = OpLoad %sampler %smp
%si = OpSampledImage %5 %t %s
%a = OpImageSampleImplicitLod %v4float %si %uv
OpStore %out %a
OpReturn
OpFunctionEnd
`
	// %5 is the sampled-image type, declared without a name after
	// the function would be invalid: declare it before the variables.
	src = strings.Replace(src, "%_ptr_Output_v4float = ", "%5 = OpTypeSampledImage %img\n%_ptr_Output_v4float = ", 1)
	// (A second run would fail: the sampler's pair no longer holds an
	// image, as with spirv-opt.)
	checkValidOnce(t, named(src), `
; CHECK: [[img:%[0-9]+]] = OpTypeImage %float 2D
; CHECK: %unused = OpVariable {{%[_a-zA-Z0-9]+}} UniformConstant
; CHECK: %out = OpVariable
; CHECK-NEXT: [[ptr:%[_a-zA-Z0-9]+]] = OpTypePointer UniformConstant %5
; CHECK-NEXT: %tex = OpVariable [[ptr]] UniformConstant
; CHECK: %t = OpLoad %5 %tex
; CHECK-NOT: OpImage
; CHECK-NEXT: %s = OpLoad
; CHECK-NEXT: %a = OpImageSampleImplicitLod %v4float %t
`, "convert-to-sampled-image=3:7 4:0")
	sameAsSpirvOpt(t, src, "convert-to-sampled-image=3:7 4:0")
}

// What spirv-opt fails on is an error naming the pair.
func TestConvertToSampledImageErrors(t *testing.T) {
	for _, tc := range []struct{ name, src, arg, want string }{
		{"sampler without image", combinedShader, "0:2", "no image"},
		{"sampler with another image", strings.Replace(strings.Replace(combinedShader, "%o = OpLoad", "%t3 = OpLoad %img %tex3\n%si3 = OpSampledImage %simg %t3 %s\n%o = OpLoad", 1),
			"%smp = OpVariable", "%tex3 = OpVariable %_ptr_UniformConstant_img UniformConstant\n%smp = OpVariable", 1), "0:1", "another image"},
		{"two images", strings.Replace(combinedShader, "OpDecorate %other Binding 2", "OpDecorate %other Binding 2\nOpDecorate %tex2 DescriptorSet 0\nOpDecorate %tex2 Binding 1", 1) + "", "0:1", "two images"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			src := tc.src
			if tc.name == "two images" {
				src = strings.Replace(src, "%smp = OpVariable", "%tex2 = OpVariable %_ptr_UniformConstant_img UniformConstant\n%smp = OpVariable", 1)
			}
			_, err := runErr(t, src, "convert-to-sampled-image="+tc.arg)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error %v, want one saying %q", err, tc.want)
			}
		})
	}
}

func TestConvertToSampledImageArguments(t *testing.T) {
	for arg, ok := range map[string]bool{
		"0:1": true, " 0:1  2:3 ": true, "0x10:0x2": true,
		"": false, "0": false, "0 :1": false, "0: 1": false, "a:1": false, "1:2:3": false, "0:4294967296": false,
	} {
		_, err := NewPass("convert-to-sampled-image=" + arg)
		if (err == nil) != ok {
			t.Errorf("%q: error %v", arg, err)
		}
	}
	if got := CombinedImageSamplerFlag([][2]uint32{{0, 1}, {2, 3}}); got != "convert-to-sampled-image=0:1 2:3" {
		t.Errorf("CombinedImageSamplerFlag = %q", got)
	}
}

// DXC runs dead-code elimination after it: the combined sampler goes.
func TestConvertToSampledImageInLegalization(t *testing.T) {
	flags := LegalizationPipelineFlags(LegalizeOptions{CombinedImageSamplers: [][2]uint32{{0, 1}}})
	i := len(flags) - 4
	if flags[i] != "convert-to-sampled-image=0:1" || flags[i+1] != "eliminate-dead-code-aggressive" {
		t.Fatalf("the pipeline ends %q", flags[i:])
	}
	checkValid(t, named(combinedShader), `
; CHECK-NOT: %smp = OpVariable
; CHECK: %tex = OpVariable
; CHECK-NOT: %smp = OpVariable
; CHECK: %a = OpImageSampleImplicitLod %v4float %t
; CHECK-NOT: OpSampledImage {{.*}} %s
`, flags[i:i+2]...)
}

// sampledModule has n textures, each combined with its sampler, sampled
// and queried.
func sampledModule(n int) string {
	var b strings.Builder
	b.WriteString(`OpCapability Shader
OpCapability ImageQuery
OpMemoryModel Logical GLSL450
OpEntryPoint Fragment %main "main" %out
OpExecutionMode %main OriginUpperLeft
OpDecorate %out Location 0
`)
	for i := 0; i < n; i++ {
		fmt.Fprintf(&b, "OpDecorate %%tex%[1]d DescriptorSet 0\nOpDecorate %%tex%[1]d Binding %[1]d\nOpDecorate %%smp%[1]d DescriptorSet 0\nOpDecorate %%smp%[1]d Binding %[1]d\n", i)
	}
	b.WriteString(`%void = OpTypeVoid
%fn = OpTypeFunction %void
%float = OpTypeFloat 32
%v2float = OpTypeVector %float 2
%v4float = OpTypeVector %float 4
%int = OpTypeInt 32 1
%v2int = OpTypeVector %int 2
%int_0 = OpConstant %int 0
%float_half = OpConstant %float 0.5
%uv = OpConstantComposite %v2float %float_half %float_half
%img = OpTypeImage %float 2D 0 0 0 1 Unknown
%_ptr_UniformConstant_img = OpTypePointer UniformConstant %img
%sampler = OpTypeSampler
%_ptr_UniformConstant_sampler = OpTypePointer UniformConstant %sampler
%simg = OpTypeSampledImage %img
%_ptr_Output_v4float = OpTypePointer Output %v4float
%out = OpVariable %_ptr_Output_v4float Output
`)
	for i := 0; i < n; i++ {
		fmt.Fprintf(&b, "%%tex%[1]d = OpVariable %%_ptr_UniformConstant_img UniformConstant\n%%smp%[1]d = OpVariable %%_ptr_UniformConstant_sampler UniformConstant\n", i)
	}
	b.WriteString("%main = OpFunction %void None %fn\n%entry = OpLabel\n")
	for i := 0; i < n; i++ {
		fmt.Fprintf(&b, `%%t%[1]d = OpLoad %%img %%tex%[1]d
%%s%[1]d = OpLoad %%sampler %%smp%[1]d
%%si%[1]d = OpSampledImage %%simg %%t%[1]d %%s%[1]d
%%a%[1]d = OpImageSampleImplicitLod %%v4float %%si%[1]d %%uv
%%q%[1]d = OpImageQuerySizeLod %%v2int %%t%[1]d %%int_0
OpStore %%out %%a%[1]d
`, i)
	}
	b.WriteString("OpReturn\nOpFunctionEnd\n")
	return b.String()
}

// Every pair of the benchmark module is combined.
func TestConvertToSampledImageBenchModule(t *testing.T) {
	checkValidOnce(t, sampledModule(3), lines(
		"CHECK-NOT: OpSampledImage",
		"CHECK-COUNT-3: OpImageQuerySizeLod %v2int {{%[0-9]+}} %int_0",
	), "convert-to-sampled-image=0:0 0:1 0:2")
}

func BenchmarkConvertToSampledImage(b *testing.B) {
	benchPassOverFlags(b, sampledModule, 100, func(n int) []string {
		s := make([]string, n)
		for i := range s {
			s[i] = fmt.Sprintf("0:%d", i)
		}
		return []string{"convert-to-sampled-image=" + strings.Join(s, " ")}
	})
}
