// Package mutate makes small random changes to valid SPIR-V modules, to
// test a validator against another one: most mutants break a rule (an
// operand of the wrong type or kind, a missing decoration, a broken
// structured CFG, a missing capability), some stay valid, and both
// validators must agree on which is which.
//
// A mutation works on the IR (builder.Load), so the mutant still decodes:
// every id, literal and enumerant keeps its place in the grammar; what
// changes is what they refer to. Mutate returns the mutant's words and a
// description of the change, or false when the mutation did not apply (the
// module had nothing to mutate that way, or the mutant does not encode).
package mutate

import (
	"fmt"
	"math/rand/v2"
	"slices"

	"github.com/hlsl2spirv/hlsl2spirv/builder"
	"github.com/hlsl2spirv/hlsl2spirv/builder/spv"
)

// A kind of mutation, with its weight in the random choice.
type kind struct {
	name   string
	weight int
	apply  func(s *state) (string, bool)
}

var kinds = []kind{
	{"operand-id", 20, mutateOperandID},
	{"result-type", 12, mutateResultType},
	{"literal", 8, mutateLiteral},
	{"enumerant", 8, mutateEnumerant},
	{"opcode", 8, mutateOpcode},
	{"decoration-drop", 6, dropDecoration},
	{"decoration-add", 6, addDecoration},
	{"decoration-param", 4, mutateDecorationParam},
	{"branch-target", 8, mutateBranchTarget},
	{"merge", 6, mutateMerge},
	{"move", 5, moveInstruction},
	{"delete", 4, deleteInstruction},
	{"capability", 4, dropCapability},
	{"storage-class", 5, mutateStorageClass},
	{"type-decl", 5, mutateTypeDecl},
}

// state is one mutation in progress.
type state struct {
	m   *builder.Module
	rng *rand.Rand
	// Every instruction in layout order (module level and function
	// bodies), and which ids are types, values and labels.
	insts  []*builder.Inst
	types  []builder.ID
	values []builder.ID
	labels []builder.ID
	defs   map[builder.ID]*builder.Inst
}

func newState(m *builder.Module, rng *rand.Rand) *state {
	s := &state{m: m, rng: rng, defs: map[builder.ID]*builder.Inst{}}
	for in := range m.All() {
		s.insts = append(s.insts, in)
		if in.Result == 0 {
			continue
		}
		s.defs[in.Result] = in
		switch {
		case isType(in.Op):
			s.types = append(s.types, in.Result)
		case in.Type != 0:
			s.values = append(s.values, in.Result)
		}
	}
	for _, f := range m.Functions {
		for _, b := range f.Blocks {
			s.labels = append(s.labels, b.Label)
		}
	}
	return s
}

func isType(op spv.Op) bool {
	info := spv.InstructionInfo(op)
	return info != nil && info.Class() == "Type-Declaration" && op != spv.OpTypeForwardPointer
}

func (s *state) pick(ids []builder.ID) builder.ID {
	if len(ids) == 0 {
		return 0
	}
	return ids[s.rng.IntN(len(ids))]
}

// pickInst returns a random instruction for which ok holds.
func (s *state) pickInst(ok func(*builder.Inst) bool) *builder.Inst {
	var cands []*builder.Inst
	for _, in := range s.insts {
		if ok(in) {
			cands = append(cands, in)
		}
	}
	if len(cands) == 0 {
		return nil
	}
	return cands[s.rng.IntN(len(cands))]
}

// Mutate applies one random mutation to the module encoded by words.
func Mutate(words []uint32, rng *rand.Rand) ([]uint32, string, bool) {
	m, err := builder.Load(words)
	if err != nil {
		return nil, "", false
	}
	s := newState(m, rng)
	total := 0
	for _, k := range kinds {
		total += k.weight
	}
	r := rng.IntN(total)
	var k kind
	for _, k = range kinds {
		if r < k.weight {
			break
		}
		r -= k.weight
	}
	desc, ok := k.apply(s)
	if !ok {
		return nil, "", false
	}
	var out builder.WordSlice
	if err := builder.Serialize(m, &out); err != nil {
		return nil, "", false
	}
	if slices.Equal(out.Words, words) {
		return nil, "", false
	}
	return out.Words, k.name + ": " + desc, true
}

