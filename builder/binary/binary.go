// Package binary reads SPIR-V binary modules into instructions with typed
// operands, decoded with the grammar tables of package spv.
//
// The reader accepts what SPIRV-Tools' binary parser (v2023.1, the parser
// behind spirv-dis) accepts and decodes operands the same way, so a
// disassembler built on it can print what spirv-dis prints:
//
//   - either endianness, detected from the magic number; words are handed out
//     in host order;
//   - literal numbers of OpConstant, OpSpecConstant and OpSwitch take their
//     width and signedness from the result type or the selector's type;
//   - enumerants with parameters (Decoration BuiltIn, ImageOperands bits with
//     their ids, MemoryAccess Aligned) pull their parameters in;
//   - OpExtInst operands follow the imported set's table; sets without a
//     table, and numbers a NonSemantic set does not list, take any number of
//     <id>s;
//   - OpSpecConstantOp's embedded opcode pulls in that opcode's operands.
//
// Malformed input gives an *Error with the word offset and the reason; the
// reader never panics and its work is linear in the input size.
//
// Files: binary.go holds the API (Read, ReadWords, Reader, Scan, Words,
// Inst, Operand, Error); parse.go the parser itself and its table of what each id
// is (a type, a value of which numeric type), which literal widths depend
// on.
package binary

import (
	"encoding/binary"
	"fmt"
	"slices"
	"strings"

	"github.com/hlsl2spirv/hlsl2spirv/builder/spv"
)

// HeaderWords is the number of words in a module header.
const HeaderWords = 5

// Header is the five-word module header.
type Header struct {
	Magic     uint32 // always spv.MagicNumber once read
	Version   uint32 // 0x00010300 is SPIR-V 1.3
	Generator uint32 // tool id in the high 16 bits, tool version in the low 16
	Bound     uint32 // every id is below the bound
	Schema    uint32
	BigEndian bool // the module was stored big-endian
}

// A Module is a whole SPIR-V module.
type Module struct {
	Header Header
	Words  []uint32 // the whole module in host order, header included
	Insts  []Inst
}

// NumberKind says how a literal number is encoded.
type NumberKind uint8

const (
	NotANumber NumberKind = iota
	Unsigned
	Signed
	Float
)

func (k NumberKind) String() string {
	switch k {
	case Unsigned:
		return "unsigned"
	case Signed:
		return "signed"
	case Float:
		return "float"
	}
	return "none"
}

// An Operand is one decoded operand of an instruction. Composite (Pair) kinds
// are split into their parts, so Kind is never a composite kind.
// It is kept small (12 bytes): a module has about one operand per word.
type Operand struct {
	Kind   spv.OperandKind
	Number NumberKind // for literal numbers: how to read the words
	Start  uint16     // index in Inst.Words of the operand's first word
	Len    uint16     // number of words (0 for a zero-width literal number)
	Width  uint32     // for literal numbers: the width in bits
}

// An Inst is one instruction.
type Inst struct {
	Op       spv.Op
	Offset   int      // word offset of the instruction in the module
	Words    []uint32 // the instruction's words in host order; Words[0] holds count and opcode
	TypeID   uint32   // the result type id, 0 if none
	ResultID uint32   // the result id, 0 if none
	// ExtSet is the imported set of an OpExtInst, named by ExtSetName; nil
	// when the set has no table in package spv.
	ExtSet     *spv.ExtInstSet
	ExtSetName string
	Operands   []Operand
}

// Word returns the first word of operand i.
func (in *Inst) Word(i int) uint32 {
	o := in.Operands[i]
	if o.Len == 0 {
		return 0
	}
	return in.Words[o.Start]
}

// OperandWords returns the words of operand i.
func (in *Inst) OperandWords(i int) []uint32 {
	o := in.Operands[i]
	return in.Words[o.Start : o.Start+o.Len : o.Start+o.Len]
}

