// Package filecheck is LLVM's FileCheck as a Go library: it verifies that a
// text (compiler output) matches the CHECK directives of a check file (the
// test source), with LLVM 16's semantics for what DXC-style tests use —
// CHECK, -NEXT, -SAME, -NOT, -DAG, -LABEL, -EMPTY, -COUNT-n, {LITERAL},
// custom check and comment prefixes, {{regex}} in LLVM's POSIX dialect,
// [[VAR:regex]] / [[VAR]] string variables, [[#...]] numeric variables and
// expressions, @LINE, whitespace canonicalisation and the options that
// change it (--strict-whitespace, --match-full-lines, --ignore-case,
// --implicit-check-not, --enable-var-scope, --allow-empty, -D, ...).
//
// Check returns nil when the input matches and a *Failure otherwise; the
// failure's Kind gives LLVM's exit status and its text is LLVM's messages
// (file:line:col, the source line, the caret, "scanning from here", "with
// X equal to ...", "possible intended match here"). Assert wraps Check for
// tests; ParseArgs reads FileCheck's command-line spelling of the options.
//
// Files: filecheck.go holds Check; options.go the options and ParseArgs;
// pattern.go directives and their patterns; ere.go the POSIX regular
// expressions patterns are made of, backtrack.go the matcher for what RE2
// cannot run; match.go the matching of directives against the input;
// diag.go failures and LLVM's messages; assert.go Assert for tests.
//
// Testing: test/corpus/filecheck holds some 370 cases with the exit status
// LLVM's FileCheck 16 gives them; TestDifferential runs LLVM's binary on each
// and requires the same status and the same messages, TestRandomDifferential
// does the same for generated cases, FuzzCheck looks for panics and hangs.
//
// Regexes match bytes, as in LLVM (a UTF-8 "é" is two characters to "."):
// package regexp runs them on a Latin-1 view of the input, and a small
// backtracking matcher runs what RE2 cannot (back-references).
package filecheck

import (
	"bytes"
	"fmt"
	"strings"
)

// Check verifies input against the directives in checkText.
func Check(checkText, input []byte, opts Options) error {
	c, f := compile(checkText, &opts)
	if f != nil {
		return f
	}
	if f := c.run(input); f != nil {
		return f
	}
	return nil
}

// checkString is a positive directive with the CHECK-DAG and CHECK-NOT
// directives that precede it.
type checkString struct {
	pat    *pattern
	prefix string
	dagNot []*pattern
}

// checker is a compiled check file.
type checker struct {
	opts    *Options
	cbuf    *buffer
	strings []*checkString
	ctx     *varContext
	// defines applied at the start of a run
	strDefines map[string]string
	numDefines map[*numVar]int64
}

// compile compiles a regex built at match time, caching by text: the same
// substituted pattern recurs (a variable used in many directives).
func (ctx *varContext) compile(src string, icase bool) (*compiledRE, error) {
	if re, ok := ctx.reCache[src]; ok {
		return re, nil
	}
	re, err := compileERE(src, icase)
	if err != nil {
		return nil, err
	}
	if ctx.reCache == nil || len(ctx.reCache) > 4096 {
		ctx.reCache = map[string]*compiledRE{}
	}
	ctx.reCache[src] = re
	return re, nil
}

// canonicalize drops the \r of \r\n and, unless strict, collapses each run of
// spaces and tabs into one space, as FileCheck does to both of its inputs.
// Text that is already canonical is returned as is.
func canonicalize(b []byte, strict bool) []byte {
	first := -1
	for i, c := range b {
		if c == '\r' && i+1 < len(b) && b[i+1] == '\n' ||
			!strict && (c == '\t' || c == ' ' && i+1 < len(b) && (b[i+1] == ' ' || b[i+1] == '\t')) {
			first = i
			break
		}
	}
	if first < 0 {
		return b
	}
	out := make([]byte, len(b))
	n := copy(out, b[:first])
	for i := first; i < len(b); i++ {
		c := b[i]
		if c == '\r' && i+1 < len(b) && b[i+1] == '\n' {
			continue
		}
		if strict || (c != ' ' && c != '\t') {
			out[n] = c
			n++
			continue
		}
		out[n] = ' '
		n++
		for i+1 < len(b) && (b[i+1] == ' ' || b[i+1] == '\t') {
			i++
		}
	}
	return out[:n]
}

