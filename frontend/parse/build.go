package parse

import (
	"strings"

	"github.com/antlr4-go/antlr/v4"

	"github.com/hlsl2spirv/hlsl2spirv/frontend/ast"
	"github.com/hlsl2spirv/hlsl2spirv/frontend/diag"
	"github.com/hlsl2spirv/hlsl2spirv/frontend/token"
	p "github.com/hlsl2spirv/hlsl2spirv/grammar/parser"
)

// builder converts the ANTLR parse tree to the AST. After a syntax error
// the tree has holes (nil children, conjured tokens); every accessor here
// tolerates them and leaves Bad* nodes instead.
//
// It converts a top-level declaration at a time (addTopLevel), so the SLL
// pass can hand each to a DeclSink as soon as it is parsed: begin makes
// the File (node 1), addTopLevel adds each declaration, finish completes
// it.
type builder struct {
	toks  *ctokStore
	diags *diag.List
	name  string
	ids   int32
	nodes nodeSlabs
	// broken records that building a declaration panicked: the ones after
	// it are not built.
	broken bool
	// deep is the first node found nested deeper than maxTreeDepth
	// (depth.go), in declaration order, or nil.
	deep ast.Node
}

// build converts a whole parse tree.
func (b *builder) build(tree p.ITranslationUnitContext, pragmas []ast.Pragma) *ast.File {
	file := b.begin(pragmas)
	if tree != nil {
		for _, d := range allKids[*p.TopLevelDeclContext](tree) {
			b.addTopLevel(file, d)
		}
	}
	b.finish(file, tree)
	return file
}

// begin makes the File, numbered first.
func (b *builder) begin(pragmas []ast.Pragma) *ast.File {
	file := &ast.File{Name: b.name, Pragmas: pragmas}
	b.ids++
	ast.SetID(file, b.ids)
	return file
}

// addTopLevel converts a top-level declaration of the parse tree, adds
// what it declares to file.Decls and returns that, with the number of
// nodes numbered meanwhile, a bound on the nodes under each of them.
func (b *builder) addTopLevel(file *ast.File, ctx *p.TopLevelDeclContext) (decls []ast.Decl, nodes int32) {
	if b.broken {
		return nil, 0
	}
	defer func() {
		if r := recover(); r != nil {
			// A hole the builder did not expect. After syntax errors that is
			// tolerable; on a clean parse it is a bug worth reporting.
			b.broken = true
			if !b.diags.HasErrors() {
				b.diags.Errorf(diag.SyntaxBase+codeInternal, b.toks.at(0).Loc(), "internal error building the syntax tree: %v", r)
			}
		}
	}()
	before := b.ids
	decls = b.topLevel(ctx)
	file.Decls = append(file.Decls, decls...)
	nodes = b.ids - before
	if b.deep == nil {
		b.deep = declsTooDeep(decls, nodes)
	}
	return decls, nodes
}

// finish gives file the range of the whole tree (nil when the parse
// failed) and its node count.
func (b *builder) finish(file *ast.File, tree p.ITranslationUnitContext) {
	if tree != nil {
		b.setRange(file, tree)
	}
	file.NodeCount = b.ids
}

// ---- positions --------------------------------------------------------

// noTok stands for a missing token (a hole after a syntax error). It is
// shared: never write through a token the builder hands out.
var noTok ctok

// tok returns the classified token behind t: t itself, as the parser is
// fed the ctoks of b.toks (stream.go), or, for a token the error strategy
// conjured, the one at its index, if any.
func (b *builder) tok(t antlr.Token) *ctok {
	if c, ok := t.(*ctok); ok && c != nil {
		return c
	}
	if t != nil {
		if i := t.GetTokenIndex(); i >= 0 && i < b.toks.n {
			return b.toks.at(i)
		}
	}
	return &noTok
}

func (b *builder) termTok(n antlr.TerminalNode) *ctok {
	if n == nil {
		return &noTok
	}
	return b.tok(n.GetSymbol())
}

func tokEnd(t *ctok) diag.Pos {
	if t.Exp.IsValid() {
		return t.Exp
	}
	if !t.Pos.IsValid() {
		return diag.NoPos
	}
	return t.Pos + diag.Pos(len(t.Text))
}

// setRange sets a node's range, keeping it non-negative: tokens from
// different macro expansions or files can put an end before a start.
func setRange(n ast.Node, start, end diag.Pos) {
	if end < start {
		end = start
	}
	ast.SetRange(n, start, end)
}

// set numbers a node and gives it the range of a parse-tree context.
func (b *builder) set(n ast.Node, ctx antlr.ParserRuleContext) {
	b.ids++
	ast.SetID(n, b.ids)
	if ctx != nil {
		b.setRange(n, ctx)
	}
}

// setRange gives a node the range of a parse-tree context.
func (b *builder) setRange(n ast.Node, ctx antlr.ParserRuleContext) {
	start := b.tok(ctx.GetStart())
	stop := b.tok(ctx.GetStop())
	end := tokEnd(stop)
	if ctx.GetStop() == nil || ctx.GetStop().GetTokenIndex() < ctx.GetStart().GetTokenIndex() {
		end = start.Loc()
	}
	setRange(n, start.Loc(), end)
}

// setTok numbers a node that spans the single token t.
func (b *builder) setTok(n ast.Node, t *ctok) {
	b.ids++
	ast.SetID(n, b.ids)
	setRange(n, t.Loc(), tokEnd(t))
}

// setSpan numbers a node spanning start..end, a node's start to another's
// end. (Positions rather than the nodes: the operands are ast.Exprs, and
// making each an ast.Node would look its interface table up at run time.)
func (b *builder) setSpan(n ast.Node, start, end diag.Pos) {
	b.ids++
	ast.SetID(n, b.ids)
	setRange(n, start, end)
}

func isNilCtx(c antlr.ParserRuleContext) bool {
	if c == nil {
		return true
	}
	// A typed nil inside the interface.
	switch v := c.(type) {
	case *antlr.BaseParserRuleContext:
		return v == nil
	}
	return false
}

func (b *builder) ident(n antlr.TerminalNode) *ast.Ident {
	t := b.termTok(n)
	id := alloc(&b.nodes.idents, ast.Ident{Name: t.Text})
	b.setTok(id, t)
	return id
}

// ---- declarations -----------------------------------------------------

func (b *builder) topLevel(ctx *p.TopLevelDeclContext) []ast.Decl {
	if ctx == nil {
		return nil
	}
	if sa := firstKid[*p.StaticAssertContext](ctx); sa != nil {
		return []ast.Decl{b.staticAssert(sa)}
	}
	if ns := firstKid[*p.NamespaceDeclContext](ctx); ns != nil {
		return []ast.Decl{b.namespace(ns)}
	}
	if u := firstKid[*p.UsingDeclContext](ctx); u != nil {
		return []ast.Decl{b.using(u)}
	}
	attrs := b.attributes(allKids[*p.AttributeContext](ctx))
	if bb := firstKid[*p.BufferBlockContext](ctx); bb != nil {
		return []ast.Decl{b.bufferBlock(bb, attrs)}
	}
	if td := firstKid[*p.TemplateDeclContext](ctx); td != nil {
		return []ast.Decl{b.template(td, attrs)}
	}
	if d := firstKid[*p.DeclarationContext](ctx); d != nil {
		return b.declaration(d, attrs)
	}
	return nil
}

func (b *builder) staticAssert(ctx *p.StaticAssertContext) ast.Decl {
	n := &ast.StaticAssertDecl{}
	b.set(n, ctx)
	n.Cond = b.assignment(firstKid[*p.AssignmentExpressionContext](ctx))
	if strs := tokensOf(ctx, p.HLSLParserSTRING_LIT); len(strs) > 0 {
		lit := alloc(&b.nodes.lits, ast.BasicLit{Kind: ast.StringLit})
		var parts []string
		for _, s := range strs {
			parts = append(parts, b.termTok(s).Text)
		}
		lit.Value = strings.Join(parts, " ")
		b.ids++
		ast.SetID(lit, b.ids)
		setRange(lit, b.termTok(strs[0]).Loc(), tokEnd(b.termTok(strs[len(strs)-1])))
		n.Msg = lit
	}
	return n
}

func (b *builder) namespace(ctx *p.NamespaceDeclContext) ast.Decl {
	n := &ast.NamespaceDecl{}
	b.set(n, ctx)
	name := tokenOf(ctx, p.HLSLParserIDENT)
	if name == nil {
		name = tokenOf(ctx, p.HLSLParserNS_NAME)
	}
	n.Name = b.ident(name)
	for _, d := range allKids[*p.TopLevelDeclContext](ctx) {
		n.Decls = append(n.Decls, b.topLevel(d)...)
	}
	return n
}

func (b *builder) using(ctx *p.UsingDeclContext) ast.Decl {
	if tokenOf(ctx, p.HLSLParserKW_NAMESPACE) != nil {
		n := &ast.UsingNamespaceDecl{}
		b.set(n, ctx)
		if sp := firstKid[*p.ScopePrefixContext](ctx); sp != nil {
			_, n.Qualifier = b.scopePrefix(sp)
		}
		name := tokenOf(ctx, p.HLSLParserIDENT)
		if name == nil {
			name = tokenOf(ctx, p.HLSLParserNS_NAME)
		}
		n.Name = b.ident(name)
		return n
	}
	if tokenOf(ctx, p.HLSLParserASSIGN) == nil {
		// using ns::name;
		n := &ast.UsingDecl{}
		b.set(n, ctx)
		if sp := firstKid[*p.ScopePrefixContext](ctx); sp != nil {
			_, n.Qualifier = b.scopePrefix(sp)
		}
		n.Name = alloc(&b.nodes.idents, ast.Ident{})
		if stop := ctx.GetStop(); stop != nil && stop.GetTokenIndex() > 0 {
			t := b.toks.at(stop.GetTokenIndex() - 1)
			n.Name.Name = t.Text
			b.setTok(n.Name, t)
		} else {
			b.set(n.Name, nil)
		}
		return n
	}
	n := &ast.TypedefDecl{Using: true}
	b.set(n, ctx)
	name := tokenOf(ctx, p.HLSLParserIDENT)
	if name == nil {
		name = tokenOf(ctx, p.HLSLParserTYPE_NAME)
	}
	n.Name = b.ident(name)
	if ti := firstKid[*p.TypeIdContext](ctx); ti != nil {
		n.Type = b.typeID(ti)
	} else {
		n.Type = b.typeID(nil)
	}
	n.Dims, n.Type.Dims = n.Type.Dims, nil
	return n
}

