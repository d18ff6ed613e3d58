package wgsl

import (
	"fmt"
	"slices"
	"strings"

	"github.com/hlsl2spirv/hlsl2spirv/builder"
	"github.com/hlsl2spirv/hlsl2spirv/builder/spv"
)

// Placement of SSA values. SPIR-V values are visible wherever their
// definition dominates; WGSL's are lexically scoped. Each value is:
//
//   - pInline: spelled into its one use, when it has no side effects, is
//     used once, in the same structured construct (so the computation is
//     neither moved into a loop nor out of a branch); a load goes inline
//     only into a use later in its own block with no write in between;
//   - pLet: a `let` where it is defined, when every use is in that
//     construct or one nested in it (a loop's continue construct counts
//     as outside its body: a `continue` may skip the definition);
//   - pVar: otherwise hoisted to a function-scope `var`, assigned where it
//     is defined;
//   - pRef: pointers, textures and samplers, spelled at each use;
//   - pNone: no result, or an unused one (the statement remains if it has
//     effects).
//
// An OpPhi becomes a `var NAME_phi` assigned on every incoming edge, read
// into the phi's own value at the top of its block (so that a back edge's
// assignments never clobber a value the loop still reads).

type placement uint8

const (
	pNone placement = iota
	pInline
	pLet
	pVar
	pRef
)

type valInfo struct {
	place placement
	name  string
	e     expr // pInline: the expression once computed; pLet, pVar: the name
	ready bool
	r     *ref // pRef pointers
	// where a pRef texture, sampler or sampled image value comes from.
	img, smp handleRef
	isHandle bool
	// phiVar is an OpPhi's var carrying its incoming values (phiVar).
	phiVar string
}

// A usePos is where a value is used: a block and the position in it
// (len(Insts) for a phi's incoming edge at the end of a predecessor).
type usePos struct {
	block int32
	index int
	user  *builder.Inst
}

type funcState struct {
	t    *translator
	f    *builder.Function
	cfg  *builder.CFG
	cons *builder.Constructs
	// scope is each block's WGSL scope: the construct whose braces hold its
	// statements (a selection or switch header's are its parent's).
	scope []*builder.Construct
	// vals is each value's placement, by id (dense, in the translator's
	// valsByID, like rawUses).
	vals []*valInfo
	// valSlab holds the valInfos handed out by newVal.
	valSlab []valInfo
	// hoisted are the var declarations at the top of the function.
	hoisted []string
	retType builder.ID
	// defIndex and rawUses (by id, dense: maps cost a large module a tenth
	// of its time) are each value's index in its block and its uses; the
	// translator keeps them across functions (resetUses).
	defIndex []int32
	rawUses  [][]usePos
	// loops being emitted, innermost last (for break-if).
	loops []*loopCtx
	// choices are the descriptor array elements chosen at run time.
	choices []*resChoice
	// parent is each construct's enclosing one (nestConstructs), by
	// Construct.Index.
	parent []*builder.Construct
	// escapes are the pending exits through guard flags (structure.go),
	// escapeFlags the flag of each target block.
	escapes     []*escape
	escapeFlags map[int32]string
}

