package diag

import "testing"

// Every offset of a file resolves to the line and column counted from its
// text, whatever its newlines (none, several in a row, one at the end).
func TestPositionsCountLines(t *testing.T) {
	for _, text := range []string{"", "x", "\n", "a\nb", "a\n\nbc\r\nd\n", "\n\nlast line without newline"} {
		fs := NewFileSet()
		f := fs.AddFile("f.hlsl", []byte(text))
		line, col := 1, 1
		for off := 0; off <= len(text); off++ {
			if got := fs.Position(f.Pos(off)); got.Line != line || got.Col != col {
				t.Errorf("%q offset %d: line %d col %d, want %d:%d", text, off, got.Line, got.Col, line, col)
			}
			if col++; off < len(text) && text[off] == '\n' {
				line, col = line+1, 1
			}
		}
	}
}
