package wgsl

import (
	"fmt"
	"strings"

	"github.com/hlsl2spirv/hlsl2spirv/builder"
	"github.com/hlsl2spirv/hlsl2spirv/builder/spv"
)

// emitBody translates a block's instructions (not its merge instruction or
// terminator): its phis are read from their vars first.
func (fs *funcState) emitBody(blk *builder.Block, out *[]stmt) {
	t := fs.t
	for _, in := range blk.Insts {
		if in.Op == spv.OpPhi {
			t.cur = in
			fs.bind(in, primary(fs.phiVar(in)), out)
		}
	}
	for i, in := range blk.Insts {
		if in.Op == spv.OpPhi || in.Op == spv.OpLoopMerge || in.Op == spv.OpSelectionMerge || in.Op == spv.OpNop ||
			in.Op == spv.OpLine || in.Op == spv.OpNoLine || i == len(blk.Insts)-1 {
			continue
		}
		t.cur = in
		fs.inst(in, out)
	}
}

// operand returns operand i as an id, or fails.
func (t *translator) operandID(in *builder.Inst, i int) builder.ID {
	if i >= len(in.Operands) || !in.Operands[i].IsID() {
		t.fail("%s is missing operand %d", in.Op, i)
	}
	return in.Operands[i].ID()
}

// inst translates one instruction.
func (fs *funcState) inst(in *builder.Inst, out *[]stmt) {
	t := fs.t
	if in.Result != 0 && fs.val(in.Result) != nil && fs.val(in.Result).place == pRef {
		fs.refValue(in)
		return
	}
	if e, ok := t.pureExpr(fs, in); ok {
		fs.bind(in, e, out)
		return
	}
	switch in.Op {
	case spv.OpVariable:
		// Function-scope variables: declared at the top.
		fs.localVar(in)
	case spv.OpAccessChain, spv.OpInBoundsAccessChain, spv.OpPtrAccessChain, spv.OpInBoundsPtrAccessChain:
		if !t.isPhysicalPointer(in.Type) {
			t.fail("%s of a value", in.Op)
		}
		fs.bindChosen(in, fs.physicalChain(in), out)
	case spv.OpImageSparseTexelsResident:
		// WebGPU textures are fully resident (image.go).
		fs.bindChosen(in, primary("true"), out)
	case spv.OpConvertUToPtr, spv.OpConvertPtrToU:
		fs.bindChosen(in, fs.physicalConvert(in), out)
	case spv.OpLoad:
		r := fs.refOf(t.operandID(in, 0))
		if r.kind == refHandle {
			t.fail("a load of a handle outside a handle value")
		}
		fs.bindChosen(in, fs.load(r), out)
	case spv.OpStore:
		r := fs.refOf(t.operandID(in, 0))
		fs.checkWritable(r)
		fs.store(r, fs.value(t.operandID(in, 1)), out)
	case spv.OpCopyMemory:
		dst, src := fs.refOf(t.operandID(in, 0)), fs.refOf(t.operandID(in, 1))
		fs.checkWritable(dst)
		fs.store(dst, fs.load(src), out)
	case spv.OpArrayLength:
		r := fs.refOf(t.operandID(in, 0))
		if len(in.Operands) < 2 {
			t.fail("OpArrayLength without a member")
		}
		if r.kind == refRaw {
			e := t.rawArrayLength(r, int(in.Operands[1].Word))
			fs.bindChosen(in, t.castTo(e, fs.u32Like(in.Type), t.resultScalar(in.Type)), out)
			return
		}
		st := t.typ(r.pointee)
		m := int(in.Operands[1].Word)
		if st.op != spv.OpTypeStruct || m >= len(st.members) || r.kind != refPlain || r.mem == nil || m >= len(r.mem.members) {
			t.fail("OpArrayLength of something that is not a struct with a runtime array")
		}
		mem := postfix(r.text, "."+r.mem.members[m].name)
		e := call("arrayLength", unary("&", mem))
		fs.bindChosen(in, t.castTo(e, fs.u32Like(in.Type), t.resultScalar(in.Type)), out)
	case spv.OpFunctionCall:
		fs.functionCall(in, out)
	case spv.OpCompositeInsert:
		fs.compositeInsert(in, out)
	case spv.OpVectorInsertDynamic:
		if len(in.Operands) < 3 {
			t.fail("OpVectorInsertDynamic with too few operands")
		}
		name := fs.bindVar(in, fs.value(in.Operands[0].ID()), out)
		*out = append(*out, sLine{fmt.Sprintf("%s[%s] = %s;", name, fs.value(in.Operands[2].ID()).text, fs.value(in.Operands[1].ID()).text)})
	case spv.OpSelect:
		// Composite operands (pureExpr takes the scalar and vector ones).
		if len(in.Operands) < 3 {
			t.fail("OpSelect with too few operands")
		}
		if t.isPointerType(in.Type) {
			t.unsupported("selecting a pointer at run time (variable pointers)")
		}
		name := fs.bindVar(in, t.zero(in.Type), out)
		*out = append(*out, sIf{cond: fs.value(in.Operands[0].ID()).text,
			then: []stmt{sLine{fmt.Sprintf("%s = %s;", name, fs.value(in.Operands[1].ID()).text)}},
			els_: []stmt{sLine{fmt.Sprintf("%s = %s;", name, fs.value(in.Operands[2].ID()).text)}}})
	case spv.OpExtInst:
		fs.extInst(in, out)
	case spv.OpControlBarrier:
		fs.controlBarrier(in, out)
	case spv.OpMemoryBarrier:
		fs.memoryBarrier(in, out)
	case spv.OpDPdx, spv.OpDPdy, spv.OpFwidth, spv.OpDPdxFine, spv.OpDPdyFine, spv.OpFwidthFine, spv.OpDPdxCoarse,
		spv.OpDPdyCoarse, spv.OpFwidthCoarse:
		if fs.inQuadGroup() {
			fs.bind(in, fs.quadDerivative(in, in.Op, fs.value(t.operandID(in, 0)), t.typ(in.Type).text, out), out)
			break
		}
		fs.refuseComputeDerivatives("a derivative")
		fs.bind(in, call(derivativeNames.get()[in.Op], fs.value(t.operandID(in, 0))), out)
	case spv.OpGroupNonUniformQuadAllKHR, spv.OpGroupNonUniformQuadAnyKHR:
		if !fs.inQuadGroup() {
			t.unsupported("the instruction %s", in.Op)
		}
		fs.bind(in, fs.quadOp(in, fs.value(t.operandID(in, 0)), out), out)
	case spv.OpDemoteToHelperInvocation:
		*out = append(*out, sLine{"discard;"})
	case spv.OpSourceContinued, spv.OpSource, spv.OpString, spv.OpName:
	default:
		switch {
		case isAtomicOp(in.Op):
			fs.atomic(in, out)
		case isImageOp(in.Op):
			fs.image(in, out)
		case isSubgroupOp(in.Op):
			fs.subgroup(in, out)
		default:
			t.unsupported("the instruction %s", in.Op)
		}
	}
}

