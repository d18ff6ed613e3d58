package parse

import (
	"fmt"

	"github.com/hlsl2spirv/hlsl2spirv/frontend/diag"
	"github.com/hlsl2spirv/hlsl2spirv/frontend/token"
	p "github.com/hlsl2spirv/hlsl2spirv/grammar/parser"
)

// ctok is a preprocessor token with the grammar token type the classifier
// gave it. The token is copied out of the preprocessor's block (feed.go):
// no list of every preprocessed token is kept beside the classified ones.
type ctok struct {
	token.Token
	typ int16
	// splitFrom is set on both halves of a `>>` that was split into two
	// `>` so nested template argument lists can close.
	splitFrom bool
	// templateKw is set on a name written after the `template`
	// disambiguator (`X::template f<T>()`), which is dropped.
	templateKw bool
	// index is the token's place in the classified tokens (a *ctok is
	// also ANTLR's token: token.go).
	index int32
}

// scopeKind tells what opened a scope.
type scopeKind uint8

const (
	blockScope     scopeKind = iota // the file, a function body, a block
	structScope                     // a struct, class, interface, enum or cbuffer body
	namespaceScope                  // a namespace body
	templateScope                   // the parameters of a template declaration
)

// scope is one level of name declarations. Types declared in a struct body
// stay visible after it (nested types are used unqualified by out-of-line
// methods; over-approximate but cheap, sema does the real lookup).
type scope struct {
	names map[string]nameKind
	kind  scopeKind
}

func (s *scope) set(name string, k nameKind) {
	if s.names == nil {
		s.names = map[string]nameKind{}
	}
	s.names[name] = k
}

// pendingTemplate follows one `template <...> declaration` so its
// parameters go out of scope when the declaration ends.
type pendingTemplate struct {
	braceDepth  int
	angle       int  // nesting of the parameter list's < >
	inDecl      bool // the parameter list is closed
	sawStruct   bool
	sawFuncName bool
}

// classifier marks identifiers as keywords, modifiers, type, template and
// namespace names before the parser sees them — the C "lexer hack": HLSL
// declares types before use, so one left-to-right pass knows them.
//
// It works as the parser asks for tokens, so that a parse can run while
// the preprocessor is still producing them, in three steps, each running
// ahead of the next as far as it needs to look: the intake (feed.go)
// copies the preprocessor's tokens into toks, dropping effect syntax,
// splitting `>>` and bounding bracket nesting; kind gives each token its
// grammar type and markScope marks scope qualifiers (typed counts the
// tokens done); markCast finds the `(` of casts, which needs the types of
// the tokens after it (final counts the tokens done: the parser's).
type classifier struct {
	toks  ctokStore
	diags *diag.List // the classifier's errors
	words *wordTable // the words table (names.go), fetched once

	in           intake // feed.go
	typed, final int
	templateArgs int // open template argument lists, roughly
	// tooDeep is the error that stops the parse (input nested too deeply
	// to parse); finish reports it once the intake has read every token.
	tooDeep *diag.Diagnostic

	scopes []scope
	// shapes has bit min(len(name), 63) of shapes[name[0]&127] set for
	// every name set in a scope's map: most names looked up are in none
	// (variables, functions, built-in types), and the map lookups cost
	// about 80 instructions per scope.
	shapes [128]uint64
	// qualified holds every type name declared anywhere, for names after
	// `X::` (nested types, namespace members).
	qualified map[string]nameKind
	// namespaces keeps each namespace's names: namespaces reopen, and
	// `using namespace` imports them.
	namespaces map[string]map[string]nameKind
	nsName     string // the namespace whose `{` is pending

	braces     int  // open braces
	pendingDef bool // a struct/namespace/cbuffer header awaits its `{`
	defKind    scopeKind
	templates  []pendingTemplate

	typedefDepth int // brace depth of an open typedef + 1, or 0
	nesting      int // ( [ < nesting inside a typedef
}

