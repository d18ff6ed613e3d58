package validate

import (
	"testing"

	"github.com/hlsl2spirv/hlsl2spirv/builder/spv"
)

// Rule tests of the module-level families: ids, layout, capabilities and
// versions, types, constants, decorations, block layouts, memory,
// functions and mode setting.

func TestIDRules(t *testing.T) {
	runRuleCases(t, []ruleCase{
		{name: "valid", m: mod{body: "%x = OpIAdd %int %int_0 %int_1\nOpReturn"}},
		{name: "undefined id", m: mod{body: "%x = OpIAdd %int %int_0 %nowhere\nOpReturn"}, want: RuleIDDefined},
		{name: "type where a value goes", m: mod{body: "%x = OpIAdd %int %int_0 %int\nOpReturn"}, want: RuleIDKind},
		{name: "value where a type goes", m: mod{body: "%x = OpIAdd %int_0 %int_0 %int_1\nOpReturn"}, want: RuleIDKind},
		{name: "forward reference in a value", m: mod{body: "%x = OpIAdd %int %y %int_1\n%y = OpIAdd %int %int_0 %int_1\nOpReturn"}, want: RuleIDDefined},
		{name: "use not dominated", m: mod{
			body: "OpSelectionMerge %m None\nOpBranchConditional %true %a %b\n%a = OpLabel\n%x = OpIAdd %int %int_0 %int_1\nOpBranch %m\n%b = OpLabel\n%y = OpIAdd %int %x %int_1\nOpBranch %m\n%m = OpLabel\nOpReturn"},
			want: RuleIDDominance},
		{name: "phi operand from its predecessor", m: mod{
			body: "OpSelectionMerge %m None\nOpBranchConditional %true %a %m\n%a = OpLabel\n%x = OpIAdd %int %int_0 %int_1\nOpBranch %m\n%m = OpLabel\n%p = OpPhi %int %x %a %int_0 %entry\nOpReturn"}},
	})
}

func TestLayoutRules(t *testing.T) {
	runRuleCases(t, []ruleCase{
		{name: "type inside a function", m: mod{body: "%t = OpTypeInt 16 0\nOpReturn"}, want: RuleLayout},
		{name: "decoration after types", m: mod{raw: `OpCapability Shader
OpMemoryModel Logical GLSL450
OpEntryPoint GLCompute %main "main"
OpExecutionMode %main LocalSize 1 1 1
%void = OpTypeVoid
OpDecorate %void RelaxedPrecision
%fn = OpTypeFunction %void
%main = OpFunction %void None %fn
%l = OpLabel
OpReturn
OpFunctionEnd
`}, want: RuleLayout},
		{name: "variable not first in function", m: mod{body: "%x = OpIAdd %int %int_0 %int_1\n%v = OpVariable %ptr_fn_int Function\nOpReturn"}, want: RuleMemory},
		{name: "missing memory model", m: mod{raw: `OpCapability Shader
%void = OpTypeVoid
`}, want: RuleLayout},
		{name: "phi after another instruction", m: mod{
			body: "OpBranch %b\n%b = OpLabel\n%x = OpIAdd %int %int_0 %int_1\n%p = OpPhi %int %int_0 %entry\nOpReturn"}, want: RuleCFG},
	})
}

func TestCapabilityRules(t *testing.T) {
	runRuleCases(t, []ruleCase{
		{name: "16-bit int with Int16", m: mod{caps: "OpCapability Int16", types: "%short = OpTypeInt 16 1"}},
		{name: "16-bit int without Int16", m: mod{types: "%short = OpTypeInt 16 1"}, want: RuleType, msg: "Int16"},
		{name: "64-bit float without Float64", m: mod{types: "%double = OpTypeFloat 64"}, want: RuleType},
		{name: "Geometry model needs Geometry", m: mod{model: "Geometry", modes: "InputPoints; OutputPoints; OutputVertices 1; Invocations 1"}, want: RuleCapability},
		{name: "capability the environment lacks", m: mod{caps: "OpCapability Kernel", types: ""}, want: RuleEnvCapability},
		{name: "an instruction of a later version", m: mod{body: "%c = OpCopyLogical %v2float %v2float_0\nOpReturn"}, want: RuleVersion},
		{name: "an instruction of its version", m: mod{version: spv.Version1_4, types: "%arr = OpTypeArray %float %uint_2\n%arr2 = OpTypeArray %float %uint_2\n%a0 = OpConstantNull %arr",
			body: "%c = OpCopyLogical %arr2 %a0\nOpReturn"}},
		{name: "a storage class of an extension", m: mod{types: "%p = OpTypePointer StorageBuffer %float"}, want: RuleExtension},
		{name: "with its extension", m: mod{exts: `OpExtension "SPV_KHR_storage_buffer_storage_class"`, types: "%p = OpTypePointer StorageBuffer %float"}},
		{name: "a version the environment lacks", m: mod{version: spv.Version1_3}, opts: Options{Env: EnvVulkan1_0}, want: RuleEnvVersion},
	})
}

