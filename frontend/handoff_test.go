package frontend

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"
	"unsafe"

	"github.com/hlsl2spirv/hlsl2spirv/builder"
	"github.com/hlsl2spirv/hlsl2spirv/codegen/spirv"
)

// A compile hands the emitted module to the optimizer and the validator
// in memory (spirv.GenerateModule, settled). The passes must see exactly
// the module they saw when it went through words: loading the words of
// every golden's and every benchmark shader's emitted module gives the
// same IR, and the in-memory module shares no instruction or operand list
// between two places (a pass editing one would change the other).
func TestSettledModuleIsTheLoadedOne(t *testing.T) {
	type job struct {
		name string
		opts Options
		src  []byte
	}
	var jobs []job
	shaders, opts := corpus(t)
	for i, s := range shaders {
		jobs = append(jobs, job{s.Name, opts[i], s.Source})
	}
	jobs = append(jobs, job{"big.hlsl", Options{Profile: "ps_6_0"}, bigShader(t)})
	files, err := filepath.Glob("../test/golden/*/*.hlsl")
	if err != nil || len(files) == 0 {
		t.Fatalf("no golden files: %v", err)
	}
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, o := range runLineOptions(string(src)) {
			jobs = append(jobs, job{f, o, src})
		}
	}
	compared := 0
	for _, j := range jobs {
		o := j.opts
		r, err := newResult(&o)
		if err != nil {
			continue
		}
		if r.profile, err = o.profileFor(true); err != nil {
			continue
		}
		r.check(&defaultCompiler, &o, j.name, j.src)
		if r.Failed() {
			continue
		}
		m, _ := spirv.GenerateModule(r.Files, r.Diags, r.AST, r.Info, o.codegenOptions(r.profile))
		if m == nil {
			continue
		}
		var w builder.WordSlice
		if err := builder.Serialize(m, &w); err != nil {
			t.Errorf("%s %s: %v", j.name, o.Profile, err)
			continue
		}
		loaded, err := builder.Load(w.Words)
		if err != nil {
			t.Errorf("%s %s: %v", j.name, o.Profile, err)
			continue
		}
		if d := moduleDifference(m, loaded); d != "" {
			t.Errorf("%s (-T %s -E %s, debug %+v): the settled module is not the loaded one: %s", j.name, o.Profile, o.Entry, o.Debug, d)
		}
		compared++
	}
	if compared < len(files) {
		t.Errorf("only %d modules compared", compared)
	}
}

// runLineOptions reads the options of a golden's RUN lines that shape
// the emitted module most (-T, -E, -fspv-target-env, -Zi, -fspv-debug),
// one Options per distinct line compiled without -fcgl.
var runFlag = regexp.MustCompile(`(?:^|\s)(-T|-E|-fspv-target-env=|-Zi|-fspv-debug=)\s*(\S*)`)

func runLineOptions(src string) []Options {
	var out []Options
	seen := map[string]bool{}
	for _, line := range strings.Split(src, "\n") {
		_, run, ok := strings.Cut(line, "RUN:")
		if !ok || strings.Contains(run, "-fcgl") || strings.Contains(run, "not %") {
			continue
		}
		var o Options
		zi, debug := false, []string(nil)
		for _, m := range runFlag.FindAllStringSubmatch(run, -1) {
			switch m[1] {
			case "-T":
				o.Profile = m[2]
			case "-E":
				o.Entry = m[2]
			case "-fspv-target-env=":
				o.TargetEnv = m[2]
			case "-Zi":
				zi = true
			case "-fspv-debug=":
				debug = append(debug, m[2])
			}
		}
		var err error
		if o.Debug, err = ParseDebugCategories(zi, debug); err != nil || o.Profile == "" {
			continue
		}
		if key := fmt.Sprintf("%+v", o); !seen[key] {
			seen[key] = true
			out = append(out, o)
		}
	}
	return out
}

