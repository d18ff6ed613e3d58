package sema

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/hlsl2spirv/hlsl2spirv/frontend/ast"
	"github.com/hlsl2spirv/hlsl2spirv/frontend/diag"
	"github.com/hlsl2spirv/hlsl2spirv/frontend/headers"
	"github.com/hlsl2spirv/hlsl2spirv/frontend/parse"
	"github.com/hlsl2spirv/hlsl2spirv/frontend/pp"
	"github.com/hlsl2spirv/hlsl2spirv/frontend/token"
)

// checked is one source run through pp, parse and Check.
type checked struct {
	fs     *diag.FileSet
	diags  *diag.List
	file   *ast.File
	info   *Info
	tokens []token.Token
}

func checkSource(tb testing.TB, name string, src []byte, cfg Config, defines []string) *checked {
	tb.Helper()
	return checkSourceMode(tb, name, src, cfg, defines, false)
}

// checkSourceMode is checkSource; with always it runs the checker even on
// a tree with syntax errors (Bad nodes), as the fuzz target does.
func checkSourceMode(tb testing.TB, name string, src []byte, cfg Config, defines []string, always bool) *checked {
	tb.Helper()
	fs := diag.NewFileSet()
	diags := diag.NewList(fs, diag.Options{ErrorLimit: 1000})
	stage := cfg.Stage
	if stage == "" {
		stage = "lib"
	}
	major, minor := cfg.Major, cfg.Minor
	if major == 0 {
		major, minor = 6, 0
	}
	hv := cfg.HLSLVersion
	if hv == 0 {
		hv = 2021
	}
	dir := filepath.Dir(name)
	res := pp.Preprocess(fs, diags, name, src, pp.Config{
		Defines:       defines,
		IncludeDirs:   []string{dir},
		BuiltinHeader: headers.Lookup, // <vk/spirv.h> and friends, as the driver does
		Predefined: pp.PredefinedMacros(pp.Target{Stage: stage, Major: major, Minor: minor,
			HLSLVersion: hv, Enable16Bit: cfg.Enable16BitTypes, SPIRV: true, SPIRVMajor: 1, SPIRVMinor: spirvMinor(cfg.TargetEnv)}),
	})
	ck := &checked{fs: fs, diags: diags, tokens: res.Tokens}
	if diags.HasErrors() && !always {
		return ck
	}
	ck.file = parse.File(fs, diags, name, res.Tokens, res.Pragmas...)
	if diags.HasErrors() && !always {
		return ck
	}
	ck.info = Check(fs, diags, ck.file, cfg)
	return ck
}

func (ck *checked) render() string {
	var b bytes.Buffer
	ck.diags.Render(&b)
	return b.String()
}

// configLine reads "// CONFIG: -T cs_6_0 -E main -HV 2018 -enable-16bit-types -Zpr".
func configLine(src string) Config {
	var cfg Config
	for _, line := range strings.Split(src, "\n") {
		rest, ok := strings.CutPrefix(line, "// CONFIG:")
		if !ok {
			continue
		}
		cfg = parseFlags(strings.Fields(rest), nil)
	}
	return cfg
}

// parseFlags reads the dxc flags the checker cares about; -D values go to defs.
func parseFlags(args []string, defs *[]string) Config {
	cfg := Config{TargetEnv: "vulkan1.0"} // dxc's default, as the driver passes it
	for i := 0; i < len(args); i++ {
		a := args[i]
		next := func() string {
			if i+1 < len(args) {
				i++
				return args[i]
			}
			return ""
		}
		switch {
		case a == "-T":
			cfg.Stage, cfg.Major, cfg.Minor = parseProfile(next())
		case strings.HasPrefix(a, "-T"):
			cfg.Stage, cfg.Major, cfg.Minor = parseProfile(a[2:])
		case a == "-E":
			cfg.Entry = next()
		case strings.HasPrefix(a, "-E"):
			cfg.Entry = a[2:]
		case a == "-HV":
			cfg.HLSLVersion, _ = strconv.Atoi(next())
		case strings.HasPrefix(a, "-HV"):
			cfg.HLSLVersion, _ = strconv.Atoi(a[3:])
		case a == "-enable-16bit-types":
			cfg.Enable16BitTypes = true
		case a == "-Zpr":
			cfg.RowMajor = true
		case strings.HasPrefix(a, "-fspv-target-env="):
			cfg.TargetEnv = strings.TrimPrefix(a, "-fspv-target-env=")
		case a == "-all-vulkan-errors": // test files only: see Config.AllVulkanErrors
			cfg.AllVulkanErrors = true
		case a == "-D":
			if d := next(); defs != nil {
				*defs = append(*defs, d)
			}
		case strings.HasPrefix(a, "-D"):
			if defs != nil {
				*defs = append(*defs, a[2:])
			}
		}
	}
	return cfg
}

