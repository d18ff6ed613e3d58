package sema

import (
	"strings"

	"github.com/hlsl2spirv/hlsl2spirv/frontend/ast"
	"github.com/hlsl2spirv/hlsl2spirv/sema/codes"
	"github.com/hlsl2spirv/hlsl2spirv/sema/types"
)

// typeOf resolves a written type; errors give types.InvalidType.
func (c *checker) typeOf(te *ast.TypeExpr) *types.Type {
	if te == nil {
		return types.InvalidType()
	}
	t := c.typeOfNoDims(te)
	t = c.applyDims(t, te.Dims)
	t = c.applyTypeMods(t, te.Mods)
	c.setType(te, t)
	return t
}

func (c *checker) typeOfNoDims(te *ast.TypeExpr) *types.Type {
	if te.Def != nil {
		if o, ok := c.info.ObjectOf(te.Def).(*TypeName); ok {
			return o.typ
		}
	}
	name := te.Name
	switch te.Keyword {
	case "unsigned":
		switch name {
		case "", "int":
			return types.ScalarType(types.Uint)
		case "int64_t":
			return types.ScalarType(types.Uint64)
		case "int16_t":
			return types.ScalarType(types.Uint16)
		case "min16int":
			return types.ScalarType(types.Min16Uint)
		}
	case "signed":
		if name == "" {
			return types.ScalarType(types.Int)
		}
	}
	if len(te.Qualifier) > 0 {
		return c.qualifiedType(te)
	}
	if !te.Global {
		if o, _ := c.scope.LookupParent(name); o != nil {
			return c.typeFromObject(te, o)
		}
	} else if o := c.global.Lookup(name); o != nil {
		return c.typeFromObject(te, o)
	}
	if (te.Keyword == "struct" || te.Keyword == "class") && name != "" {
		if _, ok := types.LookupBuiltin(name); !ok {
			// An elaborated reference to a struct not declared yet
			// (typedef struct S T;) declares it.
			st := c.u.NewStruct(name, te.Keyword == "class")
			tn := &TypeName{name: name, typ: st, pos: te.Pos(), Scope: newScope(c.scope, ScopeStruct, name)}
			tn.Scope.Struct = st
			c.structScopes[st.Canonical()] = tn.Scope
			c.scope.set(tn)
			return st
		}
	}
	return c.builtinType(te, name)
}

// qualifiedType resolves ns::T, S::T and vk::T.
func (c *checker) qualifiedType(te *ast.TypeExpr) *types.Type {
	if len(te.Qualifier) == 1 && te.Qualifier[0].Name == "vk" {
		if _, ok := types.LookupBuiltin("vk::" + te.Name); ok {
			return c.builtinType(te, "vk::"+te.Name)
		}
	}
	s := c.qualifierScope(te.Global, te.Qualifier)
	if s == nil {
		return types.InvalidType()
	}
	if o := s.Lookup(te.Name); o != nil {
		return c.typeFromObject(te, o)
	}
	return types.InvalidType()
}

// qualifierScope finds the scope named by ns:: parts; nil (silently) when
// it cannot, e.g. for template-dependent names.
func (c *checker) qualifierScope(global bool, quals []*ast.ScopeName) *Scope {
	var s *Scope
	for i, q := range quals {
		var o Object
		if i == 0 {
			if global {
				o = c.global.Lookup(q.Name)
			} else {
				o, _ = c.scope.LookupParent(q.Name)
			}
		} else {
			o = s.Lookup(q.Name)
		}
		if _, isType := o.(*TypeName); isType && q.HasArgs {
			// S<args>:: inside S's own instance, where S names the
			// instance: the template is further out
			if t := c.outerTemplate(q.Name); t != nil {
				o = t
			}
		}
		switch o := o.(type) {
		case *Namespace:
			s = o.Scope
		case *TypeName:
			if o.Scope == nil {
				o.Scope = c.structScopes[o.typ.Canonical()] // a type parameter bound to a struct
			}
			if o.Scope == nil {
				return nil
			}
			s = o.Scope
		case *Template:
			if !q.HasArgs {
				return nil
			}
			s = c.structScope(c.typeTemplate(o, q.Args, q.Pos()))
			if s == nil {
				return nil
			}
		default:
			return nil
		}
	}
	return s
}

func (c *checker) typeFromObject(te *ast.TypeExpr, o Object) *types.Type {
	c.setUse(te, o)
	switch o := o.(type) {
	case *TypeName:
		if te.HasArgs && len(te.Qualifier) == 0 {
			// S<args> inside S's own instance, where S names the
			// instance: the template is further out
			if t := c.outerTemplate(te.Name); t != nil {
				return c.typeTemplate(t, te.Args, te.Pos())
			}
		}
		if o.Template || te.HasArgs {
			return types.InvalidType()
		}
		return o.typ
	case *Template:
		if te.HasArgs {
			return c.typeTemplate(o, te.Args, te.Pos())
		}
		return types.InvalidType()
	}
	// A variable shadowing a built-in type name is not a type; let the
	// built-in table decide, else stay silent.
	if _, ok := types.LookupBuiltin(te.Name); ok {
		return c.builtinType(te, te.Name)
	}
	c.errorf(NotAType, te.Pos(), "unknown type name '%s'", te.Name)
	return types.InvalidType()
}

