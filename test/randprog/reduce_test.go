package randprog

import (
	"errors"
	"flag"
	"fmt"
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/hlsl2spirv/hlsl2spirv/test/exec"
	"github.com/hlsl2spirv/hlsl2spirv/test/tool"
)

var (
	flagReduce      = flag.String("reduce.file", "", "a program the campaign saved, to reduce (TestReduce)")
	flagReduceWith  = flag.String("reduce.with", "hlsl2spirv-O0", "the path whose output the failing path's must keep differing from (-reduce.match empty)")
	flagReduceMatch = flag.String("reduce.match", "", "reduce a run error or an invalid module instead: keep the failing path's error containing this text")
	flagReducePath  = flag.String("reduce.path", "", "the failing path (default: the one the file names)")
	flagReduceShow  = flag.Bool("reduce.show", false, "only run the program on both paths and show what each wrote")
	flagReduceOut   = flag.String("reduce.out", "", "where the reduced program goes (default: the file's name with .reduced.hlsl)")
)

// TestReduce shrinks a program the campaign saved (-reduce.file) while the
// disagreement persists: in every word where the file's path first wrote
// something else than the -reduce.with path, both keep writing what they
// first wrote (both must compile, validate and run; keeping the values
// stops the reduction drifting to another disagreement, such as dead code
// made live that shows a known divergence); or, with -reduce.match, the
// path keeps failing to run with an error containing that text. It
// deletes whole blocks, unwraps them, then deletes runs of lines (ddmin);
// the inputs are the batch seed's. The result still needs a look: a
// deleted line can leave a variable uninitialized.
//
//	go test ./test/randprog -run TestReduce -args -reduce.file=random-out/glslang-mismatch-seed42.hlsl
func TestReduce(t *testing.T) {
	if *flagReduce == "" {
		t.Skip("no -reduce.file")
	}
	tool.Require(t, tool.SpirvVal)
	if _, set := os.LookupEnv("GALLIVM_PERF"); !set {
		os.Setenv("GALLIVM_PERF", "no_opt")
	}
	text, err := os.ReadFile(*flagReduce)
	if err != nil {
		t.Fatal(err)
	}
	r, lines, err := newReducer(t, string(text))
	if err != nil {
		t.Fatal(err)
	}
	if *flagReduceShow {
		src := strings.Join(lines, "\n") + "\n"
		for _, p := range []path{r.fail, r.with} {
			out, err := r.run(src, p)
			t.Logf("%s: %v, error: %v", p.name, out, err)
		}
		return
	}
	if !r.interesting(lines, true) {
		t.Fatalf("the program does not show the disagreement")
	}
	lines = r.reduce(lines)
	out := *flagReduceOut
	if out == "" {
		out = strings.TrimSuffix(*flagReduce, ".hlsl") + ".reduced.hlsl"
	}
	head := fmt.Sprintf("// reduced from %s: %s (%d tests)\n// flags: %s\n", *flagReduce, r.what(), r.tests, strings.Join(r.fail.args, " "))
	if err := os.WriteFile(out, []byte(head+strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("%d lines left, in %s", len(lines), out)
}

type reducer struct {
	t          *testing.T
	runner     string
	inputs     []*Buffer
	outWords   int
	fail, with path
	match      string
	differ     map[int][2]uint32 // the words that differed at first: the failing path's, the other's
	seen       map[string]bool
	tests      int
}

var (
	savedSeed  = regexp.MustCompile(`^// seed (\d+)(?: program \d+)?, ([\w-]+):`)
	savedSlots = regexp.MustCompile(`tid \* (\d+) \+`)
)

// newReducer reads a saved program: its batch seed and path from the first
// line, its flags, and its source after the comment with the details.
func newReducer(t *testing.T, text string) (*reducer, []string, error) {
	m := savedSeed.FindStringSubmatch(text)
	if m == nil {
		return nil, nil, errors.New("no `// seed N, PATH:` first line")
	}
	seed, _ := strconv.ParseInt(m[1], 10, 64)
	_, src, ok := strings.Cut(text, "\n*/\n")
	if !ok {
		src = text
	}
	half := strings.Contains(text, "\n// flags: ") && strings.Contains(strings.SplitN(strings.SplitN(text, "\n// flags: ", 2)[1], "\n", 2)[0], "-enable-16bit-types")
	r := &reducer{t: t, runner: exec.Runner(t), match: *flagReduceMatch, seen: map[string]bool{}, differ: map[int][2]uint32{}}
	// the inputs are drawn first from the batch seed's generator
	r.inputs = NewBatch(seed, 1, half, false).Inputs
	slots := 0
	for _, s := range savedSlots.FindAllStringSubmatch(src, -1) {
		n, _ := strconv.Atoi(s[1])
		slots = max(slots, n)
	}
	r.outWords = Threads * slots
	if *flagReducePath != "" {
		m[2] = *flagReducePath
	}
	for _, p := range allPaths(half) {
		if p.name == m[2] {
			r.fail = p
		}
		if p.name == *flagReduceWith {
			r.with = p
		}
	}
	if r.fail.name == "" || r.with.name == "" && r.match == "" {
		return nil, nil, fmt.Errorf("unknown path %q or %q", m[2], *flagReduceWith)
	}
	return r, strings.Split(strings.TrimRight(src, "\n"), "\n"), nil
}

func (r *reducer) what() string {
	if r.match != "" {
		return fmt.Sprintf("%s fails to run with %q", r.fail.name, r.match)
	}
	return fmt.Sprintf("%s and %s write different words", r.fail.name, r.with.name)
}

func (r *reducer) run(src string, pa path) ([]uint32, error) {
	return runSource(r.t, nil, r.runner, []byte(src), r.inputs, r.outWords, Threads*4, 1, pa)
}

// interesting tells whether the program still shows the disagreement; the
// first call records the words that differ.
func (r *reducer) interesting(lines []string, first bool) bool {
	src := strings.Join(lines, "\n") + "\n"
	if v, ok := r.seen[src]; ok {
		return v
	}
	r.tests++
	v := r.check(src, first)
	r.seen[src] = v
	return v
}

func (r *reducer) check(src string, first bool) bool {
	got, err := r.run(src, r.fail)
	if r.match != "" {
		return err != nil && !errors.Is(err, errCompile) && strings.Contains(err.Error(), r.match)
	}
	if err != nil {
		return false
	}
	want, err := r.run(src, r.with)
	if err != nil {
		return false
	}
	if first {
		for i := range want {
			if i < len(got) && got[i] != want[i] {
				r.differ[i] = [2]uint32{got[i], want[i]}
			}
		}
		return len(r.differ) > 0
	}
	// both paths keep writing what they first wrote where they differed,
	// so that the reduction cannot drift to another disagreement (dead code
	// made live showing a known divergence)
	for i, w := range r.differ {
		if i >= len(got) || i >= len(want) || got[i] != w[0] || want[i] != w[1] {
			return false
		}
	}
	return true
}

// reduce runs the passes until none removes a line.
func (r *reducer) reduce(lines []string) []string {
	for {
		n := len(lines)
		lines = r.blocks(lines)
		lines = r.ddmin(lines)
		r.t.Logf("%d lines after %d tests", len(lines), r.tests)
		if len(lines) == n {
			return lines
		}
	}
}

// blocks tries deleting each `{ ... }` block with the line that opens it,
// then deleting only its opening and closing lines (the body stays).
func (r *reducer) blocks(lines []string) []string {
	for i := 0; i < len(lines); i++ {
		if !strings.HasSuffix(strings.TrimSpace(lines[i]), "{") {
			continue
		}
		j := closing(lines, i)
		if j <= i {
			continue
		}
		cut := append(append([]string{}, lines[:i]...), lines[j+1:]...)
		if r.interesting(cut, false) {
			lines = cut
			i--
			continue
		}
		unwrap := append(append(append([]string{}, lines[:i]...), lines[i+1:j]...), lines[j+1:]...)
		if r.interesting(unwrap, false) {
			lines = unwrap
			i--
		}
	}
	return lines
}

// closing is the line that closes the block line i opens, or -1.
func closing(lines []string, i int) int {
	depth := 0
	for j := i; j < len(lines); j++ {
		depth += strings.Count(lines[j], "{") - strings.Count(lines[j], "}")
		if depth == 0 {
			return j
		}
		if depth < 0 {
			return -1
		}
	}
	return -1
}

// ddmin deletes runs of lines, halving the run length down to one line.
func (r *reducer) ddmin(lines []string) []string {
	for size := len(lines) / 2; size >= 1; size /= 2 {
		for i := 0; i+size <= len(lines); {
			cut := append(append([]string{}, lines[:i]...), lines[i+size:]...)
			if r.interesting(cut, false) {
				lines = cut
				continue
			}
			i += size
		}
	}
	return lines
}
