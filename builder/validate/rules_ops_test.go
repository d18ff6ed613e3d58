package validate

import (
	"errors"
	"testing"

	"github.com/hlsl2spirv/hlsl2spirv/builder/asm"
	"github.com/hlsl2spirv/hlsl2spirv/builder/spv"
)

// Rule tests of the instruction families.

func body(lines string) mod { return mod{body: lines + "\nOpReturn"} }

func TestArithmeticRules(t *testing.T) {
	runRuleCases(t, []ruleCase{
		{name: "fadd", m: body("%x = OpFAdd %float %float_0 %float_1")},
		{name: "fadd of ints", m: body("%x = OpFAdd %int %int_0 %int_1"), want: RuleArith},
		{name: "fadd of mixed types", m: body("%x = OpFAdd %float %float_0 %int_1"), want: RuleArith},
		{name: "iadd of mixed signedness", m: body("%x = OpIAdd %int %int_0 %uint_1")},
		{name: "iadd of mixed widths", m: mod{caps: "OpCapability Int16", types: "%short = OpTypeInt 16 1\n%s0 = OpConstant %short 0", body: "%x = OpIAdd %int %int_0 %s0\nOpReturn"}, want: RuleArith},
		{name: "snegate of float", m: body("%x = OpSNegate %float %float_1"), want: RuleArith},
		{name: "vector times scalar", m: body("%x = OpVectorTimesScalar %v2float %v2float_0 %float_1")},
		{name: "vector times scalar of the wrong scalar", m: body("%x = OpVectorTimesScalar %v2float %v2float_0 %int_1"), want: RuleArith},
		{name: "dot", m: body("%x = OpDot %float %v2float_0 %v2float_0")},
		{name: "dot to a vector", m: body("%x = OpDot %v2float %v2float_0 %v2float_0"), want: RuleArith},
		{name: "matrix times vector", m: mod{types: "%m2 = OpTypeMatrix %v2float 2\n%mc = OpConstantComposite %m2 %v2float_0 %v2float_0",
			body: "%x = OpMatrixTimesVector %v2float %mc %v2float_0\nOpReturn"}},
		{name: "iaddcarry", m: mod{types: "%st = OpTypeStruct %uint %uint", body: "%x = OpIAddCarry %st %uint_0 %uint_1\nOpReturn"}},
		{name: "iaddcarry of signed", m: mod{types: "%st = OpTypeStruct %int %int", body: "%x = OpIAddCarry %st %int_0 %int_1\nOpReturn"}, want: RuleArith},
		{name: "KHR cooperative matrix arithmetic", m: coopMatrixMod("%s = OpIAdd %cm %a %a\n%p = OpIMul %cm %s %a"), newer: true},
		{name: "KHR cooperative matrix of floats in an integer add", m: coopMatrixMod("%f = OpConvertSToF %cmf %a\n%s = OpIAdd %cmf %f %f"), newer: true, want: RuleArith},
	})
}

func TestBitwiseRules(t *testing.T) {
	runRuleCases(t, []ruleCase{
		{name: "shift", m: body("%x = OpShiftLeftLogical %int %int_1 %uint_1")},
		{name: "shift of a float", m: body("%x = OpShiftLeftLogical %float %float_1 %uint_1"), want: RuleBitwise},
		{name: "and of mismatched widths", m: body("%x = OpBitwiseAnd %v2int %int_1 %int_1"), want: RuleBitwise},
		{name: "bit count", m: body("%x = OpBitCount %int %uint_1")},
		{name: "bit field extract of a float", m: body("%x = OpBitFieldUExtract %float %float_1 %uint_0 %uint_1"), want: RuleBitwise},
		{name: "bit reverse of 16 bits in Vulkan", m: mod{caps: "OpCapability Int16", types: "%us = OpTypeInt 16 0\n%us1 = OpConstant %us 1",
			body: "%x = OpBitReverse %us %us1\nOpReturn"}, want: RuleBitwise},
	})
}

