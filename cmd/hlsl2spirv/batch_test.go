package main

import (
	"bytes"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/hlsl2spirv/hlsl2spirv/frontend"
	"github.com/hlsl2spirv/hlsl2spirv/test/bench"
	"github.com/hlsl2spirv/hlsl2spirv/test/golden"
)

// Every job of a batch does what the same command line does alone: the
// modules are byte for byte the same; output printed to stdout comes in
// job order; a failing job's diagnostics carry its line's prefix and fail
// the batch, and nothing else.
func TestBatch(t *testing.T) {
	dir := t.TempDir()
	shaders, err := bench.Corpus()
	if err != nil {
		t.Fatal(err)
	}
	writeFiles(t, dir, map[string]string{
		"bad.hlsl": "float4 main() : SV_Target {\n  return undeclared;\n}\n",
		"two.hlsl": "float4 first() : SV_Target { return 1; }\nfloat4 second() : SV_Target { return 2; }\n",
	})
	var jobs strings.Builder
	jobs.WriteString("# the corpus, one module each\n\n")
	var lines [][]string
	for _, s := range shaders {
		lines = append(lines, []string{"-T", s.Profile, "-E", s.Entry, "-Fo", filepath.Join(dir, s.Name+".spv"), s.Path})
	}
	lines = append(lines,
		[]string{"-T", "ps_6_0", "-E", "first", filepath.Join(dir, "two.hlsl")},
		[]string{"-T", "ps_6_0", "-E", "main", filepath.Join(dir, "bad.hlsl")},
		[]string{"-T", "ps_6_0", "-E", "second", filepath.Join(dir, "two.hlsl")},
	)
	for _, l := range lines {
		jobs.WriteString(strings.Join(l, " ") + "\n")
	}
	jobs.WriteString("-T ps_6_0 'unterminated\n")
	jobsFile := filepath.Join(dir, "jobs.txt")
	writeFiles(t, dir, map[string]string{"jobs.txt": jobs.String()})

	var stdout, stderr bytes.Buffer
	if code := run([]string{"-batch", jobsFile}, &stdout, &stderr); code != 1 {
		t.Errorf("exit %d, want 1 (two jobs fail)", code)
	}
	for _, s := range shaders {
		got, err := os.ReadFile(filepath.Join(dir, s.Name+".spv"))
		var o, e bytes.Buffer
		alone := filepath.Join(dir, s.Name+".alone.spv")
		if code := run([]string{"-T", s.Profile, "-E", s.Entry, "-Fo", alone, s.Path}, &o, &e); code != 0 {
			t.Fatalf("%s alone: %s", s.Name, e.String())
		}
		want, _ := os.ReadFile(alone)
		if err != nil || !bytes.Equal(got, want) {
			t.Errorf("%s: the batch's module differs from a single compile's (%v)", s.Name, err)
		}
	}
	out := stdout.String()
	first, second := strings.Index(out, "OpEntryPoint Fragment %first"), strings.Index(out, "OpEntryPoint Fragment %second")
	if first < 0 || second < 0 || first > second {
		t.Errorf("stdout should hold both disassemblies in job order:\n%s", out)
	}
	badLine := len(shaders) + 4 // after the comment, the blank line, the corpus and "first"
	errs := stderr.String()
	for _, want := range []string{
		fmt.Sprintf("[%s:%d] %s:2:10: error: use of undeclared identifier 'undeclared'\n", jobsFile, badLine, filepath.Join(dir, "bad.hlsl")),
		fmt.Sprintf("[%s:%d]   return undeclared;\n", jobsFile, badLine),
		fmt.Sprintf("[%s:%d] hlsl2spirv: error: unterminated ' quote\n", jobsFile, badLine+2),
		fmt.Sprintf("hlsl2spirv: 2 of %d jobs failed\n", len(lines)+1),
	} {
		if !strings.Contains(errs, want) {
			t.Errorf("stderr lacks %q:\n%s", want, errs)
		}
	}
	for _, line := range strings.Split(strings.TrimSpace(errs), "\n") {
		if !strings.HasPrefix(line, "[") && !strings.HasPrefix(line, "hlsl2spirv: 2 of") {
			t.Errorf("stderr line without a job prefix: %q", line)
		}
	}
}