func (b *builder) bufferBlock(ctx p.IBufferBlockContext, attrs []*ast.Attribute) ast.Decl {
	n := &ast.BufferDecl{Attrs: attrs, TBuffer: tokenOf(ctx, p.HLSLParserKW_TBUFFER) != nil}
	b.set(n, ctx)
	n.Name = b.anyName(firstKid[*p.AnyNameContext](ctx))
	for _, s := range allKids[*p.PostfixDeclContext](ctx) {
		n.Semantics = append(n.Semantics, b.semantic(s))
	}
	for _, m := range allKids[*p.MemberDeclContext](ctx) {
		n.Decls = append(n.Decls, b.memberDecl(m)...)
	}
	return n
}

func (b *builder) template(ctx *p.TemplateDeclContext, attrs []*ast.Attribute) ast.Decl {
	n := &ast.TemplateDecl{Instantiation: tokenOf(ctx, p.HLSLParserLT) == nil}
	b.set(n, ctx)
	if pl := firstKid[*p.TemplateParamListContext](ctx); pl != nil {
		for _, tp := range allKids[*p.TemplateParamContext](pl) {
			n.Params = append(n.Params, b.templateParam(tp))
		}
	}
	attrs = append(attrs, b.attributes(allKids[*p.AttributeContext](ctx))...)
	u, td, d := firstKid[*p.UsingDeclContext](ctx), firstKid[*p.TemplateDeclContext](ctx), firstKid[*p.DeclarationContext](ctx)
	switch {
	case u != nil:
		n.Decl = b.using(u)
	case td != nil:
		n.Decl = b.template(td, attrs)
	case d != nil:
		ds := b.declaration(d, attrs)
		switch len(ds) {
		case 0:
			bad := &ast.BadDecl{}
			b.set(bad, d)
			n.Decl = bad
		case 1:
			n.Decl = ds[0]
		default:
			// `template<...> struct S {...} s;` declares a variable too;
			// HLSL has no use for that, keep the type.
			n.Decl = ds[0]
		}
	default:
		bad := &ast.BadDecl{}
		b.set(bad, ctx)
		n.Decl = bad
	}
	return n
}

func (b *builder) templateParam(ctx *p.TemplateParamContext) *ast.TemplateParam {
	n := &ast.TemplateParam{}
	b.set(n, ctx)
	name := tokenOf(ctx, p.HLSLParserIDENT)
	if name == nil {
		name = tokenOf(ctx, p.HLSLParserTYPE_NAME)
	}
	if name != nil {
		n.Name = b.ident(name)
	}
	ts := firstKid[*p.TypeSpecContext](ctx)
	if tokenOf(ctx, p.HLSLParserKW_TYPENAME) != nil || tokenOf(ctx, p.HLSLParserKW_CLASS) != nil {
		n.TypeParam = true
		if ts != nil {
			n.DefaultType = b.typeSpec(ts, nil)
		}
		return n
	}
	n.Type = b.typeSpec(ts, nil)
	if ce := firstKid[*p.ConstArgExpressionContext](ctx); ce != nil {
		n.Default = b.constArg(ce)
	}
	return n
}

// declSpecs is the shared part of a declaration.
type declSpecs struct {
	mods []ast.Modifier
	typ  *ast.TypeExpr
	defs []ast.Decl // struct/enum definitions written in the specifiers
	// start is where the declaration starts; the first declarator's range
	// begins there (`static const int a` starts at `static`).
	start diag.Pos
	first bool
}

func (b *builder) declSpecifiers(ctx p.IDeclSpecifiersContext) declSpecs {
	c, _ := ctx.(*p.DeclSpecifiersContext)
	if c == nil {
		var ds declSpecs
		ds.typ = alloc(&b.nodes.types, ast.TypeExpr{})
		b.set(ds.typ, nil)
		return ds
	}
	ds, _ := b.declSpecs(c.GetChildren(), 0)
	return ds
}

// declSpecs builds the specifiers `static const float4 const` written
// from kids[i] on (in a declSpecifiers or, flattened, a declaration) and
// returns the index after them.
func (b *builder) declSpecs(kids []antlr.Tree, i int) (declSpecs, int) {
	ds := declSpecs{first: true}
	if i < len(kids) {
		if t := b.firstTok(kids[i]); t.Pos.IsValid() {
			ds.start = t.Loc()
		}
	}
	for ; i < len(kids); i++ {
		t, ok := tokenKid(b, kids, i)
		if !ok {
			break
		}
		ds.mods = append(ds.mods, ast.Modifier{Pos: t.Loc(), Name: t.Text})
	}
	var def ast.Decl
	ds.typ = b.typeSpec(kid[*p.TypeSpecContext](kids, i), &def)
	if def != nil {
		ds.defs = append(ds.defs, def)
	}
	if kid[*p.TypeSpecContext](kids, i) != nil {
		i++
	}
	for ; i < len(kids); i++ {
		t, ok := tokenKid(b, kids, i)
		if !ok || t.typ != p.HLSLParserKW_CONST {
			break
		}
		ds.mods = append(ds.mods, ast.Modifier{Pos: t.Loc(), Name: t.Text})
	}
	return ds, i
}

// firstTok is the first token of a child, a token or a rule.
func (b *builder) firstTok(k antlr.Tree) *ctok {
	switch k := k.(type) {
	case *tokNode:
		return (*ctok)(k)
	case *antlr.TerminalNodeImpl:
		return b.termTok(k)
	case antlr.ParserRuleContext:
		return b.tok(k.GetStart())
	}
	return &noTok
}

// declaration returns the decls one declaration statement makes: a struct
// definition, then one decl per declarator.
func (b *builder) declaration(ctx p.IDeclarationContext, attrs []*ast.Attribute) []ast.Decl {
	c, _ := ctx.(*p.DeclarationContext)
	if c == nil {
		return nil
	}
	kids := c.GetChildren()
	if t, _ := tokenKid(b, kids, 0); t.typ == p.HLSLParserKW_TYPEDEF {
		ds := b.declSpecifiers(kid[*p.DeclSpecifiersContext](kids, 1))
		out := ds.defs
		for _, k := range kids {
			d, ok := k.(*p.DeclaratorContext)
			if !ok {
				continue
			}
			n := &ast.TypedefDecl{Mods: ds.mods, Type: ds.typ}
			b.set(n, d)
			n.Name = b.declName(firstKid[*p.DeclNameContext](d)).id
			n.Dims = b.arrayDims(allKids[*p.ArrayDimContext](d))
			out = append(out, n)
		}
		return out
	}
	ds, i := b.declSpecs(kids, 0)
	out := ds.defs
	if t, ok := tokenKid(b, kids, i); ok && t.typ == p.HLSLParserCOLON {
		// An unnamed bit-field pads the layout: a VarDecl without a name.
		n := alloc(&b.nodes.varDecls, ast.VarDecl{Attrs: attrs, Mods: ds.mods, Type: ds.typ})
		b.set(n, c)
		n.Name = alloc(&b.nodes.idents, ast.Ident{})
		b.ids++
		ast.SetID(n.Name, b.ids)
		setRange(n.Name, t.Loc(), t.Loc())
		width, _ := tokenKid(b, kids, i+1)
		sem := &ast.Semantic{Kind: ast.BitField, Name: width.Text}
		b.setTok(sem, width)
		n.Semantics = []*ast.Semantic{sem}
		return append(out, n)
	}
	name, j := b.declaredName(kids, i)
	if name == nil {
		if len(ds.defs) > 0 {
			// `struct S {...};`: attributes belong to the struct.
			if s, ok := ds.defs[0].(*ast.StructDecl); ok && len(ds.defs) == 1 {
				s.Attrs = append(attrs, s.Attrs...)
			}
			return out
		}
		// `struct S;`, `template <class T> struct S;`: a forward declaration.
		var kind ast.StructKind
		switch ds.typ.Keyword {
		case "class":
			kind = ast.Class
		case "interface":
			kind = ast.Interface
		case "struct":
		default:
			return out
		}
		s := &ast.StructDecl{Kind: kind, Attrs: attrs, Forward: true}
		b.set(s, c)
		s.Name = alloc(&b.nodes.idents, ast.Ident{Name: ds.typ.Name})
		b.ids++
		ast.SetID(s.Name, b.ids)
		setRange(s.Name, ds.typ.Pos(), ds.typ.End())
		return append(out, s)
	}
	if fd := kid[*p.FunctionDeclaratorContext](kids, j); fd != nil {
		return append(out, b.function(c, name, fd, kid[*p.FunctionTailContext](kids, j+1), ds, attrs))
	}
	// The first variable: its name, then the rest of its declarator up to
	// the first ',' or the ';'.
	v := varSource{declared: name, start: name.start, stop: name.stop}
	for ; j < len(kids); j++ {
		switch k := kids[j].(type) {
		case *p.ArrayDimContext:
			v.dims = append(v.dims, k)
		case *p.PostfixDeclContext:
			v.post = append(v.post, k)
		case *p.AnnotationContext:
			v.annot = k
		case *p.InitializerContext:
			v.init = k
		case *p.StateBlockContext:
			v.state = k
		case *tokNode, *antlr.TerminalNodeImpl:
			if t, _ := b.realTok(k); t.typ == p.HLSLParserASSIGN {
				continue
			}
		}
		if termNode(kids[j]) != nil {
			break // the ',' or ';' after the first declarator
		}
		r, ok := kids[j].(antlr.ParserRuleContext)
		if !ok {
			break
		}
		v.stop = r.GetStop()
	}
	inits := []varSource{v}
	for _, k := range kids[j:] {
		if id, ok := k.(*p.InitDeclaratorContext); ok {
			inits = append(inits, b.initVar(id))
		}
	}
	for i, id := range inits {
		ds.first = i == 0
		out = append(out, b.varDecl(id, ds, attrs))
	}
	return out
}