func TestLogicalRules(t *testing.T) {
	runRuleCases(t, []ruleCase{
		{name: "equal", m: body("%x = OpIEqual %bool %int_0 %int_1")},
		{name: "equal to an int", m: body("%x = OpIEqual %int %int_0 %int_1"), want: RuleLogical},
		{name: "vector compare to a scalar bool", m: body("%x = OpFOrdLessThan %bool %v2float_0 %v2float_0"), want: RuleLogical},
		{name: "logical and of ints", m: body("%x = OpLogicalAnd %bool %int_0 %int_1"), want: RuleLogical},
		{name: "select", m: body("%x = OpSelect %float %true %float_0 %float_1")},
		{name: "select of mismatched values", m: body("%x = OpSelect %float %true %float_0 %int_1"), want: RuleLogical},
		{name: "select of a struct before 1.4", m: mod{types: "%st = OpTypeStruct %float\n%s0 = OpConstantNull %st", body: "%x = OpSelect %st %true %s0 %s0\nOpReturn"}, want: RuleLogical},
		{name: "select of a struct in 1.4", m: mod{version: spv.Version1_4, types: "%st = OpTypeStruct %float\n%s0 = OpConstantNull %st", body: "%x = OpSelect %st %true %s0 %s0\nOpReturn"}},
		{name: "any of a scalar", m: body("%x = OpAny %bool %true"), want: RuleLogical},
	})
}

func TestConversionRules(t *testing.T) {
	runRuleCases(t, []ruleCase{
		{name: "convert float to signed", m: body("%x = OpConvertFToS %int %float_1")},
		{name: "convert float to a float", m: body("%x = OpConvertFToS %float %float_1"), want: RuleConversion},
		{name: "component count mismatch", m: body("%x = OpConvertSToF %v2float %int_1"), want: RuleConversion},
		{name: "fconvert of the same width", m: body("%x = OpFConvert %float %float_1"), want: RuleConversion},
		{name: "bitcast", m: body("%x = OpBitcast %uint %float_1")},
		{name: "bitcast of a different size", m: body("%x = OpBitcast %v2float %float_1"), want: RuleConversion},
		{name: "convert pointer to u in logical addressing", m: mod{body: "%v = OpVariable %ptr_fn_float Function\n%x = OpConvertPtrToU %uint %v\nOpReturn"}, want: RuleCapability},
	})
}

func TestCompositeRules(t *testing.T) {
	runRuleCases(t, []ruleCase{
		{name: "extract", m: body("%x = OpCompositeExtract %float %v2float_0 1")},
		{name: "extract out of range", m: body("%x = OpCompositeExtract %float %v2float_0 2"), want: RuleComposite},
		{name: "extract of the wrong type", m: body("%x = OpCompositeExtract %int %v2float_0 1"), want: RuleComposite},
		{name: "insert", m: body("%x = OpCompositeInsert %v2float %float_1 %v2float_0 0")},
		{name: "construct", m: body("%x = OpCompositeConstruct %v4float %v2float_0 %float_0 %float_1")},
		{name: "construct of too few", m: body("%x = OpCompositeConstruct %v4float %v2float_0 %float_0"), want: RuleComposite},
		{name: "shuffle", m: body("%x = OpVectorShuffle %v4float %v2float_0 %v2float_0 0 1 2 3")},
		{name: "shuffle index out of range", m: body("%x = OpVectorShuffle %v4float %v2float_0 %v2float_0 0 1 2 4"), want: RuleComposite},
		{name: "extract dynamic", m: body("%x = OpVectorExtractDynamic %float %v2float_0 %int_1")},
		{name: "extract dynamic of a float index", m: body("%x = OpVectorExtractDynamic %float %v2float_0 %float_1"), want: RuleComposite},
		{name: "transpose", m: mod{types: "%m2 = OpTypeMatrix %v2float 2\n%mc = OpConstantComposite %m2 %v2float_0 %v2float_0\n%m4 = OpTypeMatrix %v4float 2",
			body: "%x = OpTranspose %m4 %mc\nOpReturn"}, want: RuleComposite},
	})
}

// imageMod is a fragment module with a sampled 2D float image and a
// sampler bound, loaded in the entry block as %img, %smp and %si.
func imageMod(caps, types, b string) mod {
	return mod{
		model: "Fragment", caps: caps,
		decos: "OpDecorate %timg DescriptorSet 0\nOpDecorate %timg Binding 0\nOpDecorate %tsmp DescriptorSet 0\nOpDecorate %tsmp Binding 1",
		types: `%img2d = OpTypeImage %float 2D 0 0 0 1 Unknown
%sampler = OpTypeSampler
%simg2d = OpTypeSampledImage %img2d
%pimg = OpTypePointer UniformConstant %img2d
%psmp = OpTypePointer UniformConstant %sampler
%timg = OpVariable %pimg UniformConstant
%tsmp = OpVariable %psmp UniformConstant
` + types,
		body: "%img = OpLoad %img2d %timg\n%smp = OpLoad %sampler %tsmp\n%si = OpSampledImage %simg2d %img %smp\n" + b + "\nOpReturn",
	}
}

