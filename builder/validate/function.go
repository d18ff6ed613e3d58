package validate

import (
	"github.com/hlsl2spirv/hlsl2spirv/builder"
	"github.com/hlsl2spirv/hlsl2spirv/builder/spv"
)

// Functions (section 3.42.9): OpFunction against its type, parameters, and
// calls with their argument types and the logical addressing rules on
// pointer arguments.

func (c *checker) checkFunctionOp(in *builder.Inst, fn *builder.Function) error {
	switch in.Op {
	case spv.OpFunction:
		ft := c.def(opID(in, 1))
		if ft == nil || ft.Op != spv.OpTypeFunction {
			return c.errorf(RuleFunction, in, "the function type %%%d is not a function type", opID(in, 1))
		}
		if opID(ft, 0) != in.Type {
			return c.errorf(RuleFunction, in, "the result type does not match the function type's return type")
		}
	case spv.OpFunctionParameter:
		return c.checkParameter(in, fn)
	case spv.OpFunctionCall:
		return c.checkCall(in)
	}
	return nil
}

func (c *checker) checkParameter(in *builder.Inst, fn *builder.Function) error {
	if fn == nil {
		return c.errorf(RuleFunction, in, "a parameter must follow OpFunction")
	}
	idx := -1
	for i, p := range fn.Params {
		if p == in {
			idx = i
		}
	}
	ft := c.def(opID(fn.Def, 1))
	if ft == nil || ft.Op != spv.OpTypeFunction {
		return c.errorf(RuleFunction, fn.Def, "missing function type")
	}
	if idx < 0 || idx >= len(ft.Operands)-1 {
		return c.errorf(RuleFunction, in, "too many parameters: the function type has %d", len(ft.Operands)-1)
	}
	pt := ft.Operands[idx+1].ID()
	if in.Type != pt {
		return c.errorf(RuleFunction, in, "the parameter's type does not match the function type's parameter %d", idx)
	}
	t := pt
	for k := 0; k < 64 && c.isType(t, spv.OpTypeArray); k++ {
		t = opID(c.def(t), 0)
	}
	pointee, sc, ok := c.pointerInfo(t)
	if !ok {
		return nil
	}
	check := func(a, r spv.Decoration) error {
		aliased, restrict := c.hasAnyDeco(in.Result, a), c.hasAnyDeco(in.Result, r)
		if !aliased && !restrict {
			return c.errorf(RuleFunction, in, "a PhysicalStorageBuffer pointer parameter needs %s or %s", a, r)
		}
		if aliased && restrict {
			return c.errorf(RuleFunction, in, "a parameter cannot be both %s and %s", a, r)
		}
		return nil
	}
	if sc == spv.StorageClassPhysicalStorageBuffer {
		return check(spv.DecorationAliased, spv.DecorationRestrict)
	}
	if _, psc, ok := c.pointerInfo(pointee); ok && psc == spv.StorageClassPhysicalStorageBuffer {
		return check(spv.DecorationAliasedPointer, spv.DecorationRestrictPointer)
	}
	return nil
}

// pointeesLogicallyMatch is spirv-val's relaxation of argument types before
// HLSL legalization.
func (c *checker) pointeesLogicallyMatch(a, b *builder.Inst) bool {
	if a == nil || b == nil || a.Op != spv.OpTypePointer || b.Op != spv.OpTypePointer {
		return false
	}
	for _, d := range c.decos[b.Result] {
		found := false
		for _, e := range c.decos[a.Result] {
			if e.kind == d.kind && e.member == d.member {
				found = true
			}
		}
		if !found {
			return false
		}
	}
	at, bt := opID(a, 1), opID(b, 1)
	if at == bt {
		return true
	}
	return c.logicallyMatch(c.def(at), c.def(bt), 0)
}

func (c *checker) logicallyMatch(a, b *builder.Inst, depth int) bool {
	if a == nil || b == nil || a.Op != b.Op || depth > 64 {
		return false
	}
	switch a.Op {
	case spv.OpTypeArray:
		if opID(a, 1) != opID(b, 1) {
			return false
		}
		if opID(a, 0) == opID(b, 0) {
			return true
		}
		return c.logicallyMatch(c.def(opID(a, 0)), c.def(opID(b, 0)), depth+1)
	case spv.OpTypeStruct:
		if len(a.Operands) != len(b.Operands) {
			return false
		}
		for i := range a.Operands {
			x, y := a.Operands[i].ID(), b.Operands[i].ID()
			if x != y && !c.logicallyMatch(c.def(x), c.def(y), depth+1) {
				return false
			}
		}
		return true
	}
	return false
}

func (c *checker) checkCall(in *builder.Inst) error {
	f := c.def(opID(in, 0))
	if f == nil || f.Op != spv.OpFunction {
		return c.errorf(RuleFunction, in, "%%%d is not a function", opID(in, 0))
	}
	if f.Type != in.Type {
		return c.errorf(RuleFunction, in, "the result type does not match the function's return type")
	}
	ft := c.def(opID(f, 1))
	if ft == nil || ft.Op != spv.OpTypeFunction {
		return c.errorf(RuleFunction, in, "missing function type")
	}
	args := in.Operands[1:]
	if len(args) != len(ft.Operands)-1 {
		return c.errorf(RuleFunction, in, "%d arguments for %d parameters", len(args), len(ft.Operands)-1)
	}
	for i, a := range args {
		arg := c.def(a.ID())
		if arg == nil {
			return c.errorf(RuleFunction, in, "argument %d is not defined", i)
		}
		at := c.def(arg.Type)
		if at == nil {
			return c.errorf(RuleFunction, in, "argument %d has no type", i)
		}
		ptID := ft.Operands[i+1].ID()
		pt := c.def(ptID)
		if pt == nil || at.Result != pt.Result {
			if !c.opts.BeforeHLSLLegalization || !c.pointeesLogicallyMatch(at, pt) {
				return c.errorf(RuleFunction, in, "argument %d's type does not match the parameter type", i)
			}
		}
		if c.addressing != spv.AddressingModelLogical || pt == nil || pt.Op != spv.OpTypePointer || c.opts.RelaxLogicalPointer {
			continue
		}
		sc := spv.StorageClass(opWord(pt, 0))
		switch sc {
		case spv.StorageClassUniformConstant, spv.StorageClassFunction, spv.StorageClassPrivate,
			spv.StorageClassWorkgroup, spv.StorageClassAtomicCounter,
			// SPV_EXT_tile_image and SPV_KHR_ray_tracing, which spirv-val
			// 2023.1 predates.
			spv.StorageClassTileImageEXT, spv.StorageClassShaderRecordBufferKHR:
		case spv.StorageClassStorageBuffer:
			if !c.feat.variablePointers {
				return c.errorf(RuleFunction, in, "a StorageBuffer pointer argument needs a variable pointers capability")
			}
		default:
			return c.errorf(RuleFunction, in, "pointer arguments of the %s storage class are not allowed", sc)
		}
		if arg.Op != spv.OpVariable && arg.Op != spv.OpFunctionParameter {
			ssbo := c.feat.variablePointers && sc == spv.StorageClassStorageBuffer
			wg := c.hasCap(spv.CapabilityVariablePointers) && sc == spv.StorageClassWorkgroup
			if !ssbo && !wg && sc != spv.StorageClassUniformConstant {
				return c.errorf(RuleFunction, in, "pointer argument %d must be a memory object declaration", i)
			}
		}
	}
	return nil
}
