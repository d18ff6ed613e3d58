// Package parse turns preprocessed tokens into an AST.
//
// The pipeline: classify identifiers (keywords, modifiers, type, template
// and namespace names — see classify.go) as the parser reads the tokens,
// which may still be coming from the preprocessor, feed them to the
// ANTLR parser generated from grammar/HLSLParser.g4 with SLL prediction and
// a bail-out error strategy, and only when that fails parse again with full
// LL prediction and error recovery, reporting syntax errors in words for
// people. The parse tree is then converted to package ast (build.go): when
// the SLL pass succeeds, a top-level declaration at a time, each as soon as
// it is parsed, so that a DeclSink (the driver's semantic checker) can work
// on it while the next is parsed; the declarations of an SLL pass that
// fails are dropped, with what building them reported.
//
// A Parser keeps ANTLR's prediction state warm from one parse to the next
// and runs parses on many goroutines at once, each on a state of its own
// (state.go); it also keeps the memory of the trees and classified tokens
// of parses done, for the next parses to make theirs in. The
// package-level functions share one Parser.
//
// This is the only package that sees ANTLR types.
//
// Files: parse.go holds Parser and the two-stage parse; feed.go the
// classifier's intake of the preprocessor's tokens (all at once, or a
// block at a time from a pp.Stream while the preprocessor runs) and the
// store of classified tokens; classify.go the identifier classifier and
// names.go its keyword and type-name tables; token.go the token ANTLR
// sees (and, as a tokNode, its parse-tree node) and stream.go the token
// stream feeding it;
// state.go the per-goroutine prediction states, the memory of parse trees
// kept for the next parse, and Prefetch; build.go the
// parse tree to AST conversion, slab.go the chunks its nodes come from; effects.go drops legacy effect syntax as
// DXC does; depth.go bounds rule nesting; errors.go words syntax errors;
// codes.go the syntax diagnostic codes.
package parse

import (
	"fmt"
	"math"
	"sync"

	"github.com/antlr4-go/antlr/v4"

	"github.com/hlsl2spirv/hlsl2spirv/frontend/ast"
	"github.com/hlsl2spirv/hlsl2spirv/frontend/diag"
	"github.com/hlsl2spirv/hlsl2spirv/frontend/pp"
	"github.com/hlsl2spirv/hlsl2spirv/frontend/token"
	p "github.com/hlsl2spirv/hlsl2spirv/grammar/parser"
)

// Stats tell how a parse went, for tests and benchmarks.
type Stats struct {
	LLFallback bool // SLL failed and the file was parsed again with LL
}

// A Parser parses translation units and keeps what makes the next parse
// fast: ANTLR's prediction state (the DFA each decision builds as it meets
// input), warm from one parse to the next. It is safe for concurrent use: a parse takes a prediction state
// that no other parse holds, making a new one when all are busy (see
// state.go), so parses on K goroutines at once run in parallel on K
// states, each warmed by the parses before it. The zero value is ready to
// use; a Parser must not be copied after first use.
type Parser struct {
	mu    sync.Mutex
	idle  []*predictionState
	count int           // states made, for tests
	spent []*treeMemory // for the next parses (state.go)
}

// defaultParser serves the package-level functions.
var defaultParser Parser

// File parses the tokens of one translation unit (as produced by
// frontend/pp, ending with EOF) and returns its AST. Syntax errors go to
// diags; the tree is always returned, with Bad* nodes where parsing failed.
// The preprocessor's pragmas are recorded in the File.
func File(fs *diag.FileSet, diags *diag.List, name string, toks []token.Token, pragmas ...pp.Pragma) *ast.File {
	f, _ := defaultParser.FileStats(fs, diags, name, toks, pragmas...)
	return f
}

// FileStats is File that also reports how the parse went.
func FileStats(fs *diag.FileSet, diags *diag.List, name string, toks []token.Token, pragmas ...pp.Pragma) (*ast.File, Stats) {
	return defaultParser.FileStats(fs, diags, name, toks, pragmas...)
}

