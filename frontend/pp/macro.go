package pp

import (
	"fmt"
	"strings"

	"github.com/hlsl2spirv/hlsl2spirv/frontend/diag"
	"github.com/hlsl2spirv/hlsl2spirv/frontend/token"
)

func sprintf(format string, args ...any) string { return fmt.Sprintf(format, args...) }

func isPunct(t ptok, s string) bool { return t.Kind == token.Punct && t.Text == s }

// expand replaces the use of macro m (its name token t, the '(' next when
// m is function-like) by its expansion, pushed as a new context. It returns
// false when the use turned out not to be one (an error in the arguments).
func (p *preprocessor) expand(t ptok, m *macro) bool {
	at := site(t)
	var args [][]ptok
	elided := false
	if m.funcLike {
		var ok bool
		args, ok = p.collectArgs(t, m)
		if !ok {
			return true // diagnosed; the use is dropped
		}
		// The variable arguments were left out altogether ("E(a)" for
		// "#define E(f, ...)"): clang's GNU comma rule only applies then.
		elided = m.variadic && len(args) == len(m.params)+1
		if elided {
			args = args[:len(args)-1]
		}
	}
	p.res.exps = append(p.res.exps, expansion{name: m.name, parent: t.exp, namePos: t.Pos})
	id := int32(len(p.res.exps) - 1)
	body := p.substitute(m, args, at, elided, id)
	printAt := t.site
	if !printAt.IsValid() {
		printAt = at
	}
	for i := range body {
		body[i].site = printAt
	}
	p.produced += len(body)
	if p.produced > p.maxTokens {
		p.fatalf(codeTooLarge, at, "macro expansion exceeds %d tokens", p.maxTokens)
		return true
	}
	if !t.Exp.IsValid() {
		p.res.Expansions[at] = m.name
	}
	// The expansion takes the place of the macro use: its first token gets
	// the use's line-start and leading-space flags.
	keep := t.Flags & (token.StartOfLine | token.LeadingSpace)
	if len(body) == 0 {
		p.pending |= keep
	} else {
		body[0].Flags = body[0].Flags&^(token.StartOfLine|token.LeadingSpace) | keep
	}
	p.stack = append(p.stack, &context{toks: body, m: m}) // (which disables m: expanding)
	return true
}

// collectArgs reads the parenthesised arguments of a function-like macro
// use, unexpanded. Identifiers naming a macro that is being expanded are
// painted blue as they are read, since reading may pop that expansion
// (C 6.10.3.4p2; clang does the same).
func (p *preprocessor) collectArgs(name ptok, m *macro) ([][]ptok, bool) {
	p.lexRaw() // '(' (nextIsLParen said so)
	p.inMacroArgs++
	defer func() { p.inMacroArgs-- }()
	var args [][]ptok
	var cur []ptok
	depth := 0
	for {
		t := p.lexRaw()
		if t.Kind == token.EOF || t.Kind == kArgEnd || p.fatal {
			if !p.fatal {
				pos, notes := p.locate(name)
				p.addDiag(diag.Diagnostic{Severity: diag.Error, Code: diag.PPBase + codeUnterminatedInvocation, Pos: pos,
					Msg: "unterminated function-like macro invocation", Notes: append(notes, p.definedHere(m)...)})
			}
			if t.Kind == kArgEnd || t.Kind == token.EOF {
				p.unread(t)
			}
			return nil, false
		}
		if t.Kind == kEOD {
			continue
		}
		if t.Kind == token.Ident {
			if mm := p.macros[t.Text]; mm != nil && p.expanding(mm) {
				t.pf |= pfNoExpand
			}
		}
		if t.Kind == token.Punct {
			switch t.Text {
			case "(":
				depth++
			case ")":
				if depth == 0 {
					args = append(args, cur)
					return p.checkArgCount(name, m, args, t)
				}
				depth--
			case ",":
				if depth == 0 && !(m.variadic && len(args) == len(m.params)-1) {
					args = append(args, cur)
					cur = nil
					continue
				}
			}
		}
		cur = append(cur, t)
	}
}

