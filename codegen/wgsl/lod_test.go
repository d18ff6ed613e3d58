package wgsl_test

import (
	"strings"
	"testing"

	"github.com/hlsl2spirv/hlsl2spirv/codegen/wgsl"
)

const lodFragment = `
OpCapability Shader
OpCapability ImageQuery
OpMemoryModel Logical GLSL450
OpEntryPoint Fragment %main "main" %uv %out
OpExecutionMode %main OriginUpperLeft
OpDecorate %uv Location 0
OpDecorate %out Location 0
OpDecorate %t2 DescriptorSet 0
OpDecorate %t2 Binding 0
OpDecorate %tc DescriptorSet 0
OpDecorate %tc Binding 1
OpDecorate %s DescriptorSet 0
OpDecorate %s Binding 2
%void = OpTypeVoid
%fn = OpTypeFunction %void
%float = OpTypeFloat 32
%v2 = OpTypeVector %float 2
%v3 = OpTypeVector %float 3
%v4 = OpTypeVector %float 4
%img2a = OpTypeImage %float 2D 0 1 0 1 Unknown
%imgc = OpTypeImage %float Cube 0 0 0 1 Unknown
%smp = OpTypeSampler
%si2a = OpTypeSampledImage %img2a
%sic = OpTypeSampledImage %imgc
%p_img2a = OpTypePointer UniformConstant %img2a
%p_imgc = OpTypePointer UniformConstant %imgc
%p_smp = OpTypePointer UniformConstant %smp
%t2 = OpVariable %p_img2a UniformConstant
%tc = OpVariable %p_imgc UniformConstant
%s = OpVariable %p_smp UniformConstant
%p_in = OpTypePointer Input %v3
%p_out = OpTypePointer Output %v4
%uv = OpVariable %p_in Input
%out = OpVariable %p_out Output
%main = OpFunction %void None %fn
%entry = OpLabel
%c = OpLoad %v3 %uv
%c2 = OpVectorShuffle %v2 %c %c 0 1
%i2 = OpLoad %img2a %t2
%ic = OpLoad %imgc %tc
%sm = OpLoad %smp %s
%si = OpSampledImage %si2a %i2 %sm
%q1 = OpImageQueryLod %v2 %si %c2
%sic2 = OpSampledImage %sic %ic %sm
%q2 = OpImageQueryLod %v2 %sic2 %c
%x = OpCompositeExtract %float %q1 0
%y = OpCompositeExtract %float %q2 1
%r = OpCompositeConstruct %v4 %x %y %x %y
OpStore %out %r
OpReturn
OpFunctionEnd
`

// Level-of-detail queries in a fragment shader: the derivatives of the
// coordinates scaled by the texture's size (an array texture's layers
// excluded), a cube's on the face its major axis selects.
func TestQueryLodFragment(t *testing.T) {
	check(t, lodFragment,
		`fn \w+\(size : vec2<f32>, levels : u32, dx : vec2<f32>, dy : vec2<f32>\) -> vec2<f32> \{\s+let rx = dx \* size;`,
		`let lambda = log2\(max\(length\(rx\), length\(ry\)\)\);\s+return vec2<f32>\(clamp\(lambda, 0.0f, f32\(levels - 1u\)\), lambda\);`,
		`fn \w+\(size : vec2<f32>, levels : u32, c : vec3<f32>, dx : vec3<f32>, dy : vec3<f32>\)`,
		`if \(a.y > a.x && a.y >= a.z\) \{\s+p = c.xzy;`,
		`let rx = \(px.xy \* p.z - p.xy \* px.z\) / \(2.0f \* p.z \* p.z\) \* size;`,
		`let (lod_coords\w*) : vec2<f32> = \w+.xy;\s+let (\w+) : vec2<f32> = dpdx\(lod_coords\w*\);\s+let \w+ : vec2<f32> = dpdy\(`,
		`\w+\(vec2<f32>\(textureDimensions\(\w+\)\), textureNumLevels\(\w+\), \w+, \w+\)`,
		`\w+\(vec2<f32>\(textureDimensions\(\w+\)\), textureNumLevels\(\w+\), lod_coords\w*, \w+, \w+\)`)
}

// lodCompute is lodFragment as a compute shader of 2x2 invocations whose
// coordinates are a constant, with the execution mode mode (if any).
func lodCompute(mode string) string {
	r := strings.NewReplacer(
		`OpEntryPoint Fragment %main "main" %uv %out`, `OpEntryPoint GLCompute %main "main"`,
		"OpExecutionMode %main OriginUpperLeft", "OpExecutionMode %main LocalSize 2 2 1\n"+mode,
		"OpDecorate %uv Location 0\nOpDecorate %out Location 0\n", "",
		"%c = OpLoad %v3 %uv", "%c = OpCopyObject %v3 %c0",
		"OpStore %out %r\n", "",
		"%p_in = OpTypePointer Input %v3", "%f1 = OpConstant %float 1\n%c0 = OpConstantComposite %v3 %f1 %f1 %f1",
		"%uv = OpVariable %p_in Input", "",
		"%p_out = OpTypePointer Output %v4", "",
		"%out = OpVariable %p_out Output", "")
	return r.Replace(lodFragment)
}

// A level-of-detail query in a compute shader without a derivative group
// has no derivatives to compute it from.
func TestQueryLodComputeRefused(t *testing.T) {
	_, err := translate(t, lodCompute(""), wgsl.Options{})
	if err == nil || !strings.Contains(err.Error(), "WGSL cannot express querying the level of detail") {
		t.Fatalf("want a refusal, got %v", err)
	}
}

// In a compute shader's derivative group the derivatives come from the
// quad, exchanged through workgroup memory.
func TestQueryLodComputeQuads(t *testing.T) {
	text := strings.Replace(lodCompute("OpExecutionMode %main DerivativeGroupQuadsKHR"), "OpCapability ImageQuery",
		"OpCapability ImageQuery\nOpCapability ComputeDerivativeGroupQuadsKHR\nOpExtension \"SPV_KHR_compute_shader_derivatives\"", 1)
	check(t, text,
		`var<workgroup> \w+ : array<vec2<f32>, 4>;`,
		`let lod_coords : vec2<f32> = \w+.xy;\s+\w+\[local_index\] = lod_coords;\s+workgroupBarrier\(\);`,
		`\w+\(vec2<f32>\(textureDimensions\(\w+\)\), textureNumLevels\(\w+\), quad\w*, quad\w*\)`)
}
