package randprog

import (
	"encoding/binary"
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/hlsl2spirv/hlsl2spirv/test/exec"
	"github.com/hlsl2spirv/hlsl2spirv/test/tool"
)

var (
	flagN       = flag.Int("random.n", 48, "programs to generate and run (make random N=...)")
	flagSeed    = flag.Int64("random.seed", 1, "seed of the first program")
	flagBatch   = flag.Int("random.batch", 8, "programs per shader (one Vulkan run)")
	flagWorkers = flag.Int("random.workers", 2, "batches compiled and run at once")
	flagOut     = flag.String("random.out", "", "directory for the report and every failing program")
	flagPaths   = flag.String("random.paths", "hlsl2spirv,hlsl2spirv-O0,glslang", "compile paths to run")
	flagDrvOpt  = flag.Bool("random.driveropt", false, "let lavapipe optimize the shaders (ten times slower; default GALLIVM_PERF=no_opt)")
)

// A path is one way of compiling a batch to a module.
type path struct {
	name string
	comp exec.Compiler
	args []string
}

func paths(half bool) []path {
	var out []path
	for _, p := range allPaths(half) {
		for _, want := range strings.Split(*flagPaths, ",") {
			if p.name == want {
				out = append(out, p)
			}
		}
	}
	return out
}

// allPaths are the compile paths a campaign can run, for 32-bit or
// 16-bit (half) programs.
func allPaths(half bool) []path {
	profile := "cs_6_0"
	var extra []string
	if half {
		profile, extra = "cs_6_2", []string{"-enable-16bit-types"}
	}
	base := append([]string{"-T", profile, "-E", "main"}, extra...)
	all := []path{
		{"hlsl2spirv", exec.Hlsl2spirv, base},
		{"hlsl2spirv-O0", exec.Hlsl2spirv, append(append([]string{}, base...), "-O0")},
		{"glslang", exec.Glslang, append(append([]string{}, base...), "-DGLSLANG_SELECT")},
	}
	return all
}

// Outcomes of one program on one path.
const (
	outPass        = "pass"
	outMismatch    = "mismatch"            // ran, wrote something else than the evaluator
	outKnown       = "known-divergence"    // glslang mismatch its recorded divergence explains
	outCompile     = "compile-error"       // the compiler refused the program
	outInvalid     = "invalid-spirv"       // spirv-val refused the module
	outRun         = "run-error"           // the driver failed to run the module
	outUnsupported = "unsupported-by-tool" // glslang lacks a feature (see TRIAGE.md)
)

type tally struct {
	mu       sync.Mutex
	phases   map[string]time.Duration  // compile, validate, run
	counts   map[string]map[string]int // path → outcome → programs
	failures []string
	programs int // queued
	done     int // run
}

func (t *tally) add(path, outcome string, n int) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.counts[path] == nil {
		t.counts[path] = map[string]int{}
	}
	t.counts[path][outcome] += n
}

func (t *tally) fail(msg string) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.failures = append(t.failures, msg)
}

// TestCampaign generates programs, runs each batch through every compile
// path on lavapipe and compares every program's output with the
// evaluator's. A mismatch, a compile error or an invalid module of
// hlsl2spirv fails the test; glslang's are counted and must be explained by
// a divergence recorded in TRIAGE.md. CI runs a short campaign; `make
// random N=20000` a long one (its report goes to -random.out).
func TestCampaign(t *testing.T) {
	tool.Require(t, tool.SpirvVal)
	if _, set := os.LookupEnv("GALLIVM_PERF"); !set && !*flagDrvOpt {
		// LLVM's optimization is nine tenths of lavapipe's time on these
		// shaders; the campaign tests the compiler, not the driver's LLVM
		os.Setenv("GALLIVM_PERF", "no_opt")
	}
	if _, set := os.LookupEnv("RUNNER_DISPATCH_TIMEOUT"); !set {
		// a program that takes 12 s alone on lavapipe takes minutes at a
		// load of 30; a hang is rare, and is still caught
		os.Setenv("RUNNER_DISPATCH_TIMEOUT", "90")
	}
	runner := exec.Runner(t)
	if *flagOut != "" {
		if err := os.MkdirAll(*flagOut, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	start := time.Now()
	tl := &tally{counts: map[string]map[string]int{}, phases: map[string]time.Duration{}}
	type job struct {
		seed           int64
		n              int
		half, portable bool
	}
	jobs := make(chan job)
	var wg sync.WaitGroup
	for w := 0; w < *flagWorkers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range jobs {
				runBatch(t, runner, tl, NewBatch(j.seed, j.n, j.half, j.portable), fmt.Sprintf("seed %d", j.seed))
				tl.progress(j.n, start)
			}
		}()
	}
	for i := 0; i < *flagN; i += *flagBatch {
		seed := *flagSeed + int64(i)
		// every fourth batch uses half, every other one is portable
		// (glslang runs those too); by the seed, so that a batch is
		// reproduced by -random.seed=SEED -random.n=BATCH
		k := seed / int64(*flagBatch)
		jobs <- job{seed, min(*flagBatch, *flagN-i), k%4 == 3, k%2 == 0}
		tl.mu.Lock()
		tl.programs += min(*flagBatch, *flagN-i)
		tl.mu.Unlock()
	}
	close(jobs)
	wg.Wait()
	report := tl.report(time.Since(start))
	t.Log("\n" + report)
	if *flagOut != "" {
		os.MkdirAll(*flagOut, 0o755)
		os.WriteFile(filepath.Join(*flagOut, "report.txt"), []byte(report), 0o644)
	}
	for _, f := range tl.failures {
		t.Error(f)
	}
}