// varSource is what a variable is built from: an initDeclarator, or the
// declaration's first name and the rest of its declarator.
type varSource struct {
	ctx      antlr.ParserRuleContext // the range, when start is nil
	start    antlr.Token             // else the range is start..stop
	stop     antlr.Token
	declared *declaredName // nil when the declarator is missing
	dims     []*p.ArrayDimContext
	post     []*p.PostfixDeclContext
	annot    *p.AnnotationContext
	init     *p.InitializerContext
	state    *p.StateBlockContext // a legacy effect state block, or nil
}

func (b *builder) initVar(id *p.InitDeclaratorContext) varSource {
	v := varSource{ctx: id, init: firstKid[*p.InitializerContext](id), state: firstKid[*p.StateBlockContext](id)}
	if d := firstKid[*p.DeclaratorContext](id); d != nil {
		if dn := firstKid[*p.DeclNameContext](d); dn != nil {
			v.declared = b.declName(dn)
		}
		v.dims, v.post, v.annot = allKids[*p.ArrayDimContext](d), allKids[*p.PostfixDeclContext](d), firstKid[*p.AnnotationContext](d)
	}
	return v
}

// setToks numbers a node and gives it the range start..stop, as set does
// for a context.
func (b *builder) setToks(n ast.Node, start, stop antlr.Token) {
	b.ids++
	ast.SetID(n, b.ids)
	st := b.tok(start)
	end := tokEnd(b.tok(stop))
	if stop == nil || start == nil || stop.GetTokenIndex() < start.GetTokenIndex() {
		end = st.Loc()
	}
	setRange(n, st.Loc(), end)
}

func (b *builder) varDecl(v varSource, ds declSpecs, attrs []*ast.Attribute) *ast.VarDecl {
	n := alloc(&b.nodes.varDecls, ast.VarDecl{Attrs: attrs, Mods: ds.mods, Type: ds.typ})
	if v.start != nil {
		b.setToks(n, v.start, v.stop)
	} else {
		b.set(n, v.ctx)
	}
	if v.declared != nil {
		n.Name, n.Qualifier, n.TemplateArgs = v.declared.id, v.declared.qual, v.declared.targs
		n.Dims = b.arrayDims(v.dims)
		for _, s := range v.post {
			n.Semantics = append(n.Semantics, b.semantic(s))
		}
		if v.annot != nil {
			warnEffect(b.diags, codeEffectAnnotation, b.tok(v.annot.GetStart()).Loc(), "possible effect annotation ignored - effect syntax is deprecated")
			n.Annotations = b.annotation(v.annot)
		}
	} else {
		n.Name = alloc(&b.nodes.idents, ast.Ident{})
		if v.start != nil {
			b.setToks(n.Name, v.start, v.stop)
		} else {
			b.set(n.Name, v.ctx)
		}
	}
	if v.init != nil {
		n.Init = b.initializer(v.init)
	}
	if v.state != nil {
		n.StateBlock = true
		warnEffect(b.diags, codeEffectStateBlock, b.tok(v.state.GetStart()).Loc(),
			"effect state block ignored - effect syntax is deprecated. To use braces as an initializer use them with equal signs.")
	}
	if ds.first && ds.start.IsValid() && ds.start < n.Pos() {
		setRange(n, ds.start, n.End())
	}
	return n
}

func (b *builder) declarator(d *p.DeclaratorContext, name **ast.Ident, dims *[]*ast.ArrayDim, sems *[]*ast.Semantic) {
	*name = b.declName(firstKid[*p.DeclNameContext](d)).id
	*dims = b.arrayDims(allKids[*p.ArrayDimContext](d))
	for _, s := range allKids[*p.PostfixDeclContext](d) {
		*sems = append(*sems, b.semantic(s))
	}
}

func (b *builder) annotation(ctx *p.AnnotationContext) []*ast.VarDecl {
	var out []*ast.VarDecl
	specs := allKids[*p.DeclSpecifiersContext](ctx)
	names := tokensOf(ctx, p.HLSLParserIDENT)
	inits := allKids[*p.InitializerContext](ctx)
	for i := range specs {
		ds := b.declSpecifiers(specs[i])
		n := alloc(&b.nodes.varDecls, ast.VarDecl{Mods: ds.mods, Type: ds.typ})
		b.set(n, specs[i])
		if i < len(names) {
			n.Name = b.ident(names[i])
		} else {
			n.Name = alloc(&b.nodes.idents, ast.Ident{})
			b.set(n.Name, specs[i])
		}
		if i < len(inits) {
			n.Init = b.initializer(inits[i])
		}
		out = append(out, n)
	}
	return out
}

func (b *builder) function(decl *p.DeclarationContext, name *declaredName, ctx *p.FunctionDeclaratorContext, tail *p.FunctionTailContext, ds declSpecs, attrs []*ast.Attribute) *ast.FuncDecl {
	n := &ast.FuncDecl{Attrs: attrs, Mods: ds.mods, Result: ds.typ}
	b.set(n, decl)
	n.Name, n.Qualifier, n.TemplateArgs = name.id, name.qual, name.targs
	if name.operator {
		n.Operator = strings.TrimPrefix(n.Name.Name, "operator")
	}
	if pl := firstKid[*p.ParamListContext](ctx); pl != nil {
		for _, pc := range allKids[*p.ParamContext](pl) {
			n.Params = append(n.Params, b.param(pc))
		}
		// f(void) declares no parameters, as in C
		if len(n.Params) == 1 && isVoidParam(n.Params[0]) {
			n.Params = nil
		}
	}
	n.ResultDims = b.arrayDims(allKids[*p.ArrayDimContext](ctx))
	n.Const = tokenOf(ctx, p.HLSLParserKW_CONST) != nil
	for _, s := range allKids[*p.PostfixDeclContext](ctx) {
		n.Semantics = append(n.Semantics, b.semantic(s))
	}
	if tail != nil {
		if blk := kid[*p.BlockContext](tail.GetChildren(), 0); blk != nil {
			n.Body = b.block(blk)
		}
	}
	return n
}

// isVoidParam reports an unnamed, plain `void` parameter.
func isVoidParam(p *ast.Param) bool {
	t := p.Type
	return p.Name == nil && t != nil && t.Name == "void" && !t.Global && len(t.Qualifier) == 0 &&
		!t.HasArgs && len(t.Mods) == 0 && len(p.Mods) == 0 && len(p.Dims) == 0 && len(p.Semantics) == 0 && p.Default == nil
}

// declaredName is a declared name with its qualifier and explicit
// template arguments; operators are named "operator+" and the like.
type declaredName struct {
	id          *ast.Ident
	qual        []*ast.ScopeName
	targs       []ast.Node
	operator    bool
	start, stop antlr.Token // its range
}

// declName builds the name of a declarator.
func (b *builder) declName(dn *p.DeclNameContext) *declaredName {
	if dn != nil {
		if name, _ := b.declaredName(dn.GetChildren(), 0); name != nil {
			return name
		}
	}
	id := alloc(&b.nodes.idents, ast.Ident{})
	b.set(id, nil)
	return &declaredName{id: id}
}

// declaredName builds the name written from kids[i] on (in a declName
// or, flattened, a declaration): `S::f`, `f<int>`, `operator+`. It
// returns the index after it, or nil when no name is there.
func (b *builder) declaredName(kids []antlr.Tree, i int) (*declaredName, int) {
	n := &declaredName{}
	if ds := kid[*p.DeclScopeContext](kids, i); ds != nil {
		n.start = ds.GetStart()
		n.qual = b.scopeNames(allKids[*p.ScopeNameContext](ds))
		i++
	}
	t := b.termKid(kids, i)
	if t == nil {
		return nil, i
	}
	if n.start == nil {
		n.start = t.GetSymbol()
	}
	n.stop = t.GetSymbol()
	switch tok := b.termTok(t); tok.typ {
	case p.HLSLParserIDENT:
		n.id = b.ident(t)
		return n, i + 1
	case p.HLSLParserTEMPLATE_FUNC:
		n.id = b.ident(t)
		end := b.closingAngle(kids, i+1)
		n.targs = b.templateArgs(kid[*p.TemplateArgListContext](kids, i+2))
		if k := b.termKid(kids, end); k != nil {
			n.stop = k.GetSymbol()
		}
		return n, end + 1
	case p.HLSLParserKW_OPERATOR:
		op := ""
		on := kid[*p.OperatorNameContext](kids, i+1)
		if on != nil {
			for _, c := range on.GetChildren() {
				if t, ok := b.realTok(c); ok {
					op += t.Text
				}
			}
			n.stop = on.GetStop()
		}
		n.operator = true
		n.id = alloc(&b.nodes.idents, ast.Ident{Name: "operator" + op})
		b.setToks(n.id, n.start, n.stop)
		return n, i + 2
	}
	return nil, i
}

func (b *builder) param(ctx *p.ParamContext) *ast.Param {
	n := &ast.Param{Attrs: b.attributes(allKids[*p.AttributeContext](ctx))}
	b.set(n, ctx)
	ds := b.declSpecifiers(firstKid[*p.DeclSpecifiersContext](ctx))
	n.Mods, n.Type = ds.mods, ds.typ
	if d := firstKid[*p.DeclaratorContext](ctx); d != nil {
		b.declarator(d, &n.Name, &n.Dims, &n.Semantics)
	}
	if init := firstKid[*p.InitializerContext](ctx); init != nil {
		n.Default = b.initializer(init)
	}
	return n
}

