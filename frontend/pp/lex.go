package pp

import (
	"bytes"
	"sort"

	"github.com/hlsl2spirv/hlsl2spirv/frontend/diag"
	"github.com/hlsl2spirv/hlsl2spirv/frontend/token"
)

// Internal token kinds, never handed to the parser.
const (
	kEOD         token.Kind = 100 + iota // end of a directive line
	kPlacemarker                         // an empty macro argument next to ##
	kArgEnd                              // end of a macro argument being pre-expanded
)

// Internal token flags (ptok.pf).
const (
	pfNoExpand uint8 = 1 << iota // "painted blue": never expands again (C 6.10.3.4p2)
)

// ptok is a token inside the preprocessor: the public token plus private flags.
type ptok struct {
	token.Token
	pf uint8
	// site is the outermost macro use the token came out of, also for
	// tokens that came from a macro argument (whose Exp stays unset so
	// diagnostics point at their spelling, as clang's do). -P output puts
	// tokens on the line of this site, as clang's printer does.
	site diag.Pos
	// exp is the innermost macro expansion whose body produced the token
	// (an index in Result.exps; 0 for file text), for clang's chain of
	// "expanded from macro" notes.
	exp int32
}

// splice records where backslash-newlines were removed from a file's text so
// positions can be mapped back to the original bytes.
type splice struct {
	clean int32 // offset in the cleaned text of the first byte after the splice
	delta int32 // bytes removed up to and including this splice
}

// lexer is a hand-written scanner over one file's bytes. Line splices are
// removed up front (clean text plus an offset map), so the hot loop never
// looks for them; most files have none and are scanned in place.
type lexer struct {
	pp   *preprocessor
	file *diag.File
	src  []byte
	// text is src as a string: identifiers and numbers are slices of it,
	// which costs one copy of the file instead of a map lookup (or an
	// allocation) per token.
	text    string
	pos     int
	splices []splice

	// directive is set while reading a directive line: a newline ends it
	// with a kEOD token instead of being skipped.
	directive bool
	// skipping suppresses literal diagnostics inside #if 0 blocks.
	skipping bool
	// atBOL: the next token is the first on its line.
	atBOL bool
}

func newLexer(p *preprocessor, f *diag.File) *lexer {
	lx := &lexer{pp: p, file: f, src: f.Content, atBOL: true}
	if bytes.IndexByte(f.Content, '\\') >= 0 {
		lx.removeSplices()
	}
	// A UTF-8 byte order mark (common in files saved on Windows) is
	// skipped, as clang does; columns still count its bytes.
	if bytes.HasPrefix(lx.src, []byte("\xEF\xBB\xBF")) {
		lx.pos = 3
	}
	lx.text = string(lx.src)
	return lx
}

// removeSplices deletes backslash-newline pairs (also backslash, trailing
// blanks, newline, which clang accepts with a warning) from the text.
func (lx *lexer) removeSplices() {
	src := lx.file.Content
	var out []byte
	last := 0
	removed := 0
	for i := 0; i < len(src); i++ {
		if src[i] != '\\' {
			continue
		}
		j := i + 1
		for j < len(src) && (src[j] == ' ' || src[j] == '\t' || src[j] == '\f' || src[j] == '\v') {
			j++
		}
		nl := 0
		if j < len(src) && src[j] == '\n' {
			nl = 1
		} else if j+1 < len(src) && src[j] == '\r' && src[j+1] == '\n' {
			nl = 2
		}
		if nl == 0 {
			continue
		}
		if j > i+1 {
			lx.pp.warn(codeBackslashSpace, lx.file.Pos(i), "backslash and newline separated by space")
		}
		if out == nil {
			out = make([]byte, 0, len(src))
		}
		out = append(out, src[last:i]...)
		removed += j + nl - i
		lx.splices = append(lx.splices, splice{int32(len(out)), int32(removed)})
		last = j + nl
		i = last - 1
	}
	if out == nil {
		return
	}
	out = append(out, src[last:]...)
	lx.src = out
}

