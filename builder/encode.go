package builder

import (
	"fmt"
	"strings"

	"github.com/hlsl2spirv/hlsl2spirv/builder/spv"
)

// A Resolver tells the InstBuilder what it cannot see in one instruction:
// how wide a type's literals are (OpConstant, OpSwitch) and which extended
// instruction set an OpExtInstImport id names. Every method may answer
// "unknown" (0 or nil); the corresponding check is then skipped.
type Resolver interface {
	// LiteralWords returns 1 or 2 for a 32- or 64-bit (or narrower)
	// numeric scalar type, 0 if typ is unknown or not one.
	LiteralWords(typ ID) int
	// TypeOf returns the result type of the value id, 0 if unknown.
	TypeOf(value ID) ID
	// ExtInstSet returns the set imported as id, nil if unknown.
	ExtInstSet(id ID) *spv.ExtInstSet
}

// The Resolver's answers, from the definition d of the id asked about (nil
// if unknown); Context and the serializer's resolver look definitions up
// their own ways.

func literalWordsOf(d *Inst) int {
	if d == nil || (d.Op != spv.OpTypeInt && d.Op != spv.OpTypeFloat) || len(d.Operands) == 0 {
		return 0
	}
	if d.Operands[0].Word > 32 {
		return 2
	}
	return 1
}

func typeOf(d *Inst) ID {
	if d == nil {
		return 0
	}
	return d.Type
}

func extInstSetOf(d *Inst) *spv.ExtInstSet {
	if d != nil && d.Op == spv.OpExtInstImport && len(d.Operands) == 1 {
		return spv.ExtInstSetByName(d.Operands[0].Str())
	}
	return nil
}

// An EncodeError is an instruction that does not match the grammar.
type EncodeError struct {
	Op      spv.Op
	Operand int // index of the offending operand (result type and id included), -1 for the whole instruction
	Msg     string
}

func (e *EncodeError) Error() string {
	if e.Operand < 0 {
		return fmt.Sprintf("%s: %s", e.Op, e.Msg)
	}
	return fmt.Sprintf("%s: operand %d: %s", e.Op, e.Operand, e.Msg)
}

// tooLongMsg ends the message of an instruction past the 16-bit word count.
const tooLongMsg = "is more than an instruction can hold (65535)"

// TooLong reports whether the instruction was well formed but longer than
// SPIR-V's 16-bit word count allows: a limit of the format that a front end
// reports as such (a giant switch or array constant), not a bug.
func (e *EncodeError) TooLong() bool { return e.Operand < 0 && strings.HasSuffix(e.Msg, tooLongMsg) }

// InstBuilder encodes instructions to words, checking every operand's
// kind and count against the grammar. Errors are returned, never panicked.
// The zero value is ready to use; set Resolver to check literal widths and
// extended instructions too.
type InstBuilder struct {
	Resolver Resolver
	// Bound, when not 0, is the module's id bound: ids at or above it are
	// errors.
	Bound ID
	words []uint32
}

// Encode encodes op with its operands in grammar order, the result type
// and result id included (as Ref operands). The returned slice is only
// valid until the next call.
func (b *InstBuilder) Encode(op spv.Op, operands ...Operand) ([]uint32, error) {
	info := spv.InstructionInfo(op)
	if info == nil {
		return nil, &EncodeError{op, -1, "unknown opcode"}
	}
	var typ, res ID
	n := 0
	if info.HasResultType {
		if len(operands) <= n || !isID(operands[n]) {
			return nil, &EncodeError{op, n, "expected the result type id"}
		}
		typ = ID(operands[n].Word)
		n++
	}
	if info.HasResult {
		if len(operands) <= n || !isID(operands[n]) {
			return nil, &EncodeError{op, n, "expected the result id"}
		}
		res = ID(operands[n].Word)
		n++
	}
	return b.encode(info, typ, res, operands[n:], n)
}

