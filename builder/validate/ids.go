package validate

import (
	mathbits "math/bits"
	"strings"

	"github.com/hlsl2spirv/hlsl2spirv/builder"
	"github.com/hlsl2spirv/hlsl2spirv/builder/spv"
)

// Id rules (sections 2.2.2 and 2.16.1): every id is defined once, below
// the bound; an id is defined before it is used, except where the
// specification allows a forward reference (branch targets, OpPhi, a
// called function, names and decorations, pointers declared by
// OpTypeForwardPointer); an operand that must be a value is not a type
// and has a type; a result type is a type. Dominance of uses inside
// functions is checked by dominance (cfg.go).

// idPass walks the module in order, registering definitions.
func (c *checker) idPass() error {
	// The ids referenced before their definition (or never defined).
	forward := make([]uint64, (len(c.defs)+63)/64)
	fwdPointers := map[ID]bool{}
	var w idOperands
	for i := range c.order {
		l := &c.order[i]
		in := l.in
		fwd := forwardAllowed(in, c)
		nonSemantic := c.isNonSemantic(in)
		idx := 0
		if in.Type != 0 {
			idx = 1
		}
		if in.Result != 0 {
			idx++
		}
		// The result type.
		if in.Type != 0 {
			d := c.def(in.Type)
			switch {
			case d == nil:
				return c.errorf(RuleIDDefined, in, "the result type %%%d has not been defined", in.Type)
			case !generatesType(d.Op):
				return c.errorf(RuleIDKind, in, "the result type %%%d is not a type", in.Type)
			}
		}
		w = idOperands{c: c, in: in, idx: idx, fwd: fwd, nonSemantic: nonSemantic, forward: forward, fwdPointers: fwdPointers}
		if len(in.Operands) > 0 {
			w.facts()
			w.visit(in.Operands)
		}
		if w.err != nil {
			return w.err
		}
		if in.Op == spv.OpTypeForwardPointer {
			fwdPointers[opID(in, 0)] = true
		}
		if r := in.Result; r != 0 {
			if r >= c.m.Bound {
				return c.errorf(RuleIDBound, in, "result id %%%d is not below the id bound %d", r, c.m.Bound)
			}
			if c.defs[r] != nil {
				return c.errorf(RuleIDDefined, in, "id %%%d is defined more than once", r)
			}
			c.defs[r] = in
			c.defFn[r] = l.fn
			switch in.Op {
			case spv.OpFunction:
				c.funcs[r] = c.fnOf(l)
			case spv.OpDecorationGroup:
				c.hasDecorationGroup = true
			case spv.OpExtInstImport:
				c.extSets = append(c.extSets, extSet{r, opStr(in, 0)})
			}
		}
	}
	for w, bits := range forward {
		for ; bits != 0; bits &= bits - 1 {
			id := ID(w*64 + mathbits.TrailingZeros64(bits))
			if c.defs[id] == nil {
				return c.errorf(RuleIDDefined, c.firstUser(id), "%%%d is referenced but never defined", id)
			}
		}
	}
	return nil
}

// firstUser returns the first instruction using id.
func (c *checker) firstUser(id ID) *builder.Inst {
	for i := range c.order {
		if in := c.order[i].in; usesID(in, id) {
			return in
		}
	}
	return nil
}

// usesID reports whether in uses id.
func usesID(in *builder.Inst, id ID) bool {
	uses := false
	in.ForEachUse(func(p *ID) { uses = uses || *p == id })
	return uses
}

// idOperands checks the id operands of one instruction (in) with
// check, at their flat operand index as spirv-val counts it:
// result type and result id first, then every operand, pairs and
// parameters flattened. The first broken rule is in err.
type idOperands struct {
	c           *checker
	in          *builder.Inst
	idx         int
	fwd         func(int) bool
	nonSemantic bool
	forward     []uint64 // a bit per id referenced before its definition
	fwdPointers map[ID]bool
	err         error
	// What the instruction allows its operands (facts sets them).
	exempt      bool // types, debug, non-semantic and decoration instructions, OpFunction
	typeOperand bool // one operand is a type
	untyped     bool // an operand may have no type
	debugInfo   bool
}

