// Package disasm turns a SPIR-V binary module into assembly text that is
// byte for byte what spirv-dis (SPIRV-Tools v2023.1) prints with its default
// options: the header comments, friendly names (%v4float, %_ptr_Uniform_int,
// %int_0, names from OpName), the result ids right-aligned so opcodes start
// in column 15, numbers formatted as SPIRV-Tools formats them.
//
// The differences from spirv-dis are deliberate and on malformed or exotic
// input only: modules that spirv-dis rejects but package binary accepts
// (an OpExtInstImport of a set SPIRV-Tools does not know, opcodes and
// enumerants newer than its grammar) are printed rather than refused, and
// extended instructions of OpenCL.std and the SPV_AMD_* sets, which have no
// table in package spv, print as numbers.
//
// Files: disasm.go prints the header and the instructions; names.go gives
// ids spirv-dis's friendly names; number.go formats literal numbers as
// SPIRV-Tools does; spelling.go keeps the older spellings of opcodes and
// enumerants spirv-dis 2023.1 prints; generators.go the table of generator
// names for the header.
package disasm

import (
	"io"
	"strconv"
	"strings"
	"sync"

	"github.com/hlsl2spirv/hlsl2spirv/builder/binary"
	"github.com/hlsl2spirv/hlsl2spirv/builder/spv"
)

// Options select spirv-dis's non-default output forms. The zero value is
// spirv-dis's default.
type Options struct {
	NoIndent bool // --no-indent: no column alignment
	NoHeader bool // --no-header: no leading comments
	RawIDs   bool // --raw-id: %12 instead of friendly names

	// SpirvDis2023 names opcodes and enumerants as spirv-dis v2023.1
	// (Debian 12's) does where the grammar has since changed the
	// canonical spelling (ComputeDerivativeGroupQuadsNV, LaunchIdNV, ...).
	// By default the current grammar's names are printed, as DXC and
	// current SPIRV-Tools print them.
	SpirvDis2023 bool
}

// standardIndent is the column opcodes start in (SPIRV-Tools'
// kStandardIndent).
const standardIndent = 15

// Disassemble reads a module given as words (either endianness) and returns
// its text as spirv-dis prints it by default, with the current grammar's
// names.
func Disassemble(words []uint32) (string, error) {
	m, err := binary.ReadWords(words)
	if err != nil {
		return "", err
	}
	return string(Module(m, Options{})), nil
}

// DisassembleBytes reads a module stored as bytes (the contents of a .spv
// file) and returns its text as spirv-dis prints it by default.
func DisassembleBytes(data []byte) (string, error) {
	m, err := binary.Read(data)
	if err != nil {
		return "", err
	}
	return string(Module(m, Options{})), nil
}

// Write reads a module stored as bytes and writes its text to w.
func Write(w io.Writer, data []byte, opts Options) error {
	m, err := binary.Read(data)
	if err != nil {
		return err
	}
	_, err = w.Write(Module(m, opts))
	return err
}

// A Disassembler disassembles modules one after another, as Disassemble
// does, reusing the memory of each (the decoded instructions, the table of
// friendly names) for the next: a batch of compiles disassembles hundreds
// of modules. The zero value is ready to use. It is not for concurrent
// use.
type Disassembler struct {
	r     binary.Reader
	names friendlyNames
}

// Text returns the text of a module given as words (either endianness), as
// Disassemble does, in bytes of its own: the Disassembler keeps none of
// them.
func (d *Disassembler) Text(words []uint32) ([]byte, error) {
	m, err := d.r.ReadWords(words)
	if err != nil {
		return nil, err
	}
	d.names.init(m, false)
	return module(m, Options{}, &d.names), nil
}

// Module returns the text of an already read module.
func Module(m *binary.Module, opts Options) []byte {
	var names *friendlyNames
	if !opts.RawIDs {
		names = new(friendlyNames)
		names.init(m, opts.SpirvDis2023)
	}
	return module(m, opts, names)
}

