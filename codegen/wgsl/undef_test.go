package wgsl_test

import (
	"strings"
	"testing"

	"github.com/hlsl2spirv/hlsl2spirv/codegen/wgsl"
)

// A load through an undefined pointer (DXC's and hlsl2spirv's shape for a
// resource read before any was assigned) is valid SPIR-V that no WGSL
// reference can hold: refused, not called invalid.
func TestUndefinedPointerRefused(t *testing.T) {
	_, err := translate(t, computeHeader+`
%undef = OpUndef %ptr_uint
%main = OpFunction %void None %fn
%entry = OpLabel
%v = OpLoad %uint %undef
%p = OpAccessChain %ptr_uint %buf %int_0 %uint_0
OpStore %p %v
OpReturn
OpFunctionEnd
`, wgsl.Options{})
	if err == nil || !strings.Contains(err.Error(), "WGSL cannot express an access through an undefined pointer (OpUndef)") {
		t.Fatalf("want a refusal, got %v", err)
	}
}
