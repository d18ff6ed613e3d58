package parse

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hlsl2spirv/hlsl2spirv/frontend/diag"
	"github.com/hlsl2spirv/hlsl2spirv/frontend/pp"
)

// FuzzParse feeds arbitrary text through the preprocessor and the parser:
// no panic, no hang, no internal error; a clean parse gives a tree that
// keeps the AST's invariants, and a failed one at least one diagnostic.
//
//	go test -tags antlr.nomutex -fuzz FuzzParse -fuzztime 60s ./frontend/parse/
func FuzzParse(f *testing.F) {
	seeds, _ := filepath.Glob(filepath.Join("testdata", "*", "*.hlsl"))
	for _, s := range seeds {
		if b, err := os.ReadFile(s); err == nil {
			f.Add(string(b))
		}
	}
	for _, tc := range syntaxErrorTests {
		f.Add(tc.src)
	}
	f.Add("template <typename T> struct S { T t; }; S<vector<float, 2>> s;")
	f.Add("void f() { switch (1) { case 1: { case 2: break; } default: ; } }")
	f.Add("using A [[vk::ext_capability(1)]] = vk::SpirvType<21, 8, 8>; A a;")
	f.Fuzz(func(t *testing.T, src string) {
		if len(src) > 1<<16 {
			return
		}
		fs := diag.NewFileSet()
		diags := diag.NewList(fs, diag.Options{ErrorLimit: 1000})
		res := pp.Preprocess(fs, diags, "fuzz.hlsl", []byte(src), pp.Config{
			ReadFile:  func(string) ([]byte, error) { return nil, os.ErrNotExist },
			MaxTokens: 1 << 16,
		})
		ppErrors := diags.HasErrors()
		file, _ := FileStats(fs, diags, "fuzz.hlsl", res.Tokens)
		if file == nil {
			t.Fatal("no tree")
		}
		for _, d := range diags.Diags {
			if d.Code == Internal || strings.Contains(d.Msg, "internal error") {
				t.Fatalf("internal error: %s", d.Msg)
			}
		}
		if !diags.HasErrors() {
			if problems := checkTree(file); len(problems) > 0 {
				t.Fatalf("tree invariants broken:\n%s", strings.Join(problems, "\n"))
			}
		}
		_ = ppErrors
	})
}
