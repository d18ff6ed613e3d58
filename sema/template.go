package sema

import (
	"fmt"
	"strings"

	"github.com/hlsl2spirv/hlsl2spirv/frontend/ast"
	"github.com/hlsl2spirv/hlsl2spirv/frontend/diag"
	"github.com/hlsl2spirv/hlsl2spirv/sema/codes"
	"github.com/hlsl2spirv/hlsl2spirv/sema/constant"
	"github.com/hlsl2spirv/hlsl2spirv/sema/types"
)

// Templates are instantiated as clang does: on use, once per argument list.
// An instantiation checks a copy of the template's declaration (ast.Clone:
// fresh node IDs, so every instance has its own entries in Info) in a scope
// that binds the template parameters to the arguments, and yields an
// ordinary *Func, struct type or *Var that codegen emits like any other.
// Errors in the copy are reported at the template's source with a note at
// the use that asked for it.

// templateKind tells what a template declares.
type templateKind uint8

const (
	tmplFunc templateKind = iota
	tmplStruct
	tmplVar
	tmplAlias
)

func kindOf(d ast.Decl) templateKind {
	switch d.(type) {
	case *ast.StructDecl:
		return tmplStruct
	case *ast.VarDecl:
		return tmplVar
	case *ast.TypedefDecl:
		return tmplAlias
	}
	return tmplFunc
}

// argsKey identifies an argument list (canonical types by identity).
func argsKey(args []types.TemplateArg) string {
	var b strings.Builder
	for _, a := range args {
		if a.Type != nil {
			fmt.Fprintf(&b, "%p,", a.Type.Canonical())
		} else {
			fmt.Fprintf(&b, "%d,", a.Value)
		}
	}
	return b.String()
}

func argsString(args []types.TemplateArg) string {
	parts := make([]string, len(args))
	for i, a := range args {
		parts[i] = a.String()
	}
	return strings.Join(parts, ", ")
}

// templateArgs evaluates explicit template arguments: types, or integral
// constants. ok is false when one is neither (it was reported, or is
// left open).
func (c *checker) templateArgs(nodes []ast.Node) (args []types.TemplateArg, ok bool) {
	for _, n := range nodes {
		switch n := n.(type) {
		case *ast.TypeExpr:
			t := c.typeOf(n)
			if t.Kind() == types.Invalid {
				return nil, false
			}
			args = append(args, types.TemplateArg{Type: t})
		case ast.Expr:
			if ne, isName := n.(*ast.NameExpr); isName {
				if t := c.templateArgType(ne); t != nil {
					if t.Kind() == types.Invalid {
						return nil, false
					}
					c.setType(ne, t)
					args = append(args, types.TemplateArg{Type: t})
					continue
				}
			}
			v, isConst := c.constInt(n)
			if !isConst {
				return nil, false
			}
			args = append(args, types.TemplateArg{Value: v})
		default:
			return nil, false
		}
	}
	return args, true
}

// clone copies n with fresh node IDs, after the file's, and grows Info's
// tables to hold them. A file still being parsed is waited for: its last
// ID is not known before.
func clone[N ast.Node](c *checker, n N) N {
	if c.complete != nil {
		c.complete()
		c.complete = nil
	}
	out := ast.Clone(n, func() int32 { c.file.NodeCount++; return c.file.NodeCount })
	c.info.grow(int(c.file.NodeCount) + 1)
	return out
}

// bindScope is the scope of one instantiation: the template parameters of
// d bound to args, inside the template's declaring scope.
func (c *checker) bindScope(parent *Scope, d *ast.TemplateDecl, args []types.TemplateArg, name string) *Scope {
	s := newScope(parent, ScopeTemplate, name)
	for i, p := range d.Params {
		if p.Name == nil || i >= len(args) {
			continue
		}
		if p.TypeParam {
			t := args[i].Type
			if t == nil {
				t = types.InvalidType()
			}
			s.set(&TypeName{name: p.Name.Name, typ: t, pos: p.Name.Pos(), Scope: c.structScopes[t.Canonical()]})
			continue
		}
		pt := types.ScalarType(types.Int)
		if p.Type != nil {
			saved := c.scope
			c.scope = s
			if t := c.typeOf(p.Type); t.Kind() != types.Invalid {
				pt = t
			}
			c.scope = saved
		}
		val := constant.Int(types.Int64, args[i].Value)
		if sc := pt.Scalar(); sc != types.NoScalar {
			val = val.Convert(sc)
		}
		s.set(&Var{name: p.Name.Name, typ: pt, pos: p.Name.Pos(), Const: true, Storage: StorageStatic,
			Value: constant.NewScalar(types.ScalarType(val.Kind()), val)})
	}
	return s
}

