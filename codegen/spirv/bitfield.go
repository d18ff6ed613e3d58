package spirv

import (
	"strconv"

	"github.com/hlsl2spirv/hlsl2spirv/builder"
	"github.com/hlsl2spirv/hlsl2spirv/builder/spv"
	"github.com/hlsl2spirv/hlsl2spirv/codegen/spirv/layout"
	"github.com/hlsl2spirv/hlsl2spirv/frontend/ast"
	"github.com/hlsl2spirv/hlsl2spirv/sema/constant"
	"github.com/hlsl2spirv/hlsl2spirv/sema/types"
)

// HLSL 2021 bitfields (uint f : 3) share a struct member with the
// bitfields before them (layout decides which); reading one extracts its
// bits with OpBitField{U,S}Extract, writing one inserts them with
// OpBitFieldInsert into the member's current value.

// bitRange is the bits of a member a bitfield occupies.
type bitRange struct {
	offset, width uint32
	member        *types.Type // the member's type (the bitfield's declared type)
}

// fieldBitWidth reads the width of field i of st when it is a bitfield.
func fieldBitWidth(st *types.Type, i int) (uint32, bool) {
	d := fieldDecl(st, i)
	if d == nil {
		return 0, false
	}
	for _, s := range d.Semantics {
		if s.Kind == ast.BitField {
			if n, err := strconv.Atoi(s.Name); err == nil {
				return uint32(n), true
			}
		}
	}
	return 0, false
}

// bitfield marks v, member of field i of st, as a bitfield when it is one.
func (e *emitter) bitfield(v value, st *types.Type, i int, rule layout.Rule) value {
	w, ok := fieldBitWidth(st, i)
	if !ok {
		return v
	}
	sl := e.lowering.calc.Struct(st.Canonical(), rule)
	k := e.fieldLayoutIndex(st, i)
	if k >= len(sl.Members) {
		return v
	}
	ml := sl.Members[k]
	v.bits = &bitRange{offset: ml.BitOffset, width: w, member: v.typ}
	if !v.ptr {
		// an rvalue member: extract now
		return rv(e.extractBits(v.id, v.bits), v.typ)
	}
	return v
}

func (e *emitter) extractBits(word builder.ID, r *bitRange) builder.ID {
	t := concreteType(r.member)
	tid := e.typeID(t)
	if bits := t.Scalar().Bits(); bits != 32 {
		// Vulkan's bit-field instructions take 32-bit values only: shift
		// the field to the top, then back down (arithmetically for a
		// signed field)
		shr := spv.OpShiftRightLogical
		if t.Scalar().IsSigned() {
			shr = spv.OpShiftRightArithmetic
		}
		up := e.fb.Emit(spv.OpShiftLeftLogical, tid, builder.Ref(word), builder.Ref(e.scalarConst(t.Scalar(), float64(uint32(bits)-r.offset-r.width))))
		return e.fb.Emit(shr, tid, builder.Ref(up), builder.Ref(e.scalarConst(t.Scalar(), float64(uint32(bits)-r.width))))
	}
	op := spv.OpBitFieldUExtract
	if t.Scalar().IsSigned() {
		op = spv.OpBitFieldSExtract
	}
	off, cnt := e.b.ConstUint32(r.offset), e.b.ConstUint32(r.width)
	return e.fb.Emit(op, tid, builder.Ref(word), builder.Ref(off), builder.Ref(cnt))
}

// loadBits reads a bitfield lvalue.
func (e *emitter) loadBits(v value) builder.ID {
	r := v.bits
	v.bits = nil
	return e.extractBits(e.load(v), r)
}

// storeBits writes a bitfield lvalue, keeping its neighbours.
func (e *emitter) storeBits(v value, val builder.ID) {
	r := v.bits
	v.bits = nil
	e.store(v, e.insertBits(e.load(v), val, r))
}

// insertBits puts val into the bits r of word.
func (e *emitter) insertBits(word, val builder.ID, r *bitRange) builder.ID {
	t := concreteType(r.member)
	tid := e.typeID(t)
	if t.Scalar().Bits() != 32 {
		// (word & ~(mask << offset)) | ((val & mask) << offset), since
		// Vulkan's OpBitFieldInsert takes 32-bit values only
		s := t.Scalar()
		mask := uint64(1)<<r.width - 1
		off := e.scalarConst(s, float64(r.offset))
		keep := e.fb.Emit(spv.OpBitwiseAnd, tid, builder.Ref(word), builder.Ref(e.maskConst(s, ^(mask<<r.offset))))
		field := e.fb.Emit(spv.OpBitwiseAnd, tid, builder.Ref(val), builder.Ref(e.maskConst(s, mask)))
		moved := e.fb.Emit(spv.OpShiftLeftLogical, tid, builder.Ref(field), builder.Ref(off))
		return e.fb.Emit(spv.OpBitwiseOr, tid, builder.Ref(keep), builder.Ref(moved))
	}
	off, cnt := e.b.ConstUint32(r.offset), e.b.ConstUint32(r.width)
	return e.fb.Emit(spv.OpBitFieldInsert, tid, builder.Ref(word), builder.Ref(val), builder.Ref(off), builder.Ref(cnt))
}

