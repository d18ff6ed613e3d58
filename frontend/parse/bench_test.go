package parse

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/hlsl2spirv/hlsl2spirv/frontend/ast"
	"github.com/hlsl2spirv/hlsl2spirv/frontend/diag"
	"github.com/hlsl2spirv/hlsl2spirv/frontend/pp"
	"github.com/hlsl2spirv/hlsl2spirv/frontend/token"
)

// cpuTime is the CPU time (user + system) this process has used. The
// benchmarks report it per op besides wall time: on a loaded machine the
// wall time says more about the neighbours than about the parser.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// bigShader is typical.hlsl repeated to about 5,000 lines.
func bigShader(tb testing.TB) []byte {
	tb.Helper()
	one, err := os.ReadFile(filepath.Join("testdata", "bench", "typical.hlsl"))
	if err != nil {
		tb.Fatal(err)
	}
	var b bytes.Buffer
	for b.Len() == 0 || bytes.Count(b.Bytes(), []byte("\n")) < 5000 {
		b.Write(one)
	}
	return b.Bytes()
}

func preprocess(tb testing.TB, src []byte) (*diag.FileSet, []token.Token) {
	fs := diag.NewFileSet()
	diags := diag.NewList(fs, diag.Options{})
	res := pp.Preprocess(fs, diags, "bench.hlsl", src, pp.Config{})
	if diags.HasErrors() {
		var e bytes.Buffer
		diags.Render(&e)
		tb.Fatal(e.String())
	}
	return fs, res.Tokens
}

// BenchmarkParse5000Lines measures the parser alone (classification,
// ANTLR, AST building) on preprocessed tokens, warm: the DFA cache is
// filled by the first iteration. MB/s counts source bytes.
func BenchmarkParse5000Lines(b *testing.B) {
	src := bigShader(b)
	fs, toks := preprocess(b, src)
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	b.ResetTimer()
	start := cpuTime()
	for i := 0; i < b.N; i++ {
		diags := diag.NewList(fs, diag.Options{})
		f, st := FileStats(fs, diags, "bench.hlsl", toks)
		if diags.HasErrors() || st.LLFallback || len(f.Decls) == 0 {
			b.Fatalf("bad parse: errors=%v llFallback=%v", diags.HasErrors(), st.LLFallback)
		}
	}
	reportCPU(b, start, len(src))
}

// BenchmarkPreprocessParse5000Lines is the front end up to the AST on the
// 5,000-line shader, warm, three ways: preprocessing, then parsing
// ("sequential"); parsing a stream the parser's goroutine preprocesses
// block by block ("stream"); and parsing while the preprocessor runs ahead
// on a goroutine of its own ("concurrent").
func BenchmarkPreprocessParse5000Lines(b *testing.B) {
	src := bigShader(b)
	parse := map[string]func(fs *diag.FileSet, diags *diag.List) *ast.File{
		"sequential": func(fs *diag.FileSet, diags *diag.List) *ast.File {
			return Preprocessed(fs, diags, "bench.hlsl", pp.Preprocess(fs, diags, "bench.hlsl", src, pp.Config{}))
		},
		"stream": func(fs *diag.FileSet, diags *diag.List) *ast.File {
			return defaultParser.Stream(fs, diags, "bench.hlsl", pp.NewStream(fs, diags, "bench.hlsl", src, pp.Config{}, false))
		},
		"concurrent": func(fs *diag.FileSet, diags *diag.List) *ast.File {
			return defaultParser.Stream(fs, diags, "bench.hlsl", pp.NewStream(fs, diags, "bench.hlsl", src, pp.Config{}, true))
		},
	}
	for _, way := range []string{"sequential", "stream", "concurrent"} {
		b.Run(way, func(b *testing.B) {
			b.SetBytes(int64(len(src)))
			b.ReportAllocs()
			start := cpuTime()
			for i := 0; i < b.N; i++ {
				fs := diag.NewFileSet()
				diags := diag.NewList(fs, diag.Options{})
				if f := parse[way](fs, diags); diags.HasErrors() || f == nil || len(f.Decls) == 0 {
					b.Fatal("bad parse")
				}
			}
			reportCPU(b, start, len(src))
		})
	}
}

// reportCPU adds cpu-ms/op and, for byte inputs, cpu-MB/s.
func reportCPU(b *testing.B, start time.Duration, bytes int) {
	per := float64(cpuTime()-start) / float64(b.N)
	b.ReportMetric(per/1e6, "cpu-ms/op")
	if bytes > 0 && per > 0 {
		b.ReportMetric(float64(bytes)/(per/1e9)/1e6, "cpu-MB/s")
	}
}

// BenchmarkParseColdDFA parses the 200-line typical.hlsl with ANTLR's
// prediction cache emptied before every iteration: the in-process part of
// a cold start (what a fresh process pays on top of process start and
// ATN deserialization), without the noise of starting processes.
func BenchmarkParseColdDFA(b *testing.B) {
	src, err := os.ReadFile(filepath.Join("testdata", "bench", "typical.hlsl"))
	if err != nil {
		b.Fatal(err)
	}
	fs, toks := preprocess(b, src)
	var ps Parser
	ps.FileStats(fs, diag.NewList(fs, diag.Options{}), "typical.hlsl", toks)
	b.ReportAllocs()
	b.ResetTimer()
	start := cpuTime()
	for i := 0; i < b.N; i++ {
		ps.forgetPredictions()
		diags := diag.NewList(fs, diag.Options{})
		ps.FileStats(fs, diags, "typical.hlsl", toks)
	}
	reportCPU(b, start, 0)
}

