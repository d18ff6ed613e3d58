package opt

import (
	"math"
	"slices"

	"github.com/hlsl2spirv/hlsl2spirv/builder"
	"github.com/hlsl2spirv/hlsl2spirv/builder/spv"
)

// The folder: spirv-opt's InstructionFolder, which other passes call.
//
//   - FoldInstruction(in) simplifies one instruction in place: constant
//     folding first (an instruction whose value is known becomes
//     OpCopyObject of a constant), then the algebraic rules of
//     fold_rules.go, again and again until no rule applies or the
//     instruction is a copy. simplify-instructions runs it over whole
//     functions; other passes call it on what they changed.
//   - FoldToConstant(in, value) evaluates an instruction whose operands are
//     known through value (conditional constant propagation, loop
//     unrolling) without changing it; FoldToConstantIfFoldable also says
//     whether the folder could evaluate it at all (ccp asks both).
//
// Constant values are cvals (fold_const.go), made into constant
// instructions only when a rule hands one back, so the module gets the
// constants spirv-opt's folder would declare, in the same order. The
// constant-folding rules are in fold_const_rules.go, the others in
// fold_rules.go; both are tables by opcode, tried in order.

// FoldInstruction simplifies in in place with the folding rules and reports
// whether it changed. A constant result turns in into OpCopyObject of the
// constant (which the caller replaces by its operand).
func (c *Context) FoldInstruction(in *builder.Inst) bool {
	f := c.folder()
	changed := false
	for in.Op != spv.OpCopyObject {
		// A fold gives in a new operand list (foldOnce): the old one
		// still tells the def-use chains which ids in used before. Most
		// instructions do not fold, so those ids are read only after
		// one did.
		typ, ops := in.Type, in.Operands
		if !f.foldOnce(in) {
			break
		}
		changed = true
		f.uses = f.uses[:0]
		if typ != 0 {
			f.uses = append(f.uses, typ)
		}
		f.uses = appendInIDs(f.uses, ops)
		c.DU.AnalyzeChangedUses(in, f.uses)
	}
	return changed
}

// FoldToConstant returns the id of the constant in evaluates to when each
// operand id is read through value (the constant known for it, or the id
// itself), or 0 if it does not fold to a constant. in is not changed (the
// constant may be new).
func (c *Context) FoldToConstant(in *builder.Inst, value func(builder.ID) builder.ID) builder.ID {
	return c.folder().foldToConstant(in, value)
}

// FoldToConstantIfFoldable reports whether the folder can evaluate in to
// a constant when its operands are constants (spirv-opt's
// Instruction::IsFoldable) and, when it can, returns FoldToConstant(in,
// value): both for the price of one (conditional constant propagation
// asks both of every instruction).
func (c *Context) FoldToConstantIfFoldable(in *builder.Inst, value func(builder.ID) builder.ID) (id builder.ID, foldable bool) {
	f := c.folder()
	if !f.mayFold(in) {
		return 0, false
	}
	rules := f.constRulesFor(in)
	scalar, vector := f.foldableWordwise(in)
	if len(rules) == 0 && !scalar && !vector {
		return 0, false
	}
	mark := len(f.scratch)
	id = f.evaluateWith(in, value, rules, scalar, vector)
	f.release(mark)
	return id, true
}

// folder holds what folding caches: the constant values of ids.
type folder struct {
	c *Context
	// uses is the ids the instruction FoldInstruction last folded used
	// before.
	uses []builder.ID
	// consts is where the constant value of each id looked at is, by id:
	// 0 not looked at yet, notConst not a constant the folder understands,
	// k the value vals[k-1]. Every operand of every folded instruction is
	// looked up: a slice by id beats hashing, and a slice of indices,
	// unlike one of pointers as long as the id bound, is not scanned by
	// the garbage collector.
	consts []int32
	vals   []*cval
	nulls  map[builder.ID]builder.ID // type -> the null constant declared first
	// floatControls: the module declares float-controls capabilities,
	// under which floating-point arithmetic is not folded.
	floatControls bool
	glsl          builder.ID // the GLSL.std.450 import, 0 if none
	// scratch is a stack of the operand-value lists folds hand to rules;
	// ids is a buffer of an instruction's id operands.
	scratch []*cval
	ids     []builder.ID
}

