package sema

import (
	"os"
	"strings"
	"testing"

	"github.com/hlsl2spirv/hlsl2spirv/frontend/diag"
)

// TestVulkanUnpositioned covers the back-end errors DXC reports without a
// location (inline markers cannot name them).
func TestVulkanUnpositioned(t *testing.T) {
	tests := []struct {
		name string
		cfg  Config
		src  string
		want []string
	}{
		{"bool GetAttributeAtVertex", Config{Stage: "ps", Major: 6, Minor: 1}, `
bool3 main(nointerpolation bool3 c : COLOR1) : SV_Target {
  return GetAttributeAtVertex(c, 1);
}`, []string{"attribute evaluation can only be done on values taken directly from inputs."}},
		{"two geometry primitives", Config{Stage: "gs", Major: 6, Minor: 0}, `
struct V { float4 pos : SV_Position; };
[maxvertexcount(3)]
void main(triangle in uint i[3] : A, line in uint j[2] : B,
          inout PointStream<V> s1, inout LineStream<V> s2) {}`, []string{
			"only one input primitive type can be specified in the geometry shader",
			"only one output primitive type can be specified in the geometry shader"}},
		{"two stencil modes", Config{Stage: "ps", Major: 6, Minor: 0}, `
[[vk::stencil_ref_less_equal_back, vk::stencil_ref_greater_equal_back, vk::stencil_ref_unchanged_front]]
void main() {}`, []string{"Shaders must not specify more than one of stencil_ref_unchanged_back, stencil_ref_greater_equal_back, and stencil_ref_less_equal_back."}},
		{"object-typed short-circuit ?:", Config{Stage: "ps", Major: 6, Minor: 0}, `
SamplerState a; SamplerState b; Texture2D tex; bool pick;
float4 main() : SV_Target { return tex.Sample(pick ? a : b, float2(0, 0)); }`,
			[]string{"casting to type 'SamplerState' unimplemented"}},
		{"partial locations", Config{Stage: "vs", Major: 6, Minor: 0}, `
float main([[vk::location(5)]] int a : A, float b : B) : R { return 1.0; }`,
			[]string{"partial explicit stage input location assignment via vk::location(X) unsupported"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ck := checkSource(t, "x.hlsl", []byte(tt.src), tt.cfg, nil)
			var got []string
			for _, d := range ck.diags.Diags {
				if d.Severity != diag.Error {
					continue
				}
				if d.Pos.IsValid() {
					t.Errorf("unexpected positioned error: %s", d.Msg)
				}
				got = append(got, d.Msg)
			}
			if strings.Join(got, "\n") != strings.Join(tt.want, "\n") {
				t.Errorf("errors:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(tt.want, "\n"))
			}
		})
	}
}

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

// TestVulkanCombinedSampler checks the fatal error DXC reports, without a
// location, for a combined image sampler binding with one half missing.
func TestVulkanCombinedSampler(t *testing.T) {
	src, err := os.ReadFile("testdata/unpositioned/combined_sampler.hlsl")
	if err != nil {
		t.Fatal(err)
	}
	ck := checkSource(t, "combined.hlsl", src, configLine(string(src)), nil)
	want := "fatal error: Texture or Sampler with [[vk::combinedImageSampler]] attribute is missing for descriptor set and binding: 0, 1"
	if got := ck.render(); !strings.Contains(got, want) || ck.diags.ErrorCount() != 1 {
		t.Errorf("want exactly %q, got:\n%s", want, got)
	}
}

// TestVkScopeConstants: vk::SubgroupScope and friends are constants.
func TestVkScopeConstants(t *testing.T) {
	src := "static const uint s = vk::SubgroupScope + vk::QueueFamilyScope;\n[numthreads(1,1,1)] void main() {}\n"
	ck := checkSource(t, "scopes.hlsl", []byte(src), Config{Stage: "cs", Major: 6, Minor: 0}, nil)
	if ck.diags.HasErrors() {
		t.Fatalf("unexpected errors:\n%s", ck.render())
	}
	for _, o := range ck.info.Defs {
		if v, ok := o.(*Var); ok && v.Name() == "s" {
			if v.Value == nil || len(v.Value.Elems) != 1 {
				t.Fatalf("s has no constant value")
			}
			if n, _ := v.Value.Elems[0].Int64(); n != 8 {
				t.Errorf("s = %d, want 3 + 5", n)
			}
			return
		}
	}
	t.Fatal("s not declared")
}
