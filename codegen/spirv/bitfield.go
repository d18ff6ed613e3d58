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
	sl := e.calc.Struct(st.Canonical(), rule)
	if i >= len(sl.Members) {
		return v
	}
	ml := sl.Members[i]
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
	old := e.load(v)
	t := concreteType(r.member)
	tid := e.typeID(t)
	if t.Scalar().Bits() != 32 {
		// (old & ~(mask << offset)) | ((val & mask) << offset), since
		// Vulkan's OpBitFieldInsert takes 32-bit values only
		s := t.Scalar()
		mask := uint64(1)<<r.width - 1
		off := e.scalarConst(s, float64(r.offset))
		keep := e.fb.Emit(spv.OpBitwiseAnd, tid, builder.Ref(old), builder.Ref(e.maskConst(s, ^(mask<<r.offset))))
		field := e.fb.Emit(spv.OpBitwiseAnd, tid, builder.Ref(val), builder.Ref(e.maskConst(s, mask)))
		moved := e.fb.Emit(spv.OpShiftLeftLogical, tid, builder.Ref(field), builder.Ref(off))
		e.store(v, e.fb.Emit(spv.OpBitwiseOr, tid, builder.Ref(keep), builder.Ref(moved)))
		return
	}
	off, cnt := e.b.ConstUint32(r.offset), e.b.ConstUint32(r.width)
	nv := e.fb.Emit(spv.OpBitFieldInsert, tid, builder.Ref(old), builder.Ref(val), builder.Ref(off), builder.Ref(cnt))
	e.store(v, nv)
}

// spvMemberTypes lists a struct's SPIR-V members' types: the base class,
// then the fields, bitfields packed into an earlier member left out.
func (e *emitter) spvMemberTypes(c *types.Type) []*types.Type {
	nd := c.Canonical().Named()
	var out []*types.Type
	if nd.Base != nil {
		out = append(out, nd.Base)
	}
	seen := map[uint32]bool{}
	for i, f := range nd.Fields {
		k := e.calc.MemberIndex(c.Canonical(), i)
		if seen[k] {
			continue
		}
		seen[k] = true
		out = append(out, f.Type)
	}
	return out
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