func (b *builder) arrayDims(list []*p.ArrayDimContext) []*ast.ArrayDim {
	var out []*ast.ArrayDim
	for _, d := range list {
		n := &ast.ArrayDim{}
		b.set(n, d)
		if e := firstKid[*p.ExpressionContext](d); e != nil {
			n.Size = b.expression(e)
		}
		out = append(out, n)
	}
	return out
}

func (b *builder) semantic(ctx *p.PostfixDeclContext) *ast.Semantic {
	n := &ast.Semantic{}
	b.set(n, ctx)
	if lit := tokenOf(ctx, p.HLSLParserINT_LIT); lit != nil {
		n.Kind = ast.BitField
		n.Name = b.termTok(lit).Text
		return n
	}
	if an := firstKid[*p.AnyNameContext](ctx); an != nil {
		t := b.tok(an.GetStart())
		n.Name, n.NamePos = t.Text, t.Loc()
		if n.Name == "VFACE" && tokenOf(ctx, p.HLSLParserLPAREN) == nil {
			// The Direct3D 9 face semantic: clang's wording, and the
			// semantic stays (a user semantic for SPIR-V), as in DXC.
			b.diags.Warnf(diag.SyntaxBase+codeUnsupportedSemantic, t.Loc(), "Ignoring unsupported '%s' in the target attribute string", n.Name)
		}
	}
	if tokenOf(ctx, p.HLSLParserLPAREN) != nil {
		switch strings.ToLower(n.Name) {
		case "register":
			n.Kind = ast.Register
		case "packoffset":
			n.Kind = ast.PackOffset
		}
		for _, a := range allKids[*p.SemanticArgContext](ctx) {
			n.Args = append(n.Args, b.text(a))
		}
	}
	return n
}

// text is the source text of a context's tokens, without spaces.
func (b *builder) text(ctx antlr.ParserRuleContext) string {
	start, stop := ctx.GetStart(), ctx.GetStop()
	if start == nil || stop == nil {
		return ""
	}
	var s strings.Builder
	for i := start.GetTokenIndex(); i >= 0 && i <= stop.GetTokenIndex() && i < b.toks.n; i++ {
		s.WriteString(b.toks.at(i).Text)
	}
	return s.String()
}

func (b *builder) anyName(ctx *p.AnyNameContext) *ast.Ident {
	id := alloc(&b.nodes.idents, ast.Ident{})
	if ctx == nil {
		b.set(id, nil)
		return id
	}
	t := b.tok(ctx.GetStart())
	id.Name = t.Text
	b.setTok(id, t)
	return id
}

// ---- attributes --------------------------------------------------------

func (b *builder) attributes(list []*p.AttributeContext) []*ast.Attribute {
	var out []*ast.Attribute
	for _, a := range list {
		if a == nil {
			continue
		}
		double := len(tokensOf(a, p.HLSLParserLBRACKET)) == 2
		for _, item := range allKids[*p.AttributeItemContext](a) {
			n := &ast.Attribute{Double: double}
			b.set(n, item)
			names := allKids[*p.AnyNameContext](item)
			if len(names) > 0 {
				last := b.tok(names[len(names)-1].GetStart()).Text
				var ns []string
				for _, q := range names[:len(names)-1] {
					ns = append(ns, b.tok(q.GetStart()).Text)
				}
				n.Namespace, n.Name = strings.Join(ns, "::"), last
			}
			if tokenOf(item, p.HLSLParserLPAREN) != nil {
				n.HasParens = true
				for _, e := range allKids[*p.AssignmentExpressionContext](item) {
					n.Args = append(n.Args, b.assignment(e))
				}
			}
			out = append(out, n)
		}
	}
	return out
}

// ---- types -------------------------------------------------------------

// typeSpec builds a type; a struct or enum defined in place is returned
// through def (and referenced from the type's Def).
func (b *builder) typeSpec(ctx p.ITypeSpecContext, def *ast.Decl) *ast.TypeExpr {
	n := alloc(&b.nodes.types, ast.TypeExpr{})
	c, _ := ctx.(*p.TypeSpecContext)
	if c == nil {
		b.set(n, nil)
		return n
	}
	b.set(n, c)
	kids := c.GetChildren()
	if tt := kid[*p.TagTypeContext](kids, 0); tt != nil {
		b.tagType(tt, n, def)
		return n
	}
	i := 0
	if sp := kid[*p.ScopePrefixContext](kids, 0); sp != nil {
		n.Global, n.Qualifier = b.scopePrefix(sp)
		i = 1
	}
	t, _ := tokenKid(b, kids, i)
	switch t.typ {
	case p.HLSLParserTYPE_NAME:
		n.Name = t.Text
	case p.HLSLParserTEMPLATE_NAME:
		n.Name = t.Text
		n.HasArgs = true
		n.Args = b.templateArgs(kid[*p.TemplateArgListContext](kids, i+2))
	case p.HLSLParserKW_UNSIGNED, p.HLSLParserKW_SIGNED:
		n.Keyword = t.Text
		n.Name = "int"
		if tn, ok := tokenKid(b, kids, 1); ok && tn.typ == p.HLSLParserTYPE_NAME {
			n.Name = tn.Text
		}
	case p.HLSLParserKW_TYPENAME:
		// typename A<T>::B: the dependent name is a type.
		n.Global, n.Qualifier = b.scopePrefix(kid[*p.ScopePrefixContext](kids, 1))
		if st := kid[*p.SimpleTypeContext](kids, 2); st != nil {
			b.simpleType(st, n)
		} else if id, ok := tokenKid(b, kids, 2); ok {
			n.Name = id.Text
		}
	}
	return n
}

// tagType fills n from a struct or enum type: defined in place (returned
// through def) or elaborated (`struct S`, `enum E`).
func (b *builder) tagType(ctx *p.TagTypeContext, n *ast.TypeExpr, def *ast.Decl) {
	ss, es := firstKid[*p.StructSpecifierContext](ctx), firstKid[*p.EnumSpecifierContext](ctx)
	switch {
	case ss != nil:
		s := b.structSpec(ss)
		if s.Name != nil {
			n.Name = s.Name.Name
		}
		n.Keyword = s.Kind.String()
		n.Def = s
		if def != nil {
			*def = s
		}
	case es != nil:
		e := b.enumSpec(es)
		if e.Name != nil {
			n.Name = e.Name.Name
		}
		n.Keyword = "enum"
		n.Def = e
		if def != nil {
			*def = e
		}
	default: // elaborated: struct S, enum E
		n.Keyword = b.tok(ctx.GetStart()).Text
		if sp := firstKid[*p.ScopePrefixContext](ctx); sp != nil {
			n.Global, n.Qualifier = b.scopePrefix(sp)
		}
		if t := tokenOf(ctx, p.HLSLParserIDENT); t != nil {
			n.Name = b.termTok(t).Text
		} else if t := tokenOf(ctx, p.HLSLParserTYPE_NAME); t != nil {
			n.Name = b.termTok(t).Text
		} else if t := tokenOf(ctx, p.HLSLParserTEMPLATE_NAME); t != nil {
			n.Name = b.termTok(t).Text
			n.HasArgs = true
			if al := firstKid[*p.TemplateArgListContext](ctx); al != nil {
				n.Args = b.templateArgs(al)
			}
		}
	}
}

// qualifiedType fills n from `A::B<int>::C`: the qualifier and the type.
func (b *builder) qualifiedType(ctx *p.QualifiedTypeContext, n *ast.TypeExpr) {
	if ctx == nil {
		return
	}
	if sp := firstKid[*p.ScopePrefixContext](ctx); sp != nil {
		n.Global, n.Qualifier = b.scopePrefix(sp)
	}
	b.simpleType(firstKid[*p.SimpleTypeContext](ctx), n)
}

func (b *builder) simpleType(ctx *p.SimpleTypeContext, n *ast.TypeExpr) {
	if ctx == nil {
		return
	}
	if tn := tokenOf(ctx, p.HLSLParserTYPE_NAME); tn != nil {
		n.Name = b.termTok(tn).Text
		return
	}
	n.Name = b.termTok(tokenOf(ctx, p.HLSLParserTEMPLATE_NAME)).Text
	n.HasArgs = true
	if al := firstKid[*p.TemplateArgListContext](ctx); al != nil {
		n.Args = b.templateArgs(al)
	}
}

// namedType builds a type named in a base list; ctx is nil after a
// syntax error.
func (b *builder) namedType(ctx *p.NamedTypeContext) *ast.TypeExpr {
	n := alloc(&b.nodes.types, ast.TypeExpr{})
	if ctx == nil {
		b.set(n, nil)
		return n
	}
	b.set(n, ctx)
	b.qualifiedType(firstKid[*p.QualifiedTypeContext](ctx), n)
	return n
}

func (b *builder) typeID(ctx p.ITypeIdContext) *ast.TypeExpr {
	if ctx == nil {
		n := alloc(&b.nodes.types, ast.TypeExpr{})
		b.set(n, nil)
		return n
	}
	n := b.typeSpec(firstKid[*p.TypeSpecContext](ctx), nil)
	for _, c := range ctx.GetChildren() {
		if t := termNode(c); t != nil {
			if tt := b.termTok(t); tt.typ == p.HLSLParserKW_CONST || tt.typ == p.HLSLParserMODIFIER {
				n.Mods = append(n.Mods, ast.Modifier{Pos: tt.Loc(), Name: tt.Text})
			}
		}
	}
	n.Dims = b.arrayDims(allKids[*p.ArrayDimContext](ctx))
	setRange(n, b.tok(ctx.GetStart()).Loc(), tokEnd(b.tok(ctx.GetStop())))
	return n
}

func (b *builder) scopePrefix(ctx p.IScopePrefixContext) (global bool, names []*ast.ScopeName) {
	if ctx == nil {
		return false, nil
	}
	start := ctx.GetStart()
	global = start != nil && start.GetTokenType() == p.HLSLParserCOLONCOLON
	return global, b.scopeNames(allKids[*p.ScopeNameContext](ctx))
}

