package spirv

import (
	"github.com/hlsl2spirv/hlsl2spirv/builder"
	"github.com/hlsl2spirv/hlsl2spirv/builder/spv"
	"github.com/hlsl2spirv/hlsl2spirv/codegen/spirv/layout"
	"github.com/hlsl2spirv/hlsl2spirv/frontend/ast"
	"github.com/hlsl2spirv/hlsl2spirv/sema/constant"
	"github.com/hlsl2spirv/hlsl2spirv/sema/types"
)

// cast emits an explicit cast (T)x.
func (e *emitter) cast(x *ast.CastExpr) value {
	t := e.typeOf(x)
	if t != nil && t.IsVoid() {
		// (void)x: only x's side effects remain
		e.discard(x.X)
		return rv(0, t)
	}
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
	if isBufferPointer(t) {
		return rv(e.bufferPointerConstruct(x, t, x.X), t)
	}
	v := e.expr(x.X)
	if types.Identical(v.typ, t) {
		return v // (T)x of a T stays what x is, an lvalue included
	}
	if isBufferPointer(v.typ) {
		return rv(e.bufferPointerToInt(x, e.load(v), t), t)
	}
	if b, ok := e.toBase(v, t); ok {
		return b
	}
	if raw, ok := e.loadAsLaidOut(v); ok {
		return rv(e.convertExplicit(raw, v.typ, t), t)
	}
	return rv(e.convertExplicit(e.load(v), v.typ, t), t)
}

// loadAsLaidOut loads an array or struct of numeric elements from a
// buffer in its buffer layout, without the copy into the plain layout:
// DXC casts it element by element from the value it loaded. Elements
// that are themselves aggregates or hold bools differ between layouts and
// are loaded as usual.
func (e *emitter) loadAsLaidOut(v value) (builder.ID, bool) {
	if !v.ptr || v.rule == layout.Void || v.sc == spv.StorageClassPhysicalStorageBuffer || v.swz != nil ||
		v.texel != nil || v.bits != nil || v.melem != nil || v.loaded != 0 || e.containsBool(v.typ) {
		return 0, false
	}
	c := v.typ.Canonical()
	switch {
	case c.IsArray():
		if !numeric(c.Elem()) {
			return 0, false
		}
	case c.IsStruct():
		// bitfields share members: the SPIR-V members are not the fields
		if c.Named() == nil || c.Named().Base != nil || len(e.spvMemberTypes(c)) != len(c.Named().Fields) {
			return 0, false
		}
		for _, f := range c.Named().Fields {
			if !numeric(f.Type) {
				return 0, false
			}
		}
	default:
		return 0, false
	}
	p := e.addr(v)
	return e.fb.Load(e.blockType(p, e.typeIn(v.typ, v.rule)), p), true
}

// toBase selects the base-class part t of a struct value (the base is
// member 0 of the derived struct), keeping lvalues lvalues.
func (e *emitter) toBase(v value, t *types.Type) (value, bool) {
	c := v.typ.Canonical()
	steps := 0
	for c.Kind() == types.Struct && c.Named() != nil && c.Named().Base != nil {
		steps++
		base := c.Named().Base
		if types.Identical(base, t) {
			for c := v.typ.Canonical(); steps > 0; steps-- {
				b := c.Named().Base
				// DXC indexes a derived-to-base conversion with uint
				if v.ptr {
					v = v.at(e.b.ConstUint32(0), b)
				} else {
					v = e.select_(v, 0, b)
				}
				c = b.Canonical()
			}
			return v, true
		}
		c = base.Canonical()
	}
	return value{}, false
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
