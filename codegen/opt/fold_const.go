package opt

import (
	"math"
	"slices"

	"github.com/hlsl2spirv/hlsl2spirv/builder"
	"github.com/hlsl2spirv/hlsl2spirv/builder/spv"
)

// Constant values as the folder handles them (spirv-opt's
// analysis::Constant): a scalar (integer or float bits), a boolean, a null
// of any type (OpConstantNull, distinct from a zero scalar: it is declared
// as OpConstantNull again), or a composite of values. A cval is only a
// value; define makes (or finds) the constant instruction.

type cvKind uint8

const (
	cvScalar    cvKind = iota // integer (masked to its width) or float bits
	cvBool                    // bits 0 or 1
	cvNull                    // OpConstantNull
	cvComposite               // elems
)

type cval struct {
	typ   builder.ID
	kind  cvKind
	bits  uint64
	elems []*cval
}

// equal reports whether two values are the same constant (same type, same
// kind, same value).
func (a *cval) equal(b *cval) bool {
	if a == b {
		return true
	}
	if a == nil || b == nil || a.typ != b.typ || a.kind != b.kind || a.bits != b.bits || len(a.elems) != len(b.elems) {
		return false
	}
	for i := range a.elems {
		if !a.elems[i].equal(b.elems[i]) {
			return false
		}
	}
	return true
}

// isZero reports whether the value is zero: a null, a scalar of zero bits
// (not -0.0), false, or a composite of zeros.
func (a *cval) isZero() bool {
	switch a.kind {
	case cvNull:
		return true
	case cvComposite:
		for _, e := range a.elems {
			if !e.isZero() {
				return false
			}
		}
		return true
	}
	return a.bits == 0
}

// constOf returns the constant value of id, or nil when id is not a
// constant the folder understands (spec constants are not).
func (f *folder) constOf(id builder.ID) *cval {
	if int(id) < len(f.consts) {
		switch k := f.consts[id]; k {
		case 0:
		case notConst:
			return nil
		default:
			return f.vals[k-1]
		}
	}
	var v *cval
	if d := f.c.Def(id); d != nil {
		switch d.Op {
		case spv.OpConstant:
			v = f.scalarOf(d.Type, d.Operands[0].Uint64())
		case spv.OpConstantTrue, spv.OpConstantFalse:
			v = &cval{typ: d.Type, kind: cvBool}
			if d.Op == spv.OpConstantTrue {
				v.bits = 1
			}
		case spv.OpConstantNull:
			v = &cval{typ: d.Type, kind: cvNull}
			f.noteNull(d)
		case spv.OpConstantComposite, spv.OpSpecConstantComposite:
			if len(d.Operands) == 0 {
				// An empty composite is a null to spirv-opt.
				v = &cval{typ: d.Type, kind: cvNull}
				f.noteNull(d)
				break
			}
			c := &cval{typ: d.Type, kind: cvComposite}
			for _, o := range d.Operands {
				e := f.constOf(o.ID())
				if e == nil {
					c = nil
					break
				}
				c.elems = append(c.elems, e)
			}
			if c != nil {
				v = c
			}
		}
	}
	if int(id) >= len(f.consts) {
		n := max(int(id)+1, int(f.c.M.Bound))
		f.consts = slices.Grow(f.consts, n-len(f.consts))[:n]
	}
	if v == nil {
		f.consts[id] = notConst
	} else {
		f.vals = append(f.vals, v)
		f.consts[id] = int32(len(f.vals))
	}
	return v
}

// notConst marks in folder.consts an id known not to be a constant.
const notConst = -1

// noteNull remembers the first instruction declaring the null of a type:
// the one define hands out (an empty OpConstantComposite included).
func (f *folder) noteNull(d *builder.Inst) {
	if _, ok := f.nulls[d.Type]; !ok {
		f.nulls[d.Type] = d.Result
	}
}

// scalarOf returns the scalar value of type typ with the given bits (an
// integer is masked to its width; a bool type gives a boolean).
func (f *folder) scalarOf(typ builder.ID, bits uint64) *cval {
	b := f.c.B
	switch b.TypeOp(typ) {
	case spv.OpTypeBool:
		if bits != 0 {
			bits = 1
		}
		return &cval{typ: typ, kind: cvBool, bits: bits}
	case spv.OpTypeInt, spv.OpTypeFloat:
		if w := b.ScalarWidth(typ); w < 64 {
			bits &= 1<<w - 1
		}
	}
	return &cval{typ: typ, kind: cvScalar, bits: bits}
}

// nullOf returns the null value of typ.
func nullOf(typ builder.ID) *cval { return &cval{typ: typ, kind: cvNull} }

