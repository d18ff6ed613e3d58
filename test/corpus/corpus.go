// Package corpus gathers the SPIR-V modules that corpus-wide tests run over
// (the optimizer's pipelines, the loader's round trip, the validator, the
// WGSL back end): the modules hlsl2spirv makes for every golden test, and
// the SPIR-V fixtures of test/corpus/spirv. The data folders beside this
// file (filecheck, pp, spirv) are other packages' fixtures.
package corpus

import (
	"bytes"
	"encoding/binary"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/hlsl2spirv/hlsl2spirv/builder"
	"github.com/hlsl2spirv/hlsl2spirv/builder/asm"
	"github.com/hlsl2spirv/hlsl2spirv/builder/spv"
	"github.com/hlsl2spirv/hlsl2spirv/test/golden"
	"github.com/hlsl2spirv/hlsl2spirv/test/tool"
)

// A Module is one module of a corpus.
type Module struct {
	Name  string // file and RUN line ("codegen/if.hlsl:3")
	Words []uint32
	// Env is the spirv-val target environment ("vulkan1.0", ...).
	Env string
	// ValOptions are spirv-val's layout options for the module
	// (--relax-block-layout...), as the golden runner validates with.
	ValOptions []string
	// CodeGenOnly marks -fcgl output, which is not legal SPIR-V.
	CodeGenOnly bool
	// Args are the compiler arguments (golden modules).
	Args []string
	// Unchecked marks modules that load but need not be valid (the
	// disassembler's fixtures exercise syntax, not semantics).
	Unchecked bool
}

// Root returns the repository root (where go.mod is).
func Root(tb testing.TB) string {
	tb.Helper()
	dir, err := os.Getwd()
	if err != nil {
		tb.Fatal(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			tb.Fatal("no go.mod above the test's directory")
		}
		dir = parent
	}
}

var (
	cliOnce sync.Once
	cliPath string
	cliErr  error
)

// CLI builds cmd/hlsl2spirv once per test process and returns its path.
func CLI(tb testing.TB) string {
	tb.Helper()
	root := Root(tb)
	cliOnce.Do(func() {
		dir, err := os.MkdirTemp("", "hlsl2spirv-corpus-")
		if err != nil {
			cliErr = err
			return
		}
		cliPath = filepath.Join(dir, "hlsl2spirv")
		cmd := exec.Command("go", "build", "-tags", "antlr.nomutex", "-o", cliPath, "./cmd/hlsl2spirv")
		cmd.Dir = root
		if out, err := cmd.CombinedOutput(); err != nil {
			cliErr = &buildError{string(out)}
		}
	})
	if cliErr != nil {
		tb.Fatalf("building hlsl2spirv: %v", cliErr)
	}
	return cliPath
}

type buildError struct{ out string }

func (e *buildError) Error() string { return e.out }

var (
	goldenOnce sync.Once
	goldenMods []Module
	goldenErr  error
)

// Golden compiles every golden test's shader with the flags of each of its
// RUN lines that runs %hlsl2spirv and is expected to succeed, and returns
// the modules (-fcgl ones marked CodeGenOnly), once per test process. RUN
// lines whose output is not a module (-P, -fsyntax-only, -ast-dump,
// -dumpbin) are skipped.
func Golden(tb testing.TB) []Module {
	tb.Helper()
	cli := CLI(tb)
	root := Root(tb)
	goldenOnce.Do(func() { goldenMods, goldenErr = compileGolden(cli, filepath.Join(root, "test", "golden"), "") })
	if goldenErr != nil {
		tb.Fatal(goldenErr)
	}
	return goldenMods
}

var (
	levelsOnce sync.Once
	levelsMods []Module
	levelsErr  error
)

// GoldenLevels compiles the golden tests' RUN lines that leave the
// optimisation level to the default (-O3) again at -O0 and with -fcgl,
// with -Vd (the module is wanted even when the built-in validator would
// refuse it: the validator's tests judge it), once per test process. Their
// names end in " -O0" or " -fcgl".
func GoldenLevels(tb testing.TB) []Module {
	tb.Helper()
	cli := CLI(tb)
	root := Root(tb)
	levelsOnce.Do(func() {
		for _, level := range []string{"-O0", "-fcgl"} {
			mods, err := compileGolden(cli, filepath.Join(root, "test", "golden"), level)
			if err != nil {
				levelsErr = err
				return
			}
			levelsMods = append(levelsMods, mods...)
		}
	})
	if levelsErr != nil {
		tb.Fatal(levelsErr)
	}
	return levelsMods
}

// compileGolden compiles the RUN lines of the golden tests in dir; with a
// level (-O0, -fcgl), only those choosing none, at that level and -Vd.
func compileGolden(cli, dir, level string) ([]Module, error) {
	files, err := golden.Files(dir, []string{".hlsl"})
	if err != nil {
		return nil, err
	}
	type job struct {
		file, name string
		args       []string
	}
	var jobs []job
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			return nil, err
		}
		if xfail, unsupported := golden.Markers(src); xfail != "" || unsupported != "" {
			continue
		}
		rel, _ := filepath.Rel(dir, f)
		for _, rl := range golden.RunLines(src) {
			tl, args, expectFail, err := golden.ParseRunLine(rl.Command, f)
			if err != nil || expectFail || tl != "%hlsl2spirv" || !producesModule(args) {
				continue
			}
			name := rel + ":" + strconv.Itoa(rl.Line)
			if level != "" {
				if choosesLevel(args) {
					continue
				}
				args = append(slices.Clip(args), level, "-Vd")
				name += " " + level
			}
			jobs = append(jobs, job{f, name, args})
		}
	}
	tmp, err := os.MkdirTemp("", "hlsl2spirv-golden-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(tmp)
	results := make([]*Module, len(jobs))
	var wg sync.WaitGroup
	next := make(chan int)
	for w := 0; w < runtime.NumCPU(); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				j := jobs[i]
				spvFile := filepath.Join(tmp, strconv.Itoa(i)+".spv")
				var cargs []string
				for _, a := range j.args {
					if a == "%s" {
						a = j.file
					}
					cargs = append(cargs, a)
				}
				cmd := exec.Command(cli, append(cargs, "-Fo", spvFile)...)
				cmd.Dir = filepath.Dir(j.file)
				if err := cmd.Run(); err != nil {
					continue // an error test without "not" (FileCheck of a warning...)
				}
				data, err := os.ReadFile(spvFile)
				if err != nil {
					continue
				}
				env, opts := golden.ValidatorOptions(j.args)
				results[i] = &Module{Name: j.name, Words: words(data), Env: env, ValOptions: opts,
					CodeGenOnly: contains(j.args, "-fcgl"), Args: j.args}
			}
		}()
	}
	for i := range jobs {
		next <- i
	}
	close(next)
	wg.Wait()
	var mods []Module
	for _, m := range results {
		if m != nil {
			mods = append(mods, *m)
		}
	}
	return mods, nil
}