func validatePrefixes(kind string, seen map[string]bool, prefixes []string) *Failure {
	for _, p := range prefixes {
		if p == "" {
			return badCheckFile(plainError("supplied %s prefix must not be the empty string", kind))
		}
		for i := 0; i < len(p); i++ {
			if !isPartOfWord(p[i]) {
				return badCheckFile(plainError("supplied %s prefix must start with a letter and contain only alphanumeric characters, hyphens, and underscores: '%s'", kind, p))
			}
		}
		if seen[p] {
			return badCheckFile(plainError("supplied %s prefix must be unique among check and comment prefixes: '%s'", kind, p))
		}
		seen[p] = true
	}
	return nil
}

// compile reads the check file, as FileCheck::readCheckFile does.
func compile(checkText []byte, opts *Options) (*checker, *Failure) {
	checkPrefixes := opts.CheckPrefixes
	defaultPrefix := len(checkPrefixes) == 0
	if defaultPrefix {
		checkPrefixes = []string{"CHECK"}
	}
	commentPrefixes := opts.CommentPrefixes
	if commentPrefixes == nil {
		commentPrefixes = []string{"COM", "RUN"}
	}
	// As in LLVM: the defaults in use are known but not validated, then the
	// given check prefixes are validated, then the given comment prefixes.
	seen := map[string]bool{}
	if defaultPrefix {
		seen["CHECK"] = true
	}
	if opts.CommentPrefixes == nil {
		seen["COM"], seen["RUN"] = true, true
	}
	if f := validatePrefixes("check", seen, opts.CheckPrefixes); f != nil {
		return nil, f
	}
	if f := validatePrefixes("comment", seen, opts.CommentPrefixes); f != nil {
		return nil, f
	}
	name := opts.CheckFileName
	if name == "" {
		name = "check"
	}
	c := &checker{
		opts: opts,
		cbuf: &buffer{name: name, text: canonicalize(checkText, opts.StrictWhitespace)},
		ctx:  &varContext{strVars: map[string]string{}, definedStr: map[string]bool{}, numVars: map[string]*numVar{}},
	}
	if f := c.defineCmdline(); f != nil {
		return nil, f
	}

	var implicit []*pattern
	for _, s := range opts.ImplicitCheckNot {
		text := "-implicit-check-not='" + s + "'"
		b := &buffer{name: "command line", text: []byte(text)}
		p := &pattern{ty: ckNot, count: 1, buf: b, loc: 21, prefix: "IMPLICIT-CHECK", ctx: c.ctx}
		if err := parsePattern(p, s, 21, opts); err != nil {
			return nil, c.patternError(p, err)
		}
		if f := c.finishPattern(p); f != nil {
			return nil, f
		}
		implicit = append(implicit, p)
	}

	all := append(append([]string{}, checkPrefixes...), commentPrefixes...)
	isComment := map[string]bool{}
	for _, p := range commentPrefixes {
		isComment[p] = true
	}
	notFound := map[string]bool{}
	for _, p := range checkPrefixes {
		notFound[p] = true
	}
	distinct := len(notFound)

	text := c.cbuf.text
	pos, line := 0, 1
	dagNot := append([]*pattern{}, implicit...)
	for {
		prefix, start, ty, after := findFirstPrefix(text, pos, all, isComment, &line)
		if prefix == "" {
			break
		}
		if ty.ty != ckComment {
			delete(notFound, prefix)
		}
		prefixStart := start
		switch ty.ty {
		case ckMisspelled:
			return nil, badCheckFile(c.cbuf.diag(prefixStart, "error", fmt.Sprintf("misspelled directive '%s'", string(text[prefixStart:after]))))
		case ckBadNot:
			return nil, badCheckFile(c.cbuf.diag(after, "error", fmt.Sprintf("unsupported -NOT combo on prefix '%s'", prefix)))
		case ckBadCount:
			return nil, badCheckFile(c.cbuf.diag(after, "error", fmt.Sprintf("invalid count in -COUNT specification on prefix '%s'", prefix)))
		}
		pos = after
		if !(opts.StrictWhitespace && opts.MatchFullLines) {
			for pos < len(text) && (text[pos] == ' ' || text[pos] == '\t') {
				pos++
			}
		}
		eol := pos
		for eol < len(text) && text[eol] != '\n' && text[eol] != '\r' {
			eol++
		}
		patText := string(text[pos:eol])
		patLoc := pos
		pos = eol
		if ty.ty == ckComment {
			continue
		}
		p := &pattern{ty: ty.ty, count: ty.count, literal: ty.literal, line: line, buf: c.cbuf, loc: patLoc, prefix: prefix, ctx: c.ctx}
		if err := parsePattern(p, patText, patLoc, opts); err != nil {
			return nil, c.patternError(p, err)
		}
		if p.ty == ckLabel && p.hasVariable() {
			return nil, badCheckFile(c.cbuf.diag(prefixStart, "error", fmt.Sprintf("found '%s-LABEL:' with variable definition or use", prefix)))
		}
		if f := c.finishPattern(p); f != nil {
			return nil, f
		}
		if (p.ty == ckNext || p.ty == ckSame || p.ty == ckEmpty) && len(c.strings) == 0 {
			kind := map[checkType]string{ckNext: "NEXT", ckSame: "SAME", ckEmpty: "EMPTY"}[p.ty]
			return nil, badCheckFile(c.cbuf.diag(prefixStart, "error", fmt.Sprintf("found '%s-%s' without previous '%s: line", prefix, kind, prefix)))
		}
		if p.ty == ckDAG || p.ty == ckNot {
			dagNot = append(dagNot, p)
			continue
		}
		c.strings = append(c.strings, &checkString{pat: p, prefix: prefix, dagNot: dagNot})
		dagNot = append([]*pattern{}, implicit...)
	}

	noneFound := len(notFound) == distinct
	unused := !opts.AllowUnusedPrefixes && len(notFound) > 0
	if (noneFound || unused) && (len(implicit) == 0 || !defaultPrefix) {
		var missing []string
		for _, p := range checkPrefixes {
			if notFound[p] {
				missing = append(missing, "'"+p+":'")
				delete(notFound, p) // a prefix given twice is listed once
			}
		}
		s := " "
		if len(missing) > 1 {
			s = "es "
		}
		return nil, badCheckFile(plainError("no check strings found with prefix%s%s", s, strings.Join(missing, ", ")))
	}
	if len(dagNot) > 0 {
		eof := &pattern{ty: ckEOF, count: 1, line: line + 1, buf: c.cbuf, loc: len(text), prefix: checkPrefixes[0], ctx: c.ctx}
		c.strings = append(c.strings, &checkString{pat: eof, prefix: checkPrefixes[0], dagNot: dagNot})
	}
	return c, nil
}

