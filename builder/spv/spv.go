// Package spv holds the SPIR-V tables: every opcode, operand kind, enumerant
// and extended instruction of the SPIR-V grammar, with the operands each
// takes and the capabilities, extensions and versions each needs.
//
// The tables are generated from the Khronos machine-readable grammar in
// grammar/ by internal/gen (`go generate ./builder/spv`); a test regenerates
// them and fails on any difference with the committed *_gen.go files.
//
// Naming:
//   - opcodes are Op constants spelled as in the grammar (OpTypeVoid); an
//     alias (OpSDotKHR) is a second constant with the same value.
//   - operand kinds are OperandKind constants KindXxx (KindIdRef,
//     KindDecoration); kinds of an extended instruction set carry the set's
//     prefix (KindNonSemanticShaderDebugInfo100DebugInfoFlags).
//   - each value or bit enum of the core grammar is a Go type named after
//     the kind (Capability, StorageClass, ImageOperands, MemoryAccess...) with
//     one constant per enumerant, the kind name followed by the enumerant
//     name (CapabilityShader, StorageClassUniform, Dim2D). Bit enums use the
//     same convention: each constant is the enumerant's bit (ImageOperandsLod
//     is 0x2, ImageOperandsNone is 0) and values are or-ed masks; their
//     String() prints "Bias|Lod" as spirv-dis does.
//   - extended instructions are constants named like the Khronos C headers:
//     GLSLstd450Sqrt, NonSemanticShaderDebugInfo100DebugSource,
//     OpenCLDebugInfo100DebugSource, NonSemanticDebugPrintfDebugPrintf.
//
// Every table is static data (no init-time work) without pointers, so that
// the Go runtime does not build a pointer mask for it at process start:
// names and lists are offsets into pools, and the accessors (InstInfo.Name,
// InstInfo.Operands...) slice them without allocating. The name→value maps
// used by assemblers and tests are built on first use.
//
// Files: spv.go holds the hand-written types and lookups (Version,
// InstInfo, OperandInfo, KindInfo, EnumerantInfo, the by-name maps);
// ops_gen.go the opcodes and their operands, kinds_gen.go the operand kinds,
// enums_gen.go the enumerants, extinst_gen.go the extended instruction sets,
// pools_gen.go the names and lists the other tables index.
package spv

//go:generate go run ./internal/gen

import (
	"fmt"
	"sort"
	"strings"
	"sync"
)

// MagicNumber is the first word of every SPIR-V module.
const MagicNumber uint32 = 0x07230203

// A Version is a SPIR-V version encoded as in a module header:
// 0x00010300 is 1.3.
type Version uint32

// Versions the grammar mentions.
const (
	Version1_0 Version = 0x00010000
	Version1_1 Version = 0x00010100
	Version1_2 Version = 0x00010200
	Version1_3 Version = 0x00010300
	Version1_4 Version = 0x00010400
	Version1_5 Version = 0x00010500
	Version1_6 Version = 0x00010600

	// VersionNone marks an instruction or enumerant that is in no core
	// version: it is available only through an extension (the grammar's
	// "version": "None").
	VersionNone Version = 0xFFFFFFFF
)

// MakeVersion returns the header encoding of major.minor.
func MakeVersion(major, minor uint8) Version {
	return Version(uint32(major)<<16 | uint32(minor)<<8)
}

// Major returns the major version number.
func (v Version) Major() int { return int(v>>16) & 0xff }

// Minor returns the minor version number.
func (v Version) Minor() int { return int(v>>8) & 0xff }

func (v Version) String() string {
	switch v {
	case 0:
		return "unspecified"
	case VersionNone:
		return "None"
	}
	return fmt.Sprintf("%d.%d", v.Major(), v.Minor())
}

// A Category is how operands of a kind are encoded.
type Category uint8

const (
	CategoryBitEnum   Category = iota + 1 // a mask of enumerant bits, each bit maybe followed by its parameters
	CategoryValueEnum                     // one enumerant value, maybe followed by its parameters
	CategoryId                            // an <id>
	CategoryLiteral                       // a literal number or string
	CategoryComposite                     // a fixed sequence of base kinds (the Pair kinds)
)

func (c Category) String() string {
	switch c {
	case CategoryBitEnum:
		return "BitEnum"
	case CategoryValueEnum:
		return "ValueEnum"
	case CategoryId:
		return "Id"
	case CategoryLiteral:
		return "Literal"
	case CategoryComposite:
		return "Composite"
	}
	return fmt.Sprintf("Category(%d)", uint8(c))
}