// scopeNames converts the names of a qualifier (`A::B<int>::`).
func (b *builder) scopeNames(list []*p.ScopeNameContext) (names []*ast.ScopeName) {
	for _, sn := range list {
		n := &ast.ScopeName{}
		b.set(n, sn)
		n.Name = b.tok(sn.GetStart()).Text
		if tokenOf(sn, p.HLSLParserLT) != nil {
			n.HasArgs = true
			if al := firstKid[*p.TemplateArgListContext](sn); al != nil {
				n.Args = b.templateArgs(al)
			}
		}
		names = append(names, n)
	}
	return names
}

func (b *builder) templateArgs(ctx p.ITemplateArgListContext) []ast.Node {
	if ctx == nil {
		return nil
	}
	var out []ast.Node
	for _, a := range allKids[*p.TemplateArgContext](ctx) {
		if ti := firstKid[*p.TypeIdContext](a); ti != nil {
			out = append(out, b.typeID(ti))
			continue
		}
		out = append(out, b.constArg(firstKid[*p.ConstArgExpressionContext](a)))
	}
	return out
}

// constArg builds an expression written in template brackets.
func (b *builder) constArg(ctx p.IConstArgExpressionContext) ast.Expr {
	c, _ := ctx.(*p.ConstArgExpressionContext)
	if c == nil {
		return b.badExpr(nil)
	}
	var operands []ast.Expr
	var ops []ast.Op
	for _, k := range c.GetChildren() {
		switch k := k.(type) {
		case *tokNode, *antlr.TerminalNodeImpl:
			t, _ := b.realTok(k)
			if op, ok := binaryOp(int(t.typ)); ok {
				ops = append(ops, op)
			}
		case *p.UnaryExpressionContext:
			operands = append(operands, b.unary(k))
		}
	}
	if len(operands) == 0 {
		return b.badExpr(c)
	}
	return b.foldByPrecedence(operands, ops)
}

// precedence ranks the binary operators, higher binds tighter.
func precedence(op ast.Op) int {
	switch op {
	case ast.Mul, ast.Div, ast.Rem:
		return 10
	case ast.Add, ast.Sub:
		return 9
	case ast.Shl, ast.Shr:
		return 8
	case ast.Lt, ast.Gt, ast.Le, ast.Ge:
		return 7
	case ast.Eq, ast.Ne:
		return 6
	case ast.BitAnd:
		return 5
	case ast.BitXor:
		return 4
	case ast.BitOr:
		return 3
	case ast.LogAnd:
		return 2
	}
	return 1
}

// foldByPrecedence builds the tree of a flat `a op b op c ...` list (an
// expression or a template argument), binding higher-precedence operators first and equal
// ones from the left.
func (b *builder) foldByPrecedence(operands []ast.Expr, ops []ast.Op) ast.Expr {
	i := 0
	var climb func(min int) ast.Expr
	climb = func(min int) ast.Expr {
		x := operands[i]
		for i < len(ops) && i+1 < len(operands) && precedence(ops[i]) >= min {
			op := ops[i]
			i++
			y := climb(precedence(op) + 1) // the right operand: what binds tighter than op
			n := alloc(&b.nodes.binaries, ast.BinaryExpr{Op: op, X: x, Y: y})
			b.setSpan(n, x.Pos(), y.End())
			x = n
		}
		return x
	}
	return climb(1)
}

func (b *builder) structSpec(ctx *p.StructSpecifierContext) *ast.StructDecl {
	n := &ast.StructDecl{}
	b.set(n, ctx)
	switch {
	case tokenOf(ctx, p.HLSLParserKW_CLASS) != nil:
		n.Kind = ast.Class
	case tokenOf(ctx, p.HLSLParserKW_INTERFACE) != nil:
		n.Kind = ast.Interface
	}
	n.Attrs = b.attributes(allKids[*p.AttributeContext](ctx))
	if t := tokenOf(ctx, p.HLSLParserIDENT); t != nil {
		n.Name = b.ident(t)
	} else if t := tokenOf(ctx, p.HLSLParserTYPE_NAME); t != nil {
		n.Name = b.ident(t)
	} else if t := tokenOf(ctx, p.HLSLParserTEMPLATE_NAME); t != nil {
		n.Name = b.ident(t)
		if al := firstKid[*p.TemplateArgListContext](ctx); al != nil {
			n.TemplateArgs = b.templateArgs(al)
		}
	}
	if bc := firstKid[*p.BaseClauseContext](ctx); bc != nil {
		for _, bs := range allKids[*p.BaseSpecContext](bc) {
			n.Bases = append(n.Bases, b.namedType(firstKid[*p.NamedTypeContext](bs)))
		}
	}
	for _, m := range allKids[*p.MemberDeclContext](ctx) {
		n.Members = append(n.Members, b.memberDecl(m)...)
	}
	return n
}

func (b *builder) memberDecl(m *p.MemberDeclContext) []ast.Decl {
	attrs := b.attributes(allKids[*p.AttributeContext](m))
	if d := firstKid[*p.DeclarationContext](m); d != nil {
		return b.declaration(d, attrs)
	}
	if td := firstKid[*p.TemplateDeclContext](m); td != nil {
		return []ast.Decl{b.template(td, attrs)}
	}
	if u := firstKid[*p.UsingDeclContext](m); u != nil {
		return []ast.Decl{b.using(u)}
	}
	if sa := firstKid[*p.StaticAssertContext](m); sa != nil {
		return []ast.Decl{b.staticAssert(sa)}
	}
	if bb := firstKid[*p.BufferBlockContext](m); bb != nil {
		return []ast.Decl{b.bufferBlock(bb, attrs)}
	}
	return nil
}

func (b *builder) enumSpec(ctx *p.EnumSpecifierContext) *ast.EnumDecl {
	n := &ast.EnumDecl{Scoped: tokenOf(ctx, p.HLSLParserKW_CLASS) != nil || tokenOf(ctx, p.HLSLParserKW_STRUCT) != nil}
	b.set(n, ctx)
	if t := tokenOf(ctx, p.HLSLParserIDENT); t != nil {
		n.Name = b.ident(t)
	} else if t := tokenOf(ctx, p.HLSLParserTYPE_NAME); t != nil {
		n.Name = b.ident(t)
	}
	if nt := firstKid[*p.NamedTypeContext](ctx); nt != nil {
		n.Base = b.namedType(nt)
	}
	for _, e := range allKids[*p.EnumeratorContext](ctx) {
		en := &ast.Enumerator{}
		b.set(en, e)
		en.Name = b.ident(tokenOf(e, p.HLSLParserIDENT))
		if v := firstKid[*p.AssignmentExpressionContext](e); v != nil {
			en.Value = b.assignment(v)
		}
		n.Values = append(n.Values, en)
	}
	return n
}

// ---- statements ----------------------------------------------------------

func (b *builder) block(ctx p.IBlockContext) *ast.BlockStmt {
	n := alloc(&b.nodes.blocks, ast.BlockStmt{})
	b.set(n, ctx)
	if ctx == nil {
		return n
	}
	kids := ctx.GetChildren()
	if len(kids) > 2 {
		n.List = make([]ast.Stmt, 0, len(kids)-2) // the statements between the braces
	}
	for _, k := range kids {
		if s, ok := k.(*p.StatementContext); ok {
			n.List = append(n.List, b.statement(s))
		}
	}
	return n
}

