package pp

import (
	"math"
	"strconv"
	"strings"

	"github.com/hlsl2spirv/hlsl2spirv/frontend/diag"
	"github.com/hlsl2spirv/hlsl2spirv/frontend/token"
)

// value is a #if operand: intmax_t or uintmax_t, as C says.
type value struct {
	v        uint64
	unsigned bool
}

func (v value) isTrue() bool { return v.v != 0 }

// exprParser evaluates a #if expression over macro-expanded tokens.
type exprParser struct {
	p    *preprocessor
	toks []ptok
	i    int
	end  diag.Pos // position of the end of the line, for "expected value"
	err  bool
	dep  int
}

// evalCondition reads and evaluates the expression of #if or #elif.
func (p *preprocessor) evalCondition(c *context, dir ptok) bool {
	lx := c.lx
	raw := p.directiveTokens(lx)
	// "#if !defined X" at the top of a file is an include guard too.
	if dir.Text == "if" && c.guard == guardInside && len(c.conds) == 0 {
		c.guardMacro = notDefinedName(raw)
		if c.guardMacro == "" {
			c.guard = guardNone
		}
	}
	endPos := lx.posAt(lx.pos)
	toks, ok := p.expandCondition(raw, dir.Pos, endPos)
	if !ok {
		return false
	}
	if len(toks) == 0 {
		p.errorf(codeExprExpectedValue, endPos, "expected value in expression")
		return false
	}
	e := &exprParser{p: p, toks: toks, end: endPos}
	// As clang: a value, then binary operators binding at least as
	// tightly as '?'; a top-level ',' or ':' or ')' is left over.
	v := e.unary(true)
	if !e.err {
		v = e.binaryOps(v, precQuestion, true)
	}
	if e.err {
		return false
	}
	if t, ok := e.peek(); ok {
		e.fail(t, codeExprExpectedEOL, "expected end of line in preprocessor expression")
		return false
	}
	return v.isTrue()
}

// notDefinedName returns X for the tokens "! defined X" or
// "! defined ( X )", else "".
func notDefinedName(toks []ptok) string {
	switch {
	case len(toks) == 3 && isPunct(toks[0], "!") && toks[1].Text == "defined" && toks[2].Kind == token.Ident:
		return toks[2].Text
	case len(toks) == 5 && isPunct(toks[0], "!") && toks[1].Text == "defined" && isPunct(toks[2], "(") &&
		toks[3].Kind == token.Ident && isPunct(toks[4], ")"):
		return toks[3].Text
	}
	return ""
}

// expandCondition macro-expands a #if line, replacing `defined X` and
// `defined ( X )` by 1 or 0 as it goes, so X is never expanded (also when
// `defined` comes out of a macro, which clang accepts with a warning). It
// returns ok=false after diagnosing a malformed `defined`.
func (p *preprocessor) expandCondition(raw []ptok, at, end diag.Pos) ([]ptok, bool) {
	if p.nesting >= maxNesting {
		p.fatalf(codeTooDeep, at, "macro arguments nested too deeply")
		return nil, false
	}
	p.nesting++
	defer func() { p.nesting-- }()
	savedPending := p.pending
	toks := make([]ptok, len(raw)+1)
	copy(toks, raw)
	toks[len(raw)] = ptok{Token: token.Token{Kind: kArgEnd, Pos: end}}
	p.stack = append(p.stack, &context{toks: toks})
	depth := len(p.stack)
	var out []ptok
	ok := true
	for ok && !p.fatal {
		t := p.lex()
		if t.Kind == kArgEnd || t.Kind == token.EOF {
			break
		}
		if t.Kind != token.Ident || t.Text != "defined" {
			out = append(out, t)
			continue
		}
		if t.Exp.IsValid() {
			p.warn(codeExpansionToDefined, t.Exp, "macro expansion producing 'defined' has undefined behavior")
		}
		name := p.lexRaw()
		lparen := name
		paren := isPunct(name, "(")
		if paren {
			name = p.lexRaw()
		}
		if name.Kind != token.Ident {
			pos, notes := p.locate(name)
			msg := "macro name must be an identifier"
			if name.Kind == kArgEnd {
				msg, notes = "macro name missing", nil
				p.unread(name)
			}
			p.addDiag(diag.Diagnostic{Severity: diag.Error, Code: diag.PPBase + codeDefinedNoIdent, Pos: pos, Msg: msg, Notes: notes})
			ok = false
			break
		}
		if paren {
			rp := p.lexRaw()
			if !isPunct(rp, ")") {
				pos, notes := p.locate(rp)
				if rp.Kind == kArgEnd {
					p.unread(rp)
					notes = nil
				}
				p.addDiag(diag.Diagnostic{Severity: diag.Error, Code: diag.PPBase + codeExprExpectedRParen, Pos: pos,
					Msg:   "missing ')' after 'defined'",
					Notes: append(notes, diag.Diagnostic{Severity: diag.Note, Pos: site(lparen), Msg: "to match this '('"})})
				ok = false
				break
			}
		}
		r := t
		r.Kind, r.Text = token.Int, "0"
		if p.macros[name.Text] != nil {
			r.Text = "1"
		}
		out = append(out, r)
	}
	for len(p.stack) >= depth {
		p.popContext()
	}
	p.pending = savedPending
	return out, ok
}