// completeArgs adds the defaults of the parameters not given; ok is false
// when a parameter has neither argument nor default.
func (c *checker) completeArgs(t *Template, args []types.TemplateArg) ([]types.TemplateArg, bool) {
	d := t.Decl
	if len(args) > len(d.Params) {
		return nil, false
	}
	out := append([]types.TemplateArg(nil), args...)
	for i := len(args); i < len(d.Params); i++ {
		p := d.Params[i]
		saved := c.scope
		c.scope = c.bindScope(t.scope, d, out, t.name)
		var a types.TemplateArg
		ok := true
		switch {
		case p.TypeParam && p.DefaultType != nil:
			a.Type = c.typeOf(p.DefaultType)
			ok = a.Type.Kind() != types.Invalid
		case !p.TypeParam && p.Default != nil:
			a.Value, ok = c.constInt(p.Default)
		default:
			ok = false
		}
		c.scope = saved
		if !ok {
			return nil, false
		}
		out = append(out, a)
	}
	return out, true
}

// instance is a cached instantiation.
type instance struct {
	obj   Object // *Func, *TypeName or *Var
	scope *Scope
	args  []types.TemplateArg
}

// instantiate returns t<args> (args complete), checking the declaration
// on first use. use is where it was asked for, for the note.
func (c *checker) instantiate(t *Template, args []types.TemplateArg, use diag.Pos) Object {
	key := argsKey(args)
	if in, ok := t.insts[key]; ok {
		return in.obj
	}
	if t.insts == nil {
		t.insts = map[string]*instance{}
	}
	d, bound := t.Decl, args
	if sd, sargs, ok := c.specialization(t, args); ok {
		d, bound = sd, sargs
	}
	in := &instance{scope: c.bindScope(t.scope, d, bound, t.name), args: args}
	t.insts[key] = in
	t.list = append(t.list, in)
	if len(t.insts) > 256 {
		c.errorf(codes.TemplateArgument, use, "too many instantiations of '%s' (recursive template?)", t.name)
		return nil
	}

	// Check the copy in the instance scope, outside any function.
	saved := c.saveState()
	c.scope = in.scope
	inner := clone(c, d.Decl)
	diags := c.diags
	c.diags = diag.NewList(c.fs, diags.Opts)
	switch inner := inner.(type) {
	case *ast.FuncDecl:
		inner.TemplateArgs = nil
		f := c.funcSignature(inner, t.recv)
		if f != nil {
			if t.recv != nil {
				f.Recv = t.recv
			}
			in.obj = f
			if inner.Body != nil {
				c.funcBody(f, inner)
			}
		}
	case *ast.StructDecl:
		inner.TemplateArgs = nil
		c.structDecl(inner)
		c.info.Instances = append(c.info.Instances, inner)
		if tn, ok := c.info.defOf(inner).(*TypeName); ok {
			in.obj = tn
			if n := tn.typ.Named(); n != nil {
				if t.tt == nil {
					t.tt = c.u.NewTemplate(t.name, nil)
				}
				n.Instance = &types.Instance{Template: t.tt, Args: args}
			}
			for _, m := range t.members {
				c.memberDefinition(t, m, args)
			}
		}
	case *ast.VarDecl:
		inner.TemplateArgs = nil
		if v := c.varDecl(inner, nil); v != nil {
			in.obj = v
			c.info.Instances = append(c.info.Instances, inner)
		}
	case *ast.TypedefDecl:
		c.decl(inner, nil)
		if tn, ok := c.info.defOf(inner).(*TypeName); ok {
			in.obj = tn
		}
	}
	inst, what := t.name+"<"+argsString(args)+">", "template class"
	switch t.kind {
	case tmplFunc:
		what = "function template specialization"
	case tmplVar:
		what = "variable template specialization"
	case tmplAlias:
		what = "template type alias"
	}
	for _, dg := range c.diags.Diags {
		if dg.Severity >= diag.Error || dg.Severity == diag.Warning {
			dg.Notes = append(dg.Notes, diag.Diagnostic{Severity: diag.Note, Pos: use,
				Msg: fmt.Sprintf("in instantiation of %s '%s' requested here", what, inst)})
		}
		diags.Add(dg)
	}
	c.diags = diags
	c.restoreState(saved)
	return in.obj
}