// moduleDifference compares a settled module with the module loading its
// words gives: "" when they are the same IR, else the first difference.
func moduleDifference(a, b *builder.Module) string {
	if a.Version != b.Version || a.Generator != b.Generator || a.Bound != b.Bound {
		return fmt.Sprintf("header %v/%v/%v vs %v/%v/%v", a.Version, a.Generator, a.Bound, b.Version, b.Generator, b.Bound)
	}
	if fmt.Sprint(a.Capabilities) != fmt.Sprint(b.Capabilities) || fmt.Sprint(a.Extensions) != fmt.Sprint(b.Extensions) {
		return "capabilities or extensions"
	}
	if d := instDiff(a.MemoryModel, b.MemoryModel); d != "" {
		return "memory model: " + d
	}
	sa := [][]*builder.Inst{a.ExtInstImports, a.EntryPoints, a.ExecutionModes, a.DebugSources, a.Names, a.ModuleProcessed, a.Annotations, a.Globals}
	sb := [][]*builder.Inst{b.ExtInstImports, b.EntryPoints, b.ExecutionModes, b.DebugSources, b.Names, b.ModuleProcessed, b.Annotations, b.Globals}
	for i := range sa {
		if d := listDiff(sa[i], sb[i]); d != "" {
			return fmt.Sprintf("section %d: %s", i, d)
		}
	}
	if len(a.Functions) != len(b.Functions) {
		return "function count"
	}
	for i, fa := range a.Functions {
		fb := b.Functions[i]
		if d := instDiff(fa.Def, fb.Def); d != "" {
			return "function def: " + d
		}
		if d := listDiff(fa.Params, fb.Params); d != "" {
			return "params: " + d
		}
		if d := listDiff(fa.Prologue, fb.Prologue); d != "" {
			return "prologue: " + d
		}
		if d := instDiff(fa.EndLine, fb.EndLine); d != "" {
			return "end line: " + d
		}
		if len(fa.Blocks) != len(fb.Blocks) {
			return "block count"
		}
		for j, ba := range fa.Blocks {
			bb := fb.Blocks[j]
			if ba.Label != bb.Label {
				return "label"
			}
			if d := instDiff(ba.Line, bb.Line); d != "" {
				return "block line: " + d
			}
			if d := listDiff(ba.Insts, bb.Insts); d != "" {
				return fmt.Sprintf("block %%%d: %s", ba.Label, d)
			}
			for _, in := range ba.Insts {
				if in.Block != ba {
					return "unlinked " + in.String()
				}
			}
			if ba.Func != fa {
				return "unlinked block"
			}
		}
	}
	// No two instructions, and no two operand lists, share memory: a pass
	// editing one must not change another.
	seen := map[*builder.Inst]bool{}
	var spans []span
	var walk func(in *builder.Inst) string
	walk = func(in *builder.Inst) string {
		for ; in != nil; in = in.Line {
			if seen[in] {
				return "shared instruction " + in.String()
			}
			seen[in] = true
			var add func(ops []builder.Operand)
			add = func(ops []builder.Operand) {
				if cap(ops) > 0 {
					lo := uintptr(unsafe.Pointer(unsafe.SliceData(ops)))
					spans = append(spans, span{lo, lo + uintptr(cap(ops))*unsafe.Sizeof(ops[0])})
				}
				for i := range ops {
					add(ops[i].Params())
				}
			}
			add(in.Operands)
		}
		return ""
	}
	for in := range a.All() {
		if d := walk(in); d != "" {
			return d
		}
	}
	for _, f := range a.Functions {
		for _, bl := range f.Blocks {
			if d := walk(bl.Line); d != "" {
				return d
			}
		}
		if d := walk(f.EndLine); d != "" {
			return d
		}
	}
	sort.Slice(spans, func(i, j int) bool { return spans[i].lo < spans[j].lo })
	for i := 1; i < len(spans); i++ {
		if spans[i].lo < spans[i-1].hi {
			return "operand lists share memory"
		}
	}
	return ""
}

func listDiff(a, b []*builder.Inst) string {
	if len(a) != len(b) {
		return fmt.Sprintf("length %d vs %d", len(a), len(b))
	}
	for i := range a {
		if d := instDiff(a[i], b[i]); d != "" {
			return d
		}
	}
	return ""
}

func instDiff(a, b *builder.Inst) string {
	for ; a != nil || b != nil; a, b = a.Line, b.Line {
		if a == nil || b == nil {
			return fmt.Sprintf("nil vs not: %v %v", a, b)
		}
		if a.Op != b.Op || a.Type != b.Type || a.Result != b.Result {
			return fmt.Sprintf("%s vs %s", a, b)
		}
		if d := operandsDiff(a.Operands, b.Operands); d != "" {
			return fmt.Sprintf("%s: %s", a, d)
		}
	}
	return ""
}

func operandsDiff(a, b []builder.Operand) string {
	if len(a) != len(b) {
		return "operand count"
	}
	for i := range a {
		x, y := a[i], b[i]
		if x.Kind != y.Kind || x.Wide != y.Wide || x.Word != y.Word || x.Hi != y.Hi || x.Str() != y.Str() {
			return fmt.Sprintf("operand %d: %+v vs %+v", i, x, y)
		}
		if d := operandsDiff(x.Params(), y.Params()); d != "" {
			return fmt.Sprintf("operand %d params: %s", i, d)
		}
	}
	return ""
}

type span struct{ lo, hi uintptr }