// EncodeInst encodes an IR instruction.
func (b *InstBuilder) EncodeInst(in *Inst) ([]uint32, error) {
	if idShapeOf(in.Op).accepts(in, b.Bound) {
		// Ids, then perhaps one-word literal integers: each operand is its
		// word, and the grammar's walk (most of what serializing a module
		// costs) has nothing to check.
		words := append(b.words[:0], 0)
		if in.Type != 0 {
			words = append(words, uint32(in.Type))
		}
		if in.Result != 0 {
			words = append(words, uint32(in.Result))
		}
		for i := range in.Operands {
			words = append(words, in.Operands[i].Word)
		}
		return b.finish(words, in.Op), nil
	}
	return b.encodeOther(in)
}

// finish writes the word count and opcode into words' first word and keeps
// words as the builder's buffer for the next instruction.
func (b *InstBuilder) finish(words []uint32, op spv.Op) []uint32 {
	words[0] = uint32(len(words))<<16 | uint32(op)
	b.words = words
	return words
}

// encodeOther is EncodeInst for an instruction the quick check of ids
// does not take: a decoration of the common forms without the grammar's
// walk, anything else through it.
func (b *InstBuilder) encodeOther(in *Inst) ([]uint32, error) {
	if words, ok := b.encodeQuick(in); ok {
		return words, nil
	}
	return b.encodeInst(in)
}

// encodeQuick encodes the common forms of the opcodes besides ids-only
// ones that modules hold most of (decorations, names, constants, pointer
// types, variables, merges) without the grammar's walk; false for
// anything else.
func (b *InstBuilder) encodeQuick(in *Inst) ([]uint32, bool) {
	switch in.Op {
	case spv.OpDecorate, spv.OpMemberDecorate:
		return b.encodeDecoration(in)
	case spv.OpName:
		return b.encodeForm(in, false, false, "is", 0)
	case spv.OpMemberName:
		return b.encodeForm(in, false, false, "ils", 0)
	case spv.OpConstant:
		return b.encodeForm(in, true, true, "c", 0)
	case spv.OpTypePointer:
		return b.encodeForm(in, false, true, "ei", spv.KindStorageClass)
	case spv.OpVariable:
		if len(in.Operands) == 2 { // with an initializer
			return b.encodeForm(in, true, true, "ei", spv.KindStorageClass)
		}
		return b.encodeForm(in, true, true, "e", spv.KindStorageClass)
	case spv.OpSelectionMerge:
		return b.encodeForm(in, false, false, "i0", spv.KindSelectionControl)
	case spv.OpLoopMerge:
		return b.encodeForm(in, false, false, "ii0", spv.KindLoopControl)
	case spv.OpExtInst:
		return b.encodeExtInst(in)
	}
	return nil, false
}

// encodeExtInst encodes an extended instruction whose operands are ids
// (GLSL.std.450's are) without the grammar's walk: the set, the
// instruction's number, then the ids its grammar lists one by one (any
// ids, when the set or the instruction is not known); false for any other
// form, and for anything the walk would refuse.
func (b *InstBuilder) encodeExtInst(in *Inst) ([]uint32, bool) {
	ops := in.Operands
	if in.Type == 0 || in.Result == 0 || !headerBelow(in, b.Bound) ||
		len(ops) < 2 || !idBelow(&ops[0], b.Bound) || !isNumber(ops[1].Kind) || ops[1].Wide {
		return nil, false
	}
	if b.Resolver != nil {
		if set := b.Resolver.ExtInstSet(ID(ops[0].Word)); set != nil {
			ext := set.Inst(ops[1].Word)
			switch {
			case ext == nil && !strings.HasPrefix(set.Name, "NonSemantic."):
				return nil, false
			case ext != nil:
				if len(ext.Operands()) != len(ops)-2 {
					return nil, false
				}
				for _, g := range ext.Operands() {
					if g.Quant != spv.One || g.Kind.Category() != spv.CategoryId {
						return nil, false
					}
				}
			}
		}
	}
	for i := 2; i < len(ops); i++ {
		if !idBelow(&ops[i], b.Bound) {
			return nil, false
		}
	}
	words := append(b.words[:0], 0, uint32(in.Type), uint32(in.Result))
	for i := range ops {
		words = append(words, ops[i].Word)
	}
	return b.finish(words, in.Op), true
}

