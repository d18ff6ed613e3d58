package parse

import (
	"bytes"
	"strings"
	"testing"

	"github.com/antlr4-go/antlr/v4"

	"github.com/hlsl2spirv/hlsl2spirv/frontend/ast"
	"github.com/hlsl2spirv/hlsl2spirv/frontend/diag"
	"github.com/hlsl2spirv/hlsl2spirv/frontend/pp"
	"github.com/hlsl2spirv/hlsl2spirv/test/bench"
)

// recordingSink records what a DeclSink is told.
type recordingSink struct {
	files   []*ast.File
	decls   []ast.Decl
	ids     []int32
	dropped int
	// pragmas are those given, and given[i] how many were given before
	// decls[i].
	pragmas []ast.Pragma
	given   []int
}

func (s *recordingSink) Begin(f *ast.File)      { s.files = append(s.files, f) }
func (s *recordingSink) Pragmas(p []ast.Pragma) { s.pragmas = append(s.pragmas, p...) }
func (s *recordingSink) Drop() {
	s.dropped++
	s.decls, s.ids, s.pragmas, s.given = nil, nil, nil, nil
}

func (s *recordingSink) Decl(d ast.Decl, ids int32) {
	s.decls = append(s.decls, d)
	s.ids = append(s.ids, ids)
	s.given = append(s.given, len(s.pragmas))
}

// parseToSink preprocesses and parses src with a sink and without, and
// fails unless both report the same diagnostics and build the same AST
// (with a sink, the parser reuses each declaration's parse tree for the
// next once it is built: the AST must hold no part of it).
func parseToSink(t *testing.T, name string, src []byte) (*ast.File, *recordingSink) {
	t.Helper()
	var rendered, printed [2]string
	var file *ast.File
	sink := &recordingSink{}
	for i, s := range []DeclSink{nil, sink} {
		fs := diag.NewFileSet()
		diags := diag.NewList(fs, diag.Options{})
		res := pp.Preprocess(fs, diags, name, src, pp.Config{})
		file = defaultParser.PreprocessedTo(fs, diags, name, res, s)
		var b bytes.Buffer
		diags.Render(&b)
		rendered[i] = b.String()
		b.Reset()
		if err := ast.Fprint(&b, fs, file); err != nil {
			t.Fatal(err)
		}
		printed[i] = b.String()
	}
	if rendered[0] != rendered[1] {
		t.Errorf("%s: the diagnostics differ with a sink:\n--- without\n%s--- with\n%s", name, rendered[0], rendered[1])
	}
	if printed[0] != printed[1] {
		t.Errorf("%s: the AST differs with a sink", name)
	}
	return file, sink
}

// A TopRuleDone hook returning true lets the parser make each top-level
// declaration's parse tree in the memory of the one before (zeroed) and
// drops it from the translation unit's children; returning false keeps
// the whole tree.
func TestTopRuleDoneRecycles(t *testing.T) {
	decls := []string{"float a = 1;", "static const int b[2] = { 2, 3 };", "float f(float x) { return x * a; }"}
	src := strings.Join(decls, "\n") + "\n"
	for _, recycle := range []bool{false, true} {
		fs, toks := preprocess(t, []byte(src))
		diags := diag.NewList(fs, diag.Options{})
		state := defaultParser.acquire()
		parser := state.newParser(newTokenStream(newClassifier(&sliceFeed{toks}, diags, diags)), nil)
		parser.TokenNode = tokenNode
		var done []antlr.ParserRuleContext
		parser.TopRuleDone = func(ctx antlr.ParserRuleContext) bool {
			if got, want := ctx.GetText(), strings.ReplaceAll(decls[len(done)], " ", ""); got != want {
				t.Errorf("recycle %v: declaration %d is %q, want %q", recycle, len(done), got, want)
			}
			done = append(done, ctx)
			return recycle
		}
		tree := parser.TranslationUnit()
		defaultParser.release(state)
		if len(done) != len(decls) || diags.HasErrors() {
			t.Fatalf("recycle %v: %d declarations done, errors %v", recycle, len(done), diags.HasErrors())
		}
		var kept []antlr.ParserRuleContext
		for _, k := range tree.GetChildren() {
			if ctx, ok := k.(antlr.ParserRuleContext); ok {
				kept = append(kept, ctx)
			}
		}
		switch {
		case !recycle && (len(kept) != len(decls) || kept[0] != done[0] || kept[1] == done[0]):
			t.Errorf("without recycling: the tree keeps %d of %d declarations, or they share memory", len(kept), len(decls))
		case recycle && (len(kept) != 0 || done[1] != done[0] || done[2] != done[0]):
			t.Errorf("with recycling: the tree keeps %d declarations, or their contexts are not reused", len(kept))
		case recycle && done[0].GetChildCount() != 0:
			t.Errorf("with recycling: the last declaration's context is not zeroed after it is done with")
		}
	}
}

// A sink is given every declaration of the file, in order, each as soon
// as it is built, with a bound on its node IDs.
func TestSinkGetsEveryDeclaration(t *testing.T) {
	shaders, err := bench.Corpus()
	if err != nil {
		t.Fatal(err)
	}
	shaders = append(shaders, bench.Shader{Name: "big.hlsl", Source: bigShader(t)})
	for _, s := range shaders {
		f, sink := parseToSink(t, s.Name, s.Source)
		if len(sink.files) != 1 || sink.files[0] != f || sink.dropped != 0 {
			t.Fatalf("%s: %d files begun, %d drops; want the returned file only", s.Name, len(sink.files), sink.dropped)
		}
		if len(sink.decls) != len(f.Decls) {
			t.Fatalf("%s: the sink got %d declarations of %d", s.Name, len(sink.decls), len(f.Decls))
		}
		for i, d := range f.Decls {
			if sink.decls[i] != d {
				t.Fatalf("%s: declaration %d given is not the file's", s.Name, i)
			}
			var last int32
			ast.Inspect(d, func(n ast.Node) bool {
				if n != nil {
					last = max(last, n.ID())
				}
				return true
			})
			if last > sink.ids[i] || i > 0 && sink.ids[i] < sink.ids[i-1] || sink.ids[i] > f.NodeCount {
				t.Errorf("%s: declaration %d numbers up to %d, given with bound %d", s.Name, i, last, sink.ids[i])
			}
		}
	}
}

// When the fast (SLL) pass fails after declarations went to the sink,
// they are dropped with what building them reported (the file is parsed
// and built again); a file nested too deeply for the stages after the
// parser gives nothing from the deep declaration on.
func TestSinkDropsFailedFastPass(t *testing.T) {
	const early = "float a < string UIName = \"a\"; > = 1;\nfloat f() { return a; }\n"
	_, sink := parseToSink(t, "late.hlsl", []byte(early+"float g() { return f() +; }\n"))
	if len(sink.files) != 1 || sink.dropped != 1 || len(sink.decls) != 0 {
		t.Errorf("syntax error late: %d files begun, %d drops, %d declarations kept; want 1, 1, 0", len(sink.files), sink.dropped, len(sink.decls))
	}
	deep := early + "float g() { return 1" + string(bytes.Repeat([]byte(" + 1"), maxTreeDepth+10)) + "; }\nfloat h() { return 0; }\n"
	_, sink = parseToSink(t, "deep.hlsl", []byte(deep))
	if sink.dropped != 0 || len(sink.decls) != 2 {
		t.Errorf("deep declaration: %d drops, %d declarations given; want 0, 2 (those before it)", sink.dropped, len(sink.decls))
	}
}
