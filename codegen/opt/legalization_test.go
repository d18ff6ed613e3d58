package opt

import (
	"os"
	"strings"
	"testing"

	"github.com/hlsl2spirv/hlsl2spirv/builder/asm"
	"github.com/hlsl2spirv/hlsl2spirv/test/corpus"
	"github.com/hlsl2spirv/hlsl2spirv/test/tool"
)

// The legalization pipeline must make DXC's -fcgl shapes legal: resources
// held in Function variables (images and samplers by value, buffers as
// pointers to their variable), passed to functions through parameter
// variables, chosen by control flow that inlining makes constant, and
// structs holding resources. Each module here is invalid SPIR-V for Vulkan
// (spirv-val accepts it only with --before-hlsl-legalization) and must come
// out of --legalize-hlsl valid, with the resources read from their
// variables.

// fcglHeader starts the modules: a pixel shader writing out.
const fcglHeader = `OpCapability Shader
OpMemoryModel Logical GLSL450
OpEntryPoint Fragment %main "main" %out %in
OpExecutionMode %main OriginUpperLeft
OpName %src_main "src.main"
`

// fcglImageNames names the image types as DXC does.
const fcglImageNames = `OpName %type_2d_image "type.2d.image"
OpName %type_sampler "type.sampler"
OpName %type_sampled_image "type.sampled.image"
`

// fcglIO decorates the stage variables (after a module's names).
const fcglIO = `OpDecorate %out Location 0
OpDecorate %in Location 0
`

const fcglTypes = `%void = OpTypeVoid
%fn = OpTypeFunction %void
%bool = OpTypeBool
%true = OpConstantTrue %bool
%false = OpConstantFalse %bool
%float = OpTypeFloat 32
%v2float = OpTypeVector %float 2
%v4float = OpTypeVector %float 4
%int = OpTypeInt 32 1
%uint = OpTypeInt 32 0
%int_0 = OpConstant %int 0
%int_1 = OpConstant %int 1
%uint_0 = OpConstant %uint 0
%float_1 = OpConstant %float 1
%_ptr_Output_v4float = OpTypePointer Output %v4float
%_ptr_Input_v2float = OpTypePointer Input %v2float
%_ptr_Function_bool = OpTypePointer Function %bool
%_ptr_Function_v2float = OpTypePointer Function %v2float
%fn_v4 = OpTypeFunction %v4float
%out = OpVariable %_ptr_Output_v4float Output
%in = OpVariable %_ptr_Input_v2float Input
`

// fcglMain is the entry wrapper DXC writes: it calls src.main and stores
// its result.
const fcglMain = `%main = OpFunction %void None %fn
%main_entry = OpLabel
%r = OpFunctionCall %v4float %src_main
OpStore %out %r
OpReturn
OpFunctionEnd
`

// A RWStructuredBuffer parameter: the caller stores the buffer's variable
// in a Function variable of pointer type and passes that; the callee loads
// the pointer and indexes it.
const fcglBufferParam = fcglHeader + `OpName %buf "buf"
OpName %write "write"
` + fcglIO + `OpDecorate %buf DescriptorSet 0
OpDecorate %buf Binding 0
OpDecorate %_rt_float ArrayStride 4
OpMemberDecorate %type_RWStructuredBuffer_float 0 Offset 0
OpDecorate %type_RWStructuredBuffer_float BufferBlock
` + fcglTypes + `%_rt_float = OpTypeRuntimeArray %float
%type_RWStructuredBuffer_float = OpTypeStruct %_rt_float
%_ptr_Uniform_type_RWStructuredBuffer_float = OpTypePointer Uniform %type_RWStructuredBuffer_float
%_ptr_Function__ptr_Uniform_type_RWStructuredBuffer_float = OpTypePointer Function %_ptr_Uniform_type_RWStructuredBuffer_float
%_ptr_Uniform_float = OpTypePointer Uniform %float
%fn_write = OpTypeFunction %void %_ptr_Function__ptr_Uniform_type_RWStructuredBuffer_float
%buf = OpVariable %_ptr_Uniform_type_RWStructuredBuffer_float Uniform
` + fcglMain + `%src_main = OpFunction %v4float None %fn_v4
%bb = OpLabel
%param_var_b = OpVariable %_ptr_Function__ptr_Uniform_type_RWStructuredBuffer_float Function
OpStore %param_var_b %buf
%call = OpFunctionCall %void %write %param_var_b
%p = OpAccessChain %_ptr_Uniform_float %buf %int_0 %uint_0
%v = OpLoad %float %p
%res = OpCompositeConstruct %v4float %v %v %v %v
OpReturnValue %res
OpFunctionEnd
%write = OpFunction %void None %fn_write
%b = OpFunctionParameter %_ptr_Function__ptr_Uniform_type_RWStructuredBuffer_float
%wb = OpLabel
%bp = OpLoad %_ptr_Uniform_type_RWStructuredBuffer_float %b
%elem = OpAccessChain %_ptr_Uniform_float %bp %int_0 %uint_0
OpStore %elem %float_1
OpReturn
OpFunctionEnd
`