// The jobs may come from stdin; jobs themselves cannot read stdin or run
// batches, and -batch takes nothing else.
func TestBatchFromStdin(t *testing.T) {
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{"a.hlsl": "float4 main() : SV_Target { return 1; }\n"})
	jobs := fmt.Sprintf("-T ps_6_0 -Fo %s %s\n-T ps_6_0 -\n-batch x.txt\n", filepath.Join(dir, "a.spv"), filepath.Join(dir, "a.hlsl"))
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	go func() { io.WriteString(w, jobs); w.Close() }()
	saved := os.Stdin
	os.Stdin = r
	defer func() { os.Stdin = saved }()
	var stdout, stderr bytes.Buffer
	code := run([]string{"-batch", "-"}, &stdout, &stderr)
	if _, err := os.Stat(filepath.Join(dir, "a.spv")); err != nil || code != 1 {
		t.Errorf("exit %d, module: %v", code, err)
	}
	for _, want := range []string{"[<stdin>:2] hlsl2spirv: error: standard input is not available to batch jobs",
		"[<stdin>:3] hlsl2spirv: error: a batch job cannot run a batch"} {
		if !strings.Contains(stderr.String(), want) {
			t.Errorf("stderr lacks %q:\n%s", want, stderr.String())
		}
	}
	stderr.Reset()
	if code := run([]string{"-batch", "jobs.txt", "-O0"}, &stdout, &stderr); code == 0 || !strings.Contains(stderr.String(), "-batch takes a jobs file and no other arguments") {
		t.Errorf("-batch with options: exit %d, %q", code, stderr.String())
	}
}

// A job that panics fails alone: the jobs before and after it, running at
// the same time on other cores, complete.
func TestBatchPanicStaysInItsJob(t *testing.T) {
	jobs := parseJobs("a\nboom\nb\nc\nboom\nd\n")
	var stdout, stderr bytes.Buffer
	code := runJobs("jobs.txt", jobs, func(args []string, stdout, stderr io.Writer) int {
		if args[0] == "boom" {
			panic("job exploded")
		}
		time.Sleep(time.Millisecond)
		fmt.Fprintf(stdout, "%s done\n", args[0])
		return 0
	}, &stdout, &stderr)
	if code != 1 || stdout.String() != "a done\nb done\nc done\nd done\n" {
		t.Errorf("exit %d, stdout %q", code, stdout.String())
	}
	if e := stderr.String(); !strings.Contains(e, "[jobs.txt:2] hlsl2spirv: internal error: job exploded") ||
		!strings.Contains(e, "[jobs.txt:5] hlsl2spirv: internal error: job exploded") || !strings.Contains(e, "2 of 6 jobs failed") {
		t.Errorf("stderr:\n%s", e)
	}
}

