package parse

import (
	"strings"
	"testing"
	"time"
)

// Deeply nested and very long inputs parse (or fail) in bounded time
// without exhausting the stack.
func TestPathologicalInputs(t *testing.T) {
	cases := map[string]string{
		"nested parens":      "float x = " + strings.Repeat("(", 3000) + "1" + strings.Repeat(")", 3000) + ";",
		"unclosed parens":    "float x = " + strings.Repeat("(", 3000) + ";",
		"unclosed at limit":  "float x = " + strings.Repeat("(", 250) + ";",
		"unclosed casts":     "float x = " + strings.Repeat("(float)(", 120) + ";",
		"long sum":           "float x = 1" + strings.Repeat(" + 1", 20000) + ";",
		"prefix chain":       "float x = " + strings.Repeat("-", 5000) + "1;",
		"nested blocks":      "void f() " + strings.Repeat("{", 2000) + strings.Repeat("}", 2000),
		"nested templates":   "typedef " + strings.Repeat("vector<", 500) + "float" + strings.Repeat(">", 500) + " T;",
		"garbage operators":  strings.Repeat("+-*/%<>=!&|^~?:;,.", 2000),
		"many errors":        strings.Repeat("void f() { x = ; }\n", 2000),
		"unbalanced closers": strings.Repeat(")]}", 3000),
	}
	for name, src := range cases {
		start := time.Now()
		f, _, _ := parseString(t, "p.hlsl", src)
		if f == nil {
			t.Errorf("%s: no tree", name)
		}
		d := time.Since(start)
		if d > 20*time.Second {
			t.Errorf("%s: took %v", name, d)
		}
		t.Logf("%-20s %v", name, d)
	}
}

func TestNestingLimits(t *testing.T) {
	_, diags, _ := parseString(t, "deep.hlsl", "float x = "+strings.Repeat("(", 300)+"1"+strings.Repeat(")", 300)+";")
	if !strings.Contains(diags, "deep.hlsl:1:267: error: bracket nesting level exceeded maximum of 256") {
		t.Errorf("bracket limit: %s", diags)
	}
	_, diags, _ = parseString(t, "deep.hlsl", "typedef "+strings.Repeat("vector<", 70)+"float"+strings.Repeat(">", 70)+" T;")
	if !strings.Contains(diags, "error: template argument lists nested deeper than 64") {
		t.Errorf("template limit: %s", diags)
	}
	// Up to the limits everything parses.
	_, diags, _ = parseString(t, "ok.hlsl", "float x = "+strings.Repeat("(", 200)+"1"+strings.Repeat(")", 200)+";")
	if diags != "" {
		t.Errorf("200 parentheses: %s", diags)
	}
}
