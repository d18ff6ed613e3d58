package opt

import (
	"slices"
	"strings"
	"testing"

	"github.com/hlsl2spirv/hlsl2spirv/builder"
	"github.com/hlsl2spirv/hlsl2spirv/test/corpus"
	"github.com/hlsl2spirv/hlsl2spirv/test/tool"
)

// TestPipelinesOverCorpus runs DXC's pipelines (-O3's performance passes
// with what DXC adds, and --legalize-hlsl), as far as they are implemented,
// over every module of the corpus that spirv-val accepts to start with:
// the golden tests' modules (not -fcgl) and glslang's fixtures. After every pass the
// IR must verify; the output must pass spirv-val; and running the pipeline
// again must not change it.
func TestPipelinesOverCorpus(t *testing.T) {
	var mods []corpus.Module
	for _, m := range append(corpus.Golden(t), corpus.Fixtures(t)...) {
		// Only modules valid to start with (spirv-val 2023.1 does not know
		// every recent feature the goldens use).
		if !m.CodeGenOnly && !m.Unchecked && tool.Validate(t, tool.Words2Bytes(m.Words), m.Env, m.ValOptions...) == nil {
			mods = append(mods, m)
		}
	}
	if len(mods) < 200 {
		t.Fatalf("only %d valid modules in the corpus", len(mods))
	}
	o3, err := PipelineFor(3, nil)
	if err != nil {
		t.Fatal(err)
	}
	// DXC follows the legalization passes with compact-ids (folding may
	// declare constants that later passes delete again: without it a
	// second run would differ in the id bound).
	legal, err := Pipeline(slices.Concat(LegalizationFlags, []string{"compact-ids"}), false)
	if err != nil {
		t.Fatal(err)
	}
	pipelines := []struct {
		name   string
		passes []Pass
	}{{"-O3", append(o3, FinalPasses()...)}, {"--legalize-hlsl", legal}}
	for _, p := range pipelines {
		t.Run(p.name, func(t *testing.T) {
			for _, m := range mods {
				first := optimize(t, m, p.passes)
				if first == nil {
					continue
				}
				if err := tool.Validate(t, tool.Words2Bytes(first), m.Env, m.ValOptions...); err != nil {
					t.Errorf("%s: the optimized module is invalid: %v", m.Name, err)
					continue
				}
				again := optimize(t, corpus.Module{Name: m.Name, Words: first}, p.passes)
				if again != nil && !slices.Equal(first, again) && !notIdempotent[p.name+" "+runKey(m)] {
					t.Errorf("%s (%s): a second run of %s changed the module", m.Name, runKey(m), p.name)
				}
			}
		})
	}
}

// notIdempotent are the pipeline runs that a second run changes, as
// SPIRV-Tools' own pipeline would: an unused Output built-in of another
// entry point's file stays in the interface (dead-code elimination keeps
// outputs), remove-unused-interface-variables, after the last dead-code
// elimination, drops it from the interface, and only a second run deletes
// the variable.
//
// And a copy of a nointerpolation input's provoking vertex (a vector
// variable stored once from an access chain into the Input array):
// copy-propagate-arrays, which like SPIRV-Tools' current one also forwards
// variables that are not arrays when their source is an Input, rewrites
// the copy's access chains to chains on a new chain into the input, and
// only the next run's combine-access-chains (which the legalization runs
// before copy-propagate-arrays) merges the two.
//
// The runs are named by file and arguments (runKey), which stay put when
// a golden's comments move its RUN lines.
var notIdempotent = map[string]bool{
	"--legalize-hlsl inline-spirv/ext-builtins.hlsl -T cs_6_0 -E csmain":     true,
	"--legalize-hlsl stageio/attribute-at-vertex.hlsl -T ps_6_1 -E main -O0": true,
}

// runKey names a corpus module by its file and the compiler's other
// arguments.
func runKey(m corpus.Module) string {
	file, _, _ := strings.Cut(m.Name, ":")
	key := []string{file}
	for _, a := range m.Args {
		if a != "%s" && !strings.HasSuffix(a, "/"+file) {
			key = append(key, a)
		}
	}
	return strings.Join(key, " ")
}

func optimize(t *testing.T, m corpus.Module, passes []Pass) []uint32 {
	ir, err := builder.Load(m.Words)
	if err != nil {
		t.Errorf("%s: %v", m.Name, err)
		return nil
	}
	if err := Run(ir, passes, RunOptions{Verify: true}); err != nil {
		t.Errorf("%s: %v", m.Name, strings.TrimSpace(err.Error()))
		return nil
	}
	var w builder.WordSlice
	if err := builder.Serialize(ir, &w); err != nil {
		t.Errorf("%s: %v", m.Name, err)
		return nil
	}
	return w.Words
}

// BenchmarkPipelines times each pipeline over the whole golden corpus
// (every non -fcgl module loaded, optimized, serialised) per iteration.
func BenchmarkPipelines(b *testing.B) {
	var mods []corpus.Module
	for _, m := range corpus.Golden(b) {
		if !m.CodeGenOnly {
			mods = append(mods, m)
		}
	}
	words := 0
	for _, m := range mods {
		words += len(m.Words)
	}
	for _, p := range []struct {
		name  string
		flags []string
	}{{"O3", append(append([]string{}, PerformanceFlags...), "spread-volatile-semantics", "compact-ids", "trim-capabilities")}, {"legalize-hlsl", LegalizationFlags}} {
		b.Run(p.name, func(b *testing.B) {
			b.SetBytes(int64(4 * words))
			for i := 0; i < b.N; i++ {
				for _, m := range mods {
					ir, err := builder.Load(m.Words)
					if err != nil {
						b.Fatal(err)
					}
					passes, _ := Pipeline(p.flags, false)
					if err := Run(ir, passes, RunOptions{}); err != nil {
						b.Fatal(err)
					}
					var w builder.WordSlice
					builder.Serialize(ir, &w)
				}
			}
		})
	}
}
