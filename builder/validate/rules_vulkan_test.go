package validate

import (
	"testing"

	"github.com/hlsl2spirv/hlsl2spirv/builder/spv"
)

// Rule tests of the Vulkan environment: built-in variables, entry point
// interfaces and locations, and the storage classes each stage may use.

// builtinVar is a module whose %main (of model) uses a variable %bi of
// type typ in storage class sc decorated BuiltIn b.
func builtinVar(model, b, sc, typ string) mod {
	modes := ""
	if model == "Vertex" {
		modes = "-"
	}
	return mod{model: model, modes: modes, iface: "%bi", decos: "OpDecorate %bi BuiltIn " + b,
		types: "%pbi = OpTypePointer " + sc + " " + typ + "\n%bi = OpVariable %pbi " + sc,
		body:  "%p = OpCopyObject %pbi %bi\nOpReturn"}
}

func flat(m mod) mod {
	m.decos += "\nOpDecorate %bi Flat"
	return m
}

func TestBuiltInRules(t *testing.T) {
	frag := func(b, sc, typ string) mod { return builtinVar("Fragment", b, sc, typ) }
	depth := frag("FragDepth", "Output", "%float")
	depth.modes = "OriginUpperLeft; DepthReplacing"
	perVertex := mod{model: "Vertex", modes: "-", iface: "%out",
		decos: "OpDecorate %pv Block\nOpMemberDecorate %pv 0 BuiltIn Position\nOpMemberDecorate %pv 1 BuiltIn PointSize",
		types: "%pv = OpTypeStruct %v4float %float\n%ppv = OpTypePointer Output %pv\n%out = OpVariable %ppv Output\n%pos = OpTypePointer Output %v4float",
		body:  "%p = OpAccessChain %pos %out %int_0\nOpStore %p %v4float_0\nOpReturn"}
	perVertexIn := perVertex
	perVertexIn.types = "%pv = OpTypeStruct %v4float %float\n%ppv = OpTypePointer Input %pv\n%out = OpVariable %ppv Input\n%pos = OpTypePointer Input %v4float"
	perVertexIn.body = "%p = OpAccessChain %pos %out %int_0\nOpReturn"
	runRuleCases(t, []ruleCase{
		{name: "FragCoord", m: frag("FragCoord", "Input", "%v4float")},
		{name: "FragCoord of 3 components", m: frag("FragCoord", "Input", "%v3float"), want: RuleBuiltIn, msg: "04212"},
		{name: "FragCoord as an output", m: frag("FragCoord", "Output", "%v4float"), want: RuleBuiltIn, msg: "04211"},
		{name: "FragCoord in a vertex shader", m: builtinVar("Vertex", "FragCoord", "Input", "%v4float"), want: RuleBuiltIn, msg: "04210"},
		{name: "FragDepth with DepthReplacing", m: depth},
		{name: "FragDepth without DepthReplacing", m: frag("FragDepth", "Output", "%float"), want: RuleBuiltIn, msg: "04216"},
		{name: "FrontFacing of a float", m: frag("FrontFacing", "Input", "%float"), want: RuleBuiltIn, msg: "04231"},
		{name: "GlobalInvocationId", m: builtinVar("GLCompute", "GlobalInvocationId", "Input", "%v3uint")},
		{name: "GlobalInvocationId of 2 components", m: builtinVar("GLCompute", "GlobalInvocationId", "Input", "%v2uint"), want: RuleBuiltIn},
		{name: "GlobalInvocationId in a fragment shader", m: flat(frag("GlobalInvocationId", "Input", "%v3uint")), want: RuleBuiltIn},
		{name: "VertexIndex", m: builtinVar("Vertex", "VertexIndex", "Input", "%int")},
		{name: "VertexId", m: builtinVar("Vertex", "VertexId", "Input", "%int"), want: RuleBuiltIn},
		{name: "gl_PerVertex output", m: perVertex},
		{name: "gl_PerVertex input in a vertex shader", m: perVertexIn, want: RuleBuiltIn},
		{name: "SampleMask of a scalar", m: flat(frag("SampleMask", "Input", "%uint")), want: RuleBuiltIn},
		{name: "Layer in a vertex shader without the capability", m: func() mod {
			m := builtinVar("Vertex", "Layer", "Output", "%int")
			m.caps = "OpCapability Geometry"
			return m
		}(), want: RuleBuiltIn, msg: "ShaderLayer"},
		{name: "Layer in a vertex shader with ShaderLayer", m: func() mod {
			m := builtinVar("Vertex", "Layer", "Output", "%int")
			m.caps, m.version = "OpCapability ShaderLayer", spv.Version1_5
			return m
		}()},
		{name: "WorkgroupSize on a variable", m: builtinVar("GLCompute", "WorkgroupSize", "Input", "%v3uint"), want: RuleDecorate},
		{name: "WorkgroupSize constant", m: mod{modes: "-", decos: "OpDecorate %wgs BuiltIn WorkgroupSize", types: "%wgs = OpConstantComposite %v3uint %uint_1 %uint_1 %uint_1"}},
		{name: "SubgroupSize of a float", m: mod{version: spv.Version1_3, caps: "OpCapability GroupNonUniform", iface: "%bi", decos: "OpDecorate %bi BuiltIn SubgroupSize",
			types: "%pbi = OpTypePointer Input %float\n%bi = OpVariable %pbi Input"}, want: RuleBuiltIn},
		{name: "not checked outside Vulkan", m: frag("FragCoord", "Input", "%v3float"), opts: Options{Env: EnvUniversal1_0}},
	})
}