// posAt maps an offset in the cleaned text to a Pos in the original file.
func (lx *lexer) posAt(off int) diag.Pos {
	if len(lx.splices) == 0 {
		return lx.file.Pos(off)
	}
	i := sort.Search(len(lx.splices), func(i int) bool { return int(lx.splices[i].clean) > off }) - 1
	if i < 0 {
		return lx.file.Pos(off)
	}
	return lx.file.Pos(off + int(lx.splices[i].delta))
}

// isIdentStart: DXC fixes clang's DollarIdents on, so '$' is a letter.
func isIdentStart(c byte) bool { return identChars[c]&identStart != 0 }

func isIdentBody(c byte) bool { return identChars[c] != 0 }

// identChars classifies bytes for isIdentStart and isIdentBody: a table
// lookup is cheaper than the five range tests, and the lexer asks for
// every byte of every identifier.
var identChars = func() (t [256]uint8) {
	for c := range 256 {
		switch {
		case c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '_' || c == '$' || c >= 0x80:
			t[c] = identStart | identBody
		case c >= '0' && c <= '9':
			t[c] = identBody
		}
	}
	return t
}()

const (
	identStart = 1 << iota
	identBody
)

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

// skipSpace skips blanks and comments (and newlines outside directives). It
// reports whether anything was skipped; an unterminated block comment is
// diagnosed at its start when diagnose is set.
func (lx *lexer) skipSpace() (skipped bool) {
	src := lx.src
	for lx.pos < len(src) {
		c := src[lx.pos]
		switch c {
		case ' ', '\t', '\r', '\f', '\v':
			lx.pos++
			skipped = true
		case '\n':
			if lx.directive {
				return skipped
			}
			lx.pos++
			lx.atBOL = true
			skipped = true
		case '/':
			if lx.pos+1 >= len(src) {
				return skipped
			}
			switch src[lx.pos+1] {
			case '/':
				i := bytes.IndexByte(src[lx.pos:], '\n')
				if i < 0 {
					lx.pos = len(src)
				} else {
					lx.pos += i
				}
				skipped = true
			case '*':
				i := bytes.Index(src[lx.pos+2:], []byte("*/"))
				if i < 0 {
					if !lx.skipping {
						lx.pp.errorf(codeUnterminatedComment, lx.posAt(lx.pos), "unterminated /* comment")
					}
					lx.pos = len(src)
				} else {
					// A comment is one space, even across lines: the next token
					// does not start a line (so '/*\n*/ #x' is no directive).
					lx.pos += i + 4
				}
				skipped = true
			default:
				return skipped
			}
		default:
			return skipped
		}
	}
	return skipped
}

// next scans one token.
func (lx *lexer) next() ptok {
	var t ptok
	lx.scan(&t)
	return t
}

