package validate_test

import (
	"errors"
	"flag"
	"fmt"
	"io/fs"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"
	"sync"
	"testing"

	"github.com/hlsl2spirv/hlsl2spirv/builder"
	"github.com/hlsl2spirv/hlsl2spirv/builder/spv"
	"github.com/hlsl2spirv/hlsl2spirv/builder/validate"
	"github.com/hlsl2spirv/hlsl2spirv/builder/validate/internal/mutate"
	"github.com/hlsl2spirv/hlsl2spirv/test/corpus"
	"github.com/hlsl2spirv/hlsl2spirv/test/golden"
	"github.com/hlsl2spirv/hlsl2spirv/test/tool"
)

// The differential tests against spirv-val: a corpus is a folder of .spv
// modules, each with a NAME.flags file holding the spirv-val options it is
// validated with (as DXC or glslang would); spirv-val's verdict is cached
// in NAME.val. The validator must accept every module spirv-val accepts,
// and should reject what it rejects.

var corpusDir = flag.String("validate.corpus", "", "a folder of .spv modules (with .flags files) to compare with spirv-val")

// verdict is spirv-val's judgement of a module.
type verdict struct {
	ok  bool
	msg string
}

// spirvValVerdict runs spirv-val (or reads its cached verdict).
func spirvValVerdict(val, spvPath string, flags []string) (verdict, error) {
	cache := strings.TrimSuffix(spvPath, ".spv") + ".val"
	if b, err := os.ReadFile(cache); err == nil {
		s := string(b)
		if s == "ok\n" {
			return verdict{ok: true}, nil
		}
		return verdict{msg: strings.TrimPrefix(s, "fail: ")}, nil
	}
	args := append(append([]string{}, flags...), spvPath)
	stdout, stderr, err := tool.Run(val, nil, args...)
	var v verdict
	var exit interface{ ExitCode() int }
	switch {
	case err == nil:
		v.ok = true
	case errors.As(err, &exit):
		v.msg = firstLine(string(stdout) + string(stderr))
	default:
		return v, err
	}
	text := "ok\n"
	if !v.ok {
		text = "fail: " + v.msg
	}
	_ = os.WriteFile(cache, []byte(text), 0o644)
	return v, nil
}

func firstLine(s string) string {
	for _, l := range strings.Split(s, "\n") {
		if l = strings.TrimSpace(l); l != "" {
			return l
		}
	}
	return ""
}

// corpusEntry is one module of a corpus.
type corpusEntry struct {
	path  string
	flags []string
}

func readCorpus(dir string) ([]corpusEntry, error) {
	var out []corpusEntry
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".spv") {
			return err
		}
		flags := []string{"--target-env", "vulkan1.0"}
		if b, err := os.ReadFile(strings.TrimSuffix(p, ".spv") + ".flags"); err == nil {
			flags = strings.Fields(string(b))
		}
		out = append(out, corpusEntry{p, flags})
		return nil
	})
	sort.Slice(out, func(i, j int) bool { return out[i].path < out[j].path })
	return out, err
}

// comparison is the outcome of comparing the validator with spirv-val on
// a corpus.
type comparison struct {
	total, valid, invalid int
	caught                int      // invalid modules the validator rejects
	skew                  []string // judged otherwise by spirv-val only for its older grammar
	falseRejects          []string // valid modules the validator rejects
	missed                []string // invalid modules the validator accepts
	byRule                map[validate.Rule]int
}

func (r *comparison) String() string {
	pct := 0.0
	if r.invalid > 0 {
		pct = 100 * float64(r.caught) / float64(r.invalid)
	}
	return fmt.Sprintf("%d modules: spirv-val accepts %d (we reject %d of them), rejects %d (we reject %d, %.1f%%); %d more only for its older grammar",
		r.total, r.valid, len(r.falseRejects), r.invalid, r.caught, pct, len(r.skew))
}

