package opt

import (
	"math"
	"math/bits"
	"slices"
	"sync"

	"github.com/hlsl2spirv/hlsl2spirv/builder"
	"github.com/hlsl2spirv/hlsl2spirv/builder/spv"
)

// Folding rules that are not constant folding (spirv-opt's FoldingRules):
// algebraic identities (x+0, x*1, x/x...), merging of chains with
// constants ((x+2)+3 = x+5), composite simplifications (an extract of an
// insert or construct, shuffles of shuffles, inserts covering a whole
// object), redundant phis, selects and bitcasts. A rule rewrites the
// instruction in place (its opcode and operands; new instructions go right
// before it) and reports whether it did. It gives the instruction a new
// operand list rather than editing the old one, which FoldInstruction
// reads afterwards for the ids the instruction used before. k holds the constant value of each
// operand, indexed by operand (nil for literals and non-constants); an
// opcode none of whose rules reads it (see foldRulesReadConstants) is
// given none. Rules
// for an opcode are tried in table order; the first that applies wins.

type foldRule func(f *folder, in *builder.Inst, k []*cval) bool

// foldRules is filled when the first folder is made (makeFoldRulesOnce),
// not in the initializer: some rules fold the instructions they make,
// which refers back to the table; and a compile that folds nothing does
// not pay for it.
var (
	foldRules ruleTable[foldRule]
	// foldRulesReadConstants says by opcode whether any of its rules reads
	// k: most rules of composites, memory and phis look only at the
	// instructions defining the operands, and are given no constants.
	foldRulesReadConstants []bool
	makeFoldRulesOnce      sync.Once
)

func makeFoldRules() (ruleTable[foldRule], []bool) {
	// Every compile that folds builds the table once: the tables by
	// opcode are made with room for the opcodes below (the highest is an
	// image instruction's, about 320), and each opcode's rules are carved
	// from one array with room for the most rules an opcode gets, so that
	// adding them allocates nothing (growing each list cost more than the
	// rules themselves).
	r := make(ruleTable[foldRule], 0, 512)
	reads := make([]bool, 0, 512)
	const room = 12
	lists := make([]foldRule, 0, 64*room)
	// addStructural adds rules that never read k.
	addStructural := func(op spv.Op, rules ...foldRule) {
		if int(op) >= len(r) {
			r = slices.Grow(r, int(op)+1-len(r))[:int(op)+1]
			reads = slices.Grow(reads, int(op)+1-len(reads))[:int(op)+1]
		}
		if r[op] == nil && len(lists)+room <= cap(lists) {
			n := len(lists)
			lists = lists[:n+room]
			r[op] = lists[n : n : n+room]
		}
		r[op] = append(r[op], rules...)
	}
	add := func(op spv.Op, rules ...foldRule) {
		addStructural(op, rules...)
		reads[op] = true
	}
	for _, op := range []spv.Op{spv.OpBitwiseOr, spv.OpBitwiseXor, spv.OpShiftRightLogical,
		spv.OpShiftRightArithmetic, spv.OpShiftLeftLogical, spv.OpIAdd, spv.OpISub} {
		add(op, redundantWithZero(1, 0)) // a | 0 = a
	}
	for _, op := range []spv.Op{spv.OpBitwiseOr, spv.OpBitwiseXor, spv.OpIAdd} {
		add(op, redundantWithZero(0, 1)) // 0 | a = a
	}
	for _, op := range []spv.Op{spv.OpShiftRightLogical, spv.OpShiftRightArithmetic, spv.OpShiftLeftLogical,
		spv.OpSDiv, spv.OpUDiv, spv.OpSMod, spv.OpUMod} {
		add(op, redundantWithZero(0, 0)) // 0 >> a = 0
	}
	for _, op := range []spv.Op{spv.OpBitwiseOr, spv.OpBitwiseXor, spv.OpBitwiseAnd} {
		add(op, reassociateCommutative)
	}
	for _, op := range []spv.Op{spv.OpIMul, spv.OpBitwiseOr, spv.OpBitwiseXor, spv.OpBitwiseAnd} {
		add(op, reassociateNestedInt(op))
	}
	for _, op := range mergeBinaryOpSelectOps {
		add(op, mergeBinaryOpSelect(op))
	}
	add(spv.OpSDiv, redundantDivByOne)
	add(spv.OpUDiv, redundantDivByOne)
	add(spv.OpSMod, redundantModByOne)
	add(spv.OpUMod, redundantModByOne)
	add(spv.OpBitcast, bitcastConstant, redundantBitcast)
	add(spv.OpBitReverse, bitReverseConstant)
	addStructural(spv.OpCompositeConstruct, extractsFeedingConstruct)
	addStructural(spv.OpCopyLogical, constructFeedingCopyLogical)
	addStructural(spv.OpCompositeExtract, insertFeedingExtract, constructFeedingExtract, shuffleFeedingExtract,
		fmixFeedingExtract, copyLogicalFeedingExtract, loadFeedingExtract)
	addStructural(spv.OpCompositeInsert, insertsToConstruct)
	add(spv.OpDot, dotDoingExtract)
	addStructural(spv.OpEntryPoint, removeRedundantInterface)
	add(spv.OpFAdd, redundantFAdd, mergeAddNegate, mergeAddAdd, mergeAddSub, mergeGenericAddSub,
		reassociateNestedAddSub, factorAddSubMuls)
	add(spv.OpFDiv, redundantFDiv, reciprocalFDiv, mergeDivDiv, mergeDivMul, mergeDivNegate,
		mergeDivMulDoubleNegative, reassociateNestedMulDiv)
	add(spv.OpFMod, redundantFMod)
	add(spv.OpFMul, redundantFMul, mergeMulMul, mergeMulDiv, mergeMulNegate, mergeDivMulDoubleNegative,
		reassociateNestedMulDiv)
	add(spv.OpVectorTimesScalar, mergeDivMulDoubleNegative)
	addStructural(spv.OpFNegate, mergeNegate, mergeNegateAddSub, mergeNegateMulDiv)
	add(spv.OpFSub, redundantFSub, mergeSubNegate, mergeSubAdd, mergeSubSub, reassociateNestedAddSub,
		factorAddSubMuls)
	add(spv.OpIAdd, mergeAddNegate, mergeAddAdd, mergeAddSub, mergeGenericAddSub, reassociateNestedAddSub,
		factorAddSubMuls)
	add(spv.OpSDiv, mergeDivMulDoubleNegative)
	add(spv.OpIMul, intMultiplyBy1, mergeMulMul, mergeMulNegate, mergeDivMulDoubleNegative)
	add(spv.OpISub, mergeSubNegate, mergeSubAdd, mergeSubSub, reassociateNestedAddSub, factorAddSubMuls)
	add(spv.OpBitwiseAnd, redundantAndOrXor, redundantAndAddSub, redundantAndShift)
	addStructural(spv.OpPhi, redundantPhi)
	addStructural(spv.OpSNegate, mergeNegate, mergeNegateMulDiv, mergeNegateAddSub)
	add(spv.OpSelect, redundantSelect, constantBooleanSelect)
	add(spv.OpLogicalAnd, redundantLogicalAnd)
	add(spv.OpLogicalOr, redundantLogicalOr)
	addStructural(spv.OpLogicalNot, redundantLogicalNot, logicalNotComparison)
	add(spv.OpLogicalEqual, redundantLogicalEqual)
	add(spv.OpLogicalNotEqual, redundantLogicalEqual)
	addStructural(spv.OpStore, storingUndef)
	addStructural(spv.OpVectorShuffle, shuffleFeedingShuffle)
	for _, op := range []spv.Op{spv.OpImageSampleImplicitLod, spv.OpImageSampleExplicitLod,
		spv.OpImageSampleDrefImplicitLod, spv.OpImageSampleDrefExplicitLod, spv.OpImageSampleProjImplicitLod,
		spv.OpImageSampleProjExplicitLod, spv.OpImageSampleProjDrefImplicitLod,
		spv.OpImageSampleProjDrefExplicitLod, spv.OpImageFetch, spv.OpImageGather, spv.OpImageDrefGather,
		spv.OpImageRead, spv.OpImageWrite, spv.OpImageSparseSampleImplicitLod,
		spv.OpImageSparseSampleExplicitLod, spv.OpImageSparseSampleDrefImplicitLod,
		spv.OpImageSparseSampleDrefExplicitLod, spv.OpImageSparseSampleProjImplicitLod,
		spv.OpImageSparseSampleProjExplicitLod, spv.OpImageSparseSampleProjDrefImplicitLod,
		spv.OpImageSparseSampleProjDrefExplicitLod, spv.OpImageSparseFetch, spv.OpImageSparseGather,
		spv.OpImageSparseDrefGather, spv.OpImageSparseRead} {
		addStructural(op, constImageOffset)
	}
	return r, reads
}

// glslFoldRules are the rules for GLSL.std.450 instructions.
var glslFoldRules = ruleTable[foldRule]{spv.GLSLstd450FMix: {redundantFMix}}

// rulesFor returns the rules of in's opcode (or GLSL.std.450 instruction).
func (f *folder) rulesFor(in *builder.Inst) []foldRule {
	if in.Op == spv.OpExtInst {
		if f.glsl == 0 || in.Operands[0].ID() != f.glsl {
			return nil
		}
		return glslFoldRules.of(in.Operands[1].Word)
	}
	return foldRules.of(uint32(in.Op))
}

// rulesReadConstants reports whether a rule of in's opcode (or GLSL.std.450
// instruction) reads the operands' constants.
func (f *folder) rulesReadConstants(in *builder.Inst) bool {
	return in.Op == spv.OpExtInst || int(in.Op) < len(foldRulesReadConstants) && foldRulesReadConstants[in.Op]
}

// Helpers.

// set rewrites in into op with id operands.
func set(in *builder.Inst, op spv.Op, ids ...builder.ID) {
	in.Op = op
	in.Operands = builder.Refs(ids...)
}

// copyOf turns in into a copy of id.
func copyOf(in *builder.Inst, id builder.ID) { set(in, spv.OpCopyObject, id) }

func (f *folder) def(id builder.ID) *builder.Inst { return f.c.Def(id) }

// op returns operand i of in as an id.
func op(in *builder.Inst, i int) builder.ID { return in.Operands[i].ID() }

// constInput returns the constant of a binary instruction's first
// operand, or else its second's.
func constInput(k []*cval) *cval {
	if k[0] != nil {
		return k[0]
	}
	return k[1]
}

// nonConstInput returns the definition of the operand that is not the
// constant one (the second when k0, the first operand's constant, is set).
func (f *folder) nonConstInput(k0 *cval, in *builder.Inst) *builder.Inst {
	if k0 != nil {
		return f.def(op(in, 1))
	}
	return f.def(op(in, 0))
}

// elementWidth returns the width of a scalar type or of a vector's
// components.
func (f *folder) elementWidth(typ builder.ID) uint32 {
	return f.c.B.ScalarWidth(f.scalarType(typ))
}

func (f *folder) width32or64(typ builder.ID) bool {
	w := f.elementWidth(typ)
	return w == 32 || w == 64
}

// floatOK reports whether d is an instruction whose float arithmetic may
// be folded (a non-float type is always fine).
func (f *folder) floatOK(d *builder.Inst, isFloat bool) bool {
	return !isFloat || d != nil && f.floatFoldingAllowed(d)
}

// newInst makes an instruction with a fresh id right before at (nil when
// at is not in a block).
func (f *folder) newInst(at *builder.Inst, op spv.Op, typ builder.ID, ops ...builder.Operand) *builder.Inst {
	if at.Block == nil {
		return nil
	}
	in := f.c.NewInst(op, typ, ops...)
	at.Block.InsertBefore(at, in)
	return in
}