// translateFunction translates one function to WGSL text.
func (t *translator) translateFunction(f *builder.Function) string {
	t.curFunc = f
	t.cur = nil
	defer func() { t.curFunc = nil }()
	fs := &funcState{t: t, f: f}
	fs.resetUses()
	if len(f.Blocks) == 0 {
		t.fail("function %s has no body", t.funcName(f))
	}
	name := t.reserveFuncName(f)
	names := len(f.Params)
	for _, b := range f.Blocks {
		names += len(b.Insts) / 2 // about as many names as values, fewer than instructions
	}
	t.names.enterFunction(names)
	defer t.names.leaveFunction()

	fs.retType = f.Def.Type
	var params []string
	for _, p := range f.Params {
		params = append(params, fs.param(p)...)
	}
	if len(params) > 255 {
		t.unsupported("a function with %d parameters (WGSL allows 255)", len(params))
	}
	fs.cfg = f.CFG()
	fs.cons = f.Constructs()
	fs.analyze()
	body := fs.emitSeq(0, &region{end: -1})
	ret := t.typ(fs.retType)
	if ret.op != spv.OpTypeVoid && !endsWithJump(body) {
		body = append(body, sJump{"return " + t.zero(fs.retType).text + ";"})
	}
	sig := fmt.Sprintf("fn %s(%s)", name, strings.Join(params, ", "))
	if ret.op != spv.OpTypeVoid {
		if ret.handle || ret.op == spv.OpTypePointer {
			t.unsupported("a function returning a %s", ret.text)
		}
		sig += " -> " + ret.text
	}
	var w writer
	size := len(sig) + 4
	for _, h := range fs.hoisted {
		size += len(h) + 3
	}
	w.b.Grow(size + textSize(body, 1) + 2)
	w.line(sig, " {")
	w.indent++
	for _, h := range fs.hoisted {
		w.line(h)
	}
	w.stmts(body)
	w.indent--
	w.line("}")
	return w.b.String()
}

// param declares a function parameter (two for a combined image sampler).
func (fs *funcState) param(p *builder.Inst) []string {
	t := fs.t
	t.cur = p
	name := t.names.unique(t.baseName(p.Result, "param"))
	vi := fs.newVal(p.Result)
	*vi = valInfo{place: pLet, name: name, e: primary(name), ready: true}
	if t.isHandleType(p.Type) {
		vi.place, vi.isHandle = pRef, true
		vi.img = handleRef{slot: handleSlot{p.Result, 0}}
		out := []string{fmt.Sprintf("%s : %s", name, t.handleTypeText(vi.img.slot, p.Type))}
		if t.combinedType(p.Type) {
			vi.smp = handleRef{slot: handleSlot{p.Result, 1}}
			sn := t.names.unique(name + "_sampler")
			t.paramSamplerNames[p.Result] = sn
			out = append(out, fmt.Sprintf("%s : %s", sn, t.handleTypeText(vi.smp.slot, p.Type)))
		}
		return out
	}
	if pd := t.def(p.Type); pd.Op == spv.OpTypePointer && !t.isPhysicalPointer(p.Type) {
		pointee, sc := pd.Operands[1].ID(), spv.StorageClass(pd.Operands[0].Word)
		as := ""
		ctx := layoutCtx{}
		switch sc {
		case spv.StorageClassFunction:
			as = "function"
		case spv.StorageClassPrivate, spv.StorageClassInput, spv.StorageClassOutput:
			as = "private"
		case spv.StorageClassWorkgroup:
			as = "workgroup"
		case spv.StorageClassStorageBuffer, spv.StorageClassUniform:
			as, ctx = "storage, read_write", layoutCtx{host: true}
			if sc == spv.StorageClassUniform && t.hasDecoration(pointee, spv.DecorationBlock) {
				as = "uniform"
			}
		default:
			t.unsupported("a pointer parameter into the %s storage class", sc)
		}
		m := t.memType(pointee, ctx)
		vi.place = pRef
		vi.r = &ref{kind: refPlain, text: unary("*", primary(name)), pointee: pointee, sc: sc, mem: m}
		return []string{fmt.Sprintf("%s : ptr<%s, %s>", name, as, m.text)}
	}
	pt := t.typ(p.Type)
	return []string{fmt.Sprintf("%s : %s", name, pt.text)}
}

