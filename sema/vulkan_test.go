package sema

import (
	"strings"
	"testing"

	"github.com/hlsl2spirv/hlsl2spirv/frontend/diag"
)

// TestVulkanLibraryEntries: in a library every [shader] function is an
// entry of its own stage; a callee is walked once, with the stage of the
// entry that reached it first (as DXC's work queue does).
func TestVulkanLibraryEntries(t *testing.T) {
	src := `
Texture2D tex;
SamplerState s;
float4 sampleIt(float2 uv) { return tex.Sample(s, uv); }
[shader("pixel")] float4 ps(float2 uv : UV) : SV_Target { return sampleIt(uv); }
[shader("vertex")] float4 vs(float2 uv : UV) : SV_Position { return sampleIt(uv); }
`
	ck := checkSource(t, "lib.hlsl", []byte(src), Config{Stage: "lib", Major: 6, Minor: 3}, nil)
	var errs []string
	for _, d := range ck.diags.Diags {
		if d.Severity == diag.Error {
			errs = append(errs, ck.fs.Position(d.Pos).String()+": "+d.Msg)
		}
	}
	// sampleIt is reached first from the pixel entry and walked once.
	if len(errs) != 0 {
		t.Errorf("want no error (sampleIt is walked as pixel code first), got %q", errs)
	}
	src2 := strings.Replace(src, `[shader("pixel")]`, `[shader("compute")][numthreads(1,1,1)]`, 1)
	src2 = strings.Replace(src2, `float4 ps(float2 uv : UV) : SV_Target { return sampleIt(uv); }`, `void ps() {}`, 1)
	ck = checkSource(t, "lib2.hlsl", []byte(src2), Config{Stage: "lib", Major: 6, Minor: 3}, nil)
	if got := ck.render(); !strings.Contains(got, "4:37: error: sampling with implicit lod is only allowed in fragment and compute shaders") {
		t.Errorf("want the vertex entry's implicit-LOD error, got:\n%s", got)
	}
}

// TestVkScopeConstants: vk::SubgroupScope and friends are constants.
func TestVkScopeConstants(t *testing.T) {
	src := "static const uint s = vk::SubgroupScope + vk::QueueFamilyScope;\n[numthreads(1,1,1)] void main() {}\n"
	ck := checkSource(t, "scopes.hlsl", []byte(src), Config{Stage: "cs", Major: 6, Minor: 0}, nil)
	if ck.diags.HasErrors() {
		t.Fatalf("unexpected errors:\n%s", ck.render())
	}
	var s *Var
	ck.info.forEachDef(func(o Object) {
		if v, ok := o.(*Var); ok && v.Name() == "s" {
			s = v
		}
	})
	if s == nil {
		t.Fatal("s not declared")
	}
	if s.Value == nil || len(s.Value.Elems) != 1 {
		t.Fatalf("s has no constant value")
	}
	if n, _ := s.Value.Elems[0].Int64(); n != 8 {
		t.Errorf("s = %d, want 3 + 5", n)
	}
}