// encodeForm encodes, without the grammar's walk, an instruction of a
// common opcode whose operands after the result type and id (typ and res
// tell whether it has them) are, one by one: i an id, l a one-word
// literal number, c the literal of a constant (as wide as its type's, when
// the Resolver knows it), s a string, e a value of the enum kind without
// parameters, 0 the bit mask kind with no bit set. It returns false for
// any other form, and for anything the grammar's walk would refuse (which
// then says what is wrong).
func (b *InstBuilder) encodeForm(in *Inst, typ, res bool, slots string, kind spv.OperandKind) ([]uint32, bool) {
	ops := in.Operands
	if (in.Type != 0) != typ || (in.Result != 0) != res || len(ops) != len(slots) || !headerBelow(in, b.Bound) {
		return nil, false
	}
	for i := range ops {
		o := &ops[i]
		switch slots[i] {
		case 'i':
			if !idBelow(o, b.Bound) {
				return nil, false
			}
		case 'l':
			if !isNumber(o.Kind) || o.Wide {
				return nil, false
			}
		case 'c':
			if !isNumber(o.Kind) {
				return nil, false
			}
			if b.Resolver != nil {
				if want := b.Resolver.LiteralWords(in.Type); want != 0 && want != o.words() {
					return nil, false
				}
			}
		case 's':
			if o.Kind != spv.KindLiteralString || strings.IndexByte(o.Str(), 0) >= 0 {
				return nil, false
			}
		case 'e':
			if o.Kind != kind || o.x != nil {
				return nil, false
			}
			if en := kind.Enumerant(o.Word); en == nil || len(en.Parameters()) != 0 {
				return nil, false
			}
		case '0':
			if o.Kind != kind || o.Word != 0 || o.x != nil {
				return nil, false
			}
		}
	}
	words := append(b.words[:0], 0)
	if typ {
		words = append(words, uint32(in.Type))
	}
	if res {
		words = append(words, uint32(in.Result))
	}
	for i := range ops {
		o := &ops[i]
		switch {
		case slots[i] == 's':
			words = appendString(words, o.Str())
		case slots[i] == 'c' && o.Wide:
			words = append(words, o.Word, o.Hi)
		default:
			words = append(words, o.Word)
		}
	}
	return b.finish(words, in.Op), true
}

// encodeDecoration encodes the decorations modules are full of (Location,
// Binding, DescriptorSet, Offset, ArrayStride, BuiltIn, Block...):
// OpDecorate and OpMemberDecorate whose decoration takes nothing, one-word
// literal integers, or enumerants that take nothing. It returns false for
// any other form, and for anything the grammar's walk would refuse (which
// then says what is wrong).
func (b *InstBuilder) encodeDecoration(in *Inst) ([]uint32, bool) {
	n := 2 // target, decoration
	if in.Op == spv.OpMemberDecorate {
		n = 3 // target, member, decoration
	}
	ops := in.Operands
	if in.Type != 0 || in.Result != 0 || len(ops) != n {
		return nil, false
	}
	if !idBelow(&ops[0], b.Bound) {
		return nil, false
	}
	if n == 3 && (!isNumber(ops[1].Kind) || ops[1].Wide) {
		return nil, false
	}
	d := &ops[n-1]
	if d.Kind != spv.KindDecoration {
		return nil, false
	}
	en := spv.KindDecoration.Enumerant(d.Word)
	ps := d.Params()
	if en == nil || len(ps) != len(en.Parameters()) {
		return nil, false
	}
	for i, g := range en.Parameters() {
		p := &ps[i]
		if g.Quant != spv.One || p.x != nil {
			return nil, false
		}
		switch {
		case g.Kind == spv.KindLiteralInteger:
			if !isNumber(p.Kind) || p.Wide {
				return nil, false
			}
		case g.Kind.Category() == spv.CategoryValueEnum:
			if p.Kind != g.Kind {
				return nil, false
			}
			if pe := g.Kind.Enumerant(p.Word); pe == nil || len(pe.Parameters()) != 0 {
				return nil, false
			}
		default:
			return nil, false
		}
	}
	words := append(b.words[:0], 0)
	for i := range ops {
		words = append(words, ops[i].Word)
	}
	for i := range ps {
		words = append(words, ps[i].Word)
	}
	return b.finish(words, in.Op), true
}

