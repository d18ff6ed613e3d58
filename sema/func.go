package sema

import (
	"slices"

	"github.com/hlsl2spirv/hlsl2spirv/frontend/ast"
	"github.com/hlsl2spirv/hlsl2spirv/sema/types"
)

// structDecl declares a struct, class or interface: fields and method
// signatures first, then method bodies (which see every member, as in C++).
func (c *checker) structDecl(d *ast.StructDecl) {
	if len(d.TemplateArgs) > 0 {
		return // an explicit specialisation of a template
	}
	name := ""
	if d.Name != nil {
		name = d.Name.Name
	}
	var tn *TypeName
	if d.Name != nil {
		if old, ok := c.scope.Lookup(name).(*TypeName); ok && old.typ.IsStruct() && !old.typ.Named().Complete {
			tn = old // completes a forward declaration
		}
	}
	if tn == nil {
		st := c.u.NewStruct(name, d.Kind != ast.Struct)
		st.Named().Decl = d
		tn = &TypeName{name: name, typ: st, Scope: newScope(c.scope, ScopeStruct, name)}
		tn.Scope.Struct = st
		c.structScopes[st.Canonical()] = tn.Scope
		if d.Name != nil {
			tn.pos = d.Name.Pos()
			c.declare(tn, d.Name.Pos())
		}
	}
	c.setDef(d, tn)
	if d.Forward {
		return
	}
	st := tn.typ
	named := st.Named()
	for _, b := range d.Bases {
		bt := c.typeOf(b)
		if bt.Kind() == types.Invalid {
			named.Base = bt
			continue
		}
		if cb := bt.Canonical(); cb.IsStruct() && (cb == st.Canonical() || cb.Named() == nil || !cb.Named().Complete) {
			// Also keeps base chains acyclic (struct A : A).
			c.errorf(IncompleteType, b.Pos(), "base class has incomplete type")
			continue
		}
		if bt.Canonical().IsStruct() && bt.Canonical().Named() != nil && bt.Canonical().Named().IsClass && bt.Canonical().Named().Decl != nil {
			if sd, ok := bt.Canonical().Named().Decl.(*ast.StructDecl); ok && sd.Kind == ast.Interface {
				continue // interfaces contribute no fields
			}
		}
		if named.Base == nil {
			named.Base = bt.Canonical()
			if bs := c.structScopes[named.Base]; bs != nil {
				tn.Scope.using = append(tn.Scope.using, bs)
			}
		}
	}
	saved := c.scope
	c.scope = tn.Scope
	var methods []*Func
	for _, m := range d.Members {
		switch m := m.(type) {
		case *ast.VarDecl:
			v := c.varDecl(m, nil)
			if v == nil {
				continue
			}
			f := types.Field{Name: v.name, Type: v.typ, Decl: m}
			if v.Storage == StorageStaticField {
				named.Statics = append(named.Statics, f)
			} else {
				named.Fields = append(named.Fields, f)
			}
		case *ast.FuncDecl:
			if f := c.funcSignature(m, st); f != nil {
				named.Methods = append(named.Methods, m)
				methods = append(methods, f)
			}
		default:
			c.decl(m, nil)
		}
	}
	named.Complete = true
	for _, f := range methods {
		if f.Decl.Body != nil {
			c.funcBody(f, f.Decl)
		}
	}
	c.scope = saved
}

// funcDecl declares (and checks the body of) a free function, or defines
// a method out of line (void S::f() {...}).
func (c *checker) funcDecl(d *ast.FuncDecl) {
	if len(d.Qualifier) > 0 {
		s := c.qualifierScope(false, d.Qualifier)
		if s == nil {
			return
		}
		saved := c.scope
		c.scope = s
		var recv *types.Type
		if s.Kind == ScopeStruct {
			recv = s.Struct
		}
		f := c.funcSignature(d, recv)
		if f != nil && d.Body != nil {
			c.funcBody(f, d)
		}
		c.scope = saved
		return
	}
	f := c.funcSignature(d, nil)
	if f != nil && d.Body != nil {
		c.funcBody(f, d)
	}
}