// unread pushes back one token (EOF or kArgEnd) so the caller sees it too.
func (p *preprocessor) unread(t ptok) {
	if t.Kind == kArgEnd {
		c := p.top()
		if c.lx == nil && c.i > 0 {
			c.i--
		}
	}
	// EOF from a file is seen again: the lexer stays at the end.
}

func (p *preprocessor) checkArgCount(name ptok, m *macro, args [][]ptok, rparen ptok) ([][]ptok, bool) {
	n := len(m.params)
	if n == 0 && len(args) == 1 && len(args[0]) == 0 {
		return nil, true // F() for #define F()
	}
	if len(args) > n {
		pos, notes := p.locate(argStart(args[n], rparen))
		p.addDiag(diag.Diagnostic{Severity: diag.Error, Code: diag.PPBase + codeTooManyArgs, Pos: pos,
			Msg: "too many arguments provided to function-like macro invocation", Notes: append(notes, p.definedHere(m)...)})
		return nil, false
	}
	if len(args) < n {
		// The variable arguments may be left out altogether (a C++20 and
		// GNU extension clang accepts).
		if m.variadic && len(args) == n-1 {
			// An extra nil marks "elided" (not just empty) for expand.
			return append(args, nil, nil), true
		}
		pos, notes := p.locate(rparen)
		p.addDiag(diag.Diagnostic{Severity: diag.Error, Code: diag.PPBase + codeTooFewArgs, Pos: pos,
			Msg: "too few arguments provided to function-like macro invocation", Notes: append(notes, p.definedHere(m)...)})
		return nil, false
	}
	return args, true
}

func argStart(arg []ptok, def ptok) ptok {
	if len(arg) > 0 {
		return arg[0]
	}
	return def
}

// locate is where a diagnostic about t goes: its macro use (site), plus
// an "expanded from macro" note at its spelling when it came from a macro
// body, as clang renders it.
func (p *preprocessor) locate(t ptok) (diag.Pos, []diag.Diagnostic) {
	if t.exp == 0 || !t.Exp.IsValid() {
		return site(t), nil
	}
	return site(t), p.res.chainNotes(t.exp, t.Pos)
}

// definedHere is clang's "macro 'X' defined here" note.
func (p *preprocessor) definedHere(m *macro) []diag.Diagnostic {
	if !m.pos.IsValid() {
		return nil
	}
	return []diag.Diagnostic{{Severity: diag.Note, Pos: m.pos, Msg: fmt.Sprintf("macro '%s' defined here", m.name)}}
}

func (p *preprocessor) addDiag(d diag.Diagnostic) { p.diags.Add(d) }

// preExpand fully macro-expands one argument in isolation (C 6.10.3.1),
// with the macros currently being expanded still disabled.
func (p *preprocessor) preExpand(arg []ptok, at diag.Pos) []ptok {
	if len(arg) == 0 {
		return nil
	}
	// Nothing to expand when no token names a macro: the common case.
	need := false
	for _, t := range arg {
		if t.Kind == token.Ident && t.pf&pfNoExpand == 0 && p.macros[t.Text] != nil {
			need = true
			break
		}
	}
	if !need {
		return arg
	}
	if p.nesting >= maxNesting {
		p.fatalf(codeTooDeep, at, "macro arguments nested too deeply")
		return nil
	}
	p.nesting++
	defer func() { p.nesting-- }()
	toks := make([]ptok, len(arg)+1)
	copy(toks, arg)
	toks[len(arg)] = ptok{Token: token.Token{Kind: kArgEnd}}
	p.stack = append(p.stack, &context{toks: toks})
	depth := len(p.stack)
	var out []ptok
	for {
		t := p.lex()
		if t.Kind == kArgEnd || p.fatal {
			break
		}
		if t.Kind == token.EOF {
			break // cannot happen: kArgEnd comes first
		}
		if p.pending != 0 {
			t.Flags |= p.pending & token.LeadingSpace
			p.pending = 0
		}
		out = append(out, t)
	}
	// Drop the argument context (and anything left above it).
	for len(p.stack) >= depth {
		p.popContext()
	}
	p.pending = 0
	return out
}