// operandsWhere returns pointers to in's operands (the result type
// excluded) for which keep is true, pairs and parameters included.
func operandsWhere(in *builder.Inst, keep func(*builder.Operand) bool) []*builder.Operand {
	var out []*builder.Operand
	var walk func(ops []builder.Operand)
	walk = func(ops []builder.Operand) {
		for i := range ops {
			o := &ops[i]
			if keep(o) {
				out = append(out, o)
			}
			walk(o.Params())
		}
	}
	walk(in.Operands)
	return out
}

// idOperands returns pointers to every id operand of in.
func idOperands(in *builder.Inst) []*builder.Operand {
	return operandsWhere(in, (*builder.Operand).IsID)
}

func mutateOperandID(s *state) (string, bool) {
	in := s.pickInst(func(in *builder.Inst) bool { return len(idOperands(in)) > 0 })
	if in == nil {
		return "", false
	}
	ops := idOperands(in)
	o := ops[s.rng.IntN(len(ops))]
	old := o.ID()
	var repl builder.ID
	switch d := s.defs[old]; {
	case s.rng.IntN(4) == 0:
		// Anything at all.
		all := append(append(append([]builder.ID{}, s.types...), s.values...), s.labels...)
		repl = s.pick(all)
	case d != nil && isType(d.Op):
		repl = s.pick(s.types)
	case d != nil && d.Type != 0:
		// A value: prefer one of another type, or of the same type.
		repl = s.pick(s.values)
	default:
		repl = s.pick(s.labels)
	}
	if repl == 0 || repl == old {
		return "", false
	}
	o.Word = uint32(repl)
	return fmt.Sprintf("%s: operand %%%d -> %%%d", in.Op, old, repl), true
}

func mutateResultType(s *state) (string, bool) {
	in := s.pickInst(func(in *builder.Inst) bool { return in.Type != 0 })
	if in == nil {
		return "", false
	}
	repl := s.pick(s.types)
	if repl == 0 || repl == in.Type {
		return "", false
	}
	old := in.Type
	in.Type = repl
	return fmt.Sprintf("%s %%%d: result type %%%d -> %%%d", in.Op, in.Result, old, repl), true
}

// literals returns pointers to the literal number operands of in.
func literals(in *builder.Inst) []*builder.Operand {
	var out []*builder.Operand
	var walk func(ops []builder.Operand)
	walk = func(ops []builder.Operand) {
		for i := range ops {
			o := &ops[i]
			switch o.Kind {
			case spv.KindLiteralInteger, spv.KindLiteralContextDependentNumber:
				if !o.Wide {
					out = append(out, o)
				}
			}
			walk(o.Params())
		}
	}
	walk(in.Operands)
	return out
}

func mutateLiteral(s *state) (string, bool) {
	in := s.pickInst(func(in *builder.Inst) bool {
		return len(literals(in)) > 0 && in.Op != spv.OpConstant && in.Op != spv.OpSpecConstant && in.Op != spv.OpLine
	})
	if in == nil {
		return "", false
	}
	ls := literals(in)
	o := ls[s.rng.IntN(len(ls))]
	old := o.Word
	switch s.rng.IntN(5) {
	case 0:
		o.Word = 0
	case 1:
		o.Word++
	case 2:
		if o.Word > 0 {
			o.Word--
		}
	case 3:
		o.Word *= 2
	default:
		o.Word = uint32(s.rng.IntN(20))
	}
	if o.Word == old {
		return "", false
	}
	return fmt.Sprintf("%s: literal %d -> %d", in.Op, old, o.Word), true
}