// maxNesting bounds the nesting of ( [ { as clang's -fbracket-depth does
// (same default). Deeper input is rejected before parsing: ANTLR's
// recovery on unbalanced deep nesting costs quadratic time.
const maxNesting = 256

// maxTemplateNesting bounds nested template argument lists, for the same
// reason: deciding type-or-expression per level scans to the closing `>`.
const maxTemplateNesting = 64

// newClassifier classifies the tokens of feed. Its errors go to diags,
// the effect-syntax warnings to effects (they come first, as the effect
// syntax is dropped before classifying).
func newClassifier(feed tokenFeed, diags, effects *diag.List) *classifier {
	return &classifier{
		diags: diags, words: words(), in: intake{raw: rawReader{feed: feed}, effects: effects},
		qualified: map[string]nameKind{}, namespaces: map[string]map[string]nameKind{},
		scopes: []scope{{names: map[string]nameKind{}, kind: blockScope}},
	}
}

// classifyFailed is the panic that stops a parse when the input nests too
// deeply; finish reports it.
type classifyFailed struct{}

// stopIfFailed panics with classifyFailed once the input is known to nest
// too deeply: the parse stops as soon as it cannot succeed.
func (c *classifier) stopIfFailed() {
	if c.tooDeep != nil || c.in.tooDeep != nil {
		panic(classifyFailed{})
	}
}

// finish classifies every token and reports whether that went well: it
// did not when the input nests too deeply to parse, which is then
// reported (after every invalid character, as those are found first).
func (c *classifier) finish() (ok bool) {
	defer func() {
		if r := recover(); r != nil {
			if _, failed := r.(classifyFailed); !failed {
				panic(r)
			}
			for c.in.pull(c) {
			}
			// The bracket check comes before classification, so its
			// error wins.
			d := c.in.tooDeep
			if d == nil {
				d = c.tooDeep
			}
			c.diags.Add(*d)
			ok = false
		}
	}()
	c.finalUpTo(1<<31 - 1)
	return true
}

// finalUpTo makes the types of the tokens up to index i final, and those
// of every token taken in so far (a block at a time costs less per token
// than one at a time). It returns i, or the last index when i is past the
// end.
func (c *classifier) finalUpTo(i int) int {
	end := max(i, c.toks.n-1)
	for ; c.final <= end; c.final++ {
		k := c.final
		if k >= c.typed {
			c.typedUpTo(max(k, c.toks.n-1))
			if k >= c.typed {
				break // past the end
			}
		}
		if c.toks.at(k).typ == p.HLSLParserLPAREN {
			c.markCast(k)
		}
	}
	c.stopIfFailed()
	return min(i, c.toks.n-1)
}

// typedUpTo runs kind and markScope on the tokens up to index i (or to
// the end).
func (c *classifier) typedUpTo(i int) {
	for ; c.typed <= i && (c.typed < c.toks.n || c.has(c.typed)); c.typed++ {
		k := c.typed
		typ := c.kind(k)
		t := c.toks.at(k)
		t.typ = int16(typ)
		switch typ {
		case p.HLSLParserTEMPLATE_NAME, p.HLSLParserTEMPLATE_FUNC:
			if c.templateArgs++; c.templateArgs > maxTemplateNesting && c.tooDeep == nil {
				c.tooDeep = &diag.Diagnostic{Severity: diag.Error, Code: diag.SyntaxBase + codeTooDeep, Pos: t.Loc(),
					Msg: fmt.Sprintf("template argument lists nested deeper than %d", maxTemplateNesting)}
			}
			c.markScope(k)
		case p.HLSLParserTYPE_NAME:
			c.markScope(k)
		case p.HLSLParserGT:
			if c.templateArgs > 0 {
				c.templateArgs--
			}
		case p.HLSLParserSEMI, p.HLSLParserLBRACE, p.HLSLParserRBRACE:
			c.templateArgs = 0
		}
	}
	c.stopIfFailed()
}

// typedAt is the token at i once kind and markScope have run on it.
func (c *classifier) typedAt(i int) *ctok {
	if i >= c.typed {
		c.typedUpTo(i)
	}
	return c.at(i)
}