// progress counts a finished batch; a long campaign (-random.out) keeps
// its report file up to date, so that a stopped run still tells.
func (tl *tally) progress(n int, start time.Time) {
	tl.mu.Lock()
	tl.done += n
	done := tl.done
	tl.mu.Unlock()
	if *flagOut == "" || done%(20**flagBatch) != 0 {
		return
	}
	tl.mu.Lock()
	rep := tl.report(time.Since(start))
	tl.mu.Unlock()
	rep = fmt.Sprintf("(in progress: %d of %d programs run)\n%s", done, *flagN, rep)
	os.WriteFile(filepath.Join(*flagOut, "report.txt"), []byte(rep), 0o644)
	fmt.Fprint(os.Stderr, rep)
}

func (tl *tally) report(took time.Duration) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%d programs in %v (summed over workers: compile %v, spirv-val %v, lavapipe %v)\n", tl.programs, took.Round(time.Second),
		tl.phases["compile"].Round(time.Second), tl.phases["validate"].Round(time.Second), tl.phases["run"].Round(time.Second))
	var names []string
	for p := range tl.counts {
		names = append(names, p)
	}
	sort.Strings(names)
	for _, p := range names {
		var outs []string
		for o := range tl.counts[p] {
			outs = append(outs, o)
		}
		sort.Strings(outs)
		fmt.Fprintf(&b, "%-14s", p)
		for _, o := range outs {
			fmt.Fprintf(&b, " %s=%d", o, tl.counts[p][o])
		}
		b.WriteString("\n")
	}
	return b.String()
}

// runBatch evaluates the batch's programs and runs it on every path.
func runBatch(t *testing.T, runner string, tl *tally, b *Batch, what string) {
	want := make([]Result, len(b.Programs))
	for i, p := range b.Programs {
		r, err := p.Evaluate()
		if err != nil {
			tl.fail(fmt.Sprintf("%s program %d: the generator kept a program the evaluator refuses: %v", what, i, err))
			return
		}
		want[i] = r
	}
	for _, pa := range paths(b.Half) {
		if pa.name == "glslang" && !b.Portable {
			continue
		}
		out, err := runPath(t, tl, runner, b, pa)
		if err != nil {
			if len(b.Programs) > 1 {
				// find the programs to blame, one by one
				for i := range b.Programs {
					runBatch1(t, runner, tl, b, i, want[i], pa, what)
				}
				continue
			}
			record(tl, b, 0, want[0], pa, nil, err, what)
			continue
		}
		for i := range b.Programs {
			record(tl, b, i, want[i], pa, out, nil, what)
		}
	}
}

func runBatch1(t *testing.T, runner string, tl *tally, b *Batch, i int, want Result, pa path, what string) {
	sub := b.Sub(i)
	out, err := runPath(t, tl, runner, sub, pa)
	// a dispatch that timed out on a loaded machine (programs that take
	// 3 s alone have timed out on all three paths and their retry at a
	// load of 40, with the runner's 20 s): up to three more times,
	// waiting longer each time
	for try := 1; try <= 3 && err != nil && !errors.Is(err, errCompile) && !errors.Is(err, errInvalid); try++ {
		tl.add(pa.name, "retried-run", 1)
		time.Sleep(time.Duration(try) * 10 * time.Second)
		out, err = runPath(t, tl, runner, sub, pa)
	}
	record(tl, sub, 0, want, pa, out, err, fmt.Sprintf("%s program %d", what, i))
}

// errCompile and errInvalid classify a path's failure.
var (
	errCompile = errors.New("compile")
	errInvalid = errors.New("invalid")
)

// runPath compiles the batch on one path, validates and runs it, and
// returns Out's words.
func runPath(t *testing.T, tl *tally, runner string, b *Batch, pa path) ([]uint32, error) {
	return runSource(t, tl, runner, []byte(b.Source()), b.Inputs, b.Words, b.Scratch, len(b.Programs), pa)
}