func (c *checker) builtinType(te *ast.TypeExpr, name string) *types.Type {
	b, ok := types.LookupBuiltin(name)
	if !ok {
		if name == "" {
			return types.InvalidType()
		}
		switch name {
		case "void":
			return types.VoidType()
		case "string":
			return c.u.NewObject(types.StringObject, nil, 0)
		}
		if !isOpenTypeName(name) {
			c.errorf(UnknownType, te.Pos(), "unknown type name '%s'", name)
		}
		return types.InvalidType()
	}
	if b.Needs16Bit && !c.cfg.Enable16BitTypes {
		c.errorf(codes.Unavailable16BitType, te.Pos(), "unknown type name '%s'", name)
		return types.InvalidType()
	}
	if !te.HasArgs {
		t := b.Type(c.u)
		if t == nil {
			if b.IsTemplate() {
				// StructuredBuffer without <T>: DXC's wording.
				c.errorf(codes.TemplateArgument, te.Pos(), "use of class template '%s' requires template arguments", name)
			}
			return types.InvalidType()
		}
		return t
	}
	args := make([]types.TemplateArg, 0, len(te.Args))
	for _, a := range te.Args {
		switch a := a.(type) {
		case *ast.TypeExpr:
			t := c.typeOf(a)
			if t.Kind() == types.Invalid {
				return t
			}
			args = append(args, types.TemplateArg{Type: t})
		case ast.Expr:
			// A bare name parsed as an expression may be a type.
			if ne, ok := a.(*ast.NameExpr); ok && len(ne.Qualifier) == 0 {
				if o, _ := c.scope.LookupParent(ne.Name); o != nil {
					if tn, ok := o.(*TypeName); ok {
						args = append(args, types.TemplateArg{Type: tn.typ})
						continue
					}
				}
			}
			v, ok := c.constInt(a)
			if !ok {
				return types.InvalidType()
			}
			args = append(args, types.TemplateArg{Value: v})
		default:
			return types.InvalidType()
		}
	}
	t, err := b.Instantiate(c.u, name, args)
	if err != nil && strings.HasPrefix(name, "vk::") {
		return types.InvalidType() // vk:: templates accept more than sema/types models yet
	}
	if err != nil {
		pos := te.Pos()
		if strings.HasPrefix(err.Error(), "elements of") && len(te.Args) > 0 {
			pos = te.Args[0].Pos() // clang points at the argument
		}
		c.errorf(codes.TemplateArgument, pos, "%s", err.Error())
		return types.InvalidType()
	}
	return t
}

// applyDims wraps t in the array dimensions of a declarator (outermost
// first as written: float a[2][3] is an array of 2 arrays of 3).
func (c *checker) applyDims(t *types.Type, dims []*ast.ArrayDim) *types.Type {
	for i := len(dims) - 1; i >= 0; i-- {
		d := dims[i]
		n := int64(types.Unsized)
		if d.Size != nil {
			v, ok := c.constInt(d.Size)
			if !ok {
				return types.InvalidType()
			}
			if v <= 0 {
				if v < 0 {
					c.errorf(ArraySize, d.Size.Pos(), "array size is negative")
				} else {
					c.errorf(ArraySize, d.Size.Pos(), "array size must be greater than zero")
				}
				return types.InvalidType()
			}
			n = v
		}
		if t.Kind() == types.Invalid {
			return t
		}
		t = c.u.Array(t, n)
	}
	return t
}

// applyTypeMods applies orientation written inside a type.
func (c *checker) applyTypeMods(t *types.Type, mods []ast.Modifier) *types.Type {
	for _, m := range mods {
		switch m.Name {
		case "row_major":
			t = c.u.WithMajor(t, types.RowMajor)
		case "column_major":
			t = c.u.WithMajor(t, types.ColumnMajor)
		}
	}
	return t
}

// constInt evaluates an integral constant expression (array sizes,
// template arguments). It reports non-constant expressions.
func (c *checker) constInt(e ast.Expr) (int64, bool) {
	x := c.expr(e)
	if x.invalid() {
		return 0, false
	}
	if x.val == nil || len(x.val.Elems) != 1 {
		if x.typ.Kind() == types.TypeParam || x.dependent {
			return 0, false
		}
		c.errorf(codes.NotConstant, e.Pos(), "expression is not an integral constant expression")
		return 0, false
	}
	v, ok := x.val.Elems[0].Int64()
	if !ok {
		c.errorf(codes.NotConstant, e.Pos(), "expression is not an integral constant expression")
	}
	return v, ok
}