// BenchmarkParseWarm200Lines is the same file with the cache warm.
func BenchmarkParseWarm200Lines(b *testing.B) {
	src, err := os.ReadFile(filepath.Join("testdata", "bench", "typical.hlsl"))
	if err != nil {
		b.Fatal(err)
	}
	fs, toks := preprocess(b, src)
	b.ReportAllocs()
	b.ResetTimer()
	start := cpuTime()
	for i := 0; i < b.N; i++ {
		diags := diag.NewList(fs, diag.Options{})
		File(fs, diags, "typical.hlsl", toks)
	}
	reportCPU(b, start, 0)
}

// BenchmarkPreprocessAndParse5000Lines adds the preprocessor.
func BenchmarkPreprocessAndParse5000Lines(b *testing.B) {
	src := bigShader(b)
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	start := cpuTime()
	for i := 0; i < b.N; i++ {
		fs, toks := preprocess(b, src)
		diags := diag.NewList(fs, diag.Options{})
		File(fs, diags, "bench.hlsl", toks)
	}
	reportCPU(b, start, len(src))
}

// BenchmarkColdProcess runs a fresh process (testdata/coldparse) that
// preprocesses and parses the 200-line typical.hlsl: ns/op is the cold
// wall time, process start included, with ANTLR's DFA cache empty.
func BenchmarkColdProcess(b *testing.B) {
	bin := filepath.Join(b.TempDir(), "coldparse")
	build := exec.Command("go", "build", "-tags", "antlr.nomutex", "-o", bin, "./testdata/coldparse")
	if out, err := build.CombinedOutput(); err != nil {
		b.Fatalf("building coldparse: %v\n%s", err, out)
	}
	input := filepath.Join("testdata", "bench", "typical.hlsl")
	b.ResetTimer()
	var cpu time.Duration
	for i := 0; i < b.N; i++ {
		cmd := exec.Command(bin, input)
		if out, err := cmd.CombinedOutput(); err != nil {
			b.Fatalf("coldparse: %v\n%s", err, out)
		}
		cpu += cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()
	}
	// The child's own CPU time, process start included.
	b.ReportMetric(float64(cpu)/float64(b.N)/1e6, "cpu-ms/op")
}

// The benchmark inputs must parse cleanly, without the LL fallback.
func TestBenchInputsParse(t *testing.T) {
	src, err := os.ReadFile(filepath.Join("testdata", "bench", "typical.hlsl"))
	if err != nil {
		t.Fatal(err)
	}
	_, diags, st := parseString(t, "typical.hlsl", string(src))
	if diags != "" || st.LLFallback {
		t.Fatalf("typical.hlsl: llFallback=%v\n%s", st.LLFallback, diags)
	}
	if n := strings.Count(string(src), "\n"); n < 190 {
		t.Errorf("typical.hlsl has %d lines; the cold benchmark is specified for ~200", n)
	}
}

// A second parse of the same text reuses the prediction cache the first
// one filled: no new DFA states.
func TestPredictionCacheShared(t *testing.T) {
	src, err := os.ReadFile(filepath.Join("testdata", "bench", "typical.hlsl"))
	if err != nil {
		t.Fatal(err)
	}
	var ps Parser
	parseWith(t, &ps, "a.hlsl", string(src))
	_, first := ps.predictionWork()
	parseWith(t, &ps, "b.hlsl", string(src))
	if first == 0 {
		t.Fatal("the shared prediction cache is empty after a parse")
	}
	if _, second := ps.predictionWork(); second != first {
		t.Errorf("the second parse added DFA states: %d, then %d", first, second)
	}
}

// Parses from several goroutines give the same trees and errors as one at
// a time. Run with -race (make test does): under the antlr.nomutex tag
// nothing of ANTLR's may be shared by parses running at once. The inputs
// with syntax errors take the LL pass with error recovery, which reads
// (and fills) the ATN's lookahead caches.
func TestConcurrentParses(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join("testdata", "ast", "*.hlsl"))
	srcs := map[string]string{}
	for _, f := range files {
		src, _ := os.ReadFile(f)
		srcs[f] = string(src)
	}
	for i, bad := range []string{
		"float4 main() : SV_Target {\n  float x = 1\n  return x;\n}\n",
		"struct S { int a; int b }; void f() { S s; s.a = ; }\n",
		"void f() { if (1) { for (int i = 0; i < 3 i++) {} } else { x = (1 + ; } }\n",
		"cbuffer C { float4 a; float4 b[; }; float4 main() : SV_Target { return a }\n",
	} {
		name := fmt.Sprintf("bad%d.hlsl", i)
		files = append(files, name)
		srcs[name] = bad
	}
	want := map[string]string{}
	for _, f := range files {
		want[f] = dump(t, filepath.Base(f), srcs[f])
	}
	done := make(chan string, 4*len(files))
	for g := 0; g < 4; g++ {
		go func() {
			for _, f := range files {
				if got := dump(t, filepath.Base(f), srcs[f]); got != want[f] {
					done <- f
					continue
				}
				done <- ""
			}
		}()
	}
	for i := 0; i < 4*len(files); i++ {
		if f := <-done; f != "" {
			t.Errorf("%s: a concurrent parse differs from a sequential one", f)
		}
	}
}