// enumerants returns the value-enum and bit-enum operands of in.
func enumerants(in *builder.Inst) []*builder.Operand {
	return operandsWhere(in, func(o *builder.Operand) bool {
		c := o.Kind.Category()
		return c == spv.CategoryValueEnum || c == spv.CategoryBitEnum
	})
}

func mutateEnumerant(s *state) (string, bool) {
	in := s.pickInst(func(in *builder.Inst) bool { return len(enumerants(in)) > 0 })
	if in == nil {
		return "", false
	}
	es := enumerants(in)
	o := es[s.rng.IntN(len(es))]
	ki := spv.KindInfoOf(o.Kind)
	if ki == nil || len(ki.Enumerants()) == 0 {
		return "", false
	}
	// Only enumerants without parameters, or with the same ones, keep the
	// instruction encodable; keep it simple: pick one without parameters
	// when the current has none.
	var cands []uint32
	for _, e := range ki.Enumerants() {
		if len(e.Parameters()) == 0 && e.Value != o.Word && e.Version != spv.VersionNone && e.Value < 4096 {
			cands = append(cands, e.Value)
		}
	}
	if len(cands) == 0 || len(o.Params()) > 0 {
		return "", false
	}
	old := o.Word
	if ki.Category == spv.CategoryBitEnum {
		o.Word ^= cands[s.rng.IntN(len(cands))]
	} else {
		o.Word = cands[s.rng.IntN(len(cands))]
	}
	return fmt.Sprintf("%s: %s %s -> %s", in.Op, o.Kind, o.Kind.ValueString(old), o.Kind.ValueString(o.Word)), true
}

// opcode families with the same operand shape, for opcode swaps.
var opcodeFamilies = [][]spv.Op{
	{spv.OpIAdd, spv.OpFAdd, spv.OpISub, spv.OpFSub, spv.OpIMul, spv.OpFMul, spv.OpUDiv, spv.OpSDiv, spv.OpFDiv,
		spv.OpUMod, spv.OpSRem, spv.OpSMod, spv.OpFRem, spv.OpFMod, spv.OpBitwiseAnd, spv.OpBitwiseOr, spv.OpBitwiseXor,
		spv.OpShiftLeftLogical, spv.OpShiftRightLogical, spv.OpShiftRightArithmetic, spv.OpLogicalAnd, spv.OpLogicalOr,
		spv.OpIEqual, spv.OpINotEqual, spv.OpSLessThan, spv.OpULessThan, spv.OpFOrdLessThan, spv.OpFOrdEqual,
		spv.OpLogicalEqual, spv.OpVectorTimesScalar, spv.OpMatrixTimesVector, spv.OpVectorTimesMatrix,
		spv.OpMatrixTimesMatrix, spv.OpDot, spv.OpMatrixTimesScalar, spv.OpOuterProduct},
	{spv.OpSNegate, spv.OpFNegate, spv.OpNot, spv.OpLogicalNot, spv.OpConvertFToS, spv.OpConvertFToU, spv.OpConvertSToF,
		spv.OpConvertUToF, spv.OpUConvert, spv.OpSConvert, spv.OpFConvert, spv.OpBitcast, spv.OpCopyObject,
		spv.OpTranspose, spv.OpIsNan, spv.OpIsInf, spv.OpAny, spv.OpAll, spv.OpBitCount, spv.OpBitReverse,
		spv.OpDPdx, spv.OpDPdy, spv.OpFwidth, spv.OpDPdxFine, spv.OpQuantizeToF16},
	{spv.OpAccessChain, spv.OpInBoundsAccessChain},
	{spv.OpImageSampleImplicitLod, spv.OpImageSampleExplicitLod, spv.OpImageFetch, spv.OpImageGather,
		spv.OpImageRead, spv.OpImageQuerySizeLod, spv.OpImageQueryLod},
	{spv.OpAtomicIAdd, spv.OpAtomicISub, spv.OpAtomicSMin, spv.OpAtomicUMin, spv.OpAtomicSMax, spv.OpAtomicUMax,
		spv.OpAtomicAnd, spv.OpAtomicOr, spv.OpAtomicXor, spv.OpAtomicExchange},
	{spv.OpGroupNonUniformIAdd, spv.OpGroupNonUniformFAdd, spv.OpGroupNonUniformIMul, spv.OpGroupNonUniformFMul,
		spv.OpGroupNonUniformSMin, spv.OpGroupNonUniformFMin, spv.OpGroupNonUniformBitwiseAnd,
		spv.OpGroupNonUniformLogicalAnd},
	{spv.OpReturn, spv.OpKill, spv.OpUnreachable},
	{spv.OpCompositeExtract},
	{spv.OpLoad, spv.OpCopyObject},
}