func TestTypeRules(t *testing.T) {
	runRuleCases(t, []ruleCase{
		{name: "duplicate scalar type", m: mod{types: "%int2 = OpTypeInt 32 1"}, want: RuleType},
		{name: "vector of 5", m: mod{types: "%v5 = OpTypeVector %float 5"}, want: RuleType},
		{name: "vector of 8 needs Vector16", m: mod{caps: "OpCapability Vector16", types: "%v8 = OpTypeVector %float 8"}, want: RuleEnvCapability},
		{name: "matrix of int columns", m: mod{types: "%m = OpTypeMatrix %v2int 2"}, want: RuleType},
		{name: "matrix of float columns", m: mod{types: "%m = OpTypeMatrix %v2float 2"}},
		{name: "array of length zero", m: mod{types: "%a = OpTypeArray %float %uint_0"}, want: RuleType},
		{name: "array length of a float", m: mod{types: "%a = OpTypeArray %float %float_1"}, want: RuleType},
		{name: "runtime array in a struct not last", m: mod{types: "%ra = OpTypeRuntimeArray %float\n%s = OpTypeStruct %ra %float"}, want: RuleType},
		{name: "struct of void", m: mod{types: "%s = OpTypeStruct %void"}, want: RuleType},
		{name: "function type returning a function type", m: mod{types: "%f2 = OpTypeFunction %voidfn"}, want: RuleIDKind},
		{name: "opaque type in a struct (Vulkan)", m: mod{types: "%smp = OpTypeSampler\n%s = OpTypeStruct %smp"}, want: RuleType},
		{name: "forward pointer without the capability", m: mod{types: "OpTypeForwardPointer %fp Function\n%fs = OpTypeStruct %fp\n%fp = OpTypePointer Function %fs"}, want: RuleCapability},
	})
}

func TestConstantRules(t *testing.T) {
	runRuleCases(t, []ruleCase{
		{name: "composite of the wrong count", m: mod{types: "%c = OpConstantComposite %v2float %float_0 %float_0 %float_0"}, want: RuleConstant},
		{name: "composite of the wrong type", m: mod{types: "%c = OpConstantComposite %v2float %float_0 %int_0"}, want: RuleConstant},
		{name: "true of a non-bool", m: mod{types: "%c = OpConstantTrue %int"}, want: RuleConstant},
		{name: "null of a void", m: mod{types: "%c = OpConstantNull %void"}, want: RuleConstant},
		{name: "16-bit literal with high bits", m: mod{caps: "OpCapability Int16", types: "%ushort = OpTypeInt 16 0\n%c = OpConstant %ushort 65535"}},
		{name: "spec constant op of an unsupported opcode", m: mod{types: "%c = OpSpecConstantOp %float FAdd %float_0 %float_1"}, want: RuleConstant},
		{name: "spec constant op", m: mod{types: "%c = OpSpecConstantOp %int IAdd %int_0 %int_1"}},
	})
}