// finishPattern compiles a pattern's regex when it has nothing to
// substitute at match time.
func (c *checker) finishPattern(p *pattern) *Failure {
	if p.isFixed || len(p.subs) > 0 || p.ty == ckEOF {
		return nil
	}
	re, err := compileERE(p.re, p.ignoreCase)
	if err != nil {
		// Each {{...}} was valid alone, but a back-reference number can
		// mean another group in the whole pattern; llvm::Regex then fails
		// to compile and the pattern simply never matches.
		p.neverMatches = true
		return nil
	}
	p.compiled = re
	return nil
}

func (c *checker) patternError(p *pattern, err error) *Failure {
	if pe, ok := err.(*parseError); ok {
		return badCheckFile(p.buf.diag(pe.off, "error", pe.msg))
	}
	return badCheckFile(p.buf.diag(p.loc, "error", err.Error()))
}

// defineCmdline records -D definitions; they are (re)applied at each run.
// As in LLVM, they are parsed from a "Global defines" buffer with one line
// per definition, which is where their errors point.
func (c *checker) defineCmdline() *Failure {
	c.strDefines = map[string]string{}
	c.numDefines = map[*numVar]int64{}
	var text strings.Builder
	type def struct {
		d         string
		eq        int
		at, inner int // offsets in the buffer: the definition, a numeric one's [[#...]] body
	}
	var defs []def
	for i, d := range c.opts.Defines {
		eq := strings.IndexByte(d, '=')
		if eq < 0 {
			return badCheckFile(Diag{Message: fmt.Sprintf("Missing equal sign in command-line definition '-D%s'", d)})
		}
		if eq == 0 {
			return badCheckFile(Diag{Message: fmt.Sprintf("Missing variable name in command-line definition '-D%s'", d)})
		}
		if i > 0 {
			text.WriteByte('\n')
		}
		fmt.Fprintf(&text, "Global define #%d: ", i+1)
		df := def{d: d, eq: eq, at: text.Len()}
		text.WriteString(d)
		if strings.HasPrefix(d, "#") {
			text.WriteString(" (parsed as: [[#")
			df.inner = text.Len()
			text.WriteString(d[1:eq] + ":" + d[eq+1:] + "]])")
		}
		defs = append(defs, df)
	}
	buf := &buffer{name: "Global defines", text: []byte(text.String())}
	for _, df := range defs {
		d, eq := df.d, df.eq
		if strings.HasPrefix(d, "#") {
			p := &pattern{ty: ckPlain, buf: buf, ctx: c.ctx}
			inner := d[1:eq] + ":" + d[eq+1:]
			pp := &patParser{p: p, base: df.inner, orig: inner}
			expr, v, err := pp.numericBlock(inner, false)
			if err != nil {
				return c.patternError(p, err)
			}
			if v == nil || expr.ast == nil {
				return badCheckFile(buf.diag(df.inner, "error", "invalid numeric variable definition"))
			}
			val, err := expr.ast.eval(0)
			if err != nil {
				return badCheckFile(Diag{Message: err.Error()})
			}
			c.ctx.numVars[v.name] = v
			v.defLine = 0
			c.numDefines[v] = val
			continue
		}
		name, pseudo, rest, ok := parseVariable(d[:eq])
		switch {
		case !ok:
			return badCheckFile(buf.diag(df.at, "error", "invalid variable name"))
		case pseudo || rest != "":
			return badCheckFile(buf.diag(df.at, "error", "invalid name in string variable definition"))
		}
		if _, clash := c.ctx.numVars[name]; clash {
			return badCheckFile(buf.diag(df.at, "error", fmt.Sprintf("numeric variable with name '%s' already exists", name)))
		}
		c.strDefines[name] = d[eq+1:]
		c.ctx.definedStr[name] = true
	}
	return nil
}