func (c *Context) folder() *folder {
	if c.fold == nil {
		c.fold = c.newFolder()
	}
	return c.fold
}

// newFolder makes the folder (apart from folder, which every fold calls,
// so that it stays small enough to inline).
func (c *Context) newFolder() *folder {
	makeFoldRulesOnce.Do(func() {
		foldRules, foldRulesReadConstants = makeFoldRules()
		foldedOps = make([]bool, max(len(foldRules), len(constRules), len(wordwiseOps)))
		for op := range foldedOps {
			foldedOps[op] = len(foldRules.of(uint32(op))) > 0 || len(constRules.of(uint32(op))) > 0 || foldableOpcode(spv.Op(op))
		}
	})
	// (consts with room for the constants folds declare)
	f := &folder{c: c, consts: make([]int32, c.M.Bound, c.M.Bound+c.M.Bound/8), nulls: map[builder.ID]builder.ID{}}
	f.floatControls = !c.M.HasCapability(spv.CapabilityShader)
	for _, cp := range []spv.Capability{spv.CapabilityDenormPreserve, spv.CapabilityDenormFlushToZero,
		spv.CapabilitySignedZeroInfNanPreserve, spv.CapabilityRoundingModeRTZ, spv.CapabilityRoundingModeRTE} {
		f.floatControls = f.floatControls || c.M.HasCapability(cp)
	}
	for _, imp := range c.M.ExtInstImports {
		if imp.Operands[0].Str() == "GLSL.std.450" {
			f.glsl = imp.Result
			break
		}
	}
	return f
}

// foldedOps says by opcode whether the folder has anything to try on an
// instruction: a rule, or word-by-word folding (made with foldRules).
var foldedOps []bool

// mayFold reports whether the folder may have anything to try on in (an
// extended instruction always may): most instructions (loads, stores,
// access chains, branches...) have nothing, and passes folding every
// instruction skip those.
func (f *folder) mayFold(in *builder.Inst) bool {
	return in.Op == spv.OpExtInst || int(in.Op) < len(foldedOps) && foldedOps[in.Op]
}

// foldOnce applies the first folding that changes in. A fold that
// changes in's operands gives it a new list, leaving the old one as it was
// (FoldInstruction reads it).
func (f *folder) foldOnce(in *builder.Inst) bool {
	if !f.mayFold(in) {
		return false
	}
	constRules, rules := f.constRulesFor(in), f.rulesFor(in)
	if len(constRules) == 0 && len(rules) == 0 && !foldableOpcode(in.Op) {
		return false // (an extended instruction of another set)
	}
	mark := len(f.scratch)
	// When every operand is a plain id (most instructions), the constants
	// by operand that the algebraic rules take are also the constants by
	// id operand that constant folding takes: read them once.
	var consts []*cval
	if scalar, vector := f.foldableWordwise(in); len(constRules) > 0 || scalar || vector {
		var id builder.ID
		if plainIDOperands(in) {
			consts = f.operandConstants(in)
			id = f.evaluateConsts(in, f.constOf, constRules, scalar, vector, consts)
		} else {
			id = f.evaluateWith(in, nil, constRules, scalar, vector)
		}
		if id != 0 {
			f.release(mark)
			in.Op = spv.OpCopyObject
			in.Operands = []builder.Operand{builder.Ref(id)}
			return true
		}
	}
	if len(rules) == 0 {
		f.release(mark)
		return false
	}
	if consts == nil && f.rulesReadConstants(in) {
		consts = f.operandConstants(in)
	}
	folded := false
	for _, r := range rules {
		if r(f, in, consts) {
			folded = true
			break
		}
	}
	f.release(mark)
	return folded
}

