package opt

import "testing"

func TestCompactIDs(t *testing.T) {
	src := `OpCapability Shader
OpMemoryModel Logical GLSL450
OpEntryPoint Fragment %100 "main"
OpExecutionMode %100 OriginUpperLeft
OpName %100 "main"
%50 = OpTypeVoid
%60 = OpTypeFunction %50
%100 = OpFunction %50 None %60
%200 = OpLabel
OpReturn
OpFunctionEnd
`
	m, out := runFlags(t, src, "compact-ids")
	if m.Bound != 5 {
		t.Errorf("bound %d, want 5", m.Bound)
	}
	for _, want := range []string{`OpEntryPoint Fragment %main "main"`, "%void = OpTypeVoid", "%4 = OpLabel"} {
		if !contains(out, want) {
			t.Errorf("missing %q in\n%s", want, out)
		}
	}
	// The entry point's function is the first id mentioned.
	if m.Functions[0].Def.Result != 1 {
		t.Errorf("main is %%%d, want %%1", m.Functions[0].Def.Result)
	}
}
