package validate

import (
	"github.com/hlsl2spirv/hlsl2spirv/builder"
	"github.com/hlsl2spirv/hlsl2spirv/builder/spv"
)

// Type queries, answered from the definitions. Each takes a type id and
// answers the zero value for anything else.

func (c *checker) isType(t ID, op spv.Op) bool {
	d := c.def(t)
	return d != nil && d.Op == op
}

// componentType is the scalar type of a scalar, vector or matrix type (or
// of a value of one), 0 otherwise.
func (c *checker) componentType(t ID) ID {
	for range 4 {
		d := c.def(t)
		if d == nil {
			return 0
		}
		switch d.Op {
		case spv.OpTypeFloat, spv.OpTypeInt, spv.OpTypeBool:
			return t
		case spv.OpTypeVector, spv.OpTypeCooperativeMatrixNV, spv.OpTypeCooperativeMatrixKHR:
			t = opID(d, 0)
			continue
		case spv.OpTypeMatrix:
			t = opID(d, 0)
			continue
		}
		if d.Type != 0 {
			t = d.Type
			continue
		}
		return 0
	}
	return 0
}

// dimension is the component count of a vector, the column count of a
// matrix, 1 for a scalar (of the type, or of a value's type).
func (c *checker) dimension(t ID) uint32 {
	for range 2 {
		d := c.def(t)
		if d == nil {
			return 0
		}
		switch d.Op {
		case spv.OpTypeFloat, spv.OpTypeInt, spv.OpTypeBool:
			return 1
		case spv.OpTypeVector, spv.OpTypeMatrix:
			return opWord(d, 1)
		}
		if d.Type == 0 {
			return 0
		}
		t = d.Type
	}
	return 0
}

// bitWidth is the width of the component type (1 for bool).
func (c *checker) bitWidth(t ID) uint32 {
	d := c.def(c.componentType(t))
	if d == nil {
		return 0
	}
	switch d.Op {
	case spv.OpTypeFloat, spv.OpTypeInt:
		return opWord(d, 0)
	case spv.OpTypeBool:
		return 1
	}
	return 0
}

func (c *checker) isFloatScalar(t ID) bool { return c.isType(t, spv.OpTypeFloat) }
func (c *checker) isIntScalar(t ID) bool   { return c.isType(t, spv.OpTypeInt) }
func (c *checker) isBoolScalar(t ID) bool  { return c.isType(t, spv.OpTypeBool) }
func (c *checker) isVoid(t ID) bool        { return c.isType(t, spv.OpTypeVoid) }
func (c *checker) isPointer(t ID) bool     { return c.isType(t, spv.OpTypePointer) }

func (c *checker) vectorOf(t ID, scalar func(ID) bool) bool {
	d := c.def(t)
	return d != nil && d.Op == spv.OpTypeVector && scalar(opID(d, 0))
}

func (c *checker) isFloatVector(t ID) bool { return c.vectorOf(t, c.isFloatScalar) }
func (c *checker) isIntVector(t ID) bool   { return c.vectorOf(t, c.isIntScalar) }
func (c *checker) isBoolVector(t ID) bool  { return c.vectorOf(t, c.isBoolScalar) }

func (c *checker) isFloatScalarOrVector(t ID) bool { return c.isFloatScalar(t) || c.isFloatVector(t) }
func (c *checker) isIntScalarOrVector(t ID) bool   { return c.isIntScalar(t) || c.isIntVector(t) }
func (c *checker) isBoolScalarOrVector(t ID) bool  { return c.isBoolScalar(t) || c.isBoolVector(t) }

func (c *checker) isUnsignedIntScalar(t ID) bool {
	d := c.def(t)
	return d != nil && d.Op == spv.OpTypeInt && opWord(d, 1) == 0
}

func (c *checker) isSignedIntScalar(t ID) bool {
	d := c.def(t)
	return d != nil && d.Op == spv.OpTypeInt && opWord(d, 1) == 1
}

func (c *checker) isUnsignedIntScalarOrVector(t ID) bool {
	return c.isUnsignedIntScalar(t) || c.vectorOf(t, c.isUnsignedIntScalar)
}

func (c *checker) isSignedIntScalarOrVector(t ID) bool {
	return c.isSignedIntScalar(t) || c.vectorOf(t, c.isSignedIntScalar)
}

func (c *checker) isFloatMatrix(t ID) bool {
	d := c.def(t)
	return d != nil && d.Op == spv.OpTypeMatrix && c.isFloatVector(opID(d, 0))
}

// matrixInfo returns a matrix's rows, columns, column type and component
// type.
func (c *checker) matrixInfo(t ID) (rows, cols uint32, colType, compType ID, ok bool) {
	d := c.def(t)
	if d == nil || d.Op != spv.OpTypeMatrix {
		return
	}
	colType, cols = opID(d, 0), opWord(d, 1)
	cd := c.def(colType)
	if cd == nil || cd.Op != spv.OpTypeVector {
		return
	}
	return opWord(cd, 1), cols, colType, opID(cd, 0), true
}

// pointerInfo returns a pointer type's pointee and storage class.
func (c *checker) pointerInfo(t ID) (pointee ID, sc spv.StorageClass, ok bool) {
	d := c.def(t)
	if d == nil || d.Op != spv.OpTypePointer {
		return 0, 0, false
	}
	return opID(d, 1), spv.StorageClass(opWord(d, 0)), true
}

