package pp

import (
	"bytes"
	"strings"
	"testing"

	"github.com/hlsl2spirv/hlsl2spirv/frontend/diag"
	"github.com/hlsl2spirv/hlsl2spirv/frontend/token"
)

// A compile whose predefined macros were kept from an earlier compile of
// the same text preprocesses exactly as the first did: the same tokens at
// the same positions, the same diagnostics and notes (some of them in the
// "<built-in>" buffer), the same expansion history; a macro the first
// compile expanded (and marked while it did) expands afresh.
func TestPredefinedKeptMatchesFresh(t *testing.T) {
	cfg := Config{
		Predefined: []string{"KEPT_A=1", "KEPT_F(x)=((x) + KEPT_A)", "KEPT_SELF=KEPT_SELF + 1", "KEPT_B=KEPT_F(2)"},
		Defines:    []string{"KEPT_A=3"}, // redefined: the warning's note is in <built-in>
	}
	// The shader also undefines and redefines predefined macros: its own
	// table changes, not the one kept.
	src := "KEPT_F(KEPT_B) KEPT_SELF\nint x = KEPT_F(1, 2);\n#undef KEPT_B\n#define KEPT_F(x) x\nKEPT_B KEPT_F(4)\n"
	type outcome struct {
		toks  []token.Token
		diags string
		notes []diag.Diagnostic
	}
	preprocess := func(fset *diag.FileSet) outcome {
		dl := diag.NewList(fset, diag.Options{})
		res := Preprocess(fset, dl, "main.hlsl", []byte(src), cfg)
		var b bytes.Buffer
		dl.Render(&b)
		var notes []diag.Diagnostic
		for _, tk := range res.Tokens {
			notes = append(notes, res.ExpansionNotes(tk)...)
		}
		return outcome{res.Tokens, b.String(), notes}
	}
	first := preprocess(diag.NewFileSet())
	if kept, _ := findPredefined(cfg.Predefined); kept == nil {
		t.Fatal("the first compile kept no predefined macros")
	}
	if !strings.Contains(first.diags, "<built-in>:1:9: note: previous definition is here") || !strings.Contains(first.diags, "too many arguments") ||
		!strings.Contains(first.diags, "main.hlsl:4:9: warning: 'KEPT_F' macro redefined") || !strings.Contains(first.diags, "<built-in>:2:9: note: previous definition is here") {
		t.Fatalf("the test expects a redefinition note in <built-in> and a bad macro call:\n%s", first.diags)
	}
	if got := joined(first.toks); !strings.HasPrefix(got, "( ( ( ( 2 ) + 3 ) ) + 3 ) KEPT_SELF + 1") || !strings.HasSuffix(got, "KEPT_B 4") {
		t.Fatalf("first compile's tokens: %s", got)
	}
	preprocess(diag.NewFileSet()) // (what it changes in its table stays there)
	second := preprocess(diag.NewFileSet())
	if second.diags != first.diags {
		t.Errorf("diagnostics differ:\nfirst:\n%s\nkept:\n%s", first.diags, second.diags)
	}
	if len(second.toks) != len(first.toks) {
		t.Fatalf("%d tokens, then %d", len(first.toks), len(second.toks))
	}
	for i := range first.toks {
		if first.toks[i] != second.toks[i] {
			t.Errorf("token %d: %+v, then %+v", i, first.toks[i], second.toks[i])
		}
	}
	if len(first.notes) == 0 || len(second.notes) != len(first.notes) {
		t.Fatalf("expansion notes: %d, then %d", len(first.notes), len(second.notes))
	}
	for i := range first.notes {
		if first.notes[i].Pos != second.notes[i].Pos || first.notes[i].Msg != second.notes[i].Msg {
			t.Errorf("note %d: %+v, then %+v", i, first.notes[i], second.notes[i])
		}
	}

	// In a FileSet that holds a file already, "<built-in>" lands elsewhere:
	// the macros are defined afresh, and print alike.
	fset := diag.NewFileSet()
	fset.AddFile("other.hlsl", []byte("float f;\n"))
	third := preprocess(fset)
	if third.diags != first.diags || joined(third.toks) != joined(first.toks) {
		t.Errorf("after another file:\n%s\n%s\nwant\n%s\n%s", third.diags, joined(third.toks), first.diags, joined(first.toks))
	}
	for i := range third.toks {
		if third.toks[i].Pos.IsValid() && fset.File(third.toks[i].Pos) == nil {
			t.Errorf("token %d (%q) is at no file", i, third.toks[i].Text)
		}
	}
}