func TestDecorationRules(t *testing.T) {
	runRuleCases(t, []ruleCase{
		{name: "member index out of range", m: mod{decos: "OpMemberDecorate %s 3 Offset 0", types: "%s = OpTypeStruct %float"}, want: RuleDecorate},
		{name: "Block on a non-struct", m: mod{decos: "OpDecorate %float Block"}, want: RuleDecorate},
		{name: "Location on a function variable", m: mod{decos: "OpDecorate %v Location 0", body: "%v = OpVariable %ptr_fn_float Function\nOpReturn"}, want: RuleDecorate},
		{name: "BuiltIn and Location together", m: mod{model: "Fragment", iface: "%in", decos: "OpDecorate %in BuiltIn FragCoord\nOpDecorate %in Location 0",
			types: "%pin = OpTypePointer Input %v4float\n%in = OpVariable %pin Input"}, want: RuleInterface, msg: "04915"},
		{name: "integer fragment input without Flat", m: mod{model: "Fragment", iface: "%in", decos: "OpDecorate %in Location 0",
			types: "%pin = OpTypePointer Input %int\n%in = OpVariable %pin Input", body: "%x = OpLoad %int %in\nOpReturn"}, want: RuleInterface, msg: "Flat"},
		{name: "integer fragment input with Flat", m: mod{model: "Fragment", iface: "%in", decos: "OpDecorate %in Location 0\nOpDecorate %in Flat",
			types: "%pin = OpTypePointer Input %int\n%in = OpVariable %pin Input", body: "%x = OpLoad %int %in\nOpReturn"}},
		{name: "uniform without a binding", m: mod{decos: "OpDecorate %s Block\nOpMemberDecorate %s 0 Offset 0\nOpDecorate %u DescriptorSet 0",
			types: "%s = OpTypeStruct %float\n%ps = OpTypePointer Uniform %s\n%u = OpVariable %ps Uniform\n%ptr_u_float = OpTypePointer Uniform %float", body: "%p = OpAccessChain %ptr_u_float %u %int_0\nOpReturn",
		}, want: RuleVulkan, msg: "Binding"},
		{name: "decoration group", m: mod{decos: "%g = OpDecorationGroup\nOpDecorate %g RelaxedPrecision\nOpGroupDecorate %g %x", body: "%x = OpFAdd %float %float_0 %float_1\nOpReturn"}},
		{name: "Component on a vec4", m: mod{model: "Fragment", iface: "%in", decos: "OpDecorate %in Location 0\nOpDecorate %in Component 1",
			types: "%pin = OpTypePointer Input %v4float\n%in = OpVariable %pin Input"}, want: RuleDecorate},
		{name: "decoration id operand defined before its target", m: mod{decos: "OpDecorateId %x UniformId %scope",
			types: "%scope = OpConstant %uint 3", body: "%x = OpFAdd %float %float_0 %float_1\nOpReturn", version: spv.Version1_4}},
		{name: "decoration id operand defined after its target", m: mod{decos: "OpDecorateId %g UniformId %scope",
			types: "%pp = OpTypePointer Private %float\n%g = OpVariable %pp Private\n%scope = OpConstant %uint 3", version: spv.Version1_4}, want: RuleDecorate, msg: "before the decorated", newer: true},
	})
}

// blockModule is a compute module with a uniform buffer (or storage
// buffer, when storage) of the given struct members and offsets.
func blockModule(storage bool, types, decos string) mod {
	sc, blockDeco := "Uniform", "Block"
	if storage {
		sc = "StorageBuffer"
	}
	m := mod{
		exts:  `OpExtension "SPV_KHR_storage_buffer_storage_class"`,
		decos: "OpDecorate %S " + blockDeco + "\nOpDecorate %buf DescriptorSet 0\nOpDecorate %buf Binding 0\n" + decos,
		types: types + "\n%pS = OpTypePointer " + sc + " %S\n%buf = OpVariable %pS " + sc,
	}
	return m
}