func (f *folder) newBinary(at *builder.Inst, op spv.Op, typ, a, b builder.ID) *builder.Inst {
	return f.newInst(at, op, typ, builder.Ref(a), builder.Ref(b))
}

// negated returns the id of the constant -c (per component for vectors;
// a null vector stays itself).
func (f *folder) negated(c *cval) builder.ID {
	b := f.c.B
	switch {
	case b.TypeOp(c.typ) == spv.OpTypeVector:
		if c.kind == cvNull {
			return f.define(c)
		}
		ids := make([]builder.ID, len(c.elems))
		for i, e := range c.elems {
			ids[i] = f.negated(e)
		}
		return b.ConstComposite(c.typ, ids...)
	case b.TypeOp(c.typ) == spv.OpTypeFloat:
		// the sign bit flipped, at any width (a 16-bit constant went
		// through float32 and came back positive: (-x)/C folded to x/C)
		w := b.ScalarWidth(c.typ)
		return f.define(&cval{typ: c.typ, kind: cvScalar, bits: c.bits ^ 1<<(w-1)})
	}
	return f.define(f.scalarOf(c.typ, -c.bits))
}

// hasSignedMin reports an integer constant that is, or has a component
// that is, the most negative value of its width (its own negation).
func (f *folder) hasSignedMin(c *cval) bool {
	if c == nil || c.kind == cvNull {
		return false
	}
	if len(c.elems) > 0 {
		for _, e := range c.elems {
			if f.hasSignedMin(e) {
				return true
			}
		}
		return false
	}
	w := f.elementWidth(c.typ)
	return w <= 64 && c.bits&(1<<w-1) == 1<<(w-1)
}

// validFloat reports whether x is neither NaN, infinite nor subnormal.
func validFloat(x float64, w uint32) bool {
	if math.IsNaN(x) || math.IsInf(x, 0) {
		return false
	}
	if x == 0 {
		return true
	}
	if w == 32 {
		return math.Abs(x) >= math.SmallestNonzeroFloat32*(1<<23)
	}
	return math.Abs(x) >= 0x1p-1022
}

// reciprocal returns the id of 1/c for a float scalar, 0 if it is not a
// normal number.
func (f *folder) reciprocal(c *cval) builder.ID {
	if c.isZero() {
		return 0
	}
	w := f.c.B.ScalarWidth(c.typ)
	var v *cval
	if w == 64 {
		r := 1 / c.f64()
		if !validFloat(r, 64) {
			return 0
		}
		v = f.floatVal(c.typ, r)
	} else {
		r := 1 / c.f32()
		if !validFloat(float64(r), 32) {
			return 0
		}
		v = &cval{typ: c.typ, kind: cvScalar, bits: uint64(math.Float32bits(r))}
	}
	return f.define(v)
}

// hasZeroComponent reports whether c is zero or has a zero component.
func hasZeroComponent(c *cval) bool {
	switch c.kind {
	case cvNull:
		return true
	case cvComposite:
		for _, e := range c.elems {
			if hasZeroComponent(e) {
				return true
			}
		}
		return false
	}
	return c.isZero()
}

// performOperation computes a op b on constants (float, integer, or
// vectors of them) and returns the id of the result, 0 when a float result
// is not a normal number (or a division by zero).
func (f *folder) performOperation(op spv.Op, a, b *cval) builder.ID {
	bd := f.c.B
	if bd.TypeOp(a.typ) == spv.OpTypeVector {
		n := bd.ComponentCount(a.typ)
		ids := make([]builder.ID, n)
		for i := range n {
			id := f.performScalar(op, a.component(f, i), b.component(f, i))
			if id == 0 {
				return 0
			}
			ids[i] = id
		}
		return bd.ConstComposite(a.typ, ids...)
	}
	return f.performScalar(op, a, b)
}

func (f *folder) performScalar(op spv.Op, a, b *cval) builder.ID {
	bd := f.c.B
	w := bd.ScalarWidth(a.typ)
	if bd.TypeOp(a.typ) == spv.OpTypeFloat {
		if op == spv.OpFDiv && hasZeroComponent(b) {
			return 0
		}
		var r float64
		if w == 64 {
			x, y := a.f64(), b.f64()
			switch op {
			case spv.OpFMul:
				r = x * y
			case spv.OpFDiv:
				r = x / y
			case spv.OpFAdd:
				r = x + y
			case spv.OpFSub:
				r = x - y
			}
			if !validFloat(r, 64) {
				return 0
			}
			return f.define(f.floatVal(a.typ, r))
		}
		x, y := a.f32(), b.f32()
		var r32 float32
		switch op {
		case spv.OpFMul:
			r32 = x * y
		case spv.OpFDiv:
			r32 = x / y
		case spv.OpFAdd:
			r32 = x + y
		case spv.OpFSub:
			r32 = x - y
		}
		if !validFloat(float64(r32), 32) {
			return 0
		}
		return f.define(&cval{typ: a.typ, kind: cvScalar, bits: uint64(math.Float32bits(r32))})
	}
	x, y := a.bits, b.bits
	var r uint64
	switch op {
	case spv.OpIMul:
		r = x * y
	case spv.OpIAdd:
		r = x + y
	case spv.OpISub:
		r = x - y
	case spv.OpBitwiseXor:
		r = x ^ y
	case spv.OpBitwiseOr:
		r = x | y
	case spv.OpBitwiseAnd:
		r = x & y
	default:
		return 0
	}
	return f.define(f.scalarOf(a.typ, r))
}

// floatKind classifies a float constant: 0 (zero, every component zero, or
// null), 1 (one everywhere), or unknown.
type floatKind uint8

const (
	fkUnknown floatKind = iota
	fkZero
	fkOne
)

func (f *folder) floatKindOf(c *cval) floatKind {
	if c == nil {
		return fkUnknown
	}
	switch c.kind {
	case cvNull:
		return fkZero
	case cvComposite:
		if len(c.elems) == 0 {
			return fkUnknown
		}
		k := f.floatKindOf(c.elems[0])
		for _, e := range c.elems[1:] {
			if f.floatKindOf(e) != k {
				return fkUnknown
			}
		}
		return k
	case cvScalar:
		if c.isZero() {
			return fkZero
		}
		w := f.c.B.ScalarWidth(c.typ)
		if w != 32 && w != 64 {
			return fkUnknown
		}
		switch f.float(c) {
		case 0:
			return fkZero
		case 1:
			return fkOne
		}
	}
	return fkUnknown
}

// boolKind returns the value of a boolean constant (every component of a
// composite the same; a null is false), and whether it has one.
func boolKind(c *cval) (value, ok bool) {
	if c == nil {
		return false, false
	}
	switch c.kind {
	case cvNull:
		return false, true
	case cvBool:
		return c.bits != 0, true
	case cvComposite:
		if len(c.elems) == 0 {
			return false, false
		}
		v, ok := boolKind(c.elems[0])
		if !ok {
			return false, false
		}
		for _, e := range c.elems[1:] {
			if w, ok := boolKind(e); !ok || w != v {
				return false, false
			}
		}
		return v, true
	}
	return false, false
}

// Identities.

// redundantWithZero folds the instruction to operand to when operand arg
// is zero (a copy, or a bitcast when the types differ).
func redundantWithZero(arg, to int) foldRule {
	return func(f *folder, in *builder.Inst, k []*cval) bool {
		if k[arg] == nil || !k[arg].isZero() {
			return false
		}
		x := op(in, to)
		if in.Type == k[arg].typ {
			copyOf(in, x)
		} else {
			set(in, spv.OpBitcast, x)
		}
		return true
	}
}

// allOne reports whether every component of an integer constant is 1.
func (f *folder) allOne(c *cval) bool {
	switch c.kind {
	case cvComposite:
		for _, e := range c.elems {
			if !f.allOne(e) {
				return false
			}
		}
		return true
	case cvScalar:
		return f.c.B.TypeOp(c.typ) == spv.OpTypeInt && f.sext(c) == 1
	}
	return false
}

func redundantDivByOne(f *folder, in *builder.Inst, k []*cval) bool {
	if k[1] == nil || !f.allOne(k[1]) {
		return false
	}
	if in.Type == k[1].typ {
		copyOf(in, op(in, 0))
	} else {
		set(in, spv.OpBitcast, op(in, 0))
	}
	return true
}

func redundantModByOne(f *folder, in *builder.Inst, k []*cval) bool {
	if k[1] == nil || !f.allOne(k[1]) {
		return false
	}
	copyOf(in, f.define(nullOf(in.Type)))
	return true
}

func intMultiplyBy1(f *folder, in *builder.Inst, k []*cval) bool {
	for i := 0; i < 2; i++ {
		c := k[i]
		if c == nil || c.kind != cvScalar {
			continue
		}
		if !f.width32or64(c.typ) {
			return false
		}
		if c.bits == 1 {
			copyOf(in, op(in, 1-i))
			return true
		}
	}
	return false
}

func redundantFAdd(f *folder, in *builder.Inst, k []*cval) bool {
	if !f.floatFoldingAllowed(in) {
		return false
	}
	k0, k1 := f.floatKindOf(k[0]), f.floatKindOf(k[1])
	if k0 == fkZero || k1 == fkZero {
		if k0 == fkZero {
			copyOf(in, op(in, 1))
		} else {
			copyOf(in, op(in, 0))
		}
		return true
	}
	return false
}

func redundantFSub(f *folder, in *builder.Inst, k []*cval) bool {
	if !f.floatFoldingAllowed(in) {
		return false
	}
	if f.floatKindOf(k[0]) == fkZero {
		set(in, spv.OpFNegate, op(in, 1))
		return true
	}
	if f.floatKindOf(k[1]) == fkZero {
		copyOf(in, op(in, 0))
		return true
	}
	return false
}

func redundantFMul(f *folder, in *builder.Inst, k []*cval) bool {
	if !f.floatFoldingAllowed(in) {
		return false
	}
	k0, k1 := f.floatKindOf(k[0]), f.floatKindOf(k[1])
	switch {
	case k0 == fkZero:
		copyOf(in, op(in, 0))
	case k1 == fkZero:
		copyOf(in, op(in, 1))
	case k0 == fkOne:
		copyOf(in, op(in, 1))
	case k1 == fkOne:
		copyOf(in, op(in, 0))
	default:
		return false
	}
	return true
}

func redundantFDiv(f *folder, in *builder.Inst, k []*cval) bool {
	if !f.floatFoldingAllowed(in) {
		return false
	}
	if f.floatKindOf(k[0]) == fkZero || f.floatKindOf(k[1]) == fkOne {
		copyOf(in, op(in, 0))
		return true
	}
	return false
}

func redundantFMod(f *folder, in *builder.Inst, k []*cval) bool {
	if !f.floatFoldingAllowed(in) {
		return false
	}
	if f.floatKindOf(k[0]) == fkZero {
		copyOf(in, op(in, 0))
		return true
	}
	return false
}

// redundantFMix folds mix(x, y, 0) to x and mix(x, y, 1) to y.
func redundantFMix(f *folder, in *builder.Inst, k []*cval) bool {
	if !f.floatFoldingAllowed(in) {
		return false
	}
	switch f.floatKindOf(k[4]) {
	case fkZero:
		copyOf(in, op(in, 2))
	case fkOne:
		copyOf(in, op(in, 3))
	default:
		return false
	}
	return true
}

