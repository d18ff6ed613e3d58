package sema

import (
	"fmt"

	"github.com/hlsl2spirv/hlsl2spirv/frontend/ast"
	"github.com/hlsl2spirv/hlsl2spirv/frontend/diag"
	"github.com/hlsl2spirv/hlsl2spirv/sema/codes"
	"github.com/hlsl2spirv/hlsl2spirv/sema/constant"
	"github.com/hlsl2spirv/hlsl2spirv/sema/types"
)

// declList checks the declarations of a file, namespace or buffer body in
// order (HLSL declares before use).
func (c *checker) declList(decls []ast.Decl) {
	for _, d := range decls {
		c.decl(d, nil)
	}
}

// decl checks one declaration; buf is the enclosing cbuffer, if any.
func (c *checker) decl(d ast.Decl, buf *Buffer) {
	switch d := d.(type) {
	case *ast.VarDecl:
		c.varDecl(d, buf)
	case *ast.FuncDecl:
		c.funcDecl(d)
	case *ast.StructDecl:
		c.structDecl(d)
	case *ast.EnumDecl:
		c.enumDecl(d)
	case *ast.TypedefDecl:
		t := c.applyDims(c.typeOf(d.Type), d.Dims)
		t = c.applyTypeMods(t, d.Mods)
		if d.Name != nil {
			alias := t
			if t.Kind() != types.Invalid {
				alias = c.u.NewAlias(d.Name.Name, t)
			}
			tn := &TypeName{name: d.Name.Name, typ: alias, pos: d.Name.Pos(), Scope: c.structScopes[t.Canonical()],
				Const: aliasesConst(d) || c.namesConstType(d.Type)}
			c.declare(tn, d.Name.Pos())
			c.setDef(d, tn)
		}
	case *ast.NamespaceDecl:
		if d.Name == nil {
			c.declList(d.Decls)
			return
		}
		var ns *Namespace
		if old, ok := c.scope.Lookup(d.Name.Name).(*Namespace); ok {
			ns = old // namespaces reopen
		} else {
			ns = &Namespace{name: d.Name.Name, pos: d.Name.Pos(), Scope: newScope(c.scope, ScopeNamespace, d.Name.Name)}
			c.declare(ns, d.Name.Pos())
		}
		saved := c.scope
		c.scope = ns.Scope
		c.declList(d.Decls)
		c.scope = saved
	case *ast.BufferDecl:
		c.bufferDecl(d)
	case *ast.TemplateDecl:
		c.templateDecl(d)
	case *ast.UsingNamespaceDecl:
		if s := c.qualifierScope(false, append(append([]*ast.ScopeName(nil), d.Qualifier...), &ast.ScopeName{Name: d.Name.Name})); s != nil {
			c.scope.using = append(c.scope.using, s)
		}
	case *ast.UsingDecl:
		if s := c.qualifierScope(false, d.Qualifier); s != nil && d.Name != nil {
			if o := s.Lookup(d.Name.Name); o != nil {
				c.scope.set(o)
			}
		}
	case *ast.StaticAssertDecl:
		c.staticAssert(d)
	}
}

func (c *checker) staticAssert(d *ast.StaticAssertDecl) {
	x := c.expr(d.Cond)
	if x.val == nil || len(x.val.Elems) != 1 {
		return
	}
	if !x.val.Elems[0].IsTrue() {
		msg := "static_assert failed"
		if d.Msg != nil {
			msg += " " + d.Msg.Value
		}
		c.errorf(codes.NotConstant, d.Cond.Pos(), "%s", msg)
	}
}

// declare inserts o in the current scope, reporting a redefinition.
func (c *checker) declare(o Object, pos diag.Pos) bool {
	if old := c.scope.Insert(o); old != nil {
		if _, oldVar := old.(*Var); oldVar && c.forInit {
			c.warnf(Redefinition, pos, "redefinition of '%s' shadows declaration in the outer scope; most recent declaration will be used", o.Name())
			c.scope.set(o)
			return true
		}
		// Re-declarations of the same kind are common and legal for
		// functions and extern-like prototypes; report variables and types.
		switch old.(type) {
		case *Var, *TypeName, *EnumConst:
		default:
			c.scope.set(o)
			return true
		}
		c.errorNote(Redefinition, pos, "redefinition of '"+o.Name()+"'", old.Pos(), "previous definition is here")
		return false
	}
	return true
}

