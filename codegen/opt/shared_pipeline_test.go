package opt

import (
	"slices"
	"sync"
	"testing"

	"github.com/hlsl2spirv/hlsl2spirv/builder"
	"github.com/hlsl2spirv/hlsl2spirv/test/corpus"
)

// TestSharedPipelinesConcurrently runs the default pipelines, whose pass
// values every compile shares (PipelineFor, FinalPasses), over golden
// modules from several goroutines at once, as a batch's workers do: each
// module must come out as it does from a run alone. Under -race it also
// proves that no pass writes to the shared pass values (or to anything
// else runs share).
func TestSharedPipelinesConcurrently(t *testing.T) {
	var mods []corpus.Module
	for _, m := range corpus.Golden(t) {
		// -fcgl modules, legalized here as the compiler does, give every
		// pass real work; a few of the optimized modules too.
		if m.CodeGenOnly || len(mods)%8 == 0 {
			mods = append(mods, m)
		}
	}
	n := 150
	if testing.Short() || raceEnabled {
		n = 60
	}
	mods = mods[:min(len(mods), n)]
	o3, err := PipelineFor(3, nil)
	if err != nil {
		t.Fatal(err)
	}
	passes := append(o3, FinalPasses()...)
	run := func(m corpus.Module) []uint32 {
		ir, err := builder.Load(m.Words)
		if err != nil {
			return nil
		}
		if m.CodeGenOnly {
			legal, _ := Pipeline(LegalizationPipelineFlags(LegalizeOptions{}), false)
			if Run(ir, legal, RunOptions{}) != nil {
				return nil
			}
		}
		if Run(ir, passes, RunOptions{}) != nil {
			return nil
		}
		var w builder.WordSlice
		if builder.Serialize(ir, &w) != nil {
			return nil
		}
		return w.Words
	}
	want := make([][]uint32, len(mods))
	for i, m := range mods {
		want[i] = run(m)
	}
	const workers = 4
	var wg sync.WaitGroup
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			// each worker in its own order, so that different modules
			// run at the same time
			for k := range mods {
				i := (k + w*len(mods)/workers) % len(mods)
				if got := run(mods[i]); !slices.Equal(got, want[i]) {
					t.Errorf("%s: optimized concurrently, the module differs from the one optimized alone", mods[i].Name)
				}
			}
		}()
	}
	wg.Wait()
}
