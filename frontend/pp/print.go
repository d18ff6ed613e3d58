package pp

import (
	"bufio"
	"io"
	"strconv"

	"github.com/hlsl2spirv/hlsl2spirv/frontend/diag"
	"github.com/hlsl2spirv/hlsl2spirv/frontend/token"
)

// Print writes the preprocessed text as dxc -P does (clang's -E printer):
// one output line per source line that has tokens, a `#line N "file"`
// marker whenever the output would otherwise drift from the source
// position (a new file, or more than eight blank lines skipped), and
// spaces where the source had whitespace.
func Print(w io.Writer, fs *diag.FileSet, res *Result) {
	bw := bufio.NewWriter(w)
	defer bw.Flush()
	curFile := ""
	curLine := 0 // the source line the output is on
	started := false
	for i, t := range res.Tokens {
		if t.Kind == token.EOF {
			break
		}
		pos := fs.Position(t.Loc())
		if !started || t.Flags&token.StartOfLine != 0 && t.Exp == diag.NoPos || pos.Filename != curFile {
			// A token from a macro body starts a line only where the
			// macro use did; that is decided by its flags alone.
			switch {
			case !started || pos.Filename != curFile || pos.Line < curLine || pos.Line > curLine+8:
				if started {
					bw.WriteByte('\n')
				}
				bw.WriteString("#line ")
				bw.WriteString(strconv.Itoa(pos.Line))
				bw.WriteString(" \"")
				writeEscaped(bw, pos.Filename)
				bw.WriteString("\"\n")
			default:
				for curLine < pos.Line {
					bw.WriteByte('\n')
					curLine++
				}
			}
			started = true
			curFile, curLine = pos.Filename, pos.Line
			// clang keeps the column of the first token with spaces.
			for c := 1; c < pos.Col && t.Exp == diag.NoPos; c++ {
				bw.WriteByte(' ')
			}
		} else if t.Flags&token.LeadingSpace != 0 || i > 0 && needSpace(res.Tokens[i-1], t) {
			bw.WriteByte(' ')
		}
		bw.WriteString(t.Text)
	}
	if started {
		bw.WriteByte('\n')
	}
}

func writeEscaped(w *bufio.Writer, s string) {
	for i := 0; i < len(s); i++ {
		if s[i] == '\\' || s[i] == '"' {
			w.WriteByte('\\')
		}
		w.WriteByte(s[i])
	}
}

// needSpace reports whether two adjacent tokens would lex differently if
// printed without a space between them (clang's AvoidConcat), e.g. a
// macro that expands to `-` followed by `-x`.
func needSpace(prev, t token.Token) bool {
	if prev.Text == "" || t.Text == "" {
		return false
	}
	// Tokens that were adjacent in the source stay adjacent.
	if !prev.Exp.IsValid() && !t.Exp.IsValid() && prev.Pos+diag.Pos(len(prev.Text)) == t.Pos {
		return false
	}
	if _, ok := lexOne(prev.Text + t.Text); ok {
		return true
	}
	// Longer runs: "a" then "1" gives "a1"; "+" then "+=" gives "++=", etc.
	a, b := prev.Text[len(prev.Text)-1], t.Text[0]
	switch {
	case isIdentBody(a) && isIdentBody(b):
		return true
	case isDigit(a) && b == '.', a == '.' && isDigit(b):
		return true
	}
	if n := punctLen([]byte(prev.Text + t.Text)); n > len(prev.Text) {
		return true
	}
	if a == '/' && (b == '/' || b == '*') {
		return true
	}
	return false
}