// release takes back the scratch lists handed out since mark (by
// operandConstants and evaluate): a fold's lists live until the fold that
// asked for them ends, and nested folds stack theirs above. (The entries
// are not cleared: they are overwritten before they are read again, and
// the values they point at live as long as the folder's caches.)
func (f *folder) release(mark int) {
	f.scratch = f.scratch[:mark]
}

// scratchList appends n values to the scratch stack and returns them (a
// list whose capacity is its length), not cleared: the caller sets them.
func (f *folder) scratchList(n int) []*cval {
	base := len(f.scratch)
	f.scratch = slices.Grow(f.scratch, n)[:base+n]
	return f.scratch[base : base+n : base+n]
}

// foldToConstant evaluates in to a constant id, or 0.
func (f *folder) foldToConstant(in *builder.Inst, value func(builder.ID) builder.ID) builder.ID {
	return f.evaluate(in, value, f.constRulesFor(in))
}

// evaluate is foldToConstant with the given constant-folding rules (none
// leaves the word-by-word integer folding, as a folder built with no
// constant rules folds: interpolate-fixup's).
func (f *folder) evaluate(in *builder.Inst, value func(builder.ID) builder.ID, rules []constRule) builder.ID {
	scalar, vector := f.foldableWordwise(in)
	if len(rules) == 0 && !scalar && !vector {
		return 0
	}
	mark := len(f.scratch)
	id := f.evaluateWith(in, value, rules, scalar, vector)
	f.release(mark)
	return id
}

// evaluateWith is evaluate once it is known there is something to try;
// the caller releases the scratch lists.
func (f *folder) evaluateWith(in *builder.Inst, value func(builder.ID) builder.ID, rules []constRule, scalar, vector bool) builder.ID {
	read := func(id builder.ID) *cval {
		if value != nil {
			id = value(id)
		}
		return f.constOf(id)
	}
	f.ids = appendInIDs(f.ids[:0], in.Operands)
	consts := f.scratchList(len(f.ids))
	for i, id := range f.ids {
		consts[i] = read(id)
	}
	return f.evaluateConsts(in, read, rules, scalar, vector, consts)
}

// evaluateConsts is evaluateWith given the values of in's id operands
// (consts, in order), read through read.
func (f *folder) evaluateConsts(in *builder.Inst, read func(builder.ID) *cval, rules []constRule, scalar, vector bool, consts []*cval) builder.ID {
	for _, r := range rules {
		if v := r(f, in, consts); v != nil {
			return f.define(v)
		}
	}
	if !scalar && !vector {
		return 0
	}
	missing := slices.Contains(consts, nil)
	switch {
	case scalar:
		var words []uint32
		if !missing {
			for _, v := range consts {
				words = append(words, uint32(v.bits))
			}
			return f.define(f.scalarOf(in.Type, uint64(f.operateWords(in.Op, words))))
		}
		if r, ok := f.foldPartialIntegerOp(in, read); ok {
			return f.define(f.scalarOf(in.Type, uint64(r)))
		}
	case vector:
		if missing {
			return 0
		}
		n := f.c.B.ComponentCount(in.Type)
		elem := f.c.B.ElementType(in.Type)
		var elems []*cval
		for i := uint32(0); i < n; i++ {
			var words []uint32
			for _, v := range consts {
				words = append(words, uint32(v.component(f, i).bits))
			}
			elems = append(elems, f.scalarOf(elem, uint64(f.operateWords(in.Op, words))))
		}
		return f.define(&cval{typ: in.Type, kind: cvComposite, elems: elems})
	}
	return 0
}

// ruleTable holds rules by opcode (or extended instruction number), as a
// slice: every instruction folded looks its opcode up, twice.
type ruleTable[R any] [][]R

// of returns the rules of k (none when it has no entry).
func (t ruleTable[R]) of(k uint32) []R {
	if int(k) < len(t) {
		return t[k]
	}
	return nil
}

// inIDs returns the id operands of in, in order (literals skipped, pairs
// and enumerant parameters looked into): spirv-opt's ForEachInId.
func inIDs(in *builder.Inst) []builder.ID { return appendInIDs(nil, in.Operands) }