func TestInterfaceRules(t *testing.T) {
	out := func(decos, types, iface string) mod {
		return mod{model: "Fragment", iface: iface, decos: decos, types: types}
	}
	twoOuts := "%po = OpTypePointer Output %v4float\n%o1 = OpVariable %po Output\n%o2 = OpVariable %po Output"
	runRuleCases(t, []ruleCase{
		{name: "two outputs", m: out("OpDecorate %o1 Location 0\nOpDecorate %o2 Location 1", twoOuts, "%o1 %o2")},
		{name: "two outputs at one location", m: out("OpDecorate %o1 Location 0\nOpDecorate %o2 Location 0", twoOuts, "%o1 %o2"), want: RuleInterface, msg: "location 0"},
		{name: "dual source outputs", m: out("OpDecorate %o1 Location 0\nOpDecorate %o2 Location 0\nOpDecorate %o2 Index 1", twoOuts, "%o1 %o2")},
		{name: "output without a location", m: out("OpDecorate %o1 Location 0", twoOuts, "%o1 %o2"), want: RuleInterface, msg: "04916"},
		{name: "components sharing a location", m: out("OpDecorate %o1 Location 0\nOpDecorate %o2 Location 0\nOpDecorate %o2 Component 2",
			"%po = OpTypePointer Output %v2float\n%o1 = OpVariable %po Output\n%o2 = OpVariable %po Output", "%o1 %o2")},
		{name: "overlapping components", m: out("OpDecorate %o1 Location 0\nOpDecorate %o2 Location 0\nOpDecorate %o2 Component 1",
			"%po = OpTypePointer Output %v2float\n%o1 = OpVariable %po Output\n%o2 = OpVariable %po Output", "%o1 %o2"), want: RuleInterface},
		{name: "array taking locations", m: out("OpDecorate %o1 Location 0\nOpDecorate %o2 Location 1",
			"%arr = OpTypeArray %v4float %uint_2\n%pa = OpTypePointer Output %arr\n%o1 = OpVariable %pa Output\n%po = OpTypePointer Output %v4float\n%o2 = OpVariable %po Output", "%o1 %o2"), want: RuleInterface},
		{name: "block members with locations", m: mod{model: "Vertex", modes: "-", iface: "%o",
			decos: "OpDecorate %blk Block\nOpMemberDecorate %blk 0 Location 0\nOpMemberDecorate %blk 1 Location 1",
			types: "%blk = OpTypeStruct %v4float %v4float\n%pb = OpTypePointer Output %blk\n%o = OpVariable %pb Output"}},
		{name: "block member without a location", m: mod{model: "Vertex", modes: "-", iface: "%o",
			decos: "OpDecorate %blk Block\nOpMemberDecorate %blk 0 Location 0",
			types: "%blk = OpTypeStruct %v4float %v4float\n%pb = OpTypePointer Output %blk\n%o = OpVariable %pb Output"}, want: RuleInterface, msg: "04919"},
		{name: "used but not listed", m: mod{model: "Fragment", decos: "OpDecorate %o1 Location 0", types: twoOuts,
			body: "OpStore %o1 %v4float_0\nOpReturn"}, want: RuleInterface, msg: "not listed"},
		{name: "private used but not listed in 1.4", m: mod{version: spv.Version1_4, types: "%pp = OpTypePointer Private %float\n%g = OpVariable %pp Private",
			body: "OpStore %g %float_0\nOpReturn"}, want: RuleInterface},
		{name: "private used but not listed in 1.3", m: mod{version: spv.Version1_3, types: "%pp = OpTypePointer Private %float\n%g = OpVariable %pp Private",
			body: "OpStore %g %float_0\nOpReturn"}},
		{name: "private used in a callee but not listed in 1.4", m: mod{version: spv.Version1_4, types: "%pp = OpTypePointer Private %float\n%g = OpVariable %pp Private",
			body: "%r = OpFunctionCall %void %f\nOpReturn", funcs: "%f = OpFunction %void None %voidfn\n%fe = OpLabel\nOpStore %g %float_0\nOpReturn\nOpFunctionEnd"},
			want: RuleInterface, msg: "not listed"},
		{name: "private used in an unreached function, not listed, in 1.4", m: mod{version: spv.Version1_4, types: "%pp = OpTypePointer Private %float\n%g = OpVariable %pp Private",
			funcs: "%f = OpFunction %void None %voidfn\n%fe = OpLabel\nOpStore %g %float_0\nOpReturn\nOpFunctionEnd"}},
	})
}