// statement builds a statement; its first child says which it is.
func (b *builder) statement(ctx p.IStatementContext) ast.Stmt {
	c, _ := ctx.(*p.StatementContext)
	if c == nil {
		return b.badStmt(nil)
	}
	kids := c.GetChildren()
	if len(kids) == 0 {
		return b.badStmt(c)
	}
	switch k := kids[0].(type) {
	case *p.AttributeContext:
		// `[unroll] [loop] for ...` nests one attributed statement per
		// attribute (a loop over attributes would make an ambiguous
		// decision): the AST has one statement with all of them.
		list := []*p.AttributeContext{k}
		inner := kid[*p.StatementContext](kids, 1)
		for inner != nil {
			a := kid[*p.AttributeContext](inner.GetChildren(), 0)
			if a == nil {
				break
			}
			list = append(list, a)
			inner = kid[*p.StatementContext](inner.GetChildren(), 1)
		}
		n := &ast.AttrStmt{Attrs: b.attributes(list)}
		b.set(n, c)
		if inner == nil {
			n.Stmt = b.badStmt(c)
			return n
		}
		// `[[vk::ext_...]] float x;` — the attributes belong to the declaration.
		if d := kid[*p.DeclarationContext](inner.GetChildren(), 0); d != nil {
			return b.declStmt(inner, d, n.Attrs)
		}
		n.Stmt = b.statement(inner)
		return n
	case *p.BlockContext:
		return b.block(k)
	case *p.DeclarationContext:
		return b.declStmt(c, k, nil)
	case *p.UsingDeclContext:
		n := alloc(&b.nodes.declStmts, ast.DeclStmt{})
		b.set(n, c)
		n.Decls = []ast.Decl{b.using(k)}
		return n
	case *p.StaticAssertContext:
		n := alloc(&b.nodes.declStmts, ast.DeclStmt{})
		b.set(n, c)
		n.Decls = []ast.Decl{b.staticAssert(k)}
		return n
	case *p.ExpressionContext:
		n := alloc(&b.nodes.exprStmts, ast.ExprStmt{})
		b.set(n, c)
		n.X = b.expression(k)
		return n
	}
	t, _ := tokenKid(b, kids, 0)
	switch t.typ {
	case p.HLSLParserSEMI:
		n := &ast.EmptyStmt{}
		b.set(n, c)
		return n
	case p.HLSLParserKW_IF:
		n := alloc(&b.nodes.ifs, ast.IfStmt{})
		b.set(n, c)
		n.CondVar, n.Cond = b.condition(kid[*p.ConditionContext](kids, 2))
		n.Then = b.statementOrBad(kid[*p.StatementContext](kids, 4), c)
		if e := kid[*p.StatementContext](kids, 6); e != nil {
			n.Else = b.statement(e)
		}
		return n
	case p.HLSLParserKW_SWITCH:
		n := &ast.SwitchStmt{}
		b.set(n, c)
		n.CondVar, n.Tag = b.condition(kid[*p.ConditionContext](kids, 2))
		b.switchBody(n, kids)
		return n
	case p.HLSLParserKW_CASE:
		n := &ast.CaseLabelStmt{}
		b.set(n, c)
		n.Value = b.assignment(kid[*p.AssignmentExpressionContext](kids, 1))
		return n
	case p.HLSLParserKW_DEFAULT:
		n := &ast.CaseLabelStmt{Default: true}
		b.set(n, c)
		return n
	case p.HLSLParserKW_WHILE:
		n := &ast.WhileStmt{}
		b.set(n, c)
		n.CondVar, n.Cond = b.condition(kid[*p.ConditionContext](kids, 2))
		n.Body = b.statementOrBad(kid[*p.StatementContext](kids, 4), c)
		return n
	case p.HLSLParserKW_DO:
		n := &ast.DoStmt{}
		b.set(n, c)
		n.Body = b.statementOrBad(kid[*p.StatementContext](kids, 1), c)
		n.Cond = b.expression(kid[*p.ExpressionContext](kids, 4))
		return n
	case p.HLSLParserKW_FOR:
		n := &ast.ForStmt{}
		b.set(n, c)
		// for ( forInit cond? ; post? ) body: the condition is the
		// expression before the second ';', the post-expression the one
		// after it.
		afterSemi := false
		for _, k := range kids[2:] {
			switch k := k.(type) {
			case *p.ForInitContext:
				n.Init = b.forInit(k)
			case *p.ExpressionContext:
				if afterSemi {
					n.Post = b.expression(k)
				} else {
					n.Cond = b.expression(k)
				}
			case *tokNode, *antlr.TerminalNodeImpl:
				if t, _ := b.realTok(k); t.typ == p.HLSLParserSEMI {
					afterSemi = true
				}
			case *p.StatementContext:
				n.Body = b.statement(k)
			}
		}
		if n.Body == nil {
			n.Body = b.badStmt(c)
		}
		return n
	case p.HLSLParserKW_BREAK:
		n := &ast.BranchStmt{Kind: ast.Break}
		b.set(n, c)
		return n
	case p.HLSLParserKW_CONTINUE:
		n := &ast.BranchStmt{Kind: ast.Continue}
		b.set(n, c)
		return n
	case p.HLSLParserKW_RETURN:
		n := alloc(&b.nodes.returns, ast.ReturnStmt{})
		b.set(n, c)
		if e := kid[*p.ExpressionContext](kids, 1); e != nil {
			n.Result = b.expression(e)
		}
		return n
	case p.HLSLParserKW_DISCARD:
		n := &ast.DiscardStmt{}
		b.set(n, c)
		return n
	}
	return b.badStmt(c)
}

// switchBody groups a switch's statements into clauses: each run of case
// labels starts a clause that takes the statements up to the next label.
func (b *builder) switchBody(n *ast.SwitchStmt, kids []antlr.Tree) {
	var cc *ast.CaseClause
	inLabels := false
	for _, k := range kids {
		s, ok := k.(*p.StatementContext)
		if !ok {
			continue
		}
		if t, _ := tokenKid(b, s.GetChildren(), 0); t.typ == p.HLSLParserKW_CASE || t.typ == p.HLSLParserKW_DEFAULT {
			if !inLabels {
				cc = &ast.CaseClause{}
				b.set(cc, s)
				n.Cases = append(n.Cases, cc)
				inLabels = true
			}
			if t.typ == p.HLSLParserKW_CASE {
				cc.Values = append(cc.Values, b.assignment(kid[*p.AssignmentExpressionContext](s.GetChildren(), 1)))
			} else {
				cc.Default = true
			}
			setRange(cc, cc.Pos(), tokEnd(b.tok(s.GetStop())))
			continue
		}
		inLabels = false
		st := b.statement(s)
		if cc == nil {
			// Statements before the first label are unreachable but legal.
			cc = &ast.CaseClause{}
			b.set(cc, s)
			n.Cases = append(n.Cases, cc)
		}
		cc.Body = append(cc.Body, st)
		setRange(cc, cc.Pos(), st.End())
	}
}

// condition is the parenthesized part of if, while and switch: an
// expression or a variable declaration with initializer.
func (b *builder) condition(ctx p.IConditionContext) (*ast.VarDecl, ast.Expr) {
	if ctx == nil {
		return nil, b.badExpr(nil)
	}
	if dsc := firstKid[*p.DeclSpecifiersContext](ctx); dsc != nil {
		ds := b.declSpecifiers(dsc)
		n := alloc(&b.nodes.varDecls, ast.VarDecl{Mods: ds.mods, Type: ds.typ})
		b.set(n, ctx)
		if d := firstKid[*p.DeclaratorContext](ctx); d != nil {
			b.declarator(d, &n.Name, &n.Dims, &n.Semantics)
		} else {
			n.Name = alloc(&b.nodes.idents, ast.Ident{})
			b.set(n.Name, ctx)
		}
		n.Init = b.initializer(firstKid[*p.InitializerContext](ctx))
		return n, nil
	}
	return nil, b.expression(firstKid[*p.ExpressionContext](ctx))
}

// declStmt builds the statement s holding the declaration d.
func (b *builder) declStmt(s *p.StatementContext, d *p.DeclarationContext, attrs []*ast.Attribute) ast.Stmt {
	n := alloc(&b.nodes.declStmts, ast.DeclStmt{})
	b.set(n, s)
	n.Decls = b.declaration(d, attrs)
	return n
}

func (b *builder) statementOrBad(s p.IStatementContext, parent antlr.ParserRuleContext) ast.Stmt {
	if s == nil {
		return b.badStmt(parent)
	}
	return b.statement(s)
}

func (b *builder) badStmt(ctx antlr.ParserRuleContext) ast.Stmt {
	n := &ast.BadStmt{}
	if ctx != nil && isNilCtx(ctx) {
		ctx = nil
	}
	b.set(n, ctx)
	return n
}

func (b *builder) forInit(ctx p.IForInitContext) ast.Stmt {
	if dsc := firstKid[*p.DeclSpecifiersContext](ctx); dsc != nil {
		n := alloc(&b.nodes.declStmts, ast.DeclStmt{})
		b.set(n, ctx)
		ds := b.declSpecifiers(dsc)
		n.Decls = ds.defs
		for i, id := range allKids[*p.InitDeclaratorContext](ctx) {
			ds.first = i == 0
			n.Decls = append(n.Decls, b.varDecl(b.initVar(id), ds, nil))
		}
		return n
	}
	if e := firstKid[*p.ExpressionContext](ctx); e != nil {
		n := alloc(&b.nodes.exprStmts, ast.ExprStmt{})
		b.set(n, ctx)
		n.X = b.expression(e)
		return n
	}
	return nil
}

// ---- expressions -------------------------------------------------------

func (b *builder) badExpr(ctx antlr.ParserRuleContext) ast.Expr {
	n := &ast.BadExpr{}
	b.set(n, ctx)
	return n
}

// The expression rules are flat (see grammar/HLSLParser.g4): operators
// are tokens among an expression's children, not rules of their own, and
// an operand is one unaryExpression whose alternatives differ by their
// first token. The builder walks the children in order, switching on
// concrete types: the generated accessors would scan the children again
// for every question, through interface assertions.

// tokenOps are the operators one token stands for as a binary operator,
// a prefix operator and an assignment (BadOp where it is not one).
type tokenOps struct{ binary, prefix, assign ast.Op }

// operatorTokens are the operators of each token type, in an array the
// linker lays out (a map's literal would be built at every process start).
var operatorTokens = [p.HLSLParserUNKNOWN + 1]tokenOps{
	p.HLSLParserOROR:         {binary: ast.LogOr},
	p.HLSLParserANDAND:       {binary: ast.LogAnd},
	p.HLSLParserOR:           {binary: ast.BitOr},
	p.HLSLParserXOR:          {binary: ast.BitXor},
	p.HLSLParserAND:          {binary: ast.BitAnd},
	p.HLSLParserEQ:           {binary: ast.Eq},
	p.HLSLParserNE:           {binary: ast.Ne},
	p.HLSLParserLT:           {binary: ast.Lt},
	p.HLSLParserGT:           {binary: ast.Gt},
	p.HLSLParserLE:           {binary: ast.Le},
	p.HLSLParserGE:           {binary: ast.Ge},
	p.HLSLParserSHL:          {binary: ast.Shl},
	p.HLSLParserPLUS:         {binary: ast.Add, prefix: ast.Plus},
	p.HLSLParserMINUS:        {binary: ast.Sub, prefix: ast.Neg},
	p.HLSLParserSTAR:         {binary: ast.Mul},
	p.HLSLParserDIV:          {binary: ast.Div},
	p.HLSLParserMOD:          {binary: ast.Rem},
	p.HLSLParserINC:          {prefix: ast.PreInc},
	p.HLSLParserDEC:          {prefix: ast.PreDec},
	p.HLSLParserNOT:          {prefix: ast.Not},
	p.HLSLParserTILDE:        {prefix: ast.BitNot},
	p.HLSLParserASSIGN:       {assign: ast.Assign},
	p.HLSLParserPLUS_ASSIGN:  {assign: ast.AddAssign},
	p.HLSLParserMINUS_ASSIGN: {assign: ast.SubAssign},
	p.HLSLParserSTAR_ASSIGN:  {assign: ast.MulAssign},
	p.HLSLParserDIV_ASSIGN:   {assign: ast.DivAssign},
	p.HLSLParserMOD_ASSIGN:   {assign: ast.RemAssign},
	p.HLSLParserSHL_ASSIGN:   {assign: ast.ShlAssign},
	p.HLSLParserSHR_ASSIGN:   {assign: ast.ShrAssign},
	p.HLSLParserAND_ASSIGN:   {assign: ast.AndAssign},
	p.HLSLParserXOR_ASSIGN:   {assign: ast.XorAssign},
	p.HLSLParserOR_ASSIGN:    {assign: ast.OrAssign},
}

