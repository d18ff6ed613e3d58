package frontend

import (
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/hlsl2spirv/hlsl2spirv/builder"
	"github.com/hlsl2spirv/hlsl2spirv/builder/validate"
	"github.com/hlsl2spirv/hlsl2spirv/codegen/spirv"
	"github.com/hlsl2spirv/hlsl2spirv/frontend/pp"
	"github.com/hlsl2spirv/hlsl2spirv/sema"
	"github.com/hlsl2spirv/hlsl2spirv/test/bench"
	"github.com/hlsl2spirv/hlsl2spirv/test/tool"
)

// corpus is the benchmark corpus (test/bench) with the options to compile
// each shader.
func corpus(tb testing.TB) ([]bench.Shader, []Options) {
	tb.Helper()
	shaders, err := bench.Corpus()
	if err != nil {
		tb.Fatal(err)
	}
	opts := make([]Options, len(shaders))
	for i, s := range shaders {
		opts[i] = Options{Profile: s.Profile, Entry: s.Entry}
	}
	return shaders, opts
}

// bigShader is the 5,000-line shader of the benchmarks (-T ps_6_0).
func bigShader(tb testing.TB) []byte {
	tb.Helper()
	src, err := bench.Big(5000)
	if err != nil {
		tb.Fatal(err)
	}
	return src
}

func compileOrFail(tb testing.TB, c *Compiler, opts Options, name string, src []byte) *Result {
	tb.Helper()
	res, err := c.Compile(opts, name, src)
	if err != nil {
		tb.Fatal(err)
	}
	if res.Failed() {
		var sb strings.Builder
		res.Diags.Render(&sb)
		tb.Fatalf("%s: compile failed:\n%s", name, sb.String())
	}
	return res
}

// The benchmark shaders compile to valid SPIR-V.
func TestBenchShadersCompile(t *testing.T) {
	tool.Require(t, tool.SpirvVal)
	shaders, opts := corpus(t)
	for i, s := range shaders {
		if n := strings.Count(string(s.Source), "\n"); n < 150 || n > 250 {
			t.Errorf("%s has %d lines; the corpus is of 150-250-line shaders", s.Name, n)
		}
		res := compileOrFail(t, &defaultCompiler, opts[i], s.Name, s.Source)
		if err := tool.Validate(t, builder.LittleEndian(res.SPIRV), "vulkan1.0", "--relax-block-layout"); err != nil {
			t.Errorf("%s: %v", s.Name, err)
		}
	}
	big := bigShader(t)
	if n := strings.Count(string(big), "\n"); n < 5000 {
		t.Fatalf("the big shader has %d lines, want 5000", n)
	}
	res := compileOrFail(t, &defaultCompiler, Options{Profile: "ps_6_0"}, "big.hlsl", big)
	if err := tool.Validate(t, builder.LittleEndian(res.SPIRV), "vulkan1.0", "--relax-block-layout"); err != nil {
		t.Errorf("5000 lines: %v", err)
	}
}

// BenchmarkCompileCorpus is the whole compile (preprocess, parse, check,
// emit) of every corpus shader in turn through one warm Compiler; ns/op
// is per shader.
func BenchmarkCompileCorpus(b *testing.B) {
	shaders, opts := corpus(b)
	var c Compiler
	size := 0
	for i, s := range shaders {
		compileOrFail(b, &c, opts[i], s.Name, s.Source)
		size += len(s.Source)
	}
	b.SetBytes(int64(size / len(shaders)))
	b.ReportAllocs()
	b.ResetTimer()
	start := cpuTime()
	for i := 0; i < b.N; i++ {
		k := i % len(shaders)
		compileOrFail(b, &c, opts[k], shaders[k].Name, shaders[k].Source)
	}
	b.ReportMetric(float64(cpuTime()-start)/float64(b.N)/1e6, "cpu-ms/op")
}