func parseProfile(p string) (stage string, major, minor int) {
	parts := strings.Split(p, "_")
	if len(parts) != 3 {
		return p, 6, 0
	}
	major, _ = strconv.Atoi(parts[1])
	if parts[2] == "x" {
		minor = 15
	} else {
		minor, _ = strconv.Atoi(parts[2])
	}
	return parts[0], major, minor
}

var markerRx = regexp.MustCompile(`/\*\s*(ERROR|WARNING)\s+"((?:[^"\\]|\\.)*)"\s*\*/`)

// expectation is one inline marker: a diagnostic of the severity whose
// message matches rx at the line and column of the token just before it.
type expectation struct {
	severity diag.Severity
	rx       *regexp.Regexp
	line     int
	col      int
	text     string
}

func expectations(t *testing.T, ck *checked, src []byte) []expectation {
	var mainFile *diag.File
	if len(ck.tokens) > 0 {
		mainFile = ck.fs.File(ck.tokens[0].Pos)
	}
	var out []expectation
	for _, m := range markerRx.FindAllSubmatchIndex(src, -1) {
		pat := strings.ReplaceAll(string(src[m[4]:m[5]]), `\"`, `"`) // the text is a regexp, not a Go string
		rx, err := regexp.Compile(pat)
		if err != nil {
			t.Fatalf("bad marker regexp %q: %v", pat, err)
		}
		// The token just before the comment.
		var prev diag.Pos
		for _, tok := range ck.tokens {
			if tok.Kind == token.EOF || mainFile == nil || ck.fs.File(tok.Pos) != mainFile {
				continue
			}
			if mainFile.Offset(tok.Pos) < m[0] && tok.Pos > prev {
				prev = tok.Pos
			}
		}
		if !prev.IsValid() {
			t.Fatalf("marker %q has no token before it", src[m[0]:m[1]])
		}
		p := ck.fs.Position(prev)
		sev := diag.Error
		if string(src[m[2]:m[3]]) == "WARNING" {
			sev = diag.Warning
		}
		out = append(out, expectation{sev, rx, p.Line, p.Col, pat})
	}
	return out
}

// TestErrors checks every testdata/*.hlsl: each diagnostic must match a
// marker at its position, and each marker a diagnostic.
func TestErrors(t *testing.T) {
	files, _ := filepath.Glob("testdata/*.hlsl")
	if len(files) == 0 {
		t.Fatal("no test files")
	}
	for _, name := range files {
		t.Run(filepath.Base(name), func(t *testing.T) {
			src, err := os.ReadFile(name)
			if err != nil {
				t.Fatal(err)
			}
			ck := checkSource(t, name, src, configLine(string(src)), nil)
			if ck.info == nil {
				t.Fatalf("did not get to the checker:\n%s", ck.render())
			}
			want := expectations(t, ck, src)
			used := make([]bool, len(want))
			for _, d := range ck.diags.Diags {
				if d.Severity != diag.Error && d.Severity != diag.Warning && d.Severity != diag.Fatal {
					continue
				}
				if d.Severity == diag.Fatal {
					d.Severity = diag.Error // ERROR markers stand for fatal errors too
				}
				p := ck.fs.Position(d.Pos)
				found := false
				for i, w := range want {
					if !used[i] && w.severity == d.Severity && w.line == p.Line && w.col == p.Col && w.rx.MatchString(d.Msg) {
						used[i], found = true, true
						break
					}
				}
				if !found {
					t.Errorf("%s: unexpected %s: %s", p, d.Severity, d.Msg)
				}
			}
			for i, w := range want {
				if !used[i] {
					t.Errorf("%s:%d:%d: missing %s matching %q", name, w.line, w.col, w.severity, w.text)
				}
			}
		})
	}
}

// sortedCounts renders a histogram, most common first.
func sortedCounts(m map[string]int, limit int) string {
	type kv struct {
		k string
		n int
	}
	var all []kv
	for k, n := range m {
		all = append(all, kv{k, n})
	}
	sort.Slice(all, func(i, j int) bool {
		if all[i].n != all[j].n {
			return all[i].n > all[j].n
		}
		return all[i].k < all[j].k
	})
	var b strings.Builder
	for i, e := range all {
		if i == limit {
			break
		}
		b.WriteString(strconv.Itoa(e.n) + "  " + e.k + "\n")
	}
	return b.String()
}

// spirvMinor is the SPIR-V 1.x version a target environment implies (the
// __SPIRV_MINOR_VERSION__ the driver predefines).
func spirvMinor(env string) int {
	switch env {
	case "vulkan1.1":
		return 3
	case "vulkan1.1spirv1.4":
		return 4
	case "vulkan1.2", "universal1.5":
		return 5
	case "vulkan1.3", "vulkan1.4":
		return 6
	}
	return 0
}