var derivativeNames = &lazy[map[spv.Op]string]{make: func() map[spv.Op]string {
	return map[spv.Op]string{
		spv.OpDPdx: "dpdx", spv.OpDPdy: "dpdy", spv.OpFwidth: "fwidth", spv.OpDPdxFine: "dpdxFine",
		spv.OpDPdyFine: "dpdyFine", spv.OpFwidthFine: "fwidthFine", spv.OpDPdxCoarse: "dpdxCoarse",
		spv.OpDPdyCoarse: "dpdyCoarse", spv.OpFwidthCoarse: "fwidthCoarse",
	}
}}

// u32Like returns the type id to cast a u32-producing builtin from.
func (fs *funcState) u32Like(typ builder.ID) builder.ID { return fs.t.scalarTypeLike(typ, sU32) }

// scalarTypeLike finds (or fakes) a SPIR-V-less scalar type key: castTo
// only needs the component scalar and count, so a pseudo type is enough.
func (t *translator) scalarTypeLike(typ builder.ID, s scalar) builder.ID {
	_, n := t.scalarOf(typ)
	return t.pseudoType(s, n)
}

// pseudoType returns an id standing for vecN<s> in castTo (types the
// module may not declare): ids past the bound, kept in t.types.
func (t *translator) pseudoType(s scalar, n int) builder.ID {
	key := fmt.Sprintf("%s/%d", s.tag(), n)
	if id, ok := t.pseudo[key]; ok {
		return id
	}
	id := builder.ID(uint32(t.m.Bound) + uint32(len(t.pseudo)) + 1)
	op := spv.OpTypeInt
	switch {
	case n > 1:
		op = spv.OpTypeVector
	case s == sF32 || s == sF16:
		op = spv.OpTypeFloat
	case s == sBool:
		op = spv.OpTypeBool
	}
	t.types[id] = &vtype{id: id, op: op, comp: s, n: n, text: vecText(s, n)}
	t.pseudo[key] = id
	return id
}

// resultScalar is the component scalar of a result type.
func (t *translator) resultScalar(typ builder.ID) scalar {
	s, _ := t.scalarOf(typ)
	return s
}

// refValue computes a pointer or handle result: it is spelled at its uses.
func (fs *funcState) refValue(in *builder.Inst) {
	t := fs.t
	vi := fs.val(in.Result)
	if t.isHandleType(in.Type) && !t.isPointerType(in.Type) || t.isHandleType(in.Type) {
		vi.isHandle = true
		vi.img, vi.smp = t.traceHandle(in.Result)
		vi.ready = true
		return
	}
	switch in.Op {
	case spv.OpVariable:
		fs.localVar(in)
	case spv.OpAccessChain, spv.OpInBoundsAccessChain:
		base := fs.refOf(t.operandID(in, 0))
		vi.r = fs.accessChain(base, in.Operands[1:])
	case spv.OpCopyObject:
		vi.r = fs.refOf(t.operandID(in, 0))
	case spv.OpPtrAccessChain, spv.OpInBoundsPtrAccessChain:
		t.unsupported("pointer arithmetic (%s)", in.Op)
	case spv.OpFunctionCall:
		t.unsupported("a function returning a pointer")
	case spv.OpSelect, spv.OpPhi:
		t.unsupported("choosing a pointer at run time (variable pointers)")
	case spv.OpImageTexelPointer:
		vi.r = fs.texelPointer(in)
	default:
		t.unsupported("a pointer made by %s", in.Op)
	}
	vi.ready = true
}

// refOf returns the reference a pointer id spells.
func (fs *funcState) refOf(id builder.ID) *ref {
	t := fs.t
	if t.isPhysicalPointer(t.typeOfValue(id)) {
		return fs.physicalRef(id)
	}
	if g := t.globals[id]; g != nil {
		if g.mem == nil && g.arr == nil && g.raw == nil && !g.bytesless && g.sc != spv.StorageClassUniformConstant {
			t.fail("variable %s is used before its declaration", g.name)
		}
		return t.globalRef(g)
	}
	vi := fs.val(id)
	if vi == nil || vi.place != pRef {
		if d := t.du.Def(id); d != nil && d.Op == spv.OpVariable {
			t.fail("variable %%%d is not declared (it is not an interface of the entry point)", id)
		} else if d != nil && d.Op == spv.OpUndef {
			// Valid SPIR-V (a resource read before any was assigned), but a
			// WGSL reference always names memory.
			t.unsupported("an access through an undefined pointer (OpUndef)")
		}
		t.fail("%%%d is not a pointer", id)
	}
	if !vi.ready {
		t.fail("pointer %%%d is used before its definition", id)
	}
	if vi.r == nil {
		t.fail("%%%d is a handle used as a pointer", id)
	}
	return vi.r
}

// localVar declares a function-scope variable at the top of the function.
func (fs *funcState) localVar(in *builder.Inst) {
	t := fs.t
	vi := fs.val(in.Result)
	if vi.r != nil {
		return
	}
	pointee, sc := t.pointeeOf(in.Result)
	if sc != spv.StorageClassFunction {
		t.fail("a variable in the %s storage class inside a function", sc)
	}
	m := t.memType(pointee, layoutCtx{})
	name := t.names.unique(t.baseName(in.Result, "x"))
	decl := fmt.Sprintf("var %s : %s", name, m.text)
	if len(in.Operands) >= 2 {
		decl += " = " + fs.valueOrConst(in.Operands[1].ID()).text
	}
	fs.hoisted = append(fs.hoisted, decl+";")
	vi.r = &ref{kind: refPlain, text: primary(name), pointee: pointee, sc: sc, mem: m, root: in.Result}
	vi.ready = true
}

func (fs *funcState) valueOrConst(id builder.ID) expr {
	if d := fs.t.du.Def(id); d != nil && isConstantOp(d.Op) {
		return fs.t.constExpr(id)
	}
	fs.t.unsupported("a variable initialised with a value that is not a constant")
	return expr{}
}

// checkWritable refuses stores into uniform memory.
func (fs *funcState) checkWritable(r *ref) {
	if r.sc == spv.StorageClassUniform && r.global != nil && r.global.access == "" {
		fs.t.fail("a store into a uniform buffer")
	}
	if r.sc == spv.StorageClassPushConstant || r.sc == spv.StorageClassUniformConstant {
		fs.t.fail("a store into read-only memory")
	}
}