// scan scans one token into *t, which is zero. The preprocessor's main
// loop scans into a token of its own: returning a ptok (48 bytes) through
// each layer copied it several times per token.
func (lx *lexer) scan(t *ptok) {
	space := lx.skipSpace()
	if lx.atBOL {
		t.Flags |= token.StartOfLine
	}
	src := lx.src
	start := lx.pos
	// Whitespace counts as leading space unless the token starts its
	// line (clang: a newline right before a token is not "space").
	if space && start > 0 && src[start-1] != '\n' {
		t.Flags |= token.LeadingSpace
	}
	t.Pos = lx.posAt(start)
	if start >= len(src) {
		if lx.directive {
			t.Kind = kEOD
		} else {
			t.Kind = token.EOF
		}
		return
	}
	c := src[start]
	if c == '\n' { // only in directive mode
		t.Kind = kEOD
		return
	}
	lx.atBOL = false
	switch {
	case isIdentStart(c):
		i := start + 1
		for i < len(src) && isIdentBody(src[i]) {
			i++
		}
		// L"..." and L'.' are wide literals in clang's C++ lexing (HLSL has
		// no use for them, but pasting and printing must agree with DXC).
		if i == start+1 && c == 'L' && i < len(src) && (src[i] == '"' || src[i] == '\'') {
			end, ok := lx.scanQuoted(i, src[i])
			lx.pos = end
			t.Text = string(src[start:lx.pos])
			t.Kind = quotedKind(ok, src[i])
			return
		}
		lx.pos = i
		t.Kind = token.Ident
		t.Text = lx.text[start:i]
		return
	case isDigit(c) || c == '.' && start+1 < len(src) && isDigit(src[start+1]):
		lx.pos = scanNumber(src, start)
		t.Text = lx.text[start:lx.pos]
		t.Kind = classifyNumber(t.Text)
		return
	case c == '"' || c == '\'':
		end, ok := lx.scanQuoted(start, c)
		lx.pos = end
		t.Text = string(src[start:lx.pos])
		t.Kind = quotedKind(ok, c)
		if t.Kind == token.Char && t.Text == "''" && !lx.skipping {
			lx.pp.warn(codeEmptyChar, t.Pos, "empty character constant")
		}
		return
	}
	p := punct(src[start:])
	if p == "" {
		// One character (or one UTF-8 sequence head) that starts no token.
		lx.pos = start + 1
		t.Kind = token.Unknown
		t.Text = string(src[start:lx.pos])
		return
	}
	lx.pos = start + len(p)
	t.Kind = token.Punct
	t.Text = p
}

// scanNumber returns the end of the pp-number starting at start, with
// DXC's HLSL rules: '#' may appear (1.#INF), a second '.' ends the number,
// and a '.' followed by 'x' or 'r' is left for a swizzle (1.xxx).
func scanNumber(src []byte, start int) int {
	i := start
	periods := 0
	var prev byte
	for i < len(src) {
		c := src[i]
		switch {
		case isIdentBody(c) || c == '#':
		case c == '.':
			if periods > 0 {
				return i
			}
			if i+1 < len(src) && (src[i+1] == 'x' || src[i+1] == 'r') && i > start {
				return i
			}
			periods++
		case (c == '+' || c == '-') && (prev == 'e' || prev == 'E' || prev == 'p' || prev == 'P'):
			if (prev == 'p' || prev == 'P') && !isHexPrefix(src[start:]) {
				return i
			}
		default:
			return i
		}
		prev = c
		i++
	}
	return i
}

func isHexPrefix(b []byte) bool {
	return len(b) >= 2 && b[0] == '0' && (b[1] == 'x' || b[1] == 'X')
}

// classifyNumber tells integer from floating literals by their spelling.
func classifyNumber(s string) token.Kind {
	hex := len(s) >= 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X')
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '.', '#':
			return token.Float
		case 'e', 'E':
			if !hex {
				return token.Float
			}
		case 'p', 'P':
			if hex {
				return token.Float
			}
		}
	}
	return token.Int
}

// quotedKind is String or Char, or Unknown for an unterminated literal
// (clang warns and makes it an unknown token, which the parser rejects).
func quotedKind(terminated bool, q byte) token.Kind {
	if !terminated {
		return token.Unknown
	}
	if q == '"' {
		return token.String
	}
	return token.Char
}

// scanQuoted returns the end of a string or character literal. An
// unterminated literal is diagnosed (a warning, as in clang) and ends at
// the end of the line.
func (lx *lexer) scanQuoted(start int, q byte) (end int, terminated bool) {
	src := lx.src
	i := start + 1
	for i < len(src) {
		c := src[i]
		if c == q {
			return i + 1, true
		}
		if c == '\\' && i+1 < len(src) && src[i+1] != '\n' {
			i += 2
			continue
		}
		if c == '\n' {
			break
		}
		i++
	}
	end = i
	if end > start+1 && src[end-1] == '\r' {
		end--
	}
	if !lx.skipping {
		if q == '"' {
			lx.pp.warn(codeUnterminatedString, lx.posAt(start), "missing terminating '\"' character")
		} else {
			lx.pp.warn(codeUnterminatedChar, lx.posAt(start), "missing terminating ' character")
		}
	}
	return end, false
}

