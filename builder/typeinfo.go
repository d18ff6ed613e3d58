package builder

import "github.com/hlsl2spirv/hlsl2spirv/builder/spv"

// Questions codegen asks about types made through the Context. Each
// answers the zero value for an id the Context did not make or of the
// wrong kind.

// TypeOp returns the opcode that declared typ (OpTypeInt, OpTypeVector...).
func (c *Context) TypeOp(typ ID) spv.Op {
	if d := c.Def(typ); d != nil {
		return d.Op
	}
	return 0
}

// ScalarWidth returns the bit width of an integer or float type.
func (c *Context) ScalarWidth(typ ID) uint32 {
	_, w, _, ok := c.scalarInfo(typ)
	if !ok {
		return 0
	}
	return w
}

// IsSigned reports whether typ is a signed integer type.
func (c *Context) IsSigned(typ ID) bool {
	op, _, signed, ok := c.scalarInfo(typ)
	return ok && op == spv.OpTypeInt && signed
}

// ElementType returns the component type of a vector, the column type of
// a matrix, the element type of an array or runtime array, or the sampled
// type of an image.
func (c *Context) ElementType(typ ID) ID {
	d := c.Def(typ)
	if d == nil || len(d.Operands) == 0 {
		return 0
	}
	switch d.Op {
	case spv.OpTypeVector, spv.OpTypeMatrix, spv.OpTypeArray, spv.OpTypeRuntimeArray, spv.OpTypeImage, spv.OpTypeSampledImage:
		return d.Operands[0].ID()
	}
	return 0
}

// ComponentCount returns the size of a vector, the column count of a
// matrix, or the member count of a struct.
func (c *Context) ComponentCount(typ ID) uint32 {
	d := c.Def(typ)
	if d == nil {
		return 0
	}
	switch d.Op {
	case spv.OpTypeVector, spv.OpTypeMatrix:
		return d.Operands[1].Word
	case spv.OpTypeStruct:
		return uint32(len(d.Operands))
	}
	return 0
}

// MemberType returns the type of member i of a struct type.
func (c *Context) MemberType(typ ID, i uint32) ID {
	d := c.Def(typ)
	if d == nil || d.Op != spv.OpTypeStruct || int(i) >= len(d.Operands) {
		return 0
	}
	return d.Operands[i].ID()
}

// Pointee returns the storage class and pointee type of a pointer type;
// ok is false if typ is not one.
func (c *Context) Pointee(typ ID) (sc spv.StorageClass, pointee ID, ok bool) {
	d := c.Def(typ)
	if d == nil || d.Op != spv.OpTypePointer {
		return 0, 0, false
	}
	return spv.StorageClass(d.Operands[0].Word), d.Operands[1].ID(), true
}

// ConstantValue returns the bits of a scalar OpConstant (or the default of
// an OpSpecConstant); ok is false otherwise.
func (c *Context) ConstantValue(id ID) (bits uint64, ok bool) {
	d := c.Def(id)
	if d == nil || (d.Op != spv.OpConstant && d.Op != spv.OpSpecConstant) || len(d.Operands) != 1 {
		return 0, false
	}
	return d.Operands[0].Uint64(), true
}