// functionCall translates OpFunctionCall.
func (fs *funcState) functionCall(in *builder.Inst, out *[]stmt) {
	t := fs.t
	callee := t.funcs[t.operandID(in, 0)]
	name := t.funcNames[callee.Def.Result]
	if name == "" {
		// Callees are translated first when they come first; otherwise
		// name them now (their text comes later, WGSL does not mind).
		name = t.reserveFuncName(callee)
	}
	var args []expr
	roots := map[builder.ID]bool{}
	for _, o := range in.Operands[1:] {
		id := o.ID()
		if vi := fs.val(id); vi != nil && vi.isHandle || t.globals[id] != nil && t.globals[id].sc == spv.StorageClassUniformConstant {
			img, smp := t.traceHandle(id)
			args = append(args, primary(fs.handleName(img)))
			if smp.slot.id != 0 {
				args = append(args, primary(fs.handleName(smp)))
			}
			continue
		}
		if t.isPointerType(t.typeOfValue(id)) {
			r := fs.refOf(id)
			if r.root != 0 {
				if roots[r.root] {
					t.unsupported("passing one variable through two pointer arguments of a call (WGSL forbids aliased pointer arguments)")
				}
				roots[r.root] = true
			}
			if r.sc != spv.StorageClassFunction && r.sc != spv.StorageClassPrivate && r.sc != spv.StorageClassInput &&
				r.sc != spv.StorageClassOutput || !isIdent(strings.TrimPrefix(fs.addressOf(r).text, "&")) {
				t.requires["unrestricted_pointer_parameters"] = true
			}
			if r.mem != nil && r.mem.kind == mPlain && r.kind == refPlain && strings.HasSuffix(r.text.text, "]") {
				if pt := t.typ(r.pointee); pt.isScalar() && t.isVectorRef(r) {
					t.unsupported("a pointer to a vector component as a function argument")
				}
			}
			args = append(args, fs.addressOf(r))
			continue
		}
		args = append(args, fs.value(id))
	}
	e := call(name, args...)
	if t.typ(in.Type).op == spv.OpTypeVoid {
		fs.emitChosen(e.text+";", out)
		return
	}
	vi := fs.val(in.Result)
	if vi.place == pNone {
		fs.emitChosen(e.text+";", out)
		return
	}
	fs.bindChosen(in, e, out)
}

// isVectorRef reports whether a plain reference is a component of a vector
// (WGSL cannot point at one).
func (t *translator) isVectorRef(r *ref) bool {
	s := r.text.text
	return strings.HasSuffix(s, ".x") || strings.HasSuffix(s, ".y") || strings.HasSuffix(s, ".z") || strings.HasSuffix(s, ".w")
}

// reserveFuncName names a function before its translation.
func (t *translator) reserveFuncName(f *builder.Function) string {
	if n := t.funcNames[f.Def.Result]; n != "" {
		return n
	}
	saved := t.names.local
	t.names.local = nil
	n := t.names.uniqueGlobal(t.baseName(f.Def.Result, "f"))
	t.names.local = saved
	t.funcNames[f.Def.Result] = n
	return n
}

// compositeInsert translates OpCompositeInsert: a var copy of the
// composite with one part replaced.
func (fs *funcState) compositeInsert(in *builder.Inst, out *[]stmt) {
	t := fs.t
	if len(in.Operands) < 3 {
		t.fail("OpCompositeInsert with too few operands")
	}
	obj := fs.value(in.Operands[0].ID())
	name := fs.bindVar(in, fs.value(in.Operands[1].ID()), out)
	path := t.compositePath(primary(name), in.Type, in.Operands[2:])
	*out = append(*out, sLine{fmt.Sprintf("%s = %s;", path.text, obj.text)})
}

// compositePath spells the part of a composite value that literal indices
// select.
func (t *translator) compositePath(base expr, typ builder.ID, idx []builder.Operand) expr {
	e := base
	for _, o := range idx {
		v := t.typ(typ)
		i := o.Word
		switch v.op {
		case spv.OpTypeStruct:
			if int(i) >= len(v.members) {
				t.fail("composite index %d out of range", i)
			}
			e, typ = postfix(e, "."+t.structDecls[typ].members[i].name), v.members[i]
		case spv.OpTypeVector:
			if int(i) >= v.n {
				t.fail("composite index %d out of range", i)
			}
			if v.comp.isWide() {
				e, typ = postfix(e, fmt.Sprintf("[%d]", i)), v.elem
				break
			}
			e, typ = postfix(e, "."+"xyzw"[i:i+1]), v.elem
		case spv.OpTypeMatrix, spv.OpTypeArray:
			if v.n > 0 && int(i) >= v.n {
				t.fail("composite index %d out of range", i)
			}
			e, typ = postfix(e, fmt.Sprintf("[%d]", i)), v.elem
		default:
			t.fail("a composite index into %s", v.text)
		}
	}
	return e
}

// pureExpr translates an instruction that computes a value from its
// operands alone. fs is nil for spec constant operations, whose operands
// are constants. ok is false for instructions it does not handle.
func (t *translator) pureExpr(fs *funcState, in *builder.Inst) (expr, bool) {
	if !isPure(in.Op) || in.Type == 0 {
		return expr{}, false
	}
	p := &pureOperands{t: t, fs: fs, in: in, res: t.resultScalar(in.Type)}
	_, p.resN = t.scalarOf(in.Type)
	if t.involvesF64(in) {
		if e, ok := t.f64Expr(in, p.val, p.typeOf); ok {
			return e, true
		}
	}
	if t.involvesWide(in) {
		if e, ok := t.wideExpr(in, p.val, p.typeOf); ok {
			return e, true
		}
	}
	if e, ok := p.arith(); ok {
		return e, true
	}
	if e, ok := p.bits(); ok {
		return e, true
	}
	if e, ok := p.logic(); ok {
		return e, true
	}
	if e, ok := p.conversion(); ok {
		return e, true
	}
	return p.composite()
}

// pureOperands is a pure instruction being translated: its operands as
// WGSL expressions (a function's values, or constants when fs is nil),
// and the fixes its result needs.
type pureOperands struct {
	t    *translator
	fs   *funcState
	in   *builder.Inst
	res  scalar // the result's scalar type
	resN int    // and its width
}

// val is operand i.
func (p *pureOperands) val(i int) expr {
	id := p.t.operandID(p.in, i)
	if p.fs != nil {
		return p.fs.value(id)
	}
	return p.t.constExpr(id)
}

// typeOf is operand i's type.
func (p *pureOperands) typeOf(i int) builder.ID { return p.t.typeOfValue(p.t.operandID(p.in, i)) }

