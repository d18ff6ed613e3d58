package frontend

import (
	"runtime"
	"runtime/debug"
	"sync/atomic"

	"github.com/hlsl2spirv/hlsl2spirv/frontend/ast"
	"github.com/hlsl2spirv/hlsl2spirv/frontend/diag"
	"github.com/hlsl2spirv/hlsl2spirv/sema"
)

// semaPipe runs semantic analysis on a goroutine of its own while the
// parser makes the next declarations: it is the parse.DeclSink the driver
// gives the parser, and a sema.Checker takes the declarations in order.
// The result is exactly sequential parse-then-Check's: the checker reports
// into a list of its own, appended to the compilation's only when the
// parse succeeded (finish); when the parse fails, or its fast pass does
// and the file is parsed again (Drop), the checker is stopped and what it
// found is dropped.
type semaPipe struct {
	fs    *diag.FileSet
	opts  diag.Options
	cfg   sema.Config
	nodes int // the expected number of nodes, to size sema's tables
	run   *semaRun
}

// A semaRun is the checking of one file on its goroutine.
type semaRun struct {
	file *ast.File
	// batches carries the declarations, a batch of about batchNodes nodes
	// at a time: waking the checker per declaration would cost more than
	// the overlap gains on small ones. Closing it says the parse is over.
	batches chan []pipedDecl
	pending []pipedDecl
	sentIDs int32 // the nodes numbered when the last batch was sent
	stopped atomic.Bool
	done    chan struct{}

	// Written by the goroutine, read after done:
	diags *diag.List
	info  *sema.Info
	ice   *diag.Diagnostic // a panic outside the checker's own recovery
}

// checkDecl checks a declaration on the checker's goroutine (a variable
// for the test of a panic there).
var checkDecl = (*sema.Checker).Decl

// A pipedDecl is a declaration for the checker, or pragmas (decl nil) to
// give it before the declarations after them.
type pipedDecl struct {
	decl    ast.Decl
	ids     int32
	pragmas []ast.Pragma
}

// Variables for the tests, which compare both ways and hand over every
// declaration on its own:
var (
	// pipelineMinTokens is the smallest file worth a second goroutine:
	// on the 183-line pbr_forward (1,559 tokens) the pipeline gained
	// nothing in a cold process and cost a millisecond of CPU, on the
	// 5,000-line shader (61,000 tokens) it took 10 ms off the cold front
	// end. A file under four batches' worth barely overlaps.
	pipelineMinTokens = 4000
	// batchNodes is how many nodes of declarations go to the checker at
	// once.
	batchNodes int32 = 1024
)

// newSemaPipe returns a semaPipe for a file of tokens tokens, or nil when
// pipelining would not pay: a small file, or a single processor.
func newSemaPipe(fs *diag.FileSet, opts diag.Options, cfg sema.Config, tokens int) *semaPipe {
	if tokens < pipelineMinTokens || runtime.GOMAXPROCS(0) < 2 {
		return nil
	}
	// A file has somewhat fewer nodes than tokens.
	return &semaPipe{fs: fs, opts: opts, cfg: cfg, nodes: tokens}
}

// Begin starts checking f on a new goroutine.
func (sp *semaPipe) Begin(f *ast.File) {
	sp.stop()
	run := &semaRun{file: f, batches: make(chan []pipedDecl, 64), done: make(chan struct{}),
		diags: diag.NewList(sp.fs, sp.opts)}
	sp.run = run
	if len(f.Pragmas) > 0 {
		run.pending = append(run.pending, pipedDecl{pragmas: f.Pragmas})
	}
	go run.check(sp.fs, sp.cfg, sp.nodes)
}

// Pragmas queues pragmas for the checker.
func (sp *semaPipe) Pragmas(p []ast.Pragma) {
	sp.run.pending = append(sp.run.pending, pipedDecl{pragmas: p})
}

// Decl queues d for the checker.
func (sp *semaPipe) Decl(d ast.Decl, ids int32) {
	run := sp.run
	run.pending = append(run.pending, pipedDecl{decl: d, ids: ids})
	if ids-run.sentIDs >= batchNodes {
		run.send()
		run.sentIDs = ids
	}
}

// Drop stops the checker: the declarations it was given are void.
func (sp *semaPipe) Drop() { sp.stop() }

// stop stops the checker, if one runs, and forgets it.
func (sp *semaPipe) stop() {
	if run := sp.run; run != nil {
		sp.run = nil
		run.stopped.Store(true)
		close(run.batches)
		<-run.done
	}
}

// finish waits for the checker of r.AST, which parsed without errors, and
// records what it found in r as sema.Check would have. It reports false
// when it has no checker of r.AST (the fast parse failed and the file was
// parsed again): then sema is yet to run.
func (sp *semaPipe) finish(r *Result) bool {
	run := sp.run
	if run == nil || run.file != r.AST {
		return false
	}
	sp.run = nil
	run.send()
	close(run.batches)
	<-run.done
	for _, d := range run.diags.Diags {
		r.Diags.Add(d)
	}
	if run.ice != nil {
		r.Diags.Add(*run.ice)
		return true
	}
	r.Info = run.info
	return true
}

// send hands the pending declarations to the checker.
func (run *semaRun) send() {
	if len(run.pending) > 0 {
		run.batches <- run.pending
		run.pending = nil
	}
}

// check is the checker's goroutine.
func (run *semaRun) check(fs *diag.FileSet, cfg sema.Config, nodes int) {
	defer close(run.done)
	defer func() {
		if v := recover(); v != nil {
			d := internalError(v, debug.Stack())
			run.ice = &d
			for range run.batches {
				// The parser goes on sending until the parse ends.
			}
		}
	}()
	// Template instantiation waits for the parse to end: the batches
	// that come meanwhile wait in backlog.
	var backlog [][]pipedDecl
	complete := func() {
		for b := range run.batches {
			backlog = append(backlog, b)
		}
	}
	ch := sema.NewChecker(fs, run.diags, run.file, cfg, nodes, complete)
	for {
		var batch []pipedDecl
		if len(backlog) > 0 {
			batch, backlog = backlog[0], backlog[1:]
		} else if b, ok := <-run.batches; ok {
			batch = b
		} else {
			break
		}
		for _, d := range batch {
			if run.stopped.Load() {
				return
			}
			if d.decl == nil {
				ch.Pragmas(d.pragmas)
				continue
			}
			checkDecl(ch, d.decl, d.ids)
		}
	}
	if !run.stopped.Load() {
		run.info = ch.Finish()
	}
}