// module returns the text of m with the friendly names given (nil for raw
// ids).
func module(m *binary.Module, opts Options, names *friendlyNames) []byte {
	p := printer{opts: opts, names: names}
	// The text takes 11 to 12 bytes a word of the binary (10.6 to 12.5
	// for nine in ten of the golden tests' modules, at most 14.7): room
	// for 15 rarely needs to grow, and allocates a third less than the
	// 20 it used to leave.
	b := make([]byte, 0, 15*len(m.Words)+256)
	if !opts.NoHeader {
		b = appendHeader(b, &m.Header)
	}
	for i := range m.Insts {
		b = p.appendInst(b, &m.Insts[i])
	}
	return b
}

func appendHeader(b []byte, h *binary.Header) []byte {
	b = append(b, "; SPIR-V\n; Version: "...)
	b = strconv.AppendUint(b, uint64(h.Version>>16&0xff), 10)
	b = append(b, '.')
	b = strconv.AppendUint(b, uint64(h.Version>>8&0xff), 10)
	b = append(b, "\n; Generator: "...)
	tool := h.Generator >> 16
	if int(tool) < len(generatorNames) {
		b = append(b, generatorNames[tool]...)
	} else {
		b = append(b, "Unknown("...)
		b = strconv.AppendUint(b, uint64(tool), 10)
		b = append(b, ')')
	}
	b = append(b, "; "...)
	b = strconv.AppendUint(b, uint64(h.Generator&0xffff), 10)
	b = append(b, "\n; Bound: "...)
	b = strconv.AppendUint(b, uint64(h.Bound), 10)
	b = append(b, "\n; Schema: "...)
	b = strconv.AppendUint(b, uint64(h.Schema), 10)
	return append(b, '\n')
}

type printer struct {
	opts  Options
	names *friendlyNames // nil for raw ids
}

func (p *printer) appendID(b []byte, id uint32) []byte {
	b = append(b, '%')
	if p.names == nil {
		return strconv.AppendUint(b, uint64(id), 10)
	}
	return p.names.appendName(b, id)
}

func (p *printer) appendInst(b []byte, in *binary.Inst) []byte {
	if in.ResultID != 0 {
		// Write "%name", then shift it right: SPIRV-Tools pads the "%" to
		// standardIndent-3-len(name) columns.
		at := len(b)
		b = p.appendID(b, in.ResultID)
		if pad := standardIndent - 3 - (len(b) - at); pad > 0 && !p.opts.NoIndent {
			b = append(b, "               "[:pad]...)
			copy(b[at+pad:], b[at:len(b)-pad])
			copy(b[at:at+pad], "               ")
		}
		b = append(b, " = "...)
	} else if !p.opts.NoIndent {
		b = append(b, "               "...)
	}
	b = append(b, opName(in.Op, p.opts.SpirvDis2023)...)
	for i := range in.Operands {
		if in.Operands[i].Kind == spv.KindIdResult {
			continue
		}
		b = append(b, ' ')
		b = p.appendOperand(b, in, i)
	}
	return append(b, '\n')
}

func (p *printer) appendOperand(b []byte, in *binary.Inst, i int) []byte {
	o := in.Operands[i]
	switch o.Kind {
	case spv.KindIdRef, spv.KindIdResultType, spv.KindIdScope, spv.KindIdMemorySemantics:
		return p.appendID(b, in.Word(i))
	case spv.KindLiteralExtInstInteger:
		if name, ok := extInstName(in, in.Word(i)); ok {
			return append(b, name...)
		}
		return strconv.AppendUint(b, uint64(in.Word(i)), 10)
	case spv.KindLiteralSpecConstantOpInteger:
		return append(b, strings.TrimPrefix(opName(spv.Op(in.Word(i)), p.opts.SpirvDis2023), "Op")...)
	case spv.KindLiteralInteger, spv.KindLiteralContextDependentNumber, spv.KindLiteralFloat:
		return appendNumber(b, in, i)
	case spv.KindLiteralString:
		return appendQuoted(b, in.String(i))
	}
	switch o.Kind.Category() {
	case spv.CategoryValueEnum:
		return append(b, enumName(o.Kind, in.Word(i), p.opts.SpirvDis2023)...)
	case spv.CategoryBitEnum:
		return appendMask(b, o.Kind, in.Word(i), p.opts.SpirvDis2023)
	}
	return strconv.AppendUint(b, uint64(in.Word(i)), 10)
}