func TestLegalizeBufferParameter(t *testing.T) {
	checkLegalized(t, fcglBufferParam, `
; CHECK: %main = OpFunction
; CHECK-NOT: OpFunctionCall
; CHECK-NOT: OpVariable %_ptr_Function__ptr
; CHECK: OpAccessChain %_ptr_Uniform_float %buf %int_0 %uint_0
; CHECK: OpStore {{%[a-z_0-9]+}} %float_1
`)
}

// A buffer chosen by an if on a parameter the caller passes as a constant
// (DXC keeps the choice in a Function variable of pointer type, stored on
// both paths): ssa-rewrite makes a phi of the two pointers, and once the
// constant condition folds, the chosen buffer is used directly.
const fcglBufferChoice = fcglHeader + `OpName %bufA "bufA"
OpName %bufB "bufB"
OpName %pick "pick"
` + fcglIO + `OpDecorate %bufA DescriptorSet 0
OpDecorate %bufA Binding 0
OpDecorate %bufB DescriptorSet 0
OpDecorate %bufB Binding 1
OpDecorate %_rt_float ArrayStride 4
OpMemberDecorate %type_RWStructuredBuffer_float 0 Offset 0
OpDecorate %type_RWStructuredBuffer_float BufferBlock
` + fcglTypes + `%_rt_float = OpTypeRuntimeArray %float
%type_RWStructuredBuffer_float = OpTypeStruct %_rt_float
%_ptr_Uniform_type_RWStructuredBuffer_float = OpTypePointer Uniform %type_RWStructuredBuffer_float
%_ptr_Function__ptr_Uniform_type_RWStructuredBuffer_float = OpTypePointer Function %_ptr_Uniform_type_RWStructuredBuffer_float
%_ptr_Uniform_float = OpTypePointer Uniform %float
%fn_pick = OpTypeFunction %float %_ptr_Function_bool
%bufA = OpVariable %_ptr_Uniform_type_RWStructuredBuffer_float Uniform
%bufB = OpVariable %_ptr_Uniform_type_RWStructuredBuffer_float Uniform
` + fcglMain + `%src_main = OpFunction %v4float None %fn_v4
%bb = OpLabel
%param_var_second = OpVariable %_ptr_Function_bool Function
OpStore %param_var_second %false
%v = OpFunctionCall %float %pick %param_var_second
%res = OpCompositeConstruct %v4float %v %v %v %v
OpReturnValue %res
OpFunctionEnd
%pick = OpFunction %float None %fn_pick
%second = OpFunctionParameter %_ptr_Function_bool
%pb = OpLabel
%b = OpVariable %_ptr_Function__ptr_Uniform_type_RWStructuredBuffer_float Function
%c = OpLoad %bool %second
OpSelectionMerge %pm None
OpBranchConditional %c %pt %pe
%pt = OpLabel
OpStore %b %bufB
OpBranch %pm
%pe = OpLabel
OpStore %b %bufA
OpBranch %pm
%pm = OpLabel
%bp = OpLoad %_ptr_Uniform_type_RWStructuredBuffer_float %b
%elem = OpAccessChain %_ptr_Uniform_float %bp %int_0 %uint_0
%x = OpLoad %float %elem
OpReturnValue %x
OpFunctionEnd
`