// appendInIDs appends the id operands among ops to out (inIDs into a
// buffer).
func appendInIDs(out []builder.ID, ops []builder.Operand) []builder.ID {
	for i := range ops {
		if ops[i].IsID() {
			out = append(out, ops[i].ID())
		} else if len(ops[i].Params()) > 0 {
			out = appendInIDs(out, ops[i].Params())
		}
	}
	return out
}

// plainIDOperands reports whether every operand of in is an id (no
// literal, no pair or parameters): its operands are its id operands.
func plainIDOperands(in *builder.Inst) bool {
	for i := range in.Operands {
		if !in.Operands[i].IsID() || in.Operands[i].Params() != nil {
			return false
		}
	}
	return true
}

// operandConstants returns the constant value of each operand of in (nil
// for a literal or an id that is not a constant): spirv-opt's
// GetOperandConstants, which the folding rules index by operand.
//
// The list is the folder's scratch (see release).
func (f *folder) operandConstants(in *builder.Inst) []*cval {
	out := f.scratchList(len(in.Operands))
	for i := range in.Operands {
		out[i] = nil
		if in.Operands[i].IsID() {
			out[i] = f.constOf(in.Operands[i].ID())
		}
	}
	return out
}

// floatFoldingAllowed reports whether floating-point arithmetic of in may be
// folded: not under float controls, not for a NoContraction result.
func (f *folder) floatFoldingAllowed(in *builder.Inst) bool {
	if f.floatControls {
		return false
	}
	if in.Result == 0 || !f.c.DU.MayBeAnnotated(in.Result) {
		return true
	}
	for _, u := range f.c.DU.Users(in.Result) {
		if u.Op == spv.OpDecorate && u.Operands[0].ID() == in.Result && spv.Decoration(u.Operands[1].Word) == spv.DecorationNoContraction {
			return false
		}
	}
	return true
}

// Integer folding of 32-bit scalars and vectors of them (spirv-opt's
// FoldScalars and FoldVectors).

// foldableScalarType reports whether typ is a 32-bit integer or a bool.
func (f *folder) foldableScalarType(typ builder.ID) bool {
	switch f.c.B.TypeOp(typ) {
	case spv.OpTypeInt:
		return f.c.B.ScalarWidth(typ) == 32
	case spv.OpTypeBool:
		return true
	}
	return false
}

func (f *folder) foldableVectorType(typ builder.ID) bool {
	return f.c.B.TypeOp(typ) == spv.OpTypeVector && f.foldableScalarType(f.c.B.ElementType(typ))
}

// foldableWordwise reports whether in is folded word by word as 32-bit
// scalars (scalar) or as vectors of them (vector): a foldable opcode whose
// result and operands are all of the one kind.
func (f *folder) foldableWordwise(in *builder.Inst) (scalar, vector bool) {
	if !foldableOpcode(in.Op) {
		return false, false
	}
	if f.foldableScalarType(in.Type) {
		return f.allOperandTypes(in, f.foldableScalarType), false
	}
	return false, f.foldableVectorType(in.Type) && f.allOperandTypes(in, f.foldableVectorType)
}

// foldableByScalar reports whether in is folded word by word as 32-bit
// scalars.
func (f *folder) foldableByScalar(in *builder.Inst) bool {
	scalar, _ := f.foldableWordwise(in)
	return scalar
}

func (f *folder) allOperandTypes(in *builder.Inst, ok func(builder.ID) bool) bool {
	var buf [8]builder.ID
	for _, id := range appendInIDs(buf[:0], in.Operands) {
		if !ok(f.c.DU.TypeOf(id)) {
			return false
		}
	}
	return true
}

// foldableOpcode reports whether op is folded word by word (every fold
// asks: a table by opcode beats the switch).
func foldableOpcode(op spv.Op) bool { return int(op) < len(wordwiseOps) && wordwiseOps[op] }

