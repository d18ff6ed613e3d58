package spirv

import (
	"github.com/hlsl2spirv/hlsl2spirv/frontend/ast"
	"github.com/hlsl2spirv/hlsl2spirv/sema/constant"
	"github.com/hlsl2spirv/hlsl2spirv/sema/types"
)

// cast emits an explicit cast (T)x.
func (e *emitter) cast(x *ast.CastExpr) value {
	t := e.typeOf(x)
	ct := concreteType(t)
	if k, ok := e.constant(x, ct); ok {
		return rv(k, t)
	}
	if c := ct.Canonical(); c.Kind() == types.Enum {
		// a cast to an enum folds like one to its integer
		if k, ok := e.constant(x.X, numericOf(c)); ok {
			return rv(k, t)
		}
	}
	if !numeric(ct) {
		// (S)0 of a struct or array: DXC uses OpConstantNull when the
		// operand is a constant zero.
		if v, ok := e.foldable(x.X); ok && numeric(e.typeOf(x.X)) && allZero(v.Elems) {
			return rv(e.b.ConstNull(e.typeID(ct)), t)
		}
	}
	v := e.expr(x.X)
	return rv(e.convertExplicit(e.load(v), v.typ, t), t)
}

// allZero reports whether every constant component is zero (or false).
func allZero(vs []constant.Value) bool {
	for _, v := range vs {
		if v.IsTrue() {
			return false
		}
	}
	return len(vs) > 0
}
