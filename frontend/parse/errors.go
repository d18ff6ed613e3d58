package parse

import (
	"fmt"
	"strings"

	"github.com/antlr4-go/antlr/v4"

	"github.com/hlsl2spirv/hlsl2spirv/frontend/diag"
	"github.com/hlsl2spirv/hlsl2spirv/frontend/token"
	p "github.com/hlsl2spirv/hlsl2spirv/grammar/parser"
)

// errorListener turns ANTLR's syntax errors into clang-style diagnostics.
// ANTLR's own messages ("mismatched input ... expecting {...}") are
// dropped: the wording is rebuilt from the offending token, the tokens the
// parser expected there, and the rule being parsed.
type errorListener struct {
	antlr.DefaultErrorListener
	parser *p.HLSLParser
	diags  *diag.List
	toks   *ctokStore
	notes  notesFunc // may be nil
	last   int       // token index of the last error, to stop cascades
	// quietUntil is the index of the first ';' or '}' after the last
	// error: errors up to there are consequences of the recovery.
	quietUntil int
	reported   bool
}

func (l *errorListener) SyntaxError(_ antlr.Recognizer, offending interface{}, _, _ int, _ string, e antlr.RecognitionException) {
	parser := l.parser
	tok, _ := offending.(antlr.Token)
	if e != nil && e.GetOffendingToken() != nil {
		tok = e.GetOffendingToken()
	}
	idx := l.toks.n - 1
	if tok != nil && tok.GetTokenIndex() >= 0 && tok.GetTokenIndex() < l.toks.n {
		idx = tok.GetTokenIndex()
	}
	// One error per token, and none right after another: the second is
	// nearly always a consequence of the recovery from the first.
	if idx == l.last || idx == l.last+1 || (l.reported && idx <= l.quietUntil) {
		l.last = idx
		return
	}
	l.last = idx
	l.quietUntil = idx
	for l.quietUntil < l.toks.n-1 {
		if typ := l.toks.at(l.quietUntil).typ; typ == p.HLSLParserSEMI || typ == p.HLSLParserRBRACE {
			break
		}
		l.quietUntil++
	}
	l.reported = true

	var expected *antlr.IntervalSet
	func() {
		defer func() { _ = recover() }() // expected-token computation must never take the parse down
		expected = parser.GetExpectedTokens()
	}()
	// `template <typename... Ts>`: DXC rejects parameter packs by name.
	if t := l.tok(idx); t.Kind == token.Punct && t.Text == "..." {
		if k := l.tok(idx - 1).typ; k == p.HLSLParserKW_TYPENAME || k == p.HLSLParserKW_CLASS {
			l.report(codeSyntax, t.Loc(), "variadic templates are not supported in HLSL", idx)
			return
		}
	}
	// A prediction that failed past its first token leaves the parser at the
	// decision's start, and the expected set describes that start, not the
	// failure point: say what the failure point most likely lacks.
	if cur := parser.GetCurrentToken(); cur != nil && cur.GetTokenIndex() >= 0 && cur.GetTokenIndex() < idx {
		if code, pos, msg, ok := l.describeMidDecision(parser.GetParserRuleContext(), idx); ok {
			l.report(code, pos, msg, idx)
			return
		}
	}
	code, pos, msg := l.describe(parser.GetParserRuleContext(), idx, expected)
	l.report(code, pos, msg, idx)
}

// closers are the messages of missing closing brackets with their
// openers, for "to match this '('" notes.
var closers = [...]struct {
	msg      string
	open     string
	openTyp  int
	closeTyp int
}{
	{"expected ')'", "(", p.HLSLParserLPAREN, p.HLSLParserRPAREN},
	{"expected ']'", "[", p.HLSLParserLBRACKET, p.HLSLParserRBRACKET},
	{"expected '}'", "{", p.HLSLParserLBRACE, p.HLSLParserRBRACE},
}

// report records one syntax error; a missing closing bracket gets a note
// at the bracket it would close, as clang gives.
func (l *errorListener) report(code diag.Code, pos diag.Pos, msg string, idx int) {
	d := diag.Diagnostic{Severity: diag.Error, Code: diag.SyntaxBase + code, Pos: pos, Msg: msg}
	for _, c := range closers {
		if c.msg != msg {
			continue
		}
		depth := 0
		for j := idx - 1; j >= 0; j-- {
			switch typ := int(l.tok(j).typ); {
			case typ == c.closeTyp:
				depth++
			case typ == c.openTyp, typ == p.HLSLParserCAST_LPAREN && c.openTyp == p.HLSLParserLPAREN:
				depth--
			}
			if depth < 0 {
				d.Notes = append(d.Notes, diag.Diagnostic{Severity: diag.Note, Pos: l.tok(j).Loc(), Msg: "to match this '" + c.open + "'"})
				break
			}
		}
	}
	// An error at a token that came out of a macro gets the expansion chain,
	// whichever of the offending token and the one before it it points at.
	if l.notes != nil {
		for _, j := range []int{idx, idx - 1} {
			if t := l.tok(j); t.Exp.IsValid() && (t.Loc() == pos || endOf(t) == pos) {
				d.Notes = append(d.Notes, l.notes(t.Token)...)
				break
			}
		}
	}
	l.diags.Add(d)
}

