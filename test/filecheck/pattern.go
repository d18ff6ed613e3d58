package filecheck

import (
	"bytes"
	"errors"
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"
	"unsafe"
)

// checkType is the kind of a directive.
type checkType int

const (
	ckNone checkType = iota
	ckPlain
	ckNext
	ckSame
	ckNot
	ckDAG
	ckLabel
	ckEmpty
	ckComment
	ckEOF // the implicit end-of-input check that carries trailing DAG/NOT
	ckBadNot
	ckBadCount
	ckMisspelled
)

var checkSuffix = map[checkType]string{
	ckPlain: "", ckNext: "-NEXT", ckSame: "-SAME", ckNot: "-NOT", ckDAG: "-DAG",
	ckLabel: "-LABEL", ckEmpty: "-EMPTY", ckEOF: "",
}

// pattern is one directive's compiled pattern. Its regex is built exactly as
// LLVM builds it (an extended regular expression with a group per {{...}}
// and per variable definition), so back-reference numbers mean the same.
type pattern struct {
	ty         checkType
	count      int // CHECK-COUNT-n; 1 otherwise
	literal    bool
	line       int // check-file line, @LINE's value
	buf        *buffer
	loc        int // offset of the pattern text in buf
	prefix     string
	fixed      string // a pattern without regex parts
	isFixed    bool
	re         string // the regex (with substitutions still to insert)
	subs       []*substitution
	strDefs    map[string]int // string variable -> capture group
	numDefs    map[string]numDef
	ignoreCase bool
	compiled   *compiledRE // when there is nothing to substitute
	// captures are the variables the last match defined, in input order.
	captures []capture
	// neverMatches: the assembled regex is invalid as a whole (see finishPattern).
	neverMatches bool
	ctx          *varContext
}

type capture struct {
	name     string
	pos, len int // absolute, in the input
}

type numDef struct {
	v     *numVar
	group int
}

// substitution inserts a variable's value (or an expression's) into the
// regex at match time.
type substitution struct {
	idx  int // where in pattern.re
	name string
	loc  int // offset of the substitution text in the check buffer
	expr *expression
}

// varContext holds the variables of one Check run.
type varContext struct {
	strVars    map[string]string
	definedStr map[string]bool
	numVars    map[string]*numVar
	reCache    map[string]*compiledRE
}

type numFormat struct {
	kind      byte // 0 (none), 'u', 'd', 'x', 'X'
	precision int
	alt       bool
}

type numVar struct {
	name    string
	format  numFormat
	value   int64
	has     bool
	defLine int // line of the defining directive, 0 if unknown yet
}

type expression struct {
	ast    exprNode // nil for a bare definition [[#N:]]
	format numFormat
}

type exprNode interface {
	eval(line int) (int64, error)
	implicitFormat() (numFormat, error)
	text() string
}

type exprLiteral struct {
	v   int64
	src string
}

type exprVar struct {
	name string
	v    *numVar // nil for @LINE
	loc  int     // offset of the name in the check buffer
}

// exprBinop is "l + r", "l - r" or a call add/sub/mul/div/min/max(l, r).
type exprBinop struct {
	op   string // "+", "-" or the function name
	l, r exprNode
	src  string
}

var errOverflow = errors.New("overflow error")

// undefVarError: a variable used before any match defined it; loc is the
// offset of its name in the check buffer (-1: unknown).
type undefVarError struct {
	name string
	loc  int
}

func (e *undefVarError) Error() string { return "undefined variable: " + e.name }

func (e *exprLiteral) eval(int) (int64, error)            { return e.v, nil }
func (e *exprLiteral) implicitFormat() (numFormat, error) { return numFormat{}, nil }
func (e *exprLiteral) text() string                       { return e.src }

func (e *exprVar) eval(line int) (int64, error) {
	if e.v == nil {
		return int64(line), nil
	}
	if !e.v.has {
		return 0, &undefVarError{e.name, e.loc}
	}
	return e.v.value, nil
}
func (e *exprVar) implicitFormat() (numFormat, error) {
	if e.v == nil {
		return numFormat{kind: 'u'}, nil
	}
	return e.v.format, nil
}
func (e *exprVar) text() string { return e.name }