// accessInfo is pointerInfo for a load or store of a value of type
// value: through an untyped pointer (SPV_KHR_untyped_pointers) the
// accessed type is the value's own.
func (c *checker) accessInfo(ptrType, value ID) (pointee ID, sc spv.StorageClass, ok bool) {
	if d := c.def(ptrType); d != nil && d.Op == spv.OpTypeUntypedPointerKHR {
		return value, spv.StorageClass(opWord(d, 0)), true
	}
	return c.pointerInfo(ptrType)
}

// structMembers returns the member types of a struct type.
func (c *checker) structMembers(t ID) []builder.Operand {
	d := c.def(t)
	if d == nil || d.Op != spv.OpTypeStruct {
		return nil
	}
	return d.Operands
}

// constUint64 returns the value of an integer OpConstant or
// OpSpecConstant (its default).
func (c *checker) constUint64(id ID) (uint64, bool) {
	d := c.def(id)
	if d == nil || (d.Op != spv.OpConstant && d.Op != spv.OpSpecConstant) || !c.isIntScalar(d.Type) || len(d.Operands) == 0 {
		return 0, false
	}
	return d.Operands[0].Uint64(), true
}

// evalInt32 returns (is a 32-bit int scalar, is a known constant, value):
// spec constants are not known.
func (c *checker) evalInt32(id ID) (isInt32, isConst bool, v uint32) {
	d := c.def(id)
	if d == nil || !c.isIntScalar(d.Type) || c.bitWidth(d.Type) != 32 {
		return false, false, 0
	}
	if !isConstantOp(d.Op) || isSpecConstantOp(d.Op) {
		return true, false, 0
	}
	if d.Op == spv.OpConstantNull {
		return true, true, 0
	}
	return true, true, opWord(d, 0)
}

// arrayLength returns the length of an OpTypeArray whose length is a
// known constant.
func (c *checker) arrayLength(t ID) (uint64, bool) {
	d := c.def(t)
	if d == nil || d.Op != spv.OpTypeArray {
		return 0, false
	}
	ld := c.def(opID(d, 1))
	if ld == nil || ld.Op != spv.OpConstant {
		return 0, false
	}
	return c.constUint64(ld.Result)
}

// containsType reports whether type t is or holds (through arrays,
// vectors, matrices, images, structs, and pointers when all is set) a type
// for which f holds.
func (c *checker) containsType(t ID, f func(*builder.Inst) bool, all bool) bool {
	return c.containsTypeDepth(t, f, all, 0)
}

func (c *checker) containsTypeDepth(t ID, f func(*builder.Inst) bool, all bool, depth int) bool {
	d := c.def(t)
	if d == nil || depth > 64 {
		return false
	}
	if f(d) {
		return true
	}
	switch d.Op {
	case spv.OpTypeArray, spv.OpTypeRuntimeArray, spv.OpTypeVector, spv.OpTypeMatrix, spv.OpTypeImage,
		spv.OpTypeSampledImage, spv.OpTypeCooperativeMatrixNV, spv.OpTypeCooperativeMatrixKHR:
		return c.containsTypeDepth(opID(d, 0), f, all, depth+1)
	case spv.OpTypePointer:
		if all && !c.isForwardPointer(t) {
			return c.containsTypeDepth(opID(d, 1), f, all, depth+1)
		}
	case spv.OpTypeStruct, spv.OpTypeFunction:
		if d.Op == spv.OpTypeFunction && !all {
			return false
		}
		for _, o := range d.Operands {
			if c.containsTypeDepth(o.ID(), f, all, depth+1) {
				return true
			}
		}
	}
	return false
}

func (c *checker) isForwardPointer(t ID) bool {
	for _, in := range c.m.Globals {
		if in.Op == spv.OpTypeForwardPointer && opID(in, 0) == t {
			return true
		}
	}
	return false
}

func (c *checker) containsSized(t ID, op spv.Op, width uint32) bool {
	return c.containsType(t, func(d *builder.Inst) bool { return d.Op == op && opWord(d, 0) == width }, false)
}

func (c *checker) containsRuntimeArray(t ID) bool {
	return c.containsType(t, func(d *builder.Inst) bool { return d.Op == spv.OpTypeRuntimeArray }, false)
}

// isOpaqueTypeOp is spirv-val's list of opaque types.
func isOpaqueTypeOp(op spv.Op) bool {
	switch op {
	case spv.OpTypeImage, spv.OpTypeSampler, spv.OpTypeSampledImage, spv.OpTypeOpaque, spv.OpTypeEvent,
		spv.OpTypeDeviceEvent, spv.OpTypeReserveId, spv.OpTypeQueue, spv.OpTypePipe, spv.OpTypeForwardPointer,
		spv.OpTypePipeStorage, spv.OpTypeNamedBarrier:
		return true
	}
	return false
}

// unwrapArrays strips arrays (and runtime arrays) from t.
func (c *checker) unwrapArrays(t ID) ID {
	for range 64 {
		d := c.def(t)
		if d == nil || (d.Op != spv.OpTypeArray && d.Op != spv.OpTypeRuntimeArray) {
			return t
		}
		t = opID(d, 0)
	}
	return t
}

// isVariable reports whether op declares a variable: OpVariable, or
// OpUntypedVariableKHR (SPV_KHR_untyped_pointers), which later spirv-val
// releases take wherever a variable is wanted (decoration targets,
// interfaces, built-ins).
func isVariable(op spv.Op) bool {
	return op == spv.OpVariable || op == spv.OpUntypedVariableKHR
}

// isExtInst reports whether op is an extended instruction: OpExtInst, or
// OpExtInstWithForwardRefsKHR (SPV_KHR_relaxed_extended_instruction, the
// debug info's forward references).
func isExtInst(op spv.Op) bool {
	return op == spv.OpExtInst || op == spv.OpExtInstWithForwardRefsKHR
}