// compareWithSpirvVal validates every entry with both validators.
func compareWithSpirvVal(t testing.TB, val string, entries []corpusEntry, load func(e corpusEntry) ([]uint32, error)) *comparison {
	r := &comparison{byRule: map[validate.Rule]int{}}
	var mu sync.Mutex
	var wg sync.WaitGroup
	work := make(chan corpusEntry)
	for range 2 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for e := range work {
				v, err := spirvValVerdict(val, e.path, e.flags)
				if err != nil {
					t.Errorf("%s: spirv-val: %v", e.path, err)
					continue
				}
				words, err := load(e)
				var ours error
				if err != nil {
					ours = &validate.Error{Rule: validate.RuleBinary, Msg: err.Error()}
				} else {
					opts, err := validate.OptionsFromArgs(e.flags)
					if err != nil {
						t.Errorf("%s: %v", e.path, err)
						continue
					}
					ours = validate.Words(words, opts)
				}
				var ie *validate.Error
				if errors.As(ours, &ie) && ie.Rule == validate.RuleInternal {
					t.Errorf("%s: the validator failed: %v", e.path, ours)
				}
				mu.Lock()
				r.total++
				switch {
				case v.ok && ours == nil:
					r.valid++
				case v.ok && acceptSkew(ours, words):
					r.skew = append(r.skew, fmt.Sprintf("%s: we reject, for the current grammar: %v", e.path, ours))
				case v.ok:
					r.valid++
					r.falseRejects = append(r.falseRejects, fmt.Sprintf("%s (%s): %v", e.path, strings.Join(e.flags, " "), ours))
				case ours != nil:
					r.invalid++
					r.caught++
					var ve *validate.Error
					if errors.As(ours, &ve) {
						r.byRule[ve.Rule]++
					}
				case grammarSkew(v.msg):
					r.skew = append(r.skew, fmt.Sprintf("%s: spirv-val: %s", e.path, v.msg))
				default:
					r.invalid++
					r.missed = append(r.missed, fmt.Sprintf("%s (%s): spirv-val: %s", e.path, strings.Join(e.flags, " "), v.msg))
				}
				mu.Unlock()
			}
		}()
	}
	for _, e := range entries {
		work <- e
	}
	close(work)
	wg.Wait()
	sort.Strings(r.falseRejects)
	sort.Strings(r.missed)
	return r
}

// grammarSkew reports whether spirv-val's rejection comes from its
// grammar being older than the validator's: an enumerant added since
// (a source language, an execution mode), or a capability whose enabling
// extension changed (the NV compute derivative capabilities are aliases of
// SPV_KHR_compute_shader_derivatives' now). Such modules are valid for the
// current grammar and are counted apart.
func grammarSkew(msg string) bool {
	return skewRE.MatchString(msg)
}

var skewRE = regexp.MustCompile(`Invalid [a-zA-Z ]+ operand: \d+|Capability ComputeDerivativeGroup(Quads|Linear)NV is not allowed by|operand ComputeDerivativeGroup(Quads|Linear)NV\(\d+\) requires one of these extensions`)

// acceptSkew reports whether the validator rejects a module spirv-val
// 2023.1 accepts only because the grammar changed since: Int64ImageEXT
// implied Shader then, Int64 now, so a module declaring it without Shader
// may not use the GLSL450 memory model any more.
func acceptSkew(ours error, words []uint32) bool {
	var ve *validate.Error
	if !errors.As(ours, &ve) || ve.Rule != validate.RuleCapability || !strings.Contains(ve.Msg, "capabilities Shader") {
		return false
	}
	m, err := builder.Load(words)
	return err == nil && slices.Contains(m.Capabilities, spv.CapabilityInt64ImageEXT) && !slices.Contains(m.Capabilities, spv.CapabilityShader)
}

