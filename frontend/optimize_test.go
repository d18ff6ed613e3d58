package frontend

import (
	"strings"
	"testing"

	"github.com/hlsl2spirv/hlsl2spirv/builder/asm"
	"github.com/hlsl2spirv/hlsl2spirv/codegen/opt"
)

// pointerModule is a compute shader whose code keeps a Workgroup pointer
// as a value: body is spliced into its function.
const pointerModule = `
OpCapability Shader
%CAPS
OpMemoryModel Logical GLSL450
OpEntryPoint GLCompute %main "main"
OpExecutionMode %main LocalSize 1 1 1
%void = OpTypeVoid
%fn = OpTypeFunction %void
%bool = OpTypeBool
%true = OpConstantTrue %bool
%int = OpTypeInt 32 1
%int_0 = OpConstant %int 0
%ptr = OpTypePointer Workgroup %int
%ptr_fn = OpTypePointer Function %ptr
%a = OpVariable %ptr Workgroup
%b = OpVariable %ptr Workgroup
%main = OpFunction %void None %fn
%entry = OpLabel
%BODY
OpReturn
OpFunctionEnd
`

// held is where CheckPointers found an illegal pointer, "" for none.
func held(p *opt.IllegalPointer) string {
	if p == nil {
		return ""
	}
	return p.Held
}

func TestCheckPointers(t *testing.T) {
	for _, c := range []struct {
		name, caps, body, want string
	}{
		{"direct use", "", "%v = OpLoad %int %a", ""},
		{"in a variable", "", "%p = OpVariable %ptr_fn Function\nOpStore %p %a", "a variable"},
		{"selected", "", "%s = OpSelect %ptr %true %a %b\n%v = OpLoad %int %s", "a value chosen at run time (a phi or a select)"},
		{"declared VariablePointers", "OpCapability VariablePointers", "%s = OpSelect %ptr %true %a %b", ""},
	} {
		text := replaceAll(pointerModule, map[string]string{"%CAPS": c.caps, "%BODY": c.body})
		m, err := asm.Parse(text, asm.Options{})
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if got := held(opt.CheckPointers(m)); got != c.want {
			t.Errorf("%s: CheckPointers = %q, want %q", c.name, got, c.want)
		}
	}
}

func TestDerivativesOutOfStage(t *testing.T) {
	const module = `
OpCapability Shader
OpMemoryModel Logical GLSL450
OpEntryPoint %MODEL %main "main"
%void = OpTypeVoid
%fn = OpTypeFunction %void
%float = OpTypeFloat 32
%one = OpConstant %float 1
%main = OpFunction %void None %fn
%entry = OpLabel
%c = OpFunctionCall %void %helper
OpReturn
OpFunctionEnd
%helper = OpFunction %void None %fn
%h = OpLabel
%d = OpDPdy %float %one
OpReturn
OpFunctionEnd
`
	for model, want := range map[string]string{
		"Vertex":   "Derivative instructions require Fragment, GLCompute, MeshEXT or TaskEXT execution model: DPdy",
		"Fragment": "",
	} {
		m, err := asm.Parse(replaceAll(module, map[string]string{"%MODEL": model}), asm.Options{})
		if err != nil {
			t.Fatalf("%s: %v", model, err)
		}
		if got := derivativesOutOfStage(m); got != want {
			t.Errorf("%s: derivativesOutOfStage = %q, want %q", model, got, want)
		}
	}
}

func replaceAll(s string, r map[string]string) string {
	for k, v := range r {
		s = strings.ReplaceAll(s, k, v)
	}
	return s
}
