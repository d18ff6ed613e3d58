package opt

import (
	"cmp"
	"fmt"
	"io"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/hlsl2spirv/hlsl2spirv/builder"
	"github.com/hlsl2spirv/hlsl2spirv/builder/disasm"
)

// RunOptions control a pipeline run.
type RunOptions struct {
	Options
	// PrintAll, when set, receives the module's disassembly before the
	// first pass and after every pass (-fspv-print-all), as spirv-opt
	// --print-all prints it.
	PrintAll io.Writer
	// Verify runs builder.VerifyIR after every pass (tests do).
	Verify bool
	// TimeReport, when set, receives the time each pass took (with the
	// sweep after it), slowest pass first (-ftime-report).
	TimeReport io.Writer
}

// Run runs the passes over m in order. Between passes it sweeps out the
// instructions a pass deleted and, after a pass that changed the module,
// drops the control-flow analyses of the functions whose control flow it
// changed. A pass is settled, and skipped, while no pass has changed the
// module since its last run, if that run changed nothing (passes are
// deterministic, so it would change nothing again) or if the pass is
// idempotent (idempotentPasses: its own output is a fixed point). DXC's
// pipelines run eliminate-dead-code-aggressive eight times, often on a
// module the passes in between left alone. With Verify, a settled pass
// runs anyway and must report no change, and every pass reporting no
// change is checked to have left the module's words as they were: a pass
// that under-reports its changes, or one listed as idempotent that is
// not, fails the tests.
func Run(m *builder.Module, passes []Pass, o RunOptions) error {
	var times passTimes
	if len(passes) == 0 {
		// Nothing to run: no context to set up (its interning tables cost
		// a walk over the module).
		if o.TimeReport != nil {
			times.print(o.TimeReport)
		}
		return nil
	}
	c := takeContext(m, o.Options)
	if !m.HasDefUse() {
		for _, p := range passes {
			if g, ok := p.(idMaker); ok {
				c.idRoom = m.Bound + builder.ID(g.newIDs(c))
				break
			}
		}
	}
	// The module may have been edited since its last run.
	keepCurrentCFGs(m)
	var settled settledPasses // passes that would change nothing now
	infos := passInfos()
	for _, p := range passes {
		// (Once, and one lookup for what the manager knows of it: the
		// lookups by name cost a small shader's compile more than some of
		// its passes.)
		name := p.Name()
		info, known := infos[name]
		if !known {
			info = newPassInfo(name, -1)
		}
		if o.PrintAll != nil {
			printModule(o.PrintAll, m, "; IR before pass "+name)
		}
		var before []uint32
		if o.Verify {
			before = moduleWords(m)
		}
		var start time.Time
		if o.TimeReport != nil {
			start = time.Now()
		}
		changed, err := false, error(nil)
		skip := settled.has(info, name)
		keepsCFG := info.keepsCFG
		if o.Verify {
			// Cache every function's CFG, for VerifyIR to check after
			// the pass that it still describes the function where the
			// pass says it kept control flow.
			for _, f := range m.Functions {
				f.CFG()
			}
		}
		c.cfgKept = false
		if !skip || o.Verify {
			if !info.standalone {
				c.prepare()
			}
			changed, err = p.Run(c)
		}
		keepsCFG = keepsCFG || c.cfgKept
		m.Compact()
		if changed {
			if !keepsCFG {
				keepCurrentCFGs(m)
			}
			settled.clear()
		}
		if !changed && !skip || changed && info.idempotent {
			settled.add(info, name)
		}
		if o.TimeReport != nil {
			times.add(name, time.Since(start))
		}
		if err != nil {
			return err
		}
		if o.Verify {
			if err := builder.VerifyIR(m); err != nil {
				return fmt.Errorf("after pass %s: %v", name, err)
			}
			if skip && changed {
				return fmt.Errorf("pass %s changed a module it had settled (see idempotentPasses)", name)
			}
			if !changed && !slices.Equal(before, moduleWords(m)) {
				return fmt.Errorf("pass %s changed the module but reported no change", name)
			}
		}
	}
	c.release()
	if o.PrintAll != nil && len(passes) > 0 {
		printModule(o.PrintAll, m, "; IR after last pass")
	}
	if o.TimeReport != nil {
		times.print(o.TimeReport)
	}
	return nil
}

// idempotentPasses are the passes whose output they leave alone: run
// again right after a run that changed the module, they change nothing,
// so the manager settles them after any run. Each is listed because the
// corpus shows it (every pipeline run with RunOptions.Verify, which
// reruns a settled pass and fails if it changes anything), not only
// because its algorithm iterates to a fixed point. Passes that take
// arguments are listed with them, as they are named.
var idempotentPasses = map[string]bool{
	"eliminate-dead-code-aggressive": true,
	"eliminate-dead-functions":       true,
	"inline-entry-points-exhaustive": true,
	"eliminate-local-single-block":   true,
	"eliminate-local-multi-store":    true,
	"scalar-replacement=0":           true,
	"combine-access-chains":          true,
	"redundancy-elimination":         true,
	"simplify-instructions":          true,
	"merge-blocks":                   true,
	"compact-ids":                    true,
}