// encodeInst is EncodeInst through the grammar.
func (b *InstBuilder) encodeInst(in *Inst) ([]uint32, error) {
	info := spv.InstructionInfo(in.Op)
	if info == nil {
		return nil, &EncodeError{in.Op, -1, "unknown opcode"}
	}
	base := 0
	if info.HasResultType {
		base++
	}
	if info.HasResult {
		base++
	}
	return b.encode(info, in.Type, in.Result, in.Operands, base)
}

func (b *InstBuilder) encode(info *spv.InstInfo, typ, res ID, ops []Operand, base int) ([]uint32, error) {
	e := encoder{words: append(b.words[:0], 0), info: info, res: b.Resolver, bound: b.Bound, ops: ops, base: base, resultType: typ}
	switch {
	case info.HasResultType && typ == 0:
		return nil, &EncodeError{info.Op, 0, "missing result type"}
	case !info.HasResultType && typ != 0:
		return nil, &EncodeError{info.Op, -1, "has no result type"}
	case info.HasResult && res == 0:
		return nil, &EncodeError{info.Op, -1, "missing result id"}
	case !info.HasResult && res != 0:
		return nil, &EncodeError{info.Op, -1, "has no result id"}
	}
	if b.Bound != 0 && (typ >= b.Bound || res >= b.Bound) {
		return nil, &EncodeError{info.Op, -1, fmt.Sprintf("result type %%%d or result id %%%d is not below the bound %d", typ, res, b.Bound)}
	}
	if typ != 0 {
		e.words = append(e.words, uint32(typ))
	}
	if res != 0 {
		e.words = append(e.words, uint32(res))
	}
	e.list(info.Operands(), ops, &e.pos, true)
	if e.err == nil && e.pos < len(ops) {
		e.fail(e.pos, "unexpected %s: no further operand of %s fits it", describe(ops[e.pos]), info.Name())
	}
	b.words = e.words
	if e.err != nil {
		return nil, e.err
	}
	if len(e.words) > 0xffff {
		return nil, &EncodeError{info.Op, -1, fmt.Sprintf("%d words %s", len(e.words), tooLongMsg)}
	}
	e.words[0] = uint32(len(e.words))<<16 | uint32(info.Op)
	return e.words, nil
}

type encoder struct {
	words      []uint32
	info       *spv.InstInfo
	res        Resolver
	bound      ID
	ops        []Operand // the top-level operands, for error positions
	base       int       // index of ops[0] among all operands
	pos        int
	resultType ID
	err        error
}

func (e *encoder) fail(i int, format string, args ...any) {
	if e.err == nil {
		e.err = &EncodeError{e.info.Op, e.base + i, fmt.Sprintf(format, args...)}
	}
}

