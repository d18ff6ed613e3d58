package frontend

import "strings"

// MakeRule formats a make rule saying that target depends on deps, as dxc
// -M prints it ("target: dep1 \ dep2 ..."), one dependency a line. Spaces,
// '#' and '$' in names are escaped for make.
func MakeRule(target string, deps []string) string {
	var b strings.Builder
	b.WriteString(makeEscape(target))
	b.WriteString(":")
	for i, d := range deps {
		if i > 0 {
			b.WriteString(" \\\n")
		}
		b.WriteString(" ")
		b.WriteString(makeEscape(d))
	}
	b.WriteString("\n")
	return b.String()
}

// makeEscape escapes a file name for a make rule, as clang's dependency
// files do: a backslash before spaces and '#', "$$" for '$'.
func makeEscape(name string) string {
	if !strings.ContainsAny(name, " #$") {
		return name
	}
	var b strings.Builder
	for i := 0; i < len(name); i++ {
		switch c := name[i]; c {
		case ' ', '#':
			b.WriteByte('\\')
			b.WriteByte(c)
		case '$':
			b.WriteString("$$")
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}