func TestLegalizeBufferChosenByConstant(t *testing.T) {
	checkLegalized(t, fcglBufferChoice, `
; CHECK: %main = OpFunction
; CHECK-NOT: OpPhi
; CHECK-NOT: %bufB
; CHECK: OpAccessChain %_ptr_Uniform_float %bufA %int_0 %uint_0
`)
}

// Textures and a sampler held in locals and parameter variables by value
// (DXC's Function variables of image and sampler type), with the texture
// chosen by an if on a parameter the caller passes as a constant.
const fcglTextureLocals = fcglHeader + fcglImageNames + `OpName %ta "ta"
OpName %tb "tb"
OpName %samp "samp"
OpName %sample "sample"
` + fcglIO + `OpDecorate %ta DescriptorSet 0
OpDecorate %ta Binding 0
OpDecorate %tb DescriptorSet 0
OpDecorate %tb Binding 1
OpDecorate %samp DescriptorSet 0
OpDecorate %samp Binding 2
` + fcglTypes + `%type_2d_image = OpTypeImage %float 2D 2 0 0 1 Unknown
%type_sampler = OpTypeSampler
%type_sampled_image = OpTypeSampledImage %type_2d_image
%_ptr_UniformConstant_type_2d_image = OpTypePointer UniformConstant %type_2d_image
%_ptr_UniformConstant_type_sampler = OpTypePointer UniformConstant %type_sampler
%_ptr_Function_type_2d_image = OpTypePointer Function %type_2d_image
%_ptr_Function_type_sampler = OpTypePointer Function %type_sampler
%fn_sample = OpTypeFunction %v4float %_ptr_Function_bool %_ptr_Function_type_sampler %_ptr_Function_v2float
%ta = OpVariable %_ptr_UniformConstant_type_2d_image UniformConstant
%tb = OpVariable %_ptr_UniformConstant_type_2d_image UniformConstant
%samp = OpVariable %_ptr_UniformConstant_type_sampler UniformConstant
` + fcglMain + `%src_main = OpFunction %v4float None %fn_v4
%bb = OpLabel
%param_var_first = OpVariable %_ptr_Function_bool Function
%param_var_s = OpVariable %_ptr_Function_type_sampler Function
%param_var_uv = OpVariable %_ptr_Function_v2float Function
OpStore %param_var_first %true
%s = OpLoad %type_sampler %samp
OpStore %param_var_s %s
%uv = OpLoad %v2float %in
OpStore %param_var_uv %uv
%c = OpFunctionCall %v4float %sample %param_var_first %param_var_s %param_var_uv
OpReturnValue %c
OpFunctionEnd
%sample = OpFunction %v4float None %fn_sample
%first = OpFunctionParameter %_ptr_Function_bool
%sp = OpFunctionParameter %_ptr_Function_type_sampler
%uvp = OpFunctionParameter %_ptr_Function_v2float
%sb = OpLabel
%t = OpVariable %_ptr_Function_type_2d_image Function
%f = OpLoad %bool %first
OpSelectionMerge %sm None
OpBranchConditional %f %st %se
%st = OpLabel
%la = OpLoad %type_2d_image %ta
OpStore %t %la
OpBranch %sm
%se = OpLabel
%lb = OpLoad %type_2d_image %tb
OpStore %t %lb
OpBranch %sm
%sm = OpLabel
%img = OpLoad %type_2d_image %t
%smp = OpLoad %type_sampler %sp
%si = OpSampledImage %type_sampled_image %img %smp
%coord = OpLoad %v2float %uvp
%col = OpImageSampleImplicitLod %v4float %si %coord
OpReturnValue %col
OpFunctionEnd
`