// wordwiseOps are the opcodes folded word by word (an array the linker
// lays out).
var wordwiseOps = [...]bool{spv.OpBitwiseAnd: true, spv.OpBitwiseOr: true, spv.OpBitwiseXor: true, spv.OpIAdd: true,
	spv.OpIEqual: true, spv.OpIMul: true, spv.OpINotEqual: true, spv.OpISub: true, spv.OpLogicalAnd: true,
	spv.OpLogicalEqual: true, spv.OpLogicalNot: true, spv.OpLogicalNotEqual: true, spv.OpLogicalOr: true,
	spv.OpNot: true, spv.OpSDiv: true, spv.OpSelect: true, spv.OpSGreaterThan: true, spv.OpSGreaterThanEqual: true,
	spv.OpShiftLeftLogical: true, spv.OpShiftRightArithmetic: true, spv.OpShiftRightLogical: true,
	spv.OpSLessThan: true, spv.OpSLessThanEqual: true, spv.OpSMod: true, spv.OpSNegate: true, spv.OpSRem: true,
	spv.OpSConvert: true, spv.OpUConvert: true, spv.OpUDiv: true, spv.OpUGreaterThan: true,
	spv.OpUGreaterThanEqual: true, spv.OpULessThan: true, spv.OpULessThanEqual: true, spv.OpUMod: true}

// operateWords computes op on 32-bit words (booleans as 0 and 1). The
// arithmetic opcodes are folded by constant rules first; what reaches here
// is what those leave, or everything when the folder runs without constant
// rules (interpolate-fixup). Undefined shifts, divisions and remainders
// give 0, as in spirv-opt.
func (f *folder) operateWords(op spv.Op, w []uint32) uint32 {
	b2w := func(b bool) uint32 {
		if b {
			return 1
		}
		return 0
	}
	switch len(w) {
	case 1:
		a := w[0]
		switch op {
		case spv.OpSNegate:
			if int32(a) == math.MinInt32 {
				return a
			}
			return uint32(-int32(a))
		case spv.OpNot:
			return ^a
		case spv.OpLogicalNot:
			return b2w(a == 0)
		case spv.OpUConvert, spv.OpSConvert:
			return a
		}
	case 2:
		a, b := w[0], w[1]
		switch op {
		case spv.OpIAdd:
			return a + b
		case spv.OpISub:
			return a - b
		case spv.OpIMul:
			return a * b
		case spv.OpUDiv, spv.OpUMod, spv.OpSDiv, spv.OpSRem, spv.OpSMod:
			if b == 0 {
				return 0
			}
			switch sa, sb := int32(a), int32(b); op {
			case spv.OpUDiv:
				return a / b
			case spv.OpUMod:
				return a % b
			case spv.OpSDiv:
				return uint32(sa / sb)
			case spv.OpSRem:
				return uint32(sa % sb)
			default: // the sign of the divisor
				return uint32((sa%sb + sb) % sb)
			}
		case spv.OpShiftRightLogical:
			if b >= 32 {
				return 0
			}
			return a >> b
		case spv.OpShiftRightArithmetic:
			switch {
			case b > 32:
				return 0
			case b == 32:
				if int32(a) >= 0 {
					return 0
				}
				return math.MaxUint32
			}
			return uint32(int32(a) >> b)
		case spv.OpShiftLeftLogical:
			if b >= 32 {
				return 0
			}
			return a << b
		case spv.OpBitwiseOr:
			return a | b
		case spv.OpBitwiseAnd:
			return a & b
		case spv.OpBitwiseXor:
			return a ^ b
		case spv.OpLogicalEqual:
			return b2w((a != 0) == (b != 0))
		case spv.OpLogicalNotEqual:
			return b2w((a != 0) != (b != 0))
		case spv.OpLogicalOr:
			return b2w(a != 0 || b != 0)
		case spv.OpLogicalAnd:
			return b2w(a != 0 && b != 0)
		case spv.OpIEqual:
			return b2w(a == b)
		case spv.OpINotEqual:
			return b2w(a != b)
		case spv.OpULessThan:
			return b2w(a < b)
		case spv.OpSLessThan:
			return b2w(int32(a) < int32(b))
		case spv.OpUGreaterThan:
			return b2w(a > b)
		case spv.OpSGreaterThan:
			return b2w(int32(a) > int32(b))
		case spv.OpULessThanEqual:
			return b2w(a <= b)
		case spv.OpSLessThanEqual:
			return b2w(int32(a) <= int32(b))
		case spv.OpUGreaterThanEqual:
			return b2w(a >= b)
		case spv.OpSGreaterThanEqual:
			return b2w(int32(a) >= int32(b))
		}
	case 3:
		if op == spv.OpSelect {
			if w[0] != 0 {
				return w[1]
			}
			return w[2]
		}
	}
	return 0
}