// spvMember is one SPIR-V member of a struct: its type and the HLSL
// fields it holds (several for bitfields packed together, none for the
// base class).
type spvMember struct {
	typ    *types.Type
	fields []int
}

// spvMembers lists a struct's SPIR-V members: the base class, then the
// fields, bitfields packed into an earlier member joining it.
func (e *emitter) spvMembers(c *types.Type) []spvMember {
	nd := c.Canonical().Named()
	var out []spvMember
	if nd.Base != nil {
		out = append(out, spvMember{typ: nd.Base})
	}
	at := map[uint32]int{} // SPIR-V member index -> position in out
	for i, f := range nd.Fields {
		k := e.lowering.calc.MemberIndex(c.Canonical(), i)
		if j, ok := at[k]; ok {
			out[j].fields = append(out[j].fields, i)
			continue
		}
		at[k] = len(out)
		out = append(out, spvMember{typ: f.Type, fields: []int{i}})
	}
	return out
}

// spvMemberTypes lists a struct's SPIR-V members' types.
func (e *emitter) spvMemberTypes(c *types.Type) []*types.Type {
	var out []*types.Type
	for _, m := range e.spvMembers(c) {
		out = append(out, m.typ)
	}
	return out
}

// fieldValues are the values of the base class (if any) and each field of
// a struct value (function layout): a bitfield's own bits, not its
// container's (DXC hands out the whole container there).
func (e *emitter) fieldValues(c *types.Type, id builder.ID) []leaf {
	var out []leaf
	for k, m := range e.spvMembers(c) {
		indexes := []uint32{uint32(k)}
		if len(m.fields) == 1 && e.perVertexField(c, m.fields[0]) {
			indexes = append(indexes, 0) // the provoking vertex's value (pervertex.go)
		}
		el := e.fb.CompositeExtract(e.typeID(m.typ), id, indexes...)
		if m.fields == nil {
			out = append(out, leaf{id: el, typ: m.typ})
			continue
		}
		for _, i := range m.fields {
			v := rv(el, m.typ)
			if _, isBits := fieldBitWidth(c, i); isBits {
				v = e.bitfield(v, c, i, layout.Void)
			}
			out = append(out, leaf{id: v.id, typ: c.Canonical().Named().Fields[i].Type})
		}
	}
	return out
}

// packStruct builds a struct value (function layout) from the values of
// its base class (if any) and fields, packing bitfields into their
// containers.
func (e *emitter) packStruct(c *types.Type, vals []builder.ID) builder.ID {
	var parts []builder.ID
	n := 0
	sl := e.lowering.calc.Struct(c.Canonical(), layout.Void)
	for _, m := range e.spvMembers(c) {
		if len(m.fields) == 1 && e.perVertexField(c, m.fields[0]) {
			// a per-vertex member (pervertex.go): a value built in the
			// shader is the same at the three vertices
			at := e.perVertexArrayType(m.typ)
			parts = append(parts, e.fb.CompositeConstruct(at, vals[n], vals[n], vals[n]))
			n++
			continue
		}
		if m.fields == nil || len(m.fields) == 1 && !isBitfield(c, m.fields[0]) {
			parts = append(parts, vals[n])
			n++
			continue
		}
		word := e.splatConst(m.typ, 0)
		for _, i := range m.fields {
			w, _ := fieldBitWidth(c, i)
			word = e.insertBits(word, vals[n], &bitRange{offset: sl.Members[e.fieldLayoutIndex(c, i)].BitOffset, width: w, member: m.typ})
			n++
		}
		parts = append(parts, word)
	}
	return e.fb.CompositeConstruct(e.typeID(c), parts...)
}

// isBitfield reports whether field i of st is a bitfield.
func isBitfield(st *types.Type, i int) bool {
	_, ok := fieldBitWidth(st, i)
	return ok
}

// fieldLayoutIndex is the index of field i among the struct layout's
// members, which start with the base class when there is one.
func (e *emitter) fieldLayoutIndex(c *types.Type, i int) int {
	if c.Canonical().Named().Base != nil {
		return i + 1
	}
	return i
}

// fieldDecl is the declaration of field i of struct st, or nil.
func fieldDecl(st *types.Type, i int) *ast.VarDecl {
	nd := st.Canonical().Named()
	if nd == nil || i >= len(nd.Fields) {
		return nil
	}
	d, _ := nd.Fields[i].Decl.(*ast.VarDecl)
	return d
}

// maskConst is the integer constant of scalar kind s with the low bits of
// m (wrapped to the width of s).
func (e *emitter) maskConst(s types.Scalar, m uint64) builder.ID {
	bits := s.Bits()
	if bits < 64 {
		m &= uint64(1)<<bits - 1
	}
	if s.IsSigned() {
		return e.valueConst(constant.Int(s, int64(m)), s)
	}
	return e.valueConst(constant.Uint(s, m), s)
}
