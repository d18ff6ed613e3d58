package spirv

import (
	"github.com/hlsl2spirv/hlsl2spirv/builder"
	"github.com/hlsl2spirv/hlsl2spirv/builder/spv"
	"github.com/hlsl2spirv/hlsl2spirv/codegen/spirv/layout"
	"github.com/hlsl2spirv/hlsl2spirv/sema/types"
)

// The fxc layout (-fvk-use-dx-layout) stores a matrix with one component
// per register (a column_major float1xN, a row_major floatNx1) as an array
// of scalars, 16 bytes apart, which SPIR-V cannot use as the vector it is.
// As DXC does, a cbuffer, tbuffer or $Globals holding one is read through a
// Private copy of the whole buffer in natural types (its clone): a function
// module.init, called first by every entry point, copies the buffer into
// it member by member and element by element, and every member access
// reads the clone.

// fxcClone is a buffer with a clone and how to fill it.
type fxcClone struct {
	buffer, clone builder.ID
	members       []layout.Member
	rule          layout.Rule
	sc            spv.StorageClass
}

// needsFxcClone reports whether a buffer of these members under rule
// stores a matrix as an array of scalars.
func (e *emitter) needsFxcClone(members []layout.Member, rule layout.Rule) bool {
	if rule != layout.DXCBuffer {
		return false
	}
	for _, m := range members {
		if e.hasScalarArrayMatrix(m.Type) {
			return true
		}
	}
	return false
}

func (e *emitter) hasScalarArrayMatrix(t *types.Type) bool {
	c := t.Canonical()
	switch {
	case c.IsArray():
		return e.hasScalarArrayMatrix(c.Elem())
	case c.IsStruct():
		for _, f := range c.Named().Fields {
			if e.hasScalarArrayMatrix(f.Type) {
				return true
			}
		}
	case c.IsMatrix():
		return e.b.TypeOp(e.typeIn(c, layout.DXCBuffer)) == spv.OpTypeArray
	}
	return false
}

// cloneFxcBuffer makes the clone of a buffer variable (named name, its
// block type named typeName) and returns it; module.init fills it
// (moduleinit.go).
func (e *emitter) cloneFxcBuffer(buffer builder.ID, sc spv.StorageClass, name, typeName string, members []layout.Member, rule layout.Rule) builder.ID {
	typ, err := e.lowering.low.Block(layout.BlockSpec{Name: typeName, Members: members, Rule: layout.Void, Interface: layout.NotABlock})
	if err != nil {
		e.errorf(e.pos, "%v", err)
	}
	clone := e.b.GlobalVariable(e.b.TypePointer(spv.StorageClassPrivate, typ), spv.StorageClassPrivate, name, 0)
	e.res.fxcClones = append(e.res.fxcClones, fxcClone{buffer: buffer, clone: clone, members: members, rule: rule, sc: sc})
	return clone
}

// copyToClone copies element index of src (in storage class sc) to the
// same element of the clone dst; t is the element's HLSL type under rule.
// The SPIR-V types lead (the member's majorness, which decides whether a
// matrix is an array, is not in t).
func (e *emitter) copyToClone(src, dst builder.ID, sc spv.StorageClass, index uint32, t *types.Type, rule layout.Rule) {
	_, srcT, _ := e.b.Pointee(e.b.TypeOf(src))
	_, dstT, _ := e.b.Pointee(e.b.TypeOf(dst))
	srcT, dstT = e.componentType(srcT, index), e.componentType(dstT, index)
	k := e.b.ConstUint32(index)
	s := e.fb.AccessChain(e.b.TypePointer(sc, srcT), src, k)
	d := e.fb.AccessChain(e.b.TypePointer(spv.StorageClassPrivate, dstT), dst, k)
	c := t.Canonical()
	switch {
	case e.b.TypeOp(srcT) == spv.OpTypeStruct:
		for i, mt := range e.spvMemberTypes(c) {
			e.copyToClone(s, d, sc, uint32(i), mt, rule)
		}
	case e.b.TypeOp(srcT) == spv.OpTypeArray && e.b.TypeOp(dstT) == spv.OpTypeArray:
		n, _ := e.arrayLength(srcT)
		for i := range n {
			e.copyToClone(s, d, sc, i, c.Elem(), rule)
		}
	case e.b.TypeOp(srcT) == spv.OpTypeArray:
		// a matrix in registers of one component each: the scalars into
		// the vector's components
		n, _ := e.arrayLength(srcT)
		for i := range n {
			e.copyToClone(s, d, sc, i, types.ScalarType(c.Scalar()), rule)
		}
	default:
		v := e.fb.Load(srcT, s)
		if srcT != dstT {
			v = e.relayout(v, t, rule, layout.Void)
		}
		e.fb.Store(d, v)
	}
}

// componentType is the type of member or element index of a composite
// type.
func (e *emitter) componentType(t builder.ID, index uint32) builder.ID {
	if e.b.TypeOp(t) == spv.OpTypeStruct {
		return e.b.MemberType(t, index)
	}
	return e.b.ElementType(t)
}