func TestLegalizeTextureLocals(t *testing.T) {
	checkLegalized(t, fcglTextureLocals, `
; CHECK: %main = OpFunction
; CHECK-NOT: OpVariable %_ptr_Function_type
; CHECK-NOT: OpPhi
; CHECK-DAG: [[img:%[a-z_0-9]+]] = OpLoad %type_2d_image %ta
; CHECK-DAG: [[smp:%[a-z_0-9]+]] = OpLoad %type_sampler %samp
; CHECK-NOT: %tb
; CHECK: OpSampledImage %type_sampled_image [[img]] [[smp]]
`)
}

// A struct holding a texture and a sampler, built in a local from the
// globals and passed to a function by pointer (DXC's -fcgl code for a
// struct of resources).
const fcglResourceStruct = fcglHeader + fcglImageNames + `OpName %tex "tex"
OpName %samp "samp"
OpName %Material "Material"
OpName %shade "shade"
` + fcglIO + `OpDecorate %tex DescriptorSet 0
OpDecorate %tex Binding 0
OpDecorate %samp DescriptorSet 0
OpDecorate %samp Binding 1
` + fcglTypes + `%type_2d_image = OpTypeImage %float 2D 2 0 0 1 Unknown
%type_sampler = OpTypeSampler
%type_sampled_image = OpTypeSampledImage %type_2d_image
%Material = OpTypeStruct %type_2d_image %type_sampler
%_ptr_UniformConstant_type_2d_image = OpTypePointer UniformConstant %type_2d_image
%_ptr_UniformConstant_type_sampler = OpTypePointer UniformConstant %type_sampler
%_ptr_Function_Material = OpTypePointer Function %Material
%_ptr_Function_type_2d_image = OpTypePointer Function %type_2d_image
%_ptr_Function_type_sampler = OpTypePointer Function %type_sampler
%fn_shade = OpTypeFunction %v4float %_ptr_Function_Material
%tex = OpVariable %_ptr_UniformConstant_type_2d_image UniformConstant
%samp = OpVariable %_ptr_UniformConstant_type_sampler UniformConstant
` + fcglMain + `%src_main = OpFunction %v4float None %fn_v4
%bb = OpLabel
%m = OpVariable %_ptr_Function_Material Function
%param_var_m = OpVariable %_ptr_Function_Material Function
%t = OpLoad %type_2d_image %tex
%mt = OpAccessChain %_ptr_Function_type_2d_image %m %int_0
OpStore %mt %t
%s = OpLoad %type_sampler %samp
%ms = OpAccessChain %_ptr_Function_type_sampler %m %int_1
OpStore %ms %s
%whole = OpLoad %Material %m
OpStore %param_var_m %whole
%c = OpFunctionCall %v4float %shade %param_var_m
OpReturnValue %c
OpFunctionEnd
%shade = OpFunction %v4float None %fn_shade
%mp = OpFunctionParameter %_ptr_Function_Material
%sb = OpLabel
%pt = OpAccessChain %_ptr_Function_type_2d_image %mp %int_0
%it = OpLoad %type_2d_image %pt
%ps = OpAccessChain %_ptr_Function_type_sampler %mp %int_1
%is = OpLoad %type_sampler %ps
%si = OpSampledImage %type_sampled_image %it %is
%uv = OpLoad %v2float %in
%col = OpImageSampleImplicitLod %v4float %si %uv
OpReturnValue %col
OpFunctionEnd
`

func TestLegalizeResourceStruct(t *testing.T) {
	checkLegalized(t, fcglResourceStruct, `
; CHECK-NOT: OpTypeStruct %type_2d_image
; CHECK: %main = OpFunction
; CHECK-NOT: OpVariable
; CHECK-DAG: [[img:%[a-z_0-9]+]] = OpLoad %type_2d_image %tex
; CHECK-DAG: [[smp:%[a-z_0-9]+]] = OpLoad %type_sampler %samp
; CHECK: OpSampledImage %type_sampled_image [[img]] [[smp]]
`)
}