func TestImageRules(t *testing.T) {
	runRuleCases(t, []ruleCase{
		{name: "implicit lod sample", m: imageMod("", "", "%x = OpImageSampleImplicitLod %v4float %si %v2float_0")},
		{name: "sample to a scalar", m: imageMod("", "", "%x = OpImageSampleImplicitLod %float %si %v2float_0"), want: RuleImage},
		{name: "sample of an image", m: imageMod("", "", "%x = OpImageSampleImplicitLod %v4float %img %v2float_0"), want: RuleImage},
		{name: "sample with a short coordinate", m: imageMod("", "", "%x = OpImageSampleImplicitLod %v4float %si %float_0"), want: RuleImage},
		{name: "explicit lod", m: imageMod("", "", "%x = OpImageSampleExplicitLod %v4float %si %v2float_0 Lod %float_0")},
		{name: "explicit lod with a bias", m: imageMod("", "", "%x = OpImageSampleExplicitLod %v4float %si %v2float_0 Bias %float_0"), want: RuleImage},
		{name: "fetch from a sampled image", m: imageMod("", "", "%x = OpImageFetch %v4float %si %v2int"), want: RuleIDKind},
		{name: "fetch", m: imageMod("", "%ic = OpConstantComposite %v2int %int_0 %int_0", "%x = OpImageFetch %v4float %img %ic Lod %int_0")},
		{name: "query size lod", m: imageMod("OpCapability ImageQuery", "", "%x = OpImageQuerySizeLod %v2int %img %int_0")},
		{name: "query size lod without ImageQuery", m: imageMod("", "", "%x = OpImageQuerySizeLod %v2int %img %int_0"), want: RuleCapability},
		{name: "sampled image used in another block", m: imageMod("", "", "OpBranch %next\n%next = OpLabel\n%x = OpImageSampleImplicitLod %v4float %si %v2float_0"), want: RuleImage},
		{name: "image type of a bad sampled type", m: mod{types: "%bad = OpTypeImage %bool 2D 0 0 0 1 Unknown"}, want: RuleImage},
	})
}

// ssboMod is a compute module with a storage buffer of one uint, its
// member pointer loaded as %p (a pointer to uint in StorageBuffer).
func ssboMod(caps, types, b string) mod {
	return mod{
		caps: caps, exts: `OpExtension "SPV_KHR_storage_buffer_storage_class"`,
		decos: "OpDecorate %S Block\nOpMemberDecorate %S 0 Offset 0\nOpDecorate %buf DescriptorSet 0\nOpDecorate %buf Binding 0",
		types: "%S = OpTypeStruct %uint\n%pS = OpTypePointer StorageBuffer %S\n%buf = OpVariable %pS StorageBuffer\n%pu = OpTypePointer StorageBuffer %uint\n" + types,
		body:  "%p = OpAccessChain %pu %buf %int_0\n" + b + "\nOpReturn",
	}
}

func TestAtomicRules(t *testing.T) {
	runRuleCases(t, []ruleCase{
		{name: "atomic add", m: ssboMod("", "", "%x = OpAtomicIAdd %uint %p %uint_1 %uint_0 %uint_1")},
		{name: "atomic add of a different type", m: ssboMod("", "", "%x = OpAtomicIAdd %int %p %uint_1 %uint_0 %uint_1"), want: RuleAtomic},
		{name: "atomic on a function variable in Vulkan", m: body("%v = OpVariable %ptr_fn_int Function\n%x = OpAtomicIAdd %int %v %uint_1 %uint_0 %int_1"), want: RuleAtomic},
		{name: "atomic with a CrossDevice scope in Vulkan", m: ssboMod("", "", "%x = OpAtomicIAdd %uint %p %uint_0 %uint_0 %uint_1"), want: RuleBarrier},
		{name: "atomic with two orderings", m: ssboMod("", "%sem = OpConstant %uint 0x6", "%x = OpAtomicIAdd %uint %p %uint_1 %sem %uint_1"), want: RuleBarrier},
		{name: "compare exchange", m: ssboMod("", "", "%x = OpAtomicCompareExchange %uint %p %uint_1 %uint_0 %uint_0 %uint_1 %uint_0")},
		{name: "float atomic add without the capability", m: ssboMod("", "%pf = OpTypePointer StorageBuffer %float", "%pp = OpBitcast %pf %p\n%x = OpAtomicFAddEXT %float %pp %uint_1 %uint_0 %float_1"), want: RuleCapability},
	})
}