// BenchmarkCompileCorpusFresh compiles the corpus shaders in turn, each
// through a new Compiler, whose parser loads the grammar's ATN and builds
// its prediction DFA from nothing, as a fresh process's does; ns/op is per
// shader. The profile-guided build records it beside the warm benchmarks
// (make pgo), so that the code a cold compile runs is optimized too.
func BenchmarkCompileCorpusFresh(b *testing.B) {
	shaders, opts := corpus(b)
	b.ReportAllocs()
	b.ResetTimer()
	start := cpuTime()
	for i := 0; i < b.N; i++ {
		k := i % len(shaders)
		var c Compiler
		compileOrFail(b, &c, opts[k], shaders[k].Name, shaders[k].Source)
	}
	b.ReportMetric(float64(cpuTime()-start)/float64(b.N)/1e6, "cpu-ms/op")
}

// cpuTime is the CPU time (user + system) this process has used: the
// benchmarks report it per op besides wall time, which on a loaded
// machine says more about the neighbours than about the compiler.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// BenchmarkCompilerParallel compiles the corpus shaders on GOMAXPROCS
// goroutines through one Compiler: with -cpu 1,2,4 ns/op (per shader)
// shows how compiles scale with cores.
func BenchmarkCompilerParallel(b *testing.B) {
	shaders, opts := corpus(b)
	var c Compiler
	for i, s := range shaders {
		compileOrFail(b, &c, opts[i], s.Name, s.Source)
	}
	b.ReportAllocs()
	b.ResetTimer()
	start := cpuTime()
	b.RunParallel(func(pb *testing.PB) {
		for k := 0; pb.Next(); k++ {
			s := shaders[k%len(shaders)]
			compileOrFail(b, &c, opts[k%len(shaders)], s.Name, s.Source)
		}
	})
	b.ReportMetric(float64(cpuTime()-start)/float64(b.N)/1e6, "cpu-ms/op")
}

// BenchmarkCompile5000Lines is the whole compile of a 5,000-line shader,
// warm, at -O0 (no optimizer) and at the default -O3: the difference is
// the optimizer's share (-ftime-report breaks it down by pass).
func BenchmarkCompile5000Lines(b *testing.B) {
	src := bigShader(b)
	for _, level := range []struct {
		name string
		opts Options
	}{{"O0", Options{Profile: "ps_6_0", NoOptimize: true}}, {"O3", Options{Profile: "ps_6_0"}}} {
		b.Run(level.name, func(b *testing.B) {
			var c Compiler
			compileOrFail(b, &c, level.opts, "big.hlsl", src)
			b.SetBytes(int64(len(src)))
			b.ReportAllocs()
			b.ResetTimer()
			start := cpuTime()
			for i := 0; i < b.N; i++ {
				compileOrFail(b, &c, level.opts, "big.hlsl", src)
			}
			b.ReportMetric(float64(cpuTime()-start)/float64(b.N)/1e6, "cpu-ms/op")
		})
	}
}

// BenchmarkCompileColdProcess runs the hlsl2spirv command in a fresh
// process per iteration on a corpus shader (and, as a sub-benchmark,
// the 5,000-line one): ns/op is the cold whole-process time, with the
// parser's caches empty, as a user sees it.
func BenchmarkCompileColdProcess(b *testing.B) {
	bin := filepath.Join(b.TempDir(), "hlsl2spirv")
	build := exec.Command("go", "build", "-tags", "antlr.nomutex", "-o", bin, "../cmd/hlsl2spirv")
	if out, err := build.CombinedOutput(); err != nil {
		b.Fatalf("building hlsl2spirv: %v\n%s", err, out)
	}
	big := filepath.Join(b.TempDir(), "big.hlsl")
	if err := os.WriteFile(big, bigShader(b), 0o644); err != nil {
		b.Fatal(err)
	}
	out := filepath.Join(b.TempDir(), "out.spv")
	for _, c := range []struct{ name, file string }{
		{"pbr_forward", filepath.Join(bench.Dir(), "pbr_forward.ps.hlsl")},
		{"5000lines", big},
	} {
		b.Run(c.name, func(b *testing.B) {
			var cpu float64
			for i := 0; i < b.N; i++ {
				cmd := exec.Command(bin, "-T", "ps_6_0", "-E", "main", "-Fo", out, c.file)
				if msg, err := cmd.CombinedOutput(); err != nil {
					b.Fatalf("hlsl2spirv: %v\n%s", err, msg)
				}
				cpu += float64(cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime())
			}
			b.ReportMetric(cpu/float64(b.N)/1e6, "cpu-ms/op")
		})
	}
}