// A Quantifier says how many times an operand occurs.
type Quantifier uint8

const (
	One      Quantifier = iota // exactly once
	Optional                   // "?": zero or one time
	Variadic                   // "*": zero or more times
)

func (q Quantifier) String() string {
	switch q {
	case One:
		return ""
	case Optional:
		return "?"
	case Variadic:
		return "*"
	}
	return fmt.Sprintf("Quantifier(%d)", uint8(q))
}

// The tables hold no pointers, so that the linker puts them in .noptrdata
// and the Go runtime neither builds a pointer mask for them at start-up nor
// scans them: a name is a str, a list a span of a flat pool array
// (pools_gen.go). The accessors below turn them into strings and slices of
// the pools without allocating.

// A str is a name of the tables: its offset in textPool shifted left by 8,
// or-ed with its length.
type str uint32

func (s str) String() string {
	off := uint32(s) >> 8
	return textPool[off : off+uint32(s)&0xff]
}

// A span is a list of the tables: a range of one of the pools.
type span struct{ off, n uint16 }

func (s span) operands() []OperandInfo {
	lo, hi := int(s.off), int(s.off)+int(s.n)
	return operandPool[lo:hi:hi]
}

func (s span) capabilities() []Capability {
	lo, hi := int(s.off), int(s.off)+int(s.n)
	return capabilityPool[lo:hi:hi]
}

func (s span) strings() []string {
	lo, hi := int(s.off), int(s.off)+int(s.n)
	return stringPool[lo:hi:hi]
}

// OperandInfo describes one operand of an instruction or one parameter of
// an enumerant.
type OperandInfo struct {
	Kind  OperandKind
	Quant Quantifier
	name  str
}

// Name returns the grammar's operand name ("'Result Type'"), often empty.
func (o OperandInfo) Name() string { return o.name.String() }

// InstInfo describes one opcode.
type InstInfo struct {
	Op            Op
	HasResult     bool
	HasResultType bool
	Version       Version // first core version, VersionNone if extension-only
	LastVersion   Version // last core version, 0 if still present
	name, class   str
	aliases       span
	operands      span
	capabilities  span
	extensions    span
}

// Name returns the opcode's name ("OpTypeVoid").
func (in *InstInfo) Name() string { return in.name.String() }

// Class returns the grammar's class of the opcode ("Type-Declaration").
func (in *InstInfo) Class() string { return in.class.String() }

// Aliases returns the other names of the opcode.
func (in *InstInfo) Aliases() []string { return in.aliases.strings() }

// Operands returns the operands of the instruction.
func (in *InstInfo) Operands() []OperandInfo { return in.operands.operands() }

// Capabilities returns the capabilities any one of which enables the
// instruction.
func (in *InstInfo) Capabilities() []Capability { return in.capabilities.capabilities() }

// Extensions returns the extensions any one of which enables the
// instruction.
func (in *InstInfo) Extensions() []string { return in.extensions.strings() }

// InstructionInfo returns the description of op, or nil if op is not in the
// grammar. It is a table lookup.
func InstructionInfo(op Op) *InstInfo {
	if int(op) >= len(instIndex) {
		return nil
	}
	i := instIndex[op]
	if i == 0 {
		return nil
	}
	return &instTable[i-1]
}

// Instructions returns every instruction of the grammar, in opcode order.
func Instructions() []InstInfo { return instTable[:] }

// NumInstructions is the number of instructions in the grammar.
const NumInstructions = len(instTable)

// InstructionNumber returns 1 + op's index in Instructions(), or 0 if op
// is not in the grammar: a dense number for tables by opcode (of
// NumInstructions+1 entries), which would otherwise span OpBound entries
// for the few hundred opcodes in use.
func InstructionNumber(op Op) int {
	if int(op) < len(instIndex) {
		return int(instIndex[op])
	}
	return 0
}

func (op Op) String() string {
	if in := InstructionInfo(op); in != nil {
		return in.Name()
	}
	return fmt.Sprintf("Op(%d)", uint16(op))
}

var (
	opByNameOnce sync.Once
	opByName     map[string]Op
)

// OpByName returns the opcode named name ("OpLoad"), aliases included.
func OpByName(name string) (Op, bool) {
	opByNameOnce.Do(func() {
		opByName = make(map[string]Op, len(instTable)+16)
		for i := range instTable {
			in := &instTable[i]
			opByName[in.Name()] = in.Op
			for _, a := range in.Aliases() {
				opByName[a] = in.Op
			}
		}
	})
	op, ok := opByName[name]
	return op, ok
}

