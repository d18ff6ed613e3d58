package opt

import (
	"github.com/hlsl2spirv/hlsl2spirv/builder"
	"github.com/hlsl2spirv/hlsl2spirv/builder/spv"
)

// vectorDCE is --vector-dce (spirv-opt's VectorDCE): it finds, for each
// vector (and scalar) value a function computes, which components anything
// needs, flowing from the instructions that need whole values (anything
// not a pure vector or scalar computation) back through extracts, inserts,
// shuffles, constructs and component-wise operations. A pure value none of
// whose components is needed becomes OpUndef; an insert whose element is
// not needed is bypassed, and one that overwrites everything needed no
// longer reads its composite (which becomes OpUndef).
type vectorDCE struct{}

func (vectorDCE) Name() string { return "vector-dce" }

// allComponents marks every component of a vector live (vectors have at
// most 16).
const allComponents = uint32(1)<<16 - 1

func (vectorDCE) Run(c *Context) (bool, error) {
	u := newUndefs(c)
	changed := false
	// One table and one work list for all functions, emptied after each,
	// and kept in the Context for the next run.
	v := &c.vdce
	v.c, v.undefs = c, u
	if n := int(c.M.Bound); len(v.live) < n {
		v.live = append(v.live, make([]uint32, n-len(v.live))...)
	}
	// (Entries of ids deleted in a run stay set, and compact-ids may
	// give their numbers to new ids.)
	clear(v.live)
	for _, f := range c.M.Functions {
		v.findLive(f)
		if v.rewrite(f) {
			changed = true
		}
		for in := range f.Insts() {
			if int(in.Result) < len(v.live) {
				v.live[in.Result] = 0
			}
		}
		for _, id := range v.seen {
			v.live[id] = 0
		}
		v.seen, v.work = v.seen[:0], v.work[:0]
	}
	clear(v.work[:cap(v.work)]) // (not to keep the instructions alive)
	v.c, v.undefs = nil, nil
	return changed, nil
}

// liveSeen flags a vdce.live entry as set (the components are the low
// 16 bits).
const liveSeen = uint32(1) << 31

type vdce struct {
	c      *Context
	live   []uint32     // by value: liveSeen | its live components
	seen   []builder.ID // the ids set in live that are not in the function's blocks
	work   []vdceItem
	undefs *undefs
	ids    []builder.ID // markUses' buffer
}

type vdceItem struct {
	in   *builder.Inst
	mask uint32
}

func (v *vdce) isVector(in *builder.Inst) bool {
	return in.Type != 0 && v.c.B.TypeOp(in.Type) == spv.OpTypeVector
}

func (v *vdce) isScalar(in *builder.Inst) bool {
	if in.Type == 0 {
		return false
	}
	switch v.c.B.TypeOp(in.Type) {
	case spv.OpTypeBool, spv.OpTypeInt, spv.OpTypeFloat:
		return true
	}
	return false
}

// forEachInst visits the function's instructions in order.
func forEachInst(f *builder.Function, fn func(*builder.Inst)) {
	fn(f.Def)
	for _, p := range f.Params {
		fn(p)
	}
	for in := range f.Insts() {
		fn(in)
	}
}

func (v *vdce) findLive(f *builder.Function) {
	c := v.c
	forEachInst(f, func(in *builder.Inst) {
		if c.debugOp(in) != noDebugOp {
			return
		}
		if !(v.isVector(in) || v.isScalar(in)) || !c.isCombinator(in) {
			v.markUses(in, allComponents)
		}
	})
	for i := 0; i < len(v.work); i++ {
		if i >= 1024 && 2*i >= len(v.work) {
			// The items taken are done with: the list keeps the rest.
			v.work = v.work[:copy(v.work, v.work[i:])]
			i = 0
		}
		it := v.work[i]
		in := it.in
		switch in.Op {
		case spv.OpCompositeExtract:
			v.markExtract(in, it.mask)
		case spv.OpCompositeInsert:
			v.markInsert(in, it.mask)
		case spv.OpVectorShuffle:
			v.markShuffle(in, it.mask)
		case spv.OpCompositeConstruct:
			v.markConstruct(in, it.mask)
		default:
			if v.scalarizable(in) {
				v.markUses(in, it.mask)
			} else {
				v.markUses(in, allComponents)
			}
		}
	}
}