func TestBarrierRules(t *testing.T) {
	runRuleCases(t, []ruleCase{
		{name: "control barrier", m: mod{types: "%wg = OpConstant %uint 2\n%sem = OpConstant %uint 0x108", body: "OpControlBarrier %wg %wg %sem\nOpReturn"}},
		{name: "control barrier with device execution scope in Vulkan", m: mod{types: "%wg = OpConstant %uint 2\n%sem = OpConstant %uint 0x108", body: "OpControlBarrier %uint_1 %wg %sem\nOpReturn"}, want: RuleBarrier},
		{name: "memory barrier of a float scope", m: mod{types: "%sem = OpConstant %uint 0x108", body: "OpMemoryBarrier %float_1 %sem\nOpReturn"}, want: RuleBarrier},
		{name: "memory barrier without a storage class in Vulkan", m: mod{types: "%wg = OpConstant %uint 2\n%sem = OpConstant %uint 0x8", body: "OpMemoryBarrier %wg %sem\nOpReturn"}, want: RuleBarrier},
		{name: "subgroup scope before 1.3", m: mod{types: "%sg = OpConstant %uint 3\n%sem = OpConstant %uint 0x108", body: "OpControlBarrier %sg %sg %sem\nOpReturn"}, want: RuleBarrier},
		{name: "control barrier in a fragment shader before 1.3", m: mod{model: "Fragment", types: "%wg = OpConstant %uint 2\n%sem = OpConstant %uint 0x108", body: "OpControlBarrier %wg %wg %sem\nOpReturn"}, want: RuleBarrier},
	})
}

func TestDerivativeRules(t *testing.T) {
	runRuleCases(t, []ruleCase{
		{name: "dpdx in fragment", m: mod{model: "Fragment", body: "%x = OpDPdx %float %float_1\nOpReturn"}},
		{name: "dpdx of an int", m: mod{model: "Fragment", body: "%x = OpDPdx %int %int_1\nOpReturn"}, want: RuleDerivative},
		{name: "dpdx in compute", m: body("%x = OpDPdx %float %float_1"), want: RuleDerivative},
		{name: "fine dpdx without the capability", m: mod{model: "Fragment", body: "%x = OpDPdxFine %float %float_1\nOpReturn"}, want: RuleCapability},
	})
}

func TestGroupRules(t *testing.T) {
	sg := "%sg = OpConstant %uint 3\n"
	runRuleCases(t, []ruleCase{
		{name: "subgroup add", m: mod{version: spv.Version1_3, caps: "OpCapability GroupNonUniformArithmetic", types: sg, body: "%x = OpGroupNonUniformIAdd %int %sg Reduce %int_1\nOpReturn"}},
		{name: "subgroup add at workgroup scope in Vulkan", m: mod{version: spv.Version1_3, caps: "OpCapability GroupNonUniformArithmetic", types: "%wg = OpConstant %uint 2", body: "%x = OpGroupNonUniformIAdd %int %wg Reduce %int_1\nOpReturn"}, want: RuleBarrier},
		{name: "ballot bit count to a float", m: mod{version: spv.Version1_3, caps: "OpCapability GroupNonUniformBallot", types: sg + "%bal = OpConstantComposite %v4uint %uint_0 %uint_0 %uint_0 %uint_0",
			body: "%x = OpGroupNonUniformBallotBitCount %float %sg Reduce %bal\nOpReturn"}, want: RuleGroup},
		{name: "subgroup add without its capability", m: mod{version: spv.Version1_3, types: sg, body: "%x = OpGroupNonUniformIAdd %int %sg Reduce %int_1\nOpReturn"}, want: RuleCapability},
	})
}