// BenchmarkStages times each stage of a compile on its own over the
// corpus (ns/op is per shader, warm): where a compile's time goes.
// cpu-ms/op counts the stage alone, not the set-up of each run.
func BenchmarkStages(b *testing.B) {
	shaders, opts := corpus(b)
	benchStages(b, shaders, opts)
}

// BenchmarkStages5000Lines is BenchmarkStages on the 5,000-line shader.
func BenchmarkStages5000Lines(b *testing.B) {
	benchStages(b, []bench.Shader{{Name: "big.hlsl", Source: bigShader(b)}}, []Options{{Profile: "ps_6_0"}})
}

func benchStages(b *testing.B, shaders []bench.Shader, opts []Options) {
	var c Compiler
	type prepared struct {
		r    *Result
		opts Options
		src  []byte
		name string
		pp   *pp.Result
		m    *builder.Module
	}
	stages := []string{"preprocess", "parse", "sema", "codegen", "optimize", "validate"}
	// prepare runs a compile's stages up to (not including) stage on
	// shader k.
	prepare := func(k int, stage string) *prepared {
		o := opts[k]
		if err := o.Normalize(); err != nil {
			b.Fatal(err)
		}
		r, err := newResult(&o)
		if err != nil {
			b.Fatal(err)
		}
		r.profile, _ = o.profileFor(true)
		p := &prepared{r: r, opts: o, src: shaders[k].Source, name: shaders[k].Name}
		for _, s := range stages {
			if s == stage {
				break
			}
			switch s {
			case "preprocess":
				p.pp = r.preprocess(&o, p.name, p.src)
			case "parse":
				r.AST = c.parser.Preprocessed(r.Files, r.Diags, p.name, p.pp)
			case "sema":
				r.Info = sema.Check(r.Files, r.Diags, r.AST, sema.Config{Stage: string(r.profile.Stage), Major: r.profile.Major,
					Minor: r.profile.Minor, Entry: o.Entry, HLSLVersion: o.HLSLVersion, TargetEnv: o.TargetEnv})
			case "codegen":
				p.m, r.legal = spirv.GenerateModule(r.Files, r.Diags, r.AST, r.Info, o.codegenOptions(r.profile))
			case "optimize":
				r.SPIRV, p.m = r.optimize(&o, p.m)
			}
		}
		return p
	}
	run := map[string]func(*prepared){
		"preprocess": func(p *prepared) { p.r.preprocess(&p.opts, p.name, p.src) },
		"parse":      func(p *prepared) { c.parser.Preprocessed(p.r.Files, p.r.Diags, p.name, p.pp) },
		"sema": func(p *prepared) {
			sema.Check(p.r.Files, p.r.Diags, p.r.AST, sema.Config{Stage: string(p.r.profile.Stage), Major: p.r.profile.Major,
				Minor: p.r.profile.Minor, Entry: p.opts.Entry, HLSLVersion: p.opts.HLSLVersion, TargetEnv: p.opts.TargetEnv})
		},
		"codegen": func(p *prepared) {
			spirv.GenerateModule(p.r.Files, p.r.Diags, p.r.AST, p.r.Info, p.opts.codegenOptions(p.r.profile))
		},
		"optimize": func(p *prepared) { p.r.optimize(&p.opts, p.m) },
		"validate": func(p *prepared) { p.r.validate(&p.opts, p.m, p.name, p.src) },
	}
	for _, stage := range stages {
		b.Run(stage, func(b *testing.B) {
			b.ReportAllocs()
			var cpu time.Duration
			for i := 0; i < b.N; i++ {
				b.StopTimer()
				p := prepare(i%len(shaders), stage)
				if p.r.Failed() {
					b.Fatalf("%s failed before %s", p.name, stage)
				}
				b.StartTimer()
				start := cpuTime()
				run[stage](p)
				cpu += cpuTime() - start
				if p.r.Failed() {
					b.Fatalf("%s failed in %s", p.name, stage)
				}
			}
			b.ReportMetric(float64(cpu)/float64(b.N)/1e6, "cpu-ms/op")
		})
	}
}