// facts sets what in allows its operands, the same for each.
func (w *idOperands) facts() {
	in, op := w.in, w.in.Op
	var f uint8
	if int(op) < len(opFacts) {
		f = opFacts[op]
	} else {
		// Past the table: no opcode the grammar has.
		f = opFactsOf(op, false)
	}
	w.debugInfo = f&factUntyped != 0 && w.c.isDebugInfo(in)
	w.exempt = f&factExempt != 0 || w.nonSemantic || w.debugInfo
	w.typeOperand = f&factTypeOperand != 0 || op == spv.OpSpecConstantOp && takesTypeOperand(spv.Op(opWord(in, 0)))
	w.untyped = w.exempt || f&factUntyped != 0 || w.typeOperand
}

func (w *idOperands) visit(ops []builder.Operand) {
	for j := range ops {
		if w.err != nil {
			return
		}
		o := &ops[j]
		ps := o.Params()
		switch {
		case o.IsID(): // most operands; never a composite
			w.err = w.check(o.ID())
		case o.Kind.Category() == spv.CategoryComposite:
			w.visit(ps)
			continue
		}
		w.idx++
		if len(ps) > 0 {
			w.visit(ps)
		}
	}
}

// check applies spirv-val's rules to the id operand at flat index w.idx
// of w.in.
func (w *idOperands) check(id ID) error {
	c, in, nonSemantic := w.c, w.in, w.nonSemantic
	if id == 0 || id >= c.m.Bound {
		return c.errorf(RuleIDBound, in, "operand %%%d is not a valid id below the bound %d", id, c.m.Bound)
	}
	d := c.defs[id]
	if d == nil {
		if !w.fwd(w.idx) {
			return c.errorf(RuleIDDefined, in, "%%%d has not been defined", id)
		}
		if generatesType(in.Op) && !w.fwdPointers[id] {
			return c.errorf(RuleIDDefined, in, "%%%d must be defined before this type uses it", id)
		}
		w.forward[id/64] |= 1 << (id % 64)
		return nil
	}
	op := in.Op
	if !w.exempt && !w.typeOperand && generatesType(d.Op) {
		return c.errorf(RuleIDKind, in, "operand %%%d is a type, not a value", id)
	}
	if d.Type == 0 && !w.untyped {
		return c.errorf(RuleIDKind, in, "operand %%%d has no type", id)
	}
	if !nonSemantic && c.isNonSemantic(d) {
		return c.errorf(RuleIDKind, in, "operand %%%d of a semantic instruction is a non-semantic instruction", id)
	}
	// Uses the specification restricts to a few instructions.
	switch d.Op {
	case spv.OpTypeFunction:
		if op != spv.OpFunction && !isDebugOp(op) && !nonSemantic && !isDecoration(op) {
			return c.errorf(RuleIDKind, in, "invalid use of the function type %%%d", id)
		}
	case spv.OpFunction:
		switch op {
		case spv.OpGroupDecorate, spv.OpDecorate, spv.OpEnqueueKernel, spv.OpEntryPoint, spv.OpExecutionMode,
			spv.OpExecutionModeId, spv.OpFunctionCall, spv.OpGetKernelNDrangeSubGroupCount,
			spv.OpGetKernelNDrangeMaxSubGroupSize, spv.OpGetKernelWorkGroupSize,
			spv.OpGetKernelPreferredWorkGroupSizeMultiple, spv.OpGetKernelLocalSizeForSubgroupCount,
			spv.OpGetKernelMaxNumSubgroups, spv.OpName:
		default:
			if !nonSemantic && !w.debugInfo {
				return c.errorf(RuleIDKind, in, "invalid use of the function %%%d", id)
			}
		}
	}
	return nil
}

// takesTypeOperand reports the instructions one of whose operands is a
// type: the cooperative matrix lengths (NV, and KHR which spirv-val 2023.1
// predates) and the untyped-pointer and size-of instructions of later
// extensions.
func takesTypeOperand(op spv.Op) bool {
	switch op {
	case spv.OpCooperativeMatrixLengthNV, spv.OpCooperativeMatrixLengthKHR, spv.OpSizeOf, spv.OpUntypedArrayLengthKHR,
		spv.OpBufferPointerEXT, spv.OpUntypedImageTexelPointerEXT, spv.OpUntypedVariableKHR, spv.OpUntypedAccessChainKHR,
		spv.OpUntypedInBoundsAccessChainKHR, spv.OpUntypedPtrAccessChainKHR, spv.OpUntypedInBoundsPtrAccessChainKHR:
		return true
	}
	return false
}