// Preprocessed parses the preprocessor's result: its tokens and pragmas,
// and its macro-expansion history, so a syntax error in a macro's expansion
// gets clang's "expanded from macro" notes.
func Preprocessed(fs *diag.FileSet, diags *diag.List, name string, res *pp.Result) *ast.File {
	return defaultParser.Preprocessed(fs, diags, name, res)
}

// FileStats is File on this Parser's prediction state.
func (ps *Parser) FileStats(fs *diag.FileSet, diags *diag.List, name string, toks []token.Token, pragmas ...pp.Pragma) (file *ast.File, st Stats) {
	return ps.parseFile(diags, name, &sliceFeed{toks}, convertPragmas(pragmas), nil, nil, nil)
}

// Preprocessed is the package's Preprocessed on this Parser's prediction
// state.
func (ps *Parser) Preprocessed(fs *diag.FileSet, diags *diag.List, name string, res *pp.Result) *ast.File {
	return ps.PreprocessedTo(fs, diags, name, res, nil)
}

// A DeclSink is given a file's top-level declarations one by one while
// the parser makes the next ones (Parser.PreprocessedTo, Parser.StreamTo),
// so that a checker can work on a declaration meanwhile.
type DeclSink interface {
	// Begin comes first, with the file being built: its Name and Pragmas
	// are set (for a stream, Pragmas is nil: they come through Pragmas,
	// and the parser sets the file's at the end); its Decls, NodeCount and
	// Pragmas are the parser's to write until the parse returns.
	Begin(f *ast.File)
	// Pragmas gives a stream's pragmas met since the last call, before
	// the declarations after them.
	Pragmas(p []ast.Pragma)
	// Decl gives the file's next top-level declaration; ids is the number
	// of nodes numbered so far (a bound on its nodes' IDs).
	Decl(d ast.Decl, ids int32)
	// Drop voids every declaration given: the fast (SLL) pass failed
	// after all, and the parser parses the file again, from the start,
	// without the sink.
	Drop()
}

// PreprocessedTo is Preprocessed that also gives sink (when not nil) each
// top-level declaration as soon as the SLL pass has parsed it. Only the
// declarations of an SLL pass that fails are dropped (DeclSink.Drop): if
// the parse returns without dropping them, they are the returned file's.
func (ps *Parser) PreprocessedTo(fs *diag.FileSet, diags *diag.List, name string, res *pp.Result, sink DeclSink) *ast.File {
	file, _ := ps.parseFile(diags, name, &sliceFeed{res.Tokens}, convertPragmas(res.Pragmas), res.ExpansionNotes, sink, nil)
	return file
}

// Stream parses the tokens of a preprocessor stream as they come, while
// the preprocessor runs, and closes the stream. diags is the stream's
// until its preprocessor is done: the parse's own diagnostics are held
// until then and added after the preprocessor's. When the preprocessor
// reported an error, Stream reports nothing and returns nil, as if the
// parse had never run (the parse of a file that did not preprocess would
// only add noise).
func (ps *Parser) Stream(fs *diag.FileSet, diags *diag.List, name string, s *pp.Stream) *ast.File {
	return ps.StreamTo(fs, diags, name, s, nil)
}

// StreamTo is Stream that also gives sink (when not nil) each top-level
// declaration as soon as the SLL pass has parsed it, as PreprocessedTo
// does.
func (ps *Parser) StreamTo(fs *diag.FileSet, diags *diag.List, name string, s *pp.Stream, sink DeclSink) *ast.File {
	notes := func(t token.Token) []diag.Diagnostic { return s.Close().ExpansionNotes(t) }
	preprocessed := func() ([]ast.Pragma, bool) {
		res := s.Close()
		return convertPragmas(res.Pragmas), !diags.HasErrors()
	}
	file, _ := ps.parseFile(diags, name, s, nil, notes, sink, preprocessed)
	return file
}

