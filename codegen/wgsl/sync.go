package wgsl

import (
	"fmt"
	"strings"

	"github.com/hlsl2spirv/hlsl2spirv/builder"
	"github.com/hlsl2spirv/hlsl2spirv/builder/spv"
)

// Atomics and subgroup operations.

// atomic translates an OpAtomic* instruction. The memory it works on was
// made atomic<T> by markAtomic; WGSL's atomics are relaxed, as DXC's and
// glslang's are (ordering comes from barriers), and the scope and
// semantics operands are dropped.
func (fs *funcState) atomic(in *builder.Inst, out *[]stmt) {
	t := fs.t
	r := fs.refOf(t.operandID(in, 0))
	var at scalar
	var p expr
	if r.kind == refRaw {
		// A word of a buffer laid out as atomic<u32> words.
		at, p = sU32, t.rawAtomicWord(r)
	} else {
		if r.kind != refPlain || r.mem == nil || r.mem.kind != mAtomic {
			t.fail("an atomic operation on memory that was not made atomic")
		}
		at, _ = t.scalarOf(r.pointee)
		p = fs.addressOf(r)
		if r.mem.floatBits {
			fs.atomicFloat(in, p, out)
			return
		}
	}
	atType := t.pseudoType(at, 1)
	arg := func(i int) expr { return t.castTo(fs.value(t.operandID(in, i)), t.typeOfValue(t.operandID(in, i)), at) }
	result := func(e expr) {
		if in.Type == 0 {
			fs.emitChosen(e.text+";", out)
			return
		}
		if fs.val(in.Result) != nil && fs.val(in.Result).place == pNone {
			fs.emitChosen("_ = "+e.text+";", out)
			return
		}
		rs := t.resultScalar(in.Type)
		fs.bindChosen(in, t.castTo(e, atType, rs), out)
	}
	op := func(name string) { result(call(name, p, arg(3))) }
	switch in.Op {
	case spv.OpAtomicLoad:
		result(call("atomicLoad", p))
	case spv.OpAtomicStore:
		fs.emitChosen(fmt.Sprintf("atomicStore(%s, %s);", p.text, arg(3).text), out)
	case spv.OpAtomicExchange:
		op("atomicExchange")
	case spv.OpAtomicIIncrement:
		result(call("atomicAdd", p, t.literal(atType, 1)))
	case spv.OpAtomicIDecrement:
		result(call("atomicSub", p, t.literal(atType, 1)))
	case spv.OpAtomicIAdd:
		op("atomicAdd")
	case spv.OpAtomicISub:
		op("atomicSub")
	case spv.OpAtomicAnd:
		op("atomicAnd")
	case spv.OpAtomicOr:
		op("atomicOr")
	case spv.OpAtomicXor:
		op("atomicXor")
	case spv.OpAtomicSMin, spv.OpAtomicSMax, spv.OpAtomicUMin, spv.OpAtomicUMax:
		want := sU32
		if in.Op == spv.OpAtomicSMin || in.Op == spv.OpAtomicSMax {
			want = sI32
		}
		if at != want {
			// WGSL's atomicMin and atomicMax compare with the memory's
			// signedness: the other one is a compare-exchange loop.
			fs.atomicMinMaxLoop(in, at, p, want, out)
			return
		}
		if in.Op == spv.OpAtomicSMin || in.Op == spv.OpAtomicUMin {
			op("atomicMin")
		} else {
			op("atomicMax")
		}
	case spv.OpAtomicCompareExchange, spv.OpAtomicCompareExchangeWeak:
		// SPIR-V's exchange is strong; WGSL's may fail spuriously
		// (exchanged false although the old value matched): retry then.
		if len(in.Operands) < 6 {
			t.fail("%s with too few operands", in.Op)
		}
		if hasChoice(p.text) {
			t.unsupported("a compare-exchange in an element of a descriptor array chosen at run time")
		}
		value := fs.temp(arg(4), atType, out)
		cmp := fs.temp(arg(5), atType, out)
		res := fs.bindVar(in, t.zero(in.Type), out)
		rn := t.names.unique("cas")
		old := t.castTo(primary(rn+".old_value"), atType, t.resultScalar(in.Type))
		*out = append(*out, sLoop{body: []stmt{
			sLine{fmt.Sprintf("let %s = atomicCompareExchangeWeak(%s, %s, %s);", rn, p.text, cmp.text, value.text)},
			sIf{cond: fmt.Sprintf("%s.exchanged || (%s.old_value != %s)", rn, rn, cmp.text), then: []stmt{
				sLine{fmt.Sprintf("%s = %s;", res, old.text)},
				sJump{"break;"},
			}},
		}})
	default:
		t.unsupported("the atomic operation %s", in.Op)
	}
}