// as is operand i with scalar type s.
func (p *pureOperands) as(i int, s scalar) expr { return p.t.castTo(p.val(i), p.typeOf(i), s) }

// fix bitcasts a result computed with component scalar s to the result
// type.
func (p *pureOperands) fix(e expr, s scalar) expr {
	if s == p.res || !s.isInt() || !p.res.isInt() {
		return e
	}
	return p.t.castTo(e, p.t.pseudoType(s, p.resN), p.res)
}

// wrap brings a result computed in s back into a 16-bit range.
func (p *pureOperands) wrap(e expr, s scalar) expr { return p.t.wrap16(e, s, p.resN) }

// bin is the binary operator on both operands as s.
func (p *pureOperands) bin(op string, s scalar) expr {
	return p.fix(binary(op, p.as(0, s), p.as(1, s)), s)
}

// wbin is bin wrapped back into a 16-bit range.
func (p *pureOperands) wbin(op string, s scalar) expr {
	return p.fix(p.wrap(binary(op, p.as(0, s), p.as(1, s)), s), s)
}

// shift is operand i as a shift amount or bit count.
func (p *pureOperands) shift(i int) expr { return p.t.shiftAmount(p.val(i), p.typeOf(i)) }

// arith translates arithmetic: integer with signedness rectified, float,
// vector and matrix products.
func (p *pureOperands) arith() (expr, bool) {
	t, in, res := p.t, p.in, p.res
	signed, unsigned := res.signed(), res.unsigned()
	switch in.Op {
	case spv.OpIAdd:
		return p.wbin("+", res), true
	case spv.OpISub:
		return p.wbin("-", res), true
	case spv.OpIMul:
		return p.wbin("*", res), true
	case spv.OpSDiv:
		return p.wbin("/", signed), true
	case spv.OpUDiv:
		return p.bin("/", unsigned), true
	case spv.OpSRem:
		return p.bin("%", signed), true
	case spv.OpUMod:
		return p.bin("%", unsigned), true
	case spv.OpSMod:
		tn := t.withScalar(in.Type, sI32)
		h := t.helper("smod_"+tn, fmt.Sprintf("(a : %s, b : %s) -> %s {\n  let r = a %% b;\n  return select(r, r + b, (r != %s(0)) & ((r < %s(0)) != (b < %s(0))));\n}\n", tn, tn, tn, tn, tn, tn))
		return p.fix(call(h, p.as(0, signed), p.as(1, signed)), signed), true
	case spv.OpFAdd:
		return binary("+", p.val(0), p.val(1)), true
	case spv.OpFSub:
		return binary("-", p.val(0), p.val(1)), true
	case spv.OpFMul, spv.OpVectorTimesScalar, spv.OpMatrixTimesScalar, spv.OpVectorTimesMatrix,
		spv.OpMatrixTimesVector, spv.OpMatrixTimesMatrix:
		return binary("*", p.val(0), p.val(1)), true
	case spv.OpFDiv:
		return binary("/", p.val(0), p.val(1)), true
	case spv.OpFRem:
		return binary("%", p.val(0), p.val(1)), true
	case spv.OpFMod:
		tn := t.typ(in.Type).text
		h := t.helper("fmod_"+tn, fmt.Sprintf("(a : %s, b : %s) -> %s {\n  return a - b * floor(a / b);\n}\n", tn, tn, tn))
		return call(h, p.val(0), p.val(1)), true
	case spv.OpFNegate:
		return unary("-", p.val(0)), true
	case spv.OpSNegate:
		return p.fix(p.wrap(unary("-", p.as(0, signed)), signed), signed), true
	case spv.OpOuterProduct:
		a, b := t.typ(p.typeOf(0)), t.typ(p.typeOf(1))
		rt := t.typ(in.Type).text
		var cols []string
		for i := 0; i < b.n; i++ {
			cols = append(cols, fmt.Sprintf("a * b[%d]", i))
		}
		h := t.helper("outer_"+rt, fmt.Sprintf("(a : %s, b : %s) -> %s {\n  return %s(%s);\n}\n", a.text, b.text, rt, rt, strings.Join(cols, ", ")))
		return call(h, p.val(0), p.val(1)), true
	case spv.OpDot:
		return call("dot", p.val(0), p.val(1)), true
	case spv.OpSDot, spv.OpUDot, spv.OpSUDot:
		return t.intDot(in, p.val, p.typeOf), true
	case spv.OpTranspose:
		return call("transpose", p.val(0)), true
	case spv.OpIAddCarry, spv.OpISubBorrow, spv.OpUMulExtended, spv.OpSMulExtended:
		return t.extendedArith(in, p.val, p.typeOf), true
	}
	return expr{}, false
}

// bits translates the bitwise operations, shifts and bit fields.
func (p *pureOperands) bits() (expr, bool) {
	t, in, res, resN := p.t, p.in, p.res, p.resN
	signed, unsigned := res.signed(), res.unsigned()
	switch in.Op {
	case spv.OpNot:
		// The complement of a sign-extended value is sign-extended; a
		// zero-extended one needs its high bits cleared.
		return p.fix(p.wrap(unary("~", p.as(0, unsigned)), unsigned), unsigned), true
	case spv.OpShiftLeftLogical:
		return p.fix(p.wrap(binary("<<", p.as(0, res), p.shift(1)), res), res), true
	case spv.OpShiftRightLogical:
		return p.fix(binary(">>", p.as(0, unsigned), p.shift(1)), unsigned), true
	case spv.OpShiftRightArithmetic:
		return p.fix(binary(">>", p.as(0, signed), p.shift(1)), signed), true
	case spv.OpBitwiseAnd:
		return p.bin("&", res), true
	case spv.OpBitwiseOr:
		return p.bin("|", res), true
	case spv.OpBitwiseXor:
		return p.bin("^", res), true
	case spv.OpBitCount:
		s, _ := t.scalarOf(p.typeOf(0))
		return t.castTo(call("countOneBits", p.as(0, s.unsigned())), t.pseudoType(unsigned, resN), res), true
	case spv.OpBitReverse:
		if res.isNarrow() {
			return p.fix(binary(">>", call("reverseBits", p.as(0, unsigned)), splat(sU32, resN, fmt.Sprintf("%du", 32-unsigned.bits()))), unsigned), true
		}
		return call("reverseBits", p.val(0)), true
	case spv.OpBitFieldInsert:
		s := t.resultScalar(p.typeOf(0))
		return p.wrap(call("insertBits", p.val(0), p.as(1, s), p.shift(2), p.shift(3)), s), true
	case spv.OpBitFieldSExtract:
		return p.fix(call("extractBits", p.as(0, signed), p.shift(1), p.shift(2)), signed), true
	case spv.OpBitFieldUExtract:
		return p.fix(call("extractBits", p.as(0, unsigned), p.shift(1), p.shift(2)), unsigned), true
	}
	return expr{}, false
}

