package builder

import (
	"math"

	"github.com/hlsl2spirv/hlsl2spirv/builder/spv"
)

// An ID is a SPIR-V <id>. Zero is never a valid id.
type ID uint32

// An Operand is one typed operand of an instruction: an id, a literal
// number (32 or 64 bits), a literal string, an enumerant with its
// parameters, or a pair. Build them with Ref, Lit, Lit64, F32, F64, Str,
// Enum and Pair; the InstBuilder checks them against the grammar.
type Operand struct {
	_ [0]func() // not comparable: compare operands with Equal
	// Kind is what the operand is: KindIdRef for ids, KindLiteralInteger or
	// KindLiteralFloat for numbers, KindLiteralString, an enum kind
	// (KindStorageClass...), or a Pair kind.
	Kind spv.OperandKind
	Wide bool   // a 64-bit literal: Word is the low word, Hi the high one
	Word uint32 // the id, the literal (low word) or the enumerant value/mask
	Hi   uint32
	// x holds the rare parts (a string, parameters or pair members) out of
	// line, so that an operand is 24 bytes: analyses walk the operands of
	// every instruction, and the smaller they are the fewer cache misses.
	x *operandExtra
}

// operandExtra is an operand's string or parameters. It is shared by the
// copies of an operand and never changed once set: SetParams makes a new
// one.
type operandExtra struct {
	str    string
	params []Operand
}

// Str returns a literal string's text ("" for other operands).
func (o Operand) Str() string {
	if o.x == nil {
		return ""
	}
	return o.x.str
}

// Params returns an enumerant's parameters (for a bit mask, those of every
// set bit, lowest bit first) or a pair's two members. The slice is the
// operand's own: writing its elements changes the operand (and its
// copies); SetParams replaces it.
func (o Operand) Params() []Operand {
	if o.x == nil {
		return nil
	}
	return o.x.params
}

// SetParams replaces the operand's parameters (or pair members) with ps,
// which it keeps (not a copy). Copies of the operand made before keep
// theirs.
func (o *Operand) SetParams(ps []Operand) {
	if len(ps) == 0 {
		o.x = nil
		return
	}
	o.x = &operandExtra{params: ps}
}

// WithParams returns the operand with its parameters replaced by ps (see
// SetParams).
func (o Operand) WithParams(ps []Operand) Operand {
	o.SetParams(ps)
	return o
}

// Ref is an id operand.
func Ref(id ID) Operand { return Operand{Kind: spv.KindIdRef, Word: uint32(id)} }

// Refs turns ids into id operands.
func Refs(ids ...ID) []Operand {
	ops := make([]Operand, len(ids))
	for i, id := range ids {
		ops[i] = Ref(id)
	}
	return ops
}

// Lit is a 32-bit literal number.
func Lit(v uint32) Operand { return Operand{Kind: spv.KindLiteralInteger, Word: v} }

// Lits turns numbers into literal operands.
func Lits(vs ...uint32) []Operand {
	ops := make([]Operand, len(vs))
	for i, v := range vs {
		ops[i] = Lit(v)
	}
	return ops
}

// Lit64 is a 64-bit literal number (for OpConstant of a 64-bit type and
// OpSwitch on a 64-bit selector).
func Lit64(v uint64) Operand {
	return Operand{Kind: spv.KindLiteralInteger, Wide: true, Word: uint32(v), Hi: uint32(v >> 32)}
}

// F32 is a 32-bit float literal.
func F32(f float32) Operand { return Operand{Kind: spv.KindLiteralFloat, Word: math.Float32bits(f)} }

// F64 is a 64-bit float literal.
func F64(f float64) Operand {
	b := math.Float64bits(f)
	return Operand{Kind: spv.KindLiteralFloat, Wide: true, Word: uint32(b), Hi: uint32(b >> 32)}
}

// Str is a literal string.
func Str(s string) Operand {
	return Operand{Kind: spv.KindLiteralString, x: &operandExtra{str: s}}
}

// Enum is an enumerant (or, for a bit enum, a mask) with its parameters.
func Enum[E spv.Enum](v E, params ...Operand) Operand {
	return Operand{Kind: v.Kind(), Word: uint32(v)}.WithParams(params)
}

// Pair is a pair operand (an OpSwitch target, an OpPhi incoming value...);
// its kind follows from the members.
func Pair(a, b Operand) Operand {
	p := &pairExtra{two: [2]Operand{a, b}}
	p.params = p.two[:]
	return Operand{Kind: pairKind(a, b), x: &p.operandExtra}
}

// pairExtra is a pair's operandExtra with room for its members, so that a
// pair is one allocation.
type pairExtra struct {
	operandExtra
	two [2]Operand
}

// pairKind is the kind of the pair of a and b.
func pairKind(a, b Operand) spv.OperandKind {
	switch {
	case isID(a) && isID(b):
		return spv.KindPairIdRefIdRef
	case isID(a):
		return spv.KindPairIdRefLiteralInteger
	}
	return spv.KindPairLiteralIntegerIdRef
}

// IsID reports whether the operand is an id.
func (o *Operand) IsID() bool { return isID(*o) }

// ID returns the operand's id, or 0 if it is not an id.
func (o *Operand) ID() ID {
	if isID(*o) {
		return ID(o.Word)
	}
	return 0
}

// Uint64 returns the value of a literal number.
func (o *Operand) Uint64() uint64 { return uint64(o.Hi)<<32 | uint64(o.Word) }

func isID(o Operand) bool { return idKinds[o.Kind] }

// idKinds holds, by operand kind, whether the kind is an id: isID runs for
// every operand of every instruction an analysis walks, and a byte table
// beats going through the kinds' full descriptions. It is an array over
// every value of the kind's byte, so that a lookup needs no bounds check
// (nor a load of a slice's length).
var idKinds = func() (t [1 << 8]bool) {
	for k := spv.OperandKind(1); k != 0 && spv.KindInfoOf(k) != nil; k++ {
		t[k] = k.Category() == spv.CategoryId
	}
	return t
}()

func isNumber(k spv.OperandKind) bool {
	switch k {
	case spv.KindLiteralInteger, spv.KindLiteralFloat, spv.KindLiteralContextDependentNumber,
		spv.KindLiteralExtInstInteger, spv.KindLiteralSpecConstantOpInteger:
		return true
	}
	return false
}

// forEachID calls fn for every id in ops, pairs and enumerant parameters
// included.
func forEachID(ops []Operand, fn func(*ID)) {
	for i := range ops {
		o := &ops[i]
		if isID(*o) {
			fn((*ID)(&o.Word))
		} else if o.x != nil && len(o.x.params) > 0 {
			forEachID(o.x.params, fn)
		}
	}
}

// words returns how many words the operand encodes to.
func (o *Operand) words() int {
	switch {
	case o.Kind == spv.KindLiteralString:
		return len(o.Str())/4 + 1
	case o.Wide:
		return 2
	}
	n := 1
	if o.Kind.Category() == spv.CategoryComposite {
		n = 0
	}
	for _, p := range o.Params() {
		n += p.words()
	}
	return n
}