// markScope gives a name before `::` its scope token: a type name
// becomes an NS_NAME, a template name whose argument list is followed by
// `::` a TEMPLATE_SCOPE. The parser then sees where a qualifier ends from
// one token. (Kind never looks back at a token this changes: the token
// after it is punctuation.)
func (c *classifier) markScope(i int) {
	t := c.toks.at(i)
	switch t.typ {
	case p.HLSLParserTYPE_NAME:
		if c.isPunct(i+1, "::") {
			t.typ = p.HLSLParserNS_NAME
		}
	case p.HLSLParserTEMPLATE_NAME:
		if c.isPunct(i+1, "<") && c.isPunct(c.skipAngles(i+1), "::") {
			t.typ = p.HLSLParserTEMPLATE_SCOPE
		}
	}
}

// markCast makes the `(` at i a CAST_LPAREN if it opens a cast: a `(`
// that does not follow a name or a keyword that takes parentheses,
// followed by a type, `)` and the start of an operand. A type in
// parentheses with no operand after it is a parameter list
// (`void f(float);`) or sizeof's. (Kind never tells a `(` from a cast's.)
func (c *classifier) markCast(i int) {
	// After a name the `(` opens arguments or parameters, and sizeof
	// takes its own parenthesized type. (After a `)` it may well be a
	// cast: `(double)(float)x`.)
	switch c.at(i - 1).typ {
	case p.HLSLParserKW_SIZEOF, p.HLSLParserIDENT, p.HLSLParserTYPE_NAME, p.HLSLParserTEMPLATE_NAME,
		p.HLSLParserKW_OPERATOR, p.HLSLParserKW_UNSIGNED, p.HLSLParserKW_SIGNED, p.HLSLParserKW_IF,
		p.HLSLParserKW_WHILE, p.HLSLParserKW_FOR, p.HLSLParserKW_SWITCH, p.HLSLParserKW_STATIC_ASSERT:
		return
	}
	j := c.typeEnd(i + 1)
	if j == i+1 || c.typedAt(j).typ != p.HLSLParserRPAREN {
		return
	}
	// `(T){ ... }` is a compound literal, which HLSL lacks; it is read
	// as a cast, as it used to be, where an expression may stand.
	if next := c.typedAt(j + 1).typ; startsExpression.has(int(next)) || next == p.HLSLParserLBRACE && opensOperand.has(int(c.at(i-1).typ)) {
		c.toks.at(i).typ = p.HLSLParserCAST_LPAREN
	}
}

// opensOperand are the tokens after which an operand is due.
var opensOperand = tokenSet{
	p.HLSLParserASSIGN: true, p.HLSLParserCOMMA: true, p.HLSLParserLPAREN: true, p.HLSLParserCAST_LPAREN: true,
	p.HLSLParserKW_RETURN: true, p.HLSLParserQUESTION: true, p.HLSLParserLBRACE: true,
}

// typeEnd returns the index after the type (as typeId spells it) that
// starts at i, or i when none does.
func (c *classifier) typeEnd(i int) int {
	j := i
	for c.typedAt(j).typ == p.HLSLParserKW_CONST || c.typedAt(j).typ == p.HLSLParserMODIFIER {
		j++
	}
	switch c.typedAt(j).typ {
	case p.HLSLParserKW_UNSIGNED, p.HLSLParserKW_SIGNED:
		j++
		if c.typedAt(j).typ == p.HLSLParserTYPE_NAME {
			j++
		}
	case p.HLSLParserELABORATED, p.HLSLParserKW_TYPENAME:
		j = c.qualifiedNameEnd(j+1, true)
	case p.HLSLParserTYPE_NAME, p.HLSLParserTEMPLATE_NAME, p.HLSLParserNS_NAME, p.HLSLParserTEMPLATE_SCOPE, p.HLSLParserCOLONCOLON:
		j = c.qualifiedNameEnd(j, false)
	default:
		return i
	}
	if j < 0 {
		return i
	}
	for c.typedAt(j).typ == p.HLSLParserKW_CONST {
		j++
	}
	for c.typedAt(j).typ == p.HLSLParserLBRACKET {
		depth := 0
		for ; c.has(j); j++ {
			if c.typedAt(j).typ == p.HLSLParserLBRACKET {
				depth++
			} else if c.typedAt(j).typ == p.HLSLParserRBRACKET {
				if depth--; depth == 0 {
					j++
					break
				}
			}
		}
	}
	return j
}

