package wgsl_test

import (
	"errors"
	"regexp"
	"strings"
	"testing"

	"github.com/hlsl2spirv/hlsl2spirv/builder/asm"
	"github.com/hlsl2spirv/hlsl2spirv/codegen/wgsl"
	"github.com/hlsl2spirv/hlsl2spirv/test/webgpu"
)

// translate assembles a module and translates it.
func translate(t *testing.T, text string, opts wgsl.Options) (*wgsl.Result, error) {
	t.Helper()
	words, err := asm.Assemble(text, asm.Options{})
	if err != nil {
		t.Fatalf("assembling: %v", err)
	}
	return wgsl.TranslateWords(words, opts)
}

// entries describes a result's entry points for the validator.
func entries(res *wgsl.Result) []webgpu.Entry {
	var out []webgpu.Entry
	for _, ep := range res.EntryPoints {
		e := webgpu.Entry{Name: ep.Name, Stage: ep.Stage, FragDepth: ep.FragDepth}
		for _, io := range ep.Inputs {
			e.Inputs = append(e.Inputs, webgpu.IO{Location: io.Location, Type: io.Type, Interp: io.Interpolate})
		}
		for _, io := range ep.Outputs {
			e.Outputs = append(e.Outputs, webgpu.IO{Location: io.Location, Type: io.Type})
		}
		out = append(out, e)
	}
	return out
}

// check translates, matches every pattern (regular expressions, in order)
// against the WGSL, and has Tint validate it.
func check(t *testing.T, text string, patterns ...string) *wgsl.Result {
	t.Helper()
	res, err := translate(t, text, wgsl.Options{})
	if err != nil {
		t.Fatalf("translate: %v", err)
	}
	rest := res.WGSL
	for _, p := range patterns {
		loc := regexp.MustCompile(p).FindStringIndex(rest)
		if loc == nil {
			t.Fatalf("no match for %q after the previous pattern in:\n%s", p, res.WGSL)
		}
		rest = rest[loc[1]:]
	}
	if webgpu.Available() || testing.Short() == false {
		v := webgpu.Validate(t, res.WGSL, entries(res))
		if !v.OK() {
			t.Fatalf("Tint refuses:\n%s\n%s", v, res.WGSL)
		}
	}
	return res
}

const computeHeader = `
OpCapability Shader
%glsl = OpExtInstImport "GLSL.std.450"
OpMemoryModel Logical GLSL450
OpEntryPoint GLCompute %main "main" %gid
OpExecutionMode %main LocalSize 8 1 1
OpName %buf "buf"
OpDecorate %gid BuiltIn GlobalInvocationId
OpDecorate %rta ArrayStride 4
OpMemberDecorate %block 0 Offset 0
OpDecorate %block BufferBlock
OpDecorate %buf DescriptorSet 0
OpDecorate %buf Binding 1
%void = OpTypeVoid
%fn = OpTypeFunction %void
%bool = OpTypeBool
%int = OpTypeInt 32 1
%uint = OpTypeInt 32 0
%float = OpTypeFloat 32
%v3uint = OpTypeVector %uint 3
%ptr_in_v3uint = OpTypePointer Input %v3uint
%gid = OpVariable %ptr_in_v3uint Input
%rta = OpTypeRuntimeArray %uint
%block = OpTypeStruct %rta
%ptr_block = OpTypePointer Uniform %block
%buf = OpVariable %ptr_block Uniform
%ptr_uint = OpTypePointer Uniform %uint
%int_0 = OpConstant %int 0
%int_1 = OpConstant %int 1
%int_m5 = OpConstant %int -5
%uint_0 = OpConstant %uint 0
%uint_1 = OpConstant %uint 1
%uint_10 = OpConstant %uint 10
`

func TestSignednessRectified(t *testing.T) {
	check(t, computeHeader+`
%main = OpFunction %void None %fn
%entry = OpLabel
%id = OpLoad %v3uint %gid
%x = OpCompositeExtract %uint %id 0
%sum = OpIAdd %uint %int_m5 %x
%q = OpSDiv %uint %sum %int_1
%sh = OpShiftRightArithmetic %uint %q %int_1
%lt = OpSLessThan %bool %sh %uint_10
%r = OpSelect %uint %lt %sh %uint_0
%p = OpAccessChain %ptr_uint %buf %int_0 %x
OpStore %p %r
OpReturn
OpFunctionEnd
`,
		// int operands of a uint add are bitcast; SDiv and the arithmetic
		// shift compute in i32; the signed comparison casts both sides.
		`bitcast<u32>\(bitcast<i32>\(bitcast<u32>\(bitcast<i32>\(bitcast<u32>\(-5i\) \+ x_\d+\) / 1i\)\) >> bitcast<u32>\(1i\)\)`,
		`buf\.member_0\[x_\d+\] = select\(0u, x_\d+, bitcast<i32>\(x_\d+\) < bitcast<i32>\(10u\)\)`)
}