// Precedences of #if binary operators, clang's table: higher binds
// tighter; ')' and the end of the line are 0; a token that is no operator
// is -1.
const (
	precColon    = 2
	precComma    = 3
	precQuestion = 4
)

func binPrec(t ptok, ok bool) int {
	if !ok {
		return 0
	}
	if t.Kind != token.Punct {
		return -1
	}
	switch t.Text {
	case "*", "/", "%":
		return 14
	case "+", "-":
		return 13
	case "<<", ">>":
		return 12
	case "<", ">", "<=", ">=":
		return 11
	case "==", "!=":
		return 10
	case "&":
		return 9
	case "^":
		return 8
	case "|":
		return 7
	case "&&":
		return 6
	case "||":
		return 5
	case "?":
		return precQuestion
	case ",":
		return precComma
	case ":":
		return precColon
	case ")":
		return 0
	}
	return -1
}

// fail reports an error at token t (at its macro use, with an "expanded
// from macro" note, when t came from a macro body) and stops evaluation.
func (e *exprParser) fail(t ptok, code int, msg string) value {
	if !e.err {
		pos, notes := e.p.locate(t)
		e.p.addDiag(diag.Diagnostic{Severity: diag.Error, Code: diag.PPBase + diag.Code(code), Pos: pos, Msg: msg, Notes: notes})
	}
	e.err = true
	return value{}
}

// failPos reports an error at a position (the end of the line).
func (e *exprParser) failPos(pos diag.Pos, code int, msg string) value {
	return e.fail(ptok{Token: token.Token{Pos: pos}}, code, msg)
}

func (e *exprParser) peek() (ptok, bool) {
	if e.i < len(e.toks) {
		return e.toks[e.i], true
	}
	return ptok{}, false
}

func (e *exprParser) peekPrec() (ptok, int) {
	t, ok := e.peek()
	return t, binPrec(t, ok)
}

// binaryOps applies the binary operators that follow lhs and bind at least
// as tightly as minPrec (operator-precedence parsing as clang does it).
// live is false in the unevaluated side of && || ?:, where division by
// zero is not an error and nothing warns.
func (e *exprParser) binaryOps(lhs value, minPrec int, live bool) value {
	t, prec := e.peekPrec()
	if prec < 0 {
		return e.fail(t, codeExprBadBinop, "token is not a valid binary operator in a preprocessor subexpression")
	}
	for prec >= minPrec && !e.err {
		op := t
		e.i++
		rhsLive := live
		switch {
		case op.Text == "&&" && !lhs.isTrue(), op.Text == "||" && lhs.isTrue(), op.Text == "?" && !lhs.isTrue():
			rhsLive = false
		}
		rhs := e.unary(rhsLive)
		if e.err {
			return value{}
		}
		thisPrec := prec
		t, prec = e.peekPrec()
		if prec < 0 {
			return e.fail(t, codeExprBadBinop, "token is not a valid binary operator in a preprocessor subexpression")
		}
		// The middle of ?: is a whole (comma) expression; other operators
		// take what binds tighter than themselves.
		rhsPrec := thisPrec + 1
		if op.Text == "?" {
			rhsPrec = precComma
		}
		if prec >= rhsPrec {
			rhs = e.binaryOps(rhs, rhsPrec, rhsLive)
			if e.err {
				return value{}
			}
			t, prec = e.peekPrec()
		}
		switch op.Text {
		case "?":
			if !isPunct(t, ":") {
				pos, notes := e.p.locate(t)
				if e.i >= len(e.toks) {
					pos, notes = e.end, nil
				}
				e.p.addDiag(diag.Diagnostic{Severity: diag.Error, Code: diag.PPBase + codeExprExpectedColon, Pos: pos,
					Msg: "expected ':'", Notes: append(notes, diag.Diagnostic{Severity: diag.Note, Pos: op.Pos, Msg: "to match this '?'"})})
				e.err = true
				return value{}
			}
			e.i++
			afterLive := live && !lhs.isTrue()
			other := e.unary(afterLive)
			if !e.err {
				other = e.binaryOps(other, thisPrec, afterLive) // right associative
			}
			if e.err {
				return value{}
			}
			res := other
			if lhs.isTrue() {
				res = rhs
			}
			res.unsigned = rhs.unsigned || other.unsigned
			lhs = res
			t, prec = e.peekPrec()
		case ":":
			return e.fail(op, codeExprColon, "':' without preceding '?'")
		case ",":
			lhs = rhs // an extension clang accepts silently
		default:
			lhs = e.binary(op, lhs, rhs, live)
		}
	}
	return lhs
}

