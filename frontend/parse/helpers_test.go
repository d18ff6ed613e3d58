package parse

import (
	"bytes"
	"strings"
	"testing"

	"github.com/hlsl2spirv/hlsl2spirv/frontend/ast"
	"github.com/hlsl2spirv/hlsl2spirv/frontend/diag"
	"github.com/hlsl2spirv/hlsl2spirv/frontend/pp"
	"github.com/hlsl2spirv/hlsl2spirv/frontend/token"
)

// parseString preprocesses and parses src as file name; it returns the AST,
// the rendered diagnostics ("" when none) and how the parse went.
func parseString(tb testing.TB, name, src string) (*ast.File, string, Stats) {
	tb.Helper()
	return parseWith(tb, &defaultParser, name, src)
}

// parseWith is parseString on the prediction state of ps.
func parseWith(tb testing.TB, ps *Parser, name, src string) (*ast.File, string, Stats) {
	tb.Helper()
	fs := diag.NewFileSet()
	diags := diag.NewList(fs, diag.Options{})
	res := pp.Preprocess(fs, diags, name, []byte(src), pp.Config{
		ReadFile: func(string) ([]byte, error) { return nil, errNoIncludes },
	})
	f, st := ps.FileStats(fs, diags, name, res.Tokens)
	var b bytes.Buffer
	if len(diags.Diags) > 0 {
		diags.Render(&b)
	}
	return f, b.String(), st
}

type noIncludes struct{}

func (noIncludes) Error() string { return "includes are not available in this test" }

var errNoIncludes error = noIncludes{}

// dump renders an AST with positions, as -ast-dump does.
func dump(tb testing.TB, name, src string) string {
	tb.Helper()
	fs := diag.NewFileSet()
	diags := diag.NewList(fs, diag.Options{})
	res := pp.Preprocess(fs, diags, name, []byte(src), pp.Config{})
	f := File(fs, diags, name, res.Tokens)
	var b strings.Builder
	if err := ast.Fprint(&b, fs, f); err != nil {
		tb.Fatal(err)
	}
	if len(diags.Diags) > 0 {
		var e bytes.Buffer
		diags.Render(&e)
		b.WriteString("-- diagnostics --\n" + e.String())
	}
	return b.String()
}

// forgetPredictions empties the prediction caches of ps's idle states, as
// in a fresh process (their ATNs stay loaded).
func (ps *Parser) forgetPredictions() {
	ps.mu.Lock()
	defer ps.mu.Unlock()
	for _, s := range ps.idle {
		s.forget()
	}
}

// predictionWork counts the decisions that predicted adaptively and the
// DFA states they built, over ps's idle states.
func (ps *Parser) predictionWork() (decisions, states int) {
	ps.mu.Lock()
	defer ps.mu.Unlock()
	for _, s := range ps.idle {
		for _, d := range s.dfas {
			if n := d.Len(); n > 0 {
				decisions++
				states += n
			}
		}
	}
	return decisions, states
}

// classify classifies every token of toks, as a parse does before its
// tokens reach the parser, and returns them: nil when the input nests too
// deeply to parse.
func classify(diags *diag.List, toks []token.Token) []ctok {
	c := newClassifier(&sliceFeed{toks}, diags, diags)
	if !c.finish() {
		return nil
	}
	out := make([]ctok, c.toks.n)
	for i := range out {
		out[i] = *c.toks.at(i)
	}
	return out
}