func mutateOpcode(s *state) (string, bool) {
	family := map[spv.Op][]spv.Op{}
	for _, f := range opcodeFamilies {
		for _, op := range f {
			family[op] = f
		}
	}
	in := s.pickInst(func(in *builder.Inst) bool { return len(family[in.Op]) > 1 })
	if in == nil {
		return "", false
	}
	f := family[in.Op]
	repl := f[s.rng.IntN(len(f))]
	if repl == in.Op {
		return "", false
	}
	old := in.Op
	in.Op = repl
	return fmt.Sprintf("%%%d: %s -> %s", in.Result, old, repl), true
}

func dropDecoration(s *state) (string, bool) {
	if len(s.m.Annotations) == 0 {
		return "", false
	}
	i := s.rng.IntN(len(s.m.Annotations))
	in := s.m.Annotations[i]
	s.m.Annotations = slices.Delete(s.m.Annotations, i, i+1)
	return in.String(), true
}

// decorations worth adding: they carry rules.
var addable = []spv.Decoration{
	spv.DecorationBlock, spv.DecorationBufferBlock, spv.DecorationFlat, spv.DecorationNoPerspective,
	spv.DecorationCentroid, spv.DecorationSample, spv.DecorationInvariant, spv.DecorationRestrict,
	spv.DecorationAliased, spv.DecorationVolatile, spv.DecorationCoherent, spv.DecorationNonWritable,
	spv.DecorationNonReadable, spv.DecorationRelaxedPrecision, spv.DecorationPatch, spv.DecorationNoContraction,
	spv.DecorationLocation, spv.DecorationComponent, spv.DecorationBinding, spv.DecorationDescriptorSet,
	spv.DecorationOffset, spv.DecorationArrayStride, spv.DecorationMatrixStride, spv.DecorationBuiltIn,
	spv.DecorationSpecId, spv.DecorationIndex, spv.DecorationRowMajor, spv.DecorationColMajor,
	spv.DecorationNonUniform, spv.DecorationGLSLShared, spv.DecorationInputAttachmentIndex,
}

func addDecoration(s *state) (string, bool) {
	d := addable[s.rng.IntN(len(addable))]
	e := spv.KindDecoration.Enumerant(uint32(d))
	if e == nil {
		return "", false
	}
	var params []builder.Operand
	for _, p := range e.Parameters() {
		switch p.Kind {
		case spv.KindLiteralInteger:
			params = append(params, builder.Lit(uint32(s.rng.IntN(8)*4)))
		case spv.KindBuiltIn:
			bs := spv.KindInfoOf(spv.KindBuiltIn).Enumerants()
			params = append(params, builder.Operand{Kind: spv.KindBuiltIn, Word: bs[s.rng.IntN(min(len(bs), 45))].Value})
		default:
			return "", false
		}
	}
	var in *builder.Inst
	all := append(append([]builder.ID{}, s.types...), s.values...)
	target := s.pick(all)
	if target == 0 {
		return "", false
	}
	if td := s.defs[target]; td != nil && td.Op == spv.OpTypeStruct && len(td.Operands) > 0 && s.rng.IntN(2) == 0 {
		member := uint32(s.rng.IntN(len(td.Operands)))
		in = &builder.Inst{Op: spv.OpMemberDecorate, Operands: []builder.Operand{builder.Ref(target), builder.Lit(member), builder.Enum(d, params...)}}
	} else {
		in = &builder.Inst{Op: spv.OpDecorate, Operands: []builder.Operand{builder.Ref(target), builder.Enum(d, params...)}}
	}
	at := s.rng.IntN(len(s.m.Annotations) + 1)
	s.m.Annotations = slices.Insert(s.m.Annotations, at, in)
	return in.String(), true
}