// appendQuoted quotes s, escaping only '"' and '\\' as spirv-dis does (a
// newline in a string stays a raw newline).
func appendQuoted(b []byte, s string) []byte {
	b = append(b, '"')
	for i := 0; i < len(s); i++ {
		if s[i] == '"' || s[i] == '\\' {
			b = append(b, '\\')
		}
		b = append(b, s[i])
	}
	return append(b, '"')
}

// appendMask names the set bits of a mask from the lowest up, joined by '|';
// 0 prints as the kind's zero enumerant (None) or as nothing.
func appendMask(b []byte, kind spv.OperandKind, word uint32, spelling2023 bool) []byte {
	if word == 0 {
		if e := kind.Enumerant(0); e != nil {
			return append(b, enumName(kind, 0, spelling2023)...)
		}
		return b
	}
	first := true
	for bit := uint32(1); word != 0; bit <<= 1 {
		if word&bit == 0 {
			continue
		}
		word ^= bit
		if !first {
			b = append(b, '|')
		}
		first = false
		b = append(b, enumName(kind, bit, spelling2023)...)
	}
	return b
}

// opName is the name of op: the grammar's, or the one spirv-dis v2023.1
// prints.
func opName(op spv.Op, spelling2023 bool) string {
	opNamesOnce.Do(buildOpNames)
	if spelling2023 {
		if s, ok := opSpelling2023()[op]; ok {
			return s
		}
	}
	if int(op) < len(opNames) && opNames[op] != "" {
		return opNames[op]
	}
	return "Op" + strconv.Itoa(int(op))
}

var (
	opNamesOnce sync.Once
	opNames     []string // by opcode
	// respelledKinds marks the kinds enumSpelling2023 has entries for.
	respelledKinds [256]bool
)

func buildOpNames() {
	for op := 0; op <= 0xffff; op++ {
		info := spv.InstructionInfo(spv.Op(op))
		if info == nil {
			continue
		}
		for len(opNames) <= op {
			opNames = append(opNames, "")
		}
		opNames[op] = info.Name()
	}
	for k := range enumSpelling2023() {
		respelledKinds[k.kind] = true
	}
}

// enumName is the name of value v of kind: the grammar's, or the one
// spirv-dis v2023.1 prints.
func enumName(kind spv.OperandKind, v uint32, spelling2023 bool) string {
	opNamesOnce.Do(buildOpNames)
	if spelling2023 && respelledKinds[kind] {
		if s, ok := enumSpelling2023()[enumKey{kind, v}]; ok {
			return s
		}
	}
	if e := kind.Enumerant(v); e != nil {
		return e.Name()
	}
	// SPIRV-Tools' fallback for an unknown storage class in a pointer name.
	return "StorageClass" + strconv.FormatUint(uint64(v), 10)
}

// namedExtInstSets are the extended instruction sets whose instruction
// names SPIRV-Tools v2023.1 knows (and so prints); it prints the numbers of
// the others' instructions (NonSemantic.DebugPrintf among them).
var namedExtInstSets = sync.OnceValue(func() map[string]bool {
	return map[string]bool{
		"GLSL.std.450": true,
		"OpenCL.std":   true,
		"SPV_AMD_shader_explicit_vertex_parameter": true,
		"SPV_AMD_shader_trinary_minmax":            true,
		"SPV_AMD_gcn_shader":                       true,
		"SPV_AMD_shader_ballot":                    true,
		"DebugInfo":                                true,
		"OpenCL.DebugInfo.100":                     true,
		"NonSemantic.Shader.DebugInfo.100":         true,
	}
})

func extInstName(in *binary.Inst, number uint32) (string, bool) {
	if in.ExtSet == nil || !namedExtInstSets()[in.ExtSetName] {
		return "", false
	}
	if ei := in.ExtSet.Inst(number); ei != nil {
		return ei.Name(), true
	}
	return "", false
}
