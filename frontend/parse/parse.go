// Package parse turns preprocessed tokens into an AST.
//
// The pipeline: classify identifiers (keywords, modifiers, type, template
// and namespace names — see classify.go), feed the classified tokens to the
// ANTLR parser generated from grammar/HLSLParser.g4 with SLL prediction and
// a bail-out error strategy, and only when that fails parse again with full
// LL prediction and error recovery, reporting syntax errors in words for
// people. The parse tree is then converted to package ast (build.go).
//
// A Parser keeps ANTLR's prediction state warm from one parse to the next
// and runs parses on many goroutines at once, each on a state of its own
// (state.go); the package-level functions share one Parser.
//
// This is the only package that sees ANTLR types.
//
// Files: parse.go holds Parser and the two-stage parse; classify.go the
// identifier classifier and names.go its keyword and type-name tables;
// token.go the token ANTLR sees (and, as a tokNode, its parse-tree node)
// and stream.go the token stream feeding it;
// state.go the per-goroutine prediction states and Prefetch; build.go the
// parse tree to AST conversion, slab.go the chunks its nodes come from; effects.go drops legacy effect syntax as
// DXC does; depth.go bounds rule nesting; errors.go words syntax errors;
// codes.go the syntax diagnostic codes.
package parse

import (
	"fmt"
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
// input, and the prediction-context cache), warm from one parse to the
// next. It is safe for concurrent use: a parse takes a prediction state
// that no other parse holds, making a new one when all are busy (see
// state.go), so parses on K goroutines at once run in parallel on K
// states, each warmed by the parses before it. The zero value is ready to
// use; a Parser must not be copied after first use.
type Parser struct {
	mu    sync.Mutex
	idle  []*predictionState
	count int // states made, for tests
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
	file, st = ps.parseFile(fs, diags, name, toks, nil)
	file.Pragmas = convertPragmas(toks, pragmas)
	return file, st
}

// Preprocessed is the package's Preprocessed on this Parser's prediction
// state.
func (ps *Parser) Preprocessed(fs *diag.FileSet, diags *diag.List, name string, res *pp.Result) *ast.File {
	file, _ := ps.parseFile(fs, diags, name, res.Tokens, res.ExpansionNotes)
	file.Pragmas = convertPragmas(res.Tokens, res.Pragmas)
	return file
}

func convertPragmas(toks []token.Token, pragmas []pp.Pragma) []ast.Pragma {
	var out []ast.Pragma
	for _, pr := range pragmas {
		ap := ast.Pragma{Pos: pr.Pos, Name: pr.Name}
		for _, a := range pr.Args {
			ap.Args = append(ap.Args, a.Text)
		}
		if pr.TokenIndex >= 0 && pr.TokenIndex < len(toks) && toks[pr.TokenIndex].Kind != token.EOF {
			ap.Next = toks[pr.TokenIndex].Loc()
		}
		out = append(out, ap)
	}
	return out
}

// notesFunc gives the notes for a diagnostic at a token ("expanded from macro").
type notesFunc func(token.Token) []diag.Diagnostic

func (ps *Parser) parseFile(fs *diag.FileSet, diags *diag.List, name string, toks []token.Token, notes notesFunc) (*ast.File, Stats) {
	var st Stats
	before := len(diags.Diags)
	defer sortEffectWarnings(diags, before)
	ct := classify(diags, dropEffectSyntax(diags, toks))
	if ct == nil {
		return &ast.File{Name: name}, st
	}
	stream := newTokenStream(ct)

	tree, deep := ps.parseGuarded(stream, diags, ct, notes, &st)
	if deep != nil {
		loc := ct[len(ct)-1].Loc()
		if i := deep.tok.GetTokenIndex(); i >= 0 && i < len(ct) {
			loc = ct[i].Loc()
		}
		diags.Errorf(diag.SyntaxBase+codeTooDeep, loc, "statements or expressions nested too deeply: the parser's limit is %d levels of its rules", maxRuleDepth)
		return &ast.File{Name: name}, st
	}

	b := &builder{toks: ct, diags: diags, name: name}
	file := b.build(tree)
	if n := nodeTooDeep(file, b.declNodes); n != nil {
		diags.Errorf(diag.SyntaxBase+codeTooDeep, n.Pos(), "expression nested too deeply: the limit is %d levels of operators and statements", maxTreeDepth)
		return &ast.File{Name: name}, st
	}
	return file, st
}

// parseGuarded parses with SLL prediction and, when that fails, with LL,
// with rule nesting bounded (guardDepth), on a prediction state of ps: a
// file nested past maxRuleDepth returns the tooDeep that stopped it.
func (ps *Parser) parseGuarded(stream *tokenStream, diags *diag.List, ct []ctok, notes notesFunc, st *Stats) (tree p.ITranslationUnitContext, deep *tooDeep) {
	state := ps.acquire()
	defer func() {
		if r := recover(); r != nil {
			td, ok := r.(tooDeep)
			if !ok {
				panic(r)
			}
			// The state is not given back: only a parse that finished
			// leaves its caches whole.
			tree, deep = nil, &td
		}
	}()
	tree, ok := state.parseSLL(stream)
	if !ok {
		st.LLFallback = true
		stream.Seek(0)
		tree = state.parseLL(stream, diags, ct, notes)
	}
	ps.release(state)
	return tree, nil
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

func (state *predictionState) parseSLL(stream *tokenStream) (tree p.ITranslationUnitContext, ok bool) {
	parser := state.newParser(stream)
	guardDepth(parser)
	// The tree's token nodes are the tokens themselves (token.go). Only
	// here: the LL pass recovers from errors, which ANTLR's nodes record.
	parser.TokenNode = tokenNode
	parser.RemoveErrorListeners()
	parser.SetErrorHandler(bailStrategy{antlr.NewDefaultErrorStrategy()})
	parser.GetInterpreter().SetPredictionMode(antlr.PredictionModeSLL)
	defer func() {
		if r := recover(); r != nil {
			if _, isBail := r.(bailout); !isBail {
				panic(r)
			}
			tree, ok = nil, false
		}
	}()
	return parser.TranslationUnit(), true
}

func (state *predictionState) parseLL(stream *tokenStream, diags *diag.List, ct []ctok, notes notesFunc) p.ITranslationUnitContext {
	parser := state.newParser(stream)
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
