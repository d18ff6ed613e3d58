package frontend

import (
	"strings"
	"testing"

	"github.com/hlsl2spirv/hlsl2spirv/builder/asm"
	"github.com/hlsl2spirv/hlsl2spirv/builder/validate"
	"github.com/hlsl2spirv/hlsl2spirv/frontend/diag"
)

// An invalid module is an internal error naming the broken rule, at the
// HLSL position its OpLine gives, and the compile writes nothing.
func TestInvalidModuleIsAnInternalError(t *testing.T) {
	opts := Options{Profile: "cs_6_0"}
	r, err := newResult(&opts)
	if err != nil {
		t.Fatal(err)
	}
	src := []byte("[numthreads(1,1,1)]\nvoid main() {\n  int x = 1 + 2;\n}\n")
	r.Files.AddFile("bad.hlsl", src)
	m, err := asm.Parse(`OpCapability Shader
OpMemoryModel Logical GLSL450
OpEntryPoint GLCompute %main "main"
OpExecutionMode %main LocalSize 1 1 1
%file = OpString "bad.hlsl"
%void = OpTypeVoid
%fn = OpTypeFunction %void
%int = OpTypeInt 32 1
%float = OpTypeFloat 32
%one = OpConstant %int 1
%main = OpFunction %void None %fn
%l = OpLabel
OpLine %file 3 9
%x = OpFAdd %float %one %one
OpReturn
OpFunctionEnd
`, asm.Options{})
	if err != nil {
		t.Fatal(err)
	}
	r.SPIRV = []uint32{0} // anything: m is what is checked
	r.validate(&opts, m, "bad.hlsl", src)
	if len(r.Diags.Diags) != 1 {
		t.Fatalf("got %d diagnostics, want 1", len(r.Diags.Diags))
	}
	d := r.Diags.Diags[0]
	if d.Severity != diag.Error || d.Code != diag.InvalidSPIRV {
		t.Errorf("got severity %v code %v, want an InvalidSPIRV error", d.Severity, d.Code)
	}
	if !strings.Contains(d.Msg, "internal compiler error") || !strings.Contains(d.Msg, "["+string(validate.RuleArith)+"]") {
		t.Errorf("the message does not name an internal error and the rule: %q", d.Msg)
	}
	if p := r.Files.Position(d.Pos); p.Filename != "bad.hlsl" || p.Line != 3 || p.Col != 9 {
		t.Errorf("got position %v, want bad.hlsl:3:9", p)
	}
}

// The validator's options follow DXC's: the target environment and the
// block layout rules of the layout flags.
func TestValidateOptions(t *testing.T) {
	for _, c := range []struct {
		opts Options
		want validate.Options
	}{
		{Options{TargetEnv: "vulkan1.0"}, validate.Options{Env: validate.EnvVulkan1_0, RelaxBlockLayout: true}},
		{Options{TargetEnv: "vulkan1.2", UseDXLayout: true}, validate.Options{Env: validate.EnvVulkan1_2, ScalarBlockLayout: true}},
		{Options{TargetEnv: "vulkan1.1spirv1.4", UseScalarLayout: true}, validate.Options{Env: validate.EnvVulkan1_1SPV1_4, ScalarBlockLayout: true}},
		{Options{TargetEnv: "vulkan1.3", UseGLLayout: true}, validate.Options{Env: validate.EnvVulkan1_3}},
		{Options{TargetEnv: "vulkan1.4"}, validate.Options{Env: validate.EnvVulkan1_3, RelaxBlockLayout: true}},
		{Options{TargetEnv: "universal1.5"}, validate.Options{Env: validate.EnvUniversal1_5, RelaxBlockLayout: true}},
	} {
		if got := c.opts.ValidatorOptions(); got != c.want {
			t.Errorf("%+v: got %+v, want %+v", c.opts, got, c.want)
		}
	}
}
