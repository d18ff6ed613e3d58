package constant

import (
	"errors"

	"github.com/hlsl2spirv/hlsl2spirv/sema/types"
)

// Composite is a constant scalar, vector or matrix: its type and its
// components in row-major order (a scalar has one).
type Composite struct {
	Type  *types.Type
	Elems []Value
}

// ErrNotFoldable reports an operation constant folding does not handle
// (aggregates, objects, shapes that do not combine).
var ErrNotFoldable = errors.New("not a constant-foldable operation")

// NewScalar makes the one-element composite of type t holding v, in one
// allocation (the composite and its one element together): sema makes
// one for every literal and folded scalar.
func NewScalar(t *types.Type, v Value) *Composite {
	s := &struct {
		c Composite
		v [1]Value
	}{v: [1]Value{v}}
	s.c = Composite{Type: t, Elems: s.v[:]}
	return &s.c
}

// Splat makes a composite of type t with every component v (converted to
// t's component kind).
func Splat(t *types.Type, v Value) Composite {
	n := t.ComponentCount()
	c := Composite{Type: t, Elems: make([]Value, n)}
	v = v.Convert(t.Scalar())
	for i := range c.Elems {
		c.Elems[i] = v
	}
	return c
}

// ConvertTo converts c to type t as an implicit conversion (or a cast)
// does: scalars splat, vectors and matrices truncate or reshape, components
// convert. ok is false when the conversion does not exist.
func (c Composite) ConvertTo(t *types.Type, kind types.ConvKind) (Composite, bool) {
	conv, ok := types.Convert(c.Type, t, kind)
	if !ok || !t.IsNumeric() || !c.Type.IsNumeric() {
		return Composite{}, false
	}
	s := t.Scalar()
	out := Composite{Type: t, Elems: make([]Value, t.ComponentCount())}
	for i := range out.Elems {
		src := c.Elems[0]
		if conv.Shape != types.ShapeSplat {
			src = c.Elems[c.sourceIndex(t, i)]
		}
		out.Elems[i] = src.Convert(s)
	}
	return out, true
}

// sourceIndex maps component i of target t to c's component: matrices
// truncate by row and column, everything else by position.
func (c Composite) sourceIndex(t *types.Type, i int) int {
	if c.Type.IsMatrix() && t.IsMatrix() {
		r, col := i/t.Cols(), i%t.Cols()
		return r*c.Type.Cols() + col
	}
	return i
}

// BinaryComposite folds a op b component-wise with the usual arithmetic
// conversions of types.BinaryTypes.
func BinaryComposite(op Op, a, b Composite) (Composite, error) {
	bop := types.BinaryOp{Class: opClass(op), DivOrRem: op == Div || op == Rem, Rem: op == Rem}
	r := types.BinaryTypes(bop, a.Type, b.Type)
	if r.Problem != types.BinaryOK || r.Operand == nil {
		return Composite{}, ErrNotFoldable
	}
	x, okx := a.ConvertTo(r.Operand, types.Implicit)
	yType := r.Operand
	if op == Shl || op == Shr {
		// A shift count keeps its own kind; only its shape follows.
		yType = r.Operand.WithScalar(b.Type.Scalar())
	}
	y, oky := b.ConvertTo(yType, types.Implicit)
	if !okx || !oky {
		return Composite{}, ErrNotFoldable
	}
	out := Composite{Type: r.Result, Elems: make([]Value, len(x.Elems))}
	for i := range x.Elems {
		v, err := Binary(op, x.Elems[i], y.Elems[i])
		if err != nil {
			return Composite{}, err
		}
		out.Elems[i] = v.Convert(r.Result.Scalar())
	}
	return out, nil
}

func opClass(op Op) types.OpClass {
	switch op {
	case And, Or, Xor:
		return types.OpBitwise
	case Shl, Shr:
		return types.OpShift
	case Eql, Neq, Lss, Leq, Gtr, Geq:
		return types.OpComparison
	case LogAnd, LogOr:
		return types.OpLogical
	}
	return types.OpArithmetic
}

// String formats c as "{1, 2, 3}" (a scalar as its value).
func (c Composite) String() string {
	if len(c.Elems) == 1 && c.Type.IsScalar() {
		return c.Elems[0].String()
	}
	s := "{"
	for i, e := range c.Elems {
		if i > 0 {
			s += ", "
		}
		s += e.String()
	}
	return s + "}"
}