// logic translates comparisons, logical operations, select and the
// NaN and infinity tests.
func (p *pureOperands) logic() (expr, bool) {
	t, in, res := p.t, p.in, p.res
	switch in.Op {
	case spv.OpIEqual, spv.OpINotEqual:
		s, _ := t.scalarOf(p.typeOf(0))
		op := "=="
		if in.Op == spv.OpINotEqual {
			op = "!="
		}
		return binary(op, p.val(0), p.as(1, s)), true
	case spv.OpSLessThan, spv.OpSLessThanEqual, spv.OpSGreaterThan, spv.OpSGreaterThanEqual:
		s, _ := t.scalarOf(p.typeOf(0))
		return binary(compareOps.get()[in.Op], p.as(0, s.signed()), p.as(1, s.signed())), true
	case spv.OpULessThan, spv.OpULessThanEqual, spv.OpUGreaterThan, spv.OpUGreaterThanEqual:
		s, _ := t.scalarOf(p.typeOf(0))
		return binary(compareOps.get()[in.Op], p.as(0, s.unsigned()), p.as(1, s.unsigned())), true
	case spv.OpFOrdEqual, spv.OpFOrdNotEqual, spv.OpFOrdLessThan, spv.OpFOrdLessThanEqual, spv.OpFOrdGreaterThan,
		spv.OpFOrdGreaterThanEqual, spv.OpLogicalEqual, spv.OpLogicalNotEqual, spv.OpFUnordNotEqual:
		return binary(compareOps.get()[in.Op], p.val(0), p.val(1)), true
	case spv.OpFUnordEqual, spv.OpFUnordLessThan, spv.OpFUnordLessThanEqual, spv.OpFUnordGreaterThan,
		spv.OpFUnordGreaterThanEqual:
		// Unordered: true when either is NaN, so the negated ordered
		// opposite.
		return unary("!", binary(compareOps.get()[in.Op], p.val(0), p.val(1))), true
	case spv.OpLogicalAnd, spv.OpLogicalOr:
		op := map[bool]string{true: "&&", false: "||"}[in.Op == spv.OpLogicalAnd]
		if p.resN > 1 {
			op = op[:1]
		}
		return binary(op, p.val(0), p.val(1)), true
	case spv.OpLogicalNot:
		return unary("!", p.val(0)), true
	case spv.OpSelect:
		v := t.typ(in.Type)
		if !v.isScalar() && !v.isVector() {
			return expr{}, false
		}
		c := p.val(0)
		if ct := t.typ(p.typeOf(0)); ct.isScalar() && v.isVector() {
			c = call(vecText(sBool, v.n), c) // select needs a matching condition
		}
		if v.isVector() && v.comp.isWide() {
			return t.wideCall("u64_select", v.n, c, p.val(1), p.val(2)), true
		}
		return call("select", t.castTo(p.val(2), p.typeOf(2), res), t.castTo(p.val(1), p.typeOf(1), res), c), true
	case spv.OpAny:
		return call("any", p.val(0)), true
	case spv.OpAll:
		return call("all", p.val(0)), true
	case spv.OpIsNan, spv.OpIsInf:
		return t.isNanInf(in, p.val(0), p.typeOf(0)), true
	}
	return expr{}, false
}

// conversion translates conversions, bitcasts and copies.
func (p *pureOperands) conversion() (expr, bool) {
	t, in := p.t, p.in
	switch in.Op {
	case spv.OpConvertFToU:
		u := p.res.unsigned()
		return p.fix(p.wrap(call(t.withScalar(in.Type, sU32), p.val(0)), u), u), true
	case spv.OpConvertFToS:
		s := p.res.signed()
		return p.fix(p.wrap(call(t.withScalar(in.Type, sI32), p.val(0)), s), s), true
	case spv.OpConvertSToF:
		s, _ := t.scalarOf(p.typeOf(0))
		return call(t.typ(in.Type).text, p.as(0, s.signed())), true
	case spv.OpConvertUToF:
		s, _ := t.scalarOf(p.typeOf(0))
		return call(t.typ(in.Type).text, p.as(0, s.unsigned())), true
	case spv.OpUConvert, spv.OpSConvert:
		return t.intConvert(in.Op == spv.OpSConvert, p.val(0), p.typeOf(0), in.Type), true
	case spv.OpFConvert:
		if t.typ(in.Type).text == t.typ(p.typeOf(0)).text {
			return p.val(0), true
		}
		return call(t.typ(in.Type).text, p.val(0)), true
	case spv.OpBitcast:
		return t.bitcast(in.Type, p.val(0), p.typeOf(0)), true
	case spv.OpQuantizeToF16:
		return call("quantizeToF16", p.val(0)), true
	case spv.OpCopyObject:
		return p.val(0), true
	case spv.OpCopyLogical:
		return t.copyLogical(p.val(0), p.typeOf(0), in.Type), true
	case spv.OpUndef:
		return t.zero(in.Type), true
	}
	return expr{}, false
}

// composite translates constructing composites and taking them apart.
func (p *pureOperands) composite() (expr, bool) {
	t, in := p.t, p.in
	switch in.Op {
	case spv.OpCompositeConstruct:
		v := t.typ(in.Type)
		var args []expr
		for i := range in.Operands {
			a := p.val(i)
			if v.isVector() {
				a = p.as(i, v.comp)
				if _, k := t.scalarOf(p.typeOf(i)); v.comp.isWide() && k > 1 {
					// An array holds no arrays: the components one by one.
					for j := range k {
						args = append(args, postfix(a, fmt.Sprintf("[%d]", j)))
					}
					continue
				}
			}
			args = append(args, a)
		}
		if v.op == spv.OpTypeArray && v.n == 0 {
			t.unsupported("constructing an override-sized array")
		}
		return call(v.text, args...), true
	case spv.OpCompositeExtract:
		if len(in.Operands) < 1 {
			t.fail("OpCompositeExtract without a composite")
		}
		return t.compositePath(p.val(0), p.typeOf(0), in.Operands[1:]), true
	case spv.OpVectorShuffle:
		return t.vectorShuffle(in, p.val, p.typeOf), true
	case spv.OpVectorExtractDynamic:
		return postfix(p.val(0), "["+p.val(1).text+"]"), true
	}
	return expr{}, false
}

