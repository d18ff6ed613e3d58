package binary

import (
	"strings"

	"github.com/hlsl2spirv/hlsl2spirv/builder/spv"
)

// idInfo is what the parser remembers about a defined id.
type idInfo struct {
	defined bool
	isType  bool
	typeID  uint32     // the value's type (0 for none); a type maps to itself
	number  NumberKind // for scalar int and float types
	width   uint32     // for scalar int and float types
}

// maxDenseIDs bounds the slice part of an idTable; larger ids (legal: the
// parser, like spirv-dis, does not enforce the header's bound) go to a map.
const maxDenseIDs = 1 << 20

// idTable maps ids to idInfo: a slice for the ids a sane module uses, a map
// for the rest, so a hostile bound or id cannot make the reader allocate
// gigabytes.
type idTable struct {
	limit  uint32 // ids below it live in dense
	dense  []idInfo
	sparse map[uint32]*idInfo
}

// newIDTable sizes the table for a module of n words whose header states
// bound: ids of a real module stay below both the bound and a few times n.
// free, if large enough, is taken for the table's entries: its whole
// capacity must be zero.
func newIDTable(bound uint32, n int, free []idInfo) idTable {
	limit := uint32(maxDenseIDs)
	if uint64(limit) > 2*uint64(n)+16 {
		limit = uint32(2*n + 16)
	}
	c := bound
	if c > limit {
		c = limit
	}
	if cap(free) >= int(c) {
		return idTable{limit: limit, dense: free[:0]}
	}
	return idTable{limit: limit, dense: make([]idInfo, 0, c)}
}

// get returns the entry of id, or nil when id was never defined.
func (t *idTable) get(id uint32) *idInfo {
	if id < t.limit {
		if int(id) < len(t.dense) && t.dense[id].defined {
			return &t.dense[id]
		}
		return nil
	}
	return t.sparse[id]
}

// define creates the entry of id; it reports false if id is already defined.
func (t *idTable) define(id uint32) (*idInfo, bool) {
	if id < t.limit {
		if int(id) >= len(t.dense) {
			if int(id) < cap(t.dense) {
				t.dense = t.dense[:id+1]
			} else {
				grown := make([]idInfo, id+1, min(2*(uint64(id)+1), uint64(t.limit)))
				copy(grown, t.dense)
				t.dense = grown
			}
		}
		e := &t.dense[id]
		if e.defined {
			return e, false
		}
		e.defined = true
		return e, true
	}
	if e := t.sparse[id]; e != nil {
		return e, false
	}
	if t.sparse == nil {
		t.sparse = map[uint32]*idInfo{}
	}
	e := &idInfo{defined: true}
	t.sparse[id] = e
	return e, true
}

// extImport is an OpExtInstImport result.
type extImport struct {
	name string
	set  *spv.ExtInstSet // nil when package spv has no table for it
}

// expected is an operand the parser still expects in the current instruction.
type expected struct {
	kind  spv.OperandKind
	quant spv.Quantifier
}

type parser struct {
	words    []uint32
	pos      int // index of the next word to read
	ids      idTable
	imports  map[uint32]extImport
	insts    []Inst
	operands []Operand // backing store shared by all instructions' operands
	// emit, when set, takes each instruction instead of insts (Scan); the
	// operands' store then holds one instruction's at a time.
	emit func(*Inst) error

	// per instruction
	cur   Inst       // the instruction being decoded
	stack []expected // operands still expected, the next one last
}