func isSubgroupOp(op spv.Op) bool {
	switch op {
	case spv.OpGroupNonUniformElect, spv.OpGroupNonUniformAll, spv.OpGroupNonUniformAny,
		spv.OpGroupNonUniformAllEqual, spv.OpGroupNonUniformBroadcast, spv.OpGroupNonUniformBroadcastFirst,
		spv.OpGroupNonUniformBallot, spv.OpGroupNonUniformInverseBallot, spv.OpGroupNonUniformBallotBitExtract,
		spv.OpGroupNonUniformBallotBitCount, spv.OpGroupNonUniformBallotFindLSB, spv.OpGroupNonUniformBallotFindMSB,
		spv.OpGroupNonUniformShuffle, spv.OpGroupNonUniformShuffleXor, spv.OpGroupNonUniformShuffleUp,
		spv.OpGroupNonUniformShuffleDown, spv.OpGroupNonUniformIAdd, spv.OpGroupNonUniformFAdd,
		spv.OpGroupNonUniformIMul, spv.OpGroupNonUniformFMul, spv.OpGroupNonUniformSMin, spv.OpGroupNonUniformUMin,
		spv.OpGroupNonUniformFMin, spv.OpGroupNonUniformSMax, spv.OpGroupNonUniformUMax, spv.OpGroupNonUniformFMax,
		spv.OpGroupNonUniformBitwiseAnd, spv.OpGroupNonUniformBitwiseOr, spv.OpGroupNonUniformBitwiseXor,
		spv.OpGroupNonUniformLogicalAnd, spv.OpGroupNonUniformLogicalOr, spv.OpGroupNonUniformLogicalXor,
		spv.OpGroupNonUniformQuadBroadcast, spv.OpGroupNonUniformQuadSwap, spv.OpGroupNonUniformRotateKHR:
		return true
	}
	return false
}

