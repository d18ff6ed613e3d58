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
	for s, k := range keywords {
		w := words().get(s)
		check(s, w != nil && int(w.keyword) == k, "keyword")
	}
	for s, m := range modifiers {
		w := words().get(s)
		check(s, w != nil && w.modifier == m, "modifier")
	}
	for s, k := range builtinNames {
		w := words().get(s)
		check(s, w != nil && w.builtin == k, "built-in name")
	}
	for s := range scalarTypes {
		w := words().get(s)
		check(s, w != nil && w.scalar, "scalar type")
	}
	for s, k := range puncts {
		w := words().get(s)
		check(s, w != nil && int(w.punct) == k, "punctuator")
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