func (p *parser) instruction() error {
	start := p.pos
	first := p.words[start]
	count := int(first >> 16)
	op := spv.Op(first & 0xffff)
	if count == 0 {
		return errorf(start, "invalid instruction word count 0 (opcode %d)", uint16(op))
	}
	info := spv.InstructionInfo(op)
	if info == nil {
		return errorf(start, "invalid opcode %d", uint16(op))
	}
	end := start + count
	// The instruction is decoded in the parser (no allocation per
	// instruction, even when emit keeps a pointer to it for the call).
	p.cur = Inst{Op: op, Offset: start}
	in := &p.cur
	firstOperand := len(p.operands)

	p.stack = p.stack[:0]
	ops := info.Operands()
	if (op == spv.OpExtInst || op == spv.OpExtInstWithForwardRefsKHR) && len(ops) > 0 && ops[len(ops)-1].Quant == spv.Variadic {
		// The grammar ends OpExtInst with "any number of ids"; the imported
		// set's table says what really follows (SPIRV-Tools drops it too).
		ops = ops[:len(ops)-1]
	}
	for i := len(ops) - 1; i >= 0; i-- {
		p.push(ops[i].Kind, ops[i].Quant)
	}
	p.pos++
	for p.pos < end {
		if len(p.stack) == 0 {
			return errorf(p.pos, "%s starting at word %d: expected no more operands after %d words, but its word count is %d",
				info.Name(), start, p.pos-start, count)
		}
		kind := p.take()
		if err := p.operand(in, info, start, end, kind); err != nil {
			return err
		}
	}
	if len(p.stack) > 0 && p.stack[len(p.stack)-1].quant == spv.One {
		if end > len(p.words) {
			return errorf(len(p.words), "end of input reached while decoding %s starting at word %d: missing %s operand at word offset %d",
				info.Name(), start, p.stack[len(p.stack)-1].kind, p.pos-start)
		}
		return errorf(end, "%s starting at word %d: expected more operands after its %d words (missing %s)",
			info.Name(), start, count, p.stack[len(p.stack)-1].kind)
	}
	if p.pos != end {
		return errorf(start, "%s starting at word %d says it has %d words, but its operands take %d",
			info.Name(), start, count, p.pos-start)
	}

	in.Words = p.words[start:end:end]
	in.Operands = p.operands[firstOperand:len(p.operands):len(p.operands)]
	if isTypeDeclaration(op, info) && in.ResultID != 0 {
		e := p.ids.get(in.ResultID)
		switch op {
		case spv.OpTypeInt:
			e.number, e.width = Unsigned, in.Words[2]
			if in.Words[3] != 0 {
				e.number = Signed
			}
		case spv.OpTypeFloat:
			e.number, e.width = Float, in.Words[2]
		}
	}
	if p.emit != nil {
		err := p.emit(in)
		p.operands = p.operands[:0]
		return err
	}
	p.insts = append(p.insts, *in)
	return nil
}

// isTypeDeclaration reports whether op's result id is a type (and so is its
// own type for OpSwitch and OpConstant lookups). OpTypeForwardPointer only
// names a storage class for a pointer declared later.
func isTypeDeclaration(op spv.Op, info *spv.InstInfo) bool {
	return info.Class() == "Type-Declaration" && op != spv.OpTypeForwardPointer
}

func (p *parser) push(kind spv.OperandKind, q spv.Quantifier) {
	p.stack = append(p.stack, expected{kind, q})
}

// pushParams queues the parameters of an enumerant or an extended
// instruction, the first one on top.
func (p *parser) pushParams(params []spv.OperandInfo, asRequired bool) {
	for i := len(params) - 1; i >= 0; i-- {
		q := params[i].Quant
		if asRequired {
			// SPIRV-Tools ignores quantifiers of enumerant parameters.
			q = spv.One
		}
		p.push(params[i].Kind, q)
	}
}

// take pops the next expected operand, expanding variadic operands and
// pairs: a variadic operand stays queued behind its own occurrence, and the
// second part of a pair is required once the first is present.
func (p *parser) take() expected {
	top := p.stack[len(p.stack)-1]
	p.stack = p.stack[:len(p.stack)-1]
	if top.quant == spv.Variadic {
		p.stack = append(p.stack, top)
	}
	switch top.kind {
	case spv.KindPairIdRefIdRef:
		// SPIRV-Tools reads OpPhi's pairs as a plain list of ids, so an odd
		// count is accepted; do the same.
		return expected{spv.KindIdRef, spv.Optional}
	case spv.KindPairLiteralIntegerIdRef:
		p.push(spv.KindIdRef, spv.One)
		return expected{spv.KindLiteralContextDependentNumber, spv.Optional}
	case spv.KindPairIdRefLiteralInteger:
		p.push(spv.KindLiteralInteger, spv.One)
		return expected{spv.KindIdRef, spv.Optional}
	}
	return top
}