// substitute builds the replacement list of a macro use: parameters
// replaced by their (pre-expanded or raw) arguments, # stringized, ##
// pasted, every token marked with the expansion site.
func (p *preprocessor) substitute(m *macro, args [][]ptok, at diag.Pos, elided bool, id int32) []ptok {
	out := make([]ptok, 0, len(m.body)+8)
	var expanded [][]ptok
	if len(args) > 0 {
		expanded = make([][]ptok, len(args))
	}
	body := m.body
	paramIndex := func(t ptok) int {
		if t.Kind != token.Ident || !m.funcLike {
			return -1
		}
		for i, name := range m.params {
			if name == t.Text {
				return i
			}
		}
		return -1
	}
	sb := substBuilder{p: p, out: out, at: at, id: id}
	for i := 0; i < len(body); i++ {
		t := body[i]
		lead := t.Flags & token.LeadingSpace
		// # parameter: stringize the raw argument.
		if m.funcLike && isPunct(t, "#") && i+1 < len(body) {
			if k := paramIndex(body[i+1]); k >= 0 {
				s := stringize(args[k])
				s.Pos, s.Exp, s.Flags, s.exp = t.Pos, at, lead, id
				sb.addOne(s, lead)
				i++
				continue
			}
		}
		// ## operator (only as spelled in the body).
		if isPunct(t, "##") && i > 0 && i+1 < len(body) {
			// GNU ", ## __VA_ARGS__", as clang does it: when the output so
			// far ends in a comma (from anywhere), a non-empty __VA_ARGS__
			// is appended without pasting, and an elided one (the
			// arguments left out, not just empty) removes the comma.
			if k := paramIndex(body[i+1]); k >= 0 && m.variadic && k == len(m.params)-1 &&
				len(sb.out) > 0 && isPunct(sb.out[len(sb.out)-1], ",") {
				if len(args[k]) > 0 {
					// The arguments keep their own spacing (clang prints "f(a, b)").
					sb.out = append(sb.out, args[k]...)
				} else if elided {
					sb.out = sb.out[:len(sb.out)-1]
				}
				i++
				continue
			}
			sb.pasteNext = true
			sb.pastePos = t.Pos
			continue
		}
		if k := paramIndex(t); k >= 0 {
			nextIsPaste := i+1 < len(body) && isPunct(body[i+1], "##") && i+2 < len(body)
			if (sb.pasteNext || nextIsPaste) && !p.cfg.LegacyMacroExpansion {
				sb.add(args[k], true, lead)
				continue
			}
			if expanded[k] == nil && len(args[k]) > 0 {
				expanded[k] = p.preExpand(args[k], at)
				if expanded[k] == nil {
					expanded[k] = []ptok{}
				}
			}
			items := expanded[k]
			sb.add(items, sb.pasteNext || nextIsPaste, lead)
			continue
		}
		t.Exp = at
		t.exp = id
		sb.addOne(t, lead)
	}
	// Remove placemarkers.
	out = sb.out
	j := 0
	for _, t := range out {
		if t.Kind != kPlacemarker {
			out[j] = t
			j++
		}
	}
	return out[:j]
}

// substBuilder accumulates a macro's replacement list. pasteNext is set
// when the last body token was a ## operator: the next item is pasted onto
// the last token of out.
type substBuilder struct {
	p         *preprocessor
	out       []ptok
	pasteNext bool
	pastePos  diag.Pos
	at        diag.Pos
	id        int32
}