// aliasesConst reports a typedef or using alias of a const-qualified type.
func aliasesConst(d *ast.TypedefDecl) bool {
	return hasMod(d.Mods, "const") || d.Type != nil && hasMod(d.Type.Mods, "const")
}

// namesConstType reports a type written with the name of an alias (or
// alias template) of a const-qualified type, whose variables are const
// as in clang (vk::WorkgroupSpirvPointer<T>).
func (c *checker) namesConstType(te *ast.TypeExpr) bool {
	if te == nil || te.Name == "" {
		return false
	}
	var o Object
	switch {
	case len(te.Qualifier) > 0:
		if s := c.qualifierScope(te.Global, te.Qualifier); s != nil {
			o = s.Lookup(te.Name)
		}
	case te.Global:
		o = c.global.Lookup(te.Name)
	default:
		o, _ = c.scope.LookupParent(te.Name)
	}
	switch o := o.(type) {
	case *TypeName:
		return o.Const
	case *Template:
		if td, ok := o.Decl.Decl.(*ast.TypedefDecl); ok {
			return aliasesConst(td)
		}
	}
	return false
}

func hasMod(mods []ast.Modifier, name string) bool {
	for _, m := range mods {
		if m.Name == name {
			return true
		}
	}
	return false
}

// declMajor applies a declaration's orientation: written row_major or
// column_major, else the #pragma pack_matrix in force, else -Zpr. A matrix
// left DefaultMajor is column-major.
func (c *checker) declMajor(t *types.Type, mods []ast.Modifier, pos diag.Pos) *types.Type {
	if t == nil || t.Kind() == types.Invalid {
		return t
	}
	if hasMod(mods, "row_major") {
		return c.u.WithMajor(t, types.RowMajor)
	}
	if hasMod(mods, "column_major") {
		return c.u.WithMajor(t, types.ColumnMajor)
	}
	if obj := t.Underlying(); obj.Kind() == types.ObjectK && obj.Elem() != nil && obj.Object().Form() != types.ElemRequiredAny {
		// a buffer's element matrix takes the orientation in force where
		// the buffer is declared (StructuredBuffer<float2x3> after
		// #pragma pack_matrix(row_major)), as DXC resolves the argument
		if elem := c.declMajor(obj.Elem(), nil, pos); elem != obj.Elem() {
			return c.u.NewObject(obj.Object(), elem, obj.Len())
		}
		return t
	}
	if base := t.Canonical(); !base.IsMatrix() && !(base.IsArray() && base.Elem() != nil && base.Elem().Canonical().IsMatrix()) {
		return t
	}
	inner := t // an array's matrices carry the orientation
	for inner.Canonical().IsArray() && inner.Canonical().Elem() != nil {
		inner = inner.Canonical().Elem()
	}
	if inner.Underlying().Major() != types.DefaultMajor {
		return t
	}
	mj := types.DefaultMajor
	if c.cfg.RowMajor {
		mj = types.RowMajor
	}
	for _, p := range c.pragmas {
		if p.Name != "pack_matrix" || !p.Next.IsValid() || p.Next > pos || !c.sameFile(p.Next, pos) {
			continue
		}
		for _, a := range p.Args {
			switch a {
			case "row_major":
				mj = types.RowMajor
			case "column_major":
				mj = types.ColumnMajor
			}
		}
	}
	if mj == types.DefaultMajor {
		return t
	}
	return c.u.WithMajor(t, mj)
}

func (c *checker) sameFile(a, b diag.Pos) bool {
	if c.fs == nil {
		return true
	}
	return c.fs.File(a) == c.fs.File(b)
}