// Literal returns literal number operand i as a 64-bit pattern: its words
// low-order first (a signed narrow value keeps the sign extension the
// module stored); operands wider than 64 bits give their low 64 bits.
func (in *Inst) Literal(i int) uint64 {
	ws := in.OperandWords(i)
	var v uint64
	for j := min(len(ws), 2) - 1; j >= 0; j-- {
		v = v<<32 | uint64(ws[j])
	}
	return v
}

// String decodes operand i as a literal string: the bytes up to the first
// NUL in its words.
func (in *Inst) String(i int) string {
	return DecodeString(in.OperandWords(i))
}

// DecodeString decodes a literal string: UTF-8 octets packed four to a word,
// lowest-order byte first, ending at the first NUL (or the last word).
func DecodeString(words []uint32) string {
	var b strings.Builder
	b.Grow(4 * len(words))
	for _, w := range words {
		for s := 0; s < 32; s += 8 {
			c := byte(w >> s)
			if c == 0 {
				return b.String()
			}
			b.WriteByte(c)
		}
	}
	return b.String()
}

// An Error reports malformed input: the word offset in the module where the
// problem was found, and what is wrong.
type Error struct {
	Offset int // word offset (a byte offset is 4 times it)
	Msg    string
}

func (e *Error) Error() string {
	return fmt.Sprintf("invalid SPIR-V at word %d: %s", e.Offset, e.Msg)
}

func errorf(offset int, format string, args ...any) *Error {
	return &Error{Offset: offset, Msg: fmt.Sprintf(format, args...)}
}

// Read decodes a module stored as bytes (a .spv file), in either endianness.
func Read(data []byte) (*Module, error) {
	words, big, err := Words(data)
	if err != nil {
		return nil, err
	}
	m, err := parse(words, nil, nil)
	if m != nil {
		m.Header.BigEndian = big
	}
	return m, err
}

// ReadWords decodes a module given as words. Words in host order are used in
// place (Module.Words and Inst.Words alias them); a byte-swapped module (its
// first word is the swapped magic number) is copied and swapped.
func ReadWords(words []uint32) (*Module, error) {
	words, swapped, err := hostOrder(words)
	if err != nil {
		return nil, err
	}
	m, err := parse(words, nil, nil)
	if m != nil {
		m.Header.BigEndian = swapped
	}
	return m, err
}

// A Reader decodes modules one after another (as ReadWords does) into
// memory it keeps for the next: the instructions, their operands and the
// table of ids of one module are reused by the next, where ReadWords
// allocates them for each (a batch of compiles disassembles hundreds of
// modules). The zero Reader is ready to use. A Module it returns is valid
// until its next read. A Reader is not for concurrent use.
type Reader struct {
	insts    []Inst
	operands []Operand
	ids      []idInfo // all zero
}

// ReadWords is ReadWords (the function) into r's memory.
func (r *Reader) ReadWords(words []uint32) (*Module, error) {
	words, swapped, err := hostOrder(words)
	if err != nil {
		return nil, err
	}
	m, err := parse(words, nil, r)
	if m != nil {
		m.Header.BigEndian = swapped
	}
	return m, err
}

// Scan decodes a module given as words (as ReadWords does) without keeping
// its instructions: it hands each one to fn as soon as it is decoded. The
// *Inst and its Operands are valid only during the call, so a reader that
// converts instructions into its own form needs no second copy of the
// module. An error from fn stops the scan and is returned as it is.
func Scan(words []uint32, fn func(*Inst) error) (Header, error) {
	words, swapped, err := hostOrder(words)
	if err != nil {
		return Header{}, err
	}
	m, err := parse(words, fn, nil)
	if m == nil {
		return Header{}, err
	}
	m.Header.BigEndian = swapped
	return m.Header, err
}