// BenchmarkCompileValidation is the whole compile with the validator (the
// default) and without it (-Vd), over the corpus shaders (ns/op per
// shader) and on the 5,000-line one, and the validator alone on each
// compiled module: the validator's share of a compile. cpu-ms/op is the
// process's CPU time, which other processes on the machine do not skew.
func BenchmarkCompileValidation(b *testing.B) {
	shaders, opts := corpus(b)
	type job struct {
		name string
		opts Options
		src  []byte
	}
	var typical []job
	for i, s := range shaders {
		typical = append(typical, job{s.Name, opts[i], s.Source})
	}
	for _, set := range []struct {
		name string
		jobs []job
	}{{"corpus", typical}, {"5000lines", []job{{"big.hlsl", Options{Profile: "ps_6_0"}, bigShader(b)}}}} {
		var c Compiler
		for _, vd := range []bool{false, true} {
			name := set.name + "/validated"
			if vd {
				name = set.name + "/Vd"
			}
			b.Run(name, func(b *testing.B) {
				for _, j := range set.jobs {
					compileOrFail(b, &c, j.opts, j.name, j.src)
				}
				b.ReportAllocs()
				b.ResetTimer()
				cpu := tool.CPUTime()
				for i := 0; i < b.N; i++ {
					j := set.jobs[i%len(set.jobs)]
					o := j.opts
					o.DisableValidation = vd
					compileOrFail(b, &c, o, j.name, j.src)
				}
				b.ReportMetric(float64(tool.CPUTime()-cpu)/float64(b.N)/1e6, "cpu-ms/op")
			})
		}
		b.Run(set.name+"/validator-only", func(b *testing.B) {
			mods := make([]*builder.Module, len(set.jobs))
			vopts := make([]validate.Options, len(set.jobs))
			for k, j := range set.jobs {
				res := compileOrFail(b, &c, j.opts, j.name, j.src)
				m, err := builder.Load(res.SPIRV)
				if err != nil {
					b.Fatal(err)
				}
				o := j.opts
				if err := o.Normalize(); err != nil {
					b.Fatal(err)
				}
				mods[k], vopts[k] = m, o.ValidatorOptions()
			}
			b.ReportAllocs()
			b.ResetTimer()
			cpu := tool.CPUTime()
			for i := 0; i < b.N; i++ {
				k := i % len(mods)
				if err := validate.Module(mods[k], vopts[k]); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(tool.CPUTime()-cpu)/float64(b.N)/1e6, "cpu-ms/op")
		})
	}
}

// BenchmarkFrontEnd5000Lines is the front end alone (preprocess, parse,
// sema: Check with -fsyntax-only's work) on the 5,000-line shader, with
// sema on a goroutine of its own beside the parser (pipeline.go) and
// after it on the same goroutine: what the pipeline takes off a compile.
func BenchmarkFrontEnd5000Lines(b *testing.B) {
	src := bigShader(b)
	opts := Options{Profile: "ps_6_0"}
	for _, mode := range []struct {
		name      string
		minTokens int
	}{{"pipelined", pipelineMinTokens}, {"sequential", math.MaxInt}} {
		b.Run(mode.name, func(b *testing.B) {
			defer func(n int) { pipelineMinTokens = n }(pipelineMinTokens)
			pipelineMinTokens = mode.minTokens
			var c Compiler
			b.ReportAllocs()
			start := cpuTime()
			for i := 0; i < b.N; i++ {
				if r, err := c.Check(opts, "big.hlsl", src, nil); err != nil || r.Failed() {
					b.Fatalf("check failed: %v", err)
				}
			}
			b.ReportMetric(float64(cpuTime()-start)/float64(b.N)/1e6, "cpu-ms/op")
		})
	}
}