func readSPV(e corpusEntry) ([]uint32, error) {
	b, err := os.ReadFile(e.path)
	if err != nil {
		return nil, err
	}
	if len(b)%4 != 0 {
		return nil, fmt.Errorf("%d bytes is not a whole number of words", len(b))
	}
	m, err := builder.LoadBytes(b)
	if err != nil {
		return nil, err
	}
	var s builder.WordSlice
	if err := builder.Serialize(m, &s); err != nil {
		return nil, err
	}
	return s.Words, nil
}

// TestCorpusAgreesWithSpirvVal compares the validator with spirv-val on the
// corpus given with -validate.corpus (built there first with
// -validate.build, as make validate-mutants does).
func TestCorpusAgreesWithSpirvVal(t *testing.T) {
	if *corpusDir == "" {
		t.Skip("no -validate.corpus folder given")
	}
	val := tool.Require(t, tool.SpirvVal)
	ensureCorpus(t)
	entries, err := readCorpus(*corpusDir)
	if err != nil {
		t.Fatal(err)
	}
	r := compareWithSpirvVal(t, val, entries, readSPV)
	t.Log(r)
	for _, m := range r.missed {
		t.Logf("missed: %s", m)
	}
	for i, f := range r.falseRejects {
		if i == 50 {
			t.Errorf("... and %d more", len(r.falseRejects)-50)
			break
		}
		t.Errorf("rejected a module spirv-val accepts: %s", f)
	}
}

var (
	mutantCount = flag.Int("validate.mutants", 0, "how many mutants of the -validate.corpus modules to judge against spirv-val")
	mutantDir   = flag.String("validate.mutants-dir", "", "where to keep the mutants (default: a mutants folder next to the corpus)")
	mutantSeed  = flag.Uint64("validate.seed", 1, "the mutation campaign's random seed")
)

// TestMutantsAgreeWithSpirvVal mutates the valid modules of the corpus
// (operands, types, literals, enumerants, opcodes, decorations, branches,
// merges, capabilities, storage classes) and compares the verdicts: the
// validator must accept every mutant spirv-val accepts and should reject
// at least 90% of those it rejects (make validate-mutants).
func TestMutantsAgreeWithSpirvVal(t *testing.T) {
	if *corpusDir == "" || *mutantCount == 0 {
		t.Skip("give -validate.corpus and -validate.mutants")
	}
	val := tool.Require(t, tool.SpirvVal)
	ensureCorpus(t)
	entries, err := readCorpus(*corpusDir)
	if err != nil {
		t.Fatal(err)
	}
	dir := *mutantDir
	if dir == "" {
		dir = filepath.Join(filepath.Dir(filepath.Clean(*corpusDir)), "mutants")
	}
	muts := makeMutants(t, val, entries, dir, *mutantCount, *mutantSeed)
	r := compareWithSpirvVal(t, val, muts, readSPV)
	reportMutants(t, r, 0.90)
}

// reportMutants logs the comparison and fails on a false reject or a catch
// rate below want.
func reportMutants(t *testing.T, r *comparison, want float64) {
	t.Log(r)
	kinds := map[string][2]int{} // mutation kind -> missed, rejected by spirv-val
	kindOf := func(path string) string {
		b, _ := os.ReadFile(strings.TrimSuffix(path, ".spv") + ".desc")
		k, _, _ := strings.Cut(string(b), ":")
		return k
	}
	for _, m := range r.missed {
		k := kindOf(strings.Fields(m)[0])
		v := kinds[k]
		v[0]++
		kinds[k] = v
	}
	var names []string
	for k := range kinds {
		names = append(names, k)
	}
	sort.Strings(names)
	for _, k := range names {
		t.Logf("missed %d mutants of kind %s", kinds[k][0], k)
	}
	for _, m := range r.missed {
		b, _ := os.ReadFile(strings.TrimSuffix(strings.Fields(m)[0], ".spv") + ".desc")
		t.Logf("missed: %s [%s]", m, strings.TrimSpace(string(b)))
	}
	for i, f := range r.falseRejects {
		if i == 50 {
			t.Errorf("... and %d more", len(r.falseRejects)-50)
			break
		}
		b, _ := os.ReadFile(strings.TrimSuffix(strings.Fields(f)[0], ".spv") + ".desc")
		t.Errorf("rejected a mutant spirv-val accepts: %s [%s]", f, strings.TrimSpace(string(b)))
	}
	if r.invalid > 0 && float64(r.caught) < want*float64(r.invalid) {
		t.Errorf("rejects %d of the %d mutants spirv-val rejects (%.1f%%), want at least %.0f%%", r.caught, r.invalid, 100*float64(r.caught)/float64(r.invalid), 100*want)
	}
}

