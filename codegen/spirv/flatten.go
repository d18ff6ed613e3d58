package spirv

import (
	"fmt"

	"github.com/hlsl2spirv/hlsl2spirv/builder"
	"github.com/hlsl2spirv/hlsl2spirv/builder/spv"
	"github.com/hlsl2spirv/hlsl2spirv/codegen/spirv/layout"
	"github.com/hlsl2spirv/hlsl2spirv/frontend/ast"
	"github.com/hlsl2spirv/hlsl2spirv/sema"
	"github.com/hlsl2spirv/hlsl2spirv/sema/types"
)

// -fspv-flatten-resource-arrays gives an array of resources one binding
// per element, as Direct3D registers do. Under -fcgl the array stays one
// variable that takes that many bindings; otherwise, as DXC's legalization
// leaves it, each element is a variable of its own, named "X[i]" and
// bound at the array's binding + i, and X[i] with a constant i is that
// variable. An array indexed at run time anywhere stays one variable
// (still taking one binding per element): DXC unrolls loops or switches
// over the elements there, which this compiler does not do yet.

// isFlattenable reports whether t is a sized one-dimensional array of
// resources (not of constant buffers, whose elements are blocks).
func isFlattenable(t *types.Type) bool {
	c := t.Canonical()
	if !c.IsArray() || c.Len() == types.Unsized || c.Len() <= 0 {
		return false
	}
	el := c.Elem().Canonical()
	return el.IsObject() && !el.IsArray()
}

// bindingCount is the number of bindings a resource of type t takes when
// arrays are flattened: the product of its array sizes.
func bindingCount(t *types.Type) int {
	n := 1
	c := t.Canonical()
	for c.IsArray() && c.Len() > 0 {
		n *= int(c.Len())
		c = c.Elem().Canonical()
	}
	return n
}

// flattenedVar declares the element variables of the resource array v
// (of lowered type tid).
func (e *emitter) flattenedVar(d *ast.VarDecl, v *sema.Var, sc spv.StorageClass, rule layout.Rule, class byte, tid builder.ID) {
	t := v.Type().Canonical()
	elemT := e.b.Def(tid).Operands[0].ID() // OpTypeArray's element type
	n := int(t.Len())
	elems := make([]builder.ID, n)
	for i := range elems {
		elems[i] = e.b.GlobalVariable(e.b.TypePointer(sc, elemT), sc, fmt.Sprintf("%s[%d]", v.Name(), i), 0)
		e.markVar(elems[i], v)
	}
	if e.res.flattened == nil {
		e.res.flattened = map[builder.ID][]builder.ID{}
	}
	// the array's record points at element 0; indexing finds the others
	e.res.flattened[elems[0]] = elems
	e.vars[v] = &variable{ptr: elems[0], sc: sc, typ: v.Type(), rule: rule, member: -1}
	e.bindings.add(elems[0], e.vkBinding(d), d.Semantics, class)
	e.bindings.setElems(elems[0], elems)
	e.bindings.setPos(elems[0], v.Pos())
	for _, el := range elems {
		e.reflectResource(el, t.Elem())
	}
}

// flattenedElem is X[i] of a flattened array: the element's own variable
// for a constant i.
func (e *emitter) flattenedElem(x *ast.IndexExpr, base value, elems []builder.ID) value {
	i, ok := e.info.IntValue(x.Index)
	if k, folded := e.foldable(x.Index); !ok && folded && len(k.Elems) == 1 {
		i, ok = k.Elems[0].Int64() // over the variable of an unrolled loop
	}
	if !ok {
		e.unsupported(x.Index, "a run-time index into a resource array flattened by -fspv-flatten-resource-arrays")
	}
	if i < 0 || int(i) >= len(elems) {
		e.errorf(x.Index.Pos(), "index %d is out of bounds for an array of %d resources", i, len(elems))
	}
	return value{id: elems[i], ptr: true, sc: base.sc, rule: base.rule, typ: e.typeOf(x)}
}

// indexedAtRunTime reports whether the resource array v is subscripted
// with a non-constant index anywhere in the file.
func (e *emitter) indexedAtRunTime(v *sema.Var) bool {
	if e.res.runtimeIndexed == nil {
		e.res.runtimeIndexed = map[*sema.Var]bool{}
		// an index over the variables of unrolled loops is a constant in
		// each copy (unroll.go), as DXC unrolls before flattening
		var loops []unrolledLoop
		ast.Inspect(e.file, func(n ast.Node) bool {
			if a, ok := n.(*ast.AttrStmt); ok {
				if f, ok := a.Stmt.(*ast.ForStmt); ok {
					if v, _, ok := e.unrollPlan(f, e.attrs(a)); ok {
						loops = append(loops, unrolledLoop{v, f.Body})
					}
				}
			}
			return true
		})
		ast.Inspect(e.file, func(n ast.Node) bool {
			x, ok := n.(*ast.IndexExpr)
			if !ok {
				return true
			}
			if _, constant := e.info.IntValue(x.Index); constant || e.unrolledConst(x.Index, loops) {
				return true
			}
			if name, ok := unparen(x.X).(*ast.NameExpr); ok {
				if o, ok := e.info.ObjectOf(name).(*sema.Var); ok {
					e.res.runtimeIndexed[o] = true
				}
			}
			return true
		})
	}
	return e.res.runtimeIndexed[v]
}
