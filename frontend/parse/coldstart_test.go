package parse

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/antlr4-go/antlr/v4"

	"github.com/hlsl2spirv/hlsl2spirv/frontend/diag"
	"github.com/hlsl2spirv/hlsl2spirv/frontend/pp"
	p "github.com/hlsl2spirv/hlsl2spirv/grammar/parser"
	"github.com/hlsl2spirv/hlsl2spirv/test/bench"
)

// A fresh process builds ANTLR's prediction DFA for every decision the
// grammar leaves to adaptive prediction; on typical.hlsl that used to be
// most of a cold parse. The grammar and the classifier keep almost every
// decision LL(1): this test counts the decisions that still predict and
// the DFA states a cold parse of typical.hlsl builds, so a grammar change
// that brings long lookahead back fails here and not only in a benchmark.
func TestColdParsePredictionWork(t *testing.T) {
	src, err := os.ReadFile(filepath.Join("testdata", "bench", "typical.hlsl"))
	if err != nil {
		t.Fatal(err)
	}
	fs, toks := preprocess(t, src)
	var ps Parser
	parseWith(t, &ps, "warm.hlsl", "float x;") // makes the prediction state
	ps.forgetPredictions()

	diags := diag.NewList(fs, diag.Options{})
	if _, st := ps.FileStats(fs, diags, "typical.hlsl", toks); diags.HasErrors() || st.LLFallback {
		t.Fatalf("typical.hlsl: errors=%v llFallback=%v", diags.HasErrors(), st.LLFallback)
	}
	decisions, states := ps.predictionWork()
	t.Logf("cold parse of typical.hlsl: %d decisions predicted adaptively, %d DFA states", decisions, states)
	if decisions > 4 || states > 11 {
		t.Errorf("cold parse of typical.hlsl: %d adaptive decisions and %d DFA states, want at most 4 and 11", decisions, states)
	}
}

// Prefetch may be called any number of times, also while parsing.
func TestPrefetch(t *testing.T) {
	done := make(chan bool)
	for i := 0; i < 3; i++ {
		go func() {
			Prefetch()
			_, diags, _ := parseString(t, "p.hlsl", "float4 main() : SV_Target { return (float4)1; }")
			done <- diags == ""
		}()
	}
	for i := 0; i < 3; i++ {
		if !<-done {
			t.Error("a parse after Prefetch failed")
		}
	}
}

// Every rule invocation costs ANTLR a context object, its children slice
// and a string of interface conversions, and the AST builder a visit: the
// grammar writes the operators, the parts of an operand and the parts of
// a declaration out in place rather than in rules of their own. This test
// bounds the parse-tree nodes of the benchmark corpus (27,921 before the
// flattening, for 15,009 tokens) so that a grammar change that brings the
// nesting back fails here.
func TestParseTreeSize(t *testing.T) {
	shaders, err := bench.Corpus()
	if err != nil {
		t.Fatal(err)
	}
	var rules, tokens int
	var count func(antlr.Tree)
	count = func(tr antlr.Tree) {
		switch c := tr.(type) {
		case antlr.TerminalNode:
			tokens++
		case antlr.ParserRuleContext:
			rules++
			for _, k := range c.GetChildren() {
				count(k)
			}
		}
	}
	var ps Parser
	for _, s := range shaders {
		fs, toks := preprocess(t, s.Source)
		diags := diag.NewList(fs, diag.Options{})
		stream := newTokenStream(newClassifier(&sliceFeed{toks}, diags, diags))
		state := ps.acquire()
		tree, ok := state.parseSLL(stream, nil, nil)
		ps.release(state)
		if !ok || diags.HasErrors() {
			t.Fatalf("%s does not parse", s.Name)
		}
		count(tree)
	}
	t.Logf("benchmark corpus: %d rule contexts for %d tokens", rules, tokens)
	if rules > tokens {
		t.Errorf("benchmark corpus: %d rule contexts for %d tokens, want at most one per token", rules, tokens)
	}
}

// No valid input needs the LL pass: SLL prediction decides every decision
// of the grammar the way full LL would. On every golden test file (some
// are meant to fail: those may take the LL pass, and must then report an
// error), the benchmark corpus and the examples, a parse that fell back
// to LL and found nothing wrong is a grammar decision SLL gets wrong.
func TestNoLLFallbackOnValidInput(t *testing.T) {
	var files []string
	for _, dir := range []string{"../../test/golden", "../../test/examples", bench.Dir()} {
		filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
			if err == nil && !d.IsDir() && filepath.Ext(path) == ".hlsl" {
				files = append(files, path)
			}
			return nil
		})
	}
	if len(files) < 100 {
		t.Fatalf("found only %d test files", len(files))
	}
	fallbacks := 0
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		fs := diag.NewFileSet()
		diags := diag.NewList(fs, diag.Options{})
		res := pp.Preprocess(fs, diags, f, src, pp.Config{})
		if diags.HasErrors() {
			continue
		}
		_, st := FileStats(fs, diags, f, res.Tokens)
		if st.LLFallback {
			fallbacks++
			if !diags.HasErrors() {
				t.Errorf("%s: SLL failed on input LL accepts", f)
			}
		}
	}
	t.Logf("%d files, %d took the LL pass (each with a syntax error)", len(files), fallbacks)
}