// add records that the components in mask of in's value are live.
func (v *vdce) add(in *builder.Inst, mask uint32) {
	var old uint32
	if int(in.Result) < len(v.live) {
		old = v.live[in.Result]
	}
	if old&liveSeen != 0 && old|mask == old {
		return
	}
	if int(in.Result) >= len(v.live) {
		v.live = append(v.live, make([]uint32, int(in.Result)+1-len(v.live))...)
	}
	if old == 0 && in.Block == nil {
		// Outside the function's blocks (a global, a parameter): the
		// blocks' entries are cleared by walking them.
		v.seen = append(v.seen, in.Result)
	}
	v.live[in.Result] = old | mask | liveSeen
	v.work = append(v.work, vdceItem{in, mask})
}

// markUses makes the operands of in live: vectors in the components of
// mask, scalars whole.
func (v *vdce) markUses(in *builder.Inst, mask uint32) {
	v.ids = appendInIDs(v.ids[:0], in.Operands)
	for _, id := range v.ids {
		d := v.c.Def(id)
		if d == nil {
			continue
		}
		if v.isVector(d) {
			v.add(d, mask)
		} else if v.isScalar(d) {
			v.add(d, 1)
		}
	}
}

func (v *vdce) markExtract(in *builder.Inst, mask uint32) {
	d := v.c.Def(in.Operands[0].ID())
	if d == nil || !(v.isVector(d) || v.isScalar(d)) {
		return
	}
	if len(in.Operands) < 2 {
		v.add(d, mask)
		return
	}
	var m uint32
	if i := in.Operands[1].Word; i < v.c.B.ComponentCount(d.Type) {
		m = 1 << i
	}
	v.add(d, m)
}

func (v *vdce) markInsert(in *builder.Inst, mask uint32) {
	if len(in.Operands) <= 2 {
		// No index: a copy of the object.
		if d := v.c.Def(in.Operands[0].ID()); d != nil {
			v.add(d, mask)
		}
		return
	}
	pos := in.Operands[2].Word
	if d := v.c.Def(in.Operands[1].ID()); d != nil {
		v.add(d, mask&^(1<<pos))
	}
	if mask&(1<<pos) != 0 {
		if d := v.c.Def(in.Operands[0].ID()); d != nil {
			v.add(d, 1)
		}
	}
}

func (v *vdce) markShuffle(in *builder.Inst, mask uint32) {
	a, b := v.c.Def(in.Operands[0].ID()), v.c.Def(in.Operands[1].ID())
	if a == nil || b == nil {
		return
	}
	na, nb := v.c.B.ComponentCount(a.Type), v.c.B.ComponentCount(b.Type)
	var ma, mb uint32
	for k, o := range in.Operands[2:] {
		if mask&(1<<k) == 0 {
			continue
		}
		switch i := o.Word; {
		case i < na:
			ma |= 1 << i
		case i-na < nb:
			mb |= 1 << (i - na)
		}
	}
	v.add(a, ma)
	v.add(b, mb)
}

func (v *vdce) markConstruct(in *builder.Inst, mask uint32) {
	comp := uint32(0)
	for _, o := range in.Operands {
		d := v.c.Def(o.ID())
		if d == nil {
			continue
		}
		if v.isScalar(d) {
			var m uint32
			if mask&(1<<comp) != 0 {
				m = 1
			}
			v.add(d, m)
			comp++
			continue
		}
		n := v.c.B.ComponentCount(d.Type)
		var m uint32
		for i := uint32(0); i < n; i, comp = i+1, comp+1 {
			if mask&(1<<comp) != 0 {
				m |= 1 << i
			}
		}
		v.add(d, m)
	}
}