// checkerState is what an instantiation must not disturb.
type checkerState struct {
	scope           *Scope
	fn              *Func
	loops, switches int
	breakable       []bool
	forInit         bool
}

func (c *checker) saveState() checkerState {
	s := checkerState{scope: c.scope, fn: c.fn, loops: c.loops, switches: c.switches, breakable: c.breakable, forInit: c.forInit}
	c.fn, c.loops, c.switches, c.breakable, c.forInit = nil, 0, 0, nil, false
	return s
}

func (c *checker) restoreState(s checkerState) {
	c.scope, c.fn, c.loops, c.switches, c.breakable, c.forInit = s.scope, s.fn, s.loops, s.switches, s.breakable, s.forInit
}

// specialization picks the explicit or partial specialization of t that
// matches args: explicit ones first, then the first partial one whose
// parameters all deduce.
func (c *checker) specialization(t *Template, args []types.TemplateArg) (*ast.TemplateDecl, []types.TemplateArg, bool) {
	for pass := 0; pass < 2; pass++ {
		for _, sd := range t.specs {
			if (len(sd.Params) == 0) != (pass == 0) {
				continue
			}
			patterns := specPatterns(sd.Decl)
			if len(patterns) != len(args) {
				continue
			}
			dd := newDeduction(sd)
			saved := c.scope
			c.scope = t.scope
			ok := true
			for i, p := range patterns {
				if !c.deduceArg(dd, p, args[i]) {
					ok = false
					break
				}
			}
			c.scope = saved
			if ok && dd.complete() {
				return sd, dd.args, true
			}
		}
	}
	return nil, nil, false
}

func specPatterns(d ast.Decl) []ast.Node {
	switch d := d.(type) {
	case *ast.StructDecl:
		return d.TemplateArgs
	case *ast.VarDecl:
		return d.TemplateArgs
	case *ast.FuncDecl:
		return d.TemplateArgs
	}
	return nil
}

// deduction binds the parameters of one template declaration.
type deduction struct {
	params map[string]int
	args   []types.TemplateArg
	set    []bool
	isType []bool // the parameter is a type parameter (else a value)
}

func newDeduction(d *ast.TemplateDecl) *deduction {
	dd := &deduction{params: map[string]int{}, args: make([]types.TemplateArg, len(d.Params)), set: make([]bool, len(d.Params)), isType: make([]bool, len(d.Params))}
	for i, p := range d.Params {
		if p.Name != nil {
			dd.params[p.Name.Name] = i
		}
		dd.isType[i] = p.TypeParam
	}
	return dd
}

func (dd *deduction) complete() bool {
	for _, s := range dd.set {
		if !s {
			return false
		}
	}
	return true
}

// bind binds parameter name to a; false when it is bound to something else.
func (dd *deduction) bind(i int, a types.TemplateArg) bool {
	if dd.isType[i] != (a.Type != nil) {
		return false // a type for a value parameter or the reverse
	}
	if dd.set[i] {
		if (dd.args[i].Type == nil) != (a.Type == nil) {
			return false
		}
		if a.Type != nil {
			return types.Identical(dd.args[i].Type, a.Type)
		}
		return dd.args[i].Value == a.Value
	}
	dd.args[i], dd.set[i] = a, true
	return true
}

// deduceArg matches a written template argument (of a specialization or
// a parameter type) against an actual one.
func (c *checker) deduceArg(dd *deduction, pattern ast.Node, a types.TemplateArg) bool {
	switch p := pattern.(type) {
	case *ast.TypeExpr:
		if a.Type == nil {
			return false
		}
		return c.deduceType(dd, p, nil, a.Type)
	case *ast.NameExpr:
		if len(p.Qualifier) == 0 && !p.HasArgs {
			if i, ok := dd.params[p.Name]; ok {
				return dd.bind(i, a)
			}
		}
		if a.Type != nil {
			t := c.templateArgType(p)
			return t != nil && types.Identical(t, a.Type)
		}
	}
	e, ok := pattern.(ast.Expr)
	if !ok || a.Type != nil {
		return false
	}
	v, ok := c.quietConstInt(e)
	return ok && v == a.Value
}

// quietConstInt evaluates e without reporting anything.
func (c *checker) quietConstInt(e ast.Expr) (int64, bool) {
	saved := c.diags
	c.diags = diag.NewList(c.fs, diag.Options{ErrorLimit: 1 << 20})
	defer func() { c.diags = saved }()
	return c.constInt(e)
}