func (e *exprBinop) eval(line int) (int64, error) {
	l, err := e.l.eval(line)
	r, err2 := e.r.eval(line)
	if err != nil || err2 != nil {
		return 0, errors.Join(err, err2)
	}
	switch e.op {
	case "-", "sub":
		if r == math.MinInt64 {
			return 0, errOverflow
		}
		r = -r
		fallthrough
	case "+", "add":
		s := l + r
		if (l > 0 && r > 0 && s < 0) || (l < 0 && r < 0 && s >= 0) {
			return 0, errOverflow
		}
		return s, nil
	case "mul":
		if l != 0 && r != 0 {
			p := l * r
			if p/r != l || (l == -1 && r == math.MinInt64) || (r == -1 && l == math.MinInt64) {
				return 0, errOverflow
			}
			return p, nil
		}
		return 0, nil
	case "div":
		if r == 0 || (l == math.MinInt64 && r == -1) {
			return 0, errOverflow
		}
		return l / r, nil
	case "max":
		return max(l, r), nil
	case "min":
		return min(l, r), nil
	}
	return 0, fmt.Errorf("unknown operation %s", e.op)
}

func (e *exprBinop) implicitFormat() (numFormat, error) {
	l, err := e.l.implicitFormat()
	if err != nil {
		return l, err
	}
	r, err := e.r.implicitFormat()
	if err != nil {
		return r, err
	}
	if l.kind != 0 && r.kind != 0 && l != r {
		return l, fmt.Errorf("implicit format conflict between '%s' (%s) and '%s' (%s), need an explicit format specifier", e.l.text(), l, e.r.text(), r)
	}
	if l.kind == 0 {
		return r, nil
	}
	return l, nil
}
func (e *exprBinop) text() string { return e.src }

func (f numFormat) String() string {
	s := "%"
	if f.alt {
		s += "#"
	}
	if f.precision > 0 {
		s += "." + strconv.Itoa(f.precision)
	}
	return s + string(f.kind)
}

// wildcard is the regex matching any value printed in format f.
func (f numFormat) wildcard() string {
	alt := ""
	if f.alt {
		alt = "0x"
	}
	var body, plain string
	switch f.kind {
	case 'd':
		body, plain = "-?([1-9][0-9]*)?[0-9]", "-?[0-9]+"
	case 'x':
		body, plain = "([1-9a-f][0-9a-f]*)?[0-9a-f]", "[0-9a-f]+"
	case 'X':
		body, plain = "([1-9A-F][0-9A-F]*)?[0-9A-F]", "[0-9A-F]+"
	default:
		body, plain = "([1-9][0-9]*)?[0-9]", "[0-9]+"
	}
	if f.precision > 0 {
		return alt + body + "{" + strconv.Itoa(f.precision) + "}"
	}
	return alt + plain
}

// matchingString prints v in format f.
func (f numFormat) matchingString(v int64) (string, error) {
	neg := v < 0
	if neg && f.kind != 'd' {
		return "", errOverflow
	}
	var digits string
	switch f.kind {
	case 'x':
		digits = strconv.FormatInt(v, 16)
	case 'X':
		digits = strings.ToUpper(strconv.FormatInt(v, 16))
	default:
		digits = strconv.FormatInt(v, 10)
	}
	if neg {
		digits = digits[1:]
	}
	for len(digits) < f.precision {
		digits = "0" + digits
	}
	if f.alt {
		digits = "0x" + digits
	}
	if neg {
		digits = "-" + digits
	}
	return digits, nil
}

// valueOf parses text printed in format f.
func (f numFormat) valueOf(s string) (int64, error) {
	base := 10
	if f.kind == 'x' || f.kind == 'X' {
		base = 16
		if f.alt {
			s = strings.TrimPrefix(s, "0x")
		}
	}
	if f.kind == 'd' {
		return strconv.ParseInt(s, base, 64)
	}
	u, err := strconv.ParseUint(s, base, 64)
	if err != nil || u > 1<<63-1 {
		return 0, fmt.Errorf("unable to represent numeric value")
	}
	return int64(u), nil
}