// forwardAllowed returns which flat operand indexes of in may name an id
// defined later (spirv-val's list).
func forwardAllowed(in *builder.Inst, c *checker) func(int) bool {
	none := func(int) bool { return false }
	all := func(int) bool { return true }
	if generatesType(in.Op) {
		return all
	}
	switch in.Op {
	case spv.OpExecutionMode, spv.OpExecutionModeId, spv.OpEntryPoint, spv.OpName, spv.OpMemberName,
		spv.OpSelectionMerge, spv.OpDecorate, spv.OpMemberDecorate, spv.OpDecorateId, spv.OpDecorateString,
		spv.OpMemberDecorateString, spv.OpBranch, spv.OpLoopMerge:
		return all
	case spv.OpGroupDecorate, spv.OpGroupMemberDecorate, spv.OpBranchConditional, spv.OpSwitch:
		return func(i int) bool { return i != 0 }
	case spv.OpFunctionCall:
		return func(i int) bool { return i == 2 }
	case spv.OpPhi:
		return func(i int) bool { return i > 1 }
	case spv.OpEnqueueKernel:
		return func(i int) bool { return i == 8 }
	case spv.OpGetKernelNDrangeSubGroupCount, spv.OpGetKernelNDrangeMaxSubGroupSize:
		return func(i int) bool { return i == 3 }
	case spv.OpGetKernelWorkGroupSize, spv.OpGetKernelPreferredWorkGroupSizeMultiple:
		return func(i int) bool { return i == 2 }
	case spv.OpTypeForwardPointer:
		return func(i int) bool { return i == 0 }
	case spv.OpExtInstWithForwardRefsKHR:
		// SPV_KHR_relaxed_extended_instruction: every operand after the set
		// and the instruction number may name a later id.
		return func(i int) bool { return i > 3 }
	case spv.OpExtInst:
		switch name, _ := c.extSets.get(opID(in, 0)); name {
		case "OpenCL.DebugInfo.100":
			switch opWord(in, 1) {
			case uint32(spv.OpenCLDebugInfo100DebugFunction):
				return func(i int) bool { return i == 13 }
			case uint32(spv.OpenCLDebugInfo100DebugTypeComposite):
				return func(i int) bool { return i >= 13 }
			}
		case "DebugInfo":
			switch opWord(in, 1) {
			case 20: // DebugFunction
				return func(i int) bool { return i == 13 }
			case 10: // DebugTypeComposite
				return func(i int) bool { return i >= 12 }
			}
		}
	}
	return none
}

// generatesType reports whether op declares a type: spirv-val's list
// (OpTypeForwardPointer does not), and the later type declarations of the
// grammar (cooperative matrices, node payload arrays, tensors...).
func generatesType(op spv.Op) bool {
	if int(op) < len(opFacts) {
		return opFacts[op]&factType != 0
	}
	return isListedType(op)
}

// isListedType is spirv-val's list of type declarations.
func isListedType(op spv.Op) bool {
	switch op {
	case spv.OpTypeVoid, spv.OpTypeBool, spv.OpTypeInt, spv.OpTypeFloat, spv.OpTypeVector, spv.OpTypeMatrix,
		spv.OpTypeImage, spv.OpTypeSampler, spv.OpTypeSampledImage, spv.OpTypeArray, spv.OpTypeRuntimeArray,
		spv.OpTypeStruct, spv.OpTypeOpaque, spv.OpTypePointer, spv.OpTypeFunction, spv.OpTypeEvent,
		spv.OpTypeDeviceEvent, spv.OpTypeReserveId, spv.OpTypeQueue, spv.OpTypePipe, spv.OpTypePipeStorage,
		spv.OpTypeNamedBarrier, spv.OpTypeAccelerationStructureKHR, spv.OpTypeCooperativeMatrixNV,
		spv.OpTypeRayQueryKHR, spv.OpTypeHitObjectNV:
		return true
	}
	return false
}

func isDebugOp(op spv.Op) bool {
	switch op {
	case spv.OpName, spv.OpMemberName, spv.OpSource, spv.OpSourceContinued, spv.OpSourceExtension,
		spv.OpString, spv.OpLine, spv.OpNoLine, spv.OpModuleProcessed:
		return true
	}
	return false
}

