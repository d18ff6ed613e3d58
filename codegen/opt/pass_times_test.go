package opt

import (
	"os"
	"path/filepath"
	"slices"
	"sort"
	"testing"
	"time"

	"github.com/hlsl2spirv/hlsl2spirv/builder"
	"github.com/hlsl2spirv/hlsl2spirv/test/corpus"
)

// TestPassTimes is a tool for finding where -O3's time goes: it runs the
// performance pipeline over the module named by PASS_TIMES_SPV (for example
// the 5,000-line benchmark shader compiled with -O0) and prints the CPU time
// each pass took, summed over its runs, most expensive first:
//
//	go run ./test/bench/bigshader > big.hlsl
//	hlsl2spirv -T ps_6_0 -E main -O0 -Fo big.spv big.hlsl
//	PASS_TIMES_SPV=$PWD/big.spv go test ./codegen/opt -run PassTimes -v
func TestPassTimes(t *testing.T) {
	path := os.Getenv("PASS_TIMES_SPV")
	if path == "" {
		t.Skip("set PASS_TIMES_SPV to a SPIR-V binary to time the -O3 passes over it")
	}
	mods := spvFiles(t, filepath.Dir(path))
	i := slices.IndexFunc(mods, func(m corpus.Module) bool { return m.Name == filepath.Base(path) })
	if i < 0 {
		t.Fatalf("%s: not a .spv file", path)
	}
	m, err := builder.Load(mods[i].Words)
	if err != nil {
		t.Fatal(err)
	}
	passes, err := PipelineFor(3, nil)
	if err != nil {
		t.Fatal(err)
	}
	tot := map[string]time.Duration{}
	var wrapped []Pass
	for _, p := range passes {
		wrapped = append(wrapped, timedPass{p, tot})
	}
	start := cpuTime()
	if err := Run(m, wrapped, RunOptions{}); err != nil {
		t.Fatal(err)
	}
	all := cpuTime() - start
	var names []string
	for k := range tot {
		names = append(names, k)
	}
	sort.Slice(names, func(i, j int) bool { return tot[names[i]] > tot[names[j]] })
	for _, n := range names {
		t.Logf("%-36s %8.1f ms", n, float64(tot[n].Microseconds())/1000)
	}
	t.Logf("%-36s %8.1f ms (with the bookkeeping between passes)", "all", float64(all.Microseconds())/1000)
}

// timedPass adds the CPU time of each run of a pass to tot.
type timedPass struct {
	Pass
	tot map[string]time.Duration
}

func (p timedPass) Run(c *Context) (bool, error) {
	s := cpuTime()
	ch, err := p.Pass.Run(c)
	p.tot[p.Name()] += cpuTime() - s
	return ch, err
}