// A groupshared array passed to a function taking an inout array (DXC
// types the parameter as a Function pointer and passes the Workgroup
// variable itself): fix-storage-class gives the inlined access chains the
// Workgroup class.
const fcglGroupsharedParam = `OpCapability Shader
OpMemoryModel Logical GLSL450
OpEntryPoint GLCompute %main "main" %gid
OpExecutionMode %main LocalSize 4 1 1
OpName %shared "shared"
OpName %bump "bump"
OpName %res "res"
OpDecorate %gid BuiltIn LocalInvocationId
OpDecorate %res DescriptorSet 0
OpDecorate %res Binding 0
OpDecorate %_rt_float ArrayStride 4
OpMemberDecorate %Res 0 Offset 0
OpDecorate %Res BufferBlock
%void = OpTypeVoid
%fn = OpTypeFunction %void
%float = OpTypeFloat 32
%uint = OpTypeInt 32 0
%v3uint = OpTypeVector %uint 3
%uint_0 = OpConstant %uint 0
%uint_4 = OpConstant %uint 4
%float_1 = OpConstant %float 1
%arr = OpTypeArray %float %uint_4
%_ptr_Workgroup_arr = OpTypePointer Workgroup %arr
%_ptr_Function_arr = OpTypePointer Function %arr
%_ptr_Function_float = OpTypePointer Function %float
%_ptr_Function_uint = OpTypePointer Function %uint
%_ptr_Input_v3uint = OpTypePointer Input %v3uint
%_ptr_Input_uint = OpTypePointer Input %uint
%fn_bump = OpTypeFunction %void %_ptr_Function_arr %_ptr_Function_uint
%_rt_float = OpTypeRuntimeArray %float
%Res = OpTypeStruct %_rt_float
%_ptr_Uniform_Res = OpTypePointer Uniform %Res
%_ptr_Uniform_float = OpTypePointer Uniform %float
%_ptr_Workgroup_float = OpTypePointer Workgroup %float
%res = OpVariable %_ptr_Uniform_Res Uniform
%shared = OpVariable %_ptr_Workgroup_arr Workgroup
%gid = OpVariable %_ptr_Input_v3uint Input
%main = OpFunction %void None %fn
%entry = OpLabel
%param_var_i = OpVariable %_ptr_Function_uint Function
%pi = OpAccessChain %_ptr_Input_uint %gid %uint_0
%i = OpLoad %uint %pi
OpStore %param_var_i %i
%call = OpFunctionCall %void %bump %shared %param_var_i
%s0 = OpAccessChain %_ptr_Workgroup_float %shared %uint_0
%v0 = OpLoad %float %s0
%r0 = OpAccessChain %_ptr_Uniform_float %res %uint_0 %uint_0
OpStore %r0 %v0
OpReturn
OpFunctionEnd
%bump = OpFunction %void None %fn_bump
%a = OpFunctionParameter %_ptr_Function_arr
%ip = OpFunctionParameter %_ptr_Function_uint
%bb = OpLabel
%idx = OpLoad %uint %ip
%e = OpAccessChain %_ptr_Function_float %a %idx
%old = OpLoad %float %e
%new = OpFAdd %float %old %float_1
OpStore %e %new
OpReturn
OpFunctionEnd
`

func TestLegalizeGroupsharedParameter(t *testing.T) {
	checkLegalized(t, fcglGroupsharedParam, `
; CHECK: %main = OpFunction
; CHECK: [[e:%[a-z_0-9]+]] = OpAccessChain %_ptr_Workgroup_float %shared
; CHECK: OpLoad %float [[e]]
`)
}

