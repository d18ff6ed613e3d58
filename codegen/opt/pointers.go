package opt

import (
	"github.com/hlsl2spirv/hlsl2spirv/builder"
	"github.com/hlsl2spirv/hlsl2spirv/builder/spv"
)

// Questions about pointers that several passes ask, answered as spirv-opt's
// MemPass answers them.

// baseAddress follows access chains, copies and texel pointers from the
// pointer id down to the instruction it is derived from (an OpVariable,
// an OpFunctionParameter, or whatever else made the pointer).
func (c *Context) baseAddress(ptr builder.ID) *builder.Inst {
	d := c.Def(ptr)
	for d != nil {
		switch d.Op {
		case spv.OpAccessChain, spv.OpInBoundsAccessChain, spv.OpPtrAccessChain, spv.OpInBoundsPtrAccessChain,
			spv.OpImageTexelPointer, spv.OpCopyObject:
			d = c.Def(d.Operands[0].ID())
		case spv.OpUntypedAccessChainKHR:
			d = c.Def(d.Operands[1].ID())
		default:
			return d
		}
	}
	return nil
}

// baseVariable returns the OpVariable a pointer points into, 0 when it is
// not one the pass can see (a parameter, a loaded or selected pointer).
func (c *Context) baseVariable(ptr builder.ID) builder.ID {
	d := c.Def(ptr)
	if d == nil {
		return 0
	}
	switch d.Op {
	case spv.OpVariable, spv.OpUntypedVariableKHR:
		return d.Result
	case spv.OpAccessChain, spv.OpInBoundsAccessChain, spv.OpPtrAccessChain, spv.OpInBoundsPtrAccessChain,
		spv.OpImageTexelPointer, spv.OpCopyObject, spv.OpUntypedAccessChainKHR:
		if b := c.baseAddress(ptr); b != nil && (b.Op == spv.OpVariable || b.Op == spv.OpUntypedVariableKHR) {
			return b.Result
		}
	}
	return 0
}

// isPointer reports whether id is a pointer value (not a function, whose
// return type may be a pointer type).
func (c *Context) isPointer(id builder.ID) bool {
	d := c.Def(id)
	if d == nil || d.Op == spv.OpFunction {
		return false
	}
	for d.Op == spv.OpCopyObject {
		if d = c.Def(d.Operands[0].ID()); d == nil {
			return false
		}
	}
	switch d.Op {
	case spv.OpVariable, spv.OpUntypedVariableKHR, spv.OpAccessChain, spv.OpInBoundsAccessChain, spv.OpUntypedAccessChainKHR:
		return true
	}
	if d.Type == 0 {
		return false
	}
	t := c.Def(d.Type)
	return t != nil && (t.Op == spv.OpTypePointer || t.Op == spv.OpTypeUntypedPointerKHR)
}

// storageClassOf returns the storage class of a variable (or any pointer
// value), and false when id is not a pointer.
func (c *Context) storageClassOf(id builder.ID) (spv.StorageClass, bool) {
	d := c.Def(id)
	if d == nil {
		return 0, false
	}
	if d.Op == spv.OpVariable || d.Op == spv.OpUntypedVariableKHR {
		return spv.StorageClass(d.Operands[0].Word), true
	}
	sc, _, ok := c.B.Pointee(d.Type)
	return sc, ok
}

// isVarOfStorage reports whether id is an OpVariable of storage class sc.
func (c *Context) isVarOfStorage(id builder.ID, sc spv.StorageClass) bool {
	d := c.Def(id)
	if d == nil || d.Op != spv.OpVariable {
		return false
	}
	psc, _, ok := c.B.Pointee(d.Type)
	return ok && psc == sc
}