func isAlnum(c byte) bool         { return isAlpha(c) || isDigit(c) }
func isVarNameStart(c byte) bool  { return c == '_' || isAlpha(c) }
func isPartOfWord(c byte) bool    { return isAlnum(c) || c == '-' || c == '_' }
func trimSpace(s string) string   { return strings.Trim(s, " \t") }
func trimLeftSp(s string) string  { return strings.TrimLeft(s, " \t") }
func trimRightSp(s string) string { return strings.TrimRight(s, " \t") }

// parseError is a check-file error at an offset in the pattern's buffer.
type parseError struct {
	off int
	msg string
}

func (e *parseError) Error() string { return e.msg }

// parser state for one pattern.
type patParser struct {
	p    *pattern
	base int    // offset of str[0] in the buffer
	orig string // the pattern text
}

// at is the buffer offset of s, a substring of the pattern text.
func (pp *patParser) at(s string) int {
	if s != "" && pp.orig != "" {
		d := int(uintptr(unsafe.Pointer(unsafe.StringData(s))) - uintptr(unsafe.Pointer(unsafe.StringData(pp.orig))))
		if d >= 0 && d <= len(pp.orig) {
			return pp.base + d
		}
	}
	return pp.base + len(pp.orig) - len(s) // an empty tail: the end
}

func (pp *patParser) errAt(s string, format string, args ...any) error {
	return &parseError{pp.at(s), fmt.Sprintf(format, args...)}
}

// parsePattern turns the text after a directive into p, as
// Pattern::parsePattern does.
func parsePattern(p *pattern, str string, base int, opts *Options) error {
	matchFullLines := opts.MatchFullLines && p.ty != ckNot
	p.ignoreCase = opts.IgnoreCase
	if !(opts.StrictWhitespace && opts.MatchFullLines) {
		str = trimRightSp(str)
	}
	pp := &patParser{p: p, base: base, orig: str}
	if str == "" && p.ty != ckEmpty {
		return pp.errAt(str, "found empty check string with prefix '%s:'", p.prefix)
	}
	if str != "" && p.ty == ckEmpty {
		return pp.errAt(str, "found non-empty check string for empty check with prefix '%s:'", p.prefix)
	}
	if p.ty == ckEmpty {
		p.re = "(\n$)"
		return nil
	}
	if p.literal {
		p.fixed, p.isFixed = str, true
		return nil
	}
	if !matchFullLines && (len(str) < 2 || (!strings.Contains(str, "{{") && !strings.Contains(str, "[["))) {
		p.fixed, p.isFixed = str, true
		return nil
	}
	var re strings.Builder
	if matchFullLines {
		re.WriteByte('^')
		if !opts.StrictWhitespace {
			re.WriteString(" *")
		}
	}
	curParen := 1
	addRegex := func(rs string, at string) error {
		n, err := ereGroups(rs)
		if err != nil {
			return pp.errAt(at, "invalid regex: %s", err)
		}
		re.WriteString(rs)
		curParen += n
		return nil
	}
	for str != "" {
		if strings.HasPrefix(str, "{{") {
			end := strings.Index(str, "}}")
			if end < 0 {
				return pp.errAt(str, "found start of regex string with no end '}}'")
			}
			re.WriteByte('(')
			curParen++
			if err := addRegex(str[2:end], str[2:]); err != nil {
				return err
			}
			re.WriteByte(')')
			str = str[end+2:]
			continue
		}
		if strings.HasPrefix(str, "[[") && !strings.HasPrefix(str, "[[[") {
			if err := pp.substitutionBlock(&str, &re, &curParen, addRegex); err != nil {
				return err
			}
			continue
		}
		end := len(str)
		if i := strings.Index(str[1:], "{{"); i >= 0 {
			end = i + 1
		}
		if i := strings.Index(str[1:], "[["); i >= 0 && i+1 < end {
			end = i + 1
		}
		re.WriteString(escapeERE(str[:end]))
		str = str[end:]
	}
	if matchFullLines {
		if !opts.StrictWhitespace {
			re.WriteString(" *")
		}
		re.WriteByte('$')
	}
	p.re = re.String()
	return nil
}

