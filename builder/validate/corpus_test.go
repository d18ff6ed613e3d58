package validate

import (
	"errors"
	"flag"
	"fmt"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"sync"
	"testing"

	"github.com/hlsl2spirv/hlsl2spirv/builder"
	"github.com/hlsl2spirv/hlsl2spirv/builder/validate/internal/mutate"
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
	skew                  []string // rejected by spirv-val only for its older grammar
	falseRejects          []string // valid modules the validator rejects
	missed                []string // invalid modules the validator accepts
	byRule                map[Rule]int
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
	r := &comparison{byRule: map[Rule]int{}}
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
					ours = &Error{Rule: RuleBinary, Msg: err.Error()}
				} else {
					opts, err := OptionsFromArgs(e.flags)
					if err != nil {
						t.Errorf("%s: %v", e.path, err)
						continue
					}
					ours = Words(words, opts)
				}
				var ie *Error
				if errors.As(ours, &ie) && ie.Rule == RuleInternal {
					t.Errorf("%s: the validator failed: %v", e.path, ours)
				}
				mu.Lock()
				r.total++
				switch {
				case v.ok && ours == nil:
					r.valid++
				case v.ok:
					r.valid++
					r.falseRejects = append(r.falseRejects, fmt.Sprintf("%s (%s): %v", e.path, strings.Join(e.flags, " "), ours))
				case ours != nil:
					r.invalid++
					r.caught++
					var ve *Error
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

var skewRE = regexp.MustCompile(`Invalid [a-zA-Z ]+ operand: \d+|Capability ComputeDerivativeGroup(Quads|Linear)NV is not allowed by`)

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
// corpus given with -validate.corpus (make validate-corpus builds one from
// the golden tests, DXC's tests and glslang).
func TestCorpusAgreesWithSpirvVal(t *testing.T) {
	if *corpusDir == "" {
		t.Skip("no -validate.corpus folder given")
	}
	val := tool.Require(t, tool.SpirvVal)
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