func mutateDecorationParam(s *state) (string, bool) {
	var cands []*builder.Operand
	var owners []*builder.Inst
	for _, in := range s.m.Annotations {
		for i := range in.Operands {
			o := &in.Operands[i]
			if o.Kind == spv.KindDecoration {
				for j := range o.Params() {
					if o.Params()[j].Kind == spv.KindLiteralInteger {
						cands = append(cands, &o.Params()[j])
						owners = append(owners, in)
					}
				}
			}
		}
	}
	if len(cands) == 0 {
		return "", false
	}
	i := s.rng.IntN(len(cands))
	o := cands[i]
	old := o.Word
	switch s.rng.IntN(4) {
	case 0:
		o.Word += 4
	case 1:
		if o.Word >= 4 {
			o.Word -= 4
		} else {
			o.Word += 1
		}
	case 2:
		o.Word++
	default:
		o.Word = uint32(s.rng.IntN(64))
	}
	if o.Word == old {
		return "", false
	}
	return fmt.Sprintf("%s: %d -> %d", owners[i], old, o.Word), true
}

func mutateBranchTarget(s *state) (string, bool) {
	type slot struct {
		f *builder.Function
		o *builder.Operand
		t *builder.Inst
	}
	var slots []slot
	for _, f := range s.m.Functions {
		for _, b := range f.Blocks {
			t := b.Terminator()
			if t == nil {
				continue
			}
			switch t.Op {
			case spv.OpBranch:
				slots = append(slots, slot{f, &t.Operands[0], t})
			case spv.OpBranchConditional:
				slots = append(slots, slot{f, &t.Operands[1], t}, slot{f, &t.Operands[2], t})
			case spv.OpSwitch:
				slots = append(slots, slot{f, &t.Operands[1], t})
				for i := 2; i < len(t.Operands); i++ {
					if len(t.Operands[i].Params()) == 2 {
						slots = append(slots, slot{f, &t.Operands[i].Params()[1], t})
					}
				}
			}
		}
	}
	if len(slots) == 0 {
		return "", false
	}
	sl := slots[s.rng.IntN(len(slots))]
	var labels []builder.ID
	for _, b := range sl.f.Blocks {
		labels = append(labels, b.Label)
	}
	repl := s.pick(labels)
	old := sl.o.ID()
	if repl == old {
		return "", false
	}
	sl.o.Word = uint32(repl)
	return fmt.Sprintf("%s: target %%%d -> %%%d", sl.t.Op, old, repl), true
}