// punctuators, longest first within each leading character.
var puncts = [256][]string{
	'!': {"!=", "!"},
	'#': {"##", "#"},
	'%': {"%=", "%"},
	'&': {"&&", "&=", "&"},
	'(': {"("},
	')': {")"},
	'*': {"*=", "*"},
	'+': {"++", "+=", "+"},
	',': {","},
	'-': {"->*", "->", "--", "-=", "-"}, // ->* and .* : HLSL is lexed as C++
	'.': {"...", ".*", "."},
	'/': {"/=", "/"},
	':': {"::", ":"},
	';': {";"},
	'<': {"<<=", "<<", "<=", "<"},
	'=': {"==", "="},
	'>': {">>=", ">>", ">=", ">"},
	'?': {"?"},
	'[': {"["},
	']': {"]"},
	'^': {"^=", "^"},
	'{': {"{"},
	'|': {"||", "|=", "|"},
	'}': {"}"},
	'~': {"~"},
}

// punct returns the punctuator at the start of b, or "" when b starts
// with none: the static string of puncts, so that tokens share it rather
// than allocating. Every candidate starts with b[0].
func punct(b []byte) string {
	for _, p := range puncts[b[0]] {
		if len(p) <= len(b) && (len(p) == 1 || string(b[1:len(p)]) == p[1:]) {
			return p
		}
	}
	return ""
}

// restOfLine returns the raw text to the end of the directive line, less
// leading blanks,
// and leaves the lexer at the newline (for #error, #warning, #pragma text).
func (lx *lexer) restOfLine() string {
	start := lx.pos
	i := start
	for i < len(lx.src) && lx.src[i] != '\n' {
		i++
	}
	lx.pos = i
	// clang keeps trailing blanks (not a CR of a CRLF line end).
	return string(bytes.TrimRight(bytes.TrimLeft(lx.src[start:i], " \t\f\v"), "\r"))
}

// headerName scans <...> after #include when the next character is '<'. It
// returns ok=false (lexer unchanged) when the line does not start with '<',
// and an empty name after diagnosing a missing '>'.
func (lx *lexer) headerName() (name string, pos diag.Pos, ok bool) {
	lx.skipSpace()
	if lx.pos >= len(lx.src) || lx.src[lx.pos] != '<' {
		return "", 0, false
	}
	start := lx.pos
	i := start + 1
	for i < len(lx.src) && lx.src[i] != '>' && lx.src[i] != '\n' {
		i++
	}
	if i >= len(lx.src) || lx.src[i] != '>' {
		// clang: "expected '>'" at the end of the line, "to match this '<'".
		lx.pp.addDiag(diag.Diagnostic{Severity: diag.Error, Code: diag.PPBase + codeExpectedFilename, Pos: lx.posAt(i),
			Msg: "expected '>'", Notes: []diag.Diagnostic{{Severity: diag.Note, Pos: lx.posAt(start), Msg: "to match this '<'"}}})
		lx.pos = i
		return "", lx.posAt(start), true
	}
	lx.pos = i + 1
	return string(lx.src[start+1 : i]), lx.posAt(start), true
}

// nextIsLParen reports whether the next token is '(' without consuming
// anything and without diagnosing (clang's isNextPPTokenLParen). Newlines
// count as space outside directives; a '#' starting a line is not '('.
func (lx *lexer) nextIsLParen() (yes, atEOF bool) {
	save := *lx
	lx.skipping = true // no diagnostics from a peek
	lx.skipSpace()
	if lx.pos >= len(lx.src) {
		*lx = save
		return false, true
	}
	yes = lx.src[lx.pos] == '('
	*lx = save
	return yes, false
}