// reciprocalFDiv turns x / C into x * (1/C).
func reciprocalFDiv(f *folder, in *builder.Inst, k []*cval) bool {
	if !f.floatFoldingAllowed(in) || !f.width32or64(in.Type) || k[1] == nil {
		return false
	}
	var id builder.ID
	switch k[1].kind {
	case cvComposite:
		ids := make([]builder.ID, len(k[1].elems))
		for i, e := range k[1].elems {
			if ids[i] = f.reciprocal(e); ids[i] == 0 {
				return false
			}
		}
		id = f.c.B.ConstComposite(k[1].typ, ids...)
	case cvScalar:
		if id = f.reciprocal(k[1]); id == 0 {
			return false
		}
	default:
		return false
	}
	set(in, spv.OpFMul, op(in, 0), id)
	return true
}

// Negation.

// negatedOperand returns the instruction defining the operand of the
// negation in, when the negation rules may fold through it (float folding
// allowed; with widthCheck, 32- or 64-bit results only); nil otherwise.
func (f *folder) negatedOperand(in *builder.Inst, widthCheck bool) *builder.Inst {
	isFloat := f.isFloatType(in.Type)
	if isFloat && !f.floatFoldingAllowed(in) {
		return nil
	}
	x := f.def(op(in, 0))
	if x == nil || !f.floatOK(x, isFloat) || widthCheck && !f.width32or64(in.Type) {
		return nil
	}
	return x
}

// negatedConstOperation returns the operation the negation in negates and
// its operands' constants, when the negation rules may fold through it
// (see negatedOperand), its opcode is one of ops and an operand is
// constant; nil otherwise.
func (f *folder) negatedConstOperation(in *builder.Inst, ops ...spv.Op) (*builder.Inst, []*cval) {
	x := f.negatedOperand(in, true)
	if x == nil || !slices.Contains(ops, x.Op) {
		return nil, nil
	}
	xk := f.operandConstants(x)
	if xk[0] == nil && xk[1] == nil {
		return nil, nil
	}
	return x, xk
}

// mergeNegate folds -(-x) to x.
func mergeNegate(f *folder, in *builder.Inst, k []*cval) bool {
	x := f.negatedOperand(in, false)
	if x == nil {
		return false
	}
	if x.Op == in.Op {
		copyOf(in, op(x, 0))
		return true
	}
	return false
}

// mergeNegateMulDiv folds -(x*C) to x*-C, -(x/C) to x/-C, -(C/x) to -C/x.
func mergeNegateMulDiv(f *folder, in *builder.Inst, k []*cval) bool {
	x, xk := f.negatedConstOperation(in, spv.OpFMul, spv.OpFDiv, spv.OpIMul, spv.OpSDiv)
	if x == nil {
		return false
	}
	if x.Op == spv.OpSDiv && f.hasSignedMin(constInput(xk)) {
		// -INT_MIN is INT_MIN: -(INT_MIN / x) is not INT_MIN / x
		// (spirv-opt folds it anyway)
		return false
	}
	zeroIsVar := xk[0] == nil
	neg := f.negated(constInput(xk))
	nonConst := op(x, 1)
	if zeroIsVar {
		nonConst = op(x, 0)
	}
	if x.Op == spv.OpFDiv || x.Op == spv.OpSDiv {
		if zeroIsVar {
			set(in, x.Op, nonConst, neg)
		} else {
			set(in, x.Op, neg, nonConst)
		}
	} else {
		set(in, x.Op, nonConst, neg)
	}
	return true
}

// mergeNegateAddSub folds -(x+C) to -C-x, -(x-C) to C-x, -(C-x) to x-C.
func mergeNegateAddSub(f *folder, in *builder.Inst, k []*cval) bool {
	x, xk := f.negatedConstOperation(in, spv.OpFAdd, spv.OpFSub, spv.OpIAdd, spv.OpISub)
	if x == nil {
		return false
	}
	zeroIsVar := xk[0] == nil
	isAdd := x.Op == spv.OpFAdd || x.Op == spv.OpIAdd
	var cid builder.ID
	if isAdd {
		cid = f.negated(constInput(xk))
	} else if zeroIsVar {
		cid = op(x, 1)
	} else {
		cid = op(x, 0)
	}
	a, b := cid, op(x, 1)
	if zeroIsVar {
		a, b = op(x, 0), cid
	}
	if !isAdd || zeroIsVar {
		a, b = b, a
	}
	sub := spv.OpISub
	if f.isFloatType(in.Type) {
		sub = spv.OpFSub
	}
	set(in, sub, a, b)
	return true
}

// isNegation reports whether d is a negation (foldable or not).
func isNegation(d *builder.Inst) bool {
	return d != nil && (d.Op == spv.OpSNegate || d.Op == spv.OpFNegate)
}

// foldableNegation reports whether d negates and may be folded through.
func (f *folder) foldableNegation(d *builder.Inst) bool {
	return d != nil && (d.Op == spv.OpSNegate || d.Op == spv.OpFNegate && f.floatFoldingAllowed(d))
}

// mergeDivMulDoubleNegative folds (-x)*(-y) to x*y and (-x)/(-y) to x/y.
func mergeDivMulDoubleNegative(f *folder, in *builder.Inst, k []*cval) bool {
	l, r := f.def(op(in, 0)), f.def(op(in, 1))
	if !isNegation(l) || !isNegation(r) {
		return false // (before the type tests)
	}
	if f.isFloatType(in.Type) && !f.floatFoldingAllowed(in) {
		return false
	}
	if f.foldableNegation(l) && f.foldableNegation(r) {
		set(in, in.Op, op(l, 0), op(r, 0))
		return true
	}
	return false
}

// mergeAddNegate folds (-x)+y and y+(-x) to y-x.
func mergeAddNegate(f *folder, in *builder.Inst, k []*cval) bool {
	l, r := f.def(op(in, 0)), f.def(op(in, 1))
	if !isNegation(l) && !isNegation(r) {
		return false // (before the type tests)
	}
	isFloat := f.isFloatType(in.Type)
	if isFloat && !f.floatFoldingAllowed(in) {
		return false
	}
	sub := spv.OpISub
	if isFloat {
		sub = spv.OpFSub
	}
	for _, p := range [][2]*builder.Inst{{l, r}, {r, l}} {
		if f.foldableNegation(p[0]) {
			set(in, sub, p[1].Result, op(p[0], 0))
			return true
		}
	}
	return false
}

// mergeSubNegate folds y-(-x) to y+x and (-x)-C to -C-x.
func mergeSubNegate(f *folder, in *builder.Inst, k []*cval) bool {
	l, r := f.def(op(in, 0)), f.def(op(in, 1))
	if !isNegation(l) && !isNegation(r) {
		return false // (before the type tests)
	}
	isFloat := f.isFloatType(in.Type)
	if isFloat && !f.floatFoldingAllowed(in) {
		return false
	}
	if f.foldableNegation(r) {
		add := spv.OpIAdd
		if isFloat {
			add = spv.OpFAdd
		}
		set(in, add, l.Result, op(r, 0))
		return true
	}
	if !f.width32or64(in.Type) {
		return false
	}
	if k[1] != nil && f.foldableNegation(l) {
		set(in, in.Op, f.negated(k[1]), op(l, 0))
		return true
	}
	return false
}

// Chains with constants.

// constChain returns what the merge rules share: the constant of in and
// the instruction of its other operand, which must be one of ops (and
// allow float folding); ok false when the rule cannot apply.
func (f *folder) constChain(in *builder.Inst, k []*cval, ops ...spv.Op) (c1 *cval, other *builder.Inst, ok bool) {
	// (The checks that cost no type lookup first: most instructions have
	// no constant operand, and most others' other operand is not one of
	// ops.)
	if c1 = constInput(k); c1 == nil {
		return nil, nil, false
	}
	other = f.nonConstInput(k[0], in)
	if other == nil || !slices.Contains(ops, other.Op) {
		return nil, nil, false
	}
	isFloat := f.isFloatType(in.Type)
	if isFloat && !f.floatFoldingAllowed(in) || !f.width32or64(in.Type) || !f.floatOK(other, isFloat) {
		return nil, nil, false
	}
	return c1, other, true
}

// constChainOf is constChain for the rules that fold two constants
// together: other must also have a constant operand C2. It returns C1,
// other, other's operand constants and C2 (nil when the rule cannot
// apply).
func (f *folder) constChainOf(in *builder.Inst, k []*cval, ops ...spv.Op) (c1 *cval, other *builder.Inst, ok2 []*cval, c2 *cval) {
	c1, other, ok := f.constChain(in, k, ops...)
	if !ok {
		return nil, nil, nil, nil
	}
	ok2 = f.operandConstants(other)
	if c2 = constInput(ok2); c2 == nil {
		return nil, nil, nil, nil
	}
	return c1, other, ok2, c2
}

// mergeMulMul folds (x*C1)*C2 to x*(C1*C2).
func mergeMulMul(f *folder, in *builder.Inst, k []*cval) bool {
	c1, other, ok2, c2 := f.constChainOf(in, k, in.Op)
	if c2 == nil {
		return false
	}
	merged := f.performOperation(in.Op, c1, c2)
	if merged == 0 {
		return false
	}
	x := op(other, 1)
	if ok2[0] == nil {
		x = op(other, 0)
	}
	set(in, in.Op, x, merged)
	return true
}

// mergeMulDiv folds x*(y/x) to y, C1*(x/C2) to x*(C1/C2), C1*(C2/x) to
// (C1*C2)/x.
func mergeMulDiv(f *folder, in *builder.Inst, k []*cval) bool {
	if !f.floatFoldingAllowed(in) || !f.width32or64(in.Type) {
		return false
	}
	for i := 0; i < 2; i++ {
		if d := f.def(op(in, i)); d != nil && d.Op == spv.OpFDiv && op(d, 1) == op(in, 1-i) {
			copyOf(in, op(d, 0))
			return true
		}
	}
	c1 := constInput(k)
	if c1 == nil {
		return false
	}
	other := f.nonConstInput(k[0], in)
	if other == nil || !f.floatFoldingAllowed(other) || other.Op != spv.OpFDiv {
		return false
	}
	ok2 := f.operandConstants(other)
	c2 := constInput(ok2)
	if c2 == nil || hasZeroComponent(c2) {
		return false
	}
	otherFirstVar := ok2[0] == nil
	mop := in.Op
	if otherFirstVar {
		mop = other.Op
	}
	merged := f.performOperation(mop, c1, c2)
	if merged == 0 {
		return false
	}
	if otherFirstVar {
		set(in, in.Op, op(other, 0), merged)
	} else {
		set(in, other.Op, merged, op(other, 1))
	}
	return true
}

// mergeMulNegate folds (-x)*C to x*-C.
func mergeMulNegate(f *folder, in *builder.Inst, k []*cval) bool {
	c1, other, ok := f.constChain(in, k, spv.OpFNegate, spv.OpSNegate)
	if !ok {
		return false
	}
	set(in, in.Op, op(other, 0), f.negated(c1))
	return true
}

// divChainOf is constChainOf for the division rules: C1, in's constant,
// has no zero component, and other must be an otherOp that float
// controls let fold, with a constant operand C2. It returns C1, other,
// other's operand constants and C2 (nil when the rule cannot apply).
func (f *folder) divChainOf(in *builder.Inst, k []*cval, otherOp spv.Op) (c1 *cval, other *builder.Inst, ok2 []*cval, c2 *cval) {
	if c1 = constInput(k); c1 == nil || hasZeroComponent(c1) {
		return nil, nil, nil, nil
	}
	other = f.nonConstInput(k[0], in)
	if other == nil || !f.floatFoldingAllowed(other) || other.Op != otherOp {
		return nil, nil, nil, nil
	}
	ok2 = f.operandConstants(other)
	if c2 = constInput(ok2); c2 == nil {
		return nil, nil, nil, nil
	}
	return c1, other, ok2, c2
}