// define returns the id of the constant instruction for v, made (with its
// components first) if the module has none: spirv-opt's
// GetDefiningInstruction.
func (f *folder) define(v *cval) builder.ID {
	b := f.c.B
	switch v.kind {
	case cvNull:
		if id, ok := f.nulls[v.typ]; ok && f.c.Def(id) != nil {
			return id
		}
		return b.ConstNull(v.typ)
	case cvBool:
		return b.ConstBool(v.bits != 0)
	case cvComposite:
		if len(v.elems) == 0 {
			// A composite of no members (an empty struct) is declared
			// OpConstantNull, as spirv-opt's constant manager makes it.
			return f.define(&cval{typ: v.typ, kind: cvNull})
		}
		ids := make([]builder.ID, len(v.elems))
		for i, e := range v.elems {
			ids[i] = f.define(e)
		}
		return b.ConstComposite(v.typ, ids...)
	}
	return b.Constant(v.typ, v.bits)
}

// composite builds a composite value of typ from element values.
func composite(typ builder.ID, elems []*cval) *cval {
	return &cval{typ: typ, kind: cvComposite, elems: elems}
}

// component returns element i of a composite or null value (a null's
// elements are nulls; a null vector's are zero-valued nulls of the element
// type, as spirv-opt's GetVectorComponents gives them).
func (a *cval) component(f *folder, i uint32) *cval {
	if a.kind == cvComposite {
		if int(i) < len(a.elems) {
			return a.elems[i]
		}
		return nil
	}
	return nullOf(f.elementTypeOf(a.typ, i))
}

// elementTypeOf returns the type of element i of a composite type.
func (f *folder) elementTypeOf(typ builder.ID, i uint32) builder.ID {
	b := f.c.B
	if b.TypeOp(typ) == spv.OpTypeStruct {
		return b.MemberType(typ, i)
	}
	return b.ElementType(typ)
}

// components returns the n elements of a vector value (nulls for a null).
func (a *cval) components(f *folder) []*cval {
	if a.kind == cvComposite {
		return a.elems
	}
	n := f.c.B.ComponentCount(a.typ)
	out := make([]*cval, n)
	for i := range out {
		out[i] = a.component(f, uint32(i))
	}
	return out
}

// Scalar accessors. A null reads as zero.

func (a *cval) f32() float32 { return math.Float32frombits(uint32(a.bits)) }
func (a *cval) f64() float64 { return math.Float64frombits(a.bits) }

// float returns a float scalar of width 32 or 64 as a float64.
func (f *folder) float(a *cval) float64 {
	if f.c.B.ScalarWidth(a.typ) == 64 {
		return a.f64()
	}
	return float64(a.f32())
}

// floatVal makes the float scalar of typ holding x (rounded to 32 bits
// for a 32-bit type).
func (f *folder) floatVal(typ builder.ID, x float64) *cval {
	if f.c.B.ScalarWidth(typ) == 64 {
		return &cval{typ: typ, kind: cvScalar, bits: math.Float64bits(x)}
	}
	return &cval{typ: typ, kind: cvScalar, bits: uint64(math.Float32bits(float32(x)))}
}

// sext returns an integer scalar's value sign-extended from its width.
func (f *folder) sext(a *cval) int64 {
	w := f.c.B.ScalarWidth(a.typ)
	if w == 0 || w >= 64 {
		return int64(a.bits)
	}
	sh := 64 - w
	return int64(a.bits<<sh) >> sh
}

// zext returns an integer scalar's value zero-extended from its width.
func (f *folder) zext(a *cval) uint64 {
	w := f.c.B.ScalarWidth(a.typ)
	if w == 0 || w >= 64 {
		return a.bits
	}
	return a.bits & (1<<w - 1)
}

// isFloatType reports whether typ is a float or a vector of floats.
func (f *folder) isFloatType(typ builder.ID) bool {
	b := f.c.B
	if b.TypeOp(typ) == spv.OpTypeVector {
		typ = b.ElementType(typ)
	}
	return b.TypeOp(typ) == spv.OpTypeFloat
}

// scalarType returns typ, or its element type for a vector.
func (f *folder) scalarType(typ builder.ID) builder.ID {
	if f.c.B.TypeOp(typ) == spv.OpTypeVector {
		return f.c.B.ElementType(typ)
	}
	return typ
}

// uniform returns the value of typ (a scalar or a vector of scalars) whose
// every component is x (for floats) or i (for integers); nil for other
// types. For a vector, the scalar's instruction is made first, as spirv-opt
// makes it.
func (f *folder) uniform(typ builder.ID, x float64, i uint64) *cval {
	base := f.scalarType(typ)
	var s *cval
	switch f.c.B.TypeOp(base) {
	case spv.OpTypeFloat:
		if w := f.c.B.ScalarWidth(base); w != 32 && w != 64 {
			return nil
		}
		s = f.floatVal(base, x)
	case spv.OpTypeInt:
		s = f.scalarOf(base, i)
	default:
		return nil
	}
	if base == typ {
		return s
	}
	f.define(s)
	n := f.c.B.ComponentCount(typ)
	elems := make([]*cval, n)
	for k := range elems {
		elems[k] = s
	}
	return composite(typ, elems)
}