func isDecoration(op spv.Op) bool {
	switch op {
	case spv.OpDecorate, spv.OpDecorateId, spv.OpMemberDecorate, spv.OpGroupDecorate,
		spv.OpGroupMemberDecorate, spv.OpDecorateString, spv.OpMemberDecorateString:
		return true
	}
	return false
}

func isBranch(op spv.Op) bool {
	return op == spv.OpBranch || op == spv.OpBranchConditional || op == spv.OpSwitch
}

func isConstantOp(op spv.Op) bool {
	switch op {
	case spv.OpConstantTrue, spv.OpConstantFalse, spv.OpConstant, spv.OpConstantComposite,
		spv.OpConstantSampler, spv.OpConstantNull, spv.OpSpecConstantTrue, spv.OpSpecConstantFalse,
		spv.OpSpecConstant, spv.OpSpecConstantComposite, spv.OpSpecConstantOp:
		return true
	}
	return false
}

func isSpecConstantOp(op spv.Op) bool {
	switch op {
	case spv.OpSpecConstantTrue, spv.OpSpecConstantFalse, spv.OpSpecConstant,
		spv.OpSpecConstantComposite, spv.OpSpecConstantOp:
		return true
	}
	return false
}

// extSetOf returns the name of the set an OpExtInst uses.
func (c *checker) extSetOf(in *builder.Inst) string {
	if !isExtInst(in.Op) {
		return ""
	}
	if name, ok := c.extSets.get(opID(in, 0)); ok {
		return name
	}
	// During the id pass the import may not be registered yet in extSets
	// for a malformed module; look it up.
	if d := c.def(opID(in, 0)); d != nil && d.Op == spv.OpExtInstImport {
		return opStr(d, 0)
	}
	return ""
}

// isNonSemantic reports whether in is an OpExtInst of a NonSemantic set.
func (c *checker) isNonSemantic(in *builder.Inst) bool {
	if !isExtInst(in.Op) {
		return false
	}
	s := c.extSetOf(in)
	return len(s) >= 12 && s[:12] == "NonSemantic."
}

// isDebugInfo reports whether in is an OpExtInst of a debug-info set
// (DebugInfo, OpenCL.DebugInfo.100, NonSemantic.Shader.DebugInfo.100).
func (c *checker) isDebugInfo(in *builder.Inst) bool {
	switch c.extSetOf(in) {
	case "DebugInfo", "OpenCL.DebugInfo.100", "NonSemantic.Shader.DebugInfo.100":
		return true
	}
	return false
}

// Opcode facts the id rules ask of every instruction, in a table by
// opcode (opFacts).
const (
	// factType: the opcode declares a type (a result and no result type,
	// named OpType*, not OpTypeForwardPointer).
	factType uint8 = 1 << iota
	// factExempt: its operands may be types and untyped (types, debug
	// and decoration instructions, OpFunction).
	factExempt
	// factUntyped: its operands may be untyped (branches, OpPhi, extended
	// instructions and their imports, merges).
	factUntyped
	// factTypeOperand: one of its operands is a type (takesTypeOperand).
	factTypeOperand
)

// opFacts (opfacts_gen.go) holds opFactsOf of every opcode below 8,192,
// as static data: computing it at process start cost every process 80 K
// instructions and an 8 KB allocation. Only the grammar's instructions
// have facts (every opcode the rules name is one of them).
// TestOpFactsTable checks it against opFactsOf and rewrites it with
// -validate.update-facts.

// isGrammarType tells whether the grammar makes in a type declaration.
func isGrammarType(in *spv.InstInfo) bool {
	return in.HasResult && !in.HasResultType && strings.HasPrefix(in.Name(), "OpType") && in.Op != spv.OpTypeForwardPointer
}

// opFactsOf computes op's facts; grammarType tells whether the grammar
// makes it a type declaration.
func opFactsOf(op spv.Op, grammarType bool) uint8 {
	var f uint8
	if grammarType || isListedType(op) {
		f |= factType | factExempt
	}
	if isDebugOp(op) || isDecoration(op) || op == spv.OpFunction {
		f |= factExempt
	}
	if isBranch(op) || op == spv.OpPhi || isExtInst(op) || op == spv.OpExtInstImport || op == spv.OpSelectionMerge || op == spv.OpLoopMerge {
		f |= factUntyped
	}
	if takesTypeOperand(op) {
		f |= factTypeOperand
	}
	return f
}
