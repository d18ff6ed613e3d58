package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"runtime"
	"runtime/debug"
	"strings"

	"github.com/hlsl2spirv/hlsl2spirv/frontend"
)

// A batch runs many compile jobs in one process (hlsl2spirv -batch
// jobs.txt): the jobs file holds one dxc-style command line a line,
// arguments split as in response files; blank lines and lines starting
// with '#' are skipped. The jobs run on every core at once through one
// frontend.Compiler, so the parser's prediction state is built once per
// core instead of once per shader, and process start is paid once.
//
// Each job behaves as `hlsl2spirv <its line>` would: its outputs go where
// its -Fo/-Fc/-Fh/-Fw/-MF say, and what it would print goes to stdout and
// stderr, in the order of the jobs file whatever order they finish in, its
// stderr lines prefixed with "[jobs.txt:LINE] ". A job that fails — even
// by a compiler bug — fails alone; the batch exits 1 when any job failed.

// batchJob is one line of a jobs file.
type batchJob struct {
	line int
	args []string
	err  error // the line could not be split into arguments
}

// jobResult is what a finished job printed and its exit status.
type jobResult struct {
	code           int
	stdout, stderr []byte
}

func runBatch(name string, process bool, stdout, stderr io.Writer) int {
	var text []byte
	var err error
	label := name
	if name == "-" {
		text, err = io.ReadAll(os.Stdin)
		label = "<stdin>"
	} else {
		text, err = readFile(name)
	}
	if err != nil {
		fmt.Fprintf(stderr, "hlsl2spirv: error: reading the jobs file: %v\n", err)
		return 1
	}
	if process {
		// The batch's heap in huge pages too, set up while the one-shot
		// settings still keep the collector off (hugeheap_linux.go).
		adviseHugeHeap()
	}
	tuneGCForBatch() // gc.go

	comp := frontend.NewCompiler()
	return runJobs(label, parseJobs(string(text)), func(args []string, stdout, stderr io.Writer) int {
		return runWith(session{comp: comp, stdin: noStdin{}, batchJob: true}, args, stdout, stderr)
	}, stdout, stderr)
}

// runJobs runs jobs with run on every core, printing each job's output in
// job order; label names the jobs file in the prefixes.
func runJobs(label string, jobs []batchJob, run func(args []string, stdout, stderr io.Writer) int, stdout, stderr io.Writer) int {
	// Workers hand finished jobs to this goroutine, which prints each job's
	// output as soon as every job before it has printed.
	type finished struct {
		i   int
		res *jobResult
	}
	done := make(chan finished, len(jobs))
	next := make(chan int, len(jobs))
	for i := range jobs {
		next <- i
	}
	close(next)
	workers := min(runtime.GOMAXPROCS(0), len(jobs))
	for w := 0; w < workers; w++ {
		go func() {
			for i := range next {
				done <- finished{i, runJob(jobs[i], run)}
			}
		}()
	}
	results := make([]*jobResult, len(jobs))
	failed, printed := 0, 0
	for range jobs {
		f := <-done
		results[f.i] = f.res
		for printed < len(jobs) && results[printed] != nil {
			r := results[printed]
			stdout.Write(r.stdout)
			writePrefixed(stderr, fmt.Sprintf("[%s:%d] ", label, jobs[printed].line), r.stderr)
			if r.code != 0 {
				failed++
			}
			results[printed] = nil // let its output be collected
			printed++
		}
	}
	if failed > 0 {
		fmt.Fprintf(stderr, "hlsl2spirv: %d of %d jobs failed\n", failed, len(jobs))
		return 1
	}
	return 0
}

// parseJobs splits a jobs file into jobs.
func parseJobs(text string) []batchJob {
	var jobs []batchJob
	for i, line := range strings.Split(text, "\n") {
		line = strings.TrimSpace(line)
		if line == "" || line[0] == '#' {
			continue
		}
		args, err := splitCommandLine(line) // respfile.go
		jobs = append(jobs, batchJob{line: i + 1, args: args, err: err})
	}
	return jobs
}

// errNoStdin is what a job reading its input from stdin gets: the jobs
// share the process's stdin (it may hold the jobs file itself).
var errNoStdin = errors.New("standard input is not available to batch jobs")

type noStdin struct{}

func (noStdin) Read([]byte) (int, error) { return 0, errNoStdin }

// runJob runs one job with its output captured. A panic (a bug in the
// command itself; the compiler's own stages report theirs as diagnostics)
// fails this job alone.
func runJob(j batchJob, run func(args []string, stdout, stderr io.Writer) int) (res *jobResult) {
	var stdout jobOutput
	var stderr bytes.Buffer
	res = &jobResult{code: 1}
	defer func() {
		if v := recover(); v != nil {
			fmt.Fprintf(&stderr, "hlsl2spirv: internal error: %v\n%s", v, debug.Stack())
			res.code = 1
		}
		res.stdout, res.stderr = stdout.Bytes(), stderr.Bytes()
	}()
	if j.err != nil {
		fmt.Fprintf(&stderr, "hlsl2spirv: error: %v\n", j.err)
		return res
	}
	res.code = run(j.args, &stdout, &stderr)
	return res
}

// jobOutput is a batch job's captured standard output.
type jobOutput struct{ bytes.Buffer }

// take appends text, which the caller gives up (emitText): the first
// output of a job, most often all of it (its disassembly), is kept as it
// is instead of copied into the buffer.
func (o *jobOutput) take(text []byte) {
	if o.Len() == 0 {
		o.Buffer = *bytes.NewBuffer(text)
		return
	}
	o.Write(text)
}

// writePrefixed writes text to w with prefix before every line.
func writePrefixed(w io.Writer, prefix string, text []byte) {
	if len(text) == 0 {
		return
	}
	var b bytes.Buffer
	for len(text) > 0 {
		line := text
		if i := bytes.IndexByte(text, '\n'); i >= 0 {
			line = text[:i+1]
		}
		b.WriteString(prefix)
		b.Write(line)
		if line[len(line)-1] != '\n' {
			b.WriteByte('\n')
		}
		text = text[len(line):]
	}
	w.Write(b.Bytes())
}