var compareOps = &lazy[map[spv.Op]string]{make: func() map[spv.Op]string {
	return map[spv.Op]string{
		spv.OpSLessThan: "<", spv.OpSLessThanEqual: "<=", spv.OpSGreaterThan: ">", spv.OpSGreaterThanEqual: ">=",
		spv.OpULessThan: "<", spv.OpULessThanEqual: "<=", spv.OpUGreaterThan: ">", spv.OpUGreaterThanEqual: ">=",
		spv.OpFOrdEqual: "==", spv.OpFOrdNotEqual: "!=", spv.OpFOrdLessThan: "<", spv.OpFOrdLessThanEqual: "<=",
		spv.OpFOrdGreaterThan: ">", spv.OpFOrdGreaterThanEqual: ">=", spv.OpLogicalEqual: "==", spv.OpLogicalNotEqual: "!=",
		// Unordered comparisons negate the ordered opposite.
		spv.OpFUnordEqual: "!=", spv.OpFUnordNotEqual: "!=", spv.OpFUnordLessThan: ">=", spv.OpFUnordLessThanEqual: ">",
		spv.OpFUnordGreaterThan: "<=", spv.OpFUnordGreaterThanEqual: "<",
	}
}}

// bitcast spells OpBitcast.
func (t *translator) bitcast(to builder.ID, e expr, from builder.ID) expr {
	if t.isPointerType(to) || t.isPointerType(from) {
		t.unsupported("bitcasts of pointers")
	}
	tt, ft := t.typ(to), t.typ(from)
	fsc, fn := t.scalarOf(from)
	tsc, tn := t.scalarOf(to)
	switch {
	case fsc == tsc && fn == tn:
		return e
	case fn == tn && fsc.isInt() && tsc.isInt() && fsc.bits() == tsc.bits():
		return t.castTo(e, from, tsc)
	case fsc.bits() == 32 && tsc.bits() == 32:
		return call("bitcast<"+tt.text+">", e)
	case fsc.isWide() && fn == 1 && tsc.bits() == 32 && tn == 2:
		// The two words are the vector.
		return call("bitcast<"+tt.text+">", e)
	case tsc.isWide() && tn == 1 && fsc.bits() == 32 && fn == 2:
		return call("bitcast<vec2<u32>>", e)
	}
	// Through pieces of 8 or 16 bits (u32 values below 2^size), the
	// narrowest component size of either side.
	if fn*fsc.bits() != tn*tsc.bits() {
		t.fail("OpBitcast from %s to %s changes the size", ft.text, tt.text)
	}
	size := min(fsc.bits(), tsc.bits(), 16)
	mask := fmt.Sprintf("0x%xu", uint32(1)<<size-1)
	// split cuts a u32 expression holding k bits into pieces.
	split := func(w string, k int) []string {
		var out []string
		for b := 0; b < k; b += size {
			switch {
			case k == size:
				out = append(out, w)
			case b == 0:
				out = append(out, "("+w+" & "+mask+")")
			case b+size == 32:
				out = append(out, fmt.Sprintf("(%s >> %du)", w, b))
			default:
				out = append(out, fmt.Sprintf("((%s >> %du) & %s)", w, b, mask))
			}
		}
		return out
	}
	// join puts pieces back into a u32 expression.
	join := func(ps []string) string {
		out := ps[0]
		for i, p := range ps[1:] {
			out = fmt.Sprintf("%s | (%s << %du)", out, p, (i+1)*size)
		}
		return out
	}
	comp := func(i, n int) string {
		switch {
		case n == 1:
			return "v"
		case fsc.isWide():
			return fmt.Sprintf("v[%d]", i)
		}
		return "v." + "xyzw"[i:i+1]
	}
	var pieces []string
	for i := range fn {
		c := comp(i, fn)
		switch {
		case fsc.isWide():
			pieces = append(pieces, split(c+".x", 32)...)
			pieces = append(pieces, split(c+".y", 32)...)
		case fsc == sF16:
			pieces = append(pieces, split(fmt.Sprintf("bitcast<u32>(vec2<f16>(%s, 0.0h))", c), 16)...)
		case fsc.isNarrow():
			pieces = append(pieces, split(fmt.Sprintf("(bitcast<u32>(%s) & 0x%xu)", c, uint32(1)<<fsc.bits()-1), fsc.bits())...)
		default:
			pieces = append(pieces, split(fmt.Sprintf("bitcast<u32>(%s)", c), 32)...)
		}
	}
	var comps []string
	per := tsc.bits() / size
	for i := range tn {
		ps := pieces[i*per : (i+1)*per]
		switch {
		case tsc.isWide():
			half := len(ps) / 2
			comps = append(comps, fmt.Sprintf("vec2<u32>(%s, %s)", join(ps[:half]), join(ps[half:])))
		case tsc == sF16:
			comps = append(comps, fmt.Sprintf("bitcast<vec2<f16>>(%s).x", join(ps)))
		case tsc.isNarrow() && !tsc.isSigned():
			comps = append(comps, join(ps))
		case tsc.isNarrow():
			comps = append(comps, fmt.Sprintf("(bitcast<i32>((%s) << %du) >> %du)", join(ps), 32-tsc.bits(), 32-tsc.bits()))
		default:
			comps = append(comps, fmt.Sprintf("bitcast<%s>(%s)", tsc, join(ps)))
		}
	}
	body := comps[0]
	if tn > 1 {
		body = tt.text + "(" + strings.Join(comps, ", ") + ")"
	}
	h := t.helper("bitcast_"+typeTag(ft.text)+"_"+typeTag(tt.text)+"_"+fsc.tag()+tsc.tag(), fmt.Sprintf("(v : %s) -> %s {\n  return %s;\n}\n", ft.text, tt.text, body))
	return call(h, e)
}

// isNanInf tests for NaN or infinity on the bits, which WGSL
// implementations may not otherwise preserve.
func (t *translator) isNanInf(in *builder.Inst, e expr, typ builder.ID) expr {
	s, n := t.scalarOf(typ)
	if s == sF16 {
		// The bits of each f16 in the low half of a u32.
		bt, ht := vecText(sBool, n), vecText(sF16, n)
		var comps []string
		for i := range n {
			c := "v"
			if n > 1 {
				c += "." + "xyzw"[i:i+1]
			}
			comps = append(comps, fmt.Sprintf("bitcast<u32>(vec2<f16>(%s, 0.0h))", c))
		}
		bits := comps[0]
		if n > 1 {
			bits = vecText(sU32, n) + "(" + strings.Join(comps, ", ") + ")"
		}
		cmp := map[bool]string{true: ">", false: "=="}[in.Op == spv.OpIsNan]
		name := map[bool]string{true: "isnan_", false: "isinf_"}[in.Op == spv.OpIsNan]
		h := t.helper(name+ht, fmt.Sprintf("(v : %s) -> %s {\n  return (%s & %s) %s %s;\n}\n", ht, bt, bits, splat(sU32, n, "0x7fffu").text, cmp, splat(sU32, n, "0x7c00u").text))
		return call(h, e)
	}
	if s != sF32 {
		t.unsupported("%s on %s", in.Op, s)
	}
	ut, bt, ft := vecText(sU32, n), vecText(sBool, n), vecText(sF32, n)
	if in.Op == spv.OpIsNan {
		h := t.helper("isnan_"+ft, fmt.Sprintf("(v : %s) -> %s {\n  return (bitcast<%s>(v) & %s(0x7fffffffu)) > %s(0x7f800000u);\n}\n", ft, bt, ut, ut, ut))
		return call(h, e)
	}
	h := t.helper("isinf_"+ft, fmt.Sprintf("(v : %s) -> %s {\n  return (bitcast<%s>(v) & %s(0x7fffffffu)) == %s(0x7f800000u);\n}\n", ft, bt, ut, ut, ut))
	return call(h, e)
}

