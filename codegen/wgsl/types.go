package wgsl

import (
	"fmt"
	"strconv"

	"github.com/hlsl2spirv/hlsl2spirv/builder"
	"github.com/hlsl2spirv/hlsl2spirv/builder/spv"
)

// scalar is the WGSL scalar a SPIR-V scalar (or the components of a
// vector or matrix) maps to.
type scalar uint8

const (
	sNone scalar = iota
	sBool
	sI32
	sU32
	sF32
	sF16
	// 16-bit integers are held in 32-bit ones: an int16 sign-extended in
	// an i32, a uint16 zero-extended in a u32. Results that may leave the
	// range are wrapped back (wrap16); a bitcast between the two re-extends
	// (castTo).
	sI16
	sU16
	// 64-bit integers are held in a vec2<u32>: the low word, then the high
	// one (their vectors in an array of those); wide.go computes with them.
	sI64
	sU64
	// A 64-bit float is held as its bits in a vec2<u32> (f64.go).
	sF64
	// 8-bit integers are held in 32-bit ones, as 16-bit ones are.
	sI8
	sU8
)

// scalarNames are the WGSL types holding each scalar.
var scalarNames = [...]string{"", "bool", "i32", "u32", "f32", "f16", "i32", "u32", "vec2<u32>", "vec2<u32>", "vec2<u32>", "i32", "u32"}

func (s scalar) String() string { return scalarNames[s] }
func (s scalar) isInt() bool {
	return s == sI32 || s == sU32 || s == sI16 || s == sU16 || s == sI64 || s == sU64 || s == sI8 || s == sU8
}
func (s scalar) isFloat() bool  { return s == sF32 || s == sF16 }
func (s scalar) is16() bool     { return s == sI16 || s == sU16 }
func (s scalar) isNarrow() bool { return s.is16() || s == sI8 || s == sU8 }
func (s scalar) isWide() bool   { return s == sI64 || s == sU64 || s == sF64 }
func (s scalar) isSigned() bool { return s == sI32 || s == sI16 || s == sI64 || s == sI8 }

// tag names a scalar by its SPIR-V type (for helper names: i16 and i32
// are both held in i32).
func (s scalar) tag() string {
	switch s {
	case sI16:
		return "i16"
	case sU16:
		return "u16"
	case sI64:
		return "i64"
	case sU64:
		return "u64"
	case sF64:
		return "f64"
	case sI8:
		return "i8"
	case sU8:
		return "u8"
	}
	return s.String()
}

// bits is the width of a scalar in SPIR-V.
func (s scalar) bits() int {
	switch {
	case s == sF16 || s.is16():
		return 16
	case s == sI8 || s == sU8:
		return 8
	case s.isWide():
		return 64
	}
	return 32
}

// signed and unsigned are the integer scalars of s's width of each
// signedness.
func (s scalar) signed() scalar {
	switch {
	case s.is16():
		return sI16
	case s == sI8 || s == sU8:
		return sI8
	case s.isWide():
		return sI64
	}
	return sI32
}

// widen is the 32-bit scalar holding s.
func (s scalar) widen() scalar {
	switch s {
	case sI16, sI8:
		return sI32
	case sU16, sU8:
		return sU32
	}
	return s
}

func (s scalar) unsigned() scalar {
	switch {
	case s.is16():
		return sU16
	case s == sI8 || s == sU8:
		return sU8
	case s.isWide():
		return sU64
	}
	return sU32
}

// A vtype is the WGSL value type of a SPIR-V type: how values of it are
// spelled and held in function and private memory.
type vtype struct {
	id   builder.ID
	op   spv.Op
	text string // WGSL spelling
	// comp is the component scalar of a scalar, vector or matrix.
	comp scalar
	// n is a vector's size, a matrix's column count, a fixed array's
	// length (0 for a runtime array or an override-sized one), a struct's
	// member count.
	n int
	// rows is a matrix's column size.
	rows int
	// elem is a vector's component type, a matrix's column type, an
	// array's element type.
	elem builder.ID
	// lengthExpr is a fixed array's length as WGSL (a literal or an
	// override's name).
	lengthExpr string
	members    []builder.ID
	// memberNames are a struct's WGSL member names.
	memberNames []string
	// empty marks a struct without members: WGSL's has a placeholder.
	empty bool
	// handle is true for images, samplers, sampled images and arrays of
	// them: opaque values that are traced to their variables.
	handle bool
}

