package spirv

import (
	"github.com/hlsl2spirv/hlsl2spirv/builder"
	"github.com/hlsl2spirv/hlsl2spirv/builder/spv"
	"github.com/hlsl2spirv/hlsl2spirv/codegen/spirv/layout"
	"github.com/hlsl2spirv/hlsl2spirv/frontend/ast"
	"github.com/hlsl2spirv/hlsl2spirv/sema"
	"github.com/hlsl2spirv/hlsl2spirv/sema/types"
)

// Access chains follow DXC's shapes: a member access or a vector/matrix
// subscript collects the fields and subscripts beneath it into one
// OpAccessChain (evaluating the indices, innermost first, before the base
// object), while an array subscript on its own takes its base's pointer
// and adds one index (s.a[i].b is one chain, a[i][j] two).

type stepKind int

const (
	stepField  stepKind = iota // a struct member
	stepArray                  // an array element
	stepVecMat                 // a vector component or matrix row
	stepNone                   // a subscript of a one-component vector or 1xN matrix
)

type accessStep struct {
	kind  stepKind
	name  string   // the field
	index ast.Expr // the subscript
	typ   *types.Type
}

// collect splits x into its base object and the member and subscript
// steps applied to it.
func (e *emitter) collect(x ast.Expr) (ast.Expr, []accessStep) {
	switch y := unparen(x).(type) {
	case *ast.MemberExpr:
		if e.info.SwizzleOf(y) != nil || y.Name == nil {
			return x, nil
		}
		if o, ok := e.info.ObjectOf(y).(*sema.Var); ok && (o.Storage == sema.StorageStaticField || o.Storage == sema.StorageStatic) {
			return x, nil
		}
		if bt := e.info.TypeOfExpr(y.X); bt == nil || !bt.Canonical().IsStruct() {
			return x, nil
		}
		base, steps := e.collect(y.X)
		return base, append(steps, accessStep{kind: stepField, name: y.Name.Name, typ: e.typeOf(y)})
	case *ast.IndexExpr:
		bt := e.info.TypeOfExpr(y.X)
		if bt == nil {
			return x, nil
		}
		c := bt.Canonical()
		var k stepKind
		switch {
		case c.IsArray():
			k = stepArray
		case c.IsVector() && c.VecSize() == 1, c.IsMatrix() && c.Rows() == 1:
			k = stepNone
		case c.IsVector(), c.IsMatrix():
			k = stepVecMat
		default:
			return x, nil
		}
		base, steps := e.collect(y.X)
		return base, append(steps, accessStep{kind: k, index: y.Index, typ: e.typeOf(y)})
	}
	return x, nil
}

// stepIndices evaluates the run-time indices of an access path's array and
// vector/matrix steps, in path order as DXC evaluates them (member steps
// get no id).
func (e *emitter) stepIndices(steps []accessStep) []builder.ID {
	ids := make([]builder.ID, len(steps))
	for i, s := range steps {
		switch s.kind {
		case stepArray:
			ids[i] = e.arrayIndex(s.index)
		case stepVecMat:
			ids[i] = e.rvalueAs(s.index, types.ScalarType(types.Uint))
		}
	}
	return ids
}

// chain emits x (a member access or a vector/matrix subscript) as one
// pending access chain.
func (e *emitter) chain(x ast.Expr) value {
	bottom, steps := e.collect(x)
	ids := e.stepIndices(steps)
	var base value
	if mv, k := e.meshOutputBase(bottom, steps, ids); k > 0 { // mesh.go
		base, steps, ids = mv, steps[k:], ids[k:]
	} else {
		base = e.expr(bottom)
	}
	if base.agg != nil {
		var k int
		base, k = e.aggregateSteps(base, steps, x) // legalize.go
		steps, ids = steps[k:], ids[k:]
		if len(steps) == 0 {
			return base
		}
	}
	// a swizzle or matrix element selection is indexed in a copy
	temp := !base.ptr || base.swz != nil || base.melem != nil
	if temp {
		name := layout.TypeName(base.typ)
		if _, ok := unparen(x).(*ast.IndexExpr); ok {
			name = "vector"
		}
		base = e.temporary(e.load(base), base.typ, name)
	}
	for i, s := range steps {
		if e.isSlot(base) {
			base = e.deref(base) // a buffer held in memory (resvalues.go)
		}
		switch s.kind {
		case stepField:
			base = e.field(base, s.name, nil)
		case stepNone:
			base.typ = s.typ
		default:
			if base.texel != nil && s.kind == stepVecMat && base.swz == nil && base.texelComp == 0 {
				// tex[i][j]: one component of the texel (expr.go)
				base.vec, base.texelComp, base.typ = base.typ, ids[i], s.typ
				continue
			}
			base = base.at(ids[i], s.typ)
		}
	}
	if temp {
		// out of an rvalue, the result is an rvalue: loaded at once
		return rv(e.load(base), base.typ)
	}
	return base
}

// arraySubscript emits a[i] on an array: the base's pointer, then i.
func (e *emitter) arraySubscript(x *ast.IndexExpr) value {
	base := e.expr(x.X)
	if base.agg != nil {
		return e.aggregateIndex(base, x) // legalize.go
	}
	base = e.fixAddr(e.deref(base)) // resvalues.go
	idx := e.arrayIndex(x.Index)
	et := e.typeOf(x)
	if bu := base.typ.Underlying(); bu.IsArray() && bu.Elem() != nil && isMatrixOrArrayOf(bu.Elem()) {
		// the array's own element keeps its row_major/column_major (the
		// canonical type does not)
		et = bu.Elem()
	}
	if !base.ptr || base.swz != nil {
		base = e.temporary(e.load(base), base.typ, layout.TypeName(base.typ))
		el := base.at(idx, et)
		return rv(e.load(el), el.typ)
	}
	return base.at(idx, et)
}

// isMatrixOrArrayOf reports a matrix or an array of matrices, whose
// orientation is part of the type.
func isMatrixOrArrayOf(t *types.Type) bool {
	c := t.Canonical()
	for c.IsArray() && c.Elem() != nil {
		c = c.Elem().Canonical()
	}
	return c.IsMatrix()
}

// arrayIndex emits an array index: an integer as it is, anything else
// converted to uint.
func (e *emitter) arrayIndex(x ast.Expr) builder.ID {
	// An index of literal type is not converted, and clang folds only at
	// conversions: DXC computes a[1 - 1]'s index at run time.
	if b, ok := unparen(x).(*ast.BinaryExpr); ok && e.info.ConversionOfExpr(x) == nil && b.Op != ast.Comma {
		if lt := e.typeOf(b); lt.Canonical().Scalar() == types.LiteralInt && flatCount(lt) == 1 {
			ot := concreteType(e.operandType(b.X))
			l, r := e.rvalueAs(b.X, ot), e.rvalueAs(b.Y, ot)
			return e.arith(b.Op, ot, concreteType(lt), l, r)
		}
	}
	t := concreteType(e.indexType(x))
	if s := t.Scalar(); !s.IsInteger() {
		return e.rvalueAs(x, types.ScalarType(types.Uint))
	}
	return e.rvalueAs(x, t)
}

// temporary stores an rvalue in a Function variable temp.var.<name>.
func (e *emitter) temporary(id builder.ID, t *types.Type, name string) value {
	ct := concreteType(t)
	tmp := e.fb.Variable(e.ptrType(spv.StorageClassFunction, ct, layout.Void), "temp.var."+name, 0)
	e.fb.Store(tmp, id)
	return value{id: tmp, typ: ct, ptr: true, sc: spv.StorageClassFunction}
}
