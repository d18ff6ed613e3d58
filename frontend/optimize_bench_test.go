package frontend

import (
	"testing"
	"time"

	"github.com/hlsl2spirv/hlsl2spirv/builder"
	"github.com/hlsl2spirv/hlsl2spirv/codegen/spirv"
	"github.com/hlsl2spirv/hlsl2spirv/test/tool"
)

// BenchmarkOptimize5000Lines is the optimizer alone (legalization when
// needed, the -O3 passes, serialisation) on the 5,000-line shader's
// emitted module (loaded afresh for each run, outside the measurement):
// the -O3 share of BenchmarkCompile5000Lines, without the front end's
// noise.
func BenchmarkOptimize5000Lines(b *testing.B) {
	o := Options{Profile: "ps_6_0"}
	if err := o.Normalize(); err != nil {
		b.Fatal(err)
	}
	var c Compiler
	r, err := newResult(&o)
	if err != nil {
		b.Fatal(err)
	}
	if r.profile, err = o.profileFor(true); err != nil {
		b.Fatal(err)
	}
	r.check(&c, &o, "big.hlsl", bigShader(b))
	if r.Failed() {
		b.Fatal("the 5,000-line shader does not compile")
	}
	words, legal := spirv.Generate(r.Files, r.Diags, r.AST, r.Info, o.codegenOptions(r.profile))
	r.legal = legal
	b.ReportAllocs()
	b.ResetTimer()
	cpu := tool.CPUTime()
	var cpuLoad time.Duration // loading a fresh module for each run, not counted
	for i := 0; i < b.N; i++ {
		b.StopTimer()
		start := tool.CPUTime()
		m, err := builder.Load(words)
		if err != nil {
			b.Fatal(err)
		}
		cpuLoad += tool.CPUTime() - start
		b.StartTimer()
		if out, _ := r.optimize(&o, m); out == nil {
			b.Fatal("optimize failed")
		}
	}
	b.ReportMetric(float64(tool.CPUTime()-cpu-cpuLoad)/float64(b.N)/1e6, "cpu-ms/op")
}