// isPure reports whether an instruction computes a value from its operands
// alone: no memory, no side effects, no dependence on other invocations or
// on control flow (derivatives and subgroup operations are not pure).
func isPure(op spv.Op) bool {
	switch op {
	case spv.OpIAdd, spv.OpISub, spv.OpIMul, spv.OpSDiv, spv.OpUDiv, spv.OpSRem, spv.OpSMod, spv.OpUMod,
		spv.OpFAdd, spv.OpFSub, spv.OpFMul, spv.OpFDiv, spv.OpFRem, spv.OpFMod, spv.OpFNegate, spv.OpSNegate,
		spv.OpShiftLeftLogical, spv.OpShiftRightLogical, spv.OpShiftRightArithmetic,
		spv.OpBitwiseAnd, spv.OpBitwiseOr, spv.OpBitwiseXor, spv.OpNot, spv.OpBitCount, spv.OpBitReverse,
		spv.OpBitFieldInsert, spv.OpBitFieldSExtract, spv.OpBitFieldUExtract,
		spv.OpIEqual, spv.OpINotEqual, spv.OpSLessThan, spv.OpSLessThanEqual, spv.OpSGreaterThan,
		spv.OpSGreaterThanEqual, spv.OpULessThan, spv.OpULessThanEqual, spv.OpUGreaterThan, spv.OpUGreaterThanEqual,
		spv.OpFOrdEqual, spv.OpFOrdNotEqual, spv.OpFOrdLessThan, spv.OpFOrdLessThanEqual, spv.OpFOrdGreaterThan,
		spv.OpFOrdGreaterThanEqual, spv.OpFUnordEqual, spv.OpFUnordNotEqual, spv.OpFUnordLessThan,
		spv.OpFUnordLessThanEqual, spv.OpFUnordGreaterThan, spv.OpFUnordGreaterThanEqual,
		spv.OpLogicalAnd, spv.OpLogicalOr, spv.OpLogicalNot, spv.OpLogicalEqual, spv.OpLogicalNotEqual,
		spv.OpSelect, spv.OpAny, spv.OpAll, spv.OpIsNan, spv.OpIsInf,
		spv.OpConvertFToU, spv.OpConvertFToS, spv.OpConvertSToF, spv.OpConvertUToF, spv.OpUConvert,
		spv.OpSConvert, spv.OpFConvert, spv.OpBitcast, spv.OpQuantizeToF16,
		spv.OpVectorTimesScalar, spv.OpMatrixTimesScalar, spv.OpVectorTimesMatrix, spv.OpMatrixTimesVector,
		spv.OpMatrixTimesMatrix, spv.OpOuterProduct, spv.OpDot, spv.OpTranspose,
		spv.OpCompositeConstruct, spv.OpCompositeExtract, spv.OpVectorShuffle, spv.OpVectorExtractDynamic,
		spv.OpCopyObject, spv.OpUndef, spv.OpCopyLogical,
		spv.OpIAddCarry, spv.OpISubBorrow, spv.OpUMulExtended, spv.OpSMulExtended,
		spv.OpSDot, spv.OpUDot, spv.OpSUDot:
		return true
	}
	return false
}

// isPureExtInst reports whether an extended instruction is a GLSL.std.450
// function of its operands (all but Modf and Frexp, which write through a
// pointer, and the interpolation functions, which read inputs).
func isPureExtInst(in *builder.Inst) bool {
	if len(in.Operands) < 2 {
		return false
	}
	switch in.Operands[1].Word {
	case spv.GLSLstd450Modf, spv.GLSLstd450Frexp, spv.GLSLstd450InterpolateAtCentroid,
		spv.GLSLstd450InterpolateAtSample, spv.GLSLstd450InterpolateAtOffset:
		return false
	}
	return true
}

// hasSideEffects reports whether an instruction writes memory, calls, or
// synchronises (a load may not be moved across one).
func hasSideEffects(in *builder.Inst) bool {
	switch in.Op {
	case spv.OpStore, spv.OpCopyMemory, spv.OpFunctionCall, spv.OpImageWrite, spv.OpControlBarrier,
		spv.OpMemoryBarrier, spv.OpDemoteToHelperInvocation, spv.OpEmitVertex:
		return true
	case spv.OpExtInst:
		return !isPureExtInst(in)
	}
	return isAtomicOp(in.Op)
}