// findVarEnd finds the "]]" closing a substitution block, skipping
// backslash escapes and nested brackets.
func findVarEnd(s string) (int, bool) {
	off, depth := 0, 0
	for off < len(s) {
		if strings.HasPrefix(s[off:], "]]") && depth == 0 {
			return off, true
		}
		switch s[off] {
		case '\\':
			off += 2
			continue
		case '[':
			depth++
		case ']':
			if depth == 0 {
				return off, false
			}
			depth--
		}
		off++
	}
	return -1, true
}

// parseVariable reads a variable name ("$" or "@" allowed first) from the
// front of s.
func parseVariable(s string) (name string, pseudo bool, rest string, ok bool) {
	if s == "" {
		return "", false, s, false
	}
	i := 0
	pseudo = s[0] == '@'
	if s[0] == '$' || pseudo {
		i++
	}
	if i >= len(s) || !isVarNameStart(s[i]) {
		return "", false, s, false
	}
	i++
	for i < len(s) && (s[i] == '_' || isAlnum(s[i])) {
		i++
	}
	return s[:i], pseudo, s[i:], true
}

func (pp *patParser) substitutionBlock(strp *string, re *strings.Builder, curParen *int, addRegex func(string, string) error) error {
	p, ctx := pp.p, pp.p.ctx
	str := *strp
	unparsed := str[2:]
	end, closedOK := findVarEnd(unparsed)
	if !closedOK {
		return pp.errAt(unparsed[end:], "missing closing \"]\" for regex variable")
	}
	if end < 0 {
		return pp.errAt(str, "Invalid substitution block, no ]] found")
	}
	matchStr := unparsed[:end]
	*strp = unparsed[end+2:]
	isNum := strings.HasPrefix(matchStr, "#")
	if isNum {
		matchStr = matchStr[1:]
	}
	isDef, substNeeded, legacyLine := false, false, false
	var defName, substName, matchRegexp string
	insertIdx := re.Len()
	if !isNum {
		colon := strings.IndexByte(matchStr, ':')
		head := matchStr
		if colon >= 0 {
			head = matchStr[:colon]
		}
		if i := strings.IndexAny(head, " \t"); i >= 0 {
			return pp.errAt(matchStr[i:], "unexpected whitespace")
		}
		orig := matchStr
		name, pseudo, rest, ok := parseVariable(matchStr)
		if !ok {
			if matchStr == "" {
				return pp.errAt(matchStr, "empty variable name")
			}
			return pp.errAt(matchStr, "invalid variable name")
		}
		isDef = colon >= 0
		substNeeded = !isDef
		if isDef {
			if pseudo || !strings.HasPrefix(rest, ":") {
				return pp.errAt(orig, "invalid name in string variable definition")
			}
			if _, clash := ctx.numVars[name]; clash {
				return pp.errAt(orig, "numeric variable with name '%s' already exists", name)
			}
			defName, matchRegexp = name, rest[1:]
		} else if pseudo {
			matchStr = orig
			legacyLine, isNum = true, true
		} else {
			if rest != "" {
				return pp.errAt(orig, "invalid name in string variable use")
			}
			substName = name
		}
	}
	var expr *expression
	var defVar *numVar
	if isNum {
		var err error
		expr, defVar, err = pp.numericBlock(matchStr, legacyLine)
		if err != nil {
			return err
		}
		substNeeded = expr.ast != nil
		if defVar != nil {
			isDef, defName = true, defVar.name
		}
		if substNeeded {
			substName = matchStr
		} else {
			matchRegexp = expr.format.wildcard()
		}
	}
	if isDef {
		re.WriteByte('(')
		insertIdx++
		if isNum {
			if p.numDefs == nil {
				p.numDefs = map[string]numDef{}
			}
			p.numDefs[defName] = numDef{defVar, *curParen}
			ctx.numVars[defName] = defVar
		} else {
			if p.strDefs == nil {
				p.strDefs = map[string]int{}
			}
			p.strDefs[defName] = *curParen
			ctx.definedStr[defName] = true
		}
		*curParen++
	}
	if matchRegexp != "" {
		if err := addRegex(matchRegexp, matchRegexp); err != nil {
			return err
		}
	}
	if isDef {
		re.WriteByte(')')
	}
	if substNeeded {
		if g, ok := p.strDefs[substName]; ok && !isNum {
			if g < 1 || g > 9 {
				return pp.errAt(str, "Can't back-reference more than 9 variables")
			}
			re.WriteString(`\` + strconv.Itoa(g))
		} else {
			loc := pp.at(str) + len("[[")
			if isNum && !legacyLine {
				loc += len("#")
			}
			p.subs = append(p.subs, &substitution{idx: insertIdx, name: substName, loc: loc, expr: expr})
		}
	}
	return nil
}

// numericBlock parses the inside of [[#...]] (or a legacy [[@LINE+n]]).
func (pp *patParser) numericBlock(expr string, legacy bool) (*expression, *numVar, error) {
	var format numFormat
	precision := 0
	comma := strings.IndexByte(expr, ',')
	paren := strings.IndexByte(expr, '(')
	if comma >= 0 && (paren < 0 || comma < paren) {
		f := trimSpace(expr[:comma])
		expr = expr[comma+1:]
		if !strings.HasPrefix(f, "%") {
			return nil, nil, pp.errAt(expr, "invalid matching format specification in expression")
		}
		f = f[1:]
		altAt := f
		alt := strings.HasPrefix(f, "#")
		if alt {
			f = f[1:]
		}
		if strings.HasPrefix(f, ".") {
			f = f[1:]
			i := 0
			for i < len(f) && isDigit(f[i]) {
				i++
			}
			n, err := strconv.Atoi(f[:i])
			if err != nil {
				return nil, nil, pp.errAt(expr, "invalid precision in format specifier")
			}
			precision, f = n, f[i:]
		}
		if f != "" {
			switch f[0] {
			case 'u', 'd', 'x', 'X':
				format = numFormat{kind: f[0], precision: precision, alt: alt && (f[0] == 'x' || f[0] == 'X')}
			default:
				return nil, nil, pp.errAt(f, "invalid format specifier in expression")
			}
			f = f[1:]
		}
		if alt && format.kind != 'x' && format.kind != 'X' {
			return nil, nil, pp.errAt(altAt, "alternate form only supported for hex values")
		}
		if trimLeftSp(f) != "" {
			return nil, nil, pp.errAt(expr, "invalid matching format specification in expression")
		}
	}
	defExpr, hasDef := "", false
	if colon := strings.IndexByte(expr, ':'); colon >= 0 {
		defExpr, expr, hasDef = expr[:colon], expr[colon+1:], true
	}
	expr = trimLeftSp(expr)
	constraint := false
	if strings.HasPrefix(expr, "==") {
		constraint = true
		expr = trimLeftSp(expr[2:])
	}
	var ast exprNode
	exprStart := expr
	if expr == "" {
		if constraint {
			return nil, nil, pp.errAt(expr, "empty numeric expression should not have a constraint")
		}
	} else {
		expr = trimRightSp(expr)
		whole := expr
		exprStart = whole
		opnd := operandAny
		if legacy {
			opnd = operandLine
		}
		var err error
		ast, err = pp.numericOperand(&expr, opnd, !constraint)
		for err == nil && expr != "" {
			ast, err = pp.binop(whole, &expr, ast, legacy)
			if err == nil && legacy && expr != "" {
				return nil, nil, pp.errAt(expr, "unexpected characters at end of expression '%s'", expr)
			}
		}
		if err != nil {
			return nil, nil, err
		}
	}
	if format.kind == 0 && ast != nil {
		f, err := ast.implicitFormat()
		if err != nil {
			return nil, nil, pp.errAt(exprStart, "%s", err)
		}
		format = f
	}
	if format.kind == 0 {
		format = numFormat{kind: 'u', precision: precision}
	}
	e := &expression{ast: ast, format: format}
	if !hasDef {
		return e, nil, nil
	}
	defExpr = trimLeftSp(defExpr)
	name, pseudo, rest, ok := parseVariable(defExpr)
	if !ok {
		if defExpr == "" {
			return nil, nil, pp.errAt(defExpr, "empty variable name")
		}
		return nil, nil, pp.errAt(defExpr, "invalid variable name")
	}
	if pseudo {
		return nil, nil, pp.errAt(defExpr, "definition of pseudo numeric variable unsupported")
	}
	ctx := pp.p.ctx
	if ctx.definedStr[name] {
		return nil, nil, pp.errAt(defExpr, "string variable with name '%s' already exists", name)
	}
	if trimLeftSp(rest) != "" {
		return nil, nil, pp.errAt(rest, "unexpected characters after numeric variable name")
	}
	v, exists := ctx.numVars[name]
	if exists {
		if v.format != format {
			// At the end of the name (rest may be empty, so no pointer).
			return nil, nil, &parseError{pp.at(defExpr) + len(name), "format different from previous variable definition"}
		}
	} else {
		v = &numVar{name: name, format: format, defLine: pp.p.line}
	}
	return e, v, nil
}

type operandKind int

const (
	operandAny operandKind = iota
	operandLine
	operandLegacyLiteral
)

func (pp *patParser) numericOperand(s *string, kind operandKind, maybeConstraint bool) (exprNode, error) {
	str := *s
	if strings.HasPrefix(str, "(") {
		if kind != operandAny {
			return nil, pp.errAt(str, "parenthesized expression not permitted here")
		}
		return pp.parenExpr(s)
	}
	if kind == operandLine || kind == operandAny {
		name, pseudo, rest, ok := parseVariable(str)
		if ok {
			if strings.HasPrefix(trimLeftSp(rest), "(") {
				if kind != operandAny {
					return nil, pp.errAt(str, "unexpected function call")
				}
				*s = rest
				return pp.callExpr(s, name, str)
			}
			*s = rest
			return pp.numericVarUse(name, pseudo, str)
		}
		if kind == operandLine {
			return nil, pp.errAt(str, "invalid variable name")
		}
	}
	save := str
	neg := strings.HasPrefix(str, "-")
	if neg {
		str = str[1:]
	}
	i, base := 0, 10
	if kind != operandLegacyLiteral {
		// Radix 0 in LLVM: 0x hex, 0b binary, 0 octal, else decimal.
		switch {
		case strings.HasPrefix(str, "0x") || strings.HasPrefix(str, "0X"):
			base, i = 16, 2
		case strings.HasPrefix(str, "0b") || strings.HasPrefix(str, "0B"):
			base, i = 2, 2
		case strings.HasPrefix(str, "0") && len(str) > 1 && isDigit(str[1]):
			base, i = 8, 1
		}
	}
	start := i
	for i < len(str) && digitValue(str[i]) < base {
		i++
	}
	if i > start {
		v, err := strconv.ParseInt(str[start:i], base, 64)
		if err != nil {
			return nil, pp.errAt(save, "unable to represent numeric value")
		}
		if neg {
			v = -v
		}
		*s = str[i:]
		return &exprLiteral{v: v, src: save[:len(save)-len(str)+i]}, nil
	}
	if maybeConstraint {
		return nil, pp.errAt(save, "invalid matching constraint or operand format")
	}
	return nil, pp.errAt(save, "invalid operand format")
}

func digitValue(c byte) int {
	switch {
	case isDigit(c):
		return int(c - '0')
	case c >= 'a' && c <= 'z':
		return int(c-'a') + 10
	case c >= 'A' && c <= 'Z':
		return int(c-'A') + 10
	}
	return 99
}

func (pp *patParser) parenExpr(s *string) (exprNode, error) {
	str := trimLeftSp((*s)[1:])
	if str == "" {
		return nil, pp.errAt(str, "missing operand in expression")
	}
	whole := str
	ast, err := pp.numericOperand(&str, operandAny, false)
	str = trimLeftSp(str)
	for err == nil && str != "" && !strings.HasPrefix(str, ")") {
		ast, err = pp.binop(whole, &str, ast, false)
		str = trimLeftSp(str)
	}
	if err != nil {
		return nil, err
	}
	if !strings.HasPrefix(str, ")") {
		return nil, pp.errAt(str, "missing ')' at end of nested expression")
	}
	*s = str[1:]
	return ast, nil
}

func (pp *patParser) binop(whole string, s *string, left exprNode, legacy bool) (exprNode, error) {
	str := trimLeftSp(*s)
	if str == "" {
		*s = str
		return left, nil
	}
	op := str[0]
	if op != '+' && op != '-' {
		return nil, pp.errAt(str, "unsupported operation '%c'", op)
	}
	opStr := str
	str = trimLeftSp(str[1:])
	if str == "" {
		return nil, &parseError{pp.at(opStr) + len(opStr), "missing operand in expression"}
	}
	kind := operandAny
	if legacy {
		kind = operandLegacyLiteral
	}
	right, err := pp.numericOperand(&str, kind, false)
	if err != nil {
		return nil, err
	}
	*s = str
	return &exprBinop{op: string(op), l: left, r: right, src: whole[:len(whole)-len(str)]}, nil
}

// numericFunctions are the functions [[#...]] expressions may call.
var numericFunctions = map[string]bool{"add": true, "div": true, "max": true, "min": true, "mul": true, "sub": true}

// callExpr parses "(arg, arg)" after a function name; each argument is an
// expression.
func (pp *patParser) callExpr(s *string, name, nameAt string) (exprNode, error) {
	str := trimLeftSp(*s)
	if !numericFunctions[name] {
		return nil, pp.errAt(nameAt, "call to undefined function '%s'", name)
	}
	str = trimLeftSp(str[1:])
	var args []exprNode
	for str != "" && !strings.HasPrefix(str, ")") {
		if strings.HasPrefix(str, ",") {
			return nil, pp.errAt(str, "missing argument")
		}
		whole := str
		arg, err := pp.numericOperand(&str, operandAny, false)
		for err == nil && str != "" {
			str = trimLeftSp(str)
			if strings.HasPrefix(str, ",") || strings.HasPrefix(str, ")") {
				break
			}
			arg, err = pp.binop(whole, &str, arg, false)
		}
		if err != nil {
			return nil, err
		}
		args = append(args, arg)
		str = trimLeftSp(str)
		if !strings.HasPrefix(str, ",") {
			break
		}
		str = trimLeftSp(str[1:])
		if strings.HasPrefix(str, ")") {
			return nil, pp.errAt(str, "missing argument")
		}
	}
	if !strings.HasPrefix(str, ")") {
		return nil, &parseError{pp.at(nameAt) + len(nameAt) - len(str), "missing ')' at end of call expression"}
	}
	*s = str[1:]
	if len(args) != 2 {
		return nil, pp.errAt(nameAt, "function '%s' takes 2 arguments but %d given", name, len(args))
	}
	return &exprBinop{op: name, l: args[0], r: args[1], src: nameAt[:len(nameAt)-len(*s)]}, nil
}

func (pp *patParser) numericVarUse(name string, pseudo bool, at string) (exprNode, error) {
	if pseudo {
		if name != "@LINE" {
			return nil, pp.errAt(at, "invalid pseudo numeric variable '%s'", name)
		}
		return &exprVar{name: name, loc: pp.at(at)}, nil
	}
	ctx := pp.p.ctx
	v, ok := ctx.numVars[name]
	if !ok {
		v = &numVar{name: name, format: numFormat{kind: 'u'}}
		ctx.numVars[name] = v
	}
	if v.defLine != 0 && v.defLine == pp.p.line {
		return nil, pp.errAt(at, "numeric variable '%s' defined earlier in the same CHECK directive", name)
	}
	return &exprVar{name: name, v: v, loc: pp.at(at)}, nil
}

// hasVariable reports whether the pattern defines or uses a variable, as
// LLVM decides it for CHECK-LABEL.
func (p *pattern) hasVariable() bool { return len(p.subs) != 0 || len(p.strDefs) != 0 }

// matchError is a pattern that could not be matched for a reason other than
// "not found": an undefined variable, an overflow, a bad regex.
type matchError struct {
	off  int // in the check buffer
	msg  string
	more []*matchError // further errors of the same match
}

// splitJoined undoes errors.Join.
func splitJoined(err error) []error {
	if j, ok := err.(interface{ Unwrap() []error }); ok {
		var out []error
		for _, e := range j.Unwrap() {
			out = append(out, splitJoined(e)...)
		}
		return out
	}
	return []error{err}
}

func (e *matchError) Error() string { return e.msg }

// match finds p in text[lo:hi] and returns the absolute match position and
// length, or found=false.
func (p *pattern) match(subj *subject, lo, hi int) (pos, length int, found bool, err error) {
	buf := subj.text[lo:hi]
	if p.ty == ckEOF {
		return hi, 0, true, nil
	}
	if p.isFixed {
		var i int
		if p.ignoreCase {
			i = indexFold(buf, p.fixed)
		} else {
			i = indexString(buf, p.fixed)
		}
		if i < 0 {
			return 0, 0, false, nil
		}
		return lo + i, len(p.fixed), true, nil
	}
	if p.neverMatches {
		return 0, 0, false, nil
	}
	re := p.compiled
	if re == nil {
		src := p.re
		var errs []*matchError
		for i := len(p.subs) - 1; i >= 0; i-- { // from the back so indexes stay valid
			s := p.subs[i]
			val, err := p.substitutionValue(s)
			if err != nil {
				for _, e := range splitJoined(err) {
					off := s.loc
					var uv *undefVarError
					if errors.As(e, &uv) && uv.loc >= 0 {
						off = uv.loc
					}
					errs = append([]*matchError{{off: off, msg: e.Error()}}, errs...)
				}
				continue
			}
			src = src[:s.idx] + val + src[s.idx:]
		}
		if len(errs) > 0 {
			errs[0].more = errs[1:]
			return 0, 0, false, errs[0]
		}
		c, err := p.ctx.compile(src, p.ignoreCase)
		if err != nil {
			return 0, 0, false, nil // as in finishPattern: never matches
		}
		re = c
	}
	m, err := re.find(subj, lo, hi)
	if err != nil {
		return 0, 0, false, &matchError{off: p.loc, msg: err.Error()}
	}
	if m == nil {
		return 0, 0, false, nil
	}
	p.captures = p.captures[:0]
	for name, g := range p.strDefs {
		if m[2*g] >= 0 {
			p.ctx.strVars[name] = string(buf[m[2*g]:m[2*g+1]])
			p.captures = append(p.captures, capture{name, lo + m[2*g], m[2*g+1] - m[2*g]})
		} else {
			p.ctx.strVars[name] = ""
		}
	}
	for name, d := range p.numDefs {
		if m[2*d.group] >= 0 {
			p.captures = append(p.captures, capture{name, lo + m[2*d.group], m[2*d.group+1] - m[2*d.group]})
		}
	}
	sort.Slice(p.captures, func(i, j int) bool {
		a, b := p.captures[i], p.captures[j]
		return a.pos < b.pos || a.pos == b.pos && a.name < b.name
	})
	skip := 0
	if p.ty == ckEmpty {
		skip = 1 // the newline before the empty line belongs to the gap
	}
	pos, length = lo+m[0]+skip, m[1]-m[0]-skip
	for _, d := range p.numDefs {
		s := ""
		if m[2*d.group] >= 0 {
			s = string(buf[m[2*d.group]:m[2*d.group+1]])
		}
		v, err := d.v.format.valueOf(s)
		if err != nil {
			return pos, length, true, &matchError{off: p.loc, msg: "unable to represent numeric value"}
		}
		d.v.value, d.v.has = v, true
	}
	return pos, length, true, nil
}

func (p *pattern) substitutionValue(s *substitution) (string, error) {
	if s.expr == nil {
		v, ok := p.ctx.strVars[s.name]
		if !ok {
			return "", &undefVarError{s.name, s.loc}
		}
		return escapeERE(v), nil
	}
	v, err := s.expr.ast.eval(p.line)
	if err != nil {
		if errors.Is(err, errOverflow) {
			return "", errors.New("unable to substitute variable or numeric expression: overflow error")
		}
		return "", err
	}
	str, err := s.expr.format.matchingString(v)
	if err != nil {
		return "", errors.New("unable to substitute variable or numeric expression: overflow error")
	}
	return escapeERE(str), nil
}

func indexString(b []byte, s string) int { return bytes.Index(b, []byte(s)) }

// indexFold is an ASCII case-insensitive search, like StringRef::find_insensitive.
func indexFold(b []byte, s string) int {
	n := len(s)
outer:
	for i := 0; i+n <= len(b); i++ {
		for j := 0; j < n; j++ {
			if lowerASCII(b[i+j]) != lowerASCII(s[j]) {
				continue outer
			}
		}
		return i
	}
	return -1
}

func lowerASCII(c byte) byte {
	if c >= 'A' && c <= 'Z' {
		return c + 'a' - 'A'
	}
	return c
}