func TestVulkanRules(t *testing.T) {
	runRuleCases(t, []ruleCase{
		{name: "output in a compute shader", m: mod{types: "%po = OpTypePointer Output %float\n%o = OpVariable %po Output", iface: "%o",
			body: "OpStore %o %float_0\nOpReturn"}, want: RuleVulkan, msg: "04644"},
		{name: "workgroup in a fragment shader", m: mod{model: "Fragment", types: "%pw = OpTypePointer Workgroup %float\n%w = OpVariable %pw Workgroup",
			body: "OpStore %w %float_0\nOpReturn"}, want: RuleVulkan, msg: "04645"},
		{name: "workgroup in a compute shader", m: mod{types: "%pw = OpTypePointer Workgroup %float\n%w = OpVariable %pw Workgroup",
			body: "OpStore %w %float_0\nOpReturn"}},
		{name: "uniform constant of a float", m: mod{types: "%pu = OpTypePointer UniformConstant %float\n%u = OpVariable %pu UniformConstant"}, want: RuleVulkan},
		{name: "push constant without a block", m: mod{types: "%pp = OpTypePointer PushConstant %float\n%u = OpVariable %pp PushConstant"}, want: RuleVulkan},
		{name: "two push constants in an entry point", m: mod{version: spv.Version1_4, iface: "%a %b",
			decos: "OpDecorate %blk Block\nOpMemberDecorate %blk 0 Offset 0",
			types: "%blk = OpTypeStruct %float\n%pp = OpTypePointer PushConstant %blk\n%a = OpVariable %pp PushConstant\n%b = OpVariable %pp PushConstant\n%pf = OpTypePointer PushConstant %float",
			body:  "%x = OpAccessChain %pf %a %int_0\n%y = OpAccessChain %pf %b %int_0\nOpReturn"}, want: RuleVulkan},
	})
}