// isRefValue reports whether a result is spelled at each use rather than
// bound: pointers, and texture and sampler values.
func (fs *funcState) isRefValue(in *builder.Inst) bool {
	if in.Type == 0 {
		return false
	}
	d := fs.t.du.Def(in.Type)
	if d == nil {
		return false
	}
	switch d.Op {
	case spv.OpTypePointer:
		return !fs.t.isPhysicalPointer(in.Type) // physical pointers are addresses
	case spv.OpTypeImage, spv.OpTypeSampler, spv.OpTypeSampledImage:
		return true
	}
	return false
}

// analyze decides every value's placement.
func (fs *funcState) analyze() {
	t := fs.t
	g := fs.cfg
	fs.scope = make([]*builder.Construct, len(g.Blocks))
	fs.nestConstructs()
	for _, b := range g.RPO {
		c := fs.innermost(b)
		if c != nil && c.Header == b && c.Entry == b && (c.Kind == builder.ConstructSelection || c.Kind == builder.ConstructSwitch) {
			c = fs.up(c)
		}
		fs.scope[b] = c
	}
	// Definitions and raw uses: counted in a first walk, so that every use
	// list is carved from one array (see carveUses).
	fs.walkUses(func(id builder.ID, _ usePos) {
		if fs.t.useCounts[fs.slot(id)] == 0 {
			fs.t.usesTouched = append(fs.t.usesTouched, id)
		}
		fs.t.useCounts[id]++
	})
	fs.carveUses()
	fs.walkUses(func(id builder.ID, u usePos) {
		fs.rawUses[id] = append(fs.rawUses[id], u)
	})
	for _, b := range g.RPO {
		blk := g.Blocks[b]
		for _, in := range blk.Insts {
			if in.Result == 0 || in.Op == spv.OpLabel {
				continue
			}
			t.cur = in
			fs.place(in, b)
		}
	}
	t.cur = nil
}

// walkUses records every definition's index in its block and calls fn
// with every use of an id in the function's reachable blocks.
func (fs *funcState) walkUses(fn func(id builder.ID, u usePos)) {
	t, g := fs.t, fs.cfg
	for _, b := range g.RPO {
		blk := g.Blocks[b]
		for i, in := range blk.Insts {
			if in.Result != 0 {
				fs.defIndex[fs.slot(in.Result)] = int32(i)
			}
			if in.Op == spv.OpPhi {
				for _, p := range in.Operands {
					if len(p.Params()) != 2 {
						t.withInst(in, func() { t.fail("OpPhi operand is not a (value, parent) pair") })
					}
					pred := g.Index(p.Params()[1].ID())
					if pred < 0 {
						t.withInst(in, func() { t.fail("OpPhi names %%%d, which is not a block", p.Params()[1].ID()) })
					}
					fn(p.Params()[0].ID(), usePos{pred, len(g.Blocks[pred].Insts), in})
				}
				continue
			}
			for _, o := range in.Operands {
				forEachOperandID(o, func(id builder.ID) {
					fn(id, usePos{b, i, in})
				})
			}
		}
	}
}

// Scopes nest as the constructs do, with one correction: membership by
// dominance alone puts a loop's continue target and merge block (and what
// they head) inside a selection of the loop body that dominates them,
// although the loop, and so the selection, excludes them. A construct's
// parent here is the innermost of its enclosing constructs that, with all
// of theirs, holds its entry; a block's scope the innermost construct that,
// with all of its parents, holds it.

// nestConstructs computes the corrected parents.
func (fs *funcState) nestConstructs() {
	fs.parent = make([]*builder.Construct, len(fs.cons.All))
	for _, c := range fs.cons.All {
		if c.Parent == nil {
			continue
		}
		p := c.Parent
		for x := c.Parent; x != nil && x.Parent != nil; x = fs.up(x) {
			if !x.Contains(c.Entry) {
				p = fs.up(x)
			}
		}
		fs.parent[c.Index] = p
	}
}