func convertPragmas(pragmas []pp.Pragma) []ast.Pragma {
	var out []ast.Pragma
	for _, pr := range pragmas {
		ap := ast.Pragma{Pos: pr.Pos, Name: pr.Name, Next: pr.Next}
		for _, a := range pr.Args {
			ap.Args = append(ap.Args, a.Text)
		}
		out = append(out, ap)
	}
	return out
}

// notesFunc gives the notes for a diagnostic at a token ("expanded from macro").
type notesFunc func(token.Token) []diag.Diagnostic

// parseFile parses the tokens of feed. preprocessed, when not nil, waits
// for the preprocessor filling the feed and returns its pragmas and
// whether it succeeded; until it has returned, diags is the
// preprocessor's and the parse adds nothing to it, and when it fails
// parseFile returns nil. The classifier's diagnostics, and those of the
// declarations built early for sink, wait in lists of their own; the
// parse's own come after them (the SLL pass reports nothing, and the LL
// pass and the rest of the builder run once every token is classified).
func (ps *Parser) parseFile(diags *diag.List, name string, feed tokenFeed, pragmas []ast.Pragma, notes notesFunc, sink DeclSink, preprocessed func() ([]ast.Pragma, bool)) (*ast.File, Stats) {
	mem := ps.takeTree()
	effects, own := heldDiagnostics(diags), heldDiagnostics(diags)
	c := newClassifier(feed, own, effects)
	c.toks.chunks, mem.toks = mem.toks, nil
	file, st := ps.parseClassified(c, diags, name, feed, pragmas, notes, sink, preprocessed, effects, own, mem)
	// The file is built: nothing holds the tree or the tokens any more.
	// (A panic, a compiler bug, leaves them to the collector.)
	ps.keepTree(mem, c)
	return file, st
}

// parseClassified is parseFile's parse of the tokens c classifies, on
// mem's memory.
func (ps *Parser) parseClassified(c *classifier, diags *diag.List, name string, feed tokenFeed, pragmas []ast.Pragma, notes notesFunc, sink DeclSink, preprocessed func() ([]ast.Pragma, bool), effects, own *diag.List, mem *treeMemory) (*ast.File, Stats) {
	var st Stats
	growStack(len(name))
	var early *earlyBuild
	if sink != nil {
		b := &builder{toks: &c.toks, diags: heldDiagnostics(diags), name: name}
		early = &earlyBuild{b: b, file: b.begin(pragmas), sink: sink, feed: feed}
		sink.Begin(early.file)
	}
	// settle classifies every token, waits for the preprocessor and, if
	// it succeeded, adds the held diagnostics: from then on the parse
	// reports to diags itself. It reports whether the tokens can be parsed
	// (not when the input nests too deeply).
	settled, ppOK, before := false, true, 0
	settle := func() bool {
		settled = true
		classified := c.finish()
		if preprocessed != nil {
			if pragmas, ppOK = preprocessed(); !ppOK {
				return false
			}
		}
		before = len(diags.Diags)
		for _, held := range []*diag.List{effects, own} {
			addHeld(diags, held)
		}
		return classified
	}
	defer func() {
		if settled && ppOK {
			sortEffectWarnings(diags, before)
		}
	}()

	tree, deep, parsed := ps.parseGuarded(newTokenStream(c), diags, c, settle, notes, &st, early, mem)
	if !settled && !settle() || !parsed {
		if !ppOK {
			return nil, st
		}
		return &ast.File{Name: name, Pragmas: pragmas}, st
	}
	if deep != nil {
		loc := c.toks.at(c.toks.n - 1).Loc()
		if i := deep.tok.GetTokenIndex(); i >= 0 && i < c.toks.n {
			loc = c.toks.at(i).Loc()
		}
		diags.Errorf(diag.SyntaxBase+codeTooDeep, loc, "statements or expressions nested too deeply: the parser's limit is %d levels of its rules", maxRuleDepth)
		return &ast.File{Name: name, Pragmas: pragmas}, st
	}
	var b *builder
	var file *ast.File
	if early != nil && !st.LLFallback { // built as parsed
		b, file = early.b, early.file
		addHeld(diags, b.diags)
		b.diags = diags
		if preprocessed != nil && len(pragmas) > 0 {
			file.Pragmas = pragmas // the sink had them through Pragmas
		}
		b.finish(file, tree)
	} else {
		b = &builder{toks: &c.toks, diags: diags, name: name}
		file = b.build(tree, pragmas)
	}
	if n := b.deep; n != nil {
		diags.Errorf(diag.SyntaxBase+codeTooDeep, n.Pos(), "expression nested too deeply: the limit is %d levels of operators and statements", maxTreeDepth)
		return &ast.File{Name: name, Pragmas: pragmas}, st
	}
	return file, st
}

