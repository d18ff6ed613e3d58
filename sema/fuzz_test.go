package sema

import (
	"fmt"
	"github.com/hlsl2spirv/hlsl2spirv/frontend/diag"
	"os"
	"path/filepath"
	"testing"
	"time"
)

// FuzzCheck runs pp+parse+Check on arbitrary input: it must never panic
// (Check's own recovery is turned off so the fuzzer sees a panic).
func FuzzCheck(f *testing.F) {
	files, _ := filepath.Glob("testdata/*.hlsl")
	for _, name := range files {
		if src, err := os.ReadFile(name); err == nil {
			f.Add(string(src), "ps")
		}
	}
	f.Add(typeDecls+"void g() { float4 v = tex.Sample(samp, 0.5); }", "lib")
	f.Add(infoSrc, "vs")
	f.Add("struct S { float a; float get() { return a; } }; [numthreads(1,1,1)] void main() { S s; s.get(); }", "cs")
	f.Add("template<typename T> T id(T x) { return x; } float main() : SV_Target { return id(1.0); }", "ps")
	f.Add("enum E { A = 1 << 2, B }; static const int n[B] = {1}; float4 main() : SV_Target { return n[0]; }", "ps")
	// The Vulkan checks run on error-free files: seeds for each stage.
	f.Add("struct V { float4 p : SV_Position; }; [outputtopology(\"triangle\")] [numthreads(1,1,1)] void main(out vertices V v[3], out indices uint3 t[1]) {}", "ms")
	f.Add("struct C { float4 p : POSITION; }; struct P { float e[3] : SV_TessFactor; float i : SV_InsideTessFactor; }; P pc(InputPatch<C, 3> ip) { return (P)0; } [domain(\"tri\")] [partitioning(\"integer\")] [outputtopology(\"triangle_cw\")] [outputcontrolpoints(3)] [patchconstantfunc(\"pc\")] C main(InputPatch<C, 3> ip, uint id : SV_OutputControlPointID) { return ip[id]; }", "hs")
	f.Add("struct V { float4 p : SV_Position; }; [maxvertexcount(3)] void main(triangle V i[3], inout TriangleStream<V> s) { s.Append(i[0]); }", "gs")
	f.Add("[[vk::push_constant]] struct { float4 f; } pc; [[vk::combinedImageSampler]] Texture2D t : register(t0); [[vk::combinedImageSampler]] SamplerState s : register(s0); float4 main([[vk::location(0)]] float2 uv : UV) : SV_Position { return t.SampleLevel(s, uv, 0) + pc.f; }", "vs")
	f.Fuzz(func(t *testing.T, src, stage string) {
		recoverPanics = false
		defer func() { recoverPanics = true }()
		// A hang is a bug too: crash with every goroutine's stack
		// (GOTRACEBACK=all) if one input takes this long.
		watchdog := time.AfterFunc(20*time.Second, func() { panic(fmt.Sprintf("input hangs: %q", src)) })
		defer watchdog.Stop()
		checkSourceMode(t, "fuzz.hlsl", []byte(src), Config{Stage: stage}, nil, true)
	})
}

// TestNoPanicOnTestdataPrefixes checks every prefix of the test files (cut
// at each line) without recovery: truncated declarations must not panic.
func TestNoPanicOnTestdataPrefixes(t *testing.T) {
	recoverPanics = false
	defer func() { recoverPanics = true }()
	files, _ := filepath.Glob("testdata/*.hlsl")
	for _, name := range files {
		src, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		for i := range src {
			if src[i] == '\n' || src[i] == ';' {
				checkSourceMode(t, name, src[:i], Config{Stage: "ps"}, nil, true)
			}
		}
	}
}

// BenchmarkCheck measures Check alone on the parser's typical benchmark
// shader (preprocessing and parsing happen once, outside the loop).
func BenchmarkCheck(b *testing.B) {
	src, err := os.ReadFile("../frontend/parse/testdata/bench/typical.hlsl")
	if err != nil {
		b.Skip(err)
	}
	ck := checkSource(b, "typical.hlsl", src, Config{}, nil)
	if ck.file == nil {
		b.Fatalf("does not parse:\n%s", ck.render())
	}
	if ck.diags.HasErrors() {
		b.Logf("diagnostics:\n%s", ck.render())
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		Check(ck.fs, diag.NewList(ck.fs, diag.Options{}), ck.file, Config{})
	}
}