// up is c's corrected parent (nil for the function and for nil).
func (fs *funcState) up(c *builder.Construct) *builder.Construct {
	if c == nil {
		return nil
	}
	return fs.parent[c.Index]
}

// innermost is block b's innermost construct.
func (fs *funcState) innermost(b int32) *builder.Construct {
	c := fs.cons.Innermost(b)
	for x := c; x != nil && x.Parent != nil; x = fs.up(x) {
		if !x.Contains(b) {
			c = fs.up(x)
		}
	}
	return c
}

func forEachOperandID(o builder.Operand, fn func(builder.ID)) {
	if o.IsID() {
		fn(o.ID())
		return
	}
	for _, p := range o.Params() {
		forEachOperandID(p, fn)
	}
}

// resetUses takes the translator's per-id tables for this function,
// emptied of the previous function's uses and values (their arrays kept
// for reuse).
func (fs *funcState) resetUses() {
	t := fs.t
	for _, id := range t.usesTouched {
		t.useLists[id] = nil
	}
	t.usesTouched = t.usesTouched[:0]
	for _, id := range t.valsTouched {
		t.valsByID[id] = nil
	}
	t.valsTouched = t.valsTouched[:0]
	if n := int(t.m.Bound); len(t.useLists) < n {
		t.useLists = make([][]usePos, n)
		t.useCounts = make([]int32, n)
		t.defIndexes = make([]int32, n)
		t.valsByID = make([]*valInfo, n)
	}
	fs.rawUses, fs.defIndex, fs.vals = t.useLists, t.defIndexes, t.valsByID
}

// val is id's valInfo, nil if it has none.
func (fs *funcState) val(id builder.ID) *valInfo {
	if int(id) < len(fs.vals) {
		return fs.vals[id]
	}
	return nil
}

// newVal gives id a new (zero) valInfo.
func (fs *funcState) newVal(id builder.ID) *valInfo {
	fs.slot(id)
	if len(fs.valSlab) == cap(fs.valSlab) {
		fs.valSlab = make([]valInfo, 0, 256)
	}
	fs.valSlab = fs.valSlab[:len(fs.valSlab)+1]
	vi := &fs.valSlab[len(fs.valSlab)-1]
	if fs.vals[id] == nil {
		fs.t.valsTouched = append(fs.t.valsTouched, id)
	}
	fs.vals[id] = vi
	return vi
}

// slot checks that id is within the module's bound, as the index of the
// dense per-id tables.
func (fs *funcState) slot(id builder.ID) builder.ID {
	if int(id) >= len(fs.rawUses) {
		fs.t.fail("id %%%d past the module's bound %d", id, len(fs.rawUses))
	}
	return id
}

// carveUses gives every id counted in useCounts (and listed in
// usesTouched) an empty use list of that capacity, all carved from one
// array: growing a list per id was a large module's most frequent
// allocation.
func (fs *funcState) carveUses() {
	t := fs.t
	total := 0
	for _, id := range t.usesTouched {
		total += int(t.useCounts[id])
	}
	if cap(t.useBacking) < total {
		t.useBacking = make([]usePos, total)
	}
	backing := t.useBacking[:total]
	for _, id := range t.usesTouched {
		n := t.useCounts[id]
		t.useCounts[id] = 0
		fs.rawUses[id], backing = backing[:0:n], backing[n:]
	}
}

// usesOf is id's uses in the function.
func (fs *funcState) usesOf(id builder.ID) []usePos {
	if int(id) >= len(fs.rawUses) {
		return nil
	}
	return fs.rawUses[id]
}

