package builder

import (
	"testing"

	"github.com/hlsl2spirv/hlsl2spirv/builder/spv"
)

func TestMinVersion(t *testing.T) {
	b, f := minimalShader(spv.Version1_0)
	f.Return()
	f.End()
	InferCapabilities(b.M)
	if v, why := MinVersion(b.M); v != spv.Version1_0 || why != "" {
		t.Errorf("plain shader needs %s (%s)", v, why)
	}

	// Subgroup operations exist from SPIR-V 1.3 only.
	b, f = minimalShader(spv.Version1_0)
	u32 := b.TypeInt(32, false)
	f.Emit(spv.OpGroupNonUniformBallot, b.TypeVector(u32, 4), Ref(b.ConstUint32(3)), Ref(b.ConstBool(true)))
	f.Return()
	f.End()
	InferCapabilities(b.M)
	if v, why := MinVersion(b.M); v != spv.Version1_3 || why == "" {
		t.Errorf("ballot needs %s (%s), want 1.3", v, why)
	}

	// The StorageBuffer class is 1.3 core, but its extension makes it
	// available in 1.0.
	b = buildCompute(t, spv.Version1_0)
	if v, why := MinVersion(b.M); v != spv.Version1_0 {
		t.Errorf("storage buffer with its extension needs %s (%s)", v, why)
	}
	b.M.Extensions = nil
	if v, why := MinVersion(b.M); v != spv.Version1_3 || why != "StorageClass StorageBuffer" {
		t.Errorf("storage buffer without its extension needs %s (%q)", v, why)
	}
}