// onlyToken reports whether set is exactly {typ}.
func onlyToken(set *antlr.IntervalSet, typ int) bool {
	if set == nil {
		return false
	}
	ivs := set.GetIntervals()
	return len(ivs) == 1 && ivs[0].Start == typ && ivs[0].Stop == typ+1
}

func contains(set *antlr.IntervalSet, typ int) bool {
	if set == nil {
		return false
	}
	for _, iv := range set.GetIntervals() {
		if typ >= iv.Start && typ < iv.Stop {
			return true
		}
	}
	return false
}

// startsExpression is a token type that can begin an expression.
var startsExpression = tokenSet{
	p.HLSLParserIDENT: true, p.HLSLParserTYPE_NAME: true, p.HLSLParserTEMPLATE_NAME: true,
	p.HLSLParserTEMPLATE_FUNC: true, p.HLSLParserNS_NAME: true, p.HLSLParserTEMPLATE_SCOPE: true, p.HLSLParserINT_LIT: true,
	p.HLSLParserFLOAT_LIT: true, p.HLSLParserSTRING_LIT: true, p.HLSLParserCHAR_LIT: true,
	p.HLSLParserKW_TRUE: true, p.HLSLParserKW_FALSE: true, p.HLSLParserKW_THIS: true,
	p.HLSLParserKW_SIZEOF: true, p.HLSLParserLPAREN: true, p.HLSLParserCAST_LPAREN: true, p.HLSLParserPLUS: true,
	p.HLSLParserMINUS: true, p.HLSLParserNOT: true, p.HLSLParserTILDE: true, p.HLSLParserINC: true,
	p.HLSLParserDEC: true, p.HLSLParserCOLONCOLON: true, p.HLSLParserKW_UNSIGNED: true,
	p.HLSLParserKW_SIGNED: true,
}

// inRule reports whether ctx or one of its parents is a T.
func inRule[T antlr.ParserRuleContext](ctx antlr.ParserRuleContext) bool {
	for c := ctx; c != nil; {
		if _, ok := c.(T); ok {
			return true
		}
		parent, ok := c.GetParent().(antlr.ParserRuleContext)
		if !ok {
			return false
		}
		c = parent
	}
	return false
}

// statementKind says which statement a statement context is, by its
// first child (the grammar's alternatives carry no labels): the first
// token's type, or a rule's index for a declaration or an expression.
func statementKind(c *p.StatementContext) int {
	switch k := c.GetChild(0).(type) {
	case *tokNode:
		return int(k.typ)
	case *antlr.TerminalNodeImpl:
		return k.GetSymbol().GetTokenType()
	case *p.ExpressionContext:
		return -p.HLSLParserRULE_expression
	case *p.DeclarationContext:
		return -p.HLSLParserRULE_declaration
	}
	return 0
}

// inExprStmt reports whether ctx is inside an expression statement.
func inExprStmt(ctx antlr.ParserRuleContext) bool {
	for c := ctx; c != nil; {
		if s, ok := c.(*p.StatementContext); ok {
			return statementKind(s) == -p.HLSLParserRULE_expression
		}
		parent, ok := c.GetParent().(antlr.ParserRuleContext)
		if !ok {
			return false
		}
		c = parent
	}
	return false
}

// semiContext words where a ';' is missing: after the statement or
// declaration that ctx is in.
func semiContext(ctx antlr.ParserRuleContext) string {
	for c := ctx; c != nil; {
		switch c := c.(type) {
		case *p.StatementContext:
			switch statementKind(c) {
			case -p.HLSLParserRULE_expression:
				return "after expression"
			case p.HLSLParserKW_RETURN:
				return "after return statement"
			case p.HLSLParserKW_BREAK:
				return "after break statement"
			case p.HLSLParserKW_CONTINUE:
				return "after continue statement"
			case p.HLSLParserKW_DISCARD:
				return "after discard statement"
			case p.HLSLParserKW_DO:
				return "after do/while statement"
			case -p.HLSLParserRULE_declaration:
				return "at end of declaration"
			}
		case *p.MemberDeclContext, *p.StructSpecifierContext:
			return "at end of declaration list"
		case *p.ForInitContext:
			return "at end of declaration"
		case *p.TopLevelDeclContext:
			return "after top level declarator"
		}
		parent, ok := c.GetParent().(antlr.ParserRuleContext)
		if !ok {
			break
		}
		c = parent
	}
	return "at end of declaration"
}