// deduceType matches the written type te (with declarator dims) against t.
func (c *checker) deduceType(dd *deduction, te *ast.TypeExpr, dims []*ast.ArrayDim, t *types.Type) bool {
	dims = append(append([]*ast.ArrayDim(nil), dims...), te.Dims...)
	if len(dims) > 0 {
		ct := t.Canonical()
		if !ct.IsArray() {
			return false
		}
		if sz := dims[0].Size; sz != nil {
			if !c.deduceArg(dd, sz, types.TemplateArg{Value: ct.Len()}) {
				return false
			}
		}
		inner := *te
		inner.Dims = nil
		return c.deduceType(dd, &inner, dims[1:], ct.Elem())
	}
	if len(te.Qualifier) == 0 && !te.HasArgs && te.Keyword == "" {
		if i, ok := dd.params[te.Name]; ok {
			return dd.bind(i, types.TemplateArg{Type: t})
		}
	}
	if !c.mentionsParam(dd, te) {
		saved := c.diags
		c.diags = diag.NewList(c.fs, diag.Options{ErrorLimit: 1 << 20})
		w := c.typeOf(te)
		c.diags = saved
		return w.Kind() != types.Invalid && types.Identical(w, t)
	}
	ct := t.Canonical()
	var have []types.TemplateArg
	var alias Object
	if len(te.Qualifier) == 0 {
		alias, _ = c.scope.LookupParent(te.Name)
	} else if s := c.qualifierScope(te.Global, te.Qualifier); s != nil {
		alias = s.Lookup(te.Name)
	}
	aliasT, isAlias := alias.(*Template)
	isAlias = isAlias && aliasT.kind == tmplAlias
	switch {
	case isAlias:
		// A<p...> with template<X...> using A = S<...X...>: deduce the
		// alias's parameters from t, then the patterns from them
		var ok bool
		if have, ok = c.deduceAlias(aliasT, t); !ok {
			return false
		}
	case len(te.Qualifier) == 0 && te.Name == "vector" && ct.IsVector():
		have = []types.TemplateArg{{Type: types.ScalarType(ct.Scalar())}, {Value: int64(ct.VecSize())}}
	case len(te.Qualifier) == 0 && te.Name == "matrix" && ct.IsMatrix():
		have = []types.TemplateArg{{Type: types.ScalarType(ct.Scalar())}, {Value: int64(ct.Rows())}, {Value: int64(ct.Cols())}}
	case ct.IsStruct() && ct.Named() != nil && ct.Named().Instance != nil:
		o, _ := c.scope.LookupParent(te.Name)
		tm, ok := o.(*Template)
		if !ok || tm.tt != ct.Named().Instance.Template {
			return false
		}
		have = ct.Named().Instance.Args
	case ct.IsObject() && !sameObjectName(te, ct.Object()):
		return false // StructuredBuffer<T> does not match a RWStructuredBuffer
	case ct.IsObject() && ct.Elem() != nil:
		have = []types.TemplateArg{{Type: ct.Elem()}, {Value: ct.Len()}}
	case ct.IsObject():
		have = ct.Args()
	default:
		return false
	}
	if len(have) < len(te.Args) {
		return false
	}
	for i, pa := range te.Args {
		if !c.deduceArg(dd, pa, have[i]) {
			return false
		}
	}
	return true
}

// deduceAlias deduces the parameters of alias template tm from a type
// its definition may denote; ok is false unless all of them deduce.
func (c *checker) deduceAlias(tm *Template, t *types.Type) ([]types.TemplateArg, bool) {
	td, ok := tm.Decl.Decl.(*ast.TypedefDecl)
	if !ok || td.Type == nil {
		return nil, false
	}
	inner := newDeduction(tm.Decl)
	saved := c.scope
	c.scope = tm.scope
	ok = c.deduceType(inner, td.Type, td.Dims, t)
	c.scope = saved
	if !ok || !inner.complete() {
		return nil, false
	}
	return inner.args, true
}

// sameObjectName reports whether te names object kind o (vk:: names
// written qualified or inside namespace vk; sampler aliases as
// SamplerState).
func sameObjectName(te *ast.TypeExpr, o types.Object) bool {
	name := te.Name
	if len(te.Qualifier) > 0 {
		name = te.Qualifier[len(te.Qualifier)-1].Name + "::" + name
	}
	if b, ok := types.LookupBuiltin(name); ok && b.Kind == types.BuiltinObject {
		return b.Object == o
	}
	if b, ok := types.LookupBuiltin("vk::" + te.Name); ok && b.Kind == types.BuiltinObject {
		return b.Object == o
	}
	return true // a name the table does not know: let the arguments decide
}