// operatorsOf returns the operators of token type typ (none for EOF).
func operatorsOf(typ int) tokenOps {
	if typ < 0 || typ >= len(operatorTokens) {
		return tokenOps{}
	}
	return operatorTokens[typ]
}

// binaryOp is the operator of a binary-operator token, if it is one.
func binaryOp(typ int) (ast.Op, bool) {
	op := operatorsOf(typ).binary
	return op, op != ast.BadOp
}

// prefixOp is the operator of a prefix-operator token, if it is one.
func prefixOp(typ int) (ast.Op, bool) {
	op := operatorsOf(typ).prefix
	return op, op != ast.BadOp
}

// assignOp is the operator of an assignment token, if it is one.
func assignOp(typ int) (ast.Op, bool) {
	op := operatorsOf(typ).assign
	return op, op != ast.BadOp
}

func (b *builder) expression(ctx p.IExpressionContext) ast.Expr {
	c, _ := ctx.(*p.ExpressionContext)
	if c == nil {
		return b.badExpr(nil)
	}
	var x ast.Expr
	for _, k := range c.GetChildren() {
		a, ok := k.(*p.AssignmentExpressionContext)
		if !ok {
			continue
		}
		y := b.assignment(a)
		if x == nil {
			x = y
			continue
		}
		n := alloc(&b.nodes.binaries, ast.BinaryExpr{Op: ast.Comma, X: x, Y: y})
		b.setSpan(n, x.Pos(), y.End())
		x = n
	}
	if x == nil {
		return b.badExpr(c)
	}
	return x
}

// assignment builds `a op b op c ...`, folded by precedence, then a
// conditional or assignment that may follow.
func (b *builder) assignment(ctx p.IAssignmentExpressionContext) ast.Expr {
	c, _ := ctx.(*p.AssignmentExpressionContext)
	if c == nil {
		return b.badExpr(nil)
	}
	kids := c.GetChildren()
	var first ast.Expr
	var operands []ast.Expr
	var ops []ast.Op
	i := 0
operands:
	for ; i < len(kids); i++ {
		switch k := kids[i].(type) {
		case *p.UnaryExpressionContext:
			x := b.unary(k)
			if first == nil {
				first = x
				continue
			}
			if operands == nil {
				operands = append(make([]ast.Expr, 0, 4), first)
			}
			operands = append(operands, x)
		case *tokNode, *antlr.TerminalNodeImpl:
			t, _ := b.realTok(k)
			op, ok := binaryOp(int(t.typ))
			if !ok {
				break operands // `?` or an assignment operator
			}
			if t.typ == p.HLSLParserGT && i+1 < len(kids) {
				if t2, ok := tokenKid(b, kids, i+1); ok && t2.typ == p.HLSLParserGT {
					op = b.shift(t, t2)
					i++
				}
			}
			ops = append(ops, op)
		default:
			break operands
		}
	}
	if first == nil {
		return b.badExpr(c)
	}
	l := first
	if operands != nil {
		l = b.foldByPrecedence(operands, ops)
	}
	if i >= len(kids) {
		return l
	}
	t, _ := tokenKid(b, kids, i)
	if t.typ == p.HLSLParserQUESTION {
		x := b.expression(kid[*p.ExpressionContext](kids, i+1))
		y := b.assignment(kid[*p.AssignmentExpressionContext](kids, i+3))
		n := alloc(&b.nodes.conds, ast.CondExpr{Cond: l, X: x, Y: y})
		b.setSpan(n, l.Pos(), y.End())
		return n
	}
	if op, ok := assignOp(int(t.typ)); ok {
		r := b.assignment(kid[*p.AssignmentExpressionContext](kids, i+1))
		n := alloc(&b.nodes.assigns, ast.AssignExpr{Op: op, L: l, R: r})
		b.setSpan(n, l.Pos(), r.End())
		return n
	}
	return l
}

// shift is the `>>` operator written as the two GT tokens t1, t2; a
// `> >` with a space between is reported.
func (b *builder) shift(t1, t2 *ctok) ast.Op {
	if !t1.splitFrom || !t2.splitFrom || t2.Flags&token.LeadingSpace != 0 {
		b.diags.Errorf(diag.SyntaxBase+codeBadShift, t2.Loc(), "expected expression")
	}
	return ast.Shr
}

// The builder finds a context's children with firstKid, allKids, tokenOf
// and tokensOf below rather than the generated accessors (ctx.Foo(),
// ctx.AllFoo(), ctx.SEMI()): those assert every child against an
// interface, and an assertion that fails makes the Go runtime build an
// interface table the compiler could not, the first time each pair of
// child type and interface meets (about half a million instructions in a
// cold compile). Comparing a child's concrete type costs nothing of that.

// firstKid returns ctx's first child that is a T (a generated
// *XxxContext), or nil.
func firstKid[T antlr.Tree](ctx antlr.Tree) T {
	for _, k := range ctx.GetChildren() {
		if c, ok := k.(T); ok {
			return c
		}
	}
	var zero T
	return zero
}

// allKids returns ctx's children that are Ts, in order.
func allKids[T antlr.Tree](ctx antlr.Tree) []T {
	kids := ctx.GetChildren()
	n := 0
	for _, k := range kids {
		if _, ok := k.(T); ok {
			n++
		}
	}
	if n == 0 {
		return nil
	}
	out := make([]T, 0, n)
	for _, k := range kids {
		if c, ok := k.(T); ok {
			out = append(out, c)
		}
	}
	return out
}

// termNode returns k when it is a token node — matched (*tokNode from the
// SLL parse, ANTLR's own from the LL parse) or an error node — or nil.
func termNode(k antlr.Tree) antlr.TerminalNode {
	switch k := k.(type) {
	case *tokNode:
		return k
	case *antlr.TerminalNodeImpl:
		return k
	case *antlr.ErrorNodeImpl:
		return k
	}
	return nil
}

// tokenOf returns ctx's first token child of type ttype, or nil.
func tokenOf(ctx antlr.Tree, ttype int) antlr.TerminalNode {
	for _, k := range ctx.GetChildren() {
		if t := termNode(k); t != nil && t.GetSymbol().GetTokenType() == ttype {
			return t
		}
	}
	return nil
}

// tokensOf returns ctx's token children of type ttype, in order.
func tokensOf(ctx antlr.Tree, ttype int) []antlr.TerminalNode {
	var out []antlr.TerminalNode
	for _, k := range ctx.GetChildren() {
		if t := termNode(k); t != nil && t.GetSymbol().GetTokenType() == ttype {
			out = append(out, t)
		}
	}
	return out
}

// kid returns kids[i] as a T, or the zero T when there is no such child
// (after a syntax error the tree has holes).
func kid[T antlr.Tree](kids []antlr.Tree, i int) T {
	var zero T
	if i < 0 || i >= len(kids) {
		return zero
	}
	k, _ := kids[i].(T)
	return k
}

// tokenKid returns the token of kids[i] when it is a (real) token.
func tokenKid(b *builder, kids []antlr.Tree, i int) (*ctok, bool) {
	if i >= 0 && i < len(kids) {
		if t, ok := b.realTok(kids[i]); ok {
			return t, true
		}
	}
	return &noTok, false
}

// realTok returns the token of a parse-tree node that is a token the
// parser matched — a *tokNode from the SLL parse or ANTLR's own node from
// the LL parse — and not an error node or a rule.
func (b *builder) realTok(k antlr.Tree) (*ctok, bool) {
	switch k := k.(type) {
	case *tokNode:
		return (*ctok)(k), true
	case *antlr.TerminalNodeImpl:
		return b.termTok(k), true
	}
	return nil, false
}

// termKid returns kids[i] when it is a token the parser matched (see
// realTok), or nil.
func (b *builder) termKid(kids []antlr.Tree, i int) antlr.TerminalNode {
	if i < 0 || i >= len(kids) {
		return nil
	}
	switch k := kids[i].(type) {
	case *tokNode:
		return k
	case *antlr.TerminalNodeImpl:
		return k
	}
	return nil
}

// unary builds an operand with its prefix and postfix operators.
func (b *builder) unary(u *p.UnaryExpressionContext) ast.Expr {
	if u == nil {
		return b.badExpr(nil)
	}
	kids := u.GetChildren()
	t, isTok := tokenKid(b, kids, 0)
	if isTok {
		switch t.typ {
		case p.HLSLParserCAST_LPAREN:
			n := &ast.CastExpr{}
			b.set(n, u)
			n.Type = b.typeID(kid[*p.TypeIdContext](kids, 1))
			n.X = b.unaryOrBad(kid[*p.UnaryExpressionContext](kids, 3), u)
			return n
		case p.HLSLParserKW_SIZEOF:
			n := &ast.SizeofExpr{}
			b.set(n, u)
			if ti := kid[*p.TypeIdContext](kids, 2); ti != nil {
				n.Type = b.typeID(ti)
			} else {
				n.X = b.unaryOrBad(kid[*p.UnaryExpressionContext](kids, 1), u)
			}
			return n
		}
		if op, ok := prefixOp(int(t.typ)); ok {
			n := alloc(&b.nodes.unaries, ast.UnaryExpr{Op: op})
			b.set(n, u)
			n.X = b.unaryOrBad(kid[*p.UnaryExpressionContext](kids, 1), u)
			return n
		}
	}
	x, i := b.primary(u, kids)
	return b.postfix(x, kids, i)
}

func (b *builder) unaryOrBad(u *p.UnaryExpressionContext, parent antlr.ParserRuleContext) ast.Expr {
	if u == nil {
		return b.badExpr(parent)
	}
	return b.unary(u)
}