// buildCommand builds hlsl2spirv into dir.
func buildCommand(tb testing.TB, dir string) string {
	tb.Helper()
	bin := filepath.Join(dir, "hlsl2spirv")
	// as make build builds it: static, so that a process start does not
	// pay the dynamic loader
	cmd := exec.Command("go", "build", "-tags", "antlr.nomutex", "-trimpath", "-o", bin, ".")
	cmd.Env = append(os.Environ(), "CGO_ENABLED=0")
	if out, err := cmd.CombinedOutput(); err != nil {
		tb.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}

// maxRSS runs a command and returns its peak resident set in KiB.
func maxRSS(tb testing.TB, name string, args ...string) int64 {
	tb.Helper()
	cmd := exec.Command(name, args...)
	if out, err := cmd.CombinedOutput(); err != nil {
		tb.Fatalf("%s: %v\n%s", name, err, out)
	}
	return cmd.ProcessState.SysUsage().(*syscall.Rusage).Maxrss
}

// A long batch runs in steady memory: the peak resident set of a batch of
// 1,000 compiles is that of a batch of 100 (no state grows with the jobs).
// Every tenth job compiles a corpus shader, the others an example.
func TestBatchMemorySteady(t *testing.T) {
	if testing.Short() {
		t.Skip("compiles 1,100 shaders")
	}
	dir := t.TempDir()
	bin := buildCommand(t, dir)
	shaders, err := bench.Corpus()
	if err != nil {
		t.Fatal(err)
	}
	examples := [][2]string{{"pixel.hlsl", "ps_6_0"}, {"vertex.hlsl", "vs_6_0"}, {"compute.hlsl", "cs_6_0"}}
	jobsOf := func(n int) string {
		var b strings.Builder
		for i := 0; i < n; i++ {
			out := filepath.Join(dir, fmt.Sprintf("%d.spv", i%16))
			if i%10 == 0 {
				s := shaders[(i/10)%len(shaders)]
				fmt.Fprintf(&b, "-T %s -E %s -Fo %s %s\n", s.Profile, s.Entry, out, s.Path)
				continue
			}
			ex := examples[i%len(examples)]
			fmt.Fprintf(&b, "-T %s -E main -Fo %s %s\n", ex[1], out, filepath.Join("../../test/examples", ex[0]))
		}
		return b.String()
	}
	writeFiles(t, dir, map[string]string{"100.txt": jobsOf(100), "1000.txt": jobsOf(1000)})
	small := maxRSS(t, bin, "-batch", filepath.Join(dir, "100.txt"))
	large := maxRSS(t, bin, "-batch", filepath.Join(dir, "1000.txt"))
	t.Logf("peak RSS: %d KiB for 100 jobs, %d KiB for 1,000 jobs", small, large)
	if large > small*5/4+4096 {
		t.Errorf("peak RSS grew from %d KiB (100 jobs) to %d KiB (1,000 jobs)", small, large)
	}
}

// A 5,000-line shader compiles in less than 64 MiB.
func TestBigShaderPeakMemory(t *testing.T) {
	if testing.Short() {
		t.Skip("compiles a 5,000-line shader")
	}
	dir := t.TempDir()
	bin := buildCommand(t, dir)
	src, err := bench.Big(5000)
	if err != nil {
		t.Fatal(err)
	}
	writeFiles(t, dir, map[string]string{"big.hlsl": string(src)})
	rss := maxRSS(t, bin, "-T", "ps_6_0", "-E", "main", "-Fo", filepath.Join(dir, "big.spv"), filepath.Join(dir, "big.hlsl"))
	t.Logf("peak RSS compiling 5,000 lines: %d KiB", rss)
	if rss >= 64<<10 {
		t.Errorf("peak RSS %d KiB, want under 64 MiB", rss)
	}
}

// goldenJobs are the command lines of every golden test's RUN lines (that
// run hlsl2spirv) and of the examples, with the output to stdout.
func goldenJobs(tb testing.TB) [][]string {
	tb.Helper()
	files, err := golden.Files("../../test/golden", []string{".hlsl"})
	if err != nil {
		tb.Fatal(err)
	}
	var jobs [][]string
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			tb.Fatal(err)
		}
		invs, err := golden.Commands(f, src)
		if err != nil {
			tb.Fatal(err)
		}
		for _, inv := range invs {
			if inv.Tool == "%hlsl2spirv" || inv.Tool == "%dxc" {
				jobs = append(jobs, inv.Args)
			}
		}
	}
	for _, ex := range []struct{ file, profile string }{{"pixel.hlsl", "ps_6_0"}, {"vertex.hlsl", "vs_6_0"}, {"compute.hlsl", "cs_6_0"}} {
		jobs = append(jobs, []string{"-T", ex.profile, "-E", "main", filepath.Join("../../test/examples", ex.file)})
	}
	return jobs
}