// list matches the operands ops[*pos:] against the grammar operands gs,
// encoding them. top is true for an instruction's own operand list, whose
// error positions are meaningful.
func (e *encoder) list(gs []spv.OperandInfo, ops []Operand, pos *int, top bool) {
	// idx turns an index into ops into the index reported in errors: the
	// enclosing top-level operand for enumerant parameters.
	idx := func(i int) int {
		if top {
			return i
		}
		return e.pos - 1
	}
	for gi, g := range gs {
		if e.err != nil {
			return
		}
		if g.Kind == spv.KindIdResultType || g.Kind == spv.KindIdResult {
			continue // encoded from the instruction's fields
		}
		switch g.Quant {
		case spv.One:
			if *pos >= len(ops) {
				e.fail(idx(*pos), "missing %s", operandName(g))
				return
			}
			if !compatible(g.Kind, ops[*pos]) {
				e.fail(idx(*pos), "%s must be %s, not %s", operandName(g), g.Kind, describe(ops[*pos]))
				return
			}
			o := &ops[*pos]
			*pos++
			e.operand(g.Kind, o, idx(*pos-1))
			switch g.Kind {
			case spv.KindLiteralSpecConstantOpInteger:
				// The operands of the named opcode follow.
				inner := spv.InstructionInfo(spv.Op(o.Word))
				if inner == nil {
					e.fail(idx(*pos-1), "OpSpecConstantOp of unknown opcode %d", o.Word)
					return
				}
				e.list(inner.Operands(), ops, pos, top)
			case spv.KindLiteralExtInstInteger:
				// Check the tail against the extended instruction's grammar
				// when the set is known.
				if e.res == nil || gi == 0 || !ops[*pos-2].IsID() {
					continue
				}
				set := e.res.ExtInstSet(ops[*pos-2].ID())
				if set == nil {
					continue
				}
				ext := set.Inst(o.Word)
				if ext == nil && strings.HasPrefix(set.Name, "NonSemantic.") {
					// Instructions a non-semantic set's table does not list
					// are allowed; their operands are ids.
					for *pos < len(ops) && isID(ops[*pos]) && e.err == nil {
						*pos++
						e.operand(spv.KindIdRef, &ops[*pos-1], idx(*pos-1))
					}
					return
				}
				if ext == nil {
					e.fail(idx(*pos-1), "%s has no instruction %d", set.Name, o.Word)
					return
				}
				e.list(ext.Operands(), ops, pos, top)
				return
			}
		case spv.Optional:
			if *pos < len(ops) && compatible(g.Kind, ops[*pos]) {
				*pos++
				e.operand(g.Kind, &ops[*pos-1], idx(*pos-1))
			}
		case spv.Variadic:
			for *pos < len(ops) && compatible(g.Kind, ops[*pos]) && e.err == nil {
				*pos++
				e.operand(g.Kind, &ops[*pos-1], idx(*pos-1))
			}
		}
	}
}

// compatible reports whether an operand can stand for grammar kind k.
func compatible(k spv.OperandKind, o Operand) bool {
	switch k.Category() {
	case spv.CategoryId:
		return isID(o)
	case spv.CategoryLiteral:
		if k == spv.KindLiteralString {
			return o.Kind == spv.KindLiteralString
		}
		return isNumber(o.Kind)
	}
	return o.Kind == k
}

