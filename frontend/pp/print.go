package pp

import (
	"bufio"
	"io"
	"strconv"
	"strings"

	"github.com/hlsl2spirv/hlsl2spirv/frontend/diag"
	"github.com/hlsl2spirv/hlsl2spirv/frontend/token"
)

// Print writes the preprocessed text as dxc -P does. DXC runs clang's -E
// printer with #line directives (PrintPreprocessedOutput.cpp of clang 3.7
// plus DXC's changes), and this follows its rules:
//   - the output starts with `#line 1 "main.hlsl"`;
//   - a token that starts a source line moves the output to that line
//     (of its outermost macro use): up to eight newlines, or a
//     `#line N "file"` directive for a bigger or backward jump, and is
//     indented to its column;
//   - entering or leaving an #include, and #line, print `#line N "file"`
//     unless the output is already there;
//   - other tokens get one space before them where the source had
//     whitespace, or where printing them together would lex differently;
//   - pragmas the preprocessor does not consume itself are printed back.
func Print(w io.Writer, fs *diag.FileSet, res *Result) {
	pr := &printer{w: bufio.NewWriter(w), fs: fs, res: res}
	pr.run()
	pr.w.Flush()
}

type printer struct {
	w   *bufio.Writer
	fs  *diag.FileSet
	res *Result

	curLine          int
	curFile          string
	started          bool // past the leading "<built-in>" tokens
	emittedTokens    bool
	emittedDirective bool
}

func (pr *printer) run() {
	res := pr.res
	main := ""
	if files := pr.fs.Files(); len(files) > 0 && len(res.Tokens) > 0 {
		if f := pr.fs.File(res.Tokens[len(res.Tokens)-1].Pos); f != nil {
			main = f.Name
		}
	}
	pr.curLine, pr.curFile = 1, main
	pr.writeLineInfo(1)
	mark := 0
	var prev, prevPrev token.Token
	for i, t := range res.Tokens {
		for ; mark < len(res.marks) && res.marks[mark].index <= i; mark++ {
			m := res.marks[mark]
			if m.kind == markPragma {
				pr.printPragma(m)
			} else {
				pr.fileChanged(m)
			}
		}
		if t.Kind == token.EOF {
			break
		}
		site := t.Loc()
		if i < len(res.sites) {
			site = res.sites[i]
		}
		pos := pr.fs.Position(site)
		// DXC's printer first drops the tokens of its predefines buffer,
		// "<built-in>" by its presumed name, so a file starting with
		// #line 1 "<built-in>" loses those lines too (DXC's own test).
		if !pr.started {
			if pos.Filename == "<built-in>" {
				continue
			}
			pr.started = true
		}
		if pr.emittedDirective {
			pr.startNewLineIfNeeded(true)
			pr.moveToLine(pos.Line)
		}
		if t.Flags&token.StartOfLine != 0 && pr.firstTokenOnLine(t, pos) {
			// indented already
		} else if t.Flags&token.LeadingSpace != 0 || pr.emittedTokens && avoidConcat(prevPrev, prev, t) {
			pr.w.WriteByte(' ')
		}
		pr.w.WriteString(t.Text)
		pr.emittedTokens = true
		prevPrev, prev = prev, t
	}
	pr.w.WriteByte('\n')
}

// fileChanged prints the #line directive for an #include entered or left
// or a #line directive (clang's FileChanged callback). DXC does not repeat
// a position it is already at, nor mention <built-in>.
func (pr *printer) fileChanged(m printMark) {
	if m.kind == markEnter && m.includeLoc.IsValid() {
		pr.moveToLine(pr.fs.Position(m.includeLoc).Line)
	}
	pos := pr.fs.Position(m.pos)
	if pos.Line == pr.curLine && pos.Filename == pr.curFile || pos.Filename == "<built-in>" {
		return
	}
	pr.curLine, pr.curFile = pos.Line, pos.Filename
	pr.writeLineInfo(pos.Line)
}

func (pr *printer) writeLineInfo(line int) {
	pr.startNewLineIfNeeded(false)
	pr.w.WriteString("#line ")
	pr.w.WriteString(strconv.Itoa(line))
	pr.w.WriteString(" \"")
	for i := 0; i < len(pr.curFile); i++ {
		c := pr.curFile[i]
		if c == '\\' || c == '"' {
			pr.w.WriteByte('\\')
		}
		pr.w.WriteByte(c)
	}
	pr.w.WriteString("\"\n")
}