// choosesLevel reports whether compiler arguments set the optimisation
// level or skip validation.
func choosesLevel(args []string) bool {
	for _, a := range args {
		if a == "-fcgl" || a == "-Od" || a == "-Vd" || a == "-opt" || strings.HasPrefix(a, "-O") {
			return true
		}
	}
	return false
}

func producesModule(args []string) bool {
	for _, a := range args {
		switch a {
		case "-P", "-fsyntax-only", "-ast-dump", "-dumpbin", "-M", "-MD":
			return false
		}
	}
	return true
}

// Fixtures returns the modules of test/corpus/spirv that Load accepts:
// the .spvasm files assembled in Go (marked Unchecked: they need not be
// valid), and the GLSL and HLSL files compiled by glslangValidator
// (skipped when it is not installed, outside CI).
func Fixtures(tb testing.TB) []Module {
	tb.Helper()
	dir := filepath.Join(Root(tb), "test", "corpus", "spirv")
	entries, err := os.ReadDir(dir)
	if err != nil {
		tb.Fatal(err)
	}
	var mods []Module
	glslang := ""
	for _, e := range entries {
		name := e.Name()
		path := filepath.Join(dir, name)
		src, err := os.ReadFile(path)
		if err != nil {
			tb.Fatal(err)
		}
		switch ext := filepath.Ext(name); ext {
		case ".spvasm":
			opts := asm.Options{Version: spv.Version1_6}
			flags := directive(src, "; as:")
			for i, f := range flags {
				switch f {
				case "--preserve-numeric-ids":
					opts.PreserveNumericIDs = true
				case "--target-env":
					if i+1 < len(flags) {
						opts.Version = versionOfEnv(flags[i+1])
					}
				}
			}
			w, err := asm.Assemble(string(src), opts)
			if err != nil {
				tb.Fatalf("%s: %v", name, err)
			}
			if _, err := builder.Load(w); err != nil {
				continue // disassembler fixtures need not be valid modules
			}
			mods = append(mods, Module{Name: name, Words: w, Env: "universal1.6", Unchecked: true})
		case ".md":
		default:
			if glslang == "" {
				if glslang = tool.Lookup(tool.Glslang); glslang == "" {
					if tool.InCI() {
						tb.Fatal("glslangValidator is missing (apt-get install glslang-tools)")
					}
					continue
				}
			}
			args := []string{"-V", "-o", filepath.Join(tb.TempDir(), "out.spv")}
			if ext == ".hlsl" {
				args = append(args, "-D")
			}
			args = append(args, directive(src, "// glslang:")...)
			args = append(args, path)
			if _, _, err := tool.Run(glslang, nil, args...); err != nil {
				continue
			}
			data, err := os.ReadFile(args[2])
			if err != nil {
				continue
			}
			w := words(data)
			mods = append(mods, Module{Name: name, Words: w, Env: EnvOf(w)})
		}
	}
	return mods
}

func directive(src []byte, prefix string) []string {
	for _, line := range strings.Split(string(src), "\n") {
		if rest, ok := strings.CutPrefix(strings.TrimSpace(line), prefix); ok {
			return strings.Fields(rest)
		}
	}
	return nil
}

func versionOfEnv(env string) spv.Version {
	switch env {
	case "spv1.1":
		return spv.Version1_1
	case "spv1.2":
		return spv.Version1_2
	case "spv1.3", "vulkan1.1":
		return spv.Version1_3
	case "spv1.4", "vulkan1.1spv1.4":
		return spv.Version1_4
	case "spv1.5", "vulkan1.2":
		return spv.Version1_5
	case "spv1.6", "vulkan1.3":
		return spv.Version1_6
	}
	return spv.Version1_0
}

func words(b []byte) []uint32 {
	w := make([]uint32, len(b)/4)
	binary.Read(bytes.NewReader(b), binary.LittleEndian, w)
	return w
}

func contains(s []string, x string) bool {
	for _, y := range s {
		if y == x {
			return true
		}
	}
	return false
}

// EnvOf returns the Vulkan target environment matching a module's SPIR-V
// version (spirv-val --target-env).
func EnvOf(words []uint32) string {
	if len(words) < 2 {
		return "vulkan1.0"
	}
	switch spv.Version(words[1]) {
	case spv.Version1_1, spv.Version1_2, spv.Version1_3:
		return "vulkan1.1"
	case spv.Version1_4:
		return "vulkan1.1spv1.4"
	case spv.Version1_5:
		return "vulkan1.2"
	case spv.Version1_6:
		return "vulkan1.3"
	}
	return "vulkan1.0"
}