func TestLoopWithPhisAndBreakIf(t *testing.T) {
	check(t, computeHeader+loopModule,
		`var x_\w+_phi : u32;`,
		`loop \{`,
		`let \w+ : u32 = \w+_phi;`,
		`continuing \{`,
		`_phi = `,
		`break if `,
		`buf\.member_0\[0u\] = `)
}

func TestSwitchFallthroughDuplicates(t *testing.T) {
	check(t, computeHeader+switchModule,
		// Case 1 falls into case 2: case 2's code is emitted in both.
		`case 1u: \{\s+buf\.member_0\[\w+\] = 1u;\s+buf\.member_0\[\w+\] = buf\.member_0\[\w+\] \+ 10u;`,
		`case 2u: \{`,
		`default: \{`)
}

func TestUnsupportedIsClear(t *testing.T) {
	_, err := translate(t, `
OpCapability Shader
OpCapability Float64
OpMemoryModel Logical GLSL450
OpEntryPoint GLCompute %main "main"
OpExecutionMode %main LocalSize 1 1 1
%string = OpString "shader.hlsl"
%void = OpTypeVoid
%fn = OpTypeFunction %void
%double = OpTypeFloat 64
%dvec = OpTypeVector %double 2
%dmat = OpTypeMatrix %dvec 2
%ptr = OpTypePointer Function %dmat
%main = OpFunction %void None %fn
%entry = OpLabel
OpLine %string 12 7
%v = OpVariable %ptr Function
OpReturn
OpFunctionEnd
`, wgsl.Options{})
	if !wgsl.IsUnsupported(err) {
		t.Fatalf("want an unsupported error, got %v", err)
	}
	var e *wgsl.Error
	errors.As(err, &e)
	if e.Pos == nil || e.Pos.Line != 12 || e.Pos.File != "shader.hlsl" {
		t.Errorf("want the position shader.hlsl:12, got %+v", e.Pos)
	}
	if !strings.Contains(err.Error(), "shader.hlsl:12:7: error: WGSL cannot express matrices of 64-bit floats") {
		t.Errorf("unexpected message %q", err)
	}
}

func TestRowMajorAndStridedUniform(t *testing.T) {
	check(t, `
OpCapability Shader
OpMemoryModel Logical GLSL450
OpEntryPoint Vertex %main "main" %pos
OpName %u "u"
OpDecorate %pos BuiltIn Position
OpDecorate %arr ArrayStride 16
OpMemberDecorate %cb 0 Offset 0
OpMemberDecorate %cb 0 RowMajor
OpMemberDecorate %cb 0 MatrixStride 16
OpMemberDecorate %cb 1 Offset 64
OpMemberDecorate %cb 2 Offset 128
OpMemberDecorate %cb 3 Offset 132
OpDecorate %cb Block
OpDecorate %u DescriptorSet 0
OpDecorate %u Binding 0
%void = OpTypeVoid
%fn = OpTypeFunction %void
%float = OpTypeFloat 32
%int = OpTypeInt 32 1
%v3 = OpTypeVector %float 3
%v4 = OpTypeVector %float 4
%m4 = OpTypeMatrix %v4 4
%uint_4 = OpConstant %int 4
%arr = OpTypeArray %float %uint_4
%cb = OpTypeStruct %m4 %arr %float %v3
%ptr_cb = OpTypePointer Uniform %cb
%u = OpVariable %ptr_cb Uniform
%ptr_m4 = OpTypePointer Uniform %m4
%ptr_f = OpTypePointer Uniform %float
%ptr_v3 = OpTypePointer Uniform %v3
%ptr_out = OpTypePointer Output %v4
%pos = OpVariable %ptr_out Output
%int_0 = OpConstant %int 0
%int_1 = OpConstant %int 1
%int_2 = OpConstant %int 2
%int_3 = OpConstant %int 3
%main = OpFunction %void None %fn
%entry = OpLabel
%pm = OpAccessChain %ptr_m4 %u %int_0
%m = OpLoad %m4 %pm
%pa = OpAccessChain %ptr_f %u %int_1 %int_2
%a = OpLoad %float %pa
%pv = OpAccessChain %ptr_v3 %u %int_3
%v = OpLoad %v3 %pv
%x = OpCompositeExtract %float %v 0
%s = OpFAdd %float %a %x
%c = OpCompositeConstruct %v4 %s %s %s %s
%r = OpMatrixTimesVector %v4 %m %c
OpStore %pos %r
OpReturn
OpFunctionEnd
`,
		// The float[4] of stride 16 is wrapped, the float3 at offset 132
		// (relaxed layout) is split into scalars.
		`struct Stride16_f32 \{\s+@size\(16\) el : f32,`,
		`member_1 : array<Stride16_f32, 4>`,
		`member_3_x : f32`,
		`u\.member_1\[2u\]\.el \+ vec3<f32>\(u\.member_3_x, u\.member_3_y, u\.member_3_z\)\.x`,
		`transpose\(u\.member_0\) \* `)
}