func (v *vtype) isScalar() bool {
	return v.op == spv.OpTypeBool || v.op == spv.OpTypeInt || v.op == spv.OpTypeFloat
}
func (v *vtype) isVector() bool    { return v.op == spv.OpTypeVector }
func (v *vtype) isMatrix() bool    { return v.op == spv.OpTypeMatrix }
func (v *vtype) isComposite() bool { return v.op == spv.OpTypeStruct || v.op == spv.OpTypeArray }

// vecText spells a vector (or scalar, for n == 1) of s.
func vecText(s scalar, n int) string {
	switch {
	case n <= 1:
		return s.String()
	case s.isWide():
		return fmt.Sprintf("array<%s, %d>", s, n)
	}
	return fmt.Sprintf("vec%d<%s>", n, s)
}

// def returns the instruction defining id, or fails the translation.
func (t *translator) def(id builder.ID) *builder.Inst {
	d := t.du.Def(id)
	if d == nil {
		t.fail("%%%d is used but not defined", id)
	}
	return d
}

// typ returns the WGSL value type of SPIR-V type id.
func (t *translator) typ(id builder.ID) *vtype {
	if v, ok := t.types[id]; ok {
		if v == nil {
			t.fail("type %%%d contains itself", id)
		}
		return v
	}
	t.types[id] = nil // guards against cycles in malformed input
	v := t.makeType(id)
	t.types[id] = v
	return v
}

func (t *translator) makeType(id builder.ID) *vtype {
	d := t.def(id)
	v := &vtype{id: id, op: d.Op}
	operand := func(i int) *builder.Operand {
		if i >= len(d.Operands) {
			t.fail("%s %%%d has too few operands", d.Op, id)
		}
		return &d.Operands[i]
	}
	switch d.Op {
	case spv.OpTypeVoid:
		v.text = ""
	case spv.OpTypeBool:
		v.comp, v.text = sBool, "bool"
	case spv.OpTypeInt:
		w, signed := operand(0).Word, operand(1).Word != 0
		switch w {
		case 32:
			v.comp = sU32
			if signed {
				v.comp = sI32
			}
		case 16:
			v.comp = sU16
			if signed {
				v.comp = sI16
			}
		case 64:
			v.comp = sU64
			if signed {
				v.comp = sI64
			}
		case 8:
			v.comp = sU8
			if signed {
				v.comp = sI8
			}
		default:
			t.withInst(d, func() { t.unsupported("%d-bit integers (WGSL has 32-bit integers only)", w) })
		}
		v.text = v.comp.String()
	case spv.OpTypeFloat:
		switch operand(0).Word {
		case 32:
			v.comp = sF32
		case 16:
			v.comp = sF16
			t.enable("f16")
		case 64:
			v.comp = sF64
		default:
			t.withInst(d, func() { t.unsupported("%d-bit floats (WGSL has f32 and f16 only)", operand(0).Word) })
		}
		v.text = v.comp.String()
	case spv.OpTypeVector:
		e := t.typ(operand(0).ID())
		n := int(operand(1).Word)
		if !e.isScalar() || n < 2 || n > 4 {
			t.withInst(d, func() { t.unsupported("vectors of %d components", n) })
		}
		v.comp, v.n, v.elem = e.comp, n, e.id
		v.text = vecText(e.comp, n)
	case spv.OpTypeMatrix:
		col := t.typ(operand(0).ID())
		n := int(operand(1).Word)
		if col.comp == sF64 {
			t.withInst(d, func() { t.unsupported("matrices of 64-bit floats") })
		}
		if !col.isVector() || !col.comp.isFloat() || n < 2 || n > 4 {
			t.withInst(d, func() { t.unsupported("this matrix type") })
		}
		v.comp, v.n, v.rows, v.elem = col.comp, n, col.n, col.id
		v.text = fmt.Sprintf("mat%dx%d<%s>", n, col.n, col.comp)
	case spv.OpTypeArray:
		e := t.typ(operand(0).ID())
		v.elem, v.handle = e.id, e.handle
		v.n, v.lengthExpr = t.arrayLength(operand(1).ID())
		if e.handle {
			v.text = "<handle array>"
			break
		}
		v.text = fmt.Sprintf("array<%s, %s>", e.text, v.lengthExpr)
	case spv.OpTypeRuntimeArray:
		e := t.typ(operand(0).ID())
		v.elem, v.handle = e.id, e.handle
		v.text = fmt.Sprintf("array<%s>", e.text)
	case spv.OpTypeStruct:
		for _, o := range d.Operands {
			v.members = append(v.members, o.ID())
		}
		v.n = len(v.members)
		v.text = t.declareStruct(v)
	case spv.OpTypeImage, spv.OpTypeSampler, spv.OpTypeSampledImage:
		v.handle = true
		v.text = "<handle>"
	case spv.OpTypePointer:
		if len(d.Operands) < 2 {
			t.fail("OpTypePointer %%%d has too few operands", id)
		}
		v.elem = d.Operands[1].ID()
		v.text = "<pointer>"
		if spv.StorageClass(d.Operands[0].Word) == spv.StorageClassPhysicalStorageBuffer {
			// A physical pointer is its 64-bit address (physical.go).
			v.op, v.comp, v.text = spv.OpTypeInt, sU64, sU64.String()
		}
	case spv.OpTypeFunction:
		v.text = "<function>"
	default:
		t.withInst(d, func() { t.unsupported("the type %s", d.Op) })
	}
	return v
}