// scalarizable reports whether in computes each component from the same
// component of its operands.
func (v *vdce) scalarizable(in *builder.Inst) bool {
	if componentWiseOps.has(in.Op) {
		return true
	}
	if in.Op == spv.OpExtInst && v.c.extSetName(in.Operands[0].ID()) == "GLSL.std.450" {
		return componentWiseGLSL(in.Operands[1].Word)
	}
	return false
}

var componentWiseOps = newOpSet(spv.OpPhi, spv.OpCopyObject, spv.OpConvertFToU, spv.OpConvertFToS,
	spv.OpConvertSToF, spv.OpConvertUToF, spv.OpUConvert, spv.OpSConvert, spv.OpFConvert,
	spv.OpQuantizeToF16, spv.OpVectorInsertDynamic, spv.OpSNegate, spv.OpFNegate, spv.OpIAdd, spv.OpFAdd,
	spv.OpISub, spv.OpFSub, spv.OpIMul, spv.OpFMul, spv.OpUDiv, spv.OpSDiv, spv.OpFDiv, spv.OpUMod,
	spv.OpSRem, spv.OpSMod, spv.OpFRem, spv.OpFMod, spv.OpVectorTimesScalar, spv.OpIAddCarry,
	spv.OpISubBorrow, spv.OpUMulExtended, spv.OpSMulExtended, spv.OpShiftRightLogical,
	spv.OpShiftRightArithmetic, spv.OpShiftLeftLogical, spv.OpBitwiseOr, spv.OpBitwiseAnd, spv.OpNot,
	spv.OpBitFieldInsert, spv.OpBitFieldSExtract, spv.OpBitFieldUExtract, spv.OpBitReverse, spv.OpBitCount,
	spv.OpIsNan, spv.OpIsInf, spv.OpIsFinite, spv.OpIsNormal, spv.OpSignBitSet, spv.OpLessOrGreater,
	spv.OpOrdered, spv.OpUnordered, spv.OpLogicalEqual, spv.OpLogicalNotEqual, spv.OpLogicalOr,
	spv.OpLogicalAnd, spv.OpLogicalNot, spv.OpSelect, spv.OpIEqual, spv.OpINotEqual, spv.OpUGreaterThan,
	spv.OpSGreaterThan, spv.OpUGreaterThanEqual, spv.OpSGreaterThanEqual, spv.OpULessThan,
	spv.OpSLessThan, spv.OpULessThanEqual, spv.OpSLessThanEqual, spv.OpFOrdEqual, spv.OpFUnordEqual,
	spv.OpFOrdNotEqual, spv.OpFUnordNotEqual, spv.OpFOrdLessThan, spv.OpFUnordLessThan,
	spv.OpFOrdGreaterThan, spv.OpFUnordGreaterThan, spv.OpFOrdLessThanEqual, spv.OpFUnordLessThanEqual,
	spv.OpFOrdGreaterThanEqual, spv.OpFUnordGreaterThanEqual,
)