// Words returns the words of a module stored as bytes (a .spv file), in
// host order, and whether it was stored big-endian.
func Words(data []byte) ([]uint32, bool, error) {
	if len(data)%4 != 0 {
		return nil, false, errorf(len(data)/4, "the size, %d bytes, is not a multiple of 4", len(data))
	}
	if len(data) < 4 {
		return nil, false, errorf(0, "module has incomplete header: only %d words instead of %d", len(data)/4, HeaderWords)
	}
	var order binary.ByteOrder = binary.LittleEndian
	switch {
	case binary.LittleEndian.Uint32(data) == spv.MagicNumber:
	case binary.BigEndian.Uint32(data) == spv.MagicNumber:
		order = binary.BigEndian
	default:
		return nil, false, errorf(0, "invalid magic number 0x%08x", binary.LittleEndian.Uint32(data))
	}
	words := make([]uint32, len(data)/4)
	for i := range words {
		words[i] = order.Uint32(data[4*i:])
	}
	return words, order == binary.BigEndian, nil
}

// hostOrder returns words in host order (a byte-swapped module copied and
// swapped) and whether they were swapped.
func hostOrder(words []uint32) ([]uint32, bool, error) {
	if len(words) == 0 {
		return nil, false, errorf(0, "module has incomplete header: only 0 words instead of %d", HeaderWords)
	}
	switch words[0] {
	case spv.MagicNumber:
		return words, false, nil
	case swap(spv.MagicNumber):
		w := make([]uint32, len(words))
		for i, x := range words {
			w[i] = swap(x)
		}
		return w, true, nil
	}
	return nil, false, errorf(0, "invalid magic number 0x%08x", words[0])
}

func swap(w uint32) uint32 {
	return w>>24 | w>>8&0xff00 | w<<8&0xff0000 | w<<24
}

// maxVersion is the newest SPIR-V version the reader accepts.
const maxVersion = uint32(spv.Version1_6)

// parse decodes a module in host order: into Module.Insts, or, given
// emit, handing each instruction to it (see Scan); into r's memory when r
// is not nil.
func parse(words []uint32, emit func(*Inst) error, r *Reader) (*Module, error) {
	if len(words) < HeaderWords {
		return nil, errorf(0, "module has incomplete header: only %d words instead of %d", len(words), HeaderWords)
	}
	h := Header{Magic: words[0], Version: words[1], Generator: words[2], Bound: words[3], Schema: words[4]}
	if h.Version&0xff0000ff != 0 || h.Version < uint32(spv.Version1_0) || h.Version > maxVersion {
		return nil, errorf(1, "unsupported version word 0x%08x (SPIR-V 1.0 to 1.6 are supported)", h.Version)
	}
	p := parser{words: words, emit: emit}
	switch {
	case r == nil:
		p.ids = newIDTable(h.Bound, len(words), nil)
		p.insts = make([]Inst, 0, countInsts(words))
		// Operands take at least a word each, bar zero-width literals.
		p.operands = make([]Operand, 0, len(words))
	default:
		p.ids = newIDTable(h.Bound, len(words), r.ids)
		p.insts = slices.Grow(r.insts[:0], countInsts(words))
		p.operands = slices.Grow(r.operands[:0], len(words))
		defer func() {
			clear(p.ids.dense) // (only entries below its length are written)
			r.ids, r.insts, r.operands = p.ids.dense[:0], p.insts[:0], p.operands[:0]
		}()
	}
	for p.pos = HeaderWords; p.pos < len(words); {
		if err := p.instruction(); err != nil {
			return nil, err
		}
	}
	return &Module{Header: h, Words: words, Insts: p.insts}, nil
}

// countInsts follows the word counts to size the instruction slice exactly
// (a wrong guess only costs a reallocation: the parser checks everything).
func countInsts(words []uint32) int {
	n := 0
	for at := HeaderWords; at < len(words); n++ {
		count := int(words[at] >> 16)
		if count == 0 {
			break
		}
		at += count
	}
	return n + 1
}