func (pr *printer) startNewLineIfNeeded(updateLine bool) {
	if pr.emittedTokens || pr.emittedDirective {
		pr.w.WriteByte('\n')
		pr.emittedTokens, pr.emittedDirective = false, false
		if updateLine {
			pr.curLine++
		}
	}
}

// moveToLine moves the output to a source line: newlines for a short step
// forward, a #line directive otherwise. It reports whether it moved.
func (pr *printer) moveToLine(line int) bool {
	switch d := line - pr.curLine; {
	case d == 0:
		return false
	case d == 1:
		pr.w.WriteByte('\n')
	case d > 1 && d <= 8:
		pr.w.WriteString("\n\n\n\n\n\n\n\n"[:d])
	default:
		pr.writeLineInfo(line)
	}
	pr.curLine = line
	return true
}

// firstTokenOnLine moves to a token's line and indents it to its column.
func (pr *printer) firstTokenOnLine(t token.Token, pos diag.Position) bool {
	if !pr.moveToLine(pos.Line) && pos.Line != 1 {
		return false
	}
	col := pos.Col
	if col == 1 && t.Flags&token.LeadingSpace != 0 {
		col = 2
	}
	if col <= 1 && t.Kind == token.Punct && t.Text == "#" {
		pr.w.WriteByte(' ')
	}
	for ; col > 1; col-- {
		pr.w.WriteByte(' ')
	}
	return true
}

// printPragma writes a pragma back as `#pragma name args`.
func (pr *printer) printPragma(m printMark) {
	name := m.pragma[0]
	switch name.Text {
	case "region", "endregion", "mark":
		return // consumed by DXC's handlers without output
	}
	pr.startNewLineIfNeeded(true)
	pr.moveToLine(pr.fs.Position(m.pos).Line)
	if name.Text == "message" {
		var msg strings.Builder
		for _, a := range m.pragma[1:] {
			if a.Kind == token.String {
				msg.WriteString(unquote(a.Text))
			}
		}
		pr.w.WriteString("#pragma message(\"")
		pr.w.WriteString(strconv.Quote(msg.String())[1:])
		pr.w.WriteString(")")
	} else {
		pr.w.WriteString("#pragma")
		var prev, prevPrev token.Token
		for i, a := range m.pragma {
			if i == 0 || a.Flags&token.LeadingSpace != 0 || avoidConcat(prevPrev, prev, a) {
				pr.w.WriteByte(' ')
			}
			pr.w.WriteString(a.Text)
			prevPrev, prev = prev, a
		}
	}
	pr.emittedDirective = true
}

// avoidConcat reports whether printing t right after prev would make the
// output lex differently (clang's TokenConcatenation::AvoidConcat), e.g. a
// macro expanding to `-` followed by `-x`. Tokens adjacent in the source
// stay adjacent.
func avoidConcat(prevPrev, prev, t token.Token) bool {
	if prev.Text == "" || t.Text == "" {
		return false
	}
	if !prev.Exp.IsValid() && !t.Exp.IsValid() && prev.Pos+diag.Pos(len(prev.Text)) == t.Pos {
		return false
	}
	a, b := prev.Text[len(prev.Text)-1], t.Text[0]
	switch {
	case isIdentBody(a) && (isIdentBody(b) || b == '"' || b == '\''):
		// identifiers, numbers and prefixes run together
		return true
	case prev.Kind == token.Int || prev.Kind == token.Float:
		// 1 then .5, 1 then e, 0x then 1F: anything a pp-number could absorb
		return isIdentBody(b) || b == '.' || b == '#' || (b == '+' || b == '-') && (a == 'e' || a == 'E' || a == 'p' || a == 'P')
	case a == '.' && (isDigit(b) || prev.Text == "." && b == '.'):
		return true
	case a == '/' && (b == '/' || b == '*'):
		return true
	case prev.Kind == token.Punct && t.Kind == token.Punct:
		// Would the two punctuators fuse into a longer one ("-" "-", "<" "<=")?
		joined := prev.Text + t.Text
		return len(punct([]byte(joined))) > len(prev.Text) || prev.Text == "." && t.Text == "." && prevPrev.Text == "."
	}
	return false
}