func TestDepthAndComparisonInferred(t *testing.T) {
	check(t, `
OpCapability Shader
OpMemoryModel Logical GLSL450
OpEntryPoint Fragment %main "main" %uv %out
OpExecutionMode %main OriginUpperLeft
OpName %tex "tex"
OpName %smp "smp"
OpName %comb "comb"
OpDecorate %uv Location 0
OpDecorate %out Location 0
OpDecorate %tex DescriptorSet 0
OpDecorate %tex Binding 0
OpDecorate %smp DescriptorSet 0
OpDecorate %smp Binding 1
OpDecorate %comb DescriptorSet 0
OpDecorate %comb Binding 2
%void = OpTypeVoid
%fn = OpTypeFunction %void
%float = OpTypeFloat 32
%v2 = OpTypeVector %float 2
%v4 = OpTypeVector %float 4
%img = OpTypeImage %float 2D 0 0 0 1 Unknown
%simg = OpTypeSampledImage %img
%sampler = OpTypeSampler
%ptr_img = OpTypePointer UniformConstant %img
%ptr_smp = OpTypePointer UniformConstant %sampler
%ptr_simg = OpTypePointer UniformConstant %simg
%tex = OpVariable %ptr_img UniformConstant
%smp = OpVariable %ptr_smp UniformConstant
%comb = OpVariable %ptr_simg UniformConstant
%ptr_in = OpTypePointer Input %v2
%uv = OpVariable %ptr_in Input
%ptr_out = OpTypePointer Output %v4
%out = OpVariable %ptr_out Output
%half = OpConstant %float 0.5
%main = OpFunction %void None %fn
%entry = OpLabel
%c = OpLoad %v2 %uv
%t = OpLoad %img %tex
%s = OpLoad %sampler %smp
%si = OpSampledImage %simg %t %s
%d = OpImageSampleDrefImplicitLod %float %si %c %half
%cs = OpLoad %simg %comb
%col = OpImageSampleImplicitLod %v4 %cs %c
%r = OpVectorTimesScalar %v4 %col %d
OpStore %out %r
OpReturn
OpFunctionEnd
`,
		`var tex : texture_depth_2d;`,
		`var smp : sampler_comparison;`,
		`@binding\(2\) var comb : texture_2d<f32>;`,
		// The combined image sampler's sampler takes the next free binding.
		`@binding\(3\) var comb_sampler : sampler;`,
		`textureSampleCompare\(tex, smp, `,
		`textureSample\(comb, comb_sampler, `)
}