// mergeDivDiv folds chains of divisions by constants.
func mergeDivDiv(f *folder, in *builder.Inst, k []*cval) bool {
	if !f.floatFoldingAllowed(in) || !f.width32or64(in.Type) {
		return false
	}
	c1, other, ok2, c2 := f.divChainOf(in, k, in.Op)
	if c2 == nil || hasZeroComponent(c2) {
		return false
	}
	firstVar := k[0] == nil
	otherFirstVar := ok2[0] == nil
	mop := in.Op
	if otherFirstVar {
		mop = spv.OpFMul
	}
	if firstVar {
		c1, c2 = c2, c1
	}
	merged := f.performOperation(mop, c1, c2)
	if merged == 0 {
		return false
	}
	x := op(other, 1)
	if otherFirstVar {
		x = op(other, 0)
	}
	o := in.Op
	if !firstVar && !otherFirstVar {
		o = spv.OpFMul
	}
	a, b := merged, x
	if firstVar && otherFirstVar {
		a, b = b, a
	}
	set(in, o, a, b)
	return true
}

// mergeDivMul folds (x*y)/x to y, (x*C1)/C2 to x*(C1/C2), C1/(x*C2) to
// (C1/C2)/x.
func mergeDivMul(f *folder, in *builder.Inst, k []*cval) bool {
	if !f.floatFoldingAllowed(in) || !f.width32or64(in.Type) {
		return false
	}
	if d := f.def(op(in, 0)); d != nil && d.Op == spv.OpFMul {
		for i := 0; i < 2; i++ {
			if op(d, i) == op(in, 1) {
				copyOf(in, op(d, 1-i))
				return true
			}
		}
	}
	c1, other, ok2, c2 := f.divChainOf(in, k, spv.OpFMul)
	if c2 == nil {
		return false
	}
	firstVar := k[0] == nil
	if firstVar {
		c1, c2 = c2, c1
	}
	merged := f.performOperation(in.Op, c1, c2)
	if merged == 0 {
		return false
	}
	x := op(other, 1)
	if ok2[0] == nil {
		x = op(other, 0)
	}
	a, b := merged, x
	o := in.Op
	if firstVar {
		a, b = b, a
		o = other.Op
	}
	set(in, o, a, b)
	return true
}

// mergeDivNegate folds (-x)/C to x/-C and C/(-x) to -C/x.
func mergeDivNegate(f *folder, in *builder.Inst, k []*cval) bool {
	if !f.floatFoldingAllowed(in) {
		return false
	}
	c1 := constInput(k)
	if c1 == nil {
		return false
	}
	other := f.nonConstInput(k[0], in)
	if other == nil || !f.floatFoldingAllowed(other) || other.Op != spv.OpFNegate {
		return false
	}
	neg := f.negated(c1)
	if k[0] == nil {
		set(in, in.Op, op(other, 0), neg)
	} else {
		set(in, in.Op, neg, op(other, 0))
	}
	return true
}

// mergeAddAdd folds (x+C1)+C2 to x+(C1+C2).
func mergeAddAdd(f *folder, in *builder.Inst, k []*cval) bool {
	c1, other, ok2, c2 := f.constChainOf(in, k, spv.OpFAdd, spv.OpIAdd)
	if c2 == nil {
		return false
	}
	x := f.nonConstInput(ok2[0], other)
	merged := f.performOperation(in.Op, c1, c2)
	if merged == 0 {
		return false
	}
	set(in, in.Op, x.Result, merged)
	return true
}

// mergeAddSub folds (x-C1)+C2 to x+(C2-C1)... and (C1-x)+C2 to (C1+C2)-x.
func mergeAddSub(f *folder, in *builder.Inst, k []*cval) bool {
	c1, other, ok2, c2 := f.constChainOf(in, k, spv.OpFSub, spv.OpISub)
	if c2 == nil {
		return false
	}
	o := in.Op
	var a, b builder.ID
	if ok2[0] == nil {
		a, b = op(other, 0), f.performOperation(other.Op, c1, c2)
	} else {
		a, b = f.performOperation(in.Op, c1, c2), op(other, 1)
		o = other.Op
	}
	if a == 0 || b == 0 {
		return false
	}
	set(in, o, a, b)
	return true
}

// mergeSubAdd folds (x+C1)-C2 to x+(C1-C2) and C1-(x+C2) to (C1-C2)-x.
func mergeSubAdd(f *folder, in *builder.Inst, k []*cval) bool {
	c1, other, ok2, c2 := f.constChainOf(in, k, spv.OpFAdd, spv.OpIAdd)
	if c2 == nil {
		return false
	}
	x := f.nonConstInput(ok2[0], other)
	if k[0] == nil {
		c1, c2 = c2, c1
	}
	merged := f.performOperation(in.Op, c1, c2)
	o := in.Op
	var a, b builder.ID
	if k[0] == nil {
		a, b, o = x.Result, merged, other.Op
	} else {
		a, b = merged, x.Result
	}
	if a == 0 || b == 0 {
		return false
	}
	set(in, o, a, b)
	return true
}

// mergeSubSub folds chains of subtractions of constants.
func mergeSubSub(f *folder, in *builder.Inst, k []*cval) bool {
	c1, other, ok := f.constChain(in, k, spv.OpFSub, spv.OpISub)
	if !ok {
		return false
	}
	isFloat := f.isFloatType(in.Type)
	add := spv.OpIAdd
	if isFloat {
		add = spv.OpFAdd
	}
	ok2 := f.operandConstants(other)
	c2 := constInput(ok2)
	if c2 == nil {
		return false
	}
	x := f.nonConstInput(ok2[0], other)
	mop := in.Op
	if ok2[0] == nil {
		mop = add
	} else if k[0] == nil {
		c1, c2 = c2, c1
	}
	merged := f.performOperation(mop, c1, c2)
	if merged == 0 {
		return false
	}
	o := in.Op
	if k[0] != nil && ok2[0] != nil {
		o = add
	}
	a, b := x.Result, merged
	if (k[0] == nil) != (ok2[0] == nil) {
		a, b = merged, x.Result
	}
	set(in, o, a, b)
	return true
}

// mergeGenericAddSub folds (a-b)+b and b+(a-b) to a.
func mergeGenericAddSub(f *folder, in *builder.Inst, k []*cval) bool {
	isSub := func(id builder.ID) bool {
		d := f.def(id)
		return d != nil && (d.Op == spv.OpFSub || d.Op == spv.OpISub)
	}
	if !isSub(op(in, 0)) && !isSub(op(in, 1)) {
		return false // (before the type tests: most additions have no subtraction operand)
	}
	isFloat := f.isFloatType(in.Type)
	if isFloat && !f.floatFoldingAllowed(in) || !f.width32or64(in.Type) {
		return false
	}
	try := func(addend, sub builder.ID) bool {
		s := f.def(sub)
		if s == nil || s.Op != spv.OpFSub && s.Op != spv.OpISub {
			return false
		}
		if s.Op == spv.OpFSub && !f.floatFoldingAllowed(s) {
			return false
		}
		if addend != op(s, 1) {
			return false
		}
		copyOf(in, op(s, 0))
		return true
	}
	return try(op(in, 0), op(in, 1)) || try(op(in, 1), op(in, 0))
}

// factorAddSubMuls folds a*b + a*c to a*(b+c) (and the same for -), when
// both products have no other use.
func factorAddSubMuls(f *folder, in *builder.Inst, k []*cval) bool {
	m0, m1 := f.def(op(in, 0)), f.def(op(in, 1))
	isMul := func(d *builder.Inst) bool { return d != nil && (d.Op == spv.OpFMul || d.Op == spv.OpIMul) }
	if !isMul(m0) || !isMul(m1) {
		return false
	}
	isFloat := f.isFloatType(in.Type)
	if isFloat && !f.floatFoldingAllowed(in) {
		return false
	}
	if f.c.DU.NumUsers(m0.Result) > 1 || f.c.DU.NumUsers(m1.Result) > 1 {
		return false
	}
	if m0.Op == spv.OpFMul && (!f.floatFoldingAllowed(m0) || !f.floatFoldingAllowed(m1)) {
		return false
	}
	for i := 0; i < 2; i++ {
		for j := 0; j < 2; j++ {
			if op(m0, i) != op(m1, j) {
				continue
			}
			sum := f.newBinary(in, in.Op, in.Type, op(m0, 1-i), op(m1, 1-j))
			if sum == nil {
				return false
			}
			mul := spv.OpIMul
			if in.Op == spv.OpFAdd || in.Op == spv.OpFSub {
				mul = spv.OpFMul
			}
			set(in, mul, op(m0, i), sum.Result)
			return true
		}
	}
	return false
}

// reassociateNestedInt folds (a*C0)*(C1*b) to (C0*C1)*(a*b), and the same
// for |, ^ and &.
func reassociateNestedInt(opc spv.Op) foldRule {
	return func(f *folder, in *builder.Inst, k []*cval) bool {
		if k[0] != nil || k[1] != nil || in.Op != opc || !f.width32or64(in.Type) {
			return false
		}
		l, r := f.def(op(in, 0)), f.def(op(in, 1))
		if l == nil || r == nil || l.Op != opc || r.Op != opc {
			return false
		}
		lk, rk := f.operandConstants(l), f.operandConstants(r)
		lc, rc := constInput(lk), constInput(rk)
		if lc == nil || rc == nil {
			return false
		}
		merged := f.performOperation(opc, lc, rc)
		if merged == 0 {
			return false
		}
		nr := f.newBinary(in, opc, in.Type, f.nonConstInput(lk[0], l).Result, f.nonConstInput(rk[0], r).Result)
		if nr == nil {
			return false
		}
		set(in, in.Op, merged, nr.Result)
		return true
	}
}

// reassociateNestedMulDiv folds products and quotients of two
// products/quotients with constants: (a*C0)/(C1/b) = (C0/C1)*(a*b)...
func reassociateNestedMulDiv(f *folder, in *builder.Inst, k []*cval) bool {
	if k[0] != nil || k[1] != nil || !f.width32or64(in.Type) || !f.floatFoldingAllowed(in) {
		return false
	}
	l, r := f.def(op(in, 0)), f.def(op(in, 1))
	isMD := func(d *builder.Inst) bool { return d != nil && (d.Op == spv.OpFMul || d.Op == spv.OpFDiv) }
	if !isMD(l) || !isMD(r) || !f.floatFoldingAllowed(l) || !f.floatFoldingAllowed(r) {
		return false
	}
	lk, rk := f.operandConstants(l), f.operandConstants(r)
	if lk[0] == nil && lk[1] == nil || rk[0] == nil && rk[1] == nil {
		return false
	}
	lc, rc := constInput(lk), constInput(rk)
	lDiv, rDiv := l.Op == spv.OpFDiv, r.Op == spv.OpFDiv
	constLRcp := lk[0] == nil && lDiv
	constRRcp := rk[0] == nil && rDiv
	nl, nlRcp := op(l, 0), false
	if lk[0] != nil {
		nl, nlRcp = op(l, 1), lDiv
	}
	nr, nrRcp := op(r, 0), false
	if rk[0] != nil {
		nr, nrRcp = op(r, 1), rDiv
	}
	if in.Op == spv.OpFDiv {
		constRRcp, nrRcp = !constRRcp, !nrRcp
	}
	if (constLRcp || constRRcp) && f.c.B.TypeOp(in.Type) == spv.OpTypeVector {
		return false // (spirv-opt takes reciprocals of scalars only)
	}
	if constLRcp {
		if lc = f.constOf(f.reciprocal(lc)); lc == nil {
			return false
		}
	}
	if constRRcp {
		if rc = f.constOf(f.reciprocal(rc)); rc == nil {
			return false
		}
	}
	merged := f.performOperation(spv.OpFMul, lc, rc)
	if merged == 0 {
		return false
	}
	var nrhs *builder.Inst
	o := spv.OpFMul
	switch {
	case !nlRcp && !nrRcp:
		nrhs = f.newBinary(in, spv.OpFMul, in.Type, nl, nr)
	case nlRcp && !nrRcp:
		nrhs = f.newBinary(in, spv.OpFDiv, in.Type, nr, nl)
	case !nlRcp && nrRcp:
		nrhs = f.newBinary(in, spv.OpFDiv, in.Type, nl, nr)
	default:
		nrhs = f.newBinary(in, spv.OpFMul, in.Type, nl, nr)
		o = spv.OpFDiv
	}
	if nrhs == nil {
		return false
	}
	set(in, o, merged, nrhs.Result)
	return true
}