// makeMutants writes n mutants of the valid entries to dir (reusing those
// already there) and returns them as corpus entries.
func makeMutants(t *testing.T, val string, entries []corpusEntry, dir string, n int, seed uint64) []corpusEntry {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	var valid []corpusEntry
	var words [][]uint32
	for _, e := range entries {
		v, err := spirvValVerdict(val, e.path, e.flags)
		if err != nil || !v.ok {
			continue
		}
		w, err := readSPV(e)
		if err != nil {
			continue
		}
		valid = append(valid, e)
		words = append(words, w)
	}
	if len(valid) == 0 {
		t.Fatal("no valid module to mutate")
	}
	rng := rand.New(rand.NewPCG(seed, 0x5eed))
	var out []corpusEntry
	for i, tries := 0, 0; i < n && tries < 20*n; tries++ {
		k := rng.IntN(len(valid))
		name := filepath.Join(dir, fmt.Sprintf("m%06d.spv", i))
		if _, err := os.Stat(name); err == nil {
			flags, _ := os.ReadFile(strings.TrimSuffix(name, ".spv") + ".flags")
			out = append(out, corpusEntry{name, strings.Fields(string(flags))})
			i++
			continue
		}
		mutant, desc, ok := mutate.Mutate(words[k], rng)
		if !ok {
			continue
		}
		base := strings.TrimSuffix(name, ".spv")
		if err := os.WriteFile(name, builder.LittleEndian(mutant), 0o644); err != nil {
			t.Fatal(err)
		}
		os.WriteFile(base+".flags", []byte(strings.Join(valid[k].flags, " ")+"\n"), 0o644)
		os.WriteFile(base+".desc", []byte(desc+" (from "+valid[k].path+")\n"), 0o644)
		out = append(out, corpusEntry{name, valid[k].flags})
		i++
	}
	return out
}

// corpusModules writes the modules of test/corpus (every golden RUN line
// compiled by hlsl2spirv as written, and again at -O0 and with -fcgl when
// it chooses no level; the SPIR-V fixtures, the GLSL and HLSL fixtures
// compiled by glslang) to dir as a corpus.
func corpusModules(t *testing.T, dir string) []corpusEntry {
	var entries []corpusEntry
	mods := slices.Concat(corpus.Golden(t), corpus.GoldenLevels(t), corpus.Fixtures(t))
	for i, m := range mods {
		flags := append([]string{"--target-env", spirvValEnv(m.Env)}, m.ValOptions...)
		if m.CodeGenOnly {
			flags = append(flags, "--before-hlsl-legalization")
		}
		path := filepath.Join(dir, fmt.Sprintf("c%04d.spv", i))
		if err := os.WriteFile(path, builder.LittleEndian(m.Words), 0o644); err != nil {
			t.Fatal(err)
		}
		entries = append(entries, corpusEntry{path, flags})
	}
	return entries
}