// mentionsParam reports whether a template parameter of dd appears in te.
func (c *checker) mentionsParam(dd *deduction, te *ast.TypeExpr) bool {
	found := false
	ast.Inspect(te, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.TypeExpr:
			if _, ok := dd.params[n.Name]; ok && len(n.Qualifier) == 0 {
				found = true
			}
		case *ast.NameExpr:
			if _, ok := dd.params[n.Name]; ok && len(n.Qualifier) == 0 {
				found = true
			}
		case *ast.ScopeName:
			if _, ok := dd.params[n.Name]; ok {
				found = true
			}
		}
		return !found
	})
	return found
}

// callTemplates instantiates the function templates a call may mean:
// explicit arguments first, the rest deduced from the call's arguments'
// types, then defaults. Templates that do not deduce are dropped (SFINAE
// in its simplest form).
func (c *checker) callTemplates(tmpls []*Template, explicit []ast.Node, args []operand, use diag.Pos) []*Func {
	var given []types.TemplateArg
	if len(explicit) > 0 {
		var ok bool
		if given, ok = c.templateArgs(explicit); !ok {
			return nil
		}
	}
	var out []*Func
	for _, t := range tmpls {
		fd, isFunc := t.Decl.Decl.(*ast.FuncDecl)
		if !isFunc || len(given) > len(t.Decl.Params) {
			continue
		}
		dd := newDeduction(t.Decl)
		ok := true
		for i, a := range given {
			if !dd.bind(i, a) {
				ok = false
			}
		}
		saved := c.scope
		c.scope = t.scope
		for i, p := range fd.Params {
			if !ok || i >= len(args) {
				break
			}
			if args[i].invalid() || p.Type == nil || !c.mentionsParamDims(dd, p) {
				continue
			}
			at := concrete(args[i].typ)
			if at.Kind() == types.Alias {
				at = at.Canonical()
			}
			pd := newDeduction(t.Decl)
			copy(pd.args, dd.args)
			copy(pd.set, dd.set)
			if c.deduceType(pd, p.Type, p.Dims, at) {
				dd = pd
			} else if !c.deduceType(dd, p.Type, p.Dims, decayBuffer(at)) && !allBoundIn(dd, given) {
				ok = false
			}
		}
		c.scope = saved
		if !ok {
			continue
		}
		n := 0
		for n < len(dd.set) && dd.set[n] {
			n++
		}
		full, ok := c.completeArgs(t, dd.args[:n])
		if !ok {
			continue
		}
		if f, isFunc := c.instantiate(t, full, use).(*Func); isFunc {
			out = append(out, f)
		}
	}
	return out
}

func (c *checker) mentionsParamDims(dd *deduction, p *ast.Param) bool {
	if c.mentionsParam(dd, p.Type) {
		return true
	}
	for _, d := range p.Dims {
		if ne, ok := d.Size.(*ast.NameExpr); ok {
			if _, isParam := dd.params[ne.Name]; isParam {
				return true
			}
		}
	}
	return false
}

// allBoundIn reports whether every parameter was given explicitly, when a
// failed deduction is only a conversion to do at the call.
func allBoundIn(dd *deduction, given []types.TemplateArg) bool {
	return len(given) >= len(dd.set)
}

// typeTemplate resolves S<args> for a struct or alias template.
func (c *checker) typeTemplate(t *Template, argNodes []ast.Node, use diag.Pos) *types.Type {
	if t.kind != tmplStruct && t.kind != tmplAlias {
		return types.InvalidType()
	}
	args, ok := c.templateArgs(argNodes)
	if !ok {
		return types.InvalidType()
	}
	full, ok := c.completeArgs(t, args)
	if !ok {
		return types.InvalidType()
	}
	for _, a := range full {
		if a.Type != nil && a.Type.Kind() == types.TypeParam {
			// S<T> in a template's own signature: dependent, known
			// once the template is instantiated
			return types.InvalidType()
		}
	}
	if tn, ok := c.instantiate(t, full, use).(*TypeName); ok {
		return tn.typ
	}
	return types.InvalidType()
}

