package filecheck

// This file parses the regular expressions FileCheck patterns are made of.
//
// LLVM's FileCheck compiles its patterns with llvm::Regex, Henry Spencer's
// POSIX extended-regular-expression engine, with REG_NEWLINE: "." and negated
// bracket expressions never match a newline, "^" and "$" match at line
// boundaries, and the match is leftmost-longest. Its dialect differs from Go's
// RE2 syntax in ways that matter for CHECK lines: a backslash before any
// character other than 1-9 makes that character literal ("\d" is "d", "\n" is
// "n"), a backslash inside brackets is an ordinary character, "{" is literal
// unless a digit follows, "\1".."\9" are back-references, bounds stop at 255,
// and empty alternatives are errors. So the pattern is parsed here, by
// Spencer's grammar, into a small tree; that tree is then either rendered as
// Go syntax for package regexp (the common case) or, when it uses something
// RE2 cannot express (back-references, word-boundary brackets), run by the
// byte-level backtracking matcher in backtrack.go.

import (
	"fmt"
	"strings"
)

type reOp uint8

const (
	reLit     reOp = iota // one byte
	reSet                 // a bracket expression, "." included
	reBOL                 // ^
	reEOL                 // $
	reBOW                 // [[:<:]]
	reEOW                 // [[:>:]]
	reConcat              // subs in sequence
	reAlt                 // subs as alternatives
	reGroup               // capturing group number cap
	reRepeat              // sub[0] repeated min..max times (max < 0: unbounded)
	reBackref             // \cap
	reEmpty               // the empty string
)

type reNode struct {
	op       reOp
	lit      byte
	set      *byteSet
	subs     []*reNode
	cap      int
	min, max int
}

// byteSet is a set of bytes.
type byteSet [4]uint64

func (s *byteSet) add(c byte)      { s[c>>6] |= 1 << (c & 63) }
func (s *byteSet) del(c byte)      { s[c>>6] &^= 1 << (c & 63) }
func (s *byteSet) has(c byte) bool { return s[c>>6]&(1<<(c&63)) != 0 }
func (s *byteSet) addRange(lo, hi byte) {
	for c := int(lo); c <= int(hi); c++ {
		s.add(byte(c))
	}
}

// reError is a regex syntax error, worded like regerror(3) in LLVM.
type reError struct{ msg string }

func (e *reError) Error() string { return e.msg }

// Messages as llvm::Regex reports them.
var (
	errEmpty    = &reError{"empty (sub)expression"}
	errBadRpt   = &reError{"repetition-operator operand invalid"}
	errParen    = &reError{"parentheses not balanced"}
	errEscape   = &reError{"trailing backslash (\\)"}
	errSubReg   = &reError{"invalid backreference number"}
	errBrack    = &reError{"brackets ([ ]) not balanced"}
	errRange    = &reError{"invalid character range"}
	errCType    = &reError{"invalid character class"}
	errCollate  = &reError{"invalid collating element"}
	errBadBr    = &reError{"invalid repetition count(s)"}
	errBrace    = &reError{"braces not balanced"}
	errTooLarge = &reError{"regular expression too big"}
)

// dupMax is RE_DUP_MAX: the largest bound in {m,n}.
const dupMax = 255

type ereParser struct {
	s      string
	i      int
	ncap   int
	closed []bool // closed[n]: group n has been closed (so \n may refer to it)
	icase  bool
	nodes  int
	needBT bool // uses something only the backtracker can run
	arena  []reNode
}

// parseERE parses an extended regular expression with LLVM's rules. It
// returns the tree and the number of capturing groups.
func parseERE(s string, icase bool) (*reNode, int, error) {
	p := &ereParser{s: s, icase: icase, closed: []bool{true}}
	n, err := p.ere(-1)
	if err != nil {
		return nil, 0, err
	}
	if p.i < len(p.s) { // only a stray ')' stops the top level early
		return nil, 0, errParen
	}
	return n, p.ncap, nil
}

// ereGroups counts the capturing groups of a valid expression, as
// llvm::Regex::getNumMatches does.
func ereGroups(s string) (int, error) {
	_, n, err := parseERE(s, false)
	return n, err
}

func (p *ereParser) more() bool { return p.i < len(p.s) }
func (p *ereParser) peek() byte { return p.s[p.i] }
func (p *ereParser) peek2() (byte, bool) {
	if p.i+1 < len(p.s) {
		return p.s[p.i+1], true
	}
	return 0, false
}

func (p *ereParser) node(n *reNode) (*reNode, error) {
	p.nodes++
	if p.nodes > 1<<16 {
		return nil, errTooLarge
	}
	return n, nil
}