func mutateMerge(s *state) (string, bool) {
	type hdr struct {
		f *builder.Function
		b *builder.Block
	}
	var hs []hdr
	for _, f := range s.m.Functions {
		for _, b := range f.Blocks {
			if b.Merge() != nil {
				hs = append(hs, hdr{f, b})
			}
		}
	}
	if len(hs) == 0 {
		return "", false
	}
	h := hs[s.rng.IntN(len(hs))]
	mi := h.b.Merge()
	switch s.rng.IntN(3) {
	case 0:
		// Drop the merge instruction.
		i := len(h.b.Insts) - 2
		h.b.Insts = slices.Delete(h.b.Insts, i, i+1)
		return fmt.Sprintf("dropped %s of %%%d", mi.Op, h.b.Label), true
	default:
		// Retarget the merge block (or the continue target).
		k := 0
		if mi.Op == spv.OpLoopMerge && s.rng.IntN(2) == 0 {
			k = 1
		}
		var labels []builder.ID
		for _, b := range h.f.Blocks {
			labels = append(labels, b.Label)
		}
		repl := s.pick(labels)
		old := mi.Operands[k].ID()
		if repl == old {
			return "", false
		}
		mi.Operands[k].Word = uint32(repl)
		return fmt.Sprintf("%s of %%%d: operand %d %%%d -> %%%d", mi.Op, h.b.Label, k, old, repl), true
	}
}

// bodyInsts returns the non-terminator, non-phi, non-merge instructions of
// every block, with their blocks.
func bodyInsts(m *builder.Module) ([]*builder.Inst, []*builder.Block) {
	var ins []*builder.Inst
	var bs []*builder.Block
	for _, f := range m.Functions {
		for _, b := range f.Blocks {
			for _, in := range b.Insts {
				switch in.Op {
				case spv.OpPhi, spv.OpSelectionMerge, spv.OpLoopMerge, spv.OpVariable:
					continue
				}
				if b.Terminator() == in {
					continue
				}
				ins = append(ins, in)
				bs = append(bs, b)
			}
		}
	}
	return ins, bs
}

func moveInstruction(s *state) (string, bool) {
	ins, bs := bodyInsts(s.m)
	if len(ins) == 0 {
		return "", false
	}
	i := s.rng.IntN(len(ins))
	in, from := ins[i], bs[i]
	// Another block of the same function, or earlier in the same block.
	var f *builder.Function
	for _, fn := range s.m.Functions {
		if slices.Contains(fn.Blocks, from) {
			f = fn
		}
	}
	to := f.Blocks[s.rng.IntN(len(f.Blocks))]
	from.Insts = slices.DeleteFunc(from.Insts, func(x *builder.Inst) bool { return x == in })
	// Insert before the terminator (and merge), after phis and variables.
	end := len(to.Insts) - 1
	if to.Merge() != nil {
		end--
	}
	start := 0
	for start < end && (to.Insts[start].Op == spv.OpPhi || to.Insts[start].Op == spv.OpVariable) {
		start++
	}
	if end < start {
		end = start
	}
	at := start + s.rng.IntN(end-start+1)
	to.Insts = slices.Insert(to.Insts, at, in)
	return fmt.Sprintf("%s %%%d: block %%%d -> %%%d at %d", in.Op, in.Result, from.Label, to.Label, at), true
}

func deleteInstruction(s *state) (string, bool) {
	ins, bs := bodyInsts(s.m)
	if len(ins) == 0 || s.rng.IntN(3) == 0 {
		// A module-level instruction instead.
		if len(s.m.Globals) == 0 {
			return "", false
		}
		i := s.rng.IntN(len(s.m.Globals))
		in := s.m.Globals[i]
		s.m.Globals = slices.Delete(s.m.Globals, i, i+1)
		return in.String(), true
	}
	i := s.rng.IntN(len(ins))
	in, b := ins[i], bs[i]
	b.Insts = slices.DeleteFunc(b.Insts, func(x *builder.Inst) bool { return x == in })
	return in.String(), true
}

func dropCapability(s *state) (string, bool) {
	if s.rng.IntN(4) == 0 && len(s.m.Extensions) > 0 {
		i := s.rng.IntN(len(s.m.Extensions))
		e := s.m.Extensions[i]
		s.m.Extensions = slices.Delete(s.m.Extensions, i, i+1)
		return "extension " + e, true
	}
	if len(s.m.Capabilities) == 0 {
		return "", false
	}
	i := s.rng.IntN(len(s.m.Capabilities))
	c := s.m.Capabilities[i]
	s.m.Capabilities = slices.Delete(s.m.Capabilities, i, i+1)
	return "capability " + c.String(), true
}

