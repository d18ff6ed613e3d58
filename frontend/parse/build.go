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
type builder struct {
	toks  []ctok
	diags *diag.List
	name  string
	ids   int32
}

func (b *builder) build(tree p.ITranslationUnitContext) (file *ast.File) {
	file = &ast.File{Name: b.name}
	b.set(file, tree)
	defer func() {
		if r := recover(); r != nil {
			// A hole the builder did not expect. After syntax errors that is
			// tolerable; on a clean parse it is a bug worth reporting.
			if !b.diags.HasErrors() {
				b.diags.Errorf(diag.SyntaxBase+codeInternal, b.toks[0].Loc(), "internal error building the syntax tree: %v", r)
			}
		}
		file.NodeCount = b.ids
	}()
	if tree == nil {
		return file
	}
	for _, d := range tree.AllTopLevelDecl() {
		file.Decls = append(file.Decls, b.topLevel(d)...)
	}
	return file
}

// ---- positions --------------------------------------------------------

func (b *builder) tok(t antlr.Token) ctok {
	if t != nil {
		if i := t.GetTokenIndex(); i >= 0 && i < len(b.toks) {
			return b.toks[i]
		}
	}
	return ctok{}
}

func (b *builder) termTok(n antlr.TerminalNode) ctok {
	if n == nil {
		return ctok{}
	}
	return b.tok(n.GetSymbol())
}

func tokEnd(t ctok) diag.Pos {
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
	if ctx == nil {
		return
	}
	start := b.tok(ctx.GetStart())
	stop := b.tok(ctx.GetStop())
	end := tokEnd(stop)
	if ctx.GetStop() == nil || ctx.GetStop().GetTokenIndex() < ctx.GetStart().GetTokenIndex() {
		end = start.Loc()
	}
	setRange(n, start.Loc(), end)
}

// setTok numbers a node that spans the single token t.
func (b *builder) setTok(n ast.Node, t ctok) {
	b.ids++
	ast.SetID(n, b.ids)
	setRange(n, t.Loc(), tokEnd(t))
}

// setSpan numbers a node spanning from one node's start to another's end.
func (b *builder) setSpan(n ast.Node, from, to ast.Node) {
	b.ids++
	ast.SetID(n, b.ids)
	setRange(n, from.Pos(), to.End())
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
	id := &ast.Ident{Name: t.Text}
	b.setTok(id, t)
	return id
}

// ---- declarations -----------------------------------------------------

func (b *builder) topLevel(ctx p.ITopLevelDeclContext) []ast.Decl {
	if ctx == nil {
		return nil
	}
	switch {
	case ctx.StaticAssert() != nil:
		return []ast.Decl{b.staticAssert(ctx.StaticAssert())}
	case ctx.NamespaceDecl() != nil:
		return []ast.Decl{b.namespace(ctx.NamespaceDecl())}
	case ctx.UsingDecl() != nil:
		return []ast.Decl{b.using(ctx.UsingDecl())}
	}
	attrs := b.attributes(ctx.AllAttribute())
	switch {
	case ctx.BufferBlock() != nil:
		return []ast.Decl{b.bufferBlock(ctx.BufferBlock(), attrs)}
	case ctx.TemplateDecl() != nil:
		return []ast.Decl{b.template(ctx.TemplateDecl(), attrs)}
	case ctx.Declaration() != nil:
		return b.declaration(ctx.Declaration(), attrs)
	}
	return nil
}

