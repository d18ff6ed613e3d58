package builder

import (
	"sync/atomic"

	"github.com/hlsl2spirv/hlsl2spirv/builder/spv"
)

// Check reports whether the instruction encodes: the error EncodeInst
// would return, without the words. Builders check every instruction they
// make, and most are ids only (arithmetic, access chains, calls,
// branches), or ids then literal numbers (OpCompositeExtract,
// OpVectorShuffle): for those a count and a look at each operand decide
// it, which costs a fraction of encoding. Anything else, and any instruction
// the quick look does not accept, is encoded, so the errors are
// EncodeInst's.
func (b *InstBuilder) Check(in *Inst) error {
	if idShapeOf(in.Op).accepts(in, b.Bound) {
		return nil
	}
	_, err := b.encodeOther(in)
	return err
}

// idShape is an opcode's operand grammar after the result type and
// result id as far as the quick check uses it: fixed ids, then either
// nothing more (optional operands the instruction leaves out included) or
// a variadic list of ids or of literal integers.
type idShape struct {
	known        bool // the opcode is in the grammar
	resultType   bool // it has a result type
	result       bool // it has a result id
	fixed        uint8
	moreIDs      bool // a variadic list of ids may follow the fixed ones
	moreLiterals bool // a variadic list of one-word literal integers may follow them
}

// accepts reports whether in certainly encodes: the result type and id as
// the opcode has them, and operands that are the fixed ids, then nothing
// or (where the grammar lists them) more ids or one-word literal integers,
// each id non-zero and below bound (when bound is not 0). An instruction
// that is longer than an instruction can hold is left to the encoder.
func (s idShape) accepts(in *Inst, bound ID) bool {
	if !s.known || s.resultType != (in.Type != 0) || s.result != (in.Result != 0) {
		return false
	}
	if !headerBelow(in, bound) {
		return false
	}
	n := len(in.Operands)
	if n < int(s.fixed) || (n > int(s.fixed) && !s.moreIDs && !s.moreLiterals) || n > 0xfff0 {
		return false
	}
	for i := range in.Operands {
		o := &in.Operands[i]
		if i >= int(s.fixed) && s.moreLiterals {
			if o.Kind != spv.KindLiteralInteger || o.Wide || o.x != nil {
				return false
			}
		} else if !idBelow(o, bound) {
			return false
		}
	}
	return true
}

// idBelow reports whether o is an id operand naming a non-zero id below
// bound (any id, when bound is 0).
func idBelow(o *Operand, bound ID) bool {
	return isID(*o) && o.Word != 0 && (bound == 0 || ID(o.Word) < bound)
}

// headerBelow reports whether in's result type and result id are below
// bound (when bound is not 0).
func headerBelow(in *Inst, bound ID) bool {
	return bound == 0 || (in.Type < bound && in.Result < bound)
}

// The opcodes' shapes, each read from the grammar the first time an
// instruction of that opcode is checked. A compile uses about a hundred of
// the grammar's 876 opcodes: building the whole table up front cost about
// 160 K instructions in every process, this costs a few hundred per opcode
// used. The table is static (no allocation; untouched pages cost nothing)
// and holds each shape packed in a word, 0 for not read yet; a race only
// reads the same grammar twice and stores the same word, so loads and
// stores are atomic and nothing locks.
var idShapeWords [spv.OpBound]atomic.Uint32

// The bits of a packed idShape; the opcode's fixed count is in bits 8-15.
const (
	shapeRead = 1 << iota // the word holds the shape (every stored word has it)
	shapeKnown
	shapeResultType
	shapeResult
	shapeMoreIDs
	shapeMoreLiterals
)

// idShapeOf is the quick check's view of op (the zero idShape, which
// accepts nothing, for opcodes outside the grammar).
func idShapeOf(op spv.Op) idShape {
	if int(op) >= len(idShapeWords) {
		return idShape{}
	}
	w := idShapeWords[op].Load()
	if w == 0 {
		w = readIDShape(op)
	}
	return idShape{
		known:        w&shapeKnown != 0,
		resultType:   w&shapeResultType != 0,
		result:       w&shapeResult != 0,
		fixed:        uint8(w >> 8),
		moreIDs:      w&shapeMoreIDs != 0,
		moreLiterals: w&shapeMoreLiterals != 0,
	}
}

// readIDShape reads op's shape from the grammar and stores it packed.
func readIDShape(op spv.Op) uint32 {
	var s idShape
	if info := spv.InstructionInfo(op); info != nil {
		s = idShapeFromGrammar(info)
	}
	w := uint32(shapeRead) | uint32(s.fixed)<<8
	for _, f := range [...]struct {
		set bool
		bit uint32
	}{{s.known, shapeKnown}, {s.resultType, shapeResultType}, {s.result, shapeResult}, {s.moreIDs, shapeMoreIDs}, {s.moreLiterals, shapeMoreLiterals}} {
		if f.set {
			w |= f.bit
		}
	}
	idShapeWords[op].Store(w)
	return w
}

// idShapeFromGrammar reads an instruction's grammar into its idShape; an operand list
// of any other form (a literal or enumerant that must be there, ids after
// an optional operand) gives the zero idShape.
func idShapeFromGrammar(info *spv.InstInfo) idShape {
	s := idShape{known: true, resultType: info.HasResultType, result: info.HasResult}
	tail := false   // past the fixed operands
	others := false // optional operands, or a list of other kinds, follow them: only their absence is accepted
	for _, g := range info.Operands() {
		if g.Kind == spv.KindIdResultType || g.Kind == spv.KindIdResult {
			continue
		}
		isIDKind := g.Kind.Category() == spv.CategoryId
		switch {
		case g.Quant == spv.One && isIDKind && !tail:
			if s.fixed == 255 {
				return idShape{}
			}
			s.fixed++
		case g.Quant == spv.One:
			return idShape{}
		case g.Quant == spv.Variadic && isIDKind && !tail:
			s.moreIDs = true
			tail = true
		case g.Quant == spv.Variadic && g.Kind == spv.KindLiteralInteger && !tail:
			s.moreLiterals = true
			tail = true
		default: // optional operands, or a variadic list of others
			others = true
			tail = true
		}
	}
	if others {
		// operands after the list would need the grammar's look
		s.moreIDs, s.moreLiterals = false, false
	}
	return s
}