// funcSignature types a function's parameters and result and adds it to
// the overload set of its name in the current scope (merging a prototype
// with its definition).
func (c *checker) funcSignature(d *ast.FuncDecl, recv *types.Type) *Func {
	if d.Name == nil {
		return nil
	}
	f := &Func{name: d.Name.Name, pos: d.Name.Pos(), Decl: d, Recv: recv, Static: hasMod(d.Mods, "static")}
	if recv != nil && c.scope.Kind != ScopeStruct {
		f.Recv = nil
	}
	for s := c.scope; s != nil; s = s.Parent {
		if s.Kind == ScopeNamespace {
			f.Namespaces = append([]string{s.Name}, f.Namespaces...)
		}
	}
	f.Result = c.typeOf(d.Result)
	f.Result = c.applyDims(f.Result, d.ResultDims) // int getArray()[2]
	f.Result = c.declMajor(f.Result, d.Mods, d.Pos())
	sig := types.Signature{Result: f.Result}
	f.Params = slices.Grow(f.Params, len(d.Params))
	sig.Params = slices.Grow(sig.Params, len(d.Params))
	for _, p := range d.Params {
		pt := c.applyDims(c.typeOf(p.Type), p.Dims)
		pt = c.declMajor(pt, p.Mods, p.Pos())
		v := &Var{typ: pt, pos: p.Pos(), Decl: p, Storage: StorageParam, Const: hasMod(p.Mods, "const")}
		if p.Name != nil {
			v.name, v.pos = p.Name.Name, p.Name.Pos()
		}
		switch {
		case hasMod(p.Mods, "inout"), hasMod(p.Mods, "in") && hasMod(p.Mods, "out"):
			v.Mode = types.InOut
		case hasMod(p.Mods, "out"):
			v.Mode = types.Out
		}
		// Geometry/mesh outputs and streams are written through methods.
		if hasMod(p.Mods, "vertices") || hasMod(p.Mods, "primitives") || hasMod(p.Mods, "indices") {
			v.Mode = types.Out
		}
		c.setDef(p, v)
		c.checkAttrSubjects(p.Attrs, declParam, pt)
		c.checkMeshModifier(p)
		f.Params = append(f.Params, v)
		sig.Params = append(sig.Params, types.Param{Name: v.name, Type: pt, Mode: v.Mode})
	}
	f.typ = c.u.NewFunc(sig)
	c.checkAttrSubjects(d.Attrs, declFunc, nil)
	c.setDef(d, f)
	c.setDef(d.Name, f)

	// Find or create the overload set.
	var set *Overloads
	// Only this scope's names: a method hides its base's same-named methods.
	old, _ := c.scope.names.get(f.name)
	switch old := old.(type) {
	case *Overloads:
		set = old
	case nil:
		set = &Overloads{name: f.name}
		c.scope.set(set)
	default:
		if _, isTmpl := old.(*Template); isTmpl {
			set = &Overloads{name: f.name}
			c.scope.set(set) // a non-template overload next to a template
		} else {
			c.errorNote(Redefinition, d.Name.Pos(), "redefinition of '"+f.name+"' as different kind of symbol", old.Pos(), "previous definition is here")
			return f
		}
	}
	for i, g := range set.Funcs {
		if types.Identical(g.typ, f.typ) {
			if g.Decl.Body != nil && d.Body != nil {
				c.errorNote(Redefinition, d.Name.Pos(), "redefinition of '"+f.name+"'", g.pos, "previous definition is here")
				return f
			}
			if d.Body != nil {
				// The definition replaces the prototype in the set; uses
				// seen so far keep the prototype object.
				set.Funcs[i] = f
			}
			return f
		}
	}
	set.Funcs = append(set.Funcs, f)
	return f
}

// funcBody checks a function's body in a new scope holding its parameters.
func (c *checker) funcBody(f *Func, d *ast.FuncDecl) {
	savedFn, savedLoops, savedSw := c.fn, c.loops, c.switches
	c.fn, c.loops, c.switches = f, 0, 0
	c.openScope(ScopeFunc, f.name)
	for _, p := range f.Params {
		if pd, ok := p.Decl.(*ast.Param); ok && pd.Default != nil {
			if x := c.expr(pd.Default); !x.invalid() {
				c.convertTo(x, pd.Default, p.typ)
			}
		}
		if p.name != "" {
			c.declare(p, p.pos)
		}
	}
	for _, s := range d.Body.List {
		c.stmt(s)
	}
	c.setType(d.Body, nil)
	c.closeScope()
	c.fn, c.loops, c.switches = savedFn, savedLoops, savedSw
	// The lists share one growing array: earlier ones keep theirs.
	start := len(c.vulkanNodeBuf)
	c.vulkanNodeBuf = c.collectVulkanNodes(d.Body, c.vulkanNodeBuf)
	c.vulkanNodes[d.Body] = c.vulkanNodeBuf[start:len(c.vulkanNodeBuf):len(c.vulkanNodeBuf)]
}