// add appends the tokens of one body item (a token, an argument, a
// stringized argument); an empty argument next to ## is a placemarker.
// add copies the tokens, so an argument used twice stays intact.
func (b *substBuilder) add(items []ptok, placemarker bool, lead token.Flags) {
	if b.pasteNext {
		b.pasteNext = false
		if len(items) == 0 {
			return // x ## <empty> is x
		}
		last := len(b.out) - 1
		if last >= 0 && b.out[last].Kind == kPlacemarker {
			b.out[last] = items[0]
			b.out[last].Flags = b.out[last].Flags&^token.LeadingSpace | lead
		} else if last >= 0 {
			b.out[last] = b.p.paste(b.out[last], items[0], b.pastePos, b.at, b.id)
		}
		b.out = append(b.out, items[1:]...)
		return
	}
	if placemarker && len(items) == 0 {
		b.out = append(b.out, ptok{Token: token.Token{Kind: kPlacemarker, Flags: lead}})
		return
	}
	start := len(b.out)
	b.out = append(b.out, items...)
	if len(b.out) > start {
		b.out[start].Flags = b.out[start].Flags&^(token.LeadingSpace|token.StartOfLine) | lead
	}
}

// addOne appends one token (without allocating a slice for it).
func (b *substBuilder) addOne(t ptok, lead token.Flags) {
	if b.pasteNext {
		b.add([]ptok{t}, false, lead)
		return
	}
	t.Flags = t.Flags&^(token.LeadingSpace|token.StartOfLine) | lead
	b.out = append(b.out, t)
}

// stringize implements #: the argument's spelling with each run of
// whitespace turned into one space, quotes and backslashes in string and
// character literals escaped.
func stringize(arg []ptok) ptok {
	var b strings.Builder
	b.WriteByte('"')
	for i, t := range arg {
		if i > 0 && t.Flags&(token.LeadingSpace|token.StartOfLine) != 0 {
			b.WriteByte(' ')
		}
		if t.Kind == token.String || t.Kind == token.Char {
			for j := 0; j < len(t.Text); j++ {
				if t.Text[j] == '"' || t.Text[j] == '\\' {
					b.WriteByte('\\')
				}
				b.WriteByte(t.Text[j])
			}
		} else {
			b.WriteString(t.Text)
		}
	}
	b.WriteByte('"')
	return ptok{Token: token.Token{Kind: token.String, Text: b.String()}}
}

// paste implements ##: the spellings of l and r joined must form exactly
// one preprocessing token; otherwise it is an error and the two tokens stay
// apart (as clang recovers).
func (p *preprocessor) paste(l, r ptok, opPos, at diag.Pos, id int32) ptok {
	text := l.Text + r.Text
	kind, ok := lexOne(text)
	if !ok {
		p.addDiag(diag.Diagnostic{Severity: diag.Error, Code: diag.PPBase + codeBadPaste, Pos: at,
			Msg:   sprintf("pasting formed '%s', an invalid preprocessing token", text),
			Notes: p.res.chainNotes(id, opPos)})
		return l
	}
	res := l
	res.Kind = kind
	res.Text = text
	res.pf &^= pfNoExpand
	res.exp = id
	if !res.Exp.IsValid() {
		res.Exp = at
	}
	return res
}

// lexOne reports whether text is exactly one preprocessing token, and its kind.
func lexOne(text string) (token.Kind, bool) {
	if text == "" {
		return 0, false
	}
	b := []byte(text)
	c := b[0]
	switch {
	case c == 'L' && len(b) > 1 && (b[1] == '"' || b[1] == '\''):
		k, ok := lexOne(text[1:])
		return k, ok && (k == token.String || k == token.Char)
	case isIdentStart(c):
		for i := 1; i < len(b); i++ {
			if !isIdentBody(b[i]) {
				return 0, false
			}
		}
		return token.Ident, true
	case isDigit(c) || c == '.' && len(b) > 1 && isDigit(b[1]):
		if scanNumber(b, 0) != len(b) {
			return 0, false
		}
		return classifyNumber(text), true
	case c == '"' || c == '\'':
		i := 1
		for i < len(b) && b[i] != c {
			if b[i] == '\\' {
				i++
			}
			i++
		}
		if i != len(b)-1 {
			return 0, false
		}
		if c == '"' {
			return token.String, true
		}
		return token.Char, true
	}
	if len(punct(b)) == len(b) {
		return token.Punct, true
	}
	return 0, false
}