// A job run warm prints what the same command line prints in a fresh
// process: the golden tests' command lines (616, errors and warnings among
// them) run on one Compiler on two goroutines, as -batch runs them, where
// each compile starts from what the ones before left (the parser's kept
// tree memory, the predefined macros kept by text, the preprocessor's
// spare token blocks), and each is compared with its own process's output.
func TestWarmJobsMatchFreshProcesses(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a process per golden job")
	}
	bin := buildCommand(t, t.TempDir())
	jobs := goldenJobs(t)
	comp := frontend.NewCompiler()
	warm := make([]*jobResult, len(jobs))
	fresh := make([]*jobResult, len(jobs))
	var wg sync.WaitGroup
	for w := 0; w < 2; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := w; i < len(jobs); i += 2 {
				warm[i] = runJob(batchJob{args: jobs[i]}, func(args []string, stdout, stderr io.Writer) int {
					return runWith(session{comp: comp, stdin: noStdin{}, batchJob: true}, args, stdout, stderr)
				})
				cmd := exec.Command(bin, jobs[i]...)
				var o, e bytes.Buffer
				cmd.Stdout, cmd.Stderr = &o, &e
				cmd.Run()
				fresh[i] = &jobResult{code: cmd.ProcessState.ExitCode(), stdout: o.Bytes(), stderr: e.Bytes()}
			}
		}()
	}
	wg.Wait()
	differ := 0
	for i, j := range jobs {
		w, f := warm[i], fresh[i]
		if w.code != f.code || !bytes.Equal(w.stdout, f.stdout) || !bytes.Equal(w.stderr, f.stderr) {
			if differ++; differ <= 5 {
				t.Errorf("%q: warm job (exit %d) differs from its process (exit %d):\nwarm stderr:\n%s\nprocess stderr:\n%s", j, w.code, f.code, w.stderr, f.stderr)
			}
		}
	}
	if differ > 0 {
		t.Errorf("%d of %d jobs differ", differ, len(jobs))
	}
}

// keepJobs names a file to which BenchmarkGoldenBatch copies its jobs
// file, to run or profile the same batch by hand (paths in it are
// relative to this directory).
var keepJobs = flag.String("golden-jobs", "", "BenchmarkGoldenBatch: also write the jobs file here")

// BenchmarkGoldenBatch compiles every golden test's shader with its RUN
// lines' flags, plus the examples: "batch" is one hlsl2spirv -batch
// process; "processes" one process per compile, one after another, as a
// build script runs dxc; "processes-parallel" one per compile, as many at
// a time as there are cores (make -j). Run with -benchtime 1x. Besides
// the wall time (ns/op) it reports the CPU time the processes spent
// (cpu-ms/op, user and system), which a loaded machine disturbs less.
func BenchmarkGoldenBatch(b *testing.B) {
	dir := b.TempDir()
	bin := buildCommand(b, dir)
	jobs := goldenJobs(b)
	var list strings.Builder
	for _, j := range jobs {
		for i, a := range j {
			if i > 0 {
				list.WriteByte(' ')
			}
			list.WriteString("'" + strings.ReplaceAll(a, "'", `'\''`) + "'")
		}
		list.WriteByte('\n')
	}
	jobsFile := filepath.Join(dir, "jobs.txt")
	if err := os.WriteFile(jobsFile, []byte(list.String()), 0o644); err != nil {
		b.Fatal(err)
	}
	if *keepJobs != "" {
		if err := os.WriteFile(*keepJobs, []byte(list.String()), 0o644); err != nil {
			b.Fatal(err)
		}
	}
	var cpu atomic.Int64 // nanoseconds of user and system time
	runCmd := func(args ...string) {
		cmd := exec.Command(bin, args...)
		cmd.Stdout, cmd.Stderr = io.Discard, io.Discard
		cmd.Run() // some RUN lines expect a failure
		if st := cmd.ProcessState; st != nil {
			cpu.Add(int64(st.UserTime() + st.SystemTime()))
		}
	}
	report := func(b *testing.B) {
		b.ReportMetric(float64(len(jobs)), "jobs")
		b.ReportMetric(float64(cpu.Load())/1e6/float64(b.N), "cpu-ms/op")
	}
	b.Run("batch", func(b *testing.B) {
		cpu.Store(0)
		for i := 0; i < b.N; i++ {
			runCmd("-batch", jobsFile)
		}
		report(b)
	})
	b.Run("processes", func(b *testing.B) {
		cpu.Store(0)
		for i := 0; i < b.N; i++ {
			for _, j := range jobs {
				runCmd(j...)
			}
		}
		report(b)
	})
	b.Run("processes-parallel", func(b *testing.B) {
		cpu.Store(0)
		for i := 0; i < b.N; i++ {
			next := make(chan []string)
			done := make(chan bool)
			for w := 0; w < runtime.GOMAXPROCS(0); w++ {
				go func() {
					for j := range next {
						runCmd(j...)
					}
					done <- true
				}()
			}
			for _, j := range jobs {
				next <- j
			}
			close(next)
			for w := 0; w < runtime.GOMAXPROCS(0); w++ {
				<-done
			}
		}
		report(b)
	})
}