// qualifiedNameEnd returns the index after a type name, qualified or not,
// with its template arguments, starting at i; -1 when there is none. The
// last name may be a plain identifier only after typename or an
// elaborated keyword.
func (c *classifier) qualifiedNameEnd(i int, identOK bool) int {
	j := i
	if c.typedAt(j).typ == p.HLSLParserCOLONCOLON {
		j++
	}
	for {
		switch c.typedAt(j).typ {
		case p.HLSLParserNS_NAME:
			j++
		case p.HLSLParserTEMPLATE_NAME, p.HLSLParserTEMPLATE_SCOPE:
			j = c.skipAngles(j + 1)
		case p.HLSLParserTYPE_NAME:
			j++
		case p.HLSLParserIDENT:
			if !identOK {
				return -1
			}
			j++
		default:
			return -1
		}
		if c.typedAt(j).typ != p.HLSLParserCOLONCOLON {
			return j
		}
		j++
	}
}

func (c *classifier) isPunct(i int, s string) bool {
	t := c.at(i)
	return t.Kind == token.Punct && t.Text == s
}

func (c *classifier) lookup(name string) nameKind {
	// Most scopes are blocks that declare no type: their maps stay nil.
	if c.mayBeSet(name) {
		for i := len(c.scopes) - 1; i >= 0; i-- {
			if k, ok := c.scopes[i].names[name]; ok {
				if k == shadowed {
					return unknownName
				}
				return k
			}
		}
	}
	return c.words.builtinName(name)
}

// set sets name to k in scope i.
func (c *classifier) set(i int, name string, k nameKind) {
	c.scopes[i].set(name, k)
	if name != "" {
		c.shapes[name[0]&127] |= 1 << min(len(name), 63)
	}
}

// mayBeSet reports whether name may be in some scope's map: false when
// no name set in one had its first byte and length.
func (c *classifier) mayBeSet(name string) bool {
	return name != "" && c.shapes[name[0]&127]&(1<<min(len(name), 63)) != 0
}

// declare adds a name to the innermost scope that is not a template
// parameter scope (a template's own name outlives its parameters).
//
// A type declared in a struct body is also declared in the enclosing
// scopes up to the first block or namespace.
func (c *classifier) declare(name string, k nameKind) {
	i := len(c.scopes) - 1
	for i > 0 && c.scopes[i].kind == templateScope {
		i--
	}
	c.set(i, name, k)
	for i > 0 && c.scopes[i].kind == structScope {
		i--
		c.set(i, name, k)
	}
	if k != namespaceName || c.qualified[name] == unknownName {
		c.qualified[name] = k
	}
}

// shadow records a variable (or member) named like a type, so the name
// is an identifier in the rest of the scope: `int int1 = 0; int1++;`.
func (c *classifier) shadow(name string) {
	i := len(c.scopes) - 1
	for i > 0 && c.scopes[i].kind == templateScope {
		i--
	}
	c.set(i, name, shadowed)
}

func (c *classifier) braceDepth() int { return c.braces }

// startsType reports whether the raw token at i begins a type or another
// modifier, which makes a contextual modifier before it a modifier.
func (c *classifier) startsType(i int) bool {
	t := c.at(i)
	if t.Kind != token.Ident {
		return false
	}
	if w := c.words.get(t.Text); w != nil && w.modifier != notModifier {
		return true
	}
	switch t.Text {
	case "const", "static", "struct", "class", "unsigned", "signed", "typename":
		return true
	}
	k := c.lookup(t.Text)
	return k == typeName || k == templateType || (k == namespaceName && c.isPunct(i+1, "::"))
}

