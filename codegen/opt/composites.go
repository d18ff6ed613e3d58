package opt

import (
	"github.com/hlsl2spirv/hlsl2spirv/builder"
	"github.com/hlsl2spirv/hlsl2spirv/builder/spv"
)

// Questions about composite types, and the member-by-member copy of a
// composite value into a type of the same shape, that several passes need.

// compositeMembers is the number of members, elements or components of a
// type (0 for other types and spec-constant-sized arrays).
func (c *Context) compositeMembers(typ builder.ID) uint32 {
	d := c.DU.Def(typ)
	if d == nil {
		return 0
	}
	switch d.Op {
	case spv.OpTypeStruct:
		return uint32(len(d.Operands))
	case spv.OpTypeArray:
		if v, ok := intConstant(c, d.Operands[1].ID()); ok {
			return uint32(v.zext)
		}
	case spv.OpTypeVector, spv.OpTypeMatrix:
		return d.Operands[1].Word
	}
	return 0
}

// memberTypeOf follows literal indexes into a type (0 when one is out of
// range).
func (c *Context) memberTypeOf(typ builder.ID, indexes []uint32) builder.ID {
	for _, i := range indexes {
		d := c.DU.Def(typ)
		if d == nil {
			return 0
		}
		switch d.Op {
		case spv.OpTypeArray, spv.OpTypeRuntimeArray, spv.OpTypeMatrix, spv.OpTypeVector:
			typ = d.Operands[0].ID()
		case spv.OpTypeStruct:
			if int(i) >= len(d.Operands) {
				return 0
			}
			typ = d.Operands[i].ID()
		}
	}
	return typ
}

// copyAs rebuilds the composite value obj as the type typ (the same shape
// with other decorations: a struct or array of a buffer's layout as its
// plain twin), extracting and constructing member by member; insert places
// each new instruction (in order). It returns obj itself when the types
// are the same and 0 when the shapes differ (spirv-opt's
// Pass::GenerateCopy).
func (c *Context) copyAs(obj *builder.Inst, typ builder.ID, insert func(...*builder.Inst)) builder.ID {
	if obj.Type == typ {
		return obj.Result
	}
	from, to := c.DU.Def(obj.Type), c.DU.Def(typ)
	if from == nil || to == nil || from.Op != to.Op {
		return 0
	}
	var n uint32
	member := func(t *builder.Inst, i uint32) builder.ID { return t.Operands[0].ID() }
	switch from.Op {
	case spv.OpTypeArray:
		n = c.compositeMembers(from.Result)
	case spv.OpTypeStruct:
		n = uint32(len(from.Operands))
		if len(to.Operands) != len(from.Operands) {
			return 0
		}
		member = func(t *builder.Inst, i uint32) builder.ID { return t.Operands[i].ID() }
	default:
		return 0
	}
	parts := make([]builder.Operand, 0, n)
	for i := range n {
		x := c.NewInst(spv.OpCompositeExtract, member(from, i), builder.Ref(obj.Result), builder.Lit(i))
		insert(x)
		p := c.copyAs(x, member(to, i), insert)
		if p == 0 {
			return 0
		}
		parts = append(parts, builder.Ref(p))
	}
	cc := c.NewInst(spv.OpCompositeConstruct, typ, parts...)
	insert(cc)
	return cc.Result
}