func TestBlockLayoutRules(t *testing.T) {
	std140Vec3 := "%S = OpTypeStruct %float %v3float"
	runRuleCases(t, []ruleCase{
		{name: "std140 vec3 at 16", m: blockModule(false, std140Vec3, "OpMemberDecorate %S 0 Offset 0\nOpMemberDecorate %S 1 Offset 16")},
		{name: "std140 vec3 at 4", m: blockModule(false, std140Vec3, "OpMemberDecorate %S 0 Offset 0\nOpMemberDecorate %S 1 Offset 4"), want: RuleBlock},
		{name: "relaxed vec3 at 4", m: blockModule(false, std140Vec3, "OpMemberDecorate %S 0 Offset 0\nOpMemberDecorate %S 1 Offset 4"), opts: Options{RelaxBlockLayout: true}},
		{name: "relaxed vec3 crossing 16 bytes", m: blockModule(false, "%S = OpTypeStruct %v2float %v3float",
			"OpMemberDecorate %S 0 Offset 0\nOpMemberDecorate %S 1 Offset 8"), opts: Options{RelaxBlockLayout: true}, want: RuleBlock},
		{name: "scalar vec3 crossing 16 bytes", m: blockModule(false, "%S = OpTypeStruct %v2float %v3float",
			"OpMemberDecorate %S 0 Offset 0\nOpMemberDecorate %S 1 Offset 8"), opts: Options{ScalarBlockLayout: true}},
		{name: "std140 array stride 4", m: blockModule(false, "%arr = OpTypeArray %float %uint_4\n%S = OpTypeStruct %arr",
			"OpDecorate %arr ArrayStride 4\nOpMemberDecorate %S 0 Offset 0"), want: RuleBlock, msg: "16"},
		{name: "std430 array stride 4", m: blockModule(true, "%arr = OpTypeArray %float %uint_4\n%S = OpTypeStruct %arr",
			"OpDecorate %arr ArrayStride 4\nOpMemberDecorate %S 0 Offset 0")},
		{name: "std140 array stride 4 with uniform standard layout", m: blockModule(false, "%arr = OpTypeArray %float %uint_4\n%S = OpTypeStruct %arr",
			"OpDecorate %arr ArrayStride 4\nOpMemberDecorate %S 0 Offset 0"), opts: Options{UniformBufferStandardLayout: true}},
		{name: "overlapping members", m: blockModule(true, "%S = OpTypeStruct %float %float",
			"OpMemberDecorate %S 0 Offset 0\nOpMemberDecorate %S 1 Offset 0"), want: RuleBlock},
		{name: "missing offset", m: blockModule(true, "%S = OpTypeStruct %float %float", "OpMemberDecorate %S 0 Offset 0"), want: RuleBlock, msg: "Offset"},
		{name: "matrix without stride", m: blockModule(true, "%m4 = OpTypeMatrix %v4float 4\n%S = OpTypeStruct %m4",
			"OpMemberDecorate %S 0 Offset 0\nOpMemberDecorate %S 0 ColMajor"), want: RuleBlock, msg: "MatrixStride"},
		{name: "skipped layout", m: blockModule(false, std140Vec3, "OpMemberDecorate %S 0 Offset 0\nOpMemberDecorate %S 1 Offset 4"), opts: Options{SkipBlockLayout: true}},
	})
}

func TestMemoryRules(t *testing.T) {
	runRuleCases(t, []ruleCase{
		{name: "load and store", m: mod{body: "%v = OpVariable %ptr_fn_float Function\n%x = OpLoad %float %v\nOpStore %v %x\nOpReturn"}},
		{name: "load of the wrong type", m: mod{body: "%v = OpVariable %ptr_fn_float Function\n%x = OpLoad %int %v\nOpReturn"}, want: RuleMemory},
		{name: "store of the wrong type", m: mod{body: "%v = OpVariable %ptr_fn_float Function\nOpStore %v %int_0\nOpReturn"}, want: RuleMemory},
		{name: "store through a constant", m: mod{body: "OpStore %float_0 %float_0\nOpReturn"}, want: RuleMemory},
		{name: "variable of a non-pointer type", m: mod{body: "%v = OpVariable %float Function\nOpReturn"}, want: RuleMemory},
		{name: "storage class mismatch", m: mod{types: "%pp = OpTypePointer Private %float", body: "%v = OpVariable %pp Function\nOpReturn"}, want: RuleMemory},
		{name: "private variable in a function", m: mod{types: "%pp = OpTypePointer Private %float", body: "%v = OpVariable %pp Private\nOpReturn"}, want: RuleMemory},
		{name: "access chain out of range", m: mod{types: "%st = OpTypeStruct %float\n%pst = OpTypePointer Function %st",
			body: "%v = OpVariable %pst Function\n%p = OpAccessChain %ptr_fn_float %v %int_1\nOpReturn"}, want: RuleMemory},
		{name: "access chain result type", m: mod{types: "%st = OpTypeStruct %float\n%pst = OpTypePointer Function %st",
			body: "%v = OpVariable %pst Function\n%p = OpAccessChain %ptr_fn_int %v %int_0\nOpReturn"}, want: RuleMemory},
		{name: "pointer to a pointer in logical addressing", m: mod{types: "%pp = OpTypePointer Function %ptr_fn_float",
			body: "%v = OpVariable %pp Function\nOpReturn"}, want: RuleMemory},
		{name: "initializer of the wrong type", m: mod{types: "%pp = OpTypePointer Private %float\n%g = OpVariable %pp Private %int_0"}, want: RuleMemory},
		{name: "Vulkan uniform constant of a float", m: mod{types: "%pu = OpTypePointer UniformConstant %float\n%g = OpVariable %pu UniformConstant"}, want: RuleVulkan},
		{name: "copy memory", m: mod{body: "%a = OpVariable %ptr_fn_float Function\n%b = OpVariable %ptr_fn_float Function\nOpCopyMemory %a %b\nOpReturn"}},
	})
}

