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
	endPos := lx.posAt(lx.pos)
	toks, ok := p.expandCondition(raw, dir.Pos)
	if !ok {
		return false
	}
	if len(toks) == 0 {
		p.errorf(codeExprExpectedValue, endPos, "expected value in expression")
		return false
	}
	e := &exprParser{p: p, toks: toks, end: endPos}
	v := e.parse(1, true)
	if e.err {
		return false
	}
	if e.i < len(e.toks) {
		t := e.toks[e.i]
		if isPunct(t, ")") {
			p.errorf(codeExprBadBinop, t.Pos, "token is not a valid binary operator in a preprocessor subexpression")
		} else if isPunct(t, ":") {
			p.errorf(codeExprColon, t.Pos, "':' without preceding '?'")
		} else {
			p.errorf(codeExprBadBinop, t.Pos, "token is not a valid binary operator in a preprocessor subexpression")
		}
		return false
	}
	return v.isTrue()
}

// expandCondition macro-expands a #if line, replacing `defined X` and
// `defined ( X )` by 1 or 0 as it goes, so X is never expanded (also when
// `defined` comes out of a macro, which clang accepts with a warning). It
// returns ok=false after diagnosing a malformed `defined`.
func (p *preprocessor) expandCondition(raw []ptok, at diag.Pos) ([]ptok, bool) {
	if p.nesting >= maxNesting {
		p.fatalf(codeTooDeep, at, "macro arguments nested too deeply")
		return nil, false
	}
	p.nesting++
	defer func() { p.nesting-- }()
	savedPending := p.pending
	toks := make([]ptok, len(raw)+1)
	copy(toks, raw)
	toks[len(raw)] = ptok{Token: token.Token{Kind: kArgEnd, Pos: at}}
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
		paren := isPunct(name, "(")
		if paren {
			name = p.lexRaw()
		}
		if name.Kind != token.Ident {
			p.errorf(codeDefinedNoIdent, name.Pos, "macro name must be an identifier")
			if name.Kind == kArgEnd {
				p.unread(name)
			}
			ok = false
			break
		}
		if paren {
			rp := p.lexRaw()
			if !isPunct(rp, ")") {
				p.errorf(codeExprExpectedRParen, rp.Pos, "missing ')' after 'defined'")
				if rp.Kind == kArgEnd {
					p.unread(rp)
				}
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

// binary operator precedences, lowest first (C's table).
func binPrec(t ptok) int {
	if t.Kind != token.Punct {
		return 0
	}
	switch t.Text {
	case "?":
		return 1
	case "||":
		return 2
	case "&&":
		return 3
	case "|":
		return 4
	case "^":
		return 5
	case "&":
		return 6
	case "==", "!=":
		return 7
	case "<", ">", "<=", ">=":
		return 8
	case "<<", ">>":
		return 9
	case "+", "-":
		return 10
	case "*", "/", "%":
		return 11
	case ",":
		return 0 // the comma operator: only inside parentheses, handled there
	}
	return 0
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

// parse evaluates a binary expression whose operators bind at least as
// tightly as minPrec. live is false in the unevaluated side of && || ?:,
// where division by zero is not an error.
func (e *exprParser) parse(minPrec int, live bool) value {
	lhs := e.unary(live)
	for !e.err {
		t, ok := e.peek()
		if !ok {
			return lhs
		}
		prec := binPrec(t)
		if prec == 0 || prec < minPrec {
			return lhs
		}
		e.i++
		if t.Text == "?" {
			cond := lhs.isTrue()
			a := e.parse(1, live && cond)
			c, ok := e.peek()
			if !ok {
				return e.failPos(e.end, codeExprExpectedColon, "expected ':' in preprocessor expression")
			}
			if !isPunct(c, ":") {
				return e.fail(c, codeExprExpectedColon, "expected ':' in preprocessor expression")
			}
			e.i++
			b := e.parse(1, live && !cond)
			r := b
			if cond {
				r = a
			}
			r.unsigned = a.unsigned || b.unsigned
			lhs = r
			continue
		}
		var rhs value
		switch t.Text {
		case "&&":
			rhs = e.parse(prec+1, live && lhs.isTrue())
		case "||":
			rhs = e.parse(prec+1, live && !lhs.isTrue())
		default:
			rhs = e.parse(prec+1, live)
		}
		if e.err {
			return value{}
		}
		lhs = e.binary(t, lhs, rhs, live)
	}
	return value{}
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
	e.i++
	switch t.Kind {
	case token.Int:
		return e.intLiteral(t)
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
			v := e.parse(1, live)
			// The comma operator (C11 allows it in #if only inside parens).
			for !e.err && e.i < len(e.toks) && isPunct(e.toks[e.i], ",") {
				e.i++
				v = e.parse(1, live)
			}
			if e.err {
				return value{}
			}
			c, ok := e.peek()
			if !ok || !isPunct(c, ")") {
				pos := e.end
				if ok {
					pos = c.Pos
				}
				if !e.err {
					e.p.addDiag(diag.Diagnostic{Severity: diag.Error, Code: diag.PPBase + codeExprExpectedRParen, Pos: pos,
						Msg:   "expected ')' in preprocessor expression",
						Notes: []diag.Diagnostic{{Severity: diag.Note, Pos: t.Pos, Msg: "to match this '('"}}})
				}
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
// binary, with u/l suffixes (u makes it unsigned; so does a value too big
// for intmax_t).
func (e *exprParser) intLiteral(t ptok) value {
	s := t.Text
	end := len(s)
	unsigned := false
	for end > 0 {
		c := s[end-1]
		if c == 'u' || c == 'U' {
			unsigned = true
		} else if c != 'l' && c != 'L' {
			break
		}
		end--
	}
	// HLSL also accepts these suffixes on integers: they do not matter here.
	digits := s[:end]
	base := 10
	switch {
	case strings.HasPrefix(digits, "0x") || strings.HasPrefix(digits, "0X"):
		base, digits = 16, digits[2:]
	case strings.HasPrefix(digits, "0b") || strings.HasPrefix(digits, "0B"):
		base, digits = 2, digits[2:]
	case len(digits) > 1 && digits[0] == '0':
		base, digits = 8, digits[1:]
	}
	if digits == "" || end < len(s)-3 {
		return e.fail(t, codeExprBadNumber, "invalid integer literal '"+s+"' in preprocessor expression")
	}
	n, err := strconv.ParseUint(digits, base, 64)
	if err != nil {
		if ne, ok := err.(*strconv.NumError); ok && ne.Err == strconv.ErrRange {
			return e.fail(t, codeExprBadNumber, "integer literal is too large to be represented in any integer type")
		}
		return e.fail(t, codeExprBadNumber, "invalid integer literal '"+s+"' in preprocessor expression")
	}
	if n > 1<<63-1 {
		unsigned = true
	}
	return value{n, unsigned}
}

// charLiteral evaluates 'c' and its escapes as clang does for a plain
// char: a signed char value; multi-character constants combine bytes.
func (e *exprParser) charLiteral(t ptok) value {
	s := t.Text
	if len(s) < 3 || s[len(s)-1] != '\'' {
		return e.fail(t, codeExprBadStart, "invalid character literal in preprocessor expression")
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
