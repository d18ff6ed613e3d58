package opt

import (
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"sort"
	"strconv"
	"strings"
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
//
// PASS_TIMES_RUNS=N averages N runs (each over a freshly loaded module);
// each pass's allocation (bytes and count) is printed beside its time.
func TestPassTimes(t *testing.T) {
	words := passTimesModule(t)
	runs := 1
	if n, err := strconv.Atoi(os.Getenv("PASS_TIMES_RUNS")); err == nil && n > 0 {
		runs = n
	}
	passes, err := PipelineFor(3, nil)
	if err != nil {
		t.Fatal(err)
	}
	tot := map[string]*passCost{}
	var wrapped []Pass
	for _, p := range passes {
		wrapped = append(wrapped, timedPass{p, tot})
	}
	var all time.Duration
	for range runs {
		m, err := builder.Load(words)
		if err != nil {
			t.Fatal(err)
		}
		start := cpuTime()
		if err := Run(m, wrapped, RunOptions{}); err != nil {
			t.Fatal(err)
		}
		all += cpuTime() - start
	}
	var names []string
	for k := range tot {
		names = append(names, k)
	}
	sort.Slice(names, func(i, j int) bool { return tot[names[i]].cpu > tot[names[j]].cpu })
	per := func(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 / float64(runs) }
	t.Logf("%-36s %8s %10s %8s (per run of the pipeline, %d runs)", "pass", "cpu-ms", "KB", "allocs", runs)
	for _, n := range names {
		c := tot[n]
		t.Logf("%-36s %8.1f %10d %8d", n, per(c.cpu), c.bytes/1024/uint64(runs), c.allocs/uint64(runs))
	}
	t.Logf("%-36s %8.1f ms (with the bookkeeping between passes)", "all", per(all))
}

// passTimesModule returns the words of the module PASS_TIMES_SPV names,
// and skips tb when the variable is not set.
func passTimesModule(tb testing.TB) []uint32 {
	path := os.Getenv("PASS_TIMES_SPV")
	if path == "" {
		tb.Skip("set PASS_TIMES_SPV to a SPIR-V binary to time the -O3 passes over it")
	}
	mods := spvFiles(tb, filepath.Dir(path))
	i := slices.IndexFunc(mods, func(m corpus.Module) bool { return m.Name == filepath.Base(path) })
	if i < 0 {
		tb.Fatalf("%s: not a .spv file", path)
	}
	return mods[i].Words
}

// passCost is what a pass's runs cost: CPU time (the process's, so the
// garbage collector's share lands on whichever pass it interrupts) and
// allocation.
type passCost struct {
	cpu           time.Duration
	bytes, allocs uint64
}

// timedPass adds the cost of each run of a pass to tot.
type timedPass struct {
	Pass
	tot map[string]*passCost
}

func (p timedPass) Run(c *Context) (bool, error) {
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	s := cpuTime()
	ch, err := p.Pass.Run(c)
	d := cpuTime() - s
	runtime.ReadMemStats(&after)
	pc := p.tot[p.Name()]
	if pc == nil {
		pc = &passCost{}
		p.tot[p.Name()] = pc
	}
	pc.cpu += d
	pc.bytes += after.TotalAlloc - before.TotalAlloc
	pc.allocs += after.Mallocs - before.Mallocs
	return ch, err
}

// BenchmarkPassTimes measures single passes where the -O3 pipeline runs
// them, on the module named by PASS_TIMES_SPV (as TestPassTimes): each
// iteration runs the whole pipeline over a freshly loaded module with
// the benchmark's timer running only during the named pass's runs, so
// ns/op, B/op and allocs/op are that pass's, summed over its runs in the
// pipeline (with the state earlier passes leave: cached analyses, the
// folder's constants). PASS_TIMES_BENCH lists the passes (a
// sub-benchmark each; by default ccp, redundancy-elimination and
// simplify-instructions):
//
//	PASS_TIMES_SPV=$PWD/big.spv go test ./codegen/opt -run '^$' -bench PassTimes -benchtime 20x
func BenchmarkPassTimes(b *testing.B) {
	words := passTimesModule(b)
	names := []string{"ccp", "redundancy-elimination", "simplify-instructions"}
	if s := os.Getenv("PASS_TIMES_BENCH"); s != "" {
		names = strings.Split(s, ",")
	}
	passes, err := PipelineFor(3, nil)
	if err != nil {
		b.Fatal(err)
	}
	for _, name := range names {
		b.Run(name, func(b *testing.B) {
			var cpu time.Duration
			var wrapped []Pass
			for _, p := range passes {
				if p.Name() == name {
					p = benchedPass{p, b, &cpu}
				}
				wrapped = append(wrapped, p)
			}
			b.ReportAllocs()
			b.StopTimer()
			b.ResetTimer()
			for range b.N {
				m, err := builder.Load(words)
				if err != nil {
					b.Fatal(err)
				}
				if err := Run(m, wrapped, RunOptions{}); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(cpu.Microseconds())/1000/float64(b.N), "cpu-ms/op")
		})
	}
}

// benchedPass runs a pass with b's timer on, adding its CPU time to cpu.
type benchedPass struct {
	Pass
	b   *testing.B
	cpu *time.Duration
}

func (p benchedPass) Run(c *Context) (bool, error) {
	p.b.StartTimer()
	s := cpuTime()
	ch, err := p.Pass.Run(c)
	*p.cpu += cpuTime() - s
	p.b.StopTimer()
	return ch, err
}