func TestExtInstRules(t *testing.T) {
	glsl := `%glsl = OpExtInstImport "GLSL.std.450"`
	runRuleCases(t, []ruleCase{
		{name: "sqrt", m: mod{imports: glsl, body: "%x = OpExtInst %float %glsl Sqrt %float_1\nOpReturn"}},
		{name: "sqrt of an int", m: mod{imports: glsl, body: "%x = OpExtInst %int %glsl Sqrt %int_1\nOpReturn"}, want: RuleExtInst},
		{name: "fclamp of mixed types", m: mod{imports: glsl, body: "%x = OpExtInst %float %glsl FClamp %float_1 %float_0 %int_1\nOpReturn"}, want: RuleExtInst},
		{name: "length to a vector", m: mod{imports: glsl, body: "%x = OpExtInst %v2float %glsl Length %v2float_0\nOpReturn"}, want: RuleExtInst},
		{name: "cross of 2 components", m: mod{imports: glsl, body: "%x = OpExtInst %v2float %glsl Cross %v2float_0 %v2float_0\nOpReturn"}, want: RuleExtInst},
		{name: "non-semantic set", m: mod{version: spv.Version1_6, exts: `OpExtension "SPV_KHR_non_semantic_info"`, imports: `%s = OpExtInstImport "NonSemantic.Anything"`,
			body: "%x = OpExtInst %void %s 7 %float_1\nOpReturn"}},
		{name: "interpolate at centroid in compute", m: mod{imports: glsl, caps: "OpCapability InterpolationFunction",
			types: "%pin = OpTypePointer Input %float\n%in = OpVariable %pin Input", iface: "%in",
			body: "%x = OpExtInst %float %glsl InterpolateAtCentroid %in\nOpReturn"}, want: RuleExtInst},
	})
}

func TestMiscRules(t *testing.T) {
	runRuleCases(t, []ruleCase{
		{name: "undef", m: body("%x = OpUndef %float")},
		{name: "undef of void", m: body("%x = OpUndef %void"), want: RuleMisc},
		{name: "demote in compute", m: mod{version: spv.Version1_6, caps: "OpCapability DemoteToHelperInvocation", body: "OpDemoteToHelperInvocation\nOpReturn"}, want: RuleMisc},
		{name: "emit vertex in compute", m: mod{caps: "OpCapability Geometry", body: "OpEmitVertex\nOpReturn"}, want: RuleMisc},
	})
}

func TestRayTracingRules(t *testing.T) {
	rt := mod{version: spv.Version1_4, caps: "OpCapability RayTracingKHR", exts: `OpExtension "SPV_KHR_ray_tracing"`, model: "RayGenerationKHR", modes: "-",
		decos: "OpDecorate %as DescriptorSet 0\nOpDecorate %as Binding 0",
		types: `%ast = OpTypeAccelerationStructureKHR
%pas = OpTypePointer UniformConstant %ast
%as = OpVariable %pas UniformConstant
%v3f0 = OpConstantComposite %v3float %float_0 %float_0 %float_0
%ppl = OpTypePointer RayPayloadKHR %v4float
%payload = OpVariable %ppl RayPayloadKHR
`, iface: "%as %payload"}
	with := func(b string) mod { m := rt; m.body = "%a = OpLoad %ast %as\n" + b + "\nOpReturn"; return m }
	rq := mod{version: spv.Version1_4, caps: "OpCapability RayQueryKHR", exts: `OpExtension "SPV_KHR_ray_query"`,
		types: "%rqt = OpTypeRayQueryKHR\n%prq = OpTypePointer Function %rqt", body: "%q = OpVariable %prq Function\n%r = OpRayQueryProceedKHR %bool %q\nOpReturn"}
	rqBad := rq
	rqBad.body = "%q = OpVariable %prq Function\n%r = OpRayQueryProceedKHR %int %q\nOpReturn"
	runRuleCases(t, []ruleCase{
		{name: "trace ray", m: with("OpTraceRayKHR %a %uint_0 %uint_0 %uint_0 %uint_0 %uint_0 %v3f0 %float_0 %v3f0 %float_1 %payload")},
		{name: "trace ray with a float flag", m: with("OpTraceRayKHR %a %float_0 %uint_0 %uint_0 %uint_0 %uint_0 %v3f0 %float_0 %v3f0 %float_1 %payload"), want: RuleRayTracing},
		{name: "trace ray with a 2-component origin", m: with("OpTraceRayKHR %a %uint_0 %uint_0 %uint_0 %uint_0 %uint_0 %v2float_0 %float_0 %v3f0 %float_1 %payload"), want: RuleRayTracing},
		{name: "ray query proceed", m: rq},
		{name: "ray query proceed to an int", m: rqBad, want: RuleRayTracing},
	})
}