func TestFunctionRules(t *testing.T) {
	callee := "%f = OpFunction %float None %ffn\n%p = OpFunctionParameter %float\n%fl = OpLabel\nOpReturnValue %p\nOpFunctionEnd"
	runRuleCases(t, []ruleCase{
		{name: "call", m: mod{types: "%ffn = OpTypeFunction %float %float", body: "%r = OpFunctionCall %float %f %float_1\nOpReturn", funcs: callee}},
		{name: "call with the wrong argument", m: mod{types: "%ffn = OpTypeFunction %float %float", body: "%r = OpFunctionCall %float %f %int_1\nOpReturn", funcs: callee}, want: RuleFunction},
		{name: "call with too few arguments", m: mod{types: "%ffn = OpTypeFunction %float %float", body: "%r = OpFunctionCall %float %f\nOpReturn", funcs: callee}, want: RuleFunction},
		{name: "call of the wrong result type", m: mod{types: "%ffn = OpTypeFunction %float %float", body: "%r = OpFunctionCall %int %f %float_1\nOpReturn", funcs: callee}, want: RuleFunction},
		{name: "function type mismatch", m: mod{types: "%ffn = OpTypeFunction %float %float",
			funcs: "%f = OpFunction %int None %ffn\n%p = OpFunctionParameter %float\n%fl = OpLabel\nOpReturnValue %int_0\nOpFunctionEnd"}, want: RuleFunction},
		{name: "parameter type mismatch", m: mod{types: "%ffn = OpTypeFunction %float %float",
			funcs: "%f = OpFunction %float None %ffn\n%p = OpFunctionParameter %int\n%fl = OpLabel\nOpReturnValue %float_0\nOpFunctionEnd"}, want: RuleFunction},
		{name: "recursion (Vulkan)", m: mod{body: "%r = OpFunctionCall %void %f\nOpReturn",
			funcs: "%f = OpFunction %void None %voidfn\n%fl = OpLabel\n%r2 = OpFunctionCall %void %f\nOpReturn\nOpFunctionEnd"}, want: RuleEntryPoint, msg: "cycles"},
		{name: "entry point called", m: mod{body: "%r = OpFunctionCall %void %main\nOpReturn"}, want: RuleEntryPoint},
	})
}

func TestModeRules(t *testing.T) {
	runRuleCases(t, []ruleCase{
		{name: "compute without a local size", m: mod{modes: "-"}, want: RuleExecutionMode, msg: "LocalSize"},
		{name: "fragment without an origin", m: mod{model: "Fragment", modes: "-"}, want: RuleExecutionMode},
		{name: "fragment mode on compute", m: mod{modes: "LocalSize 1 1 1; OriginUpperLeft"}, want: RuleExecutionMode},
		{name: "two entry points of one name and model", m: mod{raw: `OpCapability Shader
OpMemoryModel Logical GLSL450
OpEntryPoint GLCompute %main "main"
OpEntryPoint GLCompute %main "main"
OpExecutionMode %main LocalSize 1 1 1
%void = OpTypeVoid
%fn = OpTypeFunction %void
%main = OpFunction %void None %fn
%l = OpLabel
OpReturn
OpFunctionEnd
`}, want: RuleEntryPoint},
		{name: "entry point with parameters", m: mod{raw: `OpCapability Shader
OpMemoryModel Logical GLSL450
OpEntryPoint GLCompute %main "main"
OpExecutionMode %main LocalSize 1 1 1
%void = OpTypeVoid
%float = OpTypeFloat 32
%fn = OpTypeFunction %void %float
%main = OpFunction %void None %fn
%p = OpFunctionParameter %float
%l = OpLabel
OpReturn
OpFunctionEnd
`}, want: RuleEntryPoint},
		{name: "memory model Vulkan without the capability", m: mod{version: spv.Version1_5, memoryModel: "Logical Vulkan"}, want: RuleCapability},
	})
}

// TestForwardReferences: an id that may be named before its definition
// must still be defined somewhere.
func TestForwardReferences(t *testing.T) {
	runRuleCases(t, []ruleCase{
		{name: "branch to a later block", m: mod{body: "OpBranch %next\n%next = OpLabel\nOpReturn"}},
		{name: "branch to a block never defined", m: mod{body: "OpBranch %nowhere"}, want: RuleIDDefined, msg: "is referenced but never defined"},
		{name: "call of a function never defined", m: mod{body: "%r = OpFunctionCall %void %nofn\nOpReturn"}, want: RuleIDDefined, msg: "is referenced but never defined"},
	})
}