// effectiveUses are a value's uses, where a use by a pointer or handle
// (which is spelled at its own uses) counts at those uses instead.
func (fs *funcState) effectiveUses(id builder.ID, depth int) []usePos {
	if depth > 64 {
		fs.t.fail("pointer chains nested too deeply")
	}
	uses := fs.usesOf(id)
	for i, u := range uses {
		if fs.spelledAtUses(u.user) {
			// Copy on the first such use: most values have none, and their
			// use lists serve as they are.
			out := slices.Clone(uses[:i])
			for _, u := range uses[i:] {
				if fs.spelledAtUses(u.user) {
					out = append(out, fs.effectiveUses(u.user.Result, depth+1)...)
					continue
				}
				out = append(out, u)
			}
			return out
		}
	}
	return uses
}

// spelledAtUses reports whether user's result is a pointer or handle,
// spelled at its own uses (see effectiveUses).
func (fs *funcState) spelledAtUses(user *builder.Inst) bool {
	return user.Result != 0 && user.Op != spv.OpPhi && fs.isRefValue(user)
}

// inContinuingOf reports whether scope use is in the continue construct of
// the loop headed by block h: the loop body's first statements, which no
// continue skips, are visible in its continuing block.
func (fs *funcState) inContinuingOf(h int32, use *builder.Construct) bool {
	for c := use; c != nil; c = fs.up(c) {
		if c.Kind == builder.ConstructContinue && c.Header == h {
			return true
		}
	}
	return false
}

// visible reports whether a let in scope def is visible in scope use:
// use is def or nested in it.
func (fs *funcState) visible(def, use *builder.Construct) bool {
	for c := use; c != nil; c = fs.up(c) {
		if c == def {
			return true
		}
	}
	return false
}

// duplicatesOperand reports whether the translation of user spells
// operand id more than once (so an inline expression would be computed
// several times).
func (fs *funcState) duplicatesOperand(user *builder.Inst, id builder.ID) bool {
	if d := fs.t.du.Def(id); fs.t.physical.model && d != nil && fs.t.isPhysicalPointer(d.Type) {
		return true // an address is spelled once per word it reaches
	}
	switch user.Op {
	case spv.OpVectorShuffle, spv.OpCopyLogical, spv.OpImageSampleProjImplicitLod,
		spv.OpImageSampleProjExplicitLod, spv.OpImageSampleProjDrefImplicitLod, spv.OpImageSampleProjDrefExplicitLod,
		spv.OpImageSampleImplicitLod, spv.OpImageSampleExplicitLod, spv.OpImageSampleDrefImplicitLod,
		spv.OpImageSampleDrefExplicitLod, spv.OpImageGather, spv.OpImageDrefGather, spv.OpImageFetch,
		spv.OpImageRead, spv.OpImageWrite, spv.OpImageQuerySizeLod, spv.OpImageQuerySize:
		return true
	}
	return false
}

func (fs *funcState) place(in *builder.Inst, b int32) {
	t := fs.t
	vi := fs.newVal(in.Result)
	switch {
	case in.Op == spv.OpVariable:
		vi.place = pRef
		return
	case fs.isRefValue(in):
		vi.place = pRef
		return
	}
	uses := fs.effectiveUses(in.Result, 0)
	if len(uses) == 0 && in.Op != spv.OpPhi {
		vi.place = pNone
		return
	}
	defScope := fs.scope[b]
	allVisible := true
	for _, u := range uses {
		us := fs.scope[u.block]
		if us == nil || !fs.visible(defScope, us) && !fs.inContinuingOf(b, us) {
			allVisible = false
		}
	}
	if in.Op == spv.OpPhi {
		vi.place = pLet
		if !allVisible {
			vi.place = pVar
		}
		return
	}
	single := len(uses) == 1 && len(fs.usesOf(in.Result)) == 1 && uses[0].user.Op != spv.OpPhi &&
		!fs.duplicatesOperand(uses[0].user, in.Result)
	if single && fs.scope[uses[0].block] == defScope {
		switch {
		case isPure(in.Op) && in.Op != spv.OpCopyLogical, in.Op == spv.OpExtInst && isPureExtInst(in) && fs.t.extSets[in.Operands[0].ID()] == "GLSL.std.450":
			vi.place = pInline
			return
		case in.Op == spv.OpLoad && uses[0].block == b && !fs.writesBetween(b, int(fs.defIndex[fs.slot(in.Result)]), uses[0].index):
			vi.place = pInline
			return
		}
	}
	_ = t
	vi.place = pLet
	if !allVisible {
		vi.place = pVar
	}
}