// heldDiagnostics is a list that holds diagnostics as they are given, to
// be added to diags later (addHeld): diags then applies its options (-WX,
// the error limit) as if they had been added there directly.
func heldDiagnostics(diags *diag.List) *diag.List {
	return diag.NewList(diags.Files, diag.Options{ErrorLimit: math.MaxInt})
}

// addHeld adds the diagnostics held in held to diags.
func addHeld(diags, held *diag.List) {
	for _, d := range held.Diags {
		diags.Add(d)
	}
}

// An earlyBuild converts each top-level declaration as soon as the SLL pass
// has parsed it and gives it to a DeclSink, unless it is too deep for the
// stages after the parser to walk (nothing more is given then: the file
// has an error). Its builder reports to a list of its own (added once the
// parse is known to succeed); when the pass fails, what it did is undone
// (void).
type earlyBuild struct {
	b      *builder
	file   *ast.File
	sink   DeclSink
	voided bool
	// feed's first pragmas pragmas were given to the sink.
	feed    tokenFeed
	pragmas int
}

// topRuleDone is the SLL parser's TopRuleDone hook. The parser may reuse
// the declaration's parse tree once it returns (it returns true): the AST
// holds no part of it (its tokens and their text are b.toks'), nothing
// reads the SLL tree but for the whole file's range (finish), and when the
// pass fails the LL pass parses again with a parser of its own.
func (e *earlyBuild) topRuleDone(ctx antlr.ParserRuleContext) (recycle bool) {
	decls, _ := e.b.addTopLevel(e.file, ctx.(*p.TopLevelDeclContext))
	if e.b.deep != nil {
		return true
	}
	if pr := e.feed.Pragmas(); len(pr) > e.pragmas {
		// Every pragma before the declarations' tokens is there: their
		// blocks have been read.
		e.sink.Pragmas(convertPragmas(pr[e.pragmas:]))
		e.pragmas = len(pr)
	}
	for _, d := range decls {
		e.sink.Decl(d, e.b.ids)
	}
	return true
}

// void forgets the declarations built and what building them reported.
func (e *earlyBuild) void() {
	e.voided = true
	e.sink.Drop()
}

// parseGuarded parses with SLL prediction and, when that fails, with LL,
// with rule nesting bounded (guardDepth), on a prediction state of ps: a
// file nested past maxRuleDepth returns the tooDeep that stopped it. The
// SLL pass builds declarations early when early is not nil; unless it
// succeeds, they are voided. The LL pass runs only once settle said the
// tokens can be parsed (parsed is false when it said not).
func (ps *Parser) parseGuarded(stream *tokenStream, diags *diag.List, c *classifier, settle func() bool, notes notesFunc, st *Stats, early *earlyBuild, mem *treeMemory) (tree p.ITranslationUnitContext, deep *tooDeep, parsed bool) {
	state := ps.acquire()
	sll := true // in the SLL pass
	defer func() {
		if r := recover(); r != nil {
			if sll && early != nil {
				early.void()
			}
			td, isDeep := r.(tooDeep)
			if !isDeep {
				panic(r)
			}
			// The state is not given back: only a parse that finished
			// leaves its caches whole.
			tree, deep, parsed = nil, &td, true
		}
	}()
	tree, ok := state.parseSLL(stream, early, mem)
	if !ok {
		sll = false
		if early != nil {
			early.void()
		}
		st.LLFallback = true
		if !settle() {
			ps.release(state)
			return nil, nil, false
		}
		stream.Seek(0)
		tree = state.parseLL(stream, diags, &c.toks, notes, mem)
	}
	ps.release(state)
	return tree, nil, true
}

