package validate

import (
	"fmt"

	"github.com/hlsl2spirv/hlsl2spirv/builder"
	"github.com/hlsl2spirv/hlsl2spirv/builder/spv"
)

var sprintf = fmt.Sprintf

// opcodePass runs the checks of each instruction's family, in module
// order.
func (c *checker) opcodePass() error {
	unique := map[string]bool{}
	for i := range c.order {
		l := &c.order[i]
		in := l.in
		var err error
		switch {
		case in.Op == spv.OpLabel:
			continue
		case isDecoration(in.Op) || in.Op == spv.OpDecorationGroup || in.Op == spv.OpDecorateString || in.Op == spv.OpMemberDecorateString:
			err = c.checkAnnotation(in)
		case generatesType(in.Op) || in.Op == spv.OpTypeForwardPointer:
			err = c.checkType(in, unique)
		case isConstantOp(in.Op):
			err = c.checkConstant(in)
		default:
			err = c.checkInstruction(in, c.fnOf(l), c.blkOf(l))
		}
		if err == nil && (in.Op == spv.OpConstant || in.Op == spv.OpSpecConstant || in.Op == spv.OpSwitch) {
			err = c.checkLiteralBits(in)
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// checkInstruction dispatches the other instructions to their family.
func (c *checker) checkInstruction(in *builder.Inst, fn *builder.Function, blk *builder.Block) error {
	switch in.Op {
	case spv.OpMemoryModel:
		return c.checkMemoryModel(in)
	case spv.OpEntryPoint:
		return c.checkEntryPoint(in)
	case spv.OpExecutionMode, spv.OpExecutionModeId:
		return c.checkExecutionMode(in)
	case spv.OpMemberName:
		st := c.def(opID(in, 0))
		if st == nil || st.Op != spv.OpTypeStruct {
			return c.errorf(RuleMisc, in, "OpMemberName's type %%%d is not a struct", opID(in, 0))
		}
		if int(opWord(in, 1)) >= len(st.Operands) {
			return c.errorf(RuleMisc, in, "OpMemberName's member index is past the struct's members")
		}
	case spv.OpLine:
		if c.opOf(opID(in, 0)) != spv.OpString {
			return c.errorf(RuleMisc, in, "OpLine's file %%%d is not an OpString", opID(in, 0))
		}
	case spv.OpUndef:
		if c.isVoid(in.Type) {
			return c.errorf(RuleMisc, in, "OpUndef cannot have type void")
		}
		if c.hasCap(spv.CapabilityShader) && c.limitedUseType(in.Type) && !c.isPointer(in.Type) {
			return c.errorf(RuleMisc, in, "OpUndef cannot have an 8- or 16-bit type without the full capability")
		}
	case spv.OpExtInstImport, spv.OpExtInst, spv.OpExtInstWithForwardRefsKHR:
		return c.checkExtInst(in, fn)
	case spv.OpVariable, spv.OpLoad, spv.OpStore, spv.OpCopyMemory, spv.OpCopyMemorySized, spv.OpAccessChain,
		spv.OpInBoundsAccessChain, spv.OpPtrAccessChain, spv.OpInBoundsPtrAccessChain, spv.OpArrayLength,
		spv.OpPtrEqual, spv.OpPtrNotEqual, spv.OpPtrDiff:
		return c.checkMemory(in, fn)
	case spv.OpFunction, spv.OpFunctionParameter, spv.OpFunctionCall:
		return c.checkFunctionOp(in, fn)
	}
	if err := c.checkMiscOp(in, fn); err != nil {
		return err
	}
	return c.checkFamilies(in, fn, blk)
}

// checkFamilies runs the per-family checks every other instruction goes
// through (each ignores opcodes outside its family), in this order, and
// returns the first error. They are called one by one, not from a table
// of functions: every instruction of a module goes through all of them,
// and an indirect call from a loop cost about twice as much.
func (c *checker) checkFamilies(in *builder.Inst, fn *builder.Function, blk *builder.Block) error {
	if err := c.checkImage(in, fn, blk); err != nil {
		return err
	}
	if err := c.checkConversion(in, fn, blk); err != nil {
		return err
	}
	if err := c.checkComposite(in, fn, blk); err != nil {
		return err
	}
	if err := c.checkArith(in, fn, blk); err != nil {
		return err
	}
	if err := c.checkBitwise(in, fn, blk); err != nil {
		return err
	}
	if err := c.checkLogical(in, fn, blk); err != nil {
		return err
	}
	if err := c.checkControlFlow(in, fn, blk); err != nil {
		return err
	}
	if err := c.checkDerivative(in, fn, blk); err != nil {
		return err
	}
	if err := c.checkAtomic(in, fn, blk); err != nil {
		return err
	}
	if err := c.checkPrimitive(in, fn, blk); err != nil {
		return err
	}
	if err := c.checkBarrier(in, fn, blk); err != nil {
		return err
	}
	if err := c.checkGroup(in, fn, blk); err != nil {
		return err
	}
	if err := c.checkRayTracing(in, fn, blk); err != nil {
		return err
	}
	if err := c.checkMesh(in, fn, blk); err != nil {
		return err
	}
	return nil
}

// checkMiscOp checks the small families: shader clock, interlock,
// demote, helper invocation, assume and expect.
func (c *checker) checkMiscOp(in *builder.Inst, fn *builder.Function) error {
	switch in.Op {
	case spv.OpBeginInvocationInterlockEXT, spv.OpEndInvocationInterlockEXT:
		c.limitModel(fn, in, RuleMisc, "OpBeginInvocationInterlockEXT and OpEndInvocationInterlockEXT need the Fragment execution model", spv.ExecutionModelFragment)
		c.limit(fn, in, RuleMisc, func(ep *entryPoint) string {
			modes := c.modesOf(ep.fn)
			if countModes(modes, spv.ExecutionModePixelInterlockOrderedEXT, spv.ExecutionModePixelInterlockUnorderedEXT,
				spv.ExecutionModeSampleInterlockOrderedEXT, spv.ExecutionModeSampleInterlockUnorderedEXT,
				spv.ExecutionModeShadingRateInterlockOrderedEXT, spv.ExecutionModeShadingRateInterlockUnorderedEXT) == 0 {
				return "OpBeginInvocationInterlockEXT and OpEndInvocationInterlockEXT need an interlock execution mode"
			}
			return ""
		})
	case spv.OpDemoteToHelperInvocation:
		c.limitModel(fn, in, RuleMisc, "OpDemoteToHelperInvocation needs the Fragment execution model", spv.ExecutionModelFragment)
	case spv.OpIsHelperInvocationEXT:
		c.limitModel(fn, in, RuleMisc, "OpIsHelperInvocationEXT needs the Fragment execution model", spv.ExecutionModelFragment)
		if !c.isBoolScalar(in.Type) {
			return c.errorf(RuleMisc, in, "the result type of OpIsHelperInvocationEXT must be bool")
		}
	case spv.OpReadClockKHR:
		scope := opID(in, 0)
		if err := c.checkScope(in, scope); err != nil {
			return err
		}
		if _, isConst, v := c.evalInt32(scope); isConst && spv.Scope(v) != spv.ScopeSubgroup && spv.Scope(v) != spv.ScopeDevice {
			return c.errorf(RuleMisc, in, "the scope must be Subgroup or Device (VUID-StandaloneSpirv-OpReadClockKHR-04652)")
		}
		if !c.isUnsigned64BitHandle(in.Type) {
			return c.errorf(RuleMisc, in, "the result must be a 64-bit unsigned integer or a vector of two 32-bit unsigned integers")
		}
	case spv.OpAssumeTrueKHR:
		if !c.isBoolScalar(c.typeOf(opID(in, 0))) {
			return c.errorf(RuleMisc, in, "the value of OpAssumeTrueKHR must be a bool scalar")
		}
	case spv.OpExpectKHR:
		if !c.isBoolScalarOrVector(in.Type) && !c.isIntScalarOrVector(in.Type) {
			return c.errorf(RuleMisc, in, "the result of OpExpectKHR must be an integer or bool scalar or vector")
		}
		if c.typeOf(opID(in, 0)) != in.Type || c.typeOf(opID(in, 1)) != in.Type {
			return c.errorf(RuleMisc, in, "the operands of OpExpectKHR must have the result type")
		}
	}
	return nil
}

func (c *checker) isUnsigned64BitHandle(t ID) bool {
	return (c.isUnsignedIntScalar(t) && c.bitWidth(t) == 64) ||
		(c.isType(t, spv.OpTypeVector) && c.dimension(t) == 2 && c.isUnsignedIntScalar(c.componentType(t)) && c.bitWidth(t) == 32)
}

// usersOf returns the instructions using id, in layout order, each once.
// The ids asked about are few (sampled images, FPRoundingMode results,
// values of 8- and 16-bit types the module may only store): their lists
// are built on first use (by useWalk), and any other id's by a walk of its
// own.
func (c *checker) usersOf(id ID) []*builder.Inst {
	c.useWalk()
	if int(id) < len(c.users.slot) {
		if k := c.users.slot[id]; k > 0 {
			return c.users.lists[k-1]
		}
	}
	var users []*builder.Inst
	for i := range c.order {
		if in := c.order[i].in; usesID(in, id) {
			users = append(users, in)
		}
	}
	return users
}

// A userTable lists the users of the ids usersOf expects to be asked
// about: id i's are lists[slot[i]-1] (slot 0: not listed).
type userTable struct {
	slot  []int32
	lists [][]*builder.Inst
}

// newUserTable makes the (empty) lists of the results of OpSampledImage,
// of FPRoundingMode targets and of values whose type limitedUseType marks
// (in a Shader module), for useWalk to fill.
func (c *checker) newUserTable() *userTable {
	t := &userTable{slot: make([]int32, len(c.defs))}
	track := func(id ID) {
		if int(id) < len(t.slot) && t.slot[id] == 0 {
			t.lists = append(t.lists, nil)
			t.slot[id] = int32(len(t.lists))
		}
	}
	for id, ds := range c.decos {
		for _, d := range ds {
			if d.kind == spv.DecorationFPRoundingMode {
				track(id)
			}
		}
	}
	shader := c.hasCap(spv.CapabilityShader)
	for i := range c.order {
		in := c.order[i].in
		if in.Result == 0 {
			continue
		}
		if in.Op == spv.OpSampledImage || (shader && in.Type != 0 && !c.isPointer(in.Type) && c.limitedUseType(in.Type)) {
			track(in.Result)
		}
	}
	return t
}

// smallTypeUses checks that values of 8- and 16-bit types the module may
// only store are only stored, converted or copied.
func (c *checker) smallTypeUses() error {
	if !c.hasCap(spv.CapabilityShader) {
		return nil
	}
	for i := range c.order {
		in := c.order[i].in
		if in.Type == 0 || c.isPointer(in.Type) || !c.limitedUseType(in.Type) {
			continue
		}
		for _, u := range c.usersOf(in.Result) {
			switch u.Op {
			case spv.OpDecorate, spv.OpDecorateId, spv.OpCopyObject, spv.OpStore, spv.OpFConvert, spv.OpUConvert, spv.OpSConvert:
			default:
				return c.errorf(RuleMemory, u, "invalid use of an 8- or 16-bit value: only stores, width conversions and copies are allowed without the full capability")
			}
		}
	}
	return nil
}

// checkLiteralBits checks that the bits above a literal number's width
// (of an 8- or 16-bit constant or switch case) are zero, or copies of the
// sign bit for a signed integer.
func (c *checker) checkLiteralBits(in *builder.Inst) error {
	t := in.Type
	var lits []builder.Operand // an OpSwitch's pairs, else the first operand
	if in.Op == spv.OpSwitch {
		t = c.typeOf(opID(in, 0))
		lits = in.Operands[min(2, len(in.Operands)):]
	} else if len(in.Operands) > 0 {
		lits = in.Operands[:1]
	}
	d := c.def(t)
	if d == nil || d.Op != spv.OpTypeInt && d.Op != spv.OpTypeFloat {
		return nil
	}
	width := opWord(d, 0)
	rem := width % 32
	if rem == 0 {
		return nil
	}
	signed := d.Op == spv.OpTypeInt && opWord(d, 1) == 1
	for i := range lits {
		l := &lits[i]
		if in.Op == spv.OpSwitch {
			ps := l.Params()
			if len(ps) != 2 {
				continue
			}
			l = &ps[0]
		}
		w := l.Word
		if width > 32 {
			w = l.Hi
		}
		mask := uint32(0xFFFFFFFF) << rem
		upper := w & mask
		ok := upper == 0
		if signed && w&(1<<(rem-1)) != 0 {
			ok = upper == mask
		}
		if !ok {
			return c.errorf(RuleConstant, in, "the bits of a literal above its %d-bit width must be 0 (or copies of the sign bit for a signed integer)", width)
		}
	}
	return nil
}