// writesBetween reports whether an instruction strictly between positions
// i and j of block b has side effects.
func (fs *funcState) writesBetween(b int32, i, j int) bool {
	insts := fs.cfg.Blocks[b].Insts
	for k := i + 1; k < j && k < len(insts); k++ {
		if hasSideEffects(insts[k]) {
			return true
		}
	}
	return false
}

// value spells the value of id where it is used.
func (fs *funcState) value(id builder.ID) expr {
	t := fs.t
	if vi := fs.val(id); vi != nil {
		switch {
		case vi.place == pRef:
			t.fail("%%%d is a pointer or handle used as a value", id)
		case !vi.ready:
			t.fail("%%%d is used before its definition is translated", id)
		}
		return vi.e
	}
	if d := t.du.Def(id); d != nil && isConstantOp(d.Op) {
		return t.constExpr(id)
	}
	if t.globals[id] != nil {
		t.fail("variable %%%d used as a value", id)
	}
	t.fail("%%%d is not a value defined in this function", id)
	return expr{}
}

// valueAs spells id's value with component scalar s, bitcasting between
// i32 and u32 (SPIR-V instructions fix the signedness; their operands may
// have either).
func (fs *funcState) valueAs(id builder.ID, s scalar) expr {
	e := fs.value(id)
	return fs.t.castTo(e, fs.t.typeOfValue(id), s)
}

// castTo bitcasts e (of SPIR-V type typ) to component scalar s when the
// signedness differs.
func (t *translator) castTo(e expr, typ builder.ID, s scalar) expr {
	have, n := t.scalarOf(typ)
	if have == s || s == sNone {
		return e
	}
	if have == sF64 || s == sF64 {
		t.fail("an operand of type %s where the instruction needs %s", t.typ(typ).text, s)
	}
	if have.isInt() && s.isInt() && have.bits() == s.bits() {
		if have.isWide() {
			return e // the same words
		}
		if have.isNarrow() {
			// The same bits, extended the other way.
			if !s.isSigned() {
				return t.wrap16(call("bitcast<"+vecText(sU32, n)+">", e), s, n)
			}
			return t.wrap16(call("bitcast<"+vecText(sI32, n)+">", e), s, n)
		}
		return call("bitcast<"+vecText(s, n)+">", e)
	}
	t.fail("an operand of type %s where the instruction needs %s", t.typ(typ).text, s)
	return e
}

// wrap16 brings a 32-bit result back into the range of 8- or 16-bit
// scalar s (sign- or zero-extending its low bits); other scalars pass.
func (t *translator) wrap16(e expr, s scalar, n int) expr {
	if !s.isNarrow() {
		return e
	}
	if !s.isSigned() {
		return binary("&", e, splat(sU32, n, fmt.Sprintf("0x%xu", uint32(1)<<s.bits()-1)))
	}
	sh := splat(sU32, n, fmt.Sprintf("%du", 32-s.bits()))
	return binary(">>", primary("("+binary("<<", e, sh).text+")"), sh)
}

// splat spells literal lit (of scalar s) as a scalar or an n-vector.
func splat(s scalar, n int, lit string) expr {
	if n <= 1 {
		return primary(lit)
	}
	return primary(vecText(s, n) + "(" + lit + ")")
}

// typeOfValue returns the SPIR-V type of a value.
func (t *translator) typeOfValue(id builder.ID) builder.ID {
	d := t.def(id)
	if d.Type == 0 {
		t.fail("%%%d has no type", id)
	}
	return d.Type
}