// Push constants become a uniform buffer at a free binding of group 0 by
// default, at the binding the options give, or are refused.
func TestPushConstantPlacement(t *testing.T) {
	text := `
OpCapability Shader
OpMemoryModel Logical GLSL450
OpEntryPoint GLCompute %main "main"
OpExecutionMode %main LocalSize 1 1 1
OpMemberDecorate %pc 0 Offset 0
OpDecorate %pc Block
%void = OpTypeVoid
%fn = OpTypeFunction %void
%float = OpTypeFloat 32
%pc = OpTypeStruct %float
%ptr = OpTypePointer PushConstant %pc
%p = OpVariable %ptr PushConstant
%ptr_f = OpTypePointer PushConstant %float
%priv = OpTypePointer Private %float
%g = OpVariable %priv Private
%int = OpTypeInt 32 1
%int_0 = OpConstant %int 0
%main = OpFunction %void None %fn
%entry = OpLabel
%a = OpAccessChain %ptr_f %p %int_0
%v = OpLoad %float %a
OpStore %g %v
OpReturn
OpFunctionEnd
`
	if _, err := translate(t, text, wgsl.Options{PushConstants: wgsl.PushNone}); !wgsl.IsUnsupported(err) || !strings.Contains(err.Error(), "push constants") {
		t.Fatalf("want the push constant placement error, got %v", err)
	}
	res := check(t, text, `@group\(0\) @binding\(0\) var<uniform> \w+ : \w+;`)
	if len(res.Bindings) != 1 || !res.Bindings[0].PushConstants || res.Bindings[0].Note == "" {
		t.Errorf("the free binding is not reported: %+v", res.Bindings)
	}
	res, err := translate(t, text, wgsl.Options{PushConstants: wgsl.PushUniform, PushGroup: 1, PushBinding: 7})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(res.WGSL, "@group(1) @binding(7) var<uniform> ") {
		t.Errorf("push constants not placed at 1/7:\n%s", res.WGSL)
	}
	if len(res.Bindings) != 1 || res.Bindings[0].Group != 1 || res.Bindings[0].Binding != 7 {
		t.Errorf("the placement is not reported: %+v", res.Bindings)
	}
}

func TestAtomicsAndStrongCompareExchange(t *testing.T) {
	check(t, computeHeader+`
%ptr_wg = OpTypePointer Workgroup %uint
%counter = OpVariable %ptr_wg Workgroup
%uint_2 = OpConstant %uint 2
%uint_264 = OpConstant %uint 264
%main = OpFunction %void None %fn
%entry = OpLabel
%old = OpAtomicIAdd %uint %counter %uint_2 %uint_0 %uint_1
%p = OpAccessChain %ptr_uint %buf %int_0 %uint_0
%prev = OpAtomicCompareExchange %uint %p %uint_1 %uint_0 %uint_0 %old %uint_10
OpControlBarrier %uint_2 %uint_2 %uint_264
%l = OpAtomicLoad %uint %counter %uint_2 %uint_0
%p1 = OpAccessChain %ptr_uint %buf %int_0 %uint_1
OpAtomicStore %p1 %uint_1 %uint_0 %l
OpReturn
OpFunctionEnd
`,
		`member_0 : array<atomic<u32>>`,
		`var<workgroup> \w+ : atomic<u32>;`,
		`atomicAdd\(&\w+, 1u\)`,
		`loop \{\s+let cas = atomicCompareExchangeWeak\(&buf\.member_0\[0u\], 10u, \w+\);\s+if cas\.exchanged \|\| \(cas\.old_value != 10u\) \{\s+\w+ = cas\.old_value;\s+break;`,
		`workgroupBarrier\(\);`,
		`atomicLoad\(&`,
		`atomicStore\(&buf\.member_0\[1u\], `)
}

const loopModule = `
%main = OpFunction %void None %fn
%entry = OpLabel
OpBranch %header
%header = OpLabel
%i = OpPhi %uint %uint_0 %entry %next %latch
%acc = OpPhi %uint %uint_1 %entry %acc2 %latch
OpLoopMerge %merge %latch None
OpBranch %body
%body = OpLabel
%acc2 = OpIMul %uint %acc %uint_10
OpBranch %latch
%latch = OpLabel
%next = OpIAdd %uint %i %uint_1
%done = OpUGreaterThanEqual %bool %next %uint_10
OpBranchConditional %done %merge %header
%merge = OpLabel
%p = OpAccessChain %ptr_uint %buf %int_0 %uint_0
OpStore %p %acc2
OpReturn
OpFunctionEnd
`

const switchModule = `
%main = OpFunction %void None %fn
%entry = OpLabel
%id = OpLoad %v3uint %gid
%x = OpCompositeExtract %uint %id 0
%p = OpAccessChain %ptr_uint %buf %int_0 %x
OpSelectionMerge %merge None
OpSwitch %x %default 1 %one 2 %two
%one = OpLabel
OpStore %p %uint_1
OpBranch %two
%two = OpLabel
%old = OpLoad %uint %p
%inc = OpIAdd %uint %old %uint_10
OpStore %p %inc
OpBranch %merge
%default = OpLabel
OpStore %p %uint_0
OpBranch %merge
%merge = OpLabel
OpReturn
OpFunctionEnd
`