// reassociateNestedAddSub folds sums and differences of two sums or
// differences with constants: (a+C0)-(C1-b) = (C0-C1)+(a+b)...
func reassociateNestedAddSub(f *folder, in *builder.Inst, k []*cval) bool {
	if k[0] != nil || k[1] != nil || !f.width32or64(in.Type) {
		return false
	}
	isFloat := f.isFloatType(in.Type)
	if isFloat && !f.floatFoldingAllowed(in) {
		return false
	}
	l, r := f.def(op(in, 0)), f.def(op(in, 1))
	add, sub := spv.OpIAdd, spv.OpISub
	if isFloat {
		add, sub = spv.OpFAdd, spv.OpFSub
	}
	isAS := func(d *builder.Inst) bool { return d != nil && (d.Op == add || d.Op == sub) }
	if !isAS(l) || !isAS(r) {
		return false
	}
	if isFloat && (!f.floatFoldingAllowed(l) || !f.floatFoldingAllowed(r)) {
		return false
	}
	lk, rk := f.operandConstants(l), f.operandConstants(r)
	if lk[0] == nil && lk[1] == nil || rk[0] == nil && rk[1] == nil {
		return false
	}
	lc, rc := constInput(lk), constInput(rk)
	lSub, rSub := l.Op == sub, r.Op == sub
	constLNeg := lk[0] == nil && lSub
	constRNeg := rk[0] == nil && rSub
	nl, nlNeg := op(l, 0), false
	if lk[0] != nil {
		nl, nlNeg = op(l, 1), lSub
	}
	nr, nrNeg := op(r, 0), false
	if rk[0] != nil {
		nr, nrNeg = op(r, 1), rSub
	}
	if in.Op == spv.OpFSub || in.Op == spv.OpISub {
		constRNeg, nrNeg = !constRNeg, !nrNeg
	}
	if constLNeg {
		if lc = f.constOf(f.negated(lc)); lc == nil {
			return false
		}
	}
	if constRNeg {
		if rc = f.constOf(f.negated(rc)); rc == nil {
			return false
		}
	}
	merged := f.performOperation(add, lc, rc)
	if merged == 0 {
		return false
	}
	var nrhs *builder.Inst
	o := add
	switch {
	case !nlNeg && !nrNeg:
		nrhs = f.newBinary(in, add, in.Type, nl, nr)
	case nlNeg && !nrNeg:
		nrhs = f.newBinary(in, sub, in.Type, nr, nl)
	case !nlNeg && nrNeg:
		nrhs = f.newBinary(in, sub, in.Type, nl, nr)
	default:
		nrhs = f.newBinary(in, add, in.Type, nl, nr)
		o = sub
	}
	if nrhs == nil {
		return false
	}
	set(in, o, merged, nrhs.Result)
	return true
}

// reassociateCommutative folds A|(b|C) to b|(A|C), and the same for ^ and &.
func reassociateCommutative(f *folder, in *builder.Inst, k []*cval) bool {
	if f.elementWidth(in.Type) != 32 {
		return false
	}
	c1 := constInput(k)
	if c1 == nil {
		return false
	}
	other := f.nonConstInput(k[0], in)
	if other == nil || other.Op != in.Op {
		return false
	}
	ok2 := f.operandConstants(other)
	c2 := constInput(ok2)
	if c2 == nil {
		return false
	}
	x := f.nonConstInput(ok2[0], other)
	merged := f.performOperation(in.Op, c1, c2)
	if merged == 0 {
		return false
	}
	set(in, in.Op, x.Result, merged)
	return true
}

// intPairs calls fn on the components of two integer constants (or the
// constants themselves).
func (f *folder) intPairs(a, b *cval, fn func(x, y uint64)) {
	if f.c.B.TypeOp(a.typ) == spv.OpTypeVector {
		for i := range f.c.B.ComponentCount(a.typ) {
			fn(a.component(f, i).bits, b.component(f, i).bits)
		}
		return
	}
	fn(a.bits, b.bits)
}

// bitsChainOf is constChainOf for the rules on bits, which have no float
// checks: in (32 or 64 bits wide) has a constant operand C1 and other, its
// other operand, is one of ops with a constant operand C2. It returns C1,
// other, other's operand constants and C2 (nil when the rule cannot
// apply).
func (f *folder) bitsChainOf(in *builder.Inst, k []*cval, ops ...spv.Op) (c1 *cval, other *builder.Inst, ok2 []*cval, c2 *cval) {
	if c1 = constInput(k); c1 == nil {
		return nil, nil, nil, nil
	}
	if !f.width32or64(in.Type) {
		return nil, nil, nil, nil
	}
	other = f.nonConstInput(k[0], in)
	if other == nil || !slices.Contains(ops, other.Op) {
		return nil, nil, nil, nil
	}
	ok2 = f.operandConstants(other)
	if c2 = constInput(ok2); c2 == nil {
		return nil, nil, nil, nil
	}
	return c1, other, ok2, c2
}

// redundantAndOrXor folds C1 & (a | C2) to C1 when C1 is within C2, and
// C1 & (a |^ C2) to a & C1 when they share no bits.
func redundantAndOrXor(f *folder, in *builder.Inst, k []*cval) bool {
	c1, other, ok2, c2 := f.bitsChainOf(in, k, spv.OpBitwiseOr, spv.OpBitwiseXor)
	if c2 == nil {
		return false
	}
	toConst := other.Op == spv.OpBitwiseOr
	removeInner := true
	f.intPairs(c1, c2, func(x, y uint64) {
		toConst = toConst && x&y == x
		removeInner = removeInner && x&y == 0
	})
	switch {
	case toConst:
		copyOf(in, f.define(c1))
	case removeInner:
		set(in, in.Op, f.nonConstInput(ok2[0], other).Result, f.define(c1))
	default:
		return false
	}
	return true
}

// redundantAndAddSub folds C1 & (b +- C2) to b & C1 when the addition
// cannot change C1's bits.
func redundantAndAddSub(f *folder, in *builder.Inst, k []*cval) bool {
	c1, other, ok2, c2 := f.bitsChainOf(in, k, spv.OpIAdd, spv.OpISub)
	if c2 == nil || other.Op == spv.OpISub && ok2[0] != nil {
		return false
	}
	w := f.elementWidth(in.Type)
	removeInner := true
	f.intPairs(c1, c2, func(and, add uint64) {
		if removeInner {
			removeInner = lsb(add, w) > and
		}
	})
	if !removeInner {
		return false
	}
	set(in, in.Op, f.nonConstInput(ok2[0], other).Result, f.define(c1))
	return true
}

// lsb returns the lowest set bit of v as a mask (0 for 0), as a value of
// width w.
func lsb(v uint64, w uint32) uint64 {
	if w < 64 {
		v &= 1<<w - 1
	}
	if v == 0 {
		return 0
	}
	return 1 << bits.TrailingZeros64(v)
}

// redundantAndShift folds C & (b << S) (or >>) to 0 when the shift clears
// every bit of C.
func redundantAndShift(f *folder, in *builder.Inst, k []*cval) bool {
	w := f.elementWidth(in.Type)
	if w != 8 && w != 16 && w != 32 && w != 64 {
		return false
	}
	mask := ^uint64(0)
	if w < 64 {
		mask = 1<<w - 1
	}
	c1 := constInput(k)
	if c1 == nil {
		return false
	}
	other := f.nonConstInput(k[0], in)
	if other == nil || other.Op != spv.OpShiftLeftLogical && other.Op != spv.OpShiftRightLogical {
		return false
	}
	ok2 := f.operandConstants(other)
	if ok2[0] != nil || ok2[1] == nil {
		return false
	}
	c2 := ok2[1]
	can := func(m, s *cval) bool {
		if f.c.B.TypeOp(m.typ) != spv.OpTypeInt || f.c.B.TypeOp(s.typ) != spv.OpTypeInt {
			return false
		}
		lhs, rhs := f.zext(m), f.zext(s)
		if rhs >= uint64(w) {
			return false
		}
		lhs &= mask
		if other.Op == spv.OpShiftRightLogical {
			return (lhs<<rhs)&mask == 0
		}
		return (lhs>>rhs)&mask == 0
	}
	vecM := f.c.B.TypeOp(in.Type) == spv.OpTypeVector
	vecS := f.c.B.TypeOp(c2.typ) == spv.OpTypeVector
	if vecM {
		if !vecS || f.c.B.ComponentCount(c2.typ) != f.c.B.ComponentCount(in.Type) {
			return false
		}
		for i := range f.c.B.ComponentCount(in.Type) {
			if !can(c1.component(f, i), c2.component(f, i)) {
				return false
			}
		}
	} else if vecS || !can(c1, c2) {
		return false
	}
	copyOf(in, f.define(nullOf(in.Type)))
	return true
}

// mergeBinaryOpSelectOps are the operations moved into a select of
// constants.
var mergeBinaryOpSelectOps = []spv.Op{spv.OpLogicalEqual, spv.OpLogicalNotEqual, spv.OpLogicalAnd, spv.OpLogicalOr,
	spv.OpIEqual, spv.OpINotEqual, spv.OpUGreaterThan, spv.OpSGreaterThan, spv.OpUGreaterThanEqual,
	spv.OpSGreaterThanEqual, spv.OpULessThan, spv.OpSLessThan, spv.OpULessThanEqual, spv.OpSLessThanEqual,
	spv.OpFOrdEqual, spv.OpFUnordEqual, spv.OpFOrdNotEqual, spv.OpFUnordNotEqual, spv.OpFOrdLessThan,
	spv.OpFUnordLessThan, spv.OpFOrdGreaterThan, spv.OpFUnordGreaterThan, spv.OpFOrdLessThanEqual,
	spv.OpFUnordLessThanEqual, spv.OpFOrdGreaterThanEqual, spv.OpFUnordGreaterThanEqual, spv.OpIAdd, spv.OpFAdd,
	spv.OpISub, spv.OpFSub, spv.OpIMul, spv.OpFMul, spv.OpUDiv, spv.OpSDiv, spv.OpFDiv, spv.OpVectorTimesScalar,
	spv.OpShiftRightLogical, spv.OpShiftRightArithmetic, spv.OpShiftLeftLogical, spv.OpBitwiseXor,
	spv.OpBitwiseOr, spv.OpBitwiseAnd}