// vectorShuffle spells OpVectorShuffle: a swizzle of one vector, or a
// constructor picking from both.
func (t *translator) vectorShuffle(in *builder.Inst, val func(int) expr, typeOf func(int) builder.ID) expr {
	if len(in.Operands) < 2 {
		t.fail("OpVectorShuffle with too few operands")
	}
	a, b := t.typ(typeOf(0)), t.typ(typeOf(1))
	comps := in.Operands[2:]
	fromA, fromB := true, true
	for _, c := range comps {
		switch {
		case c.Word == 0xffffffff:
		case int(c.Word) < a.n:
			fromB = false
		default:
			fromA = false
		}
	}
	const xyzw = "xyzw"
	res := t.typ(in.Type)
	if res.comp.isWide() {
		// Arrays: each component by index.
		va, vb := val(0), val(1)
		var args []expr
		for _, c := range comps {
			i := int(c.Word)
			switch {
			case c.Word == 0xffffffff:
				args = append(args, postfix(va, "[0]"))
			case i < a.n:
				args = append(args, postfix(va, fmt.Sprintf("[%d]", i)))
			case i-a.n < b.n:
				args = append(args, postfix(vb, fmt.Sprintf("[%d]", i-a.n)))
			default:
				t.fail("OpVectorShuffle component %d out of range", i)
			}
		}
		return call(res.text, args...)
	}
	switch {
	case fromA || fromB:
		src, off := val(0), 0
		if !fromA {
			src, off = val(1), a.n
		}
		var sw strings.Builder
		for _, c := range comps {
			i := int(c.Word) - off
			if c.Word == 0xffffffff || i < 0 || i >= 4 {
				i = 0
			}
			sw.WriteByte(xyzw[i])
		}
		if sw.Len() == a.n && sw.String() == xyzw[:a.n] && fromA {
			return src
		}
		return postfix(src, "."+sw.String())
	}
	var args []expr
	va, vb := val(0), val(1)
	for _, c := range comps {
		i := int(c.Word)
		switch {
		case c.Word == 0xffffffff:
			args = append(args, postfix(va, ".x"))
		case i < a.n:
			args = append(args, postfix(va, "."+xyzw[i:i+1]))
		case i-a.n < b.n:
			args = append(args, postfix(vb, "."+xyzw[i-a.n:i-a.n+1]))
		default:
			t.fail("OpVectorShuffle component %d out of range", i)
		}
	}
	return call(res.text, args...)
}

// copyLogical converts between two types of the same shape (OpCopyLogical).
func (t *translator) copyLogical(e expr, from, to builder.ID) expr {
	ft, tt := t.typ(from), t.typ(to)
	if ft.text == tt.text {
		return e
	}
	var args []expr
	switch tt.op {
	case spv.OpTypeStruct:
		for i := range tt.members {
			args = append(args, t.copyLogical(postfix(e, "."+t.structDecls[from].members[i].name), ft.members[i], tt.members[i]))
		}
	case spv.OpTypeArray:
		for i := 0; i < tt.n; i++ {
			args = append(args, t.copyLogical(postfix(e, fmt.Sprintf("[%d]", i)), ft.elem, tt.elem))
		}
	default:
		t.fail("OpCopyLogical between %s and %s", ft.text, tt.text)
	}
	return call(tt.text, args...)
}

// extendedArith spells the carry, borrow and extended multiply
// instructions, which return a struct of two results.
func (t *translator) extendedArith(in *builder.Inst, val func(int) expr, typeOf func(int) builder.ID) expr {
	rt := t.typ(in.Type)
	if rt.op != spv.OpTypeStruct || len(rt.members) != 2 {
		t.fail("%s does not return a two-member struct", in.Op)
	}
	s, n := t.scalarOf(rt.members[0])
	ut, it := vecText(sU32, n), vecText(sI32, n)
	var body string
	switch in.Op {
	case spv.OpIAddCarry:
		body = fmt.Sprintf("(a : %s, b : %s) -> %s {\n  let r = a + b;\n  return %s(r, select(%s(0u), %s(1u), r < a));\n}\n", ut, ut, rt.text, rt.text, ut, ut)
	case spv.OpISubBorrow:
		body = fmt.Sprintf("(a : %s, b : %s) -> %s {\n  return %s(a - b, select(%s(0u), %s(1u), a < b));\n}\n", ut, ut, rt.text, rt.text, ut, ut)
	case spv.OpUMulExtended, spv.OpSMulExtended:
		// 16-bit halves: lo = a*b mod 2^32, hi from the partial products.
		hi := `  let al = a & %[1]s(0xffffu);
  let ah = a >> %[1]s(16u);
  let bl = b & %[1]s(0xffffu);
  let bh = b >> %[1]s(16u);
  let ll = al * bl;
  let lh = al * bh;
  let hl = ah * bl;
  let hh = ah * bh;
  let mid = (ll >> %[1]s(16u)) + (lh & %[1]s(0xffffu)) + (hl & %[1]s(0xffffu));
  var hi = hh + (lh >> %[1]s(16u)) + (hl >> %[1]s(16u)) + (mid >> %[1]s(16u));
`
		body = fmt.Sprintf("(a : %s, b : %s) -> %s {\n", ut, ut, rt.text) + fmt.Sprintf(hi, ut)
		if in.Op == spv.OpSMulExtended {
			// Signed: subtract b when a < 0 and a when b < 0 from the high half.
			body += fmt.Sprintf("  hi = hi - select(%[1]s(0u), b, bitcast<%[2]s>(a) < %[2]s(0)) - select(%[1]s(0u), a, bitcast<%[2]s>(b) < %[2]s(0));\n", ut, it)
		}
		body += fmt.Sprintf("  return %s(%s, %s);\n}\n", rt.text, t.castTo(primary("a * b"), t.pseudoType(sU32, n), s).text, t.castTo(primary("hi"), t.pseudoType(sU32, n), s).text)
	}
	h := t.helper(strings.ToLower(in.Op.String()[2:])+"_"+rt.text, body)
	return call(h, t.castTo(val(0), typeOf(0), sU32), t.castTo(val(1), typeOf(1), sU32))
}