// subgroup translates the OpGroupNonUniform* instructions WGSL's subgroups
// extension has.
func (fs *funcState) subgroup(in *builder.Inst, out *[]stmt) {
	t := fs.t
	if len(in.Operands) < 1 {
		t.fail("%s without a scope", in.Op)
	}
	if sc, ok := t.constUint(in.Operands[0].ID()); !ok || spv.Scope(sc) != spv.ScopeSubgroup {
		t.unsupported("%s at a scope other than Subgroup", in.Op)
	}
	if (in.Op == spv.OpGroupNonUniformQuadBroadcast || in.Op == spv.OpGroupNonUniformQuadSwap) && fs.inQuadGroup() {
		fs.bind(in, fs.quadOp(in, t.castTo(fs.value(t.operandID(in, 1)), t.typeOfValue(t.operandID(in, 1)), t.resultScalar(in.Type)), out), out)
		return
	}
	t.enable("subgroups")
	if t.involvesWide(in) {
		// A vec2<u32> moves between invocations as it is; nothing computes
		// on 64 bits across a subgroup.
		switch in.Op {
		case spv.OpGroupNonUniformBroadcast, spv.OpGroupNonUniformBroadcastFirst, spv.OpGroupNonUniformShuffle,
			spv.OpGroupNonUniformShuffleXor, spv.OpGroupNonUniformShuffleUp, spv.OpGroupNonUniformShuffleDown,
			spv.OpGroupNonUniformQuadBroadcast, spv.OpGroupNonUniformQuadSwap, spv.OpGroupNonUniformAllEqual:
			if _, n := t.scalarOf(t.typeOfValue(t.operandID(in, 1))); n > 1 {
				t.unsupported("%s on vectors of 64-bit integers", in.Op)
			}
		default:
			t.unsupported("%s on 64-bit integers", in.Op)
		}
	}
	res := t.resultScalar(in.Type)
	val := func(i int) expr { return fs.value(t.operandID(in, i)) }
	as := func(i int, s scalar) expr {
		return t.castTo(fs.value(t.operandID(in, i)), t.typeOfValue(t.operandID(in, i)), s)
	}
	fix := func(e expr, s scalar) expr { return t.castTo(e, t.scalarTypeLike(in.Type, s), res) }
	u32Arg := func(i int) expr {
		return t.shiftAmount(fs.value(t.operandID(in, i)), t.typeOfValue(t.operandID(in, i)))
	}
	var e expr
	switch in.Op {
	case spv.OpGroupNonUniformElect:
		e = call("subgroupElect")
	case spv.OpGroupNonUniformAll:
		e = call("subgroupAll", val(1))
	case spv.OpGroupNonUniformAny:
		e = call("subgroupAny", val(1))
	case spv.OpGroupNonUniformBroadcast:
		if c, ok := t.constUint(t.operandID(in, 2)); ok {
			e = call("subgroupBroadcast", as(1, res), primary(fmt.Sprintf("%du", uint32(c))))
		} else {
			e = call("subgroupShuffle", as(1, res), u32Arg(2))
		}
	case spv.OpGroupNonUniformAllEqual:
		// Every active invocation holds the first one's value.
		x := fs.temp(val(1), t.typeOfValue(t.operandID(in, 1)), out)
		eq := binary("==", x, call("subgroupBroadcastFirst", x))
		if s, n := t.scalarOf(t.typeOfValue(t.operandID(in, 1))); n > 1 || s.isWide() {
			eq = call("all", eq)
		}
		e = call("subgroupAll", eq)
	case spv.OpGroupNonUniformBroadcastFirst:
		e = call("subgroupBroadcastFirst", as(1, res))
	case spv.OpGroupNonUniformBallot:
		e = fix(call("subgroupBallot", val(1)), sU32)
	case spv.OpGroupNonUniformBallotBitCount:
		if len(in.Operands) < 3 {
			t.fail("%s with too few operands", in.Op)
		}
		ballot := as(2, sU32)
		switch op := spv.GroupOperation(in.Operands[1].Word); op {
		case spv.GroupOperationReduce:
		case spv.GroupOperationInclusiveScan, spv.GroupOperationExclusiveScan:
			// The bits of the lanes below this one (and this one).
			lane := primary(fs.laneID())
			if op == spv.GroupOperationInclusiveScan {
				lane = binary("+", lane, primary("1u"))
			}
			ballot = binary("&", ballot, call(t.lanesBelowHelper(), lane))
		default:
			t.unsupported("%s with %s", in.Op, op)
		}
		e = fix(call("dot", call("countOneBits", ballot), primary("vec4<u32>(1u)")), sU32)
	case spv.OpGroupNonUniformShuffle:
		e = call("subgroupShuffle", as(1, res), u32Arg(2))
	case spv.OpGroupNonUniformShuffleXor:
		e = call("subgroupShuffleXor", as(1, res), u32Arg(2))
	case spv.OpGroupNonUniformShuffleUp:
		e = call("subgroupShuffleUp", as(1, res), u32Arg(2))
	case spv.OpGroupNonUniformShuffleDown:
		e = call("subgroupShuffleDown", as(1, res), u32Arg(2))
	case spv.OpGroupNonUniformQuadBroadcast:
		c, ok := t.constUint(t.operandID(in, 2))
		if !ok {
			t.unsupported("a quad broadcast from a lane chosen at run time")
		}
		// Lanes past 3 give undefined results; WGSL wants one in 0..3.
		e = call("quadBroadcast", as(1, res), primary(fmt.Sprintf("%du", uint32(c)&3)))
	case spv.OpGroupNonUniformQuadSwap:
		c, _ := t.constUint(t.operandID(in, 2))
		names := []string{"quadSwapX", "quadSwapY", "quadSwapDiagonal"}
		if c > 2 {
			t.fail("quad swap direction %d", c)
		}
		e = call(names[c], as(1, res))
	case spv.OpGroupNonUniformIAdd, spv.OpGroupNonUniformFAdd, spv.OpGroupNonUniformIMul, spv.OpGroupNonUniformFMul,
		spv.OpGroupNonUniformSMin, spv.OpGroupNonUniformUMin, spv.OpGroupNonUniformFMin, spv.OpGroupNonUniformSMax,
		spv.OpGroupNonUniformUMax, spv.OpGroupNonUniformFMax, spv.OpGroupNonUniformBitwiseAnd,
		spv.OpGroupNonUniformBitwiseOr, spv.OpGroupNonUniformBitwiseXor, spv.OpGroupNonUniformLogicalAnd,
		spv.OpGroupNonUniformLogicalOr, spv.OpGroupNonUniformLogicalXor:
		e = fs.subgroupArith(in, as, res)
	default:
		t.unsupported("the subgroup operation %s", in.Op)
	}
	fs.bind(in, e, out)
}