// The SLL parse builds its tree on the generated parser's short paths
// (grammar/parser.Base: token nodes of its own, children collected per
// depth), the LL parse on ANTLR's (AddChild, AddTokenNode): on the
// benchmark corpus both give the same tree.
func TestShortPathTreeIsANTLRs(t *testing.T) {
	shaders, err := bench.Corpus()
	if err != nil {
		t.Fatal(err)
	}
	var ps Parser
	for _, s := range shaders {
		fs, toks := preprocess(t, s.Source)
		diags := diag.NewList(fs, diag.Options{})
		c := newClassifier(&sliceFeed{toks}, diags, diags)
		stream := newTokenStream(c)
		state := ps.acquire()
		short, ok := state.parseSLL(stream, nil, nil)
		stream.Seek(0)
		full := state.parseLL(stream, diags, &c.toks, nil, nil)
		ps.release(state)
		if !ok || diags.HasErrors() {
			t.Fatalf("%s does not parse", s.Name)
		}
		names := p.HLSLParserParserStaticData.RuleNames
		if a, b := short.ToStringTree(names, nil), full.ToStringTree(names, nil); a != b {
			t.Errorf("%s: the SLL parse's tree differs from the LL parse's:\n%s", s.Name, lineDiff(b, a))
			continue
		}
		// Each rule context knows its parent and the state that invoked
		// it, as ANTLR's contexts do (the short path sets them without
		// InitBaseParserRuleContext).
		var links func(a, b antlr.ParserRuleContext) bool
		links = func(a, b antlr.ParserRuleContext) bool {
			if a.GetInvokingState() != b.GetInvokingState() {
				return false
			}
			for i, k := range a.GetChildren() {
				ka, ok := k.(antlr.ParserRuleContext)
				if !ok {
					continue
				}
				kb := b.GetChild(i).(antlr.ParserRuleContext)
				if ka.GetParent() != antlr.Tree(a) || kb.GetParent() != antlr.Tree(b) || !links(ka, kb) {
					return false
				}
			}
			return true
		}
		if !links(short, full) {
			t.Errorf("%s: a rule context of the SLL parse has another parent or invoking state than the LL parse's", s.Name)
		}
	}
}

// The generated parser skips adaptive prediction where the current token
// alone decides (grammar/parser's Base.predict, tables from
// grammar/internal/ll1). On every golden test file, example and benchmark
// shader, valid or not, a parse that recovers from errors as the LL pass
// does gives the same tree and the same syntax errors both ways.
func TestLL1PredictionIsAdaptives(t *testing.T) {
	var files []string
	for _, dir := range []string{"../../test/golden", "../../test/examples", bench.Dir()} {
		filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
			if err == nil && !d.IsDir() && filepath.Ext(path) == ".hlsl" {
				files = append(files, path)
			}
			return nil
		})
	}
	if len(files) < 100 {
		t.Fatalf("found only %d test files", len(files))
	}
	p.HLSLParserInit()
	names := p.HLSLParserParserStaticData.RuleNames
	var ps Parser
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		fs := diag.NewFileSet()
		res := pp.Preprocess(fs, diag.NewList(fs, diag.Options{}), f, src, pp.Config{})
		var out [2]string
		for i, adaptive := range []bool{false, true} {
			diags := diag.NewList(fs, diag.Options{})
			stream := newTokenStream(newClassifier(&sliceFeed{res.Tokens}, diags, diags))
			state := ps.acquire()
			parser := state.newParser(stream, nil)
			parser.Adaptive = adaptive
			parser.RemoveErrorListeners()
			errs := &syntaxErrors{}
			parser.AddErrorListener(errs)
			parser.GetInterpreter().SetPredictionMode(antlr.PredictionModeLL)
			func() {
				defer func() {
					if r := recover(); r != nil {
						if _, ok := r.(classifyFailed); !ok {
							panic(r)
						}
						errs.msgs = append(errs.msgs, "nested too deeply")
					}
				}()
				out[i] = parser.TranslationUnit().ToStringTree(names, nil)
			}()
			ps.release(state)
			out[i] += "\n" + strings.Join(errs.msgs, "\n")
		}
		if out[0] != out[1] {
			t.Errorf("%s: the parse predicting by one token where it decides differs from the adaptive one:\n%s", f, lineDiff(out[1], out[0]))
		}
	}
}

// syntaxErrors records the parser's syntax errors.
type syntaxErrors struct {
	antlr.DefaultErrorListener
	msgs []string
}

func (e *syntaxErrors) SyntaxError(_ antlr.Recognizer, _ interface{}, line, column int, msg string, _ antlr.RecognitionException) {
	e.msgs = append(e.msgs, fmt.Sprintf("%d:%d: %s", line, column, msg))
}