// mergeBinaryOpSelect folds (a ? C0 : C1) op C2 to a ? (C0 op C2) : (C1 op
// C2), the two new operations folded right away.
func mergeBinaryOpSelect(opc spv.Op) foldRule {
	return func(f *folder, in *builder.Inst, k []*cval) bool {
		c := constInput(k)
		if c == nil {
			return false
		}
		sel := f.nonConstInput(k[0], in)
		if sel == nil || sel.Op != spv.OpSelect {
			return false
		}
		sk := f.operandConstants(sel)
		if sk[1] == nil || sk[2] == nil {
			return false
		}
		if f.c.B.TypeOp(in.Type) == spv.OpTypeVector {
			cond := f.c.DU.TypeOf(op(sel, 0))
			if f.c.B.TypeOp(cond) != spv.OpTypeVector && f.c.M.Version < spv.Version1_4 {
				return false
			}
		}
		var l, r *builder.Inst
		if k[0] != nil {
			l = f.newBinary(in, opc, in.Type, op(in, 0), op(sel, 1))
			r = f.newBinary(in, opc, in.Type, op(in, 0), op(sel, 2))
		} else {
			l = f.newBinary(in, opc, in.Type, op(sel, 1), op(in, 1))
			r = f.newBinary(in, opc, in.Type, op(sel, 2), op(in, 1))
		}
		if l == nil || r == nil {
			return false
		}
		resolve := func(d *builder.Inst) builder.ID {
			if f.c.FoldInstruction(d) {
				for d != nil && d.Op == spv.OpCopyObject {
					d = f.def(op(d, 0))
				}
			}
			if d == nil {
				return 0
			}
			return d.Result
		}
		li, ri := resolve(l), resolve(r)
		if li == 0 || ri == 0 {
			return false
		}
		set(in, spv.OpSelect, op(sel, 0), li, ri)
		return true
	}
}

// Booleans.

func redundantLogicalAnd(f *folder, in *builder.Inst, k []*cval) bool {
	if v, ok := boolKind(constInput(k)); ok && v {
		copyOf(in, f.nonConstInput(k[0], in).Result)
		return true
	}
	return false
}

func redundantLogicalOr(f *folder, in *builder.Inst, k []*cval) bool {
	if v, ok := boolKind(constInput(k)); ok && !v {
		copyOf(in, f.nonConstInput(k[0], in).Result)
		return true
	}
	return false
}

func redundantLogicalNot(f *folder, in *builder.Inst, k []*cval) bool {
	if d := f.def(op(in, 0)); d != nil && d.Op == spv.OpLogicalNot {
		copyOf(in, op(d, 0))
		return true
	}
	return false
}

// inverseComparison maps a comparison to the one !cmp is.
var inverseComparison = map[spv.Op]spv.Op{
	spv.OpIEqual: spv.OpINotEqual, spv.OpINotEqual: spv.OpIEqual,
	spv.OpFOrdEqual: spv.OpFUnordNotEqual, spv.OpFOrdNotEqual: spv.OpFUnordEqual,
	spv.OpFUnordEqual: spv.OpFOrdNotEqual, spv.OpFUnordNotEqual: spv.OpFOrdEqual,
	spv.OpLogicalEqual: spv.OpLogicalNotEqual, spv.OpLogicalNotEqual: spv.OpLogicalEqual,
	spv.OpUGreaterThan: spv.OpULessThanEqual, spv.OpULessThanEqual: spv.OpUGreaterThan,
	spv.OpSGreaterThan: spv.OpSLessThanEqual, spv.OpSLessThanEqual: spv.OpSGreaterThan,
	spv.OpFOrdGreaterThan: spv.OpFUnordLessThanEqual, spv.OpFOrdLessThanEqual: spv.OpFUnordGreaterThan,
	spv.OpFUnordGreaterThan: spv.OpFOrdLessThanEqual, spv.OpFUnordLessThanEqual: spv.OpFOrdGreaterThan,
	spv.OpULessThan: spv.OpUGreaterThanEqual, spv.OpUGreaterThanEqual: spv.OpULessThan,
	spv.OpSLessThan: spv.OpSGreaterThanEqual, spv.OpSGreaterThanEqual: spv.OpSLessThan,
	spv.OpFOrdLessThan: spv.OpFUnordGreaterThanEqual, spv.OpFOrdGreaterThanEqual: spv.OpFUnordLessThan,
	spv.OpFUnordLessThan: spv.OpFOrdGreaterThanEqual, spv.OpFUnordGreaterThanEqual: spv.OpFOrdLessThan,
}

// logicalNotComparison folds !(a < b) to a >= b when the comparison has no
// other use.
func logicalNotComparison(f *folder, in *builder.Inst, k []*cval) bool {
	d := f.def(op(in, 0))
	if d == nil || f.c.DU.NumUsers(d.Result) > 1 {
		return false
	}
	inv, ok := inverseComparison[d.Op]
	if !ok {
		return false
	}
	set(in, inv, op(d, 0), op(d, 1))
	return true
}

// redundantLogicalEqual folds a == true to a, a == false to !a (and !=).
func redundantLogicalEqual(f *folder, in *builder.Inst, k []*cval) bool {
	c := constInput(k)
	if c == nil || in.Type != f.c.DU.TypeOf(op(in, 0)) {
		return false
	}
	v, ok := boolKind(c)
	if !ok {
		return false
	}
	direct := v
	if in.Op == spv.OpLogicalNotEqual {
		direct = !v
	}
	o := spv.OpLogicalNot
	if direct {
		o = spv.OpCopyObject
	}
	set(in, o, f.nonConstInput(k[0], in).Result)
	return true
}

// redundantSelect folds a select of two equal values, or on a constant
// condition (a vector condition becomes a shuffle).
func redundantSelect(f *folder, in *builder.Inst, k []*cval) bool {
	t, e := op(in, 1), op(in, 2)
	if t == e {
		copyOf(in, t)
		return true
	}
	c := k[0]
	if c == nil {
		return false
	}
	if f.c.B.TypeOp(c.typ) == spv.OpTypeBool {
		if c.kind == cvNull || c.bits == 0 {
			copyOf(in, e)
		} else {
			copyOf(in, t)
		}
		return true
	}
	if c.kind == cvNull {
		copyOf(in, e)
		return true
	}
	ops := builder.Refs(t, e)
	n := uint32(len(c.elems))
	for i, comp := range c.elems {
		idx := uint32(i)
		if comp.kind == cvNull || comp.bits == 0 {
			idx += n
		}
		ops = append(ops, builder.Lit(idx))
	}
	in.Op = spv.OpVectorShuffle
	in.Operands = ops
	return true
}

// constantBooleanSelect folds x ? true : false to x and x ? false : true to
// !x.
func constantBooleanSelect(f *folder, in *builder.Inst, k []*cval) bool {
	if k[1] == nil || k[2] == nil || in.Type != f.c.DU.TypeOf(op(in, 0)) {
		return false
	}
	t, ok1 := boolKind(k[1])
	e, ok2 := boolKind(k[2])
	if !ok1 || !ok2 {
		return false
	}
	switch {
	case t && !e:
		copyOf(in, op(in, 0))
	case !t && e:
		set(in, spv.OpLogicalNot, op(in, 0))
	default:
		return false
	}
	return true
}

// Phis, bitcasts, stores.

// redundantPhi folds a phi whose incoming values are all one value (or
// the phi itself).
func redundantPhi(f *folder, in *builder.Inst, k []*cval) bool {
	var v builder.ID
	for _, p := range in.Operands {
		id := p.Params()[0].ID()
		if id == in.Result {
			continue
		}
		if v == 0 {
			v = id
		} else if id != v {
			return false
		}
	}
	if v == 0 {
		return false
	}
	copyOf(in, v)
	return true
}

// numericWords returns a numeric scalar or vector constant as the 32-bit
// words of its bits (narrow vector components packed), nil if it is not
// one.
func (f *folder) numericWords(c *cval) []uint32 {
	b := f.c.B
	switch c.kind {
	case cvScalar:
		if b.ScalarWidth(c.typ) == 64 {
			return []uint32{uint32(c.bits), uint32(c.bits >> 32)}
		}
		if b.TypeOp(c.typ) == spv.OpTypeInt && b.IsSigned(c.typ) {
			return []uint32{uint32(f.sext(c))}
		}
		return []uint32{uint32(c.bits)}
	case cvComposite:
		var words []uint32
		for _, e := range c.elems {
			w := f.numericWords(e)
			if w == nil {
				return nil
			}
			words = append(words, w...)
		}
		switch f.elementWidth(c.typ) {
		case 8:
			var packed uint32
			for i := len(words) - 1; i >= 0; i-- {
				packed = packed<<8 | words[i]&0xff
			}
			return []uint32{packed}
		case 16:
			var out []uint32
			for i := 0; i < len(words); i += 2 {
				var hi uint32
				if i+1 < len(words) {
					hi = words[i+1]
				}
				out = append(out, hi<<16|words[i]&0xffff)
			}
			return out
		}
		return words
	case cvNull:
		n := uint32(1)
		if b.TypeOp(c.typ) == spv.OpTypeVector {
			n = b.ComponentCount(c.typ)
		}
		switch w := f.elementWidth(c.typ); {
		case w < 32:
			n = (n + 1) / 2
		case w == 64:
			n *= 2
		}
		return make([]uint32, n)
	}
	return nil
}

// fromWords makes the numeric scalar or vector constant of typ from 32-bit
// words (the inverse of numericWords for 32- and 64-bit components).
func (f *folder) fromWords(typ builder.ID, words []uint32) *cval {
	b := f.c.B
	switch b.TypeOp(typ) {
	case spv.OpTypeInt, spv.OpTypeFloat:
		if b.ScalarWidth(typ) == 64 {
			if len(words) != 2 {
				return nil
			}
			return f.scalarOf(typ, uint64(words[0])|uint64(words[1])<<32)
		}
		if len(words) != 1 {
			return nil
		}
		return f.scalarOf(typ, uint64(words[0]))
	case spv.OpTypeVector:
		elem := b.ElementType(typ)
		n := int(b.ComponentCount(typ))
		var per int
		switch b.ScalarWidth(elem) {
		case 32:
			per = 1
		case 64:
			per = 2
		default:
			return nil
		}
		if len(words) != n*per {
			return nil
		}
		out := make([]*cval, n)
		for i := range out {
			if out[i] = f.fromWords(elem, words[i*per:(i+1)*per]); out[i] == nil {
				return nil
			}
			f.define(out[i])
		}
		return composite(typ, out)
	}
	return nil
}

// bitcastConstant folds a bitcast of a numeric constant.
func bitcastConstant(f *folder, in *builder.Inst, k []*cval) bool {
	if k[0] == nil || f.isFloatType(in.Type) && !f.floatFoldingAllowed(in) {
		return false
	}
	words := f.numericWords(k[0])
	if len(words) == 0 {
		return false
	}
	v := f.fromWords(in.Type, words)
	if v == nil {
		return false
	}
	copyOf(in, f.define(v))
	return true
}

// redundantBitcast folds a bitcast to the operand's own type, and a
// bitcast of a bitcast.
func redundantBitcast(f *folder, in *builder.Inst, k []*cval) bool {
	child := f.def(op(in, 0))
	if child == nil {
		return false
	}
	if in.Type == child.Type {
		copyOf(in, child.Result)
		return true
	}
	if child.Op != spv.OpBitcast {
		return false
	}
	src := op(child, 0)
	if f.c.DU.TypeOf(src) == in.Type {
		copyOf(in, src)
	} else {
		set(in, spv.OpBitcast, src)
	}
	return true
}