// foldPartialIntegerOp folds a binary 32-bit integer or boolean operation
// with one known operand whose value decides the result (x*0, x&0, x|~0,
// x<0u, a || true...).
func (f *folder) foldPartialIntegerOp(in *builder.Inst, read func(builder.ID) *cval) (uint32, bool) {
	if len(in.Operands) != 2 || !in.Operands[0].IsID() || !in.Operands[1].IsID() {
		return 0, false
	}
	var k [2]*cval
	for i := range k {
		if v := read(in.Operands[i].ID()); v != nil && v.kind != cvComposite {
			k[i] = v
		}
	}
	isInt := func(v *cval) bool { return v != nil && v.kind == cvScalar && f.c.B.TypeOp(v.typ) == spv.OpTypeInt }
	u := func(i int) (uint32, bool) {
		if !isInt(k[i]) {
			return 0, false
		}
		return uint32(k[i].bits), true
	}
	s := func(i int) (int32, bool) {
		v, ok := u(i)
		return int32(v), ok
	}
	is := func(i int, want uint32) bool { v, ok := u(i); return ok && v == want }
	isS := func(i int, want int32) bool { v, ok := s(i); return ok && v == want }
	const minI, maxI = math.MinInt32, math.MaxInt32
	switch in.Op {
	case spv.OpIMul, spv.OpUDiv, spv.OpSDiv, spv.OpSRem, spv.OpSMod, spv.OpUMod:
		// Division by zero becomes 0, as in spirv-opt.
		if is(0, 0) || is(1, 0) {
			return 0, true
		}
	case spv.OpShiftRightLogical, spv.OpShiftLeftLogical:
		if v, ok := u(1); ok && v >= 32 {
			return 0, true
		}
	case spv.OpBitwiseOr:
		if is(0, math.MaxUint32) || is(1, math.MaxUint32) {
			return math.MaxUint32, true
		}
	case spv.OpBitwiseAnd:
		if is(0, 0) || is(1, 0) {
			return 0, true
		}
	case spv.OpULessThan:
		if is(0, math.MaxUint32) || is(1, 0) {
			return 0, true
		}
	case spv.OpSLessThan:
		if isS(0, maxI) || isS(1, minI) {
			return 0, true
		}
	case spv.OpUGreaterThan:
		if is(0, 0) || is(1, math.MaxUint32) {
			return 0, true
		}
	case spv.OpSGreaterThan:
		if isS(0, minI) || isS(1, maxI) {
			return 0, true
		}
	case spv.OpULessThanEqual:
		if is(0, 0) || is(1, math.MaxUint32) {
			return 1, true
		}
	case spv.OpSLessThanEqual:
		if isS(0, minI) || isS(1, maxI) {
			return 1, true
		}
	case spv.OpUGreaterThanEqual:
		if is(0, math.MaxUint32) || is(1, 0) {
			return 1, true
		}
	case spv.OpSGreaterThanEqual:
		if isS(0, maxI) || isS(1, minI) {
			return 1, true
		}
	case spv.OpLogicalOr:
		for _, v := range k {
			if v != nil && v.kind == cvBool && v.bits == 1 {
				return 1, true
			}
		}
	case spv.OpLogicalAnd:
		for _, v := range k {
			if v != nil && v.kind == cvBool && v.bits == 0 {
				return 0, true
			}
		}
	}
	return 0, false
}
