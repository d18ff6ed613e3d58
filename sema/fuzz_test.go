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