// operand decodes one operand of kind at p.pos.
func (p *parser) operand(in *Inst, info *spv.InstInfo, start, end int, want expected) error {
	kind := want.kind
	at := p.pos
	if at >= len(p.words) {
		return errorf(at, "end of input reached while decoding %s starting at word %d: missing %s operand", info.Name(), start, kind)
	}
	word := p.words[at]
	o := Operand{Kind: kind, Start: uint16(at - start), Len: 1}

	switch kind {
	case spv.KindIdResultType:
		if word == 0 {
			return errorf(at, "%s: result type id is 0", info.Name())
		}
		in.TypeID = word
	case spv.KindIdResult:
		if word == 0 {
			return errorf(at, "%s: result id is 0", info.Name())
		}
		e, fresh := p.ids.define(word)
		if !fresh {
			return errorf(at, "%s: id %d is defined more than once", info.Name(), word)
		}
		in.ResultID = word
		if isTypeDeclaration(in.Op, info) {
			e.isType, e.typeID = true, word
		} else {
			e.typeID = in.TypeID
		}
	case spv.KindIdRef:
		if word == 0 {
			return errorf(at, "%s: id is 0", info.Name())
		}
		if (in.Op == spv.OpExtInst || in.Op == spv.OpExtInstWithForwardRefsKHR) && o.Start == 3 {
			imp, ok := p.imports[word]
			if !ok {
				return errorf(at, "OpExtInst: set id %d is not the result of an OpExtInstImport", word)
			}
			in.ExtSet, in.ExtSetName = imp.set, imp.name
		}
	case spv.KindIdScope, spv.KindIdMemorySemantics:
		if word == 0 {
			return errorf(at, "%s: %s is 0", info.Name(), kind)
		}
	case spv.KindLiteralInteger:
		o.Number, o.Width = Unsigned, 32
	case spv.KindLiteralFloat:
		o.Number, o.Width = Float, 32
	case spv.KindLiteralContextDependentNumber:
		typeID := in.TypeID
		if in.Op == spv.OpSwitch {
			selector := p.words[start+1]
			e := p.ids.get(selector)
			switch {
			case e == nil || e.typeID == 0:
				return errorf(at, "OpSwitch: selector id %d has no type", selector)
			case e.isType:
				return errorf(at, "OpSwitch: selector id %d is a type, not a value", selector)
			}
			typeID = e.typeID
		} else if typeID == 0 {
			return errorf(at, "%s: a literal number needs a result type", info.Name())
		}
		t := p.ids.get(typeID)
		switch {
		case t == nil || !t.isType:
			return errorf(at, "%s: type id %d is not a type", info.Name(), typeID)
		case t.number == NotANumber:
			return errorf(at, "%s: type id %d is not a scalar numeric type", info.Name(), typeID)
		case in.Op == spv.OpSwitch && t.number == Float:
			return errorf(at, "OpSwitch: selector id %d is not a scalar integer", p.words[start+1])
		}
		o.Number, o.Width = t.number, t.width
		// SPIRV-Tools computes the word count in 32 bits and keeps 16 of
		// them; absurd widths (0x80000020) wrap the same way here.
		words := uint16((t.width + 31) / 32)
		if int(words) > end-at {
			return errorf(len(p.words), "end of input reached while decoding %s starting at word %d: truncated %s operand", info.Name(), start, kind)
		}
		o.Len = words
	case spv.KindLiteralString:
		n, ok := stringWords(p.words[at:])
		if !ok {
			return errorf(len(p.words), "end of input reached while decoding %s starting at word %d: unterminated literal string", info.Name(), start)
		}
		if n > end-at {
			return errorf(start, "%s starting at word %d says it has %d words, but its literal string runs to word %d",
				info.Name(), start, end-start, at+n)
		}
		o.Len = uint16(n)
		if in.Op == spv.OpExtInstImport {
			name := DecodeString(p.words[at : at+n])
			if p.imports == nil {
				p.imports = map[uint32]extImport{}
			}
			p.imports[in.ResultID] = extImport{name: name, set: spv.ExtInstSetByName(name)}
		}
	case spv.KindLiteralExtInstInteger:
		if in.ExtSet != nil {
			if ei := in.ExtSet.Inst(word); ei != nil {
				p.pushParams(ei.Operands(), false)
				break
			}
			if !strings.HasPrefix(in.ExtSetName, "NonSemantic.") {
				return errorf(at, "OpExtInst: %s has no instruction %d", in.ExtSetName, word)
			}
		}
		// A set without a table, or a NonSemantic instruction its table does
		// not list: the rest are ids.
		p.push(spv.KindIdRef, spv.Variadic)
	case spv.KindLiteralSpecConstantOpInteger:
		opInfo := spv.InstructionInfo(spv.Op(word))
		if word > 0xffff || opInfo == nil || !isSpecConstantOp(spv.Op(word)) {
			return errorf(at, "OpSpecConstantOp: opcode %d is not allowed", word)
		}
		// The embedded instruction's type and result are OpSpecConstantOp's.
		ops := opInfo.Operands()
		for len(ops) > 0 && (ops[0].Kind == spv.KindIdResultType || ops[0].Kind == spv.KindIdResult) {
			ops = ops[1:]
		}
		p.pushParams(ops, false)
	default:
		ki := spv.KindInfoOf(kind)
		if ki == nil {
			return errorf(at, "%s: operand of unknown kind %d", info.Name(), uint8(kind))
		}
		switch ki.Category {
		case spv.CategoryValueEnum:
			e := kind.Enumerant(word)
			if e == nil {
				return errorf(at, "%s: invalid %s operand %d", info.Name(), kind, word)
			}
			p.pushParams(e.Parameters(), true)
		case spv.CategoryBitEnum:
			// Parameters follow in order of increasing bit; queue from the
			// top bit down so the lowest bit's come first.
			for bit := uint32(1) << 31; bit != 0; bit >>= 1 {
				if word&bit == 0 {
					continue
				}
				e := kind.Enumerant(bit)
				if e == nil {
					return errorf(at, "%s: invalid %s operand 0x%x: unknown bit 0x%x", info.Name(), kind, word, bit)
				}
				p.pushParams(e.Parameters(), true)
			}
			if word == 0 {
				if e := kind.Enumerant(0); e != nil {
					p.pushParams(e.Parameters(), true)
				}
			}
		default:
			return errorf(at, "%s: operand of unexpected kind %s", info.Name(), kind)
		}
	}

	next := at + int(o.Len)
	if next > len(p.words) {
		return errorf(len(p.words), "end of input reached while decoding %s starting at word %d: truncated %s operand", info.Name(), start, kind)
	}
	p.operands = append(p.operands, o)
	p.pos = next
	return nil
}