// varDecl declares a variable in the current scope.
func (c *checker) varDecl(d *ast.VarDecl, buf *Buffer) *Var {
	if c.effectObject(d) {
		return nil
	}
	t := c.typeOf(d.Type)
	t = c.applyDims(t, d.Dims)
	t = c.declMajor(t, d.Mods, d.Pos())
	if d.Name == nil {
		return nil
	}
	if len(d.Qualifier) > 0 && len(d.TemplateArgs) == 0 {
		if v := c.staticMemberDefinition(d); v != nil {
			return v
		}
	}
	v := &Var{name: d.Name.Name, typ: t, pos: d.Name.Pos(), Decl: d, Buffer: buf}
	static := hasMod(d.Mods, "static")
	v.Const = hasMod(d.Mods, "const") || c.namesConstType(d.Type)
	switch c.scope.Kind {
	case ScopeFunc, ScopeBlock:
		v.Storage = StorageLocal
		if static {
			v.Storage = StorageStaticLocal
		}
	case ScopeStruct:
		v.Storage = StorageField
		if static {
			v.Storage = StorageStaticField
		}
	default:
		switch {
		case buf != nil:
			v.Storage = StorageCBuffer
			v.Const = true
		case hasMod(d.Mods, "groupshared"):
			// `static groupshared` is groupshared: DXC ignores the static
			v.Storage = StorageGroupShared
		case static:
			v.Storage = StorageStatic
		case isResourceType(t):
			v.Storage = StorageResource
		default:
			v.Storage = StorageGlobals
			// Uniforms are implicitly const; DXC leaves strings out of that
			// (assigning one is a back-end error instead).
			v.Const = !isStringType(t)
		}
	}
	c.setDef(d, v)
	c.setDef(d.Name, v)
	c.checkAttrSubjects(d.Attrs, varDeclKind(v), t)
	outOfLine := len(d.Qualifier) > 0 || len(d.TemplateArgs) > 0 // S::member = ...
	if d.Type != nil && d.Type.Name == "auto" && len(d.Type.Qualifier) == 0 {
		// auto x = init: the initializer's type, literals made concrete.
		if d.Init != nil {
			if _, isList := d.Init.(*ast.InitList); !isList {
				x := c.expr(d.Init)
				if !x.invalid() {
					v.typ = concrete(x.typ)
				}
			}
		}
	} else if d.Init != nil {
		// The name is in scope in its own initializer, as in C++, but a
		// constant's value is known only after it.
		if !outOfLine && c.declare(v, d.Name.Pos()) {
			c.noteGlobal(v)
		}
		v.Value = c.initializer(v, d.Init)
		if v.Value != nil && !(v.Const && (static || v.Storage == StorageLocal || v.Storage == StorageStaticField)) {
			v.Value = nil // only const variables are constant expressions
		}
		return v
	}
	if unsizedArray(t) && !isResourceType(t) && v.Storage != StorageField && v.Storage != StorageStaticField {
		// clang's error; a groupshared float[] was a Workgroup runtime
		// array, which Vulkan forbids
		c.errorf(ArraySize, d.Name.Pos(), "definition of variable with array type needs an explicit size or an initializer")
	}
	if !outOfLine && c.declare(v, d.Name.Pos()) {
		c.noteGlobal(v)
	}
	return v
}

// unsizedArray reports an array whose outermost length is not written.
func unsizedArray(t *types.Type) bool {
	c := t.Canonical()
	return c.IsArray() && c.Len() == types.Unsized
}

func (c *checker) noteGlobal(v *Var) {
	if v.Storage == StorageGlobals && c.scope.Kind != ScopeStruct {
		c.info.Globals = append(c.info.Globals, v)
	}
}

// concrete gives literal components their default kinds (int, float).
func concrete(t *types.Type) *types.Type {
	if s := t.Scalar(); s.IsLiteral() && t.Kind() != types.Enum {
		if ct := t.WithScalar(s.Concrete()); ct != nil {
			return ct
		}
	}
	return t
}

func isResourceType(t *types.Type) bool {
	for t != nil && t.Canonical().IsArray() {
		t = t.Canonical().Elem()
	}
	if t == nil {
		return false
	}
	t = t.Canonical()
	return t.IsObject() && (t.Object().IsResource() || t.Object().Class() == types.ClassCBuffer)
}