func bitReverseConstant(f *folder, in *builder.Inst, k []*cval) bool {
	if k[0] == nil {
		return false
	}
	words := f.numericWords(k[0])
	if len(words) == 0 {
		return false
	}
	for i, w := range words {
		words[i] = bits.Reverse32(w)
	}
	v := f.fromWords(in.Type, words)
	if v == nil {
		return false
	}
	copyOf(in, f.define(v))
	return true
}

// storingUndef deletes a (non-volatile) store of an OpUndef.
func storingUndef(f *folder, in *builder.Inst, k []*cval) bool {
	if len(in.Operands) > 2 && in.Operands[2].Word&uint32(spv.MemoryAccessVolatile) != 0 {
		return false
	}
	if d := f.def(op(in, 1)); d != nil && d.Op == spv.OpUndef {
		in.Op, in.Operands, in.Type = spv.OpNop, nil, 0
		return true
	}
	return false
}

// Composites.

// elementTypeAlong returns the type reached from typ by the literal
// indexes, 0 if there is none.
func (f *folder) elementTypeAlong(typ builder.ID, idx []builder.Operand) builder.ID {
	b := f.c.B
	for _, o := range idx {
		switch b.TypeOp(typ) {
		case spv.OpTypeArray, spv.OpTypeMatrix, spv.OpTypeVector, spv.OpTypeRuntimeArray:
			typ = b.ElementType(typ)
		case spv.OpTypeStruct:
			typ = b.MemberType(typ, o.Word)
		default:
			return 0
		}
	}
	return typ
}

// sameIndexesButLast reports whether two extracts (or two inserts) index
// alike down to their last index.
func sameIndexesButLast(a, b *builder.Inst) bool {
	if len(a.Operands) != len(b.Operands) {
		return false
	}
	first := 1
	if a.Op == spv.OpCompositeInsert {
		first = 2
	}
	for i := first; i < len(a.Operands)-1; i++ {
		if a.Operands[i].Word != b.Operands[i].Word {
			return false
		}
	}
	return true
}

// extractsFeedingConstruct folds a construct that puts back together the
// elements extracted, in order, from one object.
func extractsFeedingConstruct(f *folder, in *builder.Inst, k []*cval) bool {
	if len(in.Operands) == 0 {
		return false
	}
	var first *builder.Inst
	var orig builder.ID
	for i := range in.Operands {
		e := f.def(op(in, i))
		if first == nil {
			first = e
		}
		if e == nil || e.Op != spv.OpCompositeExtract || !sameIndexesButLast(e, first) {
			return false
		}
		if e.Operands[len(e.Operands)-1].Word != uint32(i) {
			return false
		}
		if i == 0 {
			orig = op(e, 0)
		} else if orig != op(e, 0) {
			return false
		}
	}
	origType := f.elementTypeAlong(f.c.DU.TypeOf(orig), first.Operands[1:len(first.Operands)-1])
	if in.Type != origType {
		return false
	}
	if len(first.Operands) == 2 {
		copyOf(in, orig)
		return true
	}
	in.Op = spv.OpCompositeExtract
	in.Operands = slices.Clone(first.Operands[:len(first.Operands)-1])
	return true
}

// constructFeedingCopyLogical turns a copy-logical of a construct into a
// construct of the result type, copying only the members whose types
// differ.
func constructFeedingCopyLogical(f *folder, in *builder.Inst, k []*cval) bool {
	src := f.def(op(in, 0))
	if src == nil || src.Op != spv.OpCompositeConstruct {
		return false
	}
	b := f.c.B
	n := len(src.Operands)
	want := make([]builder.ID, n)
	switch b.TypeOp(in.Type) {
	case spv.OpTypeStruct:
		if int(b.ComponentCount(in.Type)) != n {
			return false
		}
		for i := range want {
			want[i] = b.MemberType(in.Type, uint32(i))
		}
	case spv.OpTypeArray:
		for i := range want {
			want[i] = b.ElementType(in.Type)
		}
	default:
		return false
	}
	ops := make([]builder.Operand, n)
	for i := range n {
		id := op(src, i)
		if f.c.DU.TypeOf(id) == want[i] {
			ops[i] = builder.Ref(id)
			continue
		}
		cp := f.newInst(in, spv.OpCopyLogical, want[i], builder.Ref(id))
		if cp == nil {
			return false
		}
		ops[i] = builder.Ref(cp.Result)
	}
	in.Op = spv.OpCompositeConstruct
	in.Operands = ops
	return true
}

// insertFeedingExtract folds an extract of an insert: the inserted object
// (or a part of it), or the same extract from the insert's composite when
// the two do not overlap.
func insertFeedingExtract(f *folder, in *builder.Inst, k []*cval) bool {
	ins := f.def(op(in, 0))
	if ins == nil || ins.Op != spv.OpCompositeInsert {
		return false
	}
	i := 1
	for ; i < len(in.Operands); i++ {
		if i+1 >= len(ins.Operands) || in.Operands[i].Word != ins.Operands[i+1].Word {
			break
		}
	}
	switch {
	case i == len(in.Operands) && i+1 == len(ins.Operands):
		copyOf(in, op(ins, 0))
	case i == len(in.Operands):
		return false
	case i+1 == len(ins.Operands):
		ops := []builder.Operand{builder.Ref(op(ins, 0))}
		ops = append(ops, in.Operands[i:]...)
		in.Operands = ops
	default:
		in.Operands = append([]builder.Operand{builder.Ref(op(ins, 1))}, in.Operands[1:]...)
	}
	return true
}

// constructFeedingExtract folds an extract of a construct to the element
// (or an extract from it).
func constructFeedingExtract(f *folder, in *builder.Inst, k []*cval) bool {
	if len(in.Operands) <= 1 {
		return false
	}
	cons := f.def(op(in, 0))
	if cons == nil || cons.Op != spv.OpCompositeConstruct {
		return false
	}
	ops := f.extractOperandsForConstructElement(cons, in.Operands[1].Word)
	if ops == nil {
		return false
	}
	ops = append(ops, in.Operands[2:]...)
	if len(ops) == 1 {
		in.Op = spv.OpCopyObject
	}
	in.Operands = ops
	return true
}

// extractOperandsForConstructElement returns the operands of an extract
// reaching element i of a construct's result from its operands (a vector
// built of vectors takes their components in turn), nil when out of range.
func (f *folder) extractOperandsForConstructElement(cons *builder.Inst, i uint32) []builder.Operand {
	b := f.c.B
	if b.TypeOp(cons.Type) != spv.OpTypeVector {
		if int(i) < len(cons.Operands) {
			return []builder.Operand{builder.Ref(op(cons, int(i)))}
		}
		return nil
	}
	total := uint32(0)
	for j := range cons.Operands {
		id := op(cons, j)
		t := f.c.DU.TypeOf(id)
		n := uint32(1)
		if b.TypeOp(t) == spv.OpTypeVector {
			n = b.ComponentCount(t)
		}
		total += n
		if i < total {
			ops := []builder.Operand{builder.Ref(id)}
			if b.TypeOp(t) == spv.OpTypeVector {
				ops = append(ops, builder.Lit(i-(total-n)))
			}
			return ops
		}
	}
	return nil
}

// shuffleFeedingExtract extracts from the shuffle's source directly (an
// undefined component gives OpUndef).
func shuffleFeedingExtract(f *folder, in *builder.Inst, k []*cval) bool {
	sh := f.def(op(in, 0))
	if sh == nil || sh.Op != spv.OpVectorShuffle || len(in.Operands) < 2 {
		return false
	}
	n := f.c.B.ComponentCount(f.c.DU.TypeOf(op(sh, 0)))
	sel := 2 + int(in.Operands[1].Word)
	if sel >= len(sh.Operands) {
		return false
	}
	idx := sh.Operands[sel].Word
	if idx == 0xffffffff {
		in.Op, in.Operands = spv.OpUndef, nil
		return true
	}
	src := op(sh, 0)
	if idx >= n {
		src, idx = op(sh, 1), idx-n
	}
	in.Operands = slices.Clone(in.Operands)
	in.Operands[0] = builder.Ref(src)
	in.Operands[1] = builder.Lit(idx)
	return true
}

// fmixFeedingExtract extracts from mix's x or y when the extracted
// component of a is the constant 0 or 1.
func fmixFeedingExtract(f *folder, in *builder.Inst, k []*cval) bool {
	mix := f.def(op(in, 0))
	if mix == nil || mix.Op != spv.OpExtInst || f.glsl == 0 || op(mix, 0) != f.glsl || mix.Operands[1].Word != spv.GLSLstd450FMix {
		return false
	}
	// The same extract from a, folded on a detached copy.
	a := &builder.Inst{Op: in.Op, Type: in.Type, Operands: slices.Clone(in.Operands)}
	a.Operands[0] = builder.Ref(op(mix, 4))
	id := f.foldToConstant(a, nil)
	if id == 0 {
		return false
	}
	ac := f.constOf(id)
	if ac == nil || f.c.B.TypeOp(ac.typ) != spv.OpTypeFloat || !f.width32or64(in.Type) {
		return false
	}
	var from builder.ID
	switch f.float(ac) {
	case 0:
		from = op(mix, 2)
	case 1:
		from = op(mix, 3)
	default:
		return false
	}
	in.Operands = slices.Clone(in.Operands)
	in.Operands[0] = builder.Ref(from)
	return true
}

// copyLogicalFeedingExtract extracts before the copy-logical.
func copyLogicalFeedingExtract(f *folder, in *builder.Inst, k []*cval) bool {
	cp := f.def(op(in, 0))
	if cp == nil || cp.Op != spv.OpCopyLogical {
		return false
	}
	orig := op(cp, 0)
	et := f.elementTypeAlong(f.c.DU.TypeOf(orig), in.Operands[1:])
	if et == 0 {
		return false
	}
	ex := f.newInst(in, spv.OpCompositeExtract, et, append([]builder.Operand{builder.Ref(orig)}, in.Operands[1:]...)...)
	if ex == nil {
		return false
	}
	o := spv.OpCopyLogical
	if et == in.Type {
		o = spv.OpCopyObject
	}
	set(in, o, ex.Result)
	return true
}

// loadFeedingExtract turns an extract from a loaded struct or array (not
// in Function or Private memory) into a load through an access chain.
func loadFeedingExtract(f *folder, in *builder.Inst, k []*cval) bool {
	ld := f.def(op(in, 0))
	if ld == nil || ld.Op != spv.OpLoad || ld.Block == nil {
		return false
	}
	b := f.c.B
	if t := b.TypeOp(ld.Type); t != spv.OpTypeStruct && t != spv.OpTypeArray {
		return false
	}
	var mask uint32
	if len(ld.Operands) > 1 {
		mask = ld.Operands[1].Word
		if mask&uint32(spv.MemoryAccessVolatile) != 0 {
			return false
		}
	}
	ptr := op(ld, 0)
	sc, _, ok := b.Pointee(f.c.DU.TypeOf(ptr))
	if !ok || sc == spv.StorageClassFunction || sc == spv.StorageClassPrivate {
		return false
	}
	ptrType := b.TypePointer(sc, in.Type)
	var idx []builder.ID
	uint32Type := b.TypeInt(32, false)
	for _, o := range in.Operands[1:] {
		idx = append(idx, f.define(f.scalarOf(uint32Type, uint64(o.Word))))
	}
	loadOps := []builder.Operand{}
	if mask&uint32(spv.MemoryAccessAligned) != 0 {
		// The alignment of the element: the load's, capped by its
		// offset's.
		off, ok := f.byteOffset(ld.Type, in.Operands[1:])
		if !ok {
			return false
		}
		align := ld.Operands[1].Params()[0].Word
		if off != 0 {
			align = min(align, off&^(off-1))
		}
		params := slices.Clone(ld.Operands[1].Params())
		params[0] = builder.Lit(align)
		loadOps = append(loadOps, builder.Operand{Kind: ld.Operands[1].Kind, Word: mask}.WithParams(params))
	} else if len(ld.Operands) > 1 {
		loadOps = append(loadOps, ld.Operands[1])
	}
	ac := f.c.NewInst(spv.OpAccessChain, ptrType, append([]builder.Operand{builder.Ref(ptr)}, builder.Refs(idx...)...)...)
	ld.Block.InsertBefore(ld, ac)
	nl := f.c.NewInst(spv.OpLoad, in.Type, append([]builder.Operand{builder.Ref(ac.Result)}, loadOps...)...)
	ld.Block.InsertBefore(ld, nl)
	copyOf(in, nl.Result)
	return true
}