// lastTok is the token ending kids[i], a token or a rule.
func (b *builder) lastTok(kids []antlr.Tree, i int) *ctok {
	switch k := kids[i].(type) {
	case *tokNode:
		return (*ctok)(k)
	case *antlr.TerminalNodeImpl:
		return b.termTok(k)
	case antlr.ParserRuleContext:
		return b.tok(k.GetStop())
	}
	return &noTok
}

// primary builds the operand that starts an unaryExpression's children
// and returns the index of the first child after it.
func (b *builder) primary(u *p.UnaryExpressionContext, kids []antlr.Tree) (ast.Expr, int) {
	start, _ := tokenKid(b, kids, 0)
	// ranged numbers n as spanning kids[0] to kids[end] and returns the
	// index after end. (It takes the node as an ast.Node, which each
	// caller's concrete node converts to statically.)
	ranged := func(n ast.Node, end int) int {
		if end >= len(kids) {
			end = len(kids) - 1
		}
		b.ids++
		ast.SetID(n, b.ids)
		first := b.tok(u.GetStart())
		setRange(n, first.Loc(), tokEnd(b.lastTok(kids, end)))
		return end + 1
	}
	switch start.typ {
	case p.HLSLParserINT_LIT, p.HLSLParserFLOAT_LIT, p.HLSLParserCHAR_LIT, p.HLSLParserKW_TRUE, p.HLSLParserKW_FALSE:
		n := alloc(&b.nodes.lits, ast.BasicLit{Value: start.Text, Kind: litKind(int(start.typ))})
		return n, ranged(n, 0)
	case p.HLSLParserSTRING_LIT:
		n := alloc(&b.nodes.lits, ast.BasicLit{Kind: ast.StringLit})
		end := 0
		parts := []string{start.Text}
		for t, ok := tokenKid(b, kids, end+1); ok && t.typ == p.HLSLParserSTRING_LIT; t, ok = tokenKid(b, kids, end+1) {
			parts = append(parts, t.Text)
			end++
		}
		n.Value = strings.Join(parts, " ")
		return n, ranged(n, end)
	case p.HLSLParserKW_THIS:
		n := &ast.ThisExpr{}
		return n, ranged(n, 0)
	case p.HLSLParserLPAREN:
		n := &ast.ParenExpr{}
		end := ranged(n, 2)
		n.X = b.expression(kid[*p.ExpressionContext](kids, 1))
		return n, end
	case p.HLSLParserKW_UNSIGNED, p.HLSLParserKW_SIGNED:
		// `unsigned int(x)`, `unsigned(x)`.
		n := alloc(&b.nodes.constructs, ast.ConstructExpr{})
		t := alloc(&b.nodes.types, ast.TypeExpr{Keyword: start.Text, Name: "int"})
		last, i := start, 1
		if tn, ok := tokenKid(b, kids, 1); ok && tn.typ == p.HLSLParserTYPE_NAME {
			t.Name, last, i = tn.Text, tn, 2
		}
		end := ranged(n, closingParen(kids, i))
		b.ids++
		ast.SetID(t, b.ids)
		setRange(t, start.Loc(), tokEnd(last))
		n.Type = t
		n.Args = b.arguments(kids, i)
		return n, end
	}
	// A name, possibly qualified: `x`, `S::x`, `f<int>`, or a functional
	// cast or constructor call, `float3(x)`, `S::Inner(0)`.
	i := 0
	sp := kid[*p.ScopePrefixContext](kids, 0)
	if sp != nil {
		i = 1
	}
	name, ok := tokenKid(b, kids, i)
	if !ok {
		return b.badExpr(u), len(kids)
	}
	switch name.typ {
	case p.HLSLParserTYPE_NAME, p.HLSLParserTEMPLATE_NAME:
		n := alloc(&b.nodes.constructs, ast.ConstructExpr{})
		lparen := i + 1
		if name.typ == p.HLSLParserTEMPLATE_NAME {
			lparen = b.closingAngle(kids, i+1) + 1
		}
		end := ranged(n, closingParen(kids, lparen))
		t := alloc(&b.nodes.types, ast.TypeExpr{Name: name.Text})
		b.ids++
		ast.SetID(t, b.ids)
		setRange(t, b.tok(u.GetStart()).Loc(), tokEnd(b.lastTok(kids, lparen-1)))
		if sp != nil {
			t.Global, t.Qualifier = b.scopePrefix(sp)
		}
		if name.typ == p.HLSLParserTEMPLATE_NAME {
			t.HasArgs = true
			t.Args = b.templateArgs(kid[*p.TemplateArgListContext](kids, i+2))
		}
		n.Type = t
		n.Args = b.arguments(kids, lparen)
		return n, end
	}
	n := alloc(&b.nodes.names, ast.NameExpr{Name: name.Text})
	end := i
	if name.typ == p.HLSLParserTEMPLATE_FUNC {
		end = b.closingAngle(kids, i+1)
	}
	next := ranged(n, end)
	if sp != nil {
		n.Global, n.Qualifier = b.scopePrefix(sp)
	}
	if name.typ == p.HLSLParserTEMPLATE_FUNC {
		n.HasArgs = true
		n.Args = b.templateArgs(kid[*p.TemplateArgListContext](kids, i+2))
	}
	return n, next
}

// closingParen is the index of the ')' closing the argument list whose
// '(' is kids[lparen]: the arguments and their commas are between them.
func closingParen(kids []antlr.Tree, lparen int) int {
	i := lparen + 1
	for ; i < len(kids); i++ {
		// (Each token type apart: asserting either to antlr.TerminalNode
		// would cost a runtime lookup per argument.)
		switch k := kids[i].(type) {
		case *p.AssignmentExpressionContext:
			continue
		case *tokNode:
			if k.typ == p.HLSLParserCOMMA {
				continue
			}
		case *antlr.TerminalNodeImpl:
			if k.GetSymbol().GetTokenType() == p.HLSLParserCOMMA {
				continue
			}
		}
		break
	}
	return i
}

// closingAngle is the index of the '>' closing the '<' at kids[lt] (a
// template argument list may be between them).
func (b *builder) closingAngle(kids []antlr.Tree, lt int) int {
	if kid[*p.TemplateArgListContext](kids, lt+1) != nil {
		return lt + 2
	}
	return lt + 1
}

func litKind(typ int) ast.LitKind {
	switch typ {
	case p.HLSLParserINT_LIT:
		return ast.IntLit
	case p.HLSLParserFLOAT_LIT:
		return ast.FloatLit
	case p.HLSLParserCHAR_LIT:
		return ast.CharLit
	case p.HLSLParserSTRING_LIT:
		return ast.StringLit
	}
	return ast.BoolLit
}

// postfix applies the postfix operators in kids[i:] to x.
func (b *builder) postfix(x ast.Expr, kids []antlr.Tree, i int) ast.Expr {
	for i < len(kids) {
		t, ok := tokenKid(b, kids, i)
		if !ok {
			i++
			continue
		}
		var n ast.Expr
		end := i
		switch t.typ {
		case p.HLSLParserLBRACKET:
			end = i + 2
			n = alloc(&b.nodes.indexes, ast.IndexExpr{X: x, Index: b.expression(kid[*p.ExpressionContext](kids, i+1))})
		case p.HLSLParserLPAREN:
			end = closingParen(kids, i)
			n = alloc(&b.nodes.calls, ast.CallExpr{Fun: x, Args: b.arguments(kids, i)})
		case p.HLSLParserDOT, p.HLSLParserARROW:
			m := alloc(&b.nodes.members, ast.MemberExpr{X: x, Arrow: t.typ == p.HLSLParserARROW})
			name, ok := tokenKid(b, kids, i+1)
			switch {
			case ok && name.typ == p.HLSLParserTEMPLATE_FUNC:
				end = b.closingAngle(kids, i+2)
				m.Name = alloc(&b.nodes.idents, ast.Ident{Name: name.Text})
				b.setTok(m.Name, name)
				m.HasArgs = true
				m.Args = b.templateArgs(kid[*p.TemplateArgListContext](kids, i+3))
			case ok && name.typ == p.HLSLParserIDENT:
				end = i + 1
				m.Name = alloc(&b.nodes.idents, ast.Ident{Name: name.Text})
				b.setTok(m.Name, name)
			default:
				m.Name = alloc(&b.nodes.idents, ast.Ident{})
				b.setTok(m.Name, t)
			}
			n = m
		case p.HLSLParserINC:
			n = alloc(&b.nodes.unaries, ast.UnaryExpr{Op: ast.PostInc, X: x})
		case p.HLSLParserDEC:
			n = alloc(&b.nodes.unaries, ast.UnaryExpr{Op: ast.PostDec, X: x})
		default:
			i++
			continue
		}
		if end >= len(kids) {
			end = len(kids) - 1
		}
		b.ids++
		ast.SetID(n, b.ids)
		setRange(n, x.Pos(), tokEnd(b.lastTok(kids, end)))
		x = n
		i = end + 1
	}
	return x
}

// arguments builds the arguments of the argument list whose '(' is
// kids[lparen].
func (b *builder) arguments(kids []antlr.Tree, lparen int) []ast.Expr {
	end := closingParen(kids, lparen)
	if end == lparen+1 {
		return nil
	}
	out := make([]ast.Expr, 0, (end-lparen)/2)
	for _, k := range kids[lparen+1 : end] {
		if a, ok := k.(*p.AssignmentExpressionContext); ok {
			out = append(out, b.assignment(a))
		}
	}
	return out
}

func (b *builder) initializer(ctx *p.InitializerContext) ast.Expr {
	if ctx == nil {
		return b.badExpr(nil)
	}
	if il := firstKid[*p.InitListContext](ctx); il != nil {
		n := &ast.InitList{}
		b.set(n, il)
		for _, e := range allKids[*p.InitializerContext](il) {
			n.Elems = append(n.Elems, b.initializer(e))
		}
		return n
	}
	return b.assignment(firstKid[*p.AssignmentExpressionContext](ctx))
}
