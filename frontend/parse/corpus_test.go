package parse

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/hlsl2spirv/hlsl2spirv/frontend/ast"
	"github.com/hlsl2spirv/hlsl2spirv/frontend/diag"
	"github.com/hlsl2spirv/hlsl2spirv/frontend/pp"
)

// TestDXCCorpus parses every CodeGenSPIRV test of DXC that DXC compiles
// (a RUN line without `not`) through pp and parse, and lists the files with
// syntax errors. It needs a git copy of microsoft/DirectXShaderCompiler, so
// it runs only when HLSL_DXC_REPO names one (a bare repo or .git dir):
//
//	HLSL_DXC_REPO=/work/.mirror/microsoft+DirectXShaderCompiler/repo \
//	  go test -tags antlr.nomutex -run DXCCorpus ./frontend/parse/
func TestDXCCorpus(t *testing.T) {
	repo := os.Getenv("HLSL_DXC_REPO")
	if repo == "" {
		t.Skip("HLSL_DXC_REPO not set (a git copy of microsoft/DirectXShaderCompiler)")
	}
	// HLSL_DXC_DIRS widens the run to other test folders (comma-separated,
	// relative to tools/clang/test), e.g. HLSLFileCheck,CodeGenHLSL.
	testDirs := []string{"tools/clang/test/CodeGenSPIRV"}
	if dirs := os.Getenv("HLSL_DXC_DIRS"); dirs != "" {
		testDirs = nil
		for _, d := range strings.Split(dirs, ",") {
			testDirs = append(testDirs, "tools/clang/test/"+strings.TrimSpace(d))
		}
	}
	const headerDir = "tools/clang/lib/Headers/hlsl"
	files := gitFiles(t, repo, headerDir, "tools/clang/test")

	var names []string
	for name := range files {
		for _, dir := range testDirs {
			if strings.HasPrefix(name, dir+"/") && strings.HasSuffix(name, ".hlsl") {
				names = append(names, name)
			}
		}
	}
	sort.Strings(names)

	var tried, failed, llFallbacks int
	var report strings.Builder
	for _, name := range names {
		src := files[name]
		run, ok := compilingRunLine(src)
		if !ok {
			continue
		}
		tried++
		fs := diag.NewFileSet()
		diags := diag.NewList(fs, diag.Options{ErrorLimit: 5})
		cfg := pp.Config{
			Defines:     run.defines,
			IncludeDirs: append(run.includes, headerDir),
			Predefined:  pp.PredefinedMacros(run.target),
			ReadFile: func(p string) ([]byte, error) {
				p = path.Clean(strings.TrimPrefix(p, "./"))
				if b, ok := files[p]; ok {
					return b, nil
				}
				return nil, os.ErrNotExist
			},
		}
		res := pp.Preprocess(fs, diags, name, src, cfg)
		if diags.HasErrors() {
			// Not the parser's business; list separately.
			var b bytes.Buffer
			diags.Render(&b)
			fmt.Fprintf(&report, "PP   %s\n%s", name, indent(b.String()))
			failed++
			continue
		}
		file, st := FileStats(fs, diags, name, res.Tokens)
		if st.LLFallback {
			llFallbacks++
		}
		if !diags.HasErrors() {
			if problems := checkTree(file); len(problems) > 0 {
				failed++
				fmt.Fprintf(&report, "TREE %s\n%s", name, indent(strings.Join(problems, "\n")))
				continue
			}
		}
		if diags.HasErrors() {
			failed++
			var b bytes.Buffer
			diags.Render(&b)
			fmt.Fprintf(&report, "FAIL %s\n%s", name, indent(b.String()))
		}
	}
	t.Logf("%d files DXC compiles; %d fail; %d needed the LL fallback", tried, failed, llFallbacks)
	if failed > 0 {
		t.Errorf("syntax errors in %d of %d files:\n%s", failed, tried, report.String())
	}
}

// checkTree lists violations of the AST's invariants in a tree parsed
// without errors: no Bad* nodes, valid ranges, IDs unique in 1..NodeCount
// (but for the TypeExpr that declarators of one declaration share).
func checkTree(f *ast.File) []string {
	var problems []string
	seen := make([]bool, f.NodeCount+1)
	ast.Inspect(f, func(n ast.Node) bool {
		if n == nil {
			return false
		}
		kind := fmt.Sprintf("%T", n)
		switch n.(type) {
		case *ast.BadDecl, *ast.BadStmt, *ast.BadExpr:
			problems = append(problems, kind+" in a tree without errors")
		}
		if _, isFile := n.(*ast.File); !isFile {
			if !n.Pos().IsValid() || n.End() < n.Pos() {
				problems = append(problems, fmt.Sprintf("%s has range [%d, %d)", kind, n.Pos(), n.End()))
			}
			id := n.ID()
			if id < 1 || id > f.NodeCount {
				problems = append(problems, fmt.Sprintf("%s has ID %d outside 1..%d", kind, id, f.NodeCount))
			} else if seen[id] {
				// The declarators of `float a, b;` share one TypeExpr.
				if _, shared := n.(*ast.TypeExpr); !shared {
					problems = append(problems, fmt.Sprintf("%s has ID %d seen before", kind, id))
				}
				return false
			} else {
				seen[id] = true
			}
		}
		return len(problems) < 5
	})
	return problems
}