// ere parses alternatives of concatenations up to stop (')' or -1 for the end).
func (p *ereParser) ere(stop int) (*reNode, error) {
	var alts []*reNode
	for {
		var conc []*reNode
		for p.more() && p.peek() != '|' && int(p.peek()) != stop {
			n, err := p.exp()
			if err != nil {
				return nil, err
			}
			conc = append(conc, n)
		}
		if len(conc) == 0 {
			return nil, errEmpty
		}
		alts = append(alts, &reNode{op: reConcat, subs: conc})
		if !p.more() || p.peek() != '|' {
			break
		}
		p.i++
	}
	if len(alts) == 1 {
		return alts[0], nil
	}
	return p.node(&reNode{op: reAlt, subs: alts})
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

func (p *ereParser) isRepeatAhead() bool {
	if !p.more() {
		return false
	}
	c := p.peek()
	if c == '*' || c == '+' || c == '?' {
		return true
	}
	if c == '{' {
		d, ok := p.peek2()
		return ok && isDigit(d)
	}
	return false
}

// exp parses one atom and its optional repetition.
func (p *ereParser) exp() (*reNode, error) {
	c := p.s[p.i]
	p.i++
	var atom *reNode
	wasCaret := false
	switch c {
	case '(':
		if !p.more() {
			return nil, errParen
		}
		p.ncap++
		n := p.ncap
		for len(p.closed) <= n {
			p.closed = append(p.closed, false)
		}
		var body *reNode = &reNode{op: reEmpty}
		if p.peek() != ')' {
			b, err := p.ere(')')
			if err != nil {
				return nil, err
			}
			body = b
		}
		if !p.more() || p.peek() != ')' {
			return nil, errParen
		}
		p.i++
		p.closed[n] = true
		atom = &reNode{op: reGroup, cap: n, subs: []*reNode{body}}
	case ')':
		return nil, errParen
	case '^':
		atom = &reNode{op: reBOL}
		wasCaret = true
	case '$':
		atom = &reNode{op: reEOL}
	case '|':
		return nil, errEmpty
	case '*', '+', '?':
		return nil, errBadRpt
	case '.':
		var s byteSet
		for i := 0; i < 256; i++ {
			s.add(byte(i))
		}
		s.del('\n')
		atom = &reNode{op: reSet, set: &s}
	case '[':
		n, err := p.bracket()
		if err != nil {
			return nil, err
		}
		atom = n
	case '\\':
		if !p.more() {
			return nil, errEscape
		}
		c = p.s[p.i]
		p.i++
		if c >= '1' && c <= '9' {
			n := int(c - '0')
			if n >= len(p.closed) || !p.closed[n] {
				return nil, errSubReg
			}
			atom = &reNode{op: reBackref, cap: n}
			p.needBT = true
		} else {
			atom = p.ordinary(c)
		}
	case '{':
		if p.more() && isDigit(p.peek()) {
			return nil, errBadRpt
		}
		atom = p.ordinary(c)
	default:
		atom = p.ordinary(c)
	}
	if _, err := p.node(atom); err != nil {
		return nil, err
	}
	if !p.isRepeatAhead() {
		return atom, nil
	}
	r := p.s[p.i]
	p.i++
	if wasCaret {
		return nil, errBadRpt
	}
	rep := &reNode{op: reRepeat, subs: []*reNode{atom}}
	switch r {
	case '*':
		rep.min, rep.max = 0, -1
	case '+':
		rep.min, rep.max = 1, -1
	case '?':
		rep.min, rep.max = 0, 1
	case '{':
		lo, err := p.count()
		if err != nil {
			return nil, err
		}
		hi := lo
		if p.more() && p.peek() == ',' {
			p.i++
			if p.more() && isDigit(p.peek()) {
				if hi, err = p.count(); err != nil {
					return nil, err
				}
				if lo > hi {
					return nil, errBadBr
				}
			} else {
				hi = -1
			}
		}
		if !p.more() || p.peek() != '}' {
			for p.more() && p.peek() != '}' {
				p.i++
			}
			if !p.more() {
				return nil, errBrace
			}
			return nil, errBadBr
		}
		p.i++
		rep.min, rep.max = lo, hi
	}
	if p.isRepeatAhead() {
		return nil, errBadRpt
	}
	return p.node(rep)
}

func (p *ereParser) count() (int, error) {
	n, digits := 0, 0
	for p.more() && isDigit(p.peek()) && n <= dupMax {
		n = n*10 + int(p.peek()-'0')
		p.i++
		digits++
	}
	if digits == 0 || n > dupMax {
		return 0, errBadBr
	}
	return n, nil
}

func otherCase(c byte) (byte, bool) {
	switch {
	case c >= 'a' && c <= 'z':
		return c - 'a' + 'A', true
	case c >= 'A' && c <= 'Z':
		return c - 'A' + 'a', true
	}
	return 0, false
}

func (p *ereParser) ordinary(c byte) *reNode {
	if p.icase {
		if o, ok := otherCase(c); ok {
			var s byteSet
			s.add(c)
			s.add(o)
			return &reNode{op: reSet, set: &s}
		}
	}
	return p.alloc(reNode{op: reLit, lit: c})
}

// alloc takes a node from a chunk: a pattern is mostly literal bytes, one
// node each, and a heap allocation per byte dominated compile time.
func (p *ereParser) alloc(n reNode) *reNode {
	if len(p.arena) == cap(p.arena) {
		p.arena = make([]reNode, 0, 32)
	}
	p.arena = append(p.arena, n)
	return &p.arena[len(p.arena)-1]
}

// bracket parses a bracket expression; the '[' is consumed.
func (p *ereParser) bracket() (*reNode, error) {
	rest := p.s[p.i:]
	if strings.HasPrefix(rest, "[:<:]]") {
		p.i += 6
		p.needBT = true
		return &reNode{op: reBOW}, nil
	}
	if strings.HasPrefix(rest, "[:>:]]") {
		p.i += 6
		p.needBT = true
		return &reNode{op: reEOW}, nil
	}
	var s byteSet
	invert := false
	if p.more() && p.peek() == '^' {
		invert = true
		p.i++
	}
	if p.more() && p.peek() == ']' {
		s.add(']')
		p.i++
	} else if p.more() && p.peek() == '-' {
		s.add('-')
		p.i++
	}
	for p.more() && p.peek() != ']' && !strings.HasPrefix(p.s[p.i:], "-]") {
		if err := p.bracketTerm(&s); err != nil {
			return nil, err
		}
	}
	if p.more() && p.peek() == '-' {
		s.add('-')
		p.i++
	}
	if !p.more() || p.peek() != ']' {
		return nil, errBrack
	}
	p.i++
	if p.icase {
		for c := 0; c < 256; c++ {
			if s.has(byte(c)) {
				if o, ok := otherCase(byte(c)); ok {
					s.add(o)
				}
			}
		}
	}
	if invert {
		for i := range s {
			s[i] = ^s[i]
		}
		s.del('\n')
	}
	return &reNode{op: reSet, set: &s}, nil
}

func (p *ereParser) bracketTerm(s *byteSet) error {
	var kind byte
	switch p.peek() {
	case '[':
		if c, ok := p.peek2(); ok {
			kind = c
		}
	case '-':
		return errRange
	}
	switch kind {
	case ':':
		p.i += 2
		if !p.more() {
			return errBrack
		}
		if c := p.peek(); c == '-' || c == ']' {
			return errCType
		}
		start := p.i
		for p.more() && isAlpha(p.peek()) {
			p.i++
		}
		class, ok := posixClasses[p.s[start:p.i]]
		if !ok {
			return errCType
		}
		for c := 0; c < 256; c++ {
			if class(byte(c)) {
				s.add(byte(c))
			}
		}
		if !p.more() {
			return errBrack
		}
		if !strings.HasPrefix(p.s[p.i:], ":]") {
			return errCType
		}
		p.i += 2
	case '=':
		p.i += 2
		if !p.more() {
			return errBrack
		}
		if c := p.peek(); c == '-' || c == ']' {
			return errCollate
		}
		c, err := p.collElem('=')
		if err != nil {
			return err
		}
		s.add(c)
		if !p.more() {
			return errBrack
		}
		if !strings.HasPrefix(p.s[p.i:], "=]") {
			return errCollate
		}
		p.i += 2
	default:
		start, err := p.bracketSymbol()
		if err != nil {
			return err
		}
		finish := start
		if p.more() && p.peek() == '-' {
			if c, ok := p.peek2(); ok && c != ']' {
				p.i++
				if p.peek() == '-' {
					p.i++
					finish = '-'
				} else if finish, err = p.bracketSymbol(); err != nil {
					return err
				}
			}
		}
		if start > finish {
			return errRange
		}
		s.addRange(start, finish)
	}
	return nil
}

func (p *ereParser) bracketSymbol() (byte, error) {
	if !p.more() {
		return 0, errBrack
	}
	if !strings.HasPrefix(p.s[p.i:], "[.") {
		c := p.s[p.i]
		p.i++
		return c, nil
	}
	p.i += 2
	c, err := p.collElem('.')
	if err != nil {
		return 0, err
	}
	if !strings.HasPrefix(p.s[p.i:], ".]") {
		return 0, errCollate
	}
	p.i += 2
	return c, nil
}

// collElem reads a collating element up to end followed by ']'.
func (p *ereParser) collElem(end byte) (byte, error) {
	start := p.i
	for p.more() && !strings.HasPrefix(p.s[p.i:], string([]byte{end, ']'})) {
		p.i++
	}
	if !p.more() {
		return 0, errBrack
	}
	name := p.s[start:p.i]
	if c, ok := collatingNames[name]; ok {
		return c, nil
	}
	if len(name) == 1 {
		return name[0], nil
	}
	return 0, errCollate
}

func isAlpha(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }

var posixClasses = map[string]func(c byte) bool{
	"alnum":  func(c byte) bool { return isAlpha(c) || isDigit(c) },
	"alpha":  isAlpha,
	"blank":  func(c byte) bool { return c == ' ' || c == '\t' },
	"cntrl":  func(c byte) bool { return c < 0x20 || c == 0x7f },
	"digit":  isDigit,
	"graph":  func(c byte) bool { return c > 0x20 && c < 0x7f },
	"lower":  func(c byte) bool { return c >= 'a' && c <= 'z' },
	"print":  func(c byte) bool { return c >= 0x20 && c < 0x7f },
	"punct":  func(c byte) bool { return c > 0x20 && c < 0x7f && !isAlpha(c) && !isDigit(c) },
	"space":  func(c byte) bool { return c == ' ' || c >= '\t' && c <= '\r' },
	"upper":  func(c byte) bool { return c >= 'A' && c <= 'Z' },
	"xdigit": func(c byte) bool { return isDigit(c) || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F' },
}

// collatingNames are the POSIX names of single characters usable as [.name.]
// and [=name=] (a subset of the table in Spencer's cname.h).
var collatingNames = map[string]byte{
	"NUL": 0, "tab": '\t', "newline": '\n', "vertical-tab": '\v', "form-feed": '\f',
	"carriage-return": '\r', "space": ' ', "exclamation-mark": '!', "quotation-mark": '"',
	"number-sign": '#', "dollar-sign": '$', "percent-sign": '%', "ampersand": '&',
	"apostrophe": '\'', "left-parenthesis": '(', "right-parenthesis": ')', "asterisk": '*',
	"plus-sign": '+', "comma": ',', "hyphen": '-', "hyphen-minus": '-', "period": '.',
	"full-stop": '.', "slash": '/', "solidus": '/', "zero": '0', "one": '1', "two": '2',
	"three": '3', "four": '4', "five": '5', "six": '6', "seven": '7', "eight": '8',
	"nine": '9', "colon": ':', "semicolon": ';', "less-than-sign": '<', "equals-sign": '=',
	"greater-than-sign": '>', "question-mark": '?', "commercial-at": '@',
	"left-square-bracket": '[', "backslash": '\\', "reverse-solidus": '\\',
	"right-square-bracket": ']', "circumflex": '^', "circumflex-accent": '^',
	"underscore": '_', "low-line": '_', "grave-accent": '`', "left-brace": '{',
	"left-curly-bracket": '{', "vertical-line": '|', "right-brace": '}',
	"right-curly-bracket": '}', "tilde": '~', "DEL": 0x7f,
}

// escapeERE quotes s so that it matches itself, as llvm::Regex::escape does.
func escapeERE(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if strings.IndexByte(`()^$|*+?.[]\{}`, s[i]) >= 0 {
			b.WriteByte('\\')
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

// goSyntax renders the tree as a Go regexp (RE2) pattern with the same
// meaning, or reports false when RE2 cannot express it (back-references,
// word boundaries). Go matches runes, LLVM bytes; so byte b >= 0x80 is
// rendered as rune U+00b, and the pattern runs on the Latin-1 view of the
// input (see subject), where every byte is one rune.
func goSyntax(n *reNode) (string, bool) {
	var b strings.Builder
	ok := writeGo(&b, n)
	return b.String(), ok
}

func writeGo(b *strings.Builder, n *reNode) bool {
	switch n.op {
	case reLit:
		b.WriteString(quoteGoByte(n.lit))
	case reSet:
		writeGoSet(b, n.set)
	case reBOL:
		b.WriteString(`(?m:^)`)
	case reEOL:
		b.WriteString(`(?m:$)`)
	case reConcat:
		for _, s := range n.subs {
			if !writeGo(b, s) {
				return false
			}
		}
	case reAlt:
		b.WriteString("(?:")
		for i, s := range n.subs {
			if i > 0 {
				b.WriteByte('|')
			}
			if !writeGo(b, s) {
				return false
			}
		}
		b.WriteString(")")
	case reGroup:
		b.WriteString("(")
		if !writeGo(b, n.subs[0]) {
			return false
		}
		b.WriteString(")")
	case reRepeat:
		b.WriteString("(?:")
		if !writeGo(b, n.subs[0]) {
			return false
		}
		b.WriteString(")")
		switch {
		case n.min == 0 && n.max < 0:
			b.WriteString("*")
		case n.min == 1 && n.max < 0:
			b.WriteString("+")
		case n.min == 0 && n.max == 1:
			b.WriteString("?")
		case n.max < 0:
			fmt.Fprintf(b, "{%d,}", n.min)
		case n.min == n.max:
			fmt.Fprintf(b, "{%d}", n.min)
		default:
			fmt.Fprintf(b, "{%d,%d}", n.min, n.max)
		}
	case reEmpty:
		b.WriteString("(?:)")
	default:
		return false
	}
	return true
}

// quoteGoByte renders one byte (as a rune, see goSyntax).
func quoteGoByte(c byte) string {
	if c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '_' || c == ' ' {
		return string(rune(c))
	}
	return fmt.Sprintf(`\x{%x}`, c)
}

// writeGoSet renders a byte set as a Go character class over runes
// U+0000-U+00FF (see goSyntax).
func writeGoSet(b *strings.Builder, s *byteSet) {
	b.WriteString("[")
	empty := true
	for c := 0; c < 0x100; {
		if !s.has(byte(c)) {
			c++
			continue
		}
		lo := c
		for c < 0x100 && s.has(byte(c)) {
			c++
		}
		empty = false
		if c-1 == lo {
			fmt.Fprintf(b, `\x{%x}`, lo)
		} else {
			fmt.Fprintf(b, `\x{%x}-\x{%x}`, lo, c-1)
		}
	}
	if empty {
		// Cannot happen from the parser (a bracket holds at least one
		// byte), but an empty class must match nothing.
		b.WriteString(`^\x00-\x{10ffff}`)
	}
	b.WriteString("]")
}

// supersetGo renders the tree as a Go pattern that matches at least every
// string the tree matches at a given start: anchors and word boundaries are
// dropped and a back-reference becomes a copy of the group it names. The
// backtracker uses it to find candidate start positions quickly.
func supersetGo(n *reNode, groups map[int]*reNode) (string, bool) {
	var b strings.Builder
	ok := writeSuperset(&b, n, groups)
	return b.String(), ok
}

func collectGroups(n *reNode, m map[int]*reNode) {
	if n.op == reGroup {
		m[n.cap] = n.subs[0]
	}
	for _, s := range n.subs {
		collectGroups(s, m)
	}
}

func writeSuperset(b *strings.Builder, n *reNode, groups map[int]*reNode) bool {
	switch n.op {
	case reLit:
		b.WriteString(quoteGoByte(n.lit))
	case reSet:
		writeGoSet(b, n.set)
	case reBOL, reEOL, reBOW, reEOW, reEmpty:
		b.WriteString("(?:)")
	case reBackref:
		b.WriteString("(?:")
		if !writeSuperset(b, groups[n.cap], groups) {
			return false
		}
		b.WriteString(")")
	case reConcat, reAlt, reGroup, reRepeat:
		// Same shapes as writeGo, with superset leaves.
		cp := *n
		subs := make([]string, len(n.subs))
		for i, s := range n.subs {
			var sb strings.Builder
			if !writeSuperset(&sb, s, groups) {
				return false
			}
			subs[i] = sb.String()
		}
		switch cp.op {
		case reConcat:
			b.WriteString(strings.Join(subs, ""))
		case reAlt:
			b.WriteString("(?:" + strings.Join(subs, "|") + ")")
		case reGroup:
			b.WriteString("(?:" + subs[0] + ")")
		case reRepeat:
			b.WriteString("(?:" + subs[0] + ")")
			switch {
			case n.max < 0:
				fmt.Fprintf(b, "{%d,}", n.min)
			case n.min == n.max:
				fmt.Fprintf(b, "{%d}", n.min)
			default:
				fmt.Fprintf(b, "{%d,%d}", n.min, n.max)
			}
		}
	}
	return true
}