var subgroupArithNames = &lazy[map[spv.Op]string]{make: func() map[spv.Op]string {
	return map[spv.Op]string{
		spv.OpGroupNonUniformIAdd: "Add", spv.OpGroupNonUniformFAdd: "Add", spv.OpGroupNonUniformIMul: "Mul",
		spv.OpGroupNonUniformFMul: "Mul", spv.OpGroupNonUniformSMin: "Min", spv.OpGroupNonUniformUMin: "Min",
		spv.OpGroupNonUniformFMin: "Min", spv.OpGroupNonUniformSMax: "Max", spv.OpGroupNonUniformUMax: "Max",
		spv.OpGroupNonUniformFMax: "Max", spv.OpGroupNonUniformBitwiseAnd: "And", spv.OpGroupNonUniformBitwiseOr: "Or",
		spv.OpGroupNonUniformBitwiseXor: "Xor", spv.OpGroupNonUniformLogicalAnd: "And",
		spv.OpGroupNonUniformLogicalOr: "Or", spv.OpGroupNonUniformLogicalXor: "Xor",
	}
}}

func (fs *funcState) subgroupArith(in *builder.Inst, as func(int, scalar) expr, res scalar) expr {
	t := fs.t
	if len(in.Operands) < 3 {
		t.fail("%s with too few operands", in.Op)
	}
	name := subgroupArithNames.get()[in.Op]
	switch spv.GroupOperation(in.Operands[1].Word) {
	case spv.GroupOperationReduce:
		name = "subgroup" + name
	case spv.GroupOperationInclusiveScan:
		if name != "Add" && name != "Mul" {
			t.unsupported("an inclusive %s scan (WGSL scans add and multiply)", name)
		}
		name = "subgroupInclusive" + name
	case spv.GroupOperationExclusiveScan:
		if name != "Add" && name != "Mul" {
			t.unsupported("an exclusive %s scan (WGSL scans add and multiply)", name)
		}
		name = "subgroupExclusive" + name
	default:
		t.unsupported("the subgroup operation %s with %s", in.Op, spv.GroupOperation(in.Operands[1].Word))
	}
	s := res
	switch in.Op {
	case spv.OpGroupNonUniformSMin, spv.OpGroupNonUniformSMax:
		s = res.signed()
	case spv.OpGroupNonUniformUMin, spv.OpGroupNonUniformUMax:
		s = res.unsigned()
	case spv.OpGroupNonUniformLogicalAnd, spv.OpGroupNonUniformLogicalOr, spv.OpGroupNonUniformLogicalXor:
		_, n := t.scalarOf(in.Type)
		ut := vecText(sU32, n)
		v := call("select", primary(ut+"(0u)"), primary(ut+"(1u)"), as(2, sBool))
		return binary("!=", call(name, v), primary(ut+"(0u)"))
	}
	e := call(name, as(2, s))
	if strings.HasSuffix(name, "Add") || strings.HasSuffix(name, "Mul") {
		_, n := t.scalarOf(in.Type)
		e = t.wrap16(e, s, n) // sums and products of 16-bit values may leave the range
	}
	return t.castTo(e, t.scalarTypeLike(in.Type, s), res)
}

// atomicMinMaxLoop does an atomic min or max comparing as signedness want
// on memory of the other signedness: load, compute, compare-exchange until
// no other invocation came in between.
func (fs *funcState) atomicMinMaxLoop(in *builder.Inst, at scalar, p expr, want scalar, out *[]stmt) {
	t := fs.t
	if hasChoice(p.text) {
		t.unsupported("a %s in an element of a descriptor array chosen at run time", in.Op)
	}
	fn := "min"
	if in.Op == spv.OpAtomicSMax || in.Op == spv.OpAtomicUMax {
		fn = "max"
	}
	vid := t.operandID(in, 3)
	value := fs.temp(t.castTo(fs.value(vid), t.typeOfValue(vid), want), t.pseudoType(want, 1), out)
	oldName := t.names.unique("old")
	var res string
	if in.Type != 0 {
		res = fs.bindVar(in, t.zero(in.Type), out)
	}
	newVal := t.castTo(call(fn, t.castTo(primary(oldName), t.pseudoType(at, 1), want), value), t.pseudoType(want, 1), at)
	rn := t.names.unique("cas")
	body := []stmt{
		sLine{fmt.Sprintf("let %s = atomicLoad(%s);", oldName, p.text)},
		sLine{fmt.Sprintf("let %s = atomicCompareExchangeWeak(%s, %s, %s);", rn, p.text, oldName, newVal.text)},
	}
	done := []stmt{sJump{"break;"}}
	if res != "" {
		done = append([]stmt{sLine{fmt.Sprintf("%s = %s;", res, t.castTo(primary(oldName), t.pseudoType(at, 1), t.resultScalar(in.Type)).text)}}, done...)
	}
	body = append(body, sIf{cond: rn + ".exchanged", then: done})
	*out = append(*out, sLoop{body: body})
}