// byteOffset returns the offset of the element the indexes reach in typ,
// from the Offset and ArrayStride/MatrixStride decorations.
func (f *folder) byteOffset(typ builder.ID, idx []builder.Operand) (uint32, bool) {
	b := f.c.B
	off := uint32(0)
	for _, o := range idx {
		switch b.TypeOp(typ) {
		case spv.OpTypeStruct:
			m, ok := f.memberOffset(typ, o.Word)
			if !ok {
				return 0, false
			}
			off += m
			typ = b.MemberType(typ, o.Word)
		case spv.OpTypeArray, spv.OpTypeRuntimeArray:
			s, ok := f.decoration(typ, spv.DecorationArrayStride)
			if !ok {
				return 0, false
			}
			off += s * o.Word
			typ = b.ElementType(typ)
		case spv.OpTypeVector:
			w := b.ScalarWidth(b.ElementType(typ))
			off += w / 8 * o.Word
			typ = b.ElementType(typ)
		default:
			return 0, false
		}
	}
	return off, true
}

func (f *folder) memberOffset(st builder.ID, member uint32) (uint32, bool) {
	for _, u := range f.c.DU.Users(st) {
		if u.Op == spv.OpMemberDecorate && u.Operands[0].ID() == st && u.Operands[1].Word == member &&
			spv.Decoration(u.Operands[2].Word) == spv.DecorationOffset {
			return u.Operands[2].Params()[0].Word, true
		}
	}
	return 0, false
}

func (f *folder) decoration(id builder.ID, d spv.Decoration) (uint32, bool) {
	for _, u := range f.c.DU.Users(id) {
		if u.Op == spv.OpDecorate && u.Operands[0].ID() == id && spv.Decoration(u.Operands[1].Word) == d {
			if len(u.Operands[1].Params()) > 0 {
				return u.Operands[1].Params()[0].Word, true
			}
			return 0, true
		}
	}
	return 0, false
}

// insertsToConstruct replaces a chain of inserts that sets every element of
// an object with a construct.
func insertsToConstruct(f *folder, in *builder.Inst, k []*cval) bool {
	if len(in.Operands) < 3 {
		return false
	}
	values := map[uint32]builder.ID{}
	for cur := in; cur != nil && cur.Op == spv.OpCompositeInsert; cur = f.def(op(cur, 1)) {
		if len(cur.Operands) > len(in.Operands) {
			// A deeper insert into an element not yet set by a whole value:
			// no single construct can express it.
			if _, ok := values[cur.Operands[len(in.Operands)-1].Word]; !ok {
				return false
			}
		}
		if sameIndexesButLast(in, cur) {
			last := cur.Operands[len(cur.Operands)-1].Word
			if _, ok := values[last]; !ok {
				values[last] = op(cur, 0)
			}
		}
	}
	container := f.elementTypeAlong(in.Type, in.Operands[2:len(in.Operands)-1])
	if container == 0 {
		return false
	}
	n := f.numberOfElements(container)
	if n == 0 || n != uint32(len(values)) {
		return false
	}
	ids := make([]builder.ID, n)
	for i := range n {
		id, ok := values[i]
		if !ok {
			return false
		}
		ids[i] = id
	}
	cons := f.newInst(in, spv.OpCompositeConstruct, container, builder.Refs(ids...)...)
	if cons == nil {
		return false
	}
	if len(in.Operands) == 3 {
		copyOf(in, cons.Result)
	} else {
		in.Operands = slices.Clone(in.Operands[:len(in.Operands)-1])
		in.Operands[0] = builder.Ref(cons.Result)
	}
	return true
}

// numberOfElements returns how many elements a composite type has (0 for a
// scalar or an array of unknown length).
func (f *folder) numberOfElements(typ builder.ID) uint32 {
	b := f.c.B
	switch b.TypeOp(typ) {
	case spv.OpTypeVector, spv.OpTypeMatrix, spv.OpTypeStruct:
		return b.ComponentCount(typ)
	case spv.OpTypeArray:
		if v, ok := b.ConstantValue(b.Def(typ).Operands[1].ID()); ok {
			return uint32(v)
		}
	}
	return 0
}

// dotDoingExtract folds a dot product with a constant vector of one 1 and
// 0s to an extract.
func dotDoingExtract(f *folder, in *builder.Inst, k []*cval) bool {
	if !f.floatFoldingAllowed(in) {
		return false
	}
	for i := 0; i < 2; i++ {
		c := k[i]
		if c == nil {
			continue
		}
		w := f.elementWidth(c.typ)
		if w != 32 && w != 64 {
			return false
		}
		one := -1
		allZero := true
		for j, e := range c.components(f) {
			switch f.float(e) {
			case 0:
				continue
			case 1:
				if one < 0 {
					one = j
					continue
				}
				one = -1
			default:
				allZero = false
			}
			break
		}
		if !allZero || one < 0 {
			continue
		}
		in.Op = spv.OpCompositeExtract
		in.Operands = []builder.Operand{builder.Ref(op(in, 1-i)), builder.Lit(uint32(one))}
		return true
	}
	return false
}

// shuffleFeedingShuffle folds a shuffle of a shuffle when every component
// it takes from the inner one comes from a single source vector.
func shuffleFeedingShuffle(f *folder, in *builder.Inst, k []*cval) bool {
	b := f.c.B
	const undef = 0xffffffff
	feed := f.def(op(in, 0))
	if feed == nil {
		return false
	}
	op0Len := b.ComponentCount(feed.Type)
	feederIsOp0 := true
	if feed.Op != spv.OpVectorShuffle {
		feed = f.def(op(in, 1))
		feederIsOp0 = false
	}
	if feed == nil || feed.Op != spv.OpVectorShuffle {
		return false
	}
	feedOp0Len := b.ComponentCount(f.c.DU.TypeOf(op(feed, 0)))
	var newFeeder builder.ID
	comps := make([]uint32, 0, len(in.Operands)-2)
	for _, o := range in.Operands[2:] {
		c := o.Word
		if c != undef && feederIsOp0 == (c < op0Len) {
			if c >= op0Len {
				c -= op0Len
			}
			if int(c)+2 >= len(feed.Operands) {
				return false
			}
			c = feed.Operands[c+2].Word
			switch {
			case c < feedOp0Len:
				if newFeeder == 0 {
					newFeeder = op(feed, 0)
				} else if newFeeder != op(feed, 0) {
					return false
				}
			case c != undef:
				if newFeeder == 0 {
					newFeeder = op(feed, 1)
				} else if newFeeder != op(feed, 1) {
					return false
				}
				c -= feedOp0Len
			}
			if !feederIsOp0 && c != undef {
				c += op0Len
			}
		}
		comps = append(comps, c)
	}
	if newFeeder == 0 {
		newFeeder = f.define(nullOf(feed.Type))
	}
	ops := make([]builder.Operand, 0, len(in.Operands))
	if feederIsOp0 {
		// A first operand of another size moves the indexes of the second.
		adj := int64(op0Len) - int64(b.ComponentCount(f.c.DU.TypeOf(newFeeder)))
		if adj != 0 {
			for i, o := range in.Operands[2:] {
				if o.Word >= op0Len && o.Word != undef {
					comps[i] = uint32(int64(comps[i]) - adj)
				}
			}
		}
		ops = append(ops, builder.Ref(newFeeder), in.Operands[1])
	} else {
		ops = append(ops, in.Operands[0], builder.Ref(newFeeder))
	}
	for _, c := range comps {
		ops = append(ops, builder.Lit(c))
	}
	in.Operands = ops
	return true
}

// removeRedundantInterface drops repeated ids from an entry point's
// interface.
func removeRedundantInterface(f *folder, in *builder.Inst, k []*cval) bool {
	seen := map[builder.ID]bool{}
	ops := in.Operands[:3:3]
	for _, o := range in.Operands[3:] {
		if !seen[o.ID()] {
			seen[o.ID()] = true
			ops = append(ops, o)
		}
	}
	if len(ops) == len(in.Operands) {
		return false
	}
	in.Operands = ops
	return true
}

// imageOperandsIndex returns the operand index of an image instruction's
// image operands mask, -1 if it has none.
func imageOperandsIndex(in *builder.Inst) int {
	switch in.Op {
	case spv.OpImageSampleImplicitLod, spv.OpImageSampleExplicitLod, spv.OpImageSampleProjImplicitLod,
		spv.OpImageSampleProjExplicitLod, spv.OpImageFetch, spv.OpImageRead, spv.OpImageSparseSampleImplicitLod,
		spv.OpImageSparseSampleExplicitLod, spv.OpImageSparseSampleProjImplicitLod,
		spv.OpImageSparseSampleProjExplicitLod, spv.OpImageSparseFetch, spv.OpImageSparseRead:
		if len(in.Operands) > 2 {
			return 2
		}
	case spv.OpImageWrite:
		if len(in.Operands) > 3 {
			return 3
		}
	default:
		if len(in.Operands) > 3 {
			return 3
		}
	}
	return -1
}

// constImageOffset turns an Offset image operand that is a constant into
// ConstOffset (and drops a zero offset).
func constImageOffset(f *folder, in *builder.Inst, k []*cval) bool {
	i := imageOperandsIndex(in)
	if i < 0 {
		return false
	}
	mask := spv.ImageOperands(in.Operands[i].Word)
	if mask&spv.ImageOperandsOffset == 0 {
		return false
	}
	// The mask's parameters come in bit order: Bias, Lod, Grad (two),
	// ConstOffset, Offset...
	params := in.Operands[i].Params()
	p := 0
	for _, bit := range []spv.ImageOperands{spv.ImageOperandsBias, spv.ImageOperandsLod} {
		if mask&bit != 0 {
			p++
		}
	}
	if mask&spv.ImageOperandsGrad != 0 {
		p += 2
	}
	if mask&spv.ImageOperandsConstOffset != 0 || p >= len(params) {
		return false
	}
	c := f.constOf(params[p].ID())
	if c == nil {
		return false
	}
	newParams := slices.Clone(params)
	if c.isZero() {
		newParams = slices.Delete(newParams, p, p+1)
	} else {
		mask |= spv.ImageOperandsConstOffset
	}
	mask &^= spv.ImageOperandsOffset
	in.Operands = slices.Clone(in.Operands)
	in.Operands[i] = builder.Operand{Kind: in.Operands[i].Kind, Word: uint32(mask)}.WithParams(newParams)
	return true
}