type directive struct {
	ty      checkType
	count   int
	literal bool
}

// findFirstPrefix finds the next directive or comment at or after pos, as
// FindFirstMatchingPrefix does: the earliest (then longest) prefix that does
// not continue a word and is followed by a valid suffix. It returns the
// prefix, its offset, the directive and the offset after its colon.
func findFirstPrefix(text []byte, pos int, prefixes []string, isComment map[string]bool, line *int) (string, int, directive, int) {
	for pos < len(text) {
		best, bestAt := "", -1
		for _, p := range prefixes {
			i := bytes.Index(text[pos:], []byte(p))
			if i < 0 {
				continue
			}
			if bestAt < 0 || pos+i < bestAt || (pos+i == bestAt && len(p) > len(best)) {
				best, bestAt = p, pos+i
			}
		}
		if bestAt < 0 {
			return "", 0, directive{}, 0
		}
		*line += bytes.Count(text[pos:bestAt], []byte{'\n'})
		skippedEmpty := bestAt == pos
		pos = bestAt
		if skippedEmpty || !isPartOfWord(text[pos-1]) {
			d, after := findCheckType(text, pos, best, isComment[best])
			if d.ty != ckNone {
				return best, pos, d, after
			}
		}
		// Skip the prefix and the rest of the word it is part of.
		pos += len(best)
		for pos < len(text) && isPartOfWord(text[pos]) {
			pos++
		}
	}
	return "", 0, directive{}, 0
}

