package opt

import (
	"strings"
	"testing"

	"github.com/hlsl2spirv/hlsl2spirv/builder/asm"
	"github.com/hlsl2spirv/hlsl2spirv/test/filecheck"
)

// handleJoin is a fragment shader whose two arms load a texture (%B is the
// second arm's variable) joined by a phi.
const handleJoin = `
OpCapability Shader
OpMemoryModel Logical GLSL450
OpEntryPoint Fragment %main "main"
OpExecutionMode %main OriginUpperLeft
OpName %t0 "t0"
OpName %t1 "t1"
%void = OpTypeVoid
%fn = OpTypeFunction %void
%bool = OpTypeBool
%float = OpTypeFloat 32
%img = OpTypeImage %float 2D 0 0 0 1 Unknown
%ptr_img = OpTypePointer UniformConstant %img
%t0 = OpVariable %ptr_img UniformConstant
%t1 = OpVariable %ptr_img UniformConstant
%cond = OpUndef %bool
%main = OpFunction %void None %fn
%entry = OpLabel
OpSelectionMerge %join None
OpBranchConditional %cond %then %else
%then = OpLabel
%a = OpLoad %img %t0
OpBranch %join
%else = OpLabel
%b = OpLoad %img %B
OpBranch %join
%join = OpLabel
%p = OpPhi %img %a %then %b %else
%q = OpCopyObject %img %p
OpReturn
OpFunctionEnd
`

func TestReloadJoinedHandles(t *testing.T) {
	for _, c := range []struct {
		name, second, checks string
		changed              bool
	}{
		{"same texture on both paths", "%t0", `
; CHECK:      %then = OpLabel
; CHECK-NEXT: OpBranch %join
; CHECK:      %else = OpLabel
; CHECK-NEXT: OpBranch %join
; CHECK:      %join = OpLabel
; CHECK-NEXT: [[l:%[0-9a-z]+]] = OpLoad %{{[0-9]+}} %t0
; CHECK-NEXT: OpCopyObject %{{[0-9]+}} [[l]]
; CHECK-NOT:  OpPhi
`, true},
		{"different textures", "%t1", `
; CHECK: %p = OpPhi %{{[0-9]+}} %a %then %b %else
`, false},
	} {
		m, err := asm.Parse(named(strings.ReplaceAll(handleJoin, "%B", c.second)), asm.Options{PreserveNumericIDs: true})
		if err != nil {
			t.Fatal(err)
		}
		if got := ReloadJoinedHandles(m); got != c.changed {
			t.Errorf("%s: changed = %v, want %v", c.name, got, c.changed)
		}
		filecheck.Assert(t, c.checks, disassemble(t, m), filecheck.Options{})
	}
}