// TestCorpusModulesAgreeWithSpirvVal judges every module of test/corpus
// with both validators: the validator must accept every one spirv-val
// accepts.
func TestCorpusModulesAgreeWithSpirvVal(t *testing.T) {
	if testing.Short() {
		t.Skip("compiles every golden test")
	}
	val := tool.Require(t, tool.SpirvVal)
	entries := corpusModules(t, t.TempDir())
	r := compareWithSpirvVal(t, val, entries, readSPV)
	t.Log(r)
	for _, m := range r.missed {
		t.Logf("missed: %s", m)
	}
	for _, f := range r.falseRejects {
		t.Errorf("rejected a module spirv-val accepts: %s", f)
	}
}

// TestMutantSmoke is the mutation campaign's small version, run by every
// test run: 400 mutants of the test/corpus modules, judged by both
// validators (make validate-mutants runs the big one).
func TestMutantSmoke(t *testing.T) {
	if testing.Short() {
		t.Skip("compiles every golden test")
	}
	val := tool.Require(t, tool.SpirvVal)
	dir := t.TempDir()
	muts := makeMutants(t, val, corpusModules(t, dir), filepath.Join(dir, "mutants"), 400, 1)
	reportMutants(t, compareWithSpirvVal(t, val, muts, readSPV), 0.90)
}

var (
	buildCorpus = flag.Bool("validate.build", false, "(re)build the -validate.corpus folder first: the test corpus, DXC's tests (-validate.dxc-suite) compiled by hlsl2spirv and glslang")
	dxcSuite    = flag.String("validate.dxc-suite", "", "a local folder of DXC's CodeGenSPIRV tests, for -validate.build")
	corpusOnce  sync.Once
)

// ensureCorpus builds the -validate.corpus folder once when -validate.build
// asks for it.
func ensureCorpus(t *testing.T) {
	if !*buildCorpus {
		return
	}
	corpusOnce.Do(func() {
		dir := *corpusDir
		if err := os.RemoveAll(dir); err != nil {
			t.Fatal(err)
		}
		if *mutantDir != "" {
			// Mutants of an older corpus would be judged again, not made.
			if err := os.RemoveAll(*mutantDir); err != nil {
				t.Fatal(err)
			}
		}
		for _, sub := range []string{"test", "dxc", "glslang-dxc"} {
			if err := os.MkdirAll(filepath.Join(dir, sub), 0o755); err != nil {
				t.Fatal(err)
			}
		}
		n := len(corpusModules(t, filepath.Join(dir, "test")))
		if *dxcSuite != "" {
			n += buildDXCSuite(t, *dxcSuite, dir)
		}
		t.Logf("built a corpus of %d modules in %s", n, dir)
	})
}

// buildDXCSuite compiles every RUN line of DXC's tests in suite that makes
// a module with hlsl2spirv (-Vd: the invalid ones are wanted too), and each
// test's first RUN line with glslang's HLSL front end, into dir/dxc and
// dir/glslang-dxc. It returns how many modules it wrote.
func buildDXCSuite(t *testing.T, suite, dir string) int {
	cli := corpus.CLI(t)
	glslang := tool.Lookup(tool.Glslang)
	files, err := golden.Files(suite, []string{".hlsl"})
	if err != nil {
		t.Fatal(err)
	}
	type job struct {
		cmd   []string
		cwd   string
		out   string
		flags []string
	}
	var jobs []job
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		rel, _ := filepath.Rel(suite, f)
		name := strings.ReplaceAll(rel, string(filepath.Separator), "_")
		for i, rl := range golden.RunLines(src) {
			tl, args, expectFail, err := golden.ParseRunLine(rl.Command, f)
			if err != nil || expectFail || (tl != "%dxc" && tl != "%hlsl2spirv") || !makesModule(args) {
				continue
			}
			var cargs []string
			for _, a := range args {
				switch a {
				case "%s":
					a = f
				case "-spirv":
					continue
				}
				cargs = append(cargs, a)
			}
			env, opts := golden.ValidatorOptions(cargs)
			flags := append([]string{"--target-env", spirvValEnv(env)}, opts...)
			if slices.Contains(cargs, "-fcgl") {
				flags = append(flags, "--before-hlsl-legalization")
			}
			out := filepath.Join(dir, "dxc", fmt.Sprintf("%s.%d.spv", name, i))
			jobs = append(jobs, job{append(append([]string{cli}, cargs...), "-Vd", "-Fo", out), filepath.Dir(f), out, flags})
			if i == 0 && glslang != "" {
				if cmd, env := glslangCommand(glslang, cargs); cmd != nil {
					out := filepath.Join(dir, "glslang-dxc", name+".spv")
					jobs = append(jobs, job{append(cmd, "-o", out, f), filepath.Dir(f), out, []string{"--target-env", env}})
				}
			}
		}
	}
	var mu sync.Mutex
	var wg sync.WaitGroup
	work := make(chan job)
	n := 0
	for range 2 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range work {
				cmd := exec.Command(j.cmd[0], j.cmd[1:]...)
				cmd.Dir = j.cwd
				if cmd.Run() != nil {
					os.Remove(j.out)
					continue
				}
				if _, err := os.Stat(j.out); err != nil {
					continue
				}
				os.WriteFile(strings.TrimSuffix(j.out, ".spv")+".flags", []byte(strings.Join(j.flags, " ")+"\n"), 0o644)
				mu.Lock()
				n++
				mu.Unlock()
			}
		}()
	}
	for _, j := range jobs {
		work <- j
	}
	close(work)
	wg.Wait()
	return n
}