func (e *exprParser) overflow(op ptok) {
	e.p.warn(codeExprOverflow, op.Pos, "integer overflow in preprocessor expression")
}

func b2v(b bool) value {
	if b {
		return value{v: 1}
	}
	return value{}
}

func (e *exprParser) binary(op ptok, l, r value, live bool) value {
	switch op.Text {
	case "&&":
		return b2v(l.isTrue() && r.isTrue())
	case "||":
		return b2v(l.isTrue() || r.isTrue())
	case "<<", ">>":
		// The shift's type is the left operand's. As clang does it (APInt
		// shl_ov and >>), the amount is read as unsigned: a shift left by
		// 64 or more (or by a negative amount) gives 0 and overflows; a
		// shift right by that much shifts by 63.
		n := r.v
		if op.Text == "<<" {
			if n >= 64 {
				if live {
					e.overflow(op)
				}
				return value{0, l.unsigned}
			}
			res := value{l.v << n, l.unsigned}
			if live && !l.unsigned && int64(res.v)>>n != int64(l.v) {
				e.overflow(op)
			}
			return res
		}
		// clang reads a right shift's amount truncated to 32 bits.
		if n = uint64(uint32(n)); n >= 64 {
			if live {
				e.overflow(op)
			}
			n = 63
		}
		if l.unsigned {
			return value{l.v >> n, true}
		}
		return value{uint64(int64(l.v) >> n), false}
	}
	u := l.unsigned || r.unsigned
	if u && live && op.Text != "," {
		// clang warns when the usual conversions turn a negative value
		// into a huge unsigned one.
		if !l.unsigned && int64(l.v) < 0 {
			e.p.warn(codeExprConversion, op.Pos, "left side of operator converted from negative value to unsigned: %d to %d", int64(l.v), l.v)
		}
		if !r.unsigned && int64(r.v) < 0 {
			e.p.warn(codeExprConversion, op.Pos, "right side of operator converted from negative value to unsigned: %d to %d", int64(r.v), r.v)
		}
	}
	if !u && live {
		a, b := int64(l.v), int64(r.v)
		switch op.Text {
		case "+":
			if s := a + b; (s > a) != (b > 0) {
				e.overflow(op)
			}
		case "-":
			if s := a - b; (s < a) != (b > 0) {
				e.overflow(op)
			}
		case "*":
			if a != 0 && ((a*b)/a != b || a == -1 && b == math.MinInt64 || b == -1 && a == math.MinInt64) {
				e.overflow(op)
			}
		}
	}
	switch op.Text {
	case "*":
		return value{l.v * r.v, u}
	case "/", "%":
		if r.v == 0 {
			if live {
				if op.Text == "/" {
					return e.fail(op, codeDivByZero, "division by zero in preprocessor expression")
				}
				return e.fail(op, codeDivByZero, "remainder by zero in preprocessor expression")
			}
			return value{0, u}
		}
		if u {
			if op.Text == "/" {
				return value{l.v / r.v, true}
			}
			return value{l.v % r.v, true}
		}
		a, b := int64(l.v), int64(r.v)
		if b == -1 { // INT64_MIN / -1 overflows; clang warns and wraps
			if a == math.MinInt64 && live {
				e.overflow(op)
			}
			if op.Text == "/" {
				return value{uint64(-a), false}
			}
			return value{0, false}
		}
		if op.Text == "/" {
			return value{uint64(a / b), false}
		}
		return value{uint64(a % b), false}
	case "+":
		return value{l.v + r.v, u}
	case "-":
		return value{l.v - r.v, u}
	case "<", ">", "<=", ">=":
		var res bool
		if u {
			switch op.Text {
			case "<":
				res = l.v < r.v
			case ">":
				res = l.v > r.v
			case "<=":
				res = l.v <= r.v
			default:
				res = l.v >= r.v
			}
		} else {
			a, b := int64(l.v), int64(r.v)
			switch op.Text {
			case "<":
				res = a < b
			case ">":
				res = a > b
			case "<=":
				res = a <= b
			default:
				res = a >= b
			}
		}
		return b2v(res)
	case "==":
		return b2v(l.v == r.v)
	case "!=":
		return b2v(l.v != r.v)
	case "&":
		return value{l.v & r.v, u}
	case "^":
		return value{l.v ^ r.v, u}
	case "|":
		return value{l.v | r.v, u}
	}
	return e.fail(op, codeExprBadBinop, "token is not a valid binary operator in a preprocessor subexpression")
}

