package parse

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/hlsl2spirv/hlsl2spirv/frontend/ast"
	"github.com/hlsl2spirv/hlsl2spirv/frontend/diag"
	"github.com/hlsl2spirv/hlsl2spirv/frontend/pp"
)

// TestConcurrentStream parses the 5,000-line shader, and copies of it with
// trouble in the middle, through a preprocessor stream, on the
// preprocessor's own goroutine and on the parser's, and checks that the
// AST, pragmas, dependencies and diagnostics are those of preprocessing
// the whole file first and then parsing it. The trouble: a syntax error
// (the LL pass, with macro-expansion notes), an invalid character,
// effect syntax, brackets and template arguments nested too deeply, an
// #include, a pragma, and preprocessor errors (then nothing is parsed, as
// when preprocessing comes first). Run it under -race (make test-race).
func TestConcurrentStream(t *testing.T) {
	big := string(bigShader(t))
	if testing.Short() { // a quarter will do: still many blocks
		big = big[:len(big)/4+strings.Index(big[len(big)/4:], "\n}\n")+3]
	}
	// The middle of the file, at file scope: after a function's `}`.
	mid := len(big)/2 + strings.Index(big[len(big)/2:], "\n}\n") + 3
	insert := func(s string) string { return big[:mid] + s + big[mid:] }
	cases := []struct{ name, src string }{
		{"whole", big},
		{"empty", ""},
		{"syntax error", insert("float broken( { }\n")},
		{"macro syntax error", insert("#define BAD(x) x +\nfloat y = BAD(1);\n")},
		{"invalid character", insert("float x @;\n")},
		{"effects", insert("technique11 T { pass P { SetVertexShader(0); } }\nSamplerState s2 = sampler_state { Filter = MIN_MAG_MIP_LINEAR; };\n")},
		{"brackets too deep", insert("float z = " + strings.Repeat("(", 300) + ";\n")},
		{"templates too deep", insert("typedef " + strings.Repeat("vector<", 70) + ";\n")},
		{"include and pragma", insert("#include \"inc.h\"\n#pragma pack_matrix(row_major)\nfloat4x4 m;\n")},
		{"preprocessor error", insert("#if 1 +\n#endif\n")},
		{"preprocessor fatal error", insert("#include \"missing.h\"\n")},
	}
	readFile := func(path string) ([]byte, error) {
		if filepath.Base(path) == "inc.h" {
			return []byte("#define INC_TYPE float\nINC_TYPE included;\n"), nil
		}
		return nil, os.ErrNotExist
	}
	var ps Parser
	for _, c := range cases {
		want := parseAfterPreprocessing(&ps, c.src, readFile)
		for _, concurrent := range []bool{true, false} {
			got := parseStreaming(&ps, c.src, readFile, concurrent)
			if !reflect.DeepEqual(got, want) {
				t.Errorf("%s (concurrent: %v): streaming gives\n%+v\nbut preprocessing first gives\n%+v", c.name, concurrent, got.short(), want.short())
			}
		}
	}
}

// parseOutcome is what a parse showed: the AST printed, the pragmas, the
// dependencies and the diagnostics rendered.
type parseOutcome struct {
	ast     string
	pragmas []ast.Pragma
	deps    []string
	diags   string
}

// short is the outcome with the AST cut to its length, for messages.
func (o parseOutcome) short() parseOutcome {
	o.ast = fmt.Sprintf("(%d bytes of AST)", len(o.ast))
	return o
}

func outcome(fs *diag.FileSet, diags *diag.List, f *ast.File, deps []string) parseOutcome {
	var o parseOutcome
	if f != nil {
		var b bytes.Buffer
		if err := ast.Fprint(&b, fs, f); err != nil {
			panic(err)
		}
		o.ast, o.pragmas = b.String(), f.Pragmas
	}
	var b bytes.Buffer
	diags.Render(&b)
	o.deps, o.diags = deps, b.String()
	return o
}

func parseAfterPreprocessing(ps *Parser, src string, readFile func(string) ([]byte, error)) parseOutcome {
	fs := diag.NewFileSet()
	diags := diag.NewList(fs, diag.Options{})
	res := pp.Preprocess(fs, diags, "big.hlsl", []byte(src), pp.Config{ReadFile: readFile})
	var f *ast.File
	if !diags.HasErrors() {
		f = ps.Preprocessed(fs, diags, "big.hlsl", res)
	}
	return outcome(fs, diags, f, res.Dependencies())
}

func parseStreaming(ps *Parser, src string, readFile func(string) ([]byte, error), concurrent bool) parseOutcome {
	fs := diag.NewFileSet()
	diags := diag.NewList(fs, diag.Options{})
	s := pp.NewStream(fs, diags, "big.hlsl", []byte(src), pp.Config{ReadFile: readFile}, concurrent)
	f := ps.Stream(fs, diags, "big.hlsl", s)
	return outcome(fs, diags, f, s.Close().Dependencies())
}

// A stream's pragmas reach a sink before the declarations after them,
// across blocks, on the preprocessor's goroutine or the parser's, and the
// sink keeps its declarations (the file's Pragmas are all of them).
func TestStreamGivesPragmasBeforeTheirDeclarations(t *testing.T) {
	var b strings.Builder
	for i := range 1000 { // three blocks of tokens
		if i%7 == 0 {
			fmt.Fprintf(&b, "#pragma pack_matrix(%s)\n", []string{"row_major", "column_major"}[i/7%2])
		}
		fmt.Fprintf(&b, "float4x4 m%d;\n", i)
	}
	var ps Parser
	for _, concurrent := range []bool{true, false} {
		fs := diag.NewFileSet()
		diags := diag.NewList(fs, diag.Options{})
		s := pp.NewStream(fs, diags, "pragmas.hlsl", []byte(b.String()), pp.Config{}, concurrent)
		sink := &recordingSink{}
		f := ps.StreamTo(fs, diags, "pragmas.hlsl", s, sink)
		if f == nil || diags.HasErrors() || sink.dropped != 0 || len(sink.decls) != len(f.Decls) || len(f.Pragmas) != 143 {
			t.Fatalf("concurrent %v: want 1000 declarations and 143 pragmas given, none dropped", concurrent)
		}
		if !reflect.DeepEqual(sink.pragmas, f.Pragmas[:len(sink.pragmas)]) {
			t.Errorf("concurrent %v: the pragmas given are not the file's", concurrent)
		}
		for i, d := range sink.decls {
			for k, pr := range f.Pragmas {
				if pr.Next <= d.Pos() && k >= sink.given[i] {
					t.Fatalf("concurrent %v: declaration %d given before pragma %d", concurrent, i, k)
				}
			}
		}
	}
}
