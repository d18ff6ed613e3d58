package main

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"

	"github.com/hlsl2spirv/hlsl2spirv/frontend"
	"github.com/hlsl2spirv/hlsl2spirv/test/golden"
	"github.com/hlsl2spirv/hlsl2spirv/test/tool"
)

// goldenCompile is one golden RUN line's compile: its arguments (with %s
// replaced by the file) and the options they parse to.
type goldenCompile struct {
	file string
	args []string
	cli  *cli
	src  []byte
}

// goldenCompiles lists the compiles of every golden RUN line that runs
// hlsl2spirv on the file itself (not -P, -dumpbin or the front end alone).
func goldenCompiles(t *testing.T) []goldenCompile {
	files, err := golden.Files("../../test/golden", []string{".hlsl"})
	if err != nil {
		t.Fatal(err)
	}
	var out []goldenCompile
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, rl := range golden.RunLines(src) {
			cmd, _, _ := strings.Cut(rl.Command, "|")
			fields := strings.Fields(cmd)
			if len(fields) > 0 && fields[0] == "not" {
				fields = fields[1:]
			}
			if len(fields) == 0 || fields[0] != "%hlsl2spirv" {
				continue
			}
			var args []string
			ok := true
			for _, a := range fields[1:] {
				switch {
				case a == "%s":
					a = f
				case strings.HasPrefix(a, "2>") || strings.HasPrefix(a, ">") || strings.Contains(a, "%t") || strings.Contains(a, "%T"):
					ok = false
				}
				args = append(args, a)
			}
			c, err := parseCommandLine(args)
			if !ok || err != nil || c.preprocess || c.dumpbin || c.astDump || c.syntaxOnly || c.optInput || len(c.unsupported) > 0 || c.opts.Normalize() != nil {
				continue
			}
			out = append(out, goldenCompile{file: f, args: args, cli: c, src: src})
		}
	}
	if len(out) < 100 {
		t.Fatalf("only %d golden compiles found", len(out))
	}
	return out
}

// compileOutput is a compile's module and diagnostics, rendered.
func compileOutput(gc goldenCompile) string {
	res, err := frontend.Compile(gc.cli.opts, gc.file, gc.src)
	if err != nil {
		return "error: " + err.Error()
	}
	var b strings.Builder
	res.Diags.Render(&b)
	fmt.Fprintf(&b, "%x", res.SPIRV)
	return b.String()
}

// TestConcurrentCompile compiles every golden test's RUN lines on several
// goroutines at once through frontend.Compile and requires each output to
// equal the sequential one. CI runs it under -race (make test): the
// compiler keeps no unsynchronized shared state.
func TestConcurrentCompile(t *testing.T) {
	all := goldenCompiles(t)
	if testing.Short() || raceEnabled {
		// under the race detector a compile is ~10x slower: every
		// fourth RUN line still covers each stage
		var some []goldenCompile
		for i := 0; i < len(all); i += 4 {
			some = append(some, all[i])
		}
		all = some
	}
	want := make([]string, len(all))
	for i, gc := range all {
		want[i] = compileOutput(gc)
	}
	workers := max(4, runtime.GOMAXPROCS(0))
	var wg sync.WaitGroup
	next := make(chan int)
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				if got := compileOutput(all[i]); got != want[i] {
					t.Errorf("%s %s: a concurrent compile differs from the sequential one", all[i].file, strings.Join(all[i].args, " "))
				}
			}
		}()
	}
	// every compile twice, interleaved, so that the same inputs meet
	for r := 0; r < 2; r++ {
		for i := range all {
			next <- (i + r*len(all)/2) % len(all)
		}
	}
	close(next)
	wg.Wait()
}

// TestDeterminism386 builds the command for GOARCH=386 and for this
// machine and requires byte-identical output (modules and diagnostics) on
// every golden RUN line: no map order, pointer value or word size may leak
// into the output. 386 binaries run on amd64 Linux.
func TestDeterminism386(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the command twice")
	}
	goBin := filepath.Join(runtime.GOROOT(), "bin", "go")
	if _, err := os.Stat(goBin); err != nil {
		tool.Missing(t, "no go command to build a 386 binary")
	}
	dir := t.TempDir()
	build := func(goarch string) string {
		bin := filepath.Join(dir, "hlsl2spirv-"+goarch)
		cmd := exec.Command(goBin, "build", "-tags", "antlr.nomutex", "-trimpath", "-o", bin, ".")
		cmd.Env = append(os.Environ(), "GOARCH="+goarch, "CGO_ENABLED=0")
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("GOARCH=%s go build: %v\n%s", goarch, err, out)
		}
		return bin
	}
	native, x86 := build(runtime.GOARCH), build("386")
	if err := exec.Command(x86, "--version").Run(); err != nil {
		tool.Missing(t, "this machine cannot run 386 binaries: "+err.Error())
	}
	all := goldenCompiles(t)
	// Debug information records the command line: each binary runs in
	// its own folder with the same relative -Fo and absolute inputs.
	run := func(bin string, gc goldenCompile, i int) (string, []byte) {
		wd := filepath.Join(dir, "out-"+filepath.Base(bin))
		os.MkdirAll(wd, 0o755)
		var args []string
		for _, a := range gc.args {
			if a == gc.file {
				a, _ = filepath.Abs(a)
			}
			args = append(args, a)
		}
		out := fmt.Sprintf("%d.spv", i)
		cmd := exec.Command(bin, append(args, "-Fo", out)...)
		cmd.Dir = wd
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		cmd.Run()
		module, _ := os.ReadFile(filepath.Join(wd, out))
		return stderr.String(), module
	}
	var wg sync.WaitGroup
	sem := make(chan struct{}, runtime.GOMAXPROCS(0))
	for i, gc := range all {
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer func() { <-sem; wg.Done() }()
			d1, m1 := run(native, gc, i)
			d2, m2 := run(x86, gc, i)
			if d1 != d2 || !bytes.Equal(m1, m2) {
				t.Errorf("%s %s: the 386 build's output differs (module %d vs %d bytes)\n--- %s:\n%s--- 386:\n%s",
					gc.file, strings.Join(gc.args, " "), len(m1), len(m2), runtime.GOARCH, d1, d2)
			}
		}()
	}
	wg.Wait()
}