func TestMeshRules(t *testing.T) {
	task := mod{version: spv.Version1_4, caps: "OpCapability MeshShadingEXT", exts: `OpExtension "SPV_EXT_mesh_shader"`, model: "TaskEXT", modes: "LocalSize 1 1 1"}
	good, bad, wrongModel := task, task, task
	good.body = "OpEmitMeshTasksEXT %uint_1 %uint_1 %uint_1"
	bad.body = "OpEmitMeshTasksEXT %int_1 %uint_1 %uint_1"
	wrongModel.model, wrongModel.modes = "MeshEXT", "LocalSize 1 1 1; OutputVertices 1; OutputPrimitivesEXT 1; OutputPoints"
	wrongModel.body = "OpEmitMeshTasksEXT %uint_1 %uint_1 %uint_1"
	runRuleCases(t, []ruleCase{
		{name: "emit mesh tasks", m: good},
		{name: "emit mesh tasks of a signed count", m: bad, want: RuleMesh},
		{name: "emit mesh tasks in a mesh shader", m: wrongModel, want: RuleMesh},
	})
}

// TestLiteralBits sets the bits above a 16-bit constant's width, which the
// assembler cannot write.
func TestLiteralBits(t *testing.T) {
	for _, tc := range []struct {
		signed bool
		word   uint32
		ok     bool
	}{
		{false, 0xFFFF, true}, {false, 0x10000, false}, {true, 0xFFFFFFFF, true}, {true, 0xFFFF, false}, {true, 0x7FFF, true},
	} {
		sign := "0"
		if tc.signed {
			sign = "1"
		}
		m, err := asm.Parse(mod{caps: "OpCapability Int16", types: "%s16 = OpTypeInt 16 " + sign + "\n%c = OpConstant %s16 1"}.text(), asm.Options{})
		if err != nil {
			t.Fatal(err)
		}
		for _, in := range m.Globals {
			if in.Op == spv.OpConstant && len(in.Operands) == 1 && in.Operands[0].Word == 1 && m.Globals[len(m.Globals)-1] == in {
				in.Operands[0].Word = tc.word
			}
		}
		err = Module(m, Options{})
		var ve *Error
		if tc.ok != (err == nil) || err != nil && (!errors.As(err, &ve) || ve.Rule != RuleConstant) {
			t.Errorf("signed %v, word %#x: got %v, want valid %v", tc.signed, tc.word, err, tc.ok)
		}
	}
}

// coopMatrixMod is a SPIR-V 1.6 compute module with KHR cooperative
// matrices of ints (%cm, splat %a) and floats (%cmf).
func coopMatrixMod(b string) mod {
	return mod{version: spv.Version1_6, caps: "OpCapability CooperativeMatrixKHR\nOpCapability VulkanMemoryModel",
		exts: `OpExtension "SPV_KHR_cooperative_matrix"`, memoryModel: "Logical Vulkan",
		types: `%sg = OpConstant %uint 3
%u16 = OpConstant %uint 16
%cm = OpTypeCooperativeMatrixKHR %int %sg %u16 %u16 %uint_0
%cmf = OpTypeCooperativeMatrixKHR %float %sg %u16 %u16 %uint_0
%a = OpConstantComposite %cm %int_1`,
		body: b + "\nOpReturn"}
}

// TestSwitchLiteralBits: the case literals of an OpSwitch on a 16-bit
// selector keep the bits above 16 clear (or copies of the sign bit).
func TestSwitchLiteralBits(t *testing.T) {
	for _, tc := range []struct {
		signed bool
		word   uint32
		ok     bool
	}{
		{false, 0xFFFF, true}, {false, 0x10000, false}, {true, 0xFFFF8000, true}, {true, 0xFFFF, false},
	} {
		sign := "0"
		if tc.signed {
			sign = "1"
		}
		m, err := asm.Parse(mod{caps: "OpCapability Int16", types: "%s16 = OpTypeInt 16 " + sign + "\n%sel = OpConstant %s16 0",
			body: "OpSelectionMerge %m None\nOpSwitch %sel %m 7 %c\n%c = OpLabel\nOpBranch %m\n%m = OpLabel\nOpReturn"}.text(), asm.Options{})
		if err != nil {
			t.Fatal(err)
		}
		for in := range m.Functions[0].Insts() {
			if in.Op == spv.OpSwitch {
				ps := in.Operands[2].Params()
				ps[0].Word = tc.word
			}
		}
		err = Module(m, Options{})
		var ve *Error
		if tc.ok != (err == nil) || err != nil && (!errors.As(err, &ve) || ve.Rule != RuleConstant) {
			t.Errorf("signed %v, word %#x: got %v, want valid %v", tc.signed, tc.word, err, tc.ok)
		}
	}
}