// bind records a computed value per its placement, emitting its statement.
func (fs *funcState) bind(in *builder.Inst, e expr, out *[]stmt) {
	t := fs.t
	vi := fs.val(in.Result)
	if vi == nil {
		vi = fs.newVal(in.Result)
		vi.place = pLet
	}
	switch vi.place {
	case pInline:
		vi.e, vi.ready = e, true
	case pNone:
		vi.e, vi.ready = e, true
		if !isPure(in.Op) && in.Op != spv.OpLoad {
			*out = append(*out, sLine{"_ = " + e.text + ";"})
		}
	case pLet:
		if vi.name == "" {
			vi.name = t.names.unique(t.baseName(in.Result, "x"))
		}
		*out = append(*out, sLine{"let " + vi.name + " : " + t.typ(in.Type).text + " = " + e.text + ";"})
		vi.e, vi.ready = primary(vi.name), true
	case pVar:
		fs.hoist(in)
		*out = append(*out, sLine{vi.name + " = " + e.text + ";"})
		vi.e, vi.ready = primary(vi.name), true
	default:
		t.fail("binding a value placed %d", vi.place)
	}
}

// hoist declares the function-scope var of a pVar value (once).
func (fs *funcState) hoist(in *builder.Inst) {
	vi := fs.val(in.Result)
	if vi.name != "" {
		return
	}
	t := fs.t
	vi.name = t.names.unique(t.baseName(in.Result, "x"))
	fs.hoisted = append(fs.hoisted, "var "+vi.name+" : "+t.typ(in.Type).text+";")
}

// bindVar binds a value computed by statements into a var (OpCompositeInsert
// and friends): a local var for pLet/pInline, the hoisted one for pVar.
// It returns the name to assign.
func (fs *funcState) bindVar(in *builder.Inst, init expr, out *[]stmt) string {
	t := fs.t
	vi := fs.val(in.Result)
	if vi.place == pVar {
		fs.hoist(in)
		*out = append(*out, sLine{vi.name + " = " + init.text + ";"})
	} else {
		vi.place = pLet
		vi.name = t.names.unique(t.baseName(in.Result, "x"))
		*out = append(*out, sLine{"var " + vi.name + " : " + t.typ(in.Type).text + " = " + init.text + ";"})
	}
	vi.e, vi.ready = primary(vi.name), true
	return vi.name
}

// phiVar returns the var carrying a phi's incoming values.
func (fs *funcState) phiVar(phi *builder.Inst) string {
	vi := fs.val(phi.Result)
	if vi == nil {
		vi = fs.newVal(phi.Result)
	}
	if vi.phiVar != "" {
		return vi.phiVar
	}
	t := fs.t
	if t.isPointerType(phi.Type) || t.isHandleType(phi.Type) {
		t.withInst(phi, func() { t.unsupported("an OpPhi of pointers or handles (WGSL cannot choose a variable at run time)") })
	}
	n := t.names.unique(t.baseName(phi.Result, "x") + "_phi")
	vi.phiVar = n
	fs.hoisted = append(fs.hoisted, "var "+n+" : "+t.typ(phi.Type).text+";")
	return n
}

// phiAssignments are the statements an edge from block from to block to
// runs: the phis of to take their incoming values from from.
func (fs *funcState) phiAssignments(from, to int32) []stmt {
	var out []stmt
	blk := fs.cfg.Blocks[to]
	fromLabel := fs.cfg.Blocks[from].Label
	for _, in := range blk.Insts {
		if in.Op != spv.OpPhi {
			break
		}
		for _, p := range in.Operands {
			if len(p.Params()) == 2 && p.Params()[1].ID() == fromLabel {
				fs.t.cur = in
				out = append(out, sLine{fs.phiVar(in) + " = " + fs.value(p.Params()[0].ID()).text + ";"})
				break
			}
		}
	}
	return out
}