// kind classifies the token at i and updates the declaration state.
func (c *classifier) kind(i int) int {
	t := c.at(i)
	switch t.Kind {
	case token.EOF:
		return p.HLSLParserEOF
	case token.Int:
		return p.HLSLParserINT_LIT
	case token.Float:
		return p.HLSLParserFLOAT_LIT
	case token.String:
		return p.HLSLParserSTRING_LIT
	case token.Char:
		return p.HLSLParserCHAR_LIT
	case token.Punct:
		c.punct(i)
		if len(t.Text) == 1 && t.Text[0] < 128 && punct1[t.Text[0]] != 0 {
			return int(punct1[t.Text[0]])
		}
		if w := c.words.get(t.Text); w != nil && w.punct != 0 {
			return int(w.punct)
		}
		return p.HLSLParserUNKNOWN
	case token.Ident:
		return c.ident(i)
	}
	return p.HLSLParserUNKNOWN
}

func (c *classifier) punct(i int) {
	t := c.at(i)
	depth := c.braceDepth()
	switch t.Text {
	case "{":
		c.braces++
		kind := blockScope
		if c.pendingDef {
			kind = c.defKind
		}
		var names map[string]nameKind // made on first declaration
		if kind == namespaceScope {
			names = map[string]nameKind{}
			if m, ok := c.namespaces[c.nsName]; ok {
				names = m
			} else {
				c.namespaces[c.nsName] = names
			}
		}
		c.scopes = append(c.scopes, scope{names: names, kind: kind})
		c.pendingDef = false
	case "}":
		if c.braces > 0 {
			c.braces--
			// Pop the brace's scope (and any template scope left open
			// inside it by malformed input).
			for len(c.scopes) > 1 {
				k := c.scopes[len(c.scopes)-1].kind
				c.scopes = c.scopes[:len(c.scopes)-1]
				if k != templateScope {
					break
				}
			}
			for n := len(c.templates); n > 0 && c.templates[n-1].braceDepth > c.braces; n-- {
				c.templates = c.templates[:n-1]
			}
		}
		// A function template ends at its body's `}`; a struct template
		// at the `;` after it.
		if n := len(c.templates); n > 0 {
			tp := &c.templates[n-1]
			if tp.inDecl && tp.braceDepth == c.braceDepth() && !tp.sawStruct {
				c.popTemplate()
			}
		}
	case ";":
		c.pendingDef = false
		if c.typedefDepth == depth+1 {
			c.typedefDepth = 0
		}
		if n := len(c.templates); n > 0 {
			tp := &c.templates[n-1]
			if tp.inDecl && tp.braceDepth == depth {
				c.popTemplate()
			}
		}
	case "=":
		c.pendingDef = false
		if c.typedefDepth != 0 {
			c.nesting++
		}
		// `template <...> using A = ...;` declares an alias template;
		// `template <...> static const bool v = ...;` a variable template.
		if n := len(c.templates); n > 0 {
			tp := &c.templates[n-1]
			if prev := c.at(i - 1); tp.inDecl && tp.braceDepth == depth && !tp.sawFuncName && !tp.sawStruct && prev.typ == p.HLSLParserIDENT {
				tp.sawFuncName = true
				if c.at(i-2).typ == p.HLSLParserKW_USING {
					c.declare(prev.Text, templateType)
				} else {
					c.declare(prev.Text, templateFunc)
				}
			}
		}
	case "(":
		c.pendingDef = false
		fallthrough
	case "[":
		if c.typedefDepth != 0 {
			c.nesting++
		}
	case ")", "]":
		if c.typedefDepth != 0 && c.nesting > 0 {
			c.nesting--
		}
	}
	if n := len(c.templates); n > 0 {
		tp := &c.templates[n-1]
		if !tp.inDecl && tp.braceDepth == depth {
			switch t.Text {
			case "<":
				tp.angle++
			case ">":
				tp.angle--
				if tp.angle == 0 {
					tp.inDecl = true
				}
			}
		}
		if tp.inDecl && t.Text == "(" && !tp.sawFuncName && !tp.sawStruct && tp.braceDepth == depth {
			tp.sawFuncName = true
			if prev := c.at(i - 1); prev.Kind == token.Ident && prev.typ == p.HLSLParserIDENT {
				c.declare(prev.Text, templateFunc)
			}
		}
	}
}