// Variables sharing a location through Component decorations become one
// vector per location: an output built from its parts (zero where no part
// is), an input copied to its parts by swizzles.
func TestComponentsShareALocation(t *testing.T) {
	check(t, `
OpCapability Shader
OpMemoryModel Logical GLSL450
OpEntryPoint Vertex %main "main" %pos %w %n %outw %outn %glpos
OpDecorate %pos Location 0
OpDecorate %w Location 1
OpDecorate %n Location 1
OpDecorate %n Component 1
OpDecorate %outw Location 0
OpDecorate %outn Location 0
OpDecorate %outn Component 2
OpDecorate %glpos BuiltIn Position
%void = OpTypeVoid
%fn = OpTypeFunction %void
%float = OpTypeFloat 32
%v2 = OpTypeVector %float 2
%v4 = OpTypeVector %float 4
%ptr_in_f = OpTypePointer Input %float
%ptr_in_v2 = OpTypePointer Input %v2
%ptr_in_v4 = OpTypePointer Input %v4
%ptr_out_f = OpTypePointer Output %float
%ptr_out_v2 = OpTypePointer Output %v2
%ptr_out_v4 = OpTypePointer Output %v4
%pos = OpVariable %ptr_in_v4 Input
%w = OpVariable %ptr_in_f Input
%n = OpVariable %ptr_in_v2 Input
%outw = OpVariable %ptr_out_f Output
%outn = OpVariable %ptr_out_v2 Output
%glpos = OpVariable %ptr_out_v4 Output
%main = OpFunction %void None %fn
%e = OpLabel
%p = OpLoad %v4 %pos
OpStore %glpos %p
%wv = OpLoad %float %w
OpStore %outw %wv
%nv = OpLoad %v2 %n
OpStore %outn %nv
OpReturn
OpFunctionEnd
`,
		`@location\(0\) location_0 : vec4<f32>,`,
		`@vertex\s+fn main\(@location\(0\) \w+ : vec4<f32>, @location\(1\) (location_1_param) : vec3<f32>\)`,
		`\w+ = location_1_param\.x;\s+\w+ = location_1_param\.yz;`,
		`main_out\([^)]*vec4<f32>\(\w+, 0\.0f, \w+\.x, \w+\.y\)`)
}

// A workgroup-scope memory barrier (GroupMemoryBarrier) that every
// invocation reaches becomes WGSL's barrier, which synchronises execution
// too; in a branch, or at device scope, it is refused.
func TestWorkgroupMemoryBarrier(t *testing.T) {
	module := func(body string) string {
		return computeHeader + `
%uint_2 = OpConstant %uint 2
%uint_264 = OpConstant %uint 264
%main = OpFunction %void None %fn
%entry = OpLabel
%id = OpLoad %v3uint %gid
%x = OpCompositeExtract %uint %id 0
%p = OpAccessChain %ptr_uint %buf %int_0 %x
` + body + `
OpReturn
OpFunctionEnd
`
	}
	uniform := `OpStore %p %uint_1
OpMemoryBarrier %SCOPE %uint_264
OpStore %p %uint_0`
	check(t, module(strings.ReplaceAll(uniform, "%SCOPE", "%uint_2")),
		`buf\.member_0\[x_\d+\] = 1u;\s+workgroupBarrier\(\);\s+buf\.member_0\[x_\d+\] = 0u;`)
	_, err := translate(t, module(strings.ReplaceAll(uniform, "%SCOPE", "%uint_1")), wgsl.Options{})
	if err == nil || !strings.Contains(err.Error(), "at a scope wider than the workgroup") {
		t.Errorf("device scope: got %v", err)
	}
	branch := `%c = OpULessThan %bool %x %uint_10
OpSelectionMerge %m None
OpBranchConditional %c %then %m
%then = OpLabel
OpMemoryBarrier %uint_2 %uint_264
OpBranch %m
%m = OpLabel`
	_, err = translate(t, module(branch), wgsl.Options{})
	if err == nil || !strings.Contains(err.Error(), "where not every invocation of a compute shader reaches it") {
		t.Errorf("in a branch: got %v", err)
	}
}