func (l *errorListener) tok(i int) ctok {
	if i >= 0 && i < l.toks.n {
		return *l.toks.at(i)
	}
	return noTok
}

// endOf is the position just after a token, where clang puts the caret
// for a missing ';' or ')'.
func endOf(t ctok) diag.Pos {
	if t.Exp.IsValid() {
		return t.Exp
	}
	return t.Pos + diag.Pos(len(t.Text))
}

func spell(t ctok) string {
	switch {
	case t.Kind == token.EOF:
		return "end of file"
	case t.Kind == token.String && len(t.Text) > 20:
		return "string literal"
	}
	return "'" + t.Text + "'"
}

// tokenSpelling words the token types an "expected" message may list.
var tokenSpelling = [p.HLSLParserUNKNOWN + 1]string{
	p.HLSLParserSEMI: "';'", p.HLSLParserRPAREN: "')'", p.HLSLParserRBRACKET: "']'",
	p.HLSLParserRBRACE: "'}'", p.HLSLParserLPAREN: "'('", p.HLSLParserCAST_LPAREN: "'('", p.HLSLParserLBRACE: "'{'",
	p.HLSLParserCOLON: "':'", p.HLSLParserGT: "'>'", p.HLSLParserLT: "'<'", p.HLSLParserCOMMA: "','",
	p.HLSLParserASSIGN: "'='", p.HLSLParserKW_WHILE: "'while'", p.HLSLParserLBRACKET: "'['",
	p.HLSLParserIDENT: "identifier", p.HLSLParserCOLONCOLON: "'::'",
}

// unterminatedStruct finds the struct specifier of the declaration being
// parsed when its closing brace ends a line and the error is after it.
func (l *errorListener) unterminatedStruct(ctx antlr.ParserRuleContext, idx int) (ctok, bool) {
	for c := ctx; c != nil; {
		if d, ok := c.(*p.DeclarationContext); ok {
			ts := d.TypeSpec()
			if ds := d.DeclSpecifiers(); ts == nil && ds != nil { // a typedef
				ts = ds.TypeSpec()
			}
			if ts == nil || ts.TagType() == nil || ts.TagType().StructSpecifier() == nil {
				return noTok, false
			}
			stop := ts.TagType().StructSpecifier().GetStop()
			if stop == nil {
				return noTok, false
			}
			si := stop.GetTokenIndex()
			if si < 0 || si >= idx || l.tok(si).typ != p.HLSLParserRBRACE || l.tok(si+1).Flags&token.StartOfLine == 0 {
				return noTok, false
			}
			return l.tok(si), true
		}
		parent, ok := c.GetParent().(antlr.ParserRuleContext)
		if !ok {
			break
		}
		c = parent
	}
	return noTok, false
}

// endsOperand are token types that can end an expression or declarator.
var endsOperand = tokenSet{
	p.HLSLParserIDENT: true, p.HLSLParserRPAREN: true, p.HLSLParserRBRACKET: true,
	p.HLSLParserINT_LIT: true, p.HLSLParserFLOAT_LIT: true, p.HLSLParserSTRING_LIT: true,
	p.HLSLParserCHAR_LIT: true, p.HLSLParserKW_TRUE: true, p.HLSLParserKW_FALSE: true,
	p.HLSLParserINC: true, p.HLSLParserDEC: true, p.HLSLParserKW_THIS: true,
}

// describeMidDecision words an error found while looking ahead: an open
// template argument list wants its '>', a complete operand followed by a
// new line or '}' wants its ';'.
func (l *errorListener) describeMidDecision(ctx antlr.ParserRuleContext, idx int) (diag.Code, diag.Pos, string, bool) {
	t, prev := l.tok(idx), l.tok(idx-1)
	// Texture2D<float4 t;
	open := 0
	for j := idx - 1; j >= 0 && j > idx-64; j-- {
		switch l.tok(j).typ {
		case p.HLSLParserSEMI, p.HLSLParserLBRACE, p.HLSLParserRBRACE:
			j = -1
		case p.HLSLParserGT:
			open--
		case p.HLSLParserLT:
			if k := l.tok(j - 1).typ; k == p.HLSLParserTEMPLATE_NAME || k == p.HLSLParserTEMPLATE_FUNC {
				open++
			}
		}
		if j < 0 {
			break
		}
	}
	if open > 0 && t.typ == p.HLSLParserIDENT {
		return codeSyntax, t.Loc(), "expected '>'", true
	}
	if endsOperand.has(int(prev.typ)) && (t.typ == p.HLSLParserRBRACE || t.Flags&token.StartOfLine != 0 || t.Kind == token.EOF) {
		return codeExpectedSemi, endOf(prev), "expected ';' " + semiContext(ctx), true
	}
	return 0, 0, "", false
}

