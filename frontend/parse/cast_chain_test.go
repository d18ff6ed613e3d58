package parse

import "testing"

// Casts chain: (double)(float)2.5 is a cast of a cast, and (T)(x) a cast
// of a parenthesized expression. The exec tests use both; a grammar change
// once made the second '(' expected after the first cast's type.
func TestCastChains(t *testing.T) {
	for _, src := range []string{
		"float f() { double d = (double)(float)2.5; return (float)d; }",
		"int g() { return (int)(uint)(float)3; }",
		"float h(float x) { return (float)(x) + (float)-x; }",
	} {
		if _, diags, _ := parseString(t, "cast.hlsl", src); diags != "" {
			t.Errorf("%s:\n%s", src, diags)
		}
	}
}