// Enum is satisfied by every typed enum of this package (Capability,
// StorageClass, ImageOperands...): a 32-bit value that knows its kind.
type Enum interface {
	~uint32
	Kind() OperandKind
	String() string
}

// EnumerantInfo describes one enumerant of a value or bit enum.
type EnumerantInfo struct {
	Value        uint32
	Version      Version // 0 when the grammar states none
	LastVersion  Version // 0 if still present
	name         str
	aliases      span
	parameters   span
	capabilities span
	extensions   span
}

// Name returns the enumerant's name ("Shader").
func (e *EnumerantInfo) Name() string { return e.name.String() }

// Aliases returns the other names of the enumerant.
func (e *EnumerantInfo) Aliases() []string { return e.aliases.strings() }

// Parameters returns the operands that follow the enumerant when it is used.
func (e *EnumerantInfo) Parameters() []OperandInfo { return e.parameters.operands() }

// Capabilities returns the capabilities any one of which enables the
// enumerant.
func (e *EnumerantInfo) Capabilities() []Capability { return e.capabilities.capabilities() }

// Extensions returns the extensions any one of which enables the enumerant.
func (e *EnumerantInfo) Extensions() []string { return e.extensions.strings() }

// KindInfo describes one operand kind.
type KindInfo struct {
	Kind       OperandKind
	Category   Category
	name       str
	enumerants span
	bases      span
}

// Name returns the grammar's name of the kind ("StorageClass", "IdRef").
func (ki *KindInfo) Name() string { return ki.name.String() }

// Enumerants returns the enumerants of an enum kind, sorted by value.
func (ki *KindInfo) Enumerants() []EnumerantInfo {
	s := ki.enumerants
	lo, hi := int(s.off), int(s.off)+int(s.n)
	return enumerantPool[lo:hi:hi]
}

// Bases returns the base kinds of a composite kind.
func (ki *KindInfo) Bases() []OperandKind {
	s := ki.bases
	lo, hi := int(s.off), int(s.off)+int(s.n)
	return kindPool[lo:hi:hi]
}

// KindInfoOf returns the description of k, or nil for an unknown kind.
func KindInfoOf(k OperandKind) *KindInfo {
	if k == 0 || int(k) > len(kindTable) {
		return nil
	}
	return &kindTable[k-1]
}

// String returns the grammar's name of the kind.
func (k OperandKind) String() string {
	if ki := KindInfoOf(k); ki != nil {
		return ki.Name()
	}
	return fmt.Sprintf("OperandKind(%d)", uint8(k))
}

// Category returns how operands of kind k are encoded.
func (k OperandKind) Category() Category {
	if ki := KindInfoOf(k); ki != nil {
		return ki.Category
	}
	return 0
}

// Enumerant returns the enumerant of kind k with value v (for a bit enum, v
// is a single bit or 0), or nil. It is a binary search of a sorted table.
func (k OperandKind) Enumerant(v uint32) *EnumerantInfo {
	ki := KindInfoOf(k)
	if ki == nil {
		return nil
	}
	es := ki.Enumerants()
	// The enumerants are sorted by value, and most kinds number theirs
	// from 0 up (storage classes, decorations, built-ins...): enumerant v
	// is most often at index v. Else a binary search (by hand: this runs
	// for every enum operand the compiler encodes, infers capabilities
	// from, validates, reads back and disassembles).
	if v < uint32(len(es)) && es[v].Value == v {
		return &es[v]
	}
	lo, hi := 0, len(es)
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		if es[m].Value < v {
			lo = m + 1
		} else {
			hi = m
		}
	}
	if lo < len(es) && es[lo].Value == v {
		return &es[lo]
	}
	return nil
}

var (
	enumByNameOnce sync.Once
	enumByName     map[OperandKind]map[string]*EnumerantInfo
	kindByName     map[string]OperandKind
)

func buildNameMaps() {
	enumByName = make(map[OperandKind]map[string]*EnumerantInfo, len(kindTable))
	kindByName = make(map[string]OperandKind, len(kindTable))
	for i := range kindTable {
		ki := &kindTable[i]
		if _, dup := kindByName[ki.Name()]; !dup { // core kinds come first
			kindByName[ki.Name()] = ki.Kind
		}
		es := ki.Enumerants()
		if len(es) == 0 {
			continue
		}
		m := make(map[string]*EnumerantInfo, len(es))
		for j := range es {
			e := &es[j]
			m[e.Name()] = e
			for _, a := range e.Aliases() {
				m[a] = e
			}
		}
		enumByName[ki.Kind] = m
	}
}