// initializer checks the initializer of v, completing an unsized array's
// length, and returns its constant value when it has one.
func (c *checker) initializer(v *Var, init ast.Expr) *constant.Composite {
	if list, ok := init.(*ast.InitList); ok {
		elems := c.flatten(list)
		if elems == nil {
			return nil
		}
		if v.typ.Kind() == types.Invalid {
			return nil
		}
		n, err := types.FlatInit(v.typ, elems)
		if err != nil {
			c.errorf(InitList, init.Pos(), "%s", err.Error())
			return nil
		}
		if types.FlatMismatch(v.typ, elems) {
			c.errorf(InitList, init.Pos(), "type mismatch")
			return nil
		}
		if ct := v.typ.Canonical(); ct.IsArray() && ct.Len() == types.Unsized && n > 0 {
			v.typ = c.u.Array(ct.Elem(), n)
		}
		return nil
	}
	x := c.expr(init)
	if x.invalid() || v.typ.Kind() == types.Invalid {
		return nil
	}
	if !c.convertToIn(x, init, v.typ, "a variable") {
		return nil
	}
	if x.val != nil && v.typ.IsNumeric() {
		if cv, ok := x.val.ConvertTo(v.typ, types.Explicit); ok {
			return &cv
		}
	}
	return nil
}

// flatten types the elements of an initializer list (nested lists
// included); nil when one is erroneous or left open.
func (c *checker) flatten(list *ast.InitList) []*types.Type {
	var out []*types.Type
	ok := true
	for _, el := range list.Elems {
		if sub, isList := el.(*ast.InitList); isList {
			ts := c.flatten(sub)
			if ts == nil && len(sub.Elems) > 0 {
				ok = false
			}
			out = append(out, ts...)
			continue
		}
		x := c.expr(el)
		if x.invalid() {
			ok = false
			continue
		}
		out = append(out, x.typ)
	}
	if !ok {
		return nil
	}
	if out == nil {
		out = []*types.Type{}
	}
	return out
}

func (c *checker) bufferDecl(d *ast.BufferDecl) {
	b := &Buffer{Decl: d, TBuffer: d.TBuffer}
	c.checkAttrSubjects(d.Attrs, declBuffer, nil)
	if d.Name != nil {
		b.name, b.pos = d.Name.Name, d.Name.Pos()
	}
	c.setDef(d, b)
	for _, m := range d.Decls {
		switch m := m.(type) {
		case *ast.VarDecl:
			if v := c.varDecl(m, b); v != nil {
				b.Members = append(b.Members, v)
			}
			// -Wno-vk-ignored-features turns this one off too, though
			// DXC prints it without the group
			if m.Init != nil && !c.diags.Opts.DisabledGroups["vk-ignored-features"] {
				kind := "cbuffer"
				if d.TBuffer {
					kind = "tbuffer"
				}
				c.warnf(codes.IgnoredInitializer, m.Init.Pos(), "%s member initializer ignored since no Vulkan equivalent", kind)
			}
		default:
			c.decl(m, b)
		}
	}
}

func (c *checker) enumDecl(d *ast.EnumDecl) {
	s := types.Int
	if d.Base != nil {
		if bt := c.typeOf(d.Base); bt.Kind() != types.Invalid && bt.Scalar() != types.NoScalar {
			s = bt.Scalar()
		}
	}
	name := ""
	if d.Name != nil {
		name = d.Name.Name
	}
	et := c.u.NewEnum(name, s, d.Scoped)
	tn := &TypeName{name: name, typ: et, Scope: newScope(c.scope, ScopeStruct, name)}
	c.structScopes[et.Canonical()] = tn.Scope // Alias::Value through a typedef or using
	if d.Name != nil {
		tn.pos = d.Name.Pos()
		c.declare(tn, d.Name.Pos())
	}
	c.setDef(d, tn)
	next := constant.Int(s, 0)
	for _, en := range d.Values {
		if en.Name == nil {
			continue
		}
		if en.Value != nil {
			x := c.expr(en.Value)
			if x.val != nil && len(x.val.Elems) == 1 {
				next = x.val.Elems[0].Convert(s)
			}
		}
		k := &EnumConst{name: en.Name.Name, typ: et, pos: en.Name.Pos(), Value: next}
		if n := et.Named(); n != nil {
			iv, _ := next.Int64()
			n.Values = append(n.Values, types.Enumerator{Name: k.name, Value: iv})
		}
		c.setDef(en, k)
		tn.Scope.set(k)
		if !d.Scoped {
			c.declare(k, en.Name.Pos())
		}
		next, _ = constant.Binary(constant.Add, next, constant.Int(s, 1))
		next = next.Convert(s)
	}
	if n := et.Named(); n != nil {
		n.Complete = true
	}
}