// bailout is the panic value the SLL pass's error strategy throws.
type bailout struct{}

// bailStrategy gives up at the first syntax error, so the SLL pass costs
// nothing on bad input. (The runtime's BailErrorStrategy cannot be used:
// its exception accessors panic with "implement me".)
type bailStrategy struct {
	*antlr.DefaultErrorStrategy
}

func (bailStrategy) Recover(antlr.Parser, antlr.RecognitionException) { panic(bailout{}) }
func (bailStrategy) RecoverInline(antlr.Parser) antlr.Token           { panic(bailout{}) }
func (bailStrategy) Sync(antlr.Parser)                                {}
func (bailStrategy) ReportError(antlr.Parser, antlr.RecognitionException) {
}

func (state *predictionState) parseSLL(stream *tokenStream, early *earlyBuild, mem *treeMemory) (tree p.ITranslationUnitContext, ok bool) {
	parser := state.newParser(stream, mem)
	guardDepth(parser)
	if early != nil {
		parser.TopRuleDone = early.topRuleDone
	}
	// The tree's token nodes are the tokens themselves (token.go). Only
	// here: the LL pass recovers from errors, which ANTLR's nodes record.
	parser.TokenNode = tokenNode
	parser.RemoveErrorListeners()
	parser.SetErrorHandler(bailStrategy{antlr.NewDefaultErrorStrategy()})
	parser.GetInterpreter().SetPredictionMode(antlr.PredictionModeSLL)
	defer func() {
		if r := recover(); r != nil {
			switch r.(type) {
			case bailout, classifyFailed: // (finish reports the latter)
			default:
				panic(r)
			}
			tree, ok = nil, false
		}
	}()
	return parser.TranslationUnit(), true
}

func (state *predictionState) parseLL(stream *tokenStream, diags *diag.List, ct *ctokStore, notes notesFunc, mem *treeMemory) p.ITranslationUnitContext {
	parser := state.newParser(stream, mem)
	guardDepth(parser)
	parser.RemoveErrorListeners()
	l := &errorListener{parser: parser, diags: diags, toks: ct, last: -2, notes: notes}
	parser.AddErrorListener(l)
	parser.GetInterpreter().SetPredictionMode(antlr.PredictionModeLL)
	// When SLL failed but LL reports nothing, the input is valid and only
	// needed full-context prediction.
	return parser.TranslationUnit()
}

// String describes Stats for logs.
func (s Stats) String() string { return fmt.Sprintf("llFallback=%v", s.LLFallback) }

// growStack grows the goroutine's stack, while it is still shallow, to
// what parsing and the later stages need. A goroutine's stack starts at
// 8 KiB and doubles whenever a call needs more, each time copying the
// stack and adjusting every frame on it: the recursion of the parser, of
// ANTLR's prediction and of the tree walks after them made a typical
// compile copy its stack several times, deeper each time, for about 0.3 M
// instructions (and fresh memory for every size in turn). One frame of
// stackReserve bytes grows it once, with a few frames to copy. The stack
// keeps its size (the collector shrinks stacks, and a single compile
// never collects), and a goroutine whose stack is as big already pays
// for zeroing the frame only. n is anything: reading from the array
// keeps the compiler from dropping it.
//
//go:noinline
func growStack(n int) byte {
	var frame [stackReserve]byte
	frame[n%len(frame)] = byte(n)
	return frame[(n*7)%len(frame)]
}

// stackReserve is growStack's frame size: the stack grows to the next
// power of two (128 KiB). A frame of 32 KiB saved about as much on the
// corpus, one of 256 KiB less than nothing.
const stackReserve = 64 << 10