// EnumerantByName returns the enumerant of kind k named name (aliases
// included), or nil.
func (k OperandKind) EnumerantByName(name string) *EnumerantInfo {
	enumByNameOnce.Do(buildNameMaps)
	return enumByName[k][name]
}

// KindByName returns the core operand kind with the grammar name name
// ("StorageClass").
func KindByName(name string) (OperandKind, bool) {
	enumByNameOnce.Do(buildNameMaps)
	k, ok := kindByName[name]
	return k, ok
}

// ValueString names value v of an enum kind as spirv-dis prints it: the
// enumerant's name for a value enum, "A|B" for a bit enum mask ("None" for
// 0), unknown values as numbers. For other kinds it prints the number.
func (k OperandKind) ValueString(v uint32) string {
	switch k.Category() {
	case CategoryValueEnum:
		return valueEnumString(k, v)
	case CategoryBitEnum:
		return bitEnumString(k, v)
	}
	return fmt.Sprint(v)
}

// valueEnumString names value v of a value enum kind.
func valueEnumString(k OperandKind, v uint32) string {
	if e := k.Enumerant(v); e != nil {
		return e.Name()
	}
	return fmt.Sprintf("%s(%d)", k, v)
}

// bitEnumString names mask v of a bit enum kind as spirv-dis does:
// "None" for 0 (when the enum has a zero enumerant), else the set bits'
// names joined by "|", unknown bits as hex.
func bitEnumString(k OperandKind, v uint32) string {
	if v == 0 {
		if e := k.Enumerant(0); e != nil {
			return e.Name()
		}
		return "0"
	}
	var parts []string
	for bit := uint32(1); bit != 0; bit <<= 1 {
		if v&bit == 0 {
			continue
		}
		if e := k.Enumerant(bit); e != nil {
			parts = append(parts, e.Name())
		} else {
			parts = append(parts, fmt.Sprintf("0x%x", bit))
		}
	}
	return strings.Join(parts, "|")
}

// ExtInstSet is one extended instruction set.
type ExtInstSet struct {
	Name     string        // the name OpExtInstImport uses: "GLSL.std.450"
	Version  uint32        // the grammar's version, 0 if none
	Revision uint32        // the grammar's revision
	Insts    []ExtInstInfo // sorted by opcode
	Kinds    []OperandKind // the operand kinds the set defines
}

// ExtInstInfo describes one extended instruction.
type ExtInstInfo struct {
	Opcode       uint32
	name         str
	operands     span
	capabilities span
	extensions   span
}

// Name returns the instruction's name ("Sqrt").
func (e *ExtInstInfo) Name() string { return e.name.String() }

// Operands returns the operands after the instruction number.
func (e *ExtInstInfo) Operands() []OperandInfo { return e.operands.operands() }

// Capabilities returns the capabilities any one of which enables the
// instruction.
func (e *ExtInstInfo) Capabilities() []Capability { return e.capabilities.capabilities() }

// Extensions returns the extensions any one of which enables the
// instruction.
func (e *ExtInstInfo) Extensions() []string { return e.extensions.strings() }

// ExtInstSetByName returns the extended instruction set imported under
// name, or nil.
func ExtInstSetByName(name string) *ExtInstSet {
	for i := range extInstSets {
		if extInstSets[i].Name == name {
			return &extInstSets[i]
		}
	}
	return nil
}

// ExtInstSets returns all known extended instruction sets.
func ExtInstSets() []ExtInstSet { return extInstSets[:] }

// Inst returns the instruction with the given number, or nil.
func (s *ExtInstSet) Inst(opcode uint32) *ExtInstInfo {
	is := s.Insts
	i := sort.Search(len(is), func(i int) bool { return is[i].Opcode >= opcode })
	if i < len(is) && is[i].Opcode == opcode {
		return &is[i]
	}
	return nil
}

// InstByName returns the instruction named name ("Sqrt"), or nil.
func (s *ExtInstSet) InstByName(name string) *ExtInstInfo {
	for i := range s.Insts {
		if s.Insts[i].Name() == name {
			return &s.Insts[i]
		}
	}
	return nil
}