var storageClasses = []spv.StorageClass{
	spv.StorageClassUniformConstant, spv.StorageClassInput, spv.StorageClassUniform, spv.StorageClassOutput,
	spv.StorageClassWorkgroup, spv.StorageClassPrivate, spv.StorageClassFunction, spv.StorageClassPushConstant,
	spv.StorageClassStorageBuffer, spv.StorageClassImage, spv.StorageClassCrossWorkgroup, spv.StorageClassGeneric,
}

func mutateStorageClass(s *state) (string, bool) {
	in := s.pickInst(func(in *builder.Inst) bool { return in.Op == spv.OpTypePointer || in.Op == spv.OpVariable })
	if in == nil {
		return "", false
	}
	sc := storageClasses[s.rng.IntN(len(storageClasses))]
	old := spv.StorageClass(in.Operands[0].Word)
	if sc == old {
		return "", false
	}
	in.Operands[0].Word = uint32(sc)
	// Keep a variable's pointer type consistent half of the time: then the
	// storage class of the whole chain changes.
	if in.Op == spv.OpVariable && s.rng.IntN(2) == 0 {
		if pt := s.defs[in.Type]; pt != nil && pt.Op == spv.OpTypePointer {
			pt.Operands[0].Word = uint32(sc)
		}
	}
	return fmt.Sprintf("%s %%%d: %s -> %s", in.Op, in.Result, old, sc), true
}

func mutateTypeDecl(s *state) (string, bool) {
	in := s.pickInst(func(in *builder.Inst) bool {
		switch in.Op {
		case spv.OpTypeInt, spv.OpTypeFloat, spv.OpTypeVector, spv.OpTypeMatrix, spv.OpTypeImage, spv.OpTypeStruct, spv.OpTypeArray:
			return true
		}
		return false
	})
	if in == nil {
		return "", false
	}
	switch in.Op {
	case spv.OpTypeInt:
		in.Operands[1].Word ^= 1 // signedness
		return fmt.Sprintf("%%%d: signedness flipped", in.Result), true
	case spv.OpTypeVector, spv.OpTypeMatrix:
		old := in.Operands[1].Word
		in.Operands[1].Word = uint32(2 + s.rng.IntN(3))
		if in.Operands[1].Word == old {
			return "", false
		}
		return fmt.Sprintf("%%%d: %s count %d -> %d", in.Result, in.Op, old, in.Operands[1].Word), true
	case spv.OpTypeImage:
		i := 1 + s.rng.IntN(5) // depth, arrayed, MS, sampled, format... as literals
		if i >= len(in.Operands) {
			return "", false
		}
		o := &in.Operands[i]
		old := o.Word
		if o.Kind == spv.KindLiteralInteger {
			o.Word = uint32(s.rng.IntN(3))
		} else {
			return "", false
		}
		if o.Word == old {
			return "", false
		}
		return fmt.Sprintf("%%%d: OpTypeImage operand %d %d -> %d", in.Result, i, old, o.Word), true
	case spv.OpTypeStruct:
		if len(in.Operands) == 0 {
			return "", false
		}
		i := s.rng.IntN(len(in.Operands))
		repl := s.pick(s.types)
		if repl == 0 || repl == in.Operands[i].ID() {
			return "", false
		}
		in.Operands[i].Word = uint32(repl)
		return fmt.Sprintf("%%%d: member %d type -> %%%d", in.Result, i, repl), true
	case spv.OpTypeArray:
		repl := s.pick(s.types)
		if repl == 0 || repl == in.Operands[0].ID() {
			return "", false
		}
		in.Operands[0].Word = uint32(repl)
		return fmt.Sprintf("%%%d: element type -> %%%d", in.Result, repl), true
	}
	return "", false
}