// describe words one syntax error.
func (l *errorListener) describe(ctx antlr.ParserRuleContext, idx int, expected *antlr.IntervalSet) (diag.Code, diag.Pos, string) {
	t := l.tok(idx)
	prev := l.tok(idx - 1)
	next := l.tok(idx + 1)

	// `Foo x` where Foo was never declared as a type: clang's wording.
	if t.typ == p.HLSLParserIDENT && next.typ == p.HLSLParserIDENT && !contains(expected, p.HLSLParserIDENT) {
		return codeUnknownType, t.Loc(), fmt.Sprintf("unknown type name '%s'", t.Text)
	}
	if t.typ == p.HLSLParserIDENT && prev.typ == p.HLSLParserIDENT && idx > 0 &&
		(inExprStmt(ctx) || inRule[*p.ParamContext](ctx)) {
		return codeUnknownType, prev.Loc(), fmt.Sprintf("unknown type name '%s'", prev.Text)
	}
	if t.typ == p.HLSLParserGT && prev.typ == p.HLSLParserGT && prev.splitFrom != t.splitFrom {
		return codeBadShift, t.Loc(), "expected expression"
	}

	if t.Kind == token.EOF && contains(expected, p.HLSLParserRBRACE) {
		return codeSyntax, t.Loc(), "expected '}'"
	}
	// `for (...) }`: a statement was due.
	if t.typ == p.HLSLParserRBRACE && contains(expected, p.HLSLParserKW_IF) {
		return codeExpectedExpr, t.Loc(), "expected expression"
	}
	// `struct S { ... }` without its ';' before the next declaration.
	if end, ok := l.unterminatedStruct(ctx, idx); ok {
		return codeExpectedSemi, endOf(end), "expected ';' after struct"
	}

	// A type name where an expression is due, not followed by `(`:
	// `f(float2x2 {1, 2, 3, 4})`.
	if onlyToken(expected, p.HLSLParserLPAREN) && inRule[*p.UnaryExpressionContext](ctx) {
		return codeSyntax, t.Loc(), "expected '(' for function-style cast or type construction"
	}

	wantSemi := contains(expected, p.HLSLParserSEMI)
	wantExpr := contains(expected, p.HLSLParserINT_LIT)
	switch {
	case wantExpr && !startsExpression.has(int(t.typ)) && !wantSemi:
		return codeExpectedExpr, t.Loc(), "expected expression"
	case wantSemi && idx > 0 && (t.Flags&token.StartOfLine != 0 || t.typ == p.HLSLParserRBRACE || t.Kind == token.EOF || !wantExpr):
		return codeExpectedSemi, endOf(prev), "expected ';' " + semiContext(ctx)
	case wantExpr && !startsExpression.has(int(t.typ)):
		return codeExpectedExpr, t.Loc(), "expected expression"
	}

	if expected != nil {
		var names []string
		for _, iv := range expected.GetIntervals() {
			for typ := iv.Start; typ < iv.Stop; typ++ {
				if typ >= 0 && typ < len(tokenSpelling) && tokenSpelling[typ] != "" {
					names = append(names, tokenSpelling[typ])
				} else {
					names = nil
					goto generic
				}
			}
		}
		// An open list, `f(a, b` or `(int a, int b`, could go on with a
		// ',', but clang asks for the ')'.
		if len(names) == 2 && names[0] == "')'" && names[1] == "','" {
			names = names[:1]
		}
		if len(names) > 0 && len(names) <= 3 {
			pos := t.Loc()
			if len(names) == 1 && names[0] != "identifier" && idx > 0 && t.Flags&token.StartOfLine != 0 {
				pos = endOf(prev)
			}
			return codeSyntax, pos, "expected " + strings.Join(names, " or ")
		}
	}
generic:
	if t.Kind == token.EOF {
		if contains(expected, p.HLSLParserRBRACE) {
			return codeSyntax, t.Loc(), "expected '}'"
		}
		return codeSyntax, t.Loc(), "unexpected end of file"
	}
	return codeSyntax, t.Loc(), fmt.Sprintf("unexpected %s", spell(t))
}