func (c *classifier) popTemplate() {
	c.templates = c.templates[:len(c.templates)-1]
	for j := len(c.scopes) - 1; j > 0; j-- {
		if c.scopes[j].kind == templateScope {
			c.scopes = append(c.scopes[:j], c.scopes[j+1:]...)
			break
		}
	}
}

func (c *classifier) ident(i int) int {
	t := c.at(i)
	prev := c.at(i - 1)
	// After `.` or `->` every name is a member name.
	if t.templateKw && c.isPunct(i+1, "<") {
		return p.HLSLParserTEMPLATE_FUNC
	}
	if prev.Kind == token.Punct && (prev.Text == "." || prev.Text == "->") {
		if c.isPunct(i+1, "<") && c.looksLikeTemplateCall(i+1) {
			return p.HLSLParserTEMPLATE_FUNC
		}
		return p.HLSLParserIDENT
	}
	w := c.words.get(t.Text)
	if w == nil {
		w = &noWord
	}
	if typ := int(w.keyword); typ != 0 {
		c.keyword(i, t.Text)
		switch typ {
		case p.HLSLParserKW_STRUCT, p.HLSLParserKW_CLASS, p.HLSLParserKW_INTERFACE, p.HLSLParserKW_ENUM:
			if c.elaborated(i) {
				return p.HLSLParserELABORATED
			}
		}
		return typ
	}
	switch w.modifier {
	case reservedModifier:
		return p.HLSLParserMODIFIER
	case contextualModifier:
		if c.startsType(i + 1) {
			return p.HLSLParserMODIFIER
		}
	}

	var k nameKind
	if prev.Kind == token.Punct && prev.Text == "::" {
		k = c.qualifiedLookup(i)
	} else {
		k = c.lookup(t.Text)
	}

	// `struct [raypayload] P`: look through attributes for the keyword.
	if prev.Kind == token.Punct && prev.Text == "]" {
		if kw := c.keywordBeforeAttributes(i - 1); kw != nil {
			prev = kw
		}
	}
	// Declaring occurrences. Template parameters first: `template <class T>`.
	if prev.Kind == token.Ident && (prev.typ == p.HLSLParserKW_CLASS || prev.typ == p.HLSLParserKW_TYPENAME) {
		if tp := c.currentTemplate(); tp != nil && !tp.inDecl {
			c.set(len(c.scopes)-1, t.Text, typeName)
			return p.HLSLParserIDENT
		}
	}
	if prev.Kind == token.Ident && prev.typ != p.HLSLParserIDENT {
		switch prev.Text {
		case "struct", "class", "interface", "enum":
			// Declared even when the name is known: a user type may reuse
			// a built-in name inside a namespace (`ns::RayQuery`).
			nk := typeName
			if tp := c.currentTemplate(); tp != nil && tp.sawStruct {
				nk = templateType
			}
			if k == typeName || k == templateType {
				if k == templateType && c.isPunct(i+1, "<") {
					return p.HLSLParserTEMPLATE_NAME // explicit specialisation
				}
				c.declare(t.Text, nk)
				return p.HLSLParserTYPE_NAME
			}
			c.declare(t.Text, nk)
			return p.HLSLParserIDENT
		case "namespace":
			c.declare(t.Text, namespaceName)
			c.nsName = t.Text
			return p.HLSLParserIDENT
		case "using":
			if c.isPunct(i+1, "=") || c.isPunct(i+1, "[") {
				c.declare(t.Text, typeName)
				return p.HLSLParserIDENT
			}
		}
	}
	if c.typedefDepth == c.braceDepth()+1 && c.nesting == 0 && k == unknownName {
		switch {
		case prev.typ == p.HLSLParserTYPE_NAME, prev.typ == p.HLSLParserGT, prev.typ == p.HLSLParserRBRACE,
			prev.typ == p.HLSLParserCOMMA, prev.typ == p.HLSLParserKW_CONST, prev.typ == p.HLSLParserIDENT:
			c.declare(t.Text, typeName)
			return p.HLSLParserIDENT
		}
	}

	// A declarator named like a type: `int int1 = 0;`,
	// `RWStructuredBuffer<uint> Buffer;`.
	if (k == typeName || k == templateType) && (prev.typ == p.HLSLParserTYPE_NAME || prev.typ == p.HLSLParserGT) {
		if n := c.at(i + 1); n.Kind == token.Punct {
			switch n.Text {
			case "=", ";", ",", ":", "[", ")":
				c.shadow(t.Text)
				return p.HLSLParserIDENT
			}
		}
	}

	switch k {
	case namespaceName, unknownName:
		// An undeclared name before `::` is taken for a namespace, so
		// the parse goes on and sema reports the name.
		if c.isPunct(i+1, "::") {
			return p.HLSLParserNS_NAME
		}
	case typeName:
		return p.HLSLParserTYPE_NAME
	case templateType:
		if c.isPunct(i+1, "<") {
			return p.HLSLParserTEMPLATE_NAME
		}
		return p.HLSLParserTYPE_NAME
	case templateFunc:
		if c.isPunct(i+1, "<") {
			return p.HLSLParserTEMPLATE_FUNC
		}
		return p.HLSLParserIDENT
	}
	if c.isPunct(i+1, "<") && c.looksLikeTemplateCall(i+1) {
		return p.HLSLParserTEMPLATE_FUNC
	}
	return p.HLSLParserIDENT
}