// controlBarrier translates OpControlBarrier.
// memoryBarrier translates a memory barrier. WGSL's barriers all
// synchronise execution too, which orders at least as much memory; so a
// workgroup-scope memory barrier (GroupMemoryBarrier) that every
// invocation of a compute shader reaches becomes the barrier with
// execution. Elsewhere, or at a wider scope (WGSL orders memory only
// within a workgroup), it is refused.
func (fs *funcState) memoryBarrier(in *builder.Inst, out *[]stmt) {
	t := fs.t
	if len(in.Operands) < 2 {
		t.fail("OpMemoryBarrier with too few operands")
	}
	scope, ok := t.constUint(in.Operands[0].ID())
	if !ok || spv.Scope(scope) != spv.ScopeWorkgroup && spv.Scope(scope) != spv.ScopeSubgroup && spv.Scope(scope) != spv.ScopeInvocation {
		t.unsupported("a memory barrier without an execution barrier at a scope wider than the workgroup (WGSL's barriers order memory within a workgroup)")
	}
	if !fs.reachedByAll(in) {
		t.unsupported("a memory barrier without an execution barrier where not every invocation of a compute shader reaches it (WGSL's barriers all synchronise execution)")
	}
	sem, _ := t.constUint(in.Operands[1].ID())
	fs.barrierFor(spv.MemorySemantics(sem), out)
}

func (fs *funcState) controlBarrier(in *builder.Inst, out *[]stmt) {
	t := fs.t
	if len(in.Operands) < 3 {
		t.fail("OpControlBarrier with too few operands")
	}
	exec, ok := t.constUint(in.Operands[0].ID())
	if !ok {
		t.unsupported("a barrier with a run-time scope")
	}
	sem, _ := t.constUint(in.Operands[2].ID())
	if spv.Scope(exec) != spv.ScopeWorkgroup {
		t.unsupported("an execution barrier at %s scope (WGSL's barriers are workgroup-wide)", spv.Scope(exec))
	}
	fs.barrierFor(spv.MemorySemantics(sem), out)
}

// barrierFor emits the WGSL barriers ordering the memory of semantics.
func (fs *funcState) barrierFor(semantics spv.MemorySemantics, out *[]stmt) {
	any := false
	if semantics&(spv.MemorySemanticsUniformMemory) != 0 {
		*out = append(*out, sLine{"storageBarrier();"})
		any = true
	}
	if semantics&spv.MemorySemanticsImageMemory != 0 {
		*out = append(*out, sLine{"textureBarrier();"})
		any = true
	}
	if semantics&spv.MemorySemanticsWorkgroupMemory != 0 || !any {
		*out = append(*out, sLine{"workgroupBarrier();"})
	}
}

// intDot spells the integer dot products: 4x8-bit packed ones with WGSL's
// dot4I8Packed/dot4U8Packed (the mixed one unpacks), vectors as a dot
// product in u32 (sums of products wrap alike in either signedness).
func (t *translator) intDot(in *builder.Inst, val func(int) expr, typeOf func(int) builder.ID) expr {
	res := t.resultScalar(in.Type)
	if _, n := t.scalarOf(in.Type); n != 1 || !res.isInt() {
		t.fail("%s with a result that is not an integer", in.Op)
	}
	s, n := t.scalarOf(typeOf(0))
	if n == 1 {
		// Packed: PackedVectorFormat4x8Bit.
		if len(in.Operands) < 3 || in.Operands[2].Word != 0 {
			t.fail("%s on scalars without the 4x8-bit packed format", in.Op)
		}
		a, b := t.castTo(val(0), typeOf(0), sU32), t.castTo(val(1), typeOf(1), sU32)
		switch in.Op {
		case spv.OpUDot:
			return t.castTo(call("dot4U8Packed", a, b), t.pseudoType(sU32, 1), res)
		case spv.OpSDot:
			return t.castTo(call("dot4I8Packed", a, b), t.pseudoType(sI32, 1), res)
		}
		return t.castTo(call("dot", call("unpack4xI8", a), call("bitcast<vec4<i32>>", call("unpack4xU8", b))), t.pseudoType(sI32, 1), res)
	}
	if !s.isInt() {
		t.fail("%s on %s", in.Op, t.typ(typeOf(0)).text)
	}
	return t.castTo(call("dot", t.castTo(val(0), typeOf(0), sU32), t.castTo(val(1), typeOf(1), sU32)), t.pseudoType(sU32, 1), res)
}

// shiftAmount spells a shift, offset or count operand as the u32 WGSL
// takes (any width: a 16-bit one is held in 32 bits already).
func (t *translator) shiftAmount(e expr, typ builder.ID) expr {
	s, n := t.scalarOf(typ)
	if s.isWide() {
		// The low word (an amount past it is undefined anyway).
		return t.wideCall("u64_low", n, e)
	}
	return t.castTo(e, typ, s.unsigned())
}

// intConvert spells OpUConvert (zero-extending) and OpSConvert
// (sign-extending) between integer widths.
func (t *translator) intConvert(signExtend bool, e expr, from, to builder.ID) expr {
	fs, n := t.scalarOf(from)
	ts, _ := t.scalarOf(to)
	if fs.bits() == ts.bits() {
		return t.castTo(e, from, ts)
	}
	// The source, extended the instruction's way, held in 32 bits.
	src := fs.unsigned()
	if signExtend {
		src = fs.signed()
	}
	e = t.castTo(e, from, src)
	if ts.bits() > fs.bits() {
		// The 32-bit extension is also the held form of a wider narrow
		// integer of the same signedness.
		held := src.widen()
		if ts.isNarrow() {
			held = ts.unsigned()
			if signExtend {
				held = ts.signed()
			}
		}
		return t.castTo(e, t.pseudoType(held, n), ts)
	}
	// Narrowing: the low bits.
	return t.narrowTo(t.castTo(e, t.pseudoType(src, n), src.unsigned().widen()), n, ts)
}

// narrowTo spells the low bits of a u32 value (n components) as integer
// scalar ts of 32 bits or fewer.
func (t *translator) narrowTo(low expr, n int, ts scalar) expr {
	if !ts.isNarrow() {
		return t.castTo(low, t.pseudoType(sU32, n), ts)
	}
	u := ts.unsigned()
	return t.castTo(t.wrap16(low, u, n), t.pseudoType(u, n), ts)
}