// unary parses a primary expression with its prefix operators.
func (e *exprParser) unary(live bool) value {
	// Prefix operators and parentheses recurse: bound the depth.
	if e.dep >= maxNesting {
		t, _ := e.peek()
		return e.fail(t, codeTooDeep, "preprocessor expression nested too deeply")
	}
	e.dep++
	defer func() { e.dep-- }()
	t, ok := e.peek()
	if !ok {
		return e.failPos(e.end, codeExprExpectedValue, "expected value in expression")
	}
	if isPunct(t, ")") {
		return e.fail(t, codeExprExpectedValue, "expected value in expression")
	}
	e.i++
	switch t.Kind {
	case token.Int:
		return e.intLiteral(t, live)
	case token.Char:
		return e.charLiteral(t)
	case token.Float:
		return e.fail(t, codeExprFloat, "floating point literal in preprocessor expression")
	case token.Ident:
		// Identifiers left after expansion are 0 (true is a keyword: 1).
		if t.Text == "true" {
			return value{v: 1}
		}
		return value{}
	case token.Punct:
		switch t.Text {
		case "(":
			v := e.unary(live)
			if !e.err {
				v = e.binaryOps(v, 1, live)
			}
			if e.err {
				return value{}
			}
			c, ok := e.peek()
			if !ok || !isPunct(c, ")") {
				pos, notes := e.end, []diag.Diagnostic(nil)
				if ok {
					pos, notes = e.p.locate(c)
				}
				e.p.addDiag(diag.Diagnostic{Severity: diag.Error, Code: diag.PPBase + codeExprExpectedRParen, Pos: pos,
					Msg:   "expected ')' in preprocessor expression",
					Notes: append(notes, diag.Diagnostic{Severity: diag.Note, Pos: t.Pos, Msg: "to match this '('"})})
				e.err = true
				return value{}
			}
			e.i++
			return v
		case "+":
			return e.unary(live)
		case "-":
			v := e.unary(live)
			if live && !v.unsigned && int64(v.v) == math.MinInt64 {
				e.overflow(t)
			}
			return value{-v.v, v.unsigned}
		case "~":
			v := e.unary(live)
			return value{^v.v, v.unsigned}
		case "!":
			v := e.unary(live)
			return b2v(!v.isTrue())
		}
	case token.String:
		return e.fail(t, codeExprBadStart, "invalid token at start of a preprocessor expression")
	}
	return e.fail(t, codeExprBadStart, "invalid token at start of a preprocessor expression")
}