// laneID returns the private variable the entry point wrappers fill with
// the subgroup invocation id (WGSL has it only as an entry point input).
func (fs *funcState) laneID() string {
	t := fs.t
	if t.funcStages[fs.f.Def.Result][spv.ExecutionModelVertex] {
		t.unsupported("a subgroup scan of a ballot in a vertex shader (WGSL has no subgroup_invocation_id there)")
	}
	if t.laneVar == "" {
		t.laneVar = t.names.uniqueGlobal("subgroup_lane")
		t.decls = append(t.decls, fmt.Sprintf("var<private> %s : u32;\n", t.laneVar))
	}
	return t.laneVar
}

// lanesBelowHelper declares the function returning the ballot mask of the
// lanes below lane n.
func (t *translator) lanesBelowHelper() string {
	return t.helper("lanes_below", `(n : u32) -> vec4<u32> {
  var m : vec4<u32>;
  for (var w = 0u; w < 4u; w++) {
    let lo = w * 32u;
    if n >= lo + 32u {
      m[w] = 0xffffffffu;
    } else if n > lo {
      m[w] = (1u << (n - lo)) - 1u;
    }
  }
  return m;
}
`)
}

// atomicFloat does an atomic operation on an f32 held as atomic<u32>
// bits: loads, stores and exchanges move the bits; additions, minimums
// and maximums compute in f32 and store with a compare-exchange loop.
func (fs *funcState) atomicFloat(in *builder.Inst, p expr, out *[]stmt) {
	t := fs.t
	if hasChoice(p.text) {
		t.unsupported("a float %s in an element of a descriptor array chosen at run time", in.Op)
	}
	bits := func(i int) expr { return call("bitcast<u32>", fs.value(t.operandID(in, i))) }
	result := func(e expr) {
		if in.Type == 0 || fs.val(in.Result) != nil && fs.val(in.Result).place == pNone {
			*out = append(*out, sLine{"_ = " + e.text + ";"})
			return
		}
		fs.bind(in, call("bitcast<f32>", e), out)
	}
	switch in.Op {
	case spv.OpAtomicLoad:
		result(call("atomicLoad", p))
	case spv.OpAtomicStore:
		*out = append(*out, sLine{fmt.Sprintf("atomicStore(%s, %s);", p.text, bits(3).text)})
	case spv.OpAtomicExchange:
		result(call("atomicExchange", p, bits(3)))
	case spv.OpAtomicFAddEXT, spv.OpAtomicFMinEXT, spv.OpAtomicFMaxEXT:
		value := fs.temp(fs.value(t.operandID(in, 3)), t.pseudoType(sF32, 1), out)
		oldName := t.names.unique("old")
		var res string
		if in.Type != 0 {
			res = fs.bindVar(in, primary("0.0f"), out)
		}
		var next expr
		switch in.Op {
		case spv.OpAtomicFAddEXT:
			next = binary("+", call("bitcast<f32>", primary(oldName)), value)
		case spv.OpAtomicFMinEXT:
			next = call("min", call("bitcast<f32>", primary(oldName)), value)
		default:
			next = call("max", call("bitcast<f32>", primary(oldName)), value)
		}
		rn := t.names.unique("cas")
		done := []stmt{sJump{"break;"}}
		if res != "" {
			done = append([]stmt{sLine{fmt.Sprintf("%s = bitcast<f32>(%s);", res, oldName)}}, done...)
		}
		*out = append(*out, sLoop{body: []stmt{
			sLine{fmt.Sprintf("let %s = atomicLoad(%s);", oldName, p.text)},
			sLine{fmt.Sprintf("let %s = atomicCompareExchangeWeak(%s, %s, bitcast<u32>(%s));", rn, p.text, oldName, next.text)},
			sIf{cond: rn + ".exchanged", then: done},
		}})
	default:
		t.unsupported("%s on a float", in.Op)
	}
}