func (b *builder) staticAssert(ctx p.IStaticAssertContext) ast.Decl {
	n := &ast.StaticAssertDecl{}
	b.set(n, ctx)
	n.Cond = b.assignment(ctx.AssignmentExpression())
	if strs := ctx.AllSTRING_LIT(); len(strs) > 0 {
		lit := &ast.BasicLit{Kind: ast.StringLit}
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

func (b *builder) namespace(ctx p.INamespaceDeclContext) ast.Decl {
	n := &ast.NamespaceDecl{}
	b.set(n, ctx)
	name := ctx.IDENT()
	if name == nil {
		name = ctx.NS_NAME()
	}
	n.Name = b.ident(name)
	for _, d := range ctx.AllTopLevelDecl() {
		n.Decls = append(n.Decls, b.topLevel(d)...)
	}
	return n
}

func (b *builder) using(ctx p.IUsingDeclContext) ast.Decl {
	if ctx.KW_NAMESPACE() != nil {
		n := &ast.UsingNamespaceDecl{}
		b.set(n, ctx)
		if sp := ctx.ScopePrefix(); sp != nil {
			_, n.Qualifier = b.scopePrefix(sp)
		}
		name := ctx.IDENT()
		if name == nil {
			name = ctx.NS_NAME()
		}
		n.Name = b.ident(name)
		return n
	}
	if ctx.ASSIGN() == nil {
		// using ns::name;
		n := &ast.UsingDecl{}
		b.set(n, ctx)
		_, n.Qualifier = b.scopePrefix(ctx.ScopePrefix())
		n.Name = &ast.Ident{}
		if stop := ctx.GetStop(); stop != nil && stop.GetTokenIndex() > 0 {
			t := b.toks[stop.GetTokenIndex()-1]
			n.Name.Name = t.Text
			b.setTok(n.Name, t)
		} else {
			b.set(n.Name, nil)
		}
		return n
	}
	n := &ast.TypedefDecl{Using: true}
	b.set(n, ctx)
	name := ctx.IDENT()
	if name == nil {
		name = ctx.TYPE_NAME()
	}
	n.Name = b.ident(name)
	n.Type = b.typeID(ctx.TypeId())
	n.Dims, n.Type.Dims = n.Type.Dims, nil
	return n
}

func (b *builder) bufferBlock(ctx p.IBufferBlockContext, attrs []*ast.Attribute) ast.Decl {
	n := &ast.BufferDecl{Attrs: attrs, TBuffer: ctx.KW_TBUFFER() != nil}
	b.set(n, ctx)
	n.Name = b.anyName(ctx.AnyName())
	for _, s := range ctx.AllPostfixDecl() {
		n.Semantics = append(n.Semantics, b.semantic(s))
	}
	for _, m := range ctx.AllMemberDecl() {
		n.Decls = append(n.Decls, b.memberDecl(m)...)
	}
	return n
}

func (b *builder) template(ctx p.ITemplateDeclContext, attrs []*ast.Attribute) ast.Decl {
	n := &ast.TemplateDecl{Instantiation: ctx.LT() == nil}
	b.set(n, ctx)
	if pl := ctx.TemplateParamList(); pl != nil {
		for _, tp := range pl.AllTemplateParam() {
			n.Params = append(n.Params, b.templateParam(tp))
		}
	}
	attrs = append(attrs, b.attributes(ctx.AllAttribute())...)
	switch {
	case ctx.UsingDecl() != nil:
		n.Decl = b.using(ctx.UsingDecl())
	case ctx.TemplateDecl() != nil:
		n.Decl = b.template(ctx.TemplateDecl(), attrs)
	case ctx.Declaration() != nil:
		ds := b.declaration(ctx.Declaration(), attrs)
		switch len(ds) {
		case 0:
			bad := &ast.BadDecl{}
			b.set(bad, ctx.Declaration())
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

func (b *builder) templateParam(ctx p.ITemplateParamContext) *ast.TemplateParam {
	n := &ast.TemplateParam{}
	b.set(n, ctx)
	name := ctx.IDENT()
	if name == nil {
		name = ctx.TYPE_NAME()
	}
	if name != nil {
		n.Name = b.ident(name)
	}
	if ctx.KW_TYPENAME() != nil || ctx.KW_CLASS() != nil {
		n.TypeParam = true
		if ts := ctx.TypeSpec(); ts != nil {
			n.DefaultType = b.typeSpec(ts, nil)
		}
		return n
	}
	n.Type = b.typeSpec(ctx.TypeSpec(), nil)
	if ce := ctx.ConstArgExpression(); ce != nil {
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
	var ds declSpecs
	if ctx == nil {
		ds.typ = &ast.TypeExpr{}
		b.set(ds.typ, nil)
		return ds
	}
	ds.start = b.tok(ctx.GetStart()).Loc()
	ds.first = true
	for _, ps := range ctx.AllPrefixSpecifier() {
		t := b.tok(ps.GetStart())
		ds.mods = append(ds.mods, ast.Modifier{Pos: t.Loc(), Name: t.Text})
	}
	var def ast.Decl
	ds.typ = b.typeSpec(ctx.TypeSpec(), &def)
	if def != nil {
		ds.defs = append(ds.defs, def)
	}
	for _, c := range ctx.AllKW_CONST() {
		t := b.termTok(c)
		ds.mods = append(ds.mods, ast.Modifier{Pos: t.Loc(), Name: t.Text})
	}
	return ds
}

// declaration returns the decls one declaration statement makes: a struct
// definition, then one decl per declarator.
func (b *builder) declaration(ctx p.IDeclarationContext, attrs []*ast.Attribute) []ast.Decl {
	if ctx == nil {
		return nil
	}
	ds := b.declSpecifiers(ctx.DeclSpecifiers())
	out := ds.defs
	if ctx.KW_TYPEDEF() != nil {
		for _, d := range ctx.AllDeclarator() {
			n := &ast.TypedefDecl{Mods: ds.mods, Type: ds.typ}
			b.set(n, d)
			var q []*ast.ScopeName
			n.Name, q, _ = b.declName(d.DeclName())
			_ = q
			n.Dims = b.arrayDims(d.AllArrayDim())
			out = append(out, n)
		}
		return out
	}
	if fd := ctx.FunctionDeclarator(); fd != nil {
		return append(out, b.function(ctx, fd, ds, attrs))
	}
	var inits []varSource
	if dn := ctx.DeclName(); dn != nil {
		inits = append(inits, b.firstVar(dn, ctx.FirstDeclarator()))
		for _, id := range ctx.AllInitDeclarator() {
			inits = append(inits, initVar(id))
		}
	}
	if width := ctx.INT_LIT(); width != nil {
		// An unnamed bit-field pads the layout: a VarDecl without a name.
		n := &ast.VarDecl{Attrs: attrs, Mods: ds.mods, Type: ds.typ}
		b.set(n, ctx)
		n.Name = &ast.Ident{}
		b.ids++
		ast.SetID(n.Name, b.ids)
		setRange(n.Name, b.termTok(ctx.COLON()).Loc(), b.termTok(ctx.COLON()).Loc())
		sem := &ast.Semantic{Kind: ast.BitField, Name: b.termTok(width).Text}
		b.setTok(sem, b.termTok(width))
		n.Semantics = []*ast.Semantic{sem}
		return append(out, n)
	}
	if len(inits) == 0 && len(ds.defs) == 0 {
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
		b.set(s, ctx)
		s.Name = &ast.Ident{Name: ds.typ.Name}
		b.ids++
		ast.SetID(s.Name, b.ids)
		setRange(s.Name, ds.typ.Pos(), ds.typ.End())
		return append(out, s)
	}
	if len(inits) == 0 {
		// `struct S {...};`: attributes belong to the struct.
		if len(ds.defs) == 1 {
			if s, ok := ds.defs[0].(*ast.StructDecl); ok {
				s.Attrs = append(attrs, s.Attrs...)
			}
		}
		return out
	}
	for i, id := range inits {
		ds.first = i == 0
		out = append(out, b.varDecl(id, ds, attrs))
	}
	return out
}

// varSource is what a variable is built from: an initDeclarator, or the
// declaration's first name and the firstDeclarator after it.
type varSource struct {
	ctx   antlr.ParserRuleContext // the range, when start is nil
	start antlr.Token             // else the range is start..stop
	stop  antlr.Token
	name  p.IDeclNameContext // nil when the declarator is missing
	dims  []p.IArrayDimContext
	post  []p.IPostfixDeclContext
	annot p.IAnnotationContext
	init  p.IInitializerContext
	state p.IStateBlockContext // a legacy effect state block, or nil
}

func initVar(id p.IInitDeclaratorContext) varSource {
	v := varSource{ctx: id, init: id.Initializer(), state: id.StateBlock()}
	if d := id.Declarator(); d != nil {
		v.name, v.dims, v.post, v.annot = d.DeclName(), d.AllArrayDim(), d.AllPostfixDecl(), d.Annotation()
	}
	return v
}

func (b *builder) firstVar(dn p.IDeclNameContext, fd p.IFirstDeclaratorContext) varSource {
	v := varSource{name: dn, start: dn.GetStart(), stop: dn.GetStop()}
	if fd != nil && !isNilCtx(fd) {
		v.dims, v.post, v.annot = fd.AllArrayDim(), fd.AllPostfixDecl(), fd.Annotation()
		v.init, v.state = fd.Initializer(), fd.StateBlock()
		if st := fd.GetStop(); st != nil && fd.GetStart() != nil && st.GetTokenIndex() >= fd.GetStart().GetTokenIndex() {
			v.stop = st
		}
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
	n := &ast.VarDecl{Attrs: attrs, Mods: ds.mods, Type: ds.typ}
	if v.start != nil {
		b.setToks(n, v.start, v.stop)
	} else {
		b.set(n, v.ctx)
	}
	if v.name != nil && !isNilCtx(v.name) {
		n.Name, _, _ = b.declName(v.name)
		n.Dims = b.arrayDims(v.dims)
		for _, s := range v.post {
			n.Semantics = append(n.Semantics, b.semantic(s))
		}
		_, n.Qualifier, n.TemplateArgs = b.declName(v.name)
		if v.annot != nil && !isNilCtx(v.annot) {
			warnEffect(b.diags, codeEffectAnnotation, b.tok(v.annot.GetStart()).Loc(), "possible effect annotation ignored - effect syntax is deprecated")
			n.Annotations = b.annotation(v.annot)
		}
	} else {
		n.Name = &ast.Ident{}
		if v.start != nil {
			b.setToks(n.Name, v.start, v.stop)
		} else {
			b.set(n.Name, v.ctx)
		}
	}
	if v.init != nil && !isNilCtx(v.init) {
		n.Init = b.initializer(v.init)
	}
	if v.state != nil && !isNilCtx(v.state) {
		n.StateBlock = true
		warnEffect(b.diags, codeEffectStateBlock, b.tok(v.state.GetStart()).Loc(),
			"effect state block ignored - effect syntax is deprecated. To use braces as an initializer use them with equal signs.")
	}
	if ds.first && ds.start.IsValid() && ds.start < n.Pos() {
		setRange(n, ds.start, n.End())
	}
	return n
}

func (b *builder) declarator(d p.IDeclaratorContext, name **ast.Ident, dims *[]*ast.ArrayDim, sems *[]*ast.Semantic) {
	*name, _, _ = b.declName(d.DeclName())
	*dims = b.arrayDims(d.AllArrayDim())
	for _, s := range d.AllPostfixDecl() {
		*sems = append(*sems, b.semantic(s))
	}
}

func (b *builder) annotation(ctx p.IAnnotationContext) []*ast.VarDecl {
	var out []*ast.VarDecl
	specs := ctx.AllDeclSpecifiers()
	names := ctx.AllIDENT()
	inits := ctx.AllInitializer()
	for i := range specs {
		ds := b.declSpecifiers(specs[i])
		n := &ast.VarDecl{Mods: ds.mods, Type: ds.typ}
		b.set(n, specs[i])
		if i < len(names) {
			n.Name = b.ident(names[i])
		} else {
			n.Name = &ast.Ident{}
			b.set(n.Name, specs[i])
		}
		if i < len(inits) {
			n.Init = b.initializer(inits[i])
		}
		out = append(out, n)
	}
	return out
}

func (b *builder) function(decl p.IDeclarationContext, ctx p.IFunctionDeclaratorContext, ds declSpecs, attrs []*ast.Attribute) *ast.FuncDecl {
	n := &ast.FuncDecl{Attrs: attrs, Mods: ds.mods, Result: ds.typ}
	b.set(n, decl)
	n.Name, n.Qualifier, n.TemplateArgs = b.declName(decl.DeclName())
	if dn := decl.DeclName(); dn != nil && dn.KW_OPERATOR() != nil {
		n.Operator = strings.TrimPrefix(n.Name.Name, "operator")
	}
	if pl := ctx.ParamList(); pl != nil {
		for _, pc := range pl.AllParam() {
			n.Params = append(n.Params, b.param(pc))
		}
		// f(void) declares no parameters, as in C
		if len(n.Params) == 1 && isVoidParam(n.Params[0]) {
			n.Params = nil
		}
	}
	n.ResultDims = b.arrayDims(ctx.AllArrayDim())
	n.Const = ctx.KW_CONST() != nil
	for _, s := range ctx.AllPostfixDecl() {
		n.Semantics = append(n.Semantics, b.semantic(s))
	}
	if tail := decl.FunctionTail(); tail != nil && tail.Block() != nil {
		n.Body = b.block(tail.Block())
	}
	return n
}

// isVoidParam reports an unnamed, plain `void` parameter.
func isVoidParam(p *ast.Param) bool {
	t := p.Type
	return p.Name == nil && t != nil && t.Name == "void" && !t.Global && len(t.Qualifier) == 0 &&
		!t.HasArgs && len(t.Mods) == 0 && len(p.Mods) == 0 && len(p.Dims) == 0 && len(p.Semantics) == 0 && p.Default == nil
}

// declName returns a declared name with its qualifier and explicit
// template arguments; operators are named "operator+" and the like.
func (b *builder) declName(dn p.IDeclNameContext) (*ast.Ident, []*ast.ScopeName, []ast.Node) {
	if dn == nil {
		id := &ast.Ident{}
		b.set(id, nil)
		return id, nil, nil
	}
	var q []*ast.ScopeName
	if ds := dn.DeclScope(); ds != nil {
		q = b.scopeNames(ds.AllScopeName())
	}
	switch {
	case dn.KW_OPERATOR() != nil:
		op := ""
		if on := dn.OperatorName(); on != nil {
			for _, c := range on.GetChildren() {
				if t, ok := c.(antlr.TerminalNode); ok {
					op += b.termTok(t).Text
				}
			}
		}
		id := &ast.Ident{Name: "operator" + op}
		b.set(id, dn)
		return id, q, nil
	case dn.TEMPLATE_FUNC() != nil:
		return b.ident(dn.TEMPLATE_FUNC()), q, b.templateArgs(dn.TemplateArgList())
	}
	return b.ident(dn.IDENT()), q, nil
}

func (b *builder) param(ctx p.IParamContext) *ast.Param {
	n := &ast.Param{Attrs: b.attributes(ctx.AllAttribute())}
	b.set(n, ctx)
	ds := b.declSpecifiers(ctx.DeclSpecifiers())
	n.Mods, n.Type = ds.mods, ds.typ
	if d := ctx.Declarator(); d != nil {
		b.declarator(d, &n.Name, &n.Dims, &n.Semantics)
	}
	if init := ctx.Initializer(); init != nil {
		n.Default = b.initializer(init)
	}
	return n
}

func (b *builder) arrayDims(list []p.IArrayDimContext) []*ast.ArrayDim {
	var out []*ast.ArrayDim
	for _, d := range list {
		n := &ast.ArrayDim{}
		b.set(n, d)
		if e := d.Expression(); e != nil {
			n.Size = b.expression(e)
		}
		out = append(out, n)
	}
	return out
}

func (b *builder) semantic(ctx p.IPostfixDeclContext) *ast.Semantic {
	n := &ast.Semantic{}
	b.set(n, ctx)
	if lit := ctx.INT_LIT(); lit != nil {
		n.Kind = ast.BitField
		n.Name = b.termTok(lit).Text
		return n
	}
	if an := ctx.AnyName(); an != nil {
		t := b.tok(an.GetStart())
		n.Name = t.Text
		if n.Name == "VFACE" && ctx.LPAREN() == nil {
			// The Direct3D 9 face semantic: clang's wording, and the
			// semantic stays (a user semantic for SPIR-V), as in DXC.
			b.diags.Warnf(diag.SyntaxBase+codeUnsupportedSemantic, t.Loc(), "Ignoring unsupported '%s' in the target attribute string", n.Name)
		}
	}
	if ctx.LPAREN() != nil {
		switch strings.ToLower(n.Name) {
		case "register":
			n.Kind = ast.Register
		case "packoffset":
			n.Kind = ast.PackOffset
		}
		for _, a := range ctx.AllSemanticArg() {
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
	for i := start.GetTokenIndex(); i >= 0 && i <= stop.GetTokenIndex() && i < len(b.toks); i++ {
		s.WriteString(b.toks[i].Text)
	}
	return s.String()
}

func (b *builder) anyName(ctx p.IAnyNameContext) *ast.Ident {
	id := &ast.Ident{}
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

func (b *builder) attributes(list []p.IAttributeContext) []*ast.Attribute {
	var out []*ast.Attribute
	for _, a := range list {
		if a == nil || isNilCtx(a) {
			continue
		}
		double := len(a.AllLBRACKET()) == 2
		for _, item := range a.AllAttributeItem() {
			n := &ast.Attribute{Double: double}
			b.set(n, item)
			names := item.AllAnyName()
			if len(names) > 0 {
				last := b.tok(names[len(names)-1].GetStart()).Text
				var ns []string
				for _, q := range names[:len(names)-1] {
					ns = append(ns, b.tok(q.GetStart()).Text)
				}
				n.Namespace, n.Name = strings.Join(ns, "::"), last
			}
			if item.LPAREN() != nil {
				n.HasParens = true
				for _, e := range item.AllAssignmentExpression() {
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
	n := &ast.TypeExpr{}
	if ctx == nil {
		b.set(n, nil)
		return n
	}
	b.set(n, ctx)
	switch {
	case ctx.TagType() != nil:
		b.tagType(ctx.TagType(), n, def)
	case ctx.KW_UNSIGNED() != nil || ctx.KW_SIGNED() != nil:
		if ctx.KW_UNSIGNED() != nil {
			n.Keyword = "unsigned"
		} else {
			n.Keyword = "signed"
		}
		n.Name = "int"
		if tn := ctx.TYPE_NAME(); tn != nil {
			n.Name = b.termTok(tn).Text
		}
	case ctx.KW_TYPENAME() != nil:
		// typename A<T>::B: the dependent name is a type.
		n.Global, n.Qualifier = b.scopePrefix(ctx.ScopePrefix())
		if st := ctx.SimpleType(); st != nil {
			b.simpleType(st, n)
		} else {
			n.Name = b.termTok(ctx.IDENT()).Text
		}
	default:
		b.qualifiedType(ctx.QualifiedType(), n)
	}
	return n
}

// tagType fills n from a struct or enum type: defined in place (returned
// through def) or elaborated (`struct S`, `enum E`).
func (b *builder) tagType(ctx p.ITagTypeContext, n *ast.TypeExpr, def *ast.Decl) {
	switch {
	case ctx.StructSpecifier() != nil:
		s := b.structSpec(ctx.StructSpecifier())
		if s.Name != nil {
			n.Name = s.Name.Name
		}
		n.Keyword = s.Kind.String()
		n.Def = s
		if def != nil {
			*def = s
		}
	case ctx.EnumSpecifier() != nil:
		e := b.enumSpec(ctx.EnumSpecifier())
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
		if sp := ctx.ScopePrefix(); sp != nil {
			n.Global, n.Qualifier = b.scopePrefix(sp)
		}
		switch {
		case ctx.IDENT() != nil:
			n.Name = b.termTok(ctx.IDENT()).Text
		case ctx.TYPE_NAME() != nil:
			n.Name = b.termTok(ctx.TYPE_NAME()).Text
		case ctx.TEMPLATE_NAME() != nil:
			n.Name = b.termTok(ctx.TEMPLATE_NAME()).Text
			n.HasArgs = true
			n.Args = b.templateArgs(ctx.TemplateArgList())
		}
	}
}

// qualifiedType fills n from `A::B<int>::C`: the qualifier and the type.
func (b *builder) qualifiedType(ctx p.IQualifiedTypeContext, n *ast.TypeExpr) {
	if ctx == nil || isNilCtx(ctx) {
		return
	}
	if sp := ctx.ScopePrefix(); sp != nil {
		n.Global, n.Qualifier = b.scopePrefix(sp)
	}
	b.simpleType(ctx.SimpleType(), n)
}

func (b *builder) simpleType(ctx p.ISimpleTypeContext, n *ast.TypeExpr) {
	if ctx == nil {
		return
	}
	if tn := ctx.TYPE_NAME(); tn != nil {
		n.Name = b.termTok(tn).Text
		return
	}
	n.Name = b.termTok(ctx.TEMPLATE_NAME()).Text
	n.HasArgs = true
	n.Args = b.templateArgs(ctx.TemplateArgList())
}

func (b *builder) namedType(ctx p.INamedTypeContext) *ast.TypeExpr {
	n := &ast.TypeExpr{}
	b.set(n, ctx)
	if ctx == nil {
		return n
	}
	b.qualifiedType(ctx.QualifiedType(), n)
	return n
}

func (b *builder) typeID(ctx p.ITypeIdContext) *ast.TypeExpr {
	if ctx == nil {
		n := &ast.TypeExpr{}
		b.set(n, nil)
		return n
	}
	n := b.typeSpec(ctx.TypeSpec(), nil)
	for _, c := range ctx.GetChildren() {
		if t, ok := c.(antlr.TerminalNode); ok {
			if tt := b.termTok(t); tt.typ == p.HLSLParserKW_CONST || tt.typ == p.HLSLParserMODIFIER {
				n.Mods = append(n.Mods, ast.Modifier{Pos: tt.Loc(), Name: tt.Text})
			}
		}
	}
	n.Dims = b.arrayDims(ctx.AllArrayDim())
	setRange(n, b.tok(ctx.GetStart()).Loc(), tokEnd(b.tok(ctx.GetStop())))
	return n
}

func (b *builder) scopePrefix(ctx p.IScopePrefixContext) (global bool, names []*ast.ScopeName) {
	if ctx == nil {
		return false, nil
	}
	start := ctx.GetStart()
	global = start != nil && start.GetTokenType() == p.HLSLParserCOLONCOLON
	return global, b.scopeNames(ctx.AllScopeName())
}

// scopeNames converts the names of a qualifier (`A::B<int>::`).
func (b *builder) scopeNames(list []p.IScopeNameContext) (names []*ast.ScopeName) {
	for _, sn := range list {
		n := &ast.ScopeName{}
		b.set(n, sn)
		n.Name = b.tok(sn.GetStart()).Text
		if sn.LT() != nil {
			n.HasArgs = true
			n.Args = b.templateArgs(sn.TemplateArgList())
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
	for _, a := range ctx.AllTemplateArg() {
		if a.TypeId() != nil {
			out = append(out, b.typeID(a.TypeId()))
			continue
		}
		out = append(out, b.constArg(a.ConstArgExpression()))
	}
	return out
}

// constArg builds an expression written in template brackets.
func (b *builder) constArg(ctx p.IConstArgExpressionContext) ast.Expr {
	if ctx == nil {
		return b.badExpr(nil)
	}
	var operands []ast.Expr
	var ops []ast.Op
	for _, c := range ctx.GetChildren() {
		switch c := c.(type) {
		case p.ITemplateArgOpContext:
			ops = append(ops, binaryOps[c.GetStart().GetTokenType()])
		case p.IUnaryExpressionContext:
			operands = append(operands, b.unary(c))
		}
	}
	if len(operands) == 0 {
		return b.badExpr(ctx)
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
			n := &ast.BinaryExpr{Op: op, X: x, Y: y}
			b.setSpan(n, x, y)
			x = n
		}
		return x
	}
	return climb(1)
}

func (b *builder) structSpec(ctx p.IStructSpecifierContext) *ast.StructDecl {
	n := &ast.StructDecl{}
	b.set(n, ctx)
	switch {
	case ctx.KW_CLASS() != nil:
		n.Kind = ast.Class
	case ctx.KW_INTERFACE() != nil:
		n.Kind = ast.Interface
	}
	n.Attrs = b.attributes(ctx.AllAttribute())
	switch {
	case ctx.IDENT() != nil:
		n.Name = b.ident(ctx.IDENT())
	case ctx.TYPE_NAME() != nil:
		n.Name = b.ident(ctx.TYPE_NAME())
	case ctx.TEMPLATE_NAME() != nil:
		n.Name = b.ident(ctx.TEMPLATE_NAME())
		n.TemplateArgs = b.templateArgs(ctx.TemplateArgList())
	}
	if bc := ctx.BaseClause(); bc != nil {
		for _, bs := range bc.AllBaseSpec() {
			n.Bases = append(n.Bases, b.namedType(bs.NamedType()))
		}
	}
	for _, m := range ctx.AllMemberDecl() {
		n.Members = append(n.Members, b.memberDecl(m)...)
	}
	return n
}

func (b *builder) memberDecl(m p.IMemberDeclContext) []ast.Decl {
	attrs := b.attributes(m.AllAttribute())
	switch {
	case m.Declaration() != nil:
		return b.declaration(m.Declaration(), attrs)
	case m.TemplateDecl() != nil:
		return []ast.Decl{b.template(m.TemplateDecl(), attrs)}
	case m.UsingDecl() != nil:
		return []ast.Decl{b.using(m.UsingDecl())}
	case m.StaticAssert() != nil:
		return []ast.Decl{b.staticAssert(m.StaticAssert())}
	case m.BufferBlock() != nil:
		return []ast.Decl{b.bufferBlock(m.BufferBlock(), attrs)}
	}
	return nil
}

func (b *builder) enumSpec(ctx p.IEnumSpecifierContext) *ast.EnumDecl {
	n := &ast.EnumDecl{Scoped: ctx.KW_CLASS() != nil || ctx.KW_STRUCT() != nil}
	b.set(n, ctx)
	switch {
	case ctx.IDENT() != nil:
		n.Name = b.ident(ctx.IDENT())
	case ctx.TYPE_NAME() != nil:
		n.Name = b.ident(ctx.TYPE_NAME())
	}
	if nt := ctx.NamedType(); nt != nil {
		n.Base = b.namedType(nt)
	}
	for _, e := range ctx.AllEnumerator() {
		en := &ast.Enumerator{}
		b.set(en, e)
		en.Name = b.ident(e.IDENT())
		if v := e.AssignmentExpression(); v != nil {
			en.Value = b.assignment(v)
		}
		n.Values = append(n.Values, en)
	}
	return n
}

// ---- statements ----------------------------------------------------------

func (b *builder) block(ctx p.IBlockContext) *ast.BlockStmt {
	n := &ast.BlockStmt{}
	b.set(n, ctx)
	if ctx == nil {
		return n
	}
	for _, s := range ctx.AllStatement() {
		n.List = append(n.List, b.statement(s))
	}
	return n
}

func (b *builder) statement(ctx p.IStatementContext) ast.Stmt {
	switch c := ctx.(type) {
	case *p.AttributedStmtContext:
		// `[unroll] [loop] for ...` nests one attributedStmt per
		// attribute (a loop over attributes would make an ambiguous
		// decision): the AST has one statement with all of them.
		list := []p.IAttributeContext{c.Attribute()}
		inner := c.Statement()
		for {
			a, ok := inner.(*p.AttributedStmtContext)
			if !ok {
				break
			}
			list = append(list, a.Attribute())
			inner = a.Statement()
		}
		n := &ast.AttrStmt{Attrs: b.attributes(list)}
		b.set(n, c)
		// `[[vk::ext_...]] float x;` — the attributes belong to the declaration.
		if ds, ok := inner.(*p.DeclStmtContext); ok {
			return b.declStmt(ds, n.Attrs)
		}
		n.Stmt = b.statement(inner)
		return n
	case *p.BlockStmtContext:
		return b.block(c.Block())
	case *p.EmptyStmtContext:
		n := &ast.EmptyStmt{}
		b.set(n, c)
		return n
	case *p.IfStmtContext:
		n := &ast.IfStmt{}
		b.set(n, c)
		n.CondVar, n.Cond = b.condition(c.Condition())
		stmts := c.AllStatement()
		if len(stmts) > 0 {
			n.Then = b.statement(stmts[0])
		} else {
			n.Then = b.badStmt(c)
		}
		if len(stmts) > 1 {
			n.Else = b.statement(stmts[1])
		}
		return n
	case *p.SwitchStmtContext:
		n := &ast.SwitchStmt{}
		b.set(n, c)
		n.CondVar, n.Tag = b.condition(c.Condition())
		// Group the body: each run of labels starts a clause that takes
		// the statements up to the next label.
		var cc *ast.CaseClause
		inLabels := false
		for _, s := range c.AllStatement() {
			switch l := s.(type) {
			case *p.CaseLabelContext, *p.DefaultLabelContext:
				if !inLabels {
					cc = &ast.CaseClause{}
					b.set(cc, l)
					n.Cases = append(n.Cases, cc)
					inLabels = true
				}
				if cl, ok := l.(*p.CaseLabelContext); ok {
					cc.Values = append(cc.Values, b.assignment(cl.AssignmentExpression()))
				} else {
					cc.Default = true
				}
				setRange(cc, cc.Pos(), tokEnd(b.tok(l.GetStop())))
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
		return n
	case *p.CaseLabelContext:
		n := &ast.CaseLabelStmt{}
		b.set(n, c)
		n.Value = b.assignment(c.AssignmentExpression())
		return n
	case *p.DefaultLabelContext:
		n := &ast.CaseLabelStmt{Default: true}
		b.set(n, c)
		return n
	case *p.WhileStmtContext:
		n := &ast.WhileStmt{}
		b.set(n, c)
		n.CondVar, n.Cond = b.condition(c.Condition())
		n.Body = b.statementOrBad(c.Statement(), c)
		return n
	case *p.DoStmtContext:
		n := &ast.DoStmt{}
		b.set(n, c)
		n.Body = b.statementOrBad(c.Statement(), c)
		n.Cond = b.expression(c.Expression())
		return n
	case *p.ForStmtContext:
		n := &ast.ForStmt{}
		b.set(n, c)
		if fi := c.ForInit(); fi != nil {
			n.Init = b.forInit(fi)
		}
		// The condition is the expression before the second ';', the
		// post-expression the one after it.
		semi := c.SEMI()
		for _, e := range c.AllExpression() {
			if semi != nil && e.GetStart().GetTokenIndex() > semi.GetSymbol().GetTokenIndex() {
				n.Post = b.expression(e)
			} else {
				n.Cond = b.expression(e)
			}
		}
		n.Body = b.statementOrBad(c.Statement(), c)
		return n
	case *p.BreakStmtContext:
		n := &ast.BranchStmt{Kind: ast.Break}
		b.set(n, c)
		return n
	case *p.ContinueStmtContext:
		n := &ast.BranchStmt{Kind: ast.Continue}
		b.set(n, c)
		return n
	case *p.ReturnStmtContext:
		n := &ast.ReturnStmt{}
		b.set(n, c)
		if e := c.Expression(); e != nil {
			n.Result = b.expression(e)
		}
		return n
	case *p.DiscardStmtContext:
		n := &ast.DiscardStmt{}
		b.set(n, c)
		return n
	case *p.DeclStmtContext:
		return b.declStmt(c, nil)
	case *p.UsingStmtContext:
		n := &ast.DeclStmt{}
		b.set(n, c)
		n.Decls = []ast.Decl{b.using(c.UsingDecl())}
		return n
	case *p.StaticAssertStmtContext:
		n := &ast.DeclStmt{}
		b.set(n, c)
		n.Decls = []ast.Decl{b.staticAssert(c.StaticAssert())}
		return n
	case *p.ExprStmtContext:
		n := &ast.ExprStmt{}
		b.set(n, c)
		n.X = b.expression(c.Expression())
		return n
	}
	return b.badStmt(ctx)
}

// condition is the parenthesized part of if, while and switch: an
// expression or a variable declaration with initializer.
func (b *builder) condition(ctx p.IConditionContext) (*ast.VarDecl, ast.Expr) {
	if ctx == nil {
		return nil, b.badExpr(nil)
	}
	if dsc := ctx.DeclSpecifiers(); dsc != nil {
		ds := b.declSpecifiers(dsc)
		n := &ast.VarDecl{Mods: ds.mods, Type: ds.typ}
		b.set(n, ctx)
		if d := ctx.Declarator(); d != nil {
			b.declarator(d, &n.Name, &n.Dims, &n.Semantics)
		} else {
			n.Name = &ast.Ident{}
			b.set(n.Name, ctx)
		}
		n.Init = b.initializer(ctx.Initializer())
		return n, nil
	}
	return nil, b.expression(ctx.Expression())
}

func (b *builder) declStmt(c *p.DeclStmtContext, attrs []*ast.Attribute) ast.Stmt {
	n := &ast.DeclStmt{}
	b.set(n, c)
	n.Decls = b.declaration(c.Declaration(), attrs)
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
	if dsc := ctx.DeclSpecifiers(); dsc != nil {
		n := &ast.DeclStmt{}
		b.set(n, ctx)
		ds := b.declSpecifiers(dsc)
		n.Decls = ds.defs
		for i, id := range ctx.AllInitDeclarator() {
			ds.first = i == 0
			n.Decls = append(n.Decls, b.varDecl(initVar(id), ds, nil))
		}
		return n
	}
	if e := ctx.Expression(); e != nil {
		n := &ast.ExprStmt{}
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

func (b *builder) expression(ctx p.IExpressionContext) ast.Expr {
	if ctx == nil {
		return b.badExpr(nil)
	}
	list := ctx.AllAssignmentExpression()
	if len(list) == 0 {
		return b.badExpr(ctx)
	}
	x := b.assignment(list[0])
	for _, a := range list[1:] {
		y := b.assignment(a)
		n := &ast.BinaryExpr{Op: ast.Comma, X: x, Y: y}
		b.setSpan(n, x, y)
		x = n
	}
	return x
}

var assignOps = map[int]ast.Op{
	p.HLSLParserASSIGN: ast.Assign, p.HLSLParserPLUS_ASSIGN: ast.AddAssign, p.HLSLParserMINUS_ASSIGN: ast.SubAssign,
	p.HLSLParserSTAR_ASSIGN: ast.MulAssign, p.HLSLParserDIV_ASSIGN: ast.DivAssign, p.HLSLParserMOD_ASSIGN: ast.RemAssign,
	p.HLSLParserSHL_ASSIGN: ast.ShlAssign, p.HLSLParserSHR_ASSIGN: ast.ShrAssign, p.HLSLParserAND_ASSIGN: ast.AndAssign,
	p.HLSLParserXOR_ASSIGN: ast.XorAssign, p.HLSLParserOR_ASSIGN: ast.OrAssign,
}

func (b *builder) assignment(ctx p.IAssignmentExpressionContext) ast.Expr {
	if ctx == nil {
		return b.badExpr(nil)
	}
	l := b.binary(ctx)
	switch {
	case ctx.QUESTION() != nil:
		x := b.expression(ctx.Expression())
		y := b.assignment(ctx.AssignmentExpression())
		n := &ast.CondExpr{Cond: l, X: x, Y: y}
		b.setSpan(n, l, y)
		return n
	case ctx.AssignOp() != nil:
		r := b.assignment(ctx.AssignmentExpression())
		n := &ast.AssignExpr{Op: assignOps[ctx.AssignOp().GetStart().GetTokenType()], L: l, R: r}
		b.setSpan(n, l, r)
		return n
	}
	return l
}

var binaryOps = map[int]ast.Op{
	p.HLSLParserOROR: ast.LogOr, p.HLSLParserANDAND: ast.LogAnd, p.HLSLParserOR: ast.BitOr,
	p.HLSLParserXOR: ast.BitXor, p.HLSLParserAND: ast.BitAnd, p.HLSLParserEQ: ast.Eq, p.HLSLParserNE: ast.Ne,
	p.HLSLParserLT: ast.Lt, p.HLSLParserGT: ast.Gt, p.HLSLParserLE: ast.Le, p.HLSLParserGE: ast.Ge,
	p.HLSLParserSHL: ast.Shl, p.HLSLParserPLUS: ast.Add, p.HLSLParserMINUS: ast.Sub, p.HLSLParserSTAR: ast.Mul,
	p.HLSLParserDIV: ast.Div, p.HLSLParserMOD: ast.Rem,
}

// binary builds the operand of an assignmentExpression: the flat list of
// operands and binary operators it starts with, folded by precedence.
func (b *builder) binary(ctx p.IAssignmentExpressionContext) ast.Expr {
	children := ctx.GetChildren()
	if len(children) > 0 {
		if u, ok := children[0].(p.IUnaryExpressionContext); ok && (len(children) == 1 || !isBinaryOp(children[1])) {
			return b.unary(u)
		}
	}
	var operands []ast.Expr
	var ops []ast.Op
loop:
	for _, c := range children {
		switch c := c.(type) {
		case *p.BinaryOpContext:
			ops = append(ops, b.binaryOp(c))
		case p.IUnaryExpressionContext:
			operands = append(operands, b.unary(c))
		default:
			break loop // `?` or an assignment operator
		}
	}
	if len(operands) == 0 {
		return b.badExpr(ctx)
	}
	return b.foldByPrecedence(operands, ops)
}

func isBinaryOp(t antlr.Tree) bool {
	_, ok := t.(*p.BinaryOpContext)
	return ok
}

// binaryOp reads a binary operator; a `> >` shift that was not written
// `>>` is reported here.
func (b *builder) binaryOp(c *p.BinaryOpContext) ast.Op {
	gts := c.AllGT()
	if len(gts) != 2 {
		return binaryOps[c.GetStart().GetTokenType()]
	}
	t1, t2 := b.termTok(gts[0]), b.termTok(gts[1])
	if !t1.splitFrom || !t2.splitFrom || t2.Flags&token.LeadingSpace != 0 {
		b.diags.Errorf(diag.SyntaxBase+codeBadShift, t2.Loc(), "expected expression")
	}
	return ast.Shr
}

var prefixOps = map[int]ast.Op{
	p.HLSLParserINC: ast.PreInc, p.HLSLParserDEC: ast.PreDec, p.HLSLParserPLUS: ast.Plus,
	p.HLSLParserMINUS: ast.Neg, p.HLSLParserNOT: ast.Not, p.HLSLParserTILDE: ast.BitNot,
}

func (b *builder) unary(ctx p.IUnaryExpressionContext) ast.Expr {
	switch c := ctx.(type) {
	case *p.PrefixExprContext:
		n := &ast.UnaryExpr{Op: prefixOps[c.GetStart().GetTokenType()]}
		b.set(n, c)
		n.X = b.unaryOrBad(c.UnaryExpression(), c)
		return n
	case *p.CastExprContext:
		n := &ast.CastExpr{}
		b.set(n, c)
		n.Type = b.typeID(c.TypeId())
		n.X = b.unaryOrBad(c.UnaryExpression(), c)
		return n
	case *p.SizeofExprContext:
		n := &ast.SizeofExpr{}
		b.set(n, c)
		if c.TypeId() != nil {
			n.Type = b.typeID(c.TypeId())
		} else {
			n.X = b.unaryOrBad(c.UnaryExpression(), c)
		}
		return n
	case *p.PostfixExprContext:
		return b.postfix(c)
	}
	return b.badExpr(nil)
}

func (b *builder) unaryOrBad(u p.IUnaryExpressionContext, parent antlr.ParserRuleContext) ast.Expr {
	if u == nil {
		return b.badExpr(parent)
	}
	return b.unary(u)
}

func (b *builder) postfix(ctx *p.PostfixExprContext) ast.Expr {
	if ctx == nil {
		return b.badExpr(nil)
	}
	x := b.primary(ctx.PrimaryExpression())
	for _, op := range ctx.AllPostfixOp() {
		end := tokEnd(b.tok(op.GetStop()))
		var n ast.Expr
		switch c := op.(type) {
		case *p.IndexOpContext:
			n = &ast.IndexExpr{X: x, Index: b.expression(c.Expression())}
		case *p.CallOpContext:
			n = &ast.CallExpr{Fun: x, Args: b.arguments(c.ArgumentList())}
		case *p.MemberOpContext:
			m := &ast.MemberExpr{X: x, Arrow: c.ARROW() != nil}
			if mn := c.MemberName(); mn != nil {
				if tf := mn.TEMPLATE_FUNC(); tf != nil {
					m.Name = b.ident(tf)
					m.HasArgs = true
					m.Args = b.templateArgs(mn.TemplateArgList())
				} else {
					m.Name = b.ident(mn.IDENT())
				}
			} else {
				m.Name = &ast.Ident{}
				b.set(m.Name, c)
			}
			n = m
		case *p.PostIncOpContext:
			n = &ast.UnaryExpr{Op: ast.PostInc, X: x}
		case *p.PostDecOpContext:
			n = &ast.UnaryExpr{Op: ast.PostDec, X: x}
		default:
			continue
		}
		b.ids++
		ast.SetID(n, b.ids)
		setRange(n, x.Pos(), end)
		x = n
	}
	return x
}

func (b *builder) arguments(ctx p.IArgumentListContext) []ast.Expr {
	if ctx == nil {
		return nil
	}
	var out []ast.Expr
	for _, a := range ctx.AllAssignmentExpression() {
		out = append(out, b.assignment(a))
	}
	return out
}

func (b *builder) primary(ctx p.IPrimaryExpressionContext) ast.Expr {
	switch c := ctx.(type) {
	case *p.LiteralExprContext:
		return b.literal(c.Literal())
	case *p.NameExprContext:
		if st := c.SimpleType(); st != nil {
			// A functional cast or constructor call: `S::Inner(0)`.
			n := &ast.ConstructExpr{}
			b.set(n, c)
			t := &ast.TypeExpr{}
			b.setToks(t, c.GetStart(), st.GetStop())
			t.Global, t.Qualifier = b.scopePrefix(c.ScopePrefix())
			b.simpleType(st, t)
			n.Type = t
			n.Args = b.arguments(c.ArgumentList())
			return n
		}
		n := &ast.NameExpr{}
		b.set(n, c)
		n.Global, n.Qualifier = b.scopePrefix(c.ScopePrefix())
		if tf := c.TEMPLATE_FUNC(); tf != nil {
			n.HasArgs = true
			n.Name = b.termTok(tf).Text
			n.Args = b.templateArgs(c.TemplateArgList())
			return n
		}
		n.Name = b.termTok(c.IDENT()).Text
		return n
	case *p.ThisExprContext:
		n := &ast.ThisExpr{}
		b.set(n, c)
		return n
	case *p.ParenExprContext:
		n := &ast.ParenExpr{}
		b.set(n, c)
		n.X = b.expression(c.Expression())
		return n
	case *p.ConstructExprContext:
		// `unsigned int(x)`, `unsigned(x)`.
		n := &ast.ConstructExpr{}
		b.set(n, c)
		t := &ast.TypeExpr{Keyword: b.tok(c.GetStart()).Text, Name: "int"}
		last := c.GetStart()
		if tn := c.TYPE_NAME(); tn != nil {
			t.Name = b.termTok(tn).Text
			last = tn.GetSymbol()
		}
		b.setToks(t, c.GetStart(), last)
		n.Type = t
		n.Args = b.arguments(c.ArgumentList())
		return n
	}
	return b.badExpr(nil)
}

func (b *builder) literal(ctx p.ILiteralContext) ast.Expr {
	if ctx == nil {
		return b.badExpr(nil)
	}
	n := &ast.BasicLit{}
	b.set(n, ctx)
	t := b.tok(ctx.GetStart())
	n.Value = t.Text
	switch t.typ {
	case p.HLSLParserINT_LIT:
		n.Kind = ast.IntLit
	case p.HLSLParserFLOAT_LIT:
		n.Kind = ast.FloatLit
	case p.HLSLParserCHAR_LIT:
		n.Kind = ast.CharLit
	case p.HLSLParserKW_TRUE, p.HLSLParserKW_FALSE:
		n.Kind = ast.BoolLit
	case p.HLSLParserSTRING_LIT:
		n.Kind = ast.StringLit
		var parts []string
		for _, s := range ctx.AllSTRING_LIT() {
			parts = append(parts, b.termTok(s).Text)
		}
		n.Value = strings.Join(parts, " ")
	}
	return n
}

func (b *builder) initializer(ctx p.IInitializerContext) ast.Expr {
	if ctx == nil {
		return b.badExpr(nil)
	}
	if il := ctx.InitList(); il != nil {
		n := &ast.InitList{}
		b.set(n, il)
		for _, e := range il.AllInitializer() {
			n.Elems = append(n.Elems, b.initializer(e))
		}
		return n
	}
	return b.assignment(ctx.AssignmentExpression())
}
