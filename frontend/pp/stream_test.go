package pp

import (
	"errors"
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/hlsl2spirv/hlsl2spirv/frontend/diag"
	"github.com/hlsl2spirv/hlsl2spirv/frontend/token"
)

// TestConcurrentStreamTokens checks that a Stream, run on its own goroutine
// or on the reader's, hands over the tokens Preprocess produces, in blocks
// of BlockLen, and the same pragmas, includes and diagnostics. Run it
// under -race (make test-race).
func TestConcurrentStreamTokens(t *testing.T) {
	var b strings.Builder
	b.WriteString("#define F(x) (x + 1)\n#include \"inc.h\"\n")
	for i := 0; i < 2000; i++ {
		fmt.Fprintf(&b, "float v%d = F(%d);\n", i, i)
		if i == 1000 {
			b.WriteString("#pragma pack_matrix(row_major)\n#warning halfway\n")
		}
	}
	b.WriteString("#pragma once\n")
	cfg := Config{ReadFile: func(string) ([]byte, error) { return []byte("float inc;\n"), nil }}
	run := func(read func(fs *diag.FileSet, diags *diag.List) ([]token.Token, *Result)) ([]token.Token, *Result, []diag.Diagnostic) {
		fs := diag.NewFileSet()
		diags := diag.NewList(fs, diag.Options{})
		toks, res := read(fs, diags)
		return toks, res, diags.Diags
	}
	wantToks, want, wantDiags := run(func(fs *diag.FileSet, diags *diag.List) ([]token.Token, *Result) {
		res := Preprocess(fs, diags, "s.hlsl", []byte(b.String()), cfg)
		return res.Tokens, res
	})
	if len(wantToks) < 3*BlockLen {
		t.Fatalf("only %d tokens: too few to fill several blocks", len(wantToks))
	}
	for _, concurrent := range []bool{true, false} {
		toks, res, diags := run(func(fs *diag.FileSet, diags *diag.List) ([]token.Token, *Result) {
			s := NewStream(fs, diags, "s.hlsl", []byte(b.String()), cfg, concurrent)
			var toks []token.Token
			for block := s.Next(); block != nil; block = s.Next() {
				if len(block) != BlockLen && block[len(block)-1].Kind != token.EOF {
					t.Errorf("a block of %d tokens before the last", len(block))
				}
				toks = append(toks, block...)
			}
			return toks, s.Close()
		})
		if !reflect.DeepEqual(toks, wantToks) {
			t.Errorf("concurrent %v: the stream's %d tokens differ from Preprocess's %d", concurrent, len(toks), len(wantToks))
		}
		if !reflect.DeepEqual(res.Pragmas, want.Pragmas) || !reflect.DeepEqual(res.Includes, want.Includes) || !reflect.DeepEqual(diags, wantDiags) {
			t.Errorf("concurrent %v: pragmas %v, includes %v, diagnostics %v; want %v, %v, %v",
				concurrent, res.Pragmas, res.Includes, diags, want.Pragmas, want.Includes, wantDiags)
		}
	}
}

// TestConcurrentStreamPanic checks that a panic on the preprocessor's
// goroutine is raised again by Close, on the reader's, and that closing a
// stream its reader left early stops the preprocessor.
func TestConcurrentStreamPanic(t *testing.T) {
	boom := errors.New("boom")
	src := strings.Repeat("float x;\n", 5000) + "#include \"a.h\"\n"
	cfg := Config{ReadFile: func(string) ([]byte, error) { panic(boom) }}
	s := NewStream(diag.NewFileSet(), diag.NewList(diag.NewFileSet(), diag.Options{}), "p.hlsl", []byte(src), cfg, true)
	for s.Next() != nil {
	}
	func() {
		defer func() {
			p, ok := recover().(*Panic)
			if !ok || p.Value != boom || !strings.Contains(p.Error(), "boom") {
				t.Errorf("Close raised %v, want the preprocessor's panic", p)
			}
		}()
		s.Close()
	}()

	// A reader that stops after one block.
	fs := diag.NewFileSet()
	s = NewStream(fs, diag.NewList(fs, diag.Options{}), "q.hlsl", []byte(strings.Repeat("float y;\n", 50000)), Config{}, true)
	s.Next()
	if res := s.Close(); res == nil {
		t.Error("Close returned no result")
	}
}