// A struct of resources bound as a whole and an array of textures indexed
// by a parameter the caller passes as a constant: with DXC's flattening
// options, each resource ends up a variable of its own.
const fcglFlattened = fcglHeader + fcglImageNames + `OpName %mat "mat"
OpName %texs "texs"
OpName %Material "Material"
OpName %shade "shade"
` + fcglIO + `OpDecorate %mat DescriptorSet 0
OpDecorate %mat Binding 0
OpDecorate %texs DescriptorSet 0
OpDecorate %texs Binding 2
` + fcglTypes + `%uint_2 = OpConstant %uint 2
%type_2d_image = OpTypeImage %float 2D 2 0 0 1 Unknown
%type_sampler = OpTypeSampler
%type_sampled_image = OpTypeSampledImage %type_2d_image
%Material = OpTypeStruct %type_2d_image %type_sampler
%texarr = OpTypeArray %type_2d_image %uint_2
%_ptr_UniformConstant_Material = OpTypePointer UniformConstant %Material
%_ptr_UniformConstant_texarr = OpTypePointer UniformConstant %texarr
%_ptr_UniformConstant_type_2d_image = OpTypePointer UniformConstant %type_2d_image
%_ptr_Function_Material = OpTypePointer Function %Material
%_ptr_Function_uint = OpTypePointer Function %uint
%fn_shade = OpTypeFunction %v4float %_ptr_Function_Material %_ptr_Function_uint
%mat = OpVariable %_ptr_UniformConstant_Material UniformConstant
%texs = OpVariable %_ptr_UniformConstant_texarr UniformConstant
` + fcglMain + `%src_main = OpFunction %v4float None %fn_v4
%bb = OpLabel
%param_var_m = OpVariable %_ptr_Function_Material Function
%param_var_i = OpVariable %_ptr_Function_uint Function
%whole = OpLoad %Material %mat
OpStore %param_var_m %whole
OpStore %param_var_i %uint_0
%c = OpFunctionCall %v4float %shade %param_var_m %param_var_i
OpReturnValue %c
OpFunctionEnd
%shade = OpFunction %v4float None %fn_shade
%mp = OpFunctionParameter %_ptr_Function_Material
%ip = OpFunctionParameter %_ptr_Function_uint
%sb = OpLabel
%i = OpLoad %uint %ip
%pt = OpAccessChain %_ptr_UniformConstant_type_2d_image %texs %i
%it = OpLoad %type_2d_image %pt
%mv = OpLoad %Material %mp
%is = OpCompositeExtract %type_sampler %mv 1
%si = OpSampledImage %type_sampled_image %it %is
%uv = OpLoad %v2float %in
%col = OpImageSampleImplicitLod %v4float %si %uv
OpReturnValue %col
OpFunctionEnd
`

func TestLegalizeFlattenedResources(t *testing.T) {
	checkLegalizedWith(t, fcglFlattened, `
; CHECK-DAG: OpName [[tex0:%[a-z_0-9]+]] "texs[0]"
; CHECK-DAG: OpName [[samp:%[a-z_0-9]+]] "mat.1"
; CHECK-DAG: OpDecorate [[tex0]] Binding 2
; CHECK-DAG: OpDecorate [[samp]] Binding 1
; CHECK-NOT: OpTypeStruct %type_2d_image
; CHECK: %main = OpFunction
; CHECK-DAG: [[img:%[0-9]+]] = OpLoad %type_2d_image [[tex0]]
; CHECK-DAG: [[smp:%[0-9]+]] = OpLoad %type_sampler [[samp]]
; CHECK: OpSampledImage %type_sampled_image [[img]] [[smp]]
`, LegalizeOptions{FlattenResourceArrays: true, FlattenCompositeResources: true})
}

// checkLegalized runs --legalize-hlsl over an -fcgl-shaped module (which
// must be what spirv-val accepts before legalization), matches the
// CHECK lines and validates the output for Vulkan.
func checkLegalized(t *testing.T, src, checks string) {
	t.Helper()
	checkLegalizedWith(t, src, checks, LegalizeOptions{})
}