// componentWiseGLSL reports whether GLSL.std.450 instruction n computes
// each component from the same component of its operands. (A switch: a
// map would be built at every process start.)
func componentWiseGLSL(n uint32) bool {
	switch n {
	case spv.GLSLstd450Round, spv.GLSLstd450RoundEven, spv.GLSLstd450Trunc, spv.GLSLstd450FAbs,
		spv.GLSLstd450SAbs, spv.GLSLstd450FSign, spv.GLSLstd450SSign, spv.GLSLstd450Floor,
		spv.GLSLstd450Ceil, spv.GLSLstd450Fract, spv.GLSLstd450Radians, spv.GLSLstd450Degrees,
		spv.GLSLstd450Sin, spv.GLSLstd450Cos, spv.GLSLstd450Tan, spv.GLSLstd450Asin, spv.GLSLstd450Acos,
		spv.GLSLstd450Atan, spv.GLSLstd450Sinh, spv.GLSLstd450Cosh, spv.GLSLstd450Tanh,
		spv.GLSLstd450Asinh, spv.GLSLstd450Acosh, spv.GLSLstd450Atanh, spv.GLSLstd450Atan2,
		spv.GLSLstd450Pow, spv.GLSLstd450Exp, spv.GLSLstd450Log, spv.GLSLstd450Exp2, spv.GLSLstd450Log2,
		spv.GLSLstd450Sqrt, spv.GLSLstd450InverseSqrt, spv.GLSLstd450Modf, spv.GLSLstd450FMin,
		spv.GLSLstd450UMin, spv.GLSLstd450SMin, spv.GLSLstd450FMax, spv.GLSLstd450UMax,
		spv.GLSLstd450SMax, spv.GLSLstd450FClamp, spv.GLSLstd450UClamp, spv.GLSLstd450SClamp,
		spv.GLSLstd450FMix, spv.GLSLstd450Step, spv.GLSLstd450SmoothStep, spv.GLSLstd450Fma,
		spv.GLSLstd450Frexp, spv.GLSLstd450Ldexp, spv.GLSLstd450FindILsb, spv.GLSLstd450FindSMsb,
		spv.GLSLstd450FindUMsb, spv.GLSLstd450NMin, spv.GLSLstd450NMax, spv.GLSLstd450NClamp:
		return true
	}
	return false
}

// rewrite applies what findLive found.
func (v *vdce) rewrite(f *builder.Function) bool {
	c := v.c
	changed := false
	var deadDebugValues []*builder.Inst
	markDebugValues := func(in *builder.Inst) {
		for _, u := range c.DU.Users(in.Result) {
			if c.debugOp(u) == spv.OpenCLDebugInfo100DebugValue {
				deadDebugValues = append(deadDebugValues, u)
			}
		}
	}
	forEachInst(f, func(in *builder.Inst) {
		if in.Result == 0 || !c.isCombinator(in) {
			return
		}
		var mask uint32
		if int(in.Result) < len(v.live) {
			mask = v.live[in.Result]
		}
		ok := mask&liveSeen != 0
		mask &^= liveSeen
		if !ok {
			return // not a vector, or unused: dead-code elimination's job
		}
		if mask == 0 {
			changed = true
			markDebugValues(in)
			undef := v.undefs.get(in.Type)
			c.DU.KillNamesAndDecorations(in.Result)
			c.DU.ReplaceAllUses(in.Result, undef)
			c.Kill(in)
			return
		}
		if in.Op != spv.OpCompositeInsert {
			return
		}
		if len(in.Operands) == 2 {
			c.DU.KillNamesAndDecorations(in.Result)
			c.DU.ReplaceAllUses(in.Result, in.Operands[0].ID())
			changed = true
			return
		}
		pos := in.Operands[2].Word
		if mask&(1<<pos) == 0 {
			// The element inserted is not needed: the insert is its
			// composite.
			markDebugValues(in)
			c.DU.KillNamesAndDecorations(in.Result)
			c.DU.ReplaceAllUses(in.Result, in.Operands[1].ID())
			changed = true
			return
		}
		if mask&^(1<<pos) == 0 {
			// Nothing else of the composite is needed. (spirv-opt puts
			// its own OpUndef there even over another OpUndef; that
			// changes nothing but which OpUndef, so it is left.)
			if d := c.Def(in.Operands[1].ID()); d != nil && d.Op != spv.OpUndef {
				in.Operands[1] = builder.Ref(v.undefs.get(in.Type))
				c.DU.AnalyzeUses(in)
				changed = true
			}
		}
	})
	for _, d := range deadDebugValues {
		c.Kill(d)
	}
	return changed
}