// templateSignature types a function template's parameters and result with
// its type parameters in scope. Diagnostics are dropped: a dependent type
// (vector<T, N>) is not an error, it just leaves the signature untyped.
func (c *checker) templateSignature(t *Template, d *ast.TemplateDecl, fd *ast.FuncDecl) {
	savedDiags := c.diags
	c.diags = diag.NewList(c.fs, diag.Options{ErrorLimit: 1 << 20})
	defer func() { c.diags = savedDiags }()
	c.openScope(ScopeTemplate, t.name)
	defer c.closeScope()
	for _, p := range d.Params {
		var tp *types.Type
		if p.TypeParam && p.Name != nil {
			tp = c.u.NewTypeParam(p.Name.Name)
			c.scope.set(&TypeName{name: p.Name.Name, typ: tp, pos: p.Name.Pos()})
		} else if p.Name != nil {
			c.scope.set(&Var{name: p.Name.Name, typ: types.InvalidType(), pos: p.Name.Pos(), Const: true})
		}
		t.TypeParams = append(t.TypeParams, tp)
	}
	t.Result = c.typeOf(fd.Result)
	for _, p := range fd.Params {
		t.Params = append(t.Params, c.applyDims(c.typeOf(p.Type), p.Dims))
	}
}

// staticMemberDefinition handles `float4 S::M = init;`: the declaration
// denotes the static member declared in S, and its initializer belongs to
// that member (Var.Init). nil when S::M is not a known static member.
func (c *checker) staticMemberDefinition(d *ast.VarDecl) *Var {
	s := c.qualifierScope(false, d.Qualifier)
	if s == nil || s.Kind != ScopeStruct {
		return nil
	}
	o, _ := s.names.get(d.Name.Name)
	v, ok := o.(*Var)
	if !ok || v.Storage != StorageStaticField {
		return nil
	}
	c.setDef(d, v)
	c.setDef(d.Name, v)
	if d.Init != nil {
		v.Init = d.Init
		if val := c.initializer(v, d.Init); val != nil && v.Const {
			v.Value = val
		}
	}
	return v
}

func isStringType(t *types.Type) bool {
	ct := t.Canonical()
	return ct.IsObject() && ct.Object() == types.StringObject
}

// undefinedUse is the first use of a static const member that has no
// initializer yet: name is its qualified name, pos where it is used.
type undefinedUse struct {
	v    *Var
	name string
	pos  diag.Pos
}

// useUndefinedStatic records a use of static const member v, which has no
// initializer so far (its out-of-class definition may still come).
func (c *checker) useUndefinedStatic(e *ast.NameExpr, v *Var) {
	for _, u := range c.undefinedUses {
		if u.v == v {
			return
		}
	}
	name, pos := v.name, e.Pos()
	if len(e.Qualifier) > 0 {
		if s := c.qualifierScope(e.Global, e.Qualifier); s != nil && s.Struct != nil {
			name = s.Struct.String() + "::" + v.name
		}
		// clang points at the name after the qualifier
		if p := e.End() - diag.Pos(len(e.Name)); !e.HasArgs && p > e.Pos() && c.sameFile(p, e.Pos()) {
			pos = p
		}
	}
	c.undefinedUses = append(c.undefinedUses, undefinedUse{v, name, pos})
}

// reportUndefinedStatics reports the static const members used but never
// defined: clang's warning with the use, then DXC's back end's fatal error
// (it has no variable for the member).
func (c *checker) reportUndefinedStatics() {
	for _, u := range c.undefinedUses {
		if u.v.defined() {
			continue
		}
		c.diags.Add(diag.Diagnostic{Severity: diag.Warning, Code: codes.UndefinedStaticMember, Pos: u.v.pos, Group: "undefined-internal",
			Msg:   fmt.Sprintf("variable '%s' has internal linkage but is not defined", u.name),
			Notes: []diag.Diagnostic{{Severity: diag.Note, Pos: u.pos, Msg: "used here"}}})
		c.diags.Add(diag.Diagnostic{Severity: diag.Fatal, Code: codes.UndefinedStaticMember, Pos: u.v.pos, Msg: "found unregistered decl"})
		return
	}
}

// defined reports a variable with an initializer: its own, an
// out-of-class definition's, or a constant value.
func (v *Var) defined() bool {
	if v.Init != nil || v.Value != nil {
		return true
	}
	d, ok := v.Decl.(*ast.VarDecl)
	return ok && d.Init != nil
}