// memberDefinition checks an out-of-line member of a struct template
// (`template <class T> const T S<T>::m[2] = {...};`, `void S<T>::f()`)
// for the instance S<args>.
func (c *checker) memberDefinition(t *Template, m *ast.TemplateDecl, args []types.TemplateArg) {
	var quals []*ast.ScopeName
	switch d := m.Decl.(type) {
	case *ast.VarDecl:
		quals = d.Qualifier
	case *ast.FuncDecl:
		quals = d.Qualifier
	}
	if len(quals) == 0 {
		return
	}
	last := quals[len(quals)-1]
	dd := newDeduction(m)
	saved := c.scope
	c.scope = t.scope
	for i, pa := range last.Args {
		if i >= len(args) || !c.deduceArg(dd, pa, args[i]) {
			c.scope = saved
			return
		}
	}
	c.scope = saved
	if !dd.complete() {
		return
	}
	st := c.saveState()
	c.scope = c.bindScope(t.scope, m, dd.args, t.name)
	c.decl(clone(c, m.Decl), nil)
	c.restoreState(st)
}

// templateDecl declares a template, or records a specialization or an
// out-of-line member definition of one declared before.
func (c *checker) templateDecl(d *ast.TemplateDecl) {
	if d.Instantiation {
		return // explicit instantiations change nothing for SPIR-V
	}
	var name *ast.Ident
	var quals []*ast.ScopeName
	var spec bool
	switch inner := d.Decl.(type) {
	case *ast.FuncDecl:
		name, quals, spec = inner.Name, inner.Qualifier, len(inner.TemplateArgs) > 0
	case *ast.StructDecl:
		name, spec = inner.Name, len(inner.TemplateArgs) > 0
	case *ast.TypedefDecl:
		name = inner.Name
	case *ast.VarDecl:
		name, quals, spec = inner.Name, inner.Qualifier, len(inner.TemplateArgs) > 0
	}
	if name == nil {
		return
	}
	if len(quals) > 0 {
		c.outOfLineMember(d, quals)
		return
	}
	if spec {
		if t, ok := c.scope.Lookup(name.Name).(*Template); ok {
			t.specs = append(t.specs, d)
			c.setDef(d, t)
		}
		return
	}
	if len(d.Params) == 0 {
		return
	}
	t := &Template{name: name.Name, pos: name.Pos(), Decl: d, kind: kindOf(d.Decl), scope: c.scope}
	if c.scope.Kind == ScopeStruct {
		t.recv = c.scope.Struct
	}
	if fd, ok := d.Decl.(*ast.FuncDecl); ok {
		c.templateSignature(t, d, fd)
		if old, ok := c.scope.Lookup(name.Name).(*Template); ok && old.kind == tmplFunc {
			t.next = old
		}
	}
	if sd, ok := d.Decl.(*ast.StructDecl); ok && sd.Forward {
		if old, ok := c.scope.Lookup(name.Name).(*Template); ok && old.kind == tmplStruct {
			return // a second declaration of the same template
		}
	}
	if old, ok := c.scope.Lookup(name.Name).(*Template); ok && old.kind == tmplStruct {
		if sd, ok := old.Decl.Decl.(*ast.StructDecl); ok && sd.Forward {
			// The definition of a template declared before: keep the
			// object (specializations were recorded on it).
			old.Decl, old.pos = d, name.Pos()
			c.setDef(d, old)
			return
		}
	}
	c.setDef(d, t)
	c.scope.set(t)
}

// outOfLineMember records `template <class T> ... S<T>::member ...` on the
// struct template S and checks it for the instances made so far.
func (c *checker) outOfLineMember(d *ast.TemplateDecl, quals []*ast.ScopeName) {
	var o Object
	if len(quals) == 1 {
		o, _ = c.scope.LookupParent(quals[0].Name)
	} else if s := c.qualifierScope(false, quals[:len(quals)-1]); s != nil {
		o = s.Lookup(quals[len(quals)-1].Name)
	}
	t, ok := o.(*Template)
	if !ok || t.kind != tmplStruct {
		return
	}
	t.members = append(t.members, d)
	for _, in := range t.list {
		if in.obj != nil {
			c.memberDefinition(t, d, in.args)
		}
	}
}

// varTemplate instantiates a variable template use `is_same_v<A, B>`.
func (c *checker) varTemplate(e *ast.NameExpr, t *Template) operand {
	args, ok := c.templateArgs(e.Args)
	if !ok {
		return invalidOperand()
	}
	full, ok := c.completeArgs(t, args)
	if !ok {
		return invalidOperand()
	}
	v, ok := c.instantiate(t, full, e.Pos()).(*Var)
	if !ok || v.typ == nil || v.typ.Kind() == types.Invalid {
		return invalidOperand()
	}
	c.setUse(e, v)
	return operand{typ: v.typ, val: v.Value, lvalue: !v.Const}
}