func makesModule(args []string) bool {
	for _, a := range args {
		switch a {
		case "-P", "-fsyntax-only", "-ast-dump", "-verify", "-dumpbin", "-M", "-MD":
			return false
		}
		if strings.HasPrefix(a, "-Fo") || strings.HasPrefix(a, "-Fc") || strings.HasPrefix(a, "-Fw") {
			return false
		}
	}
	return true
}

// spirvValEnv spells a dxc target environment as spirv-val 2023.1 knows it
// (vulkan1.4 has Vulkan 1.3's SPIR-V 1.6 rules).
func spirvValEnv(env string) string {
	if env == "vulkan1.4" {
		return "vulkan1.3"
	}
	return strings.Replace(env, "universal1.", "spv1.", 1)
}

// glslangStages maps a profile's stage to glslang's -S.
var glslangStages = map[string]string{"vs": "vert", "ps": "frag", "gs": "geom", "hs": "tesc", "ds": "tese", "cs": "comp", "ms": "mesh", "as": "task"}

// glslangCommand is the glslangValidator command compiling the HLSL of a
// dxc command line (its profile, entry point, target environment, macros),
// or nil when glslang cannot (a library, an environment it lacks).
func glslangCommand(glslang string, args []string) (cmd []string, env string) {
	var profile, entry string
	env = "vulkan1.0"
	var extra []string
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "-T" && i+1 < len(args):
			i++
			profile = args[i]
		case strings.HasPrefix(a, "-T") && len(a) > 2:
			profile = a[2:]
		case a == "-E" && i+1 < len(args):
			i++
			entry = args[i]
		case strings.HasPrefix(a, "-fspv-target-env="):
			env = strings.TrimPrefix(a, "-fspv-target-env=")
		case a == "-D" && i+1 < len(args):
			i++
			extra = append(extra, "-D"+args[i])
		case strings.HasPrefix(a, "-D") && len(a) > 2:
			extra = append(extra, a)
		case a == "-enable-16bit-types":
			extra = append(extra, "--hlsl-enable-16bit-types")
		}
	}
	stage := glslangStages[strings.SplitN(profile, "_", 2)[0]]
	if stage == "" || entry == "" || !slices.Contains([]string{"vulkan1.0", "vulkan1.1", "vulkan1.2", "vulkan1.3"}, env) {
		return nil, ""
	}
	return append([]string{glslang, "-V", "-D", "-S", stage, "-e", entry, "--target-env", env}, extra...), env
}