// findCheckType reads the suffix after a prefix ("-NEXT:", "{LITERAL}:",
// "-COUNT-3:", ...).
func findCheckType(text []byte, pos int, prefix string, comment bool) (directive, int) {
	if len(text)-pos <= len(prefix) {
		return directive{}, 0
	}
	rest := string(text[pos+len(prefix):])
	at := func(r string) int { return len(text) - len(r) }
	if comment {
		if strings.HasPrefix(rest, ":") {
			return directive{ty: ckComment}, at(rest[1:])
		}
		return directive{}, 0
	}
	modifiers := func(d directive, r string) (directive, int) {
		if strings.HasPrefix(r, ":") {
			return d, at(r[1:])
		}
		if !strings.HasPrefix(r, "{") {
			return directive{}, 0
		}
		r = r[1:]
		for {
			r = strings.TrimLeft(r, " \t\n\v\f\r")
			if !strings.HasPrefix(r, "LITERAL") {
				return directive{}, 0
			}
			d.literal = true
			r = strings.TrimLeft(r[len("LITERAL"):], " \t\n\v\f\r")
			if !strings.HasPrefix(r, ",") {
				break
			}
			r = r[1:]
		}
		if !strings.HasPrefix(r, "}:") {
			return directive{}, 0
		}
		return d, at(r[2:])
	}
	if strings.HasPrefix(rest, ":") {
		return directive{ty: ckPlain, count: 1}, at(rest[1:])
	}
	if rest[0] == '{' {
		return modifiers(directive{ty: ckPlain, count: 1}, rest)
	}
	misspelled := false
	switch rest[0] {
	case '_':
		misspelled = true
	case '-':
	default:
		return directive{}, 0
	}
	rest = rest[1:]
	d, after := func() (directive, int) {
		if strings.HasPrefix(rest, "COUNT-") {
			r := rest[len("COUNT-"):]
			i := 0
			for i < len(r) && isDigit(r[i]) {
				i++
			}
			n := 0
			for _, ch := range r[:i] {
				n = n*10 + int(ch-'0')
				if n > 1<<31-1 {
					return directive{ty: ckBadCount}, at(r)
				}
			}
			if i == 0 {
				return directive{ty: ckBadCount}, at(r)
			}
			if n <= 0 || i == len(r) || (r[i] != ':' && r[i] != '{') {
				return directive{ty: ckBadCount}, at(r[i:])
			}
			return modifiers(directive{ty: ckPlain, count: n}, r[i:])
		}
		for _, bad := range []string{"DAG-NOT:", "NOT-DAG:", "NEXT-NOT:", "NOT-NEXT:", "SAME-NOT:", "NOT-SAME:", "EMPTY-NOT:", "NOT-EMPTY:"} {
			if strings.HasPrefix(rest, bad) {
				return directive{ty: ckBadNot}, at(rest)
			}
		}
		for _, s := range []struct {
			name string
			ty   checkType
		}{{"NEXT", ckNext}, {"SAME", ckSame}, {"NOT", ckNot}, {"DAG", ckDAG}, {"LABEL", ckLabel}, {"EMPTY", ckEmpty}} {
			if strings.HasPrefix(rest, s.name) {
				return modifiers(directive{ty: s.ty, count: 1}, rest[len(s.name):])
			}
		}
		return directive{}, 0
	}()
	if d.ty != ckNone && misspelled {
		return directive{ty: ckMisspelled}, after
	}
	return d, after
}