// elaborated reports whether the struct, class, interface or enum keyword
// at i names a type (`struct S s;`, `struct S;`, the bit-field
// `enum E : 1;`) rather than starting a definition, which has a `{` or a
// base (`:` and a type) after its attributes and name. Neither `class` in `template <class T>` nor the `class` of
// `enum class` is a type keyword.
func (c *classifier) elaborated(i int) bool {
	if c.at(i-1).typ == p.HLSLParserKW_ENUM {
		return false
	}
	// `template <class T>`, `template <typename T, class U>` (but not the
	// explicit instantiation `template class D<int>;`).
	if tp := c.currentTemplate(); tp != nil && !tp.inDecl && (c.isPunct(i-1, "<") || c.isPunct(i-1, ",")) {
		return false
	}
	j := i + 1
	if c.at(i).Text == "enum" && (c.at(j).Text == "class" || c.at(j).Text == "struct") {
		j++
	}
	for c.isPunct(j, "[") { // attributes: struct [raypayload] P { ... }
		depth := 0
		for ; c.has(j); j++ {
			if c.isPunct(j, "[") {
				depth++
			} else if c.isPunct(j, "]") {
				if depth--; depth == 0 {
					j++
					break
				}
			}
		}
	}
	// The name: `S`, `S<int>`, `::A::S`, or none (`struct { ... } x;`).
	if c.isPunct(j, "::") {
		j++
	}
	for c.at(j).Kind == token.Ident {
		j++
		if c.isPunct(j, "<") {
			j = c.skipAngles(j)
		}
		if !c.isPunct(j, "::") {
			break
		}
		j++
	}
	// A `:` starts a base or an enum's underlying type, unless a width
	// follows: `enum E : 1;` is a bit-field.
	base := c.isPunct(j, ":") && c.at(j+1).Kind != token.Int
	return !c.isPunct(j, "{") && !base
}