// runSource compiles a batch's shader (or a reduced one: the reducer's
// candidates) on one path, validates it and runs groups workgroups with
// the inputs and Out and Scr of the given sizes; tl, if not nil, counts
// the time of each phase.
func runSource(t *testing.T, tl *tally, runner string, src []byte, inputs []*Buffer, outWords, scratch, groups int, pa path) ([]uint32, error) {
	phase := time.Now()
	lap := func(name string) {
		if tl != nil {
			tl.mu.Lock()
			tl.phases[name] += time.Since(phase)
			tl.mu.Unlock()
		}
		phase = time.Now()
	}
	module, env, err := pa.comp(t, "random.hlsl", src, pa.args)
	lap("compile")
	if err != nil {
		return nil, fmt.Errorf("%w: %v", errCompile, err)
	}
	var vopts []string
	if env == "vulkan1.0" {
		vopts = []string{"--relax-block-layout"}
	}
	err = tool.Validate(t, module, env, vopts...)
	lap("validate")
	if err != nil {
		return nil, fmt.Errorf("%w: %v", errInvalid, err)
	}
	mod, err := exec.Reflect(module)
	if err != nil {
		return nil, err
	}
	c := &exec.Case{Args: pa.args, Dispatch: [3]uint32{uint32(groups), 1, 1}}
	words := func(name string, w []uint32, opts map[string]string) {
		d := &exec.Data{Bytes: make([]byte, 4*len(w))}
		for i, x := range w {
			binary.LittleEndian.PutUint32(d.Bytes[4*i:], x)
		}
		c.Inputs = append(c.Inputs, &exec.Resource{Name: name, Options: opts, Data: d})
	}
	for _, in := range inputs {
		opts := map[string]string{}
		if in.Name == "InU" {
			opts["format"] = "r32ui"
		}
		words(in.Name, in.Data, opts)
	}
	words("Out", make([]uint32, max(outWords, 4)), map[string]string{})
	words("Scr", make([]uint32, 4*max(scratch, 1)), map[string]string{})
	dir, err := os.MkdirTemp("", "randprog")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	runStart := time.Now()
	res, err := exec.Execute(runner, dir, module, mod, c)
	if d := time.Since(runStart); d > 2*time.Second && os.Getenv("RANDPROG_SLOW") != "" {
		fmt.Fprintf(os.Stderr, "slow run %v: %d programs, %d words\n", d, groups, len(module)/4)
	}
	lap("run")
	if err != nil {
		return nil, err
	}
	ob, err := mod.Find("Out")
	if err != nil {
		return nil, err
	}
	raw := res[exec.Slot{Set: ob.Set, Binding: ob.Binding}]
	out := make([]uint32, len(raw)/4)
	for i := range out {
		out[i] = binary.LittleEndian.Uint32(raw[4*i:])
	}
	return out, nil
}

// record classifies program i's outcome on a path; hlsl2spirv's failures
// and glslang's unexplained ones fail the campaign and are saved.
func record(tl *tally, b *Batch, i int, want Result, pa path, out []uint32, err error, what string) {
	ours := strings.HasPrefix(pa.name, "hlsl2spirv")
	var outcome, detail string
	switch {
	case errors.Is(err, errCompile):
		outcome, detail = outCompile, err.Error()
		if !ours && glslangUnsupported(err.Error()) != "" {
			outcome = outUnsupported
		}
	case errors.Is(err, errInvalid):
		outcome, detail = outInvalid, err.Error()
	case err != nil:
		outcome, detail = outRun, err.Error()
	default:
		mm := b.Compare(i, want, out)
		if len(mm) == 0 {
			outcome = outPass
			break
		}
		outcome = outMismatch
		var sb strings.Builder
		for k, m := range mm {
			if k == 8 {
				fmt.Fprintf(&sb, "... and %d more\n", len(mm)-8)
				break
			}
			sb.WriteString(m.String() + "\n")
		}
		detail = sb.String()
		if !ours && want.Div != 0 {
			outcome = outKnown
		}
	}
	tl.add(pa.name, outcome, 1)
	if outcome == outPass || outcome == outKnown || outcome == outUnsupported {
		return
	}
	msg := fmt.Sprintf("%s, %s: %s\n%s", what, pa.name, outcome, detail)
	if *flagOut != "" {
		name := fmt.Sprintf("%s-%s-seed%d.hlsl", pa.name, outcome, b.Programs[i].Seed)
		sub := b
		if len(b.Programs) > 1 {
			sub = b.Sub(i)
		}
		text := fmt.Sprintf("// %s\n// flags: %s\n/*\n%s*/\n%s", msg, strings.Join(pa.args, " "), detail, sub.Source())
		os.WriteFile(filepath.Join(*flagOut, name), []byte(text), 0o644)
		msg += "saved as " + filepath.Join(*flagOut, name)
	}
	if ours {
		tl.fail(msg)
	} else {
		tl.fail("glslang, not explained by TRIAGE.md: " + msg)
	}
}

// glslangUnsupported names a feature glslang's HLSL front end lacks, from
// its error, or "" (the list is TRIAGE.md's).
func glslangUnsupported(msg string) string {
	for _, k := range glslangGaps {
		if strings.Contains(msg, k.match) {
			return k.why
		}
	}
	return ""
}

var glslangGaps = []struct{ match, why string }{}