func (e *encoder) operand(k spv.OperandKind, o *Operand, at int) {
	switch k.Category() {
	case spv.CategoryId:
		if o.Word == 0 {
			e.fail(at, "id 0 is not a valid id")
			return
		}
		if e.bound != 0 && ID(o.Word) >= e.bound {
			e.fail(at, "id %%%d is not below the bound %d", o.Word, e.bound)
			return
		}
		e.words = append(e.words, o.Word)
	case spv.CategoryLiteral:
		switch k {
		case spv.KindLiteralString:
			if strings.IndexByte(o.Str(), 0) >= 0 {
				e.fail(at, "literal string %q contains a NUL byte", o.Str())
				return
			}
			e.words = appendString(e.words, o.Str())
			return
		case spv.KindLiteralContextDependentNumber:
			if want := e.contextWords(); want != 0 && want != o.words() {
				e.fail(at, "literal of %d words for a type of %d-word literals", o.words(), want)
				return
			}
		default:
			if o.Wide {
				e.fail(at, "%s is a single word, not a 64-bit literal", k)
				return
			}
		}
		e.words = append(e.words, o.Word)
		if o.Wide {
			e.words = append(e.words, o.Hi)
		}
	case spv.CategoryValueEnum:
		en := k.Enumerant(o.Word)
		if en == nil {
			e.fail(at, "%d is not a %s", o.Word, k)
			return
		}
		e.words = append(e.words, o.Word)
		p := 0
		e.list(en.Parameters(), o.Params(), &p, false)
		if e.err == nil && p < len(o.Params()) {
			e.fail(at, "%s %s takes %d parameters, got %d", k, en.Name(), p, len(o.Params()))
		}
	case spv.CategoryBitEnum:
		e.words = append(e.words, o.Word)
		p := 0
		for bit := uint32(1); bit != 0; bit <<= 1 {
			if o.Word&bit == 0 {
				continue
			}
			en := k.Enumerant(bit)
			if en == nil {
				e.fail(at, "bit %#x is not a %s", bit, k)
				return
			}
			e.list(en.Parameters(), o.Params(), &p, false)
		}
		if e.err == nil && p < len(o.Params()) {
			e.fail(at, "%s %s takes %d parameters, got %d", k, k.ValueString(o.Word), p, len(o.Params()))
		}
	case spv.CategoryComposite:
		bases := spv.KindInfoOf(k).Bases()
		if len(o.Params()) != len(bases) {
			e.fail(at, "%s needs %d members, got %d", k, len(bases), len(o.Params()))
			return
		}
		for i, bk := range bases {
			m := &o.Params()[i]
			if !compatible(bk, *m) {
				e.fail(at, "%s member %d must be %s, not %s", k, i, bk, describe(*m))
				return
			}
			if bk == spv.KindLiteralInteger && k == spv.KindPairLiteralIntegerIdRef && e.info.Op == spv.OpSwitch {
				// OpSwitch case literals are as wide as the selector.
				if want := e.contextWords(); want != 0 && want != m.words() {
					e.fail(at, "case literal of %d words for a selector of %d-word literals", m.words(), want)
					return
				}
				e.words = append(e.words, m.Word)
				if m.Wide {
					e.words = append(e.words, m.Hi)
				}
				continue
			}
			e.operand(bk, m, at)
		}
	}
}

// contextWords is the width of a context-dependent literal: the result
// type's for constants, the selector's type's for OpSwitch.
func (e *encoder) contextWords() int {
	if e.res == nil {
		return 0
	}
	if e.info.Op == spv.OpSwitch {
		if len(e.ops) == 0 || !isID(e.ops[0]) {
			return 0
		}
		return e.res.LiteralWords(e.res.TypeOf(ID(e.ops[0].Word)))
	}
	return e.res.LiteralWords(e.resultType)
}

// appendString encodes s nul-terminated and padded to whole words,
// little-endian within each word.
func appendString(words []uint32, s string) []uint32 {
	var w uint32
	for i := 0; i < len(s); i++ {
		w |= uint32(s[i]) << (8 * (i % 4))
		if i%4 == 3 {
			words = append(words, w)
			w = 0
		}
	}
	return append(words, w) // holds the NUL (and padding)
}

func operandName(g spv.OperandInfo) string {
	if g.Name() != "" {
		return fmt.Sprintf("operand '%s' (%s)", g.Name(), g.Kind)
	}
	return fmt.Sprintf("operand %s", g.Kind)
}

func describe(o Operand) string {
	switch {
	case isID(o):
		return fmt.Sprintf("id %%%d", o.Word)
	case o.Kind == spv.KindLiteralString:
		return fmt.Sprintf("string %q", o.Str())
	case isNumber(o.Kind):
		return fmt.Sprintf("literal %d", o.Uint64())
	case o.Kind.Category() == spv.CategoryComposite:
		return o.Kind.String()
	}
	return fmt.Sprintf("%s %d", o.Kind, o.Word)
}