// skipAngles returns the index after the `>` that closes the `<` at i (or
// where a `;`, `{` or `}` shows the list is not closed).
func (c *classifier) skipAngles(i int) int {
	depth := 0
	for j := i; c.has(j); j++ {
		switch {
		case c.isPunct(j, "<"):
			depth++
		case c.isPunct(j, ">"):
			if depth--; depth == 0 {
				return j + 1
			}
		case c.isPunct(j, ";"), c.isPunct(j, "{"), c.isPunct(j, "}"):
			return j
		}
	}
	return c.toks.n
}

// keywordBeforeAttributes returns the struct/class/interface/enum keyword
// before the attribute list that ends with the `]` at i, or nil.
func (c *classifier) keywordBeforeAttributes(i int) *ctok {
	depth := 0
	for j := i; j >= 0 && j > i-256; j-- {
		t := c.at(j)
		if t.Kind == token.Punct {
			switch t.Text {
			case "]":
				depth++
			case "[":
				depth--
			}
		}
		if depth == 0 {
			kw := c.at(j - 1)
			if kw.Kind == token.Punct && kw.Text == "]" {
				continue // another attribute before this one: [a] [b]
			}
			switch kw.typ {
			case p.HLSLParserKW_STRUCT, p.HLSLParserKW_CLASS, p.HLSLParserKW_INTERFACE, p.HLSLParserKW_ENUM, p.HLSLParserELABORATED:
				return kw
			}
			return nil
		}
	}
	return nil
}

// qualifiedLookup classifies the name after `Q::`.
func (c *classifier) qualifiedLookup(i int) nameKind {
	name := c.at(i).Text
	q := c.at(i - 2)
	if q.Kind == token.Ident {
		if k := qualifiedBuiltin(q.Text, name); k != unknownName && c.lookup(q.Text) == namespaceName {
			return k
		}
	}
	return c.qualified[name]
}

func (c *classifier) currentTemplate() *pendingTemplate {
	if n := len(c.templates); n > 0 && c.templates[n-1].braceDepth == c.braceDepth() {
		return &c.templates[n-1]
	}
	return nil
}

func (c *classifier) keyword(i int, word string) {
	switch word {
	case "struct", "class", "interface", "enum", "namespace", "cbuffer", "tbuffer":
		if word == "class" {
			if tp := c.currentTemplate(); tp != nil && !tp.inDecl {
				return // template <class T>
			}
		}
		// `enum class E`: the header is already pending.
		c.pendingDef = true
		switch word {
		case "namespace":
			c.defKind = namespaceScope
		default:
			c.defKind = structScope
		}
		if tp := c.currentTemplate(); tp != nil && tp.inDecl && word != "namespace" {
			tp.sawStruct = true
		}
	case "using":
		// `using namespace ns;` makes ns's names visible here.
		if c.at(i+1).Text == "namespace" && c.at(i+2).Kind == token.Ident {
			for name, k := range c.namespaces[c.at(i+2).Text] {
				c.set(len(c.scopes)-1, name, k)
			}
		}
	case "typedef":
		c.typedefDepth = c.braceDepth() + 1
		c.nesting = 0
	case "template":
		c.templates = append(c.templates, pendingTemplate{braceDepth: c.braceDepth()})
		c.scopes = append(c.scopes, scope{kind: templateScope})
	}
}

// looksLikeTemplateCall reports whether the `<` at i opens the explicit
// template arguments of a call: `vk::RawBufferLoad<float>(a)`,
// `buf.Load<float4>(0)`. It must start with a type and close with `>` that
// is followed by `(`.
func (c *classifier) looksLikeTemplateCall(i int) bool {
	first := c.at(i + 1)
	if first.Kind != token.Ident || !c.startsType(i+1) {
		return false
	}
	depth := 0
	for j := i; j < i+64 && c.has(j); j++ {
		t := c.at(j)
		switch t.Kind {
		case token.Ident, token.Int:
			continue
		case token.Punct:
			switch t.Text {
			case "<":
				depth++
			case ">":
				depth--
				if depth == 0 {
					return c.isPunct(j+1, "(")
				}
			case ",", "::", "(", ")", "[", "]", "+", "-", "*", "|", "&":
			default:
				return false
			}
		default:
			return false
		}
	}
	return false
}
