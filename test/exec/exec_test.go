package exec

import (
	"errors"
	"flag"
	"fmt"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/hlsl2spirv/hlsl2spirv/test/tool"
)

var compilerFlag = flag.String("compiler", "glslang,hlsl2spirv,hlsl2spirv-O0",
	"comma-separated compilers to run the execution tests with (glslang, hlsl2spirv, hlsl2spirv-O0)")

var runFilter = flag.String("file", "", "run only test files whose name contains this")

func init() {
	flag.StringVar(&KeepDir, "keep", "", "keep each case's job, module and data files under this directory")
}

// TestExec runs every testdata/*.hlsl case with each selected compiler:
// TestExec/COMPILER/FILE[/CASE].
func TestExec(t *testing.T) {
	paths, err := filepath.Glob("testdata/*.hlsl")
	if err != nil || len(paths) == 0 {
		t.Fatalf("no test files in testdata: %v", err)
	}
	sort.Strings(paths)
	var files []*File
	for _, p := range paths {
		if *runFilter != "" && !strings.Contains(filepath.Base(p), *runFilter) {
			continue
		}
		f, err := ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, f)
	}
	for _, name := range strings.Split(*compilerFlag, ",") {
		comp, ok := Compilers[name]
		if !ok {
			t.Fatalf("-compiler: unknown compiler %q", name)
		}
		t.Run(name, func(t *testing.T) {
			probe(t, name, comp)
			Runner(t)
			for _, f := range files {
				base := strings.TrimSuffix(filepath.Base(f.Path), ".hlsl")
				t.Run(base, func(t *testing.T) {
					if len(f.Cases) == 1 && f.Cases[0].Name == "" {
						t.Parallel()
						runOne(t, name, comp, f, f.Cases[0])
						return
					}
					for _, c := range f.Cases {
						t.Run(c.Name, func(t *testing.T) {
							t.Parallel()
							runOne(t, name, comp, f, c)
						})
					}
				})
			}
		})
	}
}

// probe skips a compiler's whole run when it is not available here, and
// makes sure the tools it needs exist before cases share compiles.
func probe(t *testing.T, name string, comp Compiler) {
	tool.Require(t, tool.SpirvVal)
	if name == "glslang" {
		tool.Require(t, tool.Glslang)
	}
	_, _, err := comp(t, "probe.hlsl", []byte("[numthreads(1,1,1)] void main() {}\n"), DefaultArgs)
	if errors.Is(err, ErrNotAvailable) {
		t.Skip(err) // a skip, never a pass: nothing was run
	}
}

func runOne(t *testing.T, name string, comp Compiler, f *File, c *Case) {
	err := RunCase(t, name, comp, f, c)
	if errors.Is(err, ErrNotAvailable) {
		t.Skip(err) // the compiler cannot do this yet: not a pass, not a failure
	}
	reason, xfail := c.XFail[name]
	switch {
	case xfail && err == nil:
		t.Errorf("passes with %s but is marked `xfail %s: %s`; remove the marker", name, name, reason)
	case xfail:
		t.Logf("expected failure with %s (%s):\n%v", name, reason, err)
	case err != nil:
		where := f.Path
		if c.Line > 0 {
			where = fmt.Sprintf("%s:%d (case %s)", f.Path, c.Line, c.Name)
		}
		t.Errorf("%s:\n%v", where, err)
	}
}