// checkLegalizedWith is checkLegalized with DXC's additions to the
// pipeline.
func checkLegalizedWith(t *testing.T, src, checks string, o LegalizeOptions) {
	t.Helper()
	// (A resource variable of struct type is refused by spirv-val even
	// before legalization.)
	if !o.FlattenCompositeResources {
		if err := validateAsm(t, src, "--before-hlsl-legalization"); err != nil {
			t.Fatalf("the test's input is not valid -fcgl code: %v", err)
		}
	}
	checkValid(t, src, checks, implemented(LegalizationPipelineFlags(o))...)
}

// validateAsm assembles src and runs spirv-val with opts for Vulkan 1.0.
func validateAsm(t *testing.T, src string, opts ...string) error {
	t.Helper()
	words, err := asm.Assemble(src, asm.Options{})
	if err != nil {
		t.Fatalf("assembling: %v", err)
	}
	return tool.Validate(t, tool.Words2Bytes(words), "vulkan1.0", opts...)
}

// implemented keeps the flags of a pipeline that name implemented passes.
func implemented(flags []string) []string {
	var out []string
	for _, f := range flags {
		name, _, _ := strings.Cut(f, "=")
		if _, ok := registry[name]; ok {
			out = append(out, f)
		}
	}
	return out
}

// unlegalizable are -fcgl goldens whose code DXC cannot legalize either:
// a resource chosen at run time, a texel offset known only at run time on
// a sample (the compile is an error without -fcgl).
var unlegalizable = map[string]bool{
	"legalize/ternary.hlsl:8":               true,
	"resources/texel-offset-runtime.hlsl:9": true,
}

// TestLegalizationOverFcglGoldens runs DXC's legalization pipeline (as far
// as it is implemented) over every -fcgl module of the golden tests that
// spirv-val accepts as code before legalization, and requires a valid
// module out: the passes must make the emitter's unlegalized output legal,
// as DXC's do.
func TestLegalizationOverFcglGoldens(t *testing.T) {
	passes, err := Pipeline(LegalizationPipelineFlags(LegalizeOptions{}), false)
	if err != nil {
		t.Fatal(err)
	}
	mods := corpus.Golden(t)
	// LEGALIZE_DIR=dir measures over the *.spv files of dir instead (for
	// example the -fcgl output of DXC's test shaders), reporting rather
	// than failing.
	dir := os.Getenv("LEGALIZE_DIR")
	if dir != "" {
		mods = spvFiles(t, dir)
		for i := range mods {
			mods[i].CodeGenOnly = true
			mods[i].Env = envOfVersion(mods[i].Words[1])
			mods[i].ValOptions = []string{"--scalar-block-layout"}
		}
	}
	n, bad := 0, 0
	for _, m := range mods {
		if !m.CodeGenOnly || unlegalizable[m.Name] {
			continue
		}
		opts := append([]string{"--before-hlsl-legalization"}, m.ValOptions...)
		if tool.Validate(t, tool.Words2Bytes(m.Words), m.Env, opts...) != nil {
			continue // (features spirv-val 2023.1 does not know)
		}
		n++
		out := optimize(t, m, passes)
		if out == nil {
			continue
		}
		if err := tool.Validate(t, tool.Words2Bytes(out), m.Env, m.ValOptions...); err != nil {
			bad++
			if dir == "" {
				t.Errorf("%s: not legal after legalization: %v", m.Name, err)
			} else {
				t.Logf("%s: %s", m.Name, strings.SplitN(err.Error(), "\n", 3)[1])
			}
		}
	}
	t.Logf("%d -fcgl modules, %d not legal after legalization", n, bad)
	if dir == "" && n < 100 {
		t.Errorf("only %d -fcgl modules checked", n)
	}
}

// envOfVersion is the Vulkan environment spirv-val checks a module of
// SPIR-V version word v against.
func envOfVersion(v uint32) string {
	switch {
	case v >= 0x10500:
		return "vulkan1.2"
	case v == 0x10400:
		return "vulkan1.1spv1.4"
	case v >= 0x10300:
		return "vulkan1.1"
	}
	return "vulkan1.0"
}