func indent(s string) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	if len(lines) > 12 {
		lines = append(lines[:12], "...")
	}
	return "    " + strings.Join(lines, "\n    ") + "\n"
}

type runLine struct {
	defines  []string
	includes []string
	target   pp.Target
}

var (
	runRE     = regexp.MustCompile(`//\s*RUN:(.*)`)
	profileRE = regexp.MustCompile(`^([a-z]+)_(\d+)_(\d+|x)$`)
)

// compilingRunLine finds the first RUN line that runs dxc expecting
// success and extracts the flags the preprocessor cares about.
func compilingRunLine(src []byte) (runLine, bool) {
	for _, m := range runRE.FindAllSubmatch(src, -1) {
		line := string(m[1])
		// -P only preprocesses: the output is not HLSL.
		if !strings.Contains(line, "%dxc") || strings.Contains(line, "not %dxc") || strings.Contains(line, " -P ") {
			continue
		}
		// `%dxilver 1.5 | %dxc ... | FileCheck`: the dxc part.
		for _, seg := range strings.Split(line, "|") {
			if strings.Contains(seg, "%dxc") {
				line = seg
				break
			}
		}
		r := runLine{target: pp.Target{HLSLVersion: 2021, SPIRV: true, SPIRVMajor: 1, SPIRVMinor: 0, Stage: "ps", Major: 6}}
		f := strings.Fields(line)
		for i := 0; i < len(f); i++ {
			arg := f[i]
			if strings.HasPrefix(arg, "/") && len(arg) > 1 && strings.ContainsRune("DITEH", rune(arg[1])) {
				arg = "-" + arg[1:] // dxc takes /D as well as -D
			}
			val := func(flag string) string {
				if arg == flag && i+1 < len(f) {
					i++
					return f[i]
				}
				return strings.TrimPrefix(arg, flag)
			}
			switch {
			case strings.HasPrefix(arg, "-D"):
				r.defines = append(r.defines, val("-D"))
			case strings.HasPrefix(arg, "-I"):
				r.includes = append(r.includes, val("-I"))
			case strings.HasPrefix(arg, "-T"):
				if pm := profileRE.FindStringSubmatch(val("-T")); pm != nil {
					r.target.Stage = pm[1]
					r.target.Major, _ = strconv.Atoi(pm[2])
					r.target.Minor, _ = strconv.Atoi(pm[3])
				}
			case arg == "-HV" && i+1 < len(f):
				i++
				r.target.HLSLVersion, _ = strconv.Atoi(f[i])
				if f[i] == "202x" {
					r.target.HLSLVersion = 2029
				}
			case strings.HasPrefix(arg, "-fspv-target-env="):
				switch strings.TrimPrefix(arg, "-fspv-target-env=") {
				case "vulkan1.1":
					r.target.SPIRVMinor = 3
				case "vulkan1.1spirv1.4":
					r.target.SPIRVMinor = 4
				case "vulkan1.2", "universal1.5":
					r.target.SPIRVMinor = 5
				case "vulkan1.3":
					r.target.SPIRVMinor = 6
				}
			case arg == "-enable-16bit-types":
				r.target.Enable16Bit = true
			}
		}
		return r, true
	}
	return runLine{}, false
}

// gitFiles reads every blob under the given directories at HEAD.
func gitFiles(t *testing.T, repo string, dirs ...string) map[string][]byte {
	t.Helper()
	ls := exec.Command("git", append([]string{"-C", repo, "ls-tree", "-r", "HEAD", "--"}, dirs...)...)
	out, err := ls.Output()
	if err != nil {
		t.Fatalf("git ls-tree: %v", err)
	}
	var paths, objs []string
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		// <mode> blob <sha>\t<path>
		tab := strings.IndexByte(line, '\t')
		fields := strings.Fields(line[:tab])
		if len(fields) == 3 && fields[1] == "blob" {
			paths = append(paths, line[tab+1:])
			objs = append(objs, fields[2])
		}
	}
	cat := exec.Command("git", "-C", repo, "cat-file", "--batch")
	cat.Stdin = strings.NewReader(strings.Join(objs, "\n") + "\n")
	raw, err := cat.Output()
	if err != nil {
		t.Fatalf("git cat-file: %v", err)
	}
	files := map[string][]byte{}
	r := bufio.NewReader(bytes.NewReader(raw))
	for _, p := range paths {
		header, err := r.ReadString('\n')
		if err != nil {
			t.Fatalf("git cat-file output: %v", err)
		}
		hf := strings.Fields(header)
		size, _ := strconv.Atoi(hf[len(hf)-1])
		body := make([]byte, size)
		if _, err := io.ReadFull(r, body); err != nil {
			t.Fatal(err)
		}
		r.ReadByte() // newline after the body
		files[p] = body
	}
	return files
}