// BaseVertex, BaseInstance and DrawIndex, which WebGPU does not give a
// vertex shader, are read from a uniform buffer the translation adds at a
// free binding of group 0 and reports; signed declarations are bitcast.
func TestDrawParameters(t *testing.T) {
	res := check(t, `
OpCapability Shader
OpCapability DrawParameters
OpMemoryModel Logical GLSL450
OpEntryPoint Vertex %main "main" %bv %bi %vi %glpos
OpDecorate %bv BuiltIn BaseVertex
OpDecorate %bi BuiltIn BaseInstance
OpDecorate %vi BuiltIn VertexIndex
OpDecorate %glpos BuiltIn Position
OpMemberDecorate %ub 0 Offset 0
OpDecorate %ub Block
OpDecorate %u DescriptorSet 0
OpDecorate %u Binding 0
%void = OpTypeVoid
%fn = OpTypeFunction %void
%int = OpTypeInt 32 1
%uint = OpTypeInt 32 0
%float = OpTypeFloat 32
%v4 = OpTypeVector %float 4
%ptr_in_int = OpTypePointer Input %int
%ptr_in_uint = OpTypePointer Input %uint
%ptr_out_v4 = OpTypePointer Output %v4
%ub = OpTypeStruct %float
%ptr_ub = OpTypePointer Uniform %ub
%ptr_u_f = OpTypePointer Uniform %float
%u = OpVariable %ptr_ub Uniform
%bv = OpVariable %ptr_in_int Input
%bi = OpVariable %ptr_in_uint Input
%vi = OpVariable %ptr_in_int Input
%glpos = OpVariable %ptr_out_v4 Output
%int_0 = OpConstant %int 0
%main = OpFunction %void None %fn
%e = OpLabel
%b = OpLoad %int %bv
%i = OpLoad %uint %bi
%v = OpLoad %int %vi
%rel = OpISub %int %v %b
%fr = OpConvertSToF %float %rel
%fi = OpConvertUToF %float %i
%pa = OpAccessChain %ptr_u_f %u %int_0
%s = OpLoad %float %pa
%x = OpFMul %float %fr %s
%p = OpCompositeConstruct %v4 %x %fi %s %s
OpStore %glpos %p
OpReturn
OpFunctionEnd
`,
		`struct DrawParameters \{\s+base_vertex : u32,\s+base_instance : u32,\s+draw_index : u32,\s+view_index : u32,\s+\}`,
		`@group\(0\) @binding\(1\) var<uniform> draw_parameters : DrawParameters;`,
		`@vertex\s+fn main\(@builtin\(vertex_index\) \w+ : u32\)`,
		`= bitcast<i32>\(draw_parameters\.base_vertex\);`,
		`= draw_parameters\.base_instance;`)
	var found bool
	for _, b := range res.Bindings {
		if b.DrawParameters {
			found = true
			if b.Group != 0 || b.Binding != 1 || b.Note == "" {
				t.Errorf("draw parameters reported as %+v, want group 0 binding 1 with a note", b)
			}
		}
	}
	if !found {
		t.Errorf("the draw parameters buffer is not reported: %+v", res.Bindings)
	}
}

// A fragment shader reads the view index from the draw parameters (WebGPU
// has no multiview: each view is a pass), and 0 for Layer and
// ViewportIndex, which WebGPU's vertex stage cannot write.
func TestViewIndexAndLayerInFragment(t *testing.T) {
	check(t, `
OpCapability Shader
OpCapability MultiView
OpCapability Geometry
OpCapability MultiViewport
OpMemoryModel Logical GLSL450
OpEntryPoint Fragment %main "main" %view %layer %vp %color
OpExecutionMode %main OriginUpperLeft
OpDecorate %view BuiltIn ViewIndex
OpDecorate %view Flat
OpDecorate %layer BuiltIn Layer
OpDecorate %layer Flat
OpDecorate %vp BuiltIn ViewportIndex
OpDecorate %vp Flat
OpDecorate %color Location 0
%void = OpTypeVoid
%fn = OpTypeFunction %void
%uint = OpTypeInt 32 0
%int = OpTypeInt 32 1
%float = OpTypeFloat 32
%v4 = OpTypeVector %float 4
%ptr_in_uint = OpTypePointer Input %uint
%ptr_in_int = OpTypePointer Input %int
%ptr_out_v4 = OpTypePointer Output %v4
%view = OpVariable %ptr_in_uint Input
%layer = OpVariable %ptr_in_int Input
%vp = OpVariable %ptr_in_int Input
%color = OpVariable %ptr_out_v4 Output
%main = OpFunction %void None %fn
%e = OpLabel
%v = OpLoad %uint %view
%l = OpLoad %int %layer
%p = OpLoad %int %vp
%fv = OpConvertUToF %float %v
%fl = OpConvertSToF %float %l
%fp = OpConvertSToF %float %p
%c = OpCompositeConstruct %v4 %fv %fl %fp %fv
OpStore %color %c
OpReturn
OpFunctionEnd
`,
		`@group\(0\) @binding\(0\) var<uniform> draw_parameters : DrawParameters;`,
		`@fragment\s+fn main\(\) -> main_out \{`,
		`= draw_parameters\.view_index;`,
		`= bitcast<i32>\(0u\);`,
		`= bitcast<i32>\(0u\);`)
}

