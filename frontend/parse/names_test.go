package parse

import "testing"

// words finds every spelling of the tables it is made of, with what each
// table says of it, and nothing else.
func TestWordTable(t *testing.T) {
	check := func(s string, ok bool, what string) {
		t.Helper()
		if !ok {
			t.Errorf("words().get(%q): wrong or missing %s", s, what)
		}
	}
	for _, s := range keywords {
		w := words().get(s.word)
		check(s.word, w != nil && int(w.keyword) == s.what, "keyword")
	}
	for _, s := range modifiers {
		w := words().get(s.word)
		check(s.word, w != nil && w.modifier == s.what, "modifier")
	}
	for _, s := range builtinNames() {
		w := words().get(s.word)
		check(s.word, w != nil && w.builtin == s.what, "built-in name")
	}
	for _, s := range scalarTypes {
		w := words().get(s)
		check(s, w != nil && w.scalar, "scalar type")
	}
	for _, s := range puncts {
		w := words().get(s.word)
		check(s.word, w != nil && int(w.punct) == s.what, "punctuator")
	}
	for _, s := range []string{"", "x", "float4", "Texture4D", "structs", "i", "<<<", "main", "SV_Target"} {
		if w := words().get(s); w != nil {
			t.Errorf("words().get(%q) = %+v, want nil", s, *w)
		}
	}
	for _, s := range []string{"float4", "min16uint3x2", "bool1"} {
		if builtinName(s) != typeName {
			t.Errorf("builtinName(%q) = %v, want typeName", s, builtinName(s))
		}
	}
}

// punct1 gives each one-character punctuator of puncts its token type,
// and nothing else one.
func TestPunct1IsPuncts(t *testing.T) {
	var want [128]int16
	for _, s := range puncts {
		if len(s.word) == 1 {
			want[s.word[0]] = int16(s.what)
		}
	}
	if punct1 != want {
		t.Errorf("punct1 is %v, puncts say %v", punct1, want)
	}
}