// arrayLength decodes an array's length operand: a constant, or a spec
// constant (then only workgroup arrays can use it, as an override).
func (t *translator) arrayLength(id builder.ID) (int, string) {
	d := t.def(id)
	switch d.Op {
	case spv.OpConstant:
		n, ok := t.constUint(id)
		if !ok || n == 0 || n > 1<<31 {
			t.fail("array length %%%d is not a positive 32-bit constant", id)
		}
		return int(n), fmt.Sprint(n)
	case spv.OpSpecConstant, spv.OpSpecConstantOp:
		return 0, t.override(id)
	}
	t.fail("array length %%%d is a %s", id, d.Op)
	return 0, ""
}

// withInst runs fn with the current instruction set to in (for the
// position of an error about a type or constant, which are module-level).
func (t *translator) withInst(in *builder.Inst, fn func()) {
	// Keep the using instruction when there is one: it has the line.
	if t.cur == nil {
		t.cur = in
		defer func() { t.cur = nil }()
	}
	fn()
}

// declareStruct records the value-form declaration of a struct (printed
// at the end, see structDecl) and returns its name. Members are named from
// OpMemberName.
func (t *translator) declareStruct(v *vtype) string {
	name := t.names.uniqueGlobal(t.baseName(v.id, "S"))
	d := &structDecl{name: name}
	t.structDecls[v.id] = d
	t.structs = append(t.structs, d)
	seen := map[string]bool{}
	if len(v.members) == 0 {
		// WGSL structs have members: a placeholder nothing reads.
		v.empty = true
		d.members = append(d.members, structMember{name: "placeholder", typ: "u32"})
	}
	for i, m := range v.members {
		mt := t.typ(m)
		if mt.handle || mt.op == spv.OpTypePointer {
			t.unsupported("a struct member of type %s", t.def(m).Op)
		}
		if mt.op == spv.OpTypeRuntimeArray && i != len(v.members)-1 {
			t.fail("a runtime array that is not the last member of its struct")
		}
		mn := t.memberName(v.id, i, seen)
		v.memberNames = append(v.memberNames, mn)
		d.members = append(d.members, structMember{name: mn, typ: mt.text})
	}
	return name
}

// memberName is the sanitised OpMemberName of member i, unique in its
// struct.
func (t *translator) memberName(st builder.ID, i int, seen map[string]bool) string {
	base := ""
	if names := t.memberNames[st]; i < len(names) {
		base = sanitize(names[i])
	}
	if base == "" {
		base = fmt.Sprintf("member_%d", i)
	}
	s := base
	for k := 1; seen[s]; k++ {
		s = fmt.Sprintf("%s_%d", base, k)
	}
	seen[s] = true
	return s
}

// baseName is the sanitised debug name of id, or prefix_ID.
func (t *translator) baseName(id builder.ID, prefix string) string {
	if s := sanitize(t.debugNames[id]); s != "" {
		return s
	}
	var buf [32]byte
	return string(strconv.AppendUint(append(append(buf[:0], prefix...), '_'), uint64(id), 10))
}

// zero spells the zero value of a value type.
func (t *translator) zero(id builder.ID) expr {
	v := t.typ(id)
	switch {
	case v.handle || v.op == spv.OpTypePointer || v.op == spv.OpTypeRuntimeArray:
		t.unsupported("a null or undefined value of type %s", t.def(id).Op)
	case v.lengthExpr != "" && v.n == 0:
		t.unsupported("a value of an override-sized array")
	}
	return primary(v.text + "()")
}

// scalarOf returns the component scalar and component count (1 for
// scalars) of a scalar or vector type.
func (t *translator) scalarOf(id builder.ID) (scalar, int) {
	v := t.typ(id)
	switch {
	case v.isScalar():
		return v.comp, 1
	case v.isVector():
		return v.comp, v.n
	}
	return sNone, 0
}

// withScalar spells a scalar or vector type like id's with component s.
func (t *translator) withScalar(id builder.ID, s scalar) string {
	_, n := t.scalarOf(id)
	return vecText(s, n)
}