// MaximallyReconvergesKHR is kept (dropped) when nothing sees which
// invocations run together, and refused with a subgroup operation.
func TestMaximalReconvergence(t *testing.T) {
	module := func(body string) string {
		return `
OpCapability Shader
OpCapability GroupNonUniform
OpExtension "SPV_KHR_maximal_reconvergence"
OpMemoryModel Logical GLSL450
OpEntryPoint GLCompute %main "main"
OpExecutionMode %main LocalSize 4 1 1
OpExecutionMode %main MaximallyReconvergesKHR
%void = OpTypeVoid
%fn = OpTypeFunction %void
%bool = OpTypeBool
%uint = OpTypeInt 32 0
%uint_3 = OpConstant %uint 3
%main = OpFunction %void None %fn
%e = OpLabel
` + body + `
OpReturn
OpFunctionEnd
`
	}
	check(t, module(""), `@compute @workgroup_size\(4, 1, 1\)`)
	_, err := translate(t, module("%x = OpGroupNonUniformElect %bool %uint_3"), wgsl.Options{})
	if !wgsl.IsUnsupported(err) || !strings.Contains(err.Error(), "MaximallyReconvergesKHR with OpGroupNonUniformElect") {
		t.Fatalf("want the reconvergence refusal, got %v", err)
	}
}

// A per-vertex input read at vertex 0 only is the provoking vertex's flat
// input; read at another vertex it is refused.
func TestPerVertexInputAtVertexZero(t *testing.T) {
	module := func(vertex string) string {
		return `
OpCapability Shader
OpCapability FragmentBarycentricKHR
OpExtension "SPV_KHR_fragment_shader_barycentric"
OpMemoryModel Logical GLSL450
OpEntryPoint Fragment %main "main" %a %color
OpExecutionMode %main OriginUpperLeft
OpDecorate %a Location 0
OpDecorate %a PerVertexKHR
OpDecorate %color Location 0
%void = OpTypeVoid
%fn = OpTypeFunction %void
%uint = OpTypeInt 32 0
%float = OpTypeFloat 32
%v4 = OpTypeVector %float 4
%uint_0 = OpConstant %uint 0
%uint_1 = OpConstant %uint 1
%uint_3 = OpConstant %uint 3
%arr = OpTypeArray %v4 %uint_3
%ptr_in_arr = OpTypePointer Input %arr
%ptr_in_v4 = OpTypePointer Input %v4
%ptr_out_v4 = OpTypePointer Output %v4
%a = OpVariable %ptr_in_arr Input
%color = OpVariable %ptr_out_v4 Output
%main = OpFunction %void None %fn
%e = OpLabel
%p = OpAccessChain %ptr_in_v4 %a ` + vertex + `
%v = OpLoad %v4 %p
OpStore %color %v
OpReturn
OpFunctionEnd
`
	}
	check(t, module("%uint_0"), `@fragment\s+fn main\(@location\(0\) @interpolate\(flat\) (\w+) : vec4<f32>\)`, `\w+\[0\] = \w+;`)
	_, err := translate(t, module("%uint_1"), wgsl.Options{})
	if !wgsl.IsUnsupported(err) || !strings.Contains(err.Error(), "per-vertex fragment inputs") {
		t.Fatalf("want the per-vertex refusal, got %v", err)
	}
}
