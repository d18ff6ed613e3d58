package frontend

import (
	"testing"

	"github.com/hlsl2spirv/hlsl2spirv/codegen/spirv"
	"github.com/hlsl2spirv/hlsl2spirv/test/tool"
)

// BenchmarkOptimize5000Lines is the optimizer alone (legalization when
// needed, the -O3 passes, serialisation) on the 5,000-line shader's
// emitted module: the -O3 share of BenchmarkCompile5000Lines, without the
// front end's noise.
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
	for i := 0; i < b.N; i++ {
		if out, _ := r.optimize(&o, words); out == nil {
			b.Fatal("optimize failed")
		}
	}
	b.ReportMetric(float64(tool.CPUTime()-cpu)/float64(b.N)/1e6, "cpu-ms/op")
}