// stringWords returns how many words the literal string at the start of
// words takes (through the word holding its NUL), or false when no NUL is
// found.
func stringWords(words []uint32) (int, bool) {
	for i, w := range words {
		if w&0xff == 0 || w&0xff00 == 0 || w&0xff0000 == 0 || w&0xff000000 == 0 {
			return i + 1, true
		}
	}
	return 0, false
}

// isSpecConstantOp tells the opcodes OpSpecConstantOp may embed (SPIR-V
// specification, OpSpecConstantOp; the Kernel-only ones included). A
// switch, not a map: a map literal is built at every process start.
func isSpecConstantOp(op spv.Op) bool {
	switch op {
	case spv.OpSConvert, spv.OpFConvert, spv.OpConvertFToS, spv.OpConvertSToF, spv.OpConvertFToU,
		spv.OpConvertUToF, spv.OpUConvert, spv.OpConvertPtrToU, spv.OpConvertUToPtr,
		spv.OpGenericCastToPtr, spv.OpPtrCastToGeneric, spv.OpBitcast, spv.OpQuantizeToF16,
		spv.OpSNegate, spv.OpNot, spv.OpIAdd, spv.OpISub, spv.OpIMul, spv.OpUDiv, spv.OpSDiv,
		spv.OpUMod, spv.OpSRem, spv.OpSMod, spv.OpShiftRightLogical, spv.OpShiftRightArithmetic,
		spv.OpShiftLeftLogical, spv.OpBitwiseOr, spv.OpBitwiseAnd, spv.OpBitwiseXor, spv.OpFNegate,
		spv.OpFAdd, spv.OpFSub, spv.OpFMul, spv.OpFDiv, spv.OpFRem, spv.OpFMod, spv.OpVectorShuffle,
		spv.OpCompositeExtract, spv.OpCompositeInsert, spv.OpLogicalOr, spv.OpLogicalAnd,
		spv.OpLogicalNot, spv.OpLogicalEqual, spv.OpLogicalNotEqual, spv.OpSelect, spv.OpIEqual,
		spv.OpINotEqual, spv.OpULessThan, spv.OpSLessThan, spv.OpUGreaterThan, spv.OpSGreaterThan,
		spv.OpULessThanEqual, spv.OpSLessThanEqual, spv.OpUGreaterThanEqual, spv.OpSGreaterThanEqual,
		spv.OpAccessChain, spv.OpInBoundsAccessChain, spv.OpPtrAccessChain,
		spv.OpInBoundsPtrAccessChain, spv.OpCooperativeMatrixLengthNV:
		return true
	}
	return false
}
