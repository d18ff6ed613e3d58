package builder

import (
	"math"
	"sync"

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
	if bound != 0 && (in.Type >= bound || in.Result >= bound) {
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
		} else if !isID(*o) || o.Word == 0 || (bound != 0 && ID(o.Word) >= bound) {
			return false
		}
	}
	return true
}

// The opcodes' shapes, built on first use. The opcodes run to about 7,000
// (the extensions' are numbered in the thousands) but have about 50
// distinct shapes: a table of the shapes themselves by opcode was 48 KB
// that every compile allocated, one of their indices by opcode is 7 KB.
var (
	idShapesOnce sync.Once
	idShapeIndex []uint8   // by opcode: the index of its shape in idShapes
	idShapes     []idShape // the distinct shapes, the zero one first
)

// idShapeOf is the quick check's view of op (the zero idShape, which
// accepts nothing, for opcodes outside the table).
func idShapeOf(op spv.Op) idShape {
	idShapesOnce.Do(buildIDShapes)
	if int(op) < len(idShapeIndex) {
		return idShapes[idShapeIndex[op]]
	}
	return idShape{}
}

func buildIDShapes() {
	insts := spv.Instructions()
	max := 0
	for i := range insts {
		if int(insts[i].Op) > max {
			max = int(insts[i].Op)
		}
	}
	idShapeIndex = make([]uint8, max+1)
	idShapes = []idShape{{}}
	index := map[idShape]uint8{{}: 0}
	for i := range insts {
		s := idShapeFromGrammar(&insts[i])
		k, ok := index[s]
		if !ok {
			if len(idShapes) > math.MaxUint8 {
				panic("builder: more distinct id shapes than idShapeIndex can number")
			}
			k = uint8(len(idShapes))
			index[s] = k
			idShapes = append(idShapes, s)
		}
		idShapeIndex[insts[i].Op] = k
	}
}

// idShapeFromGrammar reads an instruction's grammar into its idShape; an operand list
// of any other form (a literal or enumerant that must be there, ids after
// an optional operand) gives the zero idShape.
func idShapeFromGrammar(info *spv.InstInfo) idShape {
	s := idShape{known: true, resultType: info.HasResultType, result: info.HasResult}
	tail := false   // past the fixed operands
	others := false // optional operands, or a list of other kinds, follow them: only their absence is accepted
	for _, g := range info.Operands {
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