// intLiteral evaluates an integer literal: decimal, 0x hex, 0 octal, 0b
// binary, with clang's suffixes u, l, ll in any order and case (u makes it
// unsigned; so does a value too big for intmax_t).
func (e *exprParser) intLiteral(t ptok, live bool) value {
	s := t.Text
	base, i := 10, 0
	switch {
	case len(s) > 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X'):
		base, i = 16, 2
	case len(s) > 2 && s[0] == '0' && (s[1] == 'b' || s[1] == 'B'):
		base, i = 2, 2
	case s[0] == '0':
		base = 8 // the leading 0 is a digit too ("0u" is zero)
	}
	start := i
	for i < len(s) && digitValue(s[i]) < base {
		i++
	}
	// Digits of a bigger base are errors of their own in clang.
	if i < len(s) {
		c := s[i]
		switch {
		case base == 8 && (c == '8' || c == '9'):
			return e.failAtOffset(t, i, codeExprBadNumber, "invalid digit '"+s[i:i+1]+"' in octal constant")
		case base == 2 && isDigit(c):
			return e.failAtOffset(t, i, codeExprBadNumber, "invalid digit '"+s[i:i+1]+"' in binary constant")
		case base == 10 && isHex(c) && c != 'e' && c != 'E':
			return e.failAtOffset(t, i, codeExprBadNumber, "invalid digit '"+s[i:i+1]+"' in decimal constant")
		}
	}
	digits := s[start:i]
	suffix := s[i:]
	unsigned := false
	switch strings.ToLower(suffix) {
	case "", "l", "ll":
	case "u", "ul", "lu", "ull", "llu":
		unsigned = true
	default:
		return e.failAtOffset(t, i, codeExprBadNumber, "invalid suffix '"+suffix+"' on integer constant")
	}
	if digits == "" {
		return e.fail(t, codeExprBadNumber, "invalid integer literal '"+s+"' in preprocessor expression")
	}
	n, err := strconv.ParseUint(digits, base, 64)
	if err != nil {
		return e.fail(t, codeExprBadNumber, "integer literal is too large to be represented in any integer type")
	}
	if n > 1<<63-1 && !unsigned {
		// Octal, hex and binary literals quietly become unsigned; clang
		// warns about a decimal one (where it is evaluated).
		unsigned = true
		if base == 10 && live {
			e.p.warn(codeExprTooBig, site(t), "integer literal is too large to be represented in a signed integer type, interpreting as unsigned")
		}
	}
	return value{n, unsigned}
}

// digitValue is the value of a digit in bases up to 16 (99 for a non-digit).
func digitValue(c byte) int {
	switch {
	case isDigit(c):
		return int(c - '0')
	case c >= 'a' && c <= 'f':
		return int(c-'a') + 10
	case c >= 'A' && c <= 'F':
		return int(c-'A') + 10
	}
	return 99
}

// failAtOffset reports an error at a byte inside a token spelled in the
// file (clang points inside literals), else at the token.
func (e *exprParser) failAtOffset(t ptok, off int, code int, msg string) value {
	if !t.Exp.IsValid() {
		t.Pos += diag.Pos(off)
	}
	return e.fail(t, code, msg)
}

// charLiteral evaluates 'c' and its escapes as clang does for a plain
// char: a signed char value; multi-character constants combine bytes.
func (e *exprParser) charLiteral(t ptok) value {
	s := t.Text
	if s[0] == 'L' {
		s = s[1:]
	}
	// '' is an error of clang's literal parser, reported like a bad token.
	if len(s) < 3 || s[len(s)-1] != '\'' {
		return e.fail(t, codeExprBadStart, "invalid token at start of a preprocessor expression")
	}
	body := s[1 : len(s)-1]
	var vals []uint64
	for i := 0; i < len(body); {
		c := body[i]
		if c != '\\' {
			vals = append(vals, uint64(c))
			i++
			continue
		}
		i++
		if i >= len(body) {
			break
		}
		c = body[i]
		i++
		switch c {
		case 'n':
			vals = append(vals, '\n')
		case 't':
			vals = append(vals, '\t')
		case 'r':
			vals = append(vals, '\r')
		case 'a':
			vals = append(vals, 7)
		case 'b':
			vals = append(vals, 8)
		case 'f':
			vals = append(vals, 12)
		case 'v':
			vals = append(vals, 11)
		case 'x':
			var n uint64
			for i < len(body) && isHex(body[i]) {
				n = n*16 + uint64(hexVal(body[i]))
				i++
			}
			vals = append(vals, n&0xff)
		case '0', '1', '2', '3', '4', '5', '6', '7':
			n := uint64(c - '0')
			for k := 0; k < 2 && i < len(body) && body[i] >= '0' && body[i] <= '7'; k++ {
				n = n*8 + uint64(body[i]-'0')
				i++
			}
			vals = append(vals, n&0xff)
		default:
			vals = append(vals, uint64(c))
		}
	}
	if len(vals) == 1 {
		return value{uint64(int64(int8(vals[0]))), false}
	}
	e.p.warn(codeMultiChar, site(t), "multi-character character constant")
	var n uint64
	for _, v := range vals {
		n = n<<8 | v&0xff
	}
	return value{uint64(int64(int32(n))), false}
}

func isHex(c byte) bool {
	return isDigit(c) || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F'
}

func hexVal(c byte) int {
	switch {
	case isDigit(c):
		return int(c - '0')
	case c >= 'a' && c <= 'f':
		return int(c-'a') + 10
	}
	return int(c-'A') + 10
}