// cfgKeepingPasses are the passes that never change a function's blocks,
// labels, branch targets or merge instructions: after they change the
// module, the cached control-flow analyses are trusted without the
// block-by-block recheck keepCurrentCFGs asks for (a walk over every
// block of every function the next pass looks at). With
// RunOptions.Verify, the manager caches every function's CFG before such a
// pass and builder.VerifyIR compares it with a fresh one after, so a pass
// listed here that does change control flow fails the tests. Listed by flag name, without
// arguments.
var cfgKeepingPasses = map[string]bool{
	"ccp":                               true,
	"combine-access-chains":             true,
	"convert-local-access-chains":       true,
	"copy-propagate-arrays":             true,
	"eliminate-dead-functions":          true,
	"eliminate-dead-inserts":            true,
	"eliminate-local-multi-store":       true,
	"eliminate-local-single-block":      true,
	"eliminate-local-single-store":      true,
	"fix-storage-class":                 true,
	"if-conversion":                     true,
	"private-to-local":                  true,
	"redundancy-elimination":            true,
	"reduce-load-size":                  true,
	"remove-unused-interface-variables": true,
	"scalar-replacement":                true,
	"simplify-instructions":             true,
	"ssa-rewrite":                       true,
	"trim-capabilities":                 true,
	"vector-dce":                        true,
}

// passInfo is what the manager knows of a pass by its name.
type passInfo struct {
	slot       int  // its bit in settledPasses; -1 for a name not indexed
	keepsCFG   bool // cfgKeepingPasses lists its flag
	idempotent bool // idempotentPasses lists its name
	standalone bool // see standalone
}

func newPassInfo(name string, slot int) passInfo {
	flag := flagName(name)
	return passInfo{slot: slot, keepsCFG: cfgKeepingPasses[flag], idempotent: idempotentPasses[name], standalone: standalone(flag)}
}

// passInfos indexes the passes by name: every registered flag and the
// named instances listed as idempotent ("scalar-replacement=0"), made on
// first use. (The pipelines name passes by those; another instance of a
// pass with an argument is looked up afresh.)
var passInfos = sync.OnceValue(func() map[string]passInfo {
	infos := make(map[string]passInfo, len(registry)+len(idempotentPasses))
	add := func(name string) {
		if _, ok := infos[name]; !ok {
			infos[name] = newPassInfo(name, len(infos))
		}
	}
	for name := range registry {
		add(name)
	}
	for name := range idempotentPasses {
		add(name)
	}
	return infos
})

// settledPasses is a set of passes: those indexed (passInfos) by their
// slot's bit, others by name.
type settledPasses struct {
	bits  [4]uint64
	other map[string]bool
}

func (s *settledPasses) has(info passInfo, name string) bool {
	if info.slot >= 0 && info.slot < 64*len(s.bits) {
		return s.bits[info.slot/64]&(1<<(info.slot%64)) != 0
	}
	return s.other[name]
}

func (s *settledPasses) add(info passInfo, name string) {
	if info.slot >= 0 && info.slot < 64*len(s.bits) {
		s.bits[info.slot/64] |= 1 << (info.slot % 64)
		return
	}
	if s.other == nil {
		s.other = map[string]bool{}
	}
	s.other[name] = true
}

func (s *settledPasses) clear() {
	s.bits = [4]uint64{}
	clear(s.other)
}

// flagName is a pass's flag name without its argument
// ("scalar-replacement=0" gives "scalar-replacement").
func flagName(name string) string {
	flag, _, _ := strings.Cut(name, "=")
	return flag
}

// keepCurrentCFGs has the cached control-flow analyses of every function
// checked before their next use, dropped if the function's control flow
// changed, kept otherwise: passes edit blocks and branches without telling
// the CFG, and most leave most functions' control flow alone.
func keepCurrentCFGs(m *builder.Module) {
	for _, f := range m.Functions {
		f.CheckCFGOnNextUse()
	}
}

// moduleWords is the module serialised (nil if it cannot be).
func moduleWords(m *builder.Module) []uint32 {
	var w builder.WordSlice
	if builder.Serialize(m, &w) != nil {
		return nil
	}
	return w.Words
}

// passTimes sums the time of each pass over its runs in a pipeline.
type passTimes struct {
	names []string // in order of first run
	total map[string]time.Duration
	runs  map[string]int
}

func (t *passTimes) add(name string, d time.Duration) {
	if t.total == nil {
		t.total, t.runs = map[string]time.Duration{}, map[string]int{}
	}
	if t.runs[name] == 0 {
		t.names = append(t.names, name)
	}
	t.total[name] += d
	t.runs[name]++
}

// print writes the passes, slowest first, as LLVM's -ftime-report lists
// its passes.
func (t *passTimes) print(w io.Writer) {
	var sum time.Duration
	for _, d := range t.total {
		sum += d
	}
	names := slices.Clone(t.names)
	slices.SortStableFunc(names, func(a, b string) int { return cmp.Compare(t.total[b], t.total[a]) })
	fmt.Fprintf(w, "===-------------------------------------------------------------------------===\n")
	fmt.Fprintf(w, "                      SPIR-V optimizer pass timing report\n")
	fmt.Fprintf(w, "===-------------------------------------------------------------------------===\n")
	fmt.Fprintf(w, "  Total: %.3f ms\n\n   ms       %%   runs  pass\n", ms(sum))
	for _, n := range names {
		pct := 0.0
		if sum > 0 {
			pct = 100 * float64(t.total[n]) / float64(sum)
		}
		fmt.Fprintf(w, "%8.3f %5.1f%% %4d  %s\n", ms(t.total[n]), pct, t.runs[n], n)
	}
}

func ms(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }

func printModule(w io.Writer, m *builder.Module, title string) {
	var words builder.WordSlice
	fmt.Fprintln(w, title)
	if err := builder.Serialize(m, &words); err != nil {
		fmt.Fprintf(w, "; (cannot print: %v)\n", err)
		return
	}
	text, err := disasm.Disassemble(words.Words)
	if err != nil {
		fmt.Fprintf(w, "; (cannot print: %v)\n", err)
		return
	}
	io.WriteString(w, text)
}
