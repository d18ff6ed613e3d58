package binary_test

import (
	"errors"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/hlsl2spirv/hlsl2spirv/builder/binary"
	. "github.com/hlsl2spirv/hlsl2spirv/builder/binary/binarytest"
	"github.com/hlsl2spirv/hlsl2spirv/builder/spv"
)

// Ids used by the hand-built modules.
const (
	idVoid = iota + 1
	idFloat
	idInt
	idUint
	idLong
	idHalf
	idV4
	idPtr
	idVar
	idGLSL
	idBool
	idFirstFree
)

// prelude declares the types the test instructions use.
func prelude() [][]uint32 {
	return [][]uint32{
		Inst(spv.OpExtInstImport, Cat([]uint32{idGLSL}, String("GLSL.std.450"))...),
		Inst(spv.OpTypeVoid, idVoid),
		Inst(spv.OpTypeFloat, idFloat, 32),
		Inst(spv.OpTypeInt, idInt, 32, 1),
		Inst(spv.OpTypeInt, idUint, 32, 0),
		Inst(spv.OpTypeInt, idLong, 64, 1),
		Inst(spv.OpTypeFloat, idHalf, 16),
		Inst(spv.OpTypeVector, idV4, idFloat, 4),
		Inst(spv.OpTypePointer, idPtr, uint32(spv.StorageClassFunction), idFloat),
		Inst(spv.OpVariable, idPtr, idVar, uint32(spv.StorageClassFunction)),
		Inst(spv.OpTypeBool, idBool),
	}
}

func withPrelude(insts ...[]uint32) []uint32 {
	return Module(append(prelude(), insts...)...)
}

// operandShape is an operand's kind, length and number encoding.
type operandShape struct {
	kind   spv.OperandKind
	len    int
	number binary.NumberKind
	width  uint32
}

func id(k spv.OperandKind) operandShape  { return operandShape{kind: k, len: 1} }
func lit(k spv.OperandKind) operandShape { return operandShape{k, 1, binary.Unsigned, 32} }
func enum(k spv.OperandKind) operandShape {
	return operandShape{kind: k, len: 1}
}

var (
	typ = id(spv.KindIdResultType)
	res = id(spv.KindIdResult)
	ref = id(spv.KindIdRef)
	u32 = lit(spv.KindLiteralInteger)
)

func TestOperandDecoding(t *testing.T) {
	sw := func(n binary.NumberKind, w uint32, l int) operandShape {
		return operandShape{spv.KindLiteralContextDependentNumber, l, n, w}
	}
	tests := []struct {
		name string
		inst []uint32
		want []operandShape
	}{
		{"32-bit float constant", Inst(spv.OpConstant, idFloat, 100, 0x3f800000),
			[]operandShape{typ, res, sw(binary.Float, 32, 1)}},
		{"64-bit signed constant takes two words", Inst(spv.OpConstant, idLong, 100, 1, 2),
			[]operandShape{typ, res, sw(binary.Signed, 64, 2)}},
		{"half constant", Inst(spv.OpConstant, idHalf, 100, 0x3c00),
			[]operandShape{typ, res, sw(binary.Float, 16, 1)}},
		{"spec constant", Inst(spv.OpSpecConstant, idUint, 100, 7),
			[]operandShape{typ, res, sw(binary.Unsigned, 32, 1)}},
		{"switch on a 64-bit selector", Cat(
			Inst(spv.OpConstant, idLong, 100, 0, 0),
			Inst(spv.OpSwitch, 100, 200, 1, 0, 201, 2, 0, 202)),
			[]operandShape{ref, ref, sw(binary.Signed, 64, 2), ref, sw(binary.Signed, 64, 2), ref}},
		{"decoration BuiltIn takes its built-in", Inst(spv.OpDecorate, idVar, uint32(spv.DecorationBuiltIn), uint32(spv.BuiltInPosition)),
			[]operandShape{ref, enum(spv.KindDecoration), enum(spv.KindBuiltIn)}},
		{"decoration with a string", Cat([]uint32{6<<16 | uint32(spv.OpDecorateString), idVar, uint32(spv.DecorationUserSemantic)}, String("SV_Target")),
			[]operandShape{ref, enum(spv.KindDecoration), {kind: spv.KindLiteralString, len: 3}}},
		{"memory access Aligned takes its alignment", Inst(spv.OpLoad, idFloat, 100, idVar, uint32(spv.MemoryAccessVolatile|spv.MemoryAccessAligned), 16),
			[]operandShape{typ, res, ref, enum(spv.KindMemoryAccess), u32}},
		{"image operands in bit order", Inst(spv.OpImageSampleImplicitLod, idV4, 100, 50, 51,
			uint32(spv.ImageOperandsBias|spv.ImageOperandsConstOffset|spv.ImageOperandsMinLod), 52, 53, 54),
			[]operandShape{typ, res, ref, ref, enum(spv.KindImageOperands), ref, ref, ref}},
		{"GLSL.std.450 instruction", Inst(spv.OpExtInst, idFloat, 100, idGLSL, 40 /* FMax */, 50, 51),
			[]operandShape{typ, res, ref, id(spv.KindLiteralExtInstInteger), ref, ref}},
		{"spec constant op with literals", Inst(spv.OpSpecConstantOp, idFloat, 100, uint32(spv.OpCompositeExtract), 50, 1, 2),
			[]operandShape{typ, res, id(spv.KindLiteralSpecConstantOpInteger), ref, u32, u32}},
		{"spec constant op with ids", Inst(spv.OpSpecConstantOp, idInt, 100, uint32(spv.OpIAdd), 50, 51),
			[]operandShape{typ, res, id(spv.KindLiteralSpecConstantOpInteger), ref, ref}},
		{"execution mode LocalSize", Inst(spv.OpExecutionMode, 50, uint32(spv.ExecutionModeLocalSize), 8, 8, 1),
			[]operandShape{ref, enum(spv.KindExecutionMode), u32, u32, u32}},
		{"entry point interface", Cat([]uint32{7<<16 | uint32(spv.OpEntryPoint), uint32(spv.ExecutionModelFragment), 50}, String("main"), []uint32{51, 52}),
			[]operandShape{enum(spv.KindExecutionModel), ref, {kind: spv.KindLiteralString, len: 2}, ref, ref}},
		{"phi with an odd operand count, as spirv-dis accepts", Inst(spv.OpPhi, idFloat, 100, 50, 51, 52),
			[]operandShape{typ, res, ref, ref, ref}},
		{"member decorate", Inst(spv.OpMemberDecorate, 50, 2, uint32(spv.DecorationOffset), 16),
			[]operandShape{ref, u32, enum(spv.KindDecoration), u32}},
		{"loop control with parameters", Inst(spv.OpLoopMerge, 50, 51, uint32(spv.LoopControlDependencyLength|spv.LoopControlMinIterations), 4, 2),
			[]operandShape{ref, ref, enum(spv.KindLoopControl), u32, u32}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m, err := binary.ReadWords(withPrelude(tt.inst))
			if err != nil {
				t.Fatal(err)
			}
			in := m.Insts[len(m.Insts)-1]
			var got []operandShape
			for _, o := range in.Operands {
				got = append(got, operandShape{o.Kind, int(o.Len), o.Number, o.Width})
			}
			if len(got) != len(tt.want) {
				t.Fatalf("got %d operands %v, want %d %v", len(got), got, len(tt.want), tt.want)
			}
			next := 1
			for i := range got {
				if got[i] != tt.want[i] {
					t.Errorf("operand %d: got %+v, want %+v", i, got[i], tt.want[i])
				}
				if int(in.Operands[i].Start) != next {
					t.Errorf("operand %d starts at word %d, want %d", i, in.Operands[i].Start, next)
				}
				next += int(in.Operands[i].Len)
			}
			if next != len(in.Words) {
				t.Errorf("operands cover %d words of %d", next, len(in.Words))
			}
		})
	}
}

func TestInstFields(t *testing.T) {
	words := withPrelude(
		Inst(spv.OpExtInst, idFloat, 100, idGLSL, 31, idVar),
		Inst(spv.OpExtInstImport, Cat([]uint32{101}, String("Vendor.unknown"))...),
		Inst(spv.OpExtInst, idFloat, 102, 101, 9, 1, 2, 3),
		Inst(spv.OpName, Cat([]uint32{idVar}, String("ab\"cd"))...),
	)
	m, err := binary.ReadWords(words)
	if err != nil {
		t.Fatal(err)
	}
	n := len(m.Insts)
	glsl, unknown, name := m.Insts[n-4], m.Insts[n-2], m.Insts[n-1]
	if glsl.ExtSet == nil || glsl.ExtSet.Name != "GLSL.std.450" || glsl.TypeID != idFloat || glsl.ResultID != 100 {
		t.Errorf("GLSL OpExtInst: set %v, type %d, result %d", glsl.ExtSet, glsl.TypeID, glsl.ResultID)
	}
	// A set without a table: the operands after the number are ids.
	if unknown.ExtSet != nil || unknown.ExtSetName != "Vendor.unknown" || len(unknown.Operands) != 7 {
		t.Fatalf("unknown-set OpExtInst: set %v %q, %d operands", unknown.ExtSet, unknown.ExtSetName, len(unknown.Operands))
	}
	for _, o := range unknown.Operands[4:] {
		if o.Kind != spv.KindIdRef {
			t.Errorf("unknown-set operand of kind %v, want IdRef", o.Kind)
		}
	}
	if got := name.String(1); got != "ab\"cd" {
		t.Errorf("OpName string = %q", got)
	}
	if name.Offset != len(words)-len(name.Words) {
		t.Errorf("OpName offset %d, want %d", name.Offset, len(words)-len(name.Words))
	}
}

func TestEndianness(t *testing.T) {
	words := withPrelude(Inst(spv.OpName, Cat([]uint32{idVar}, String("xyz"))...))
	le := Bytes(words)
	be := make([]byte, len(le))
	for i := 0; i < len(le); i += 4 {
		be[i], be[i+1], be[i+2], be[i+3] = le[i+3], le[i+2], le[i+1], le[i]
	}
	swapped := make([]uint32, len(words))
	for i, w := range words {
		swapped[i] = w>>24 | w>>8&0xff00 | w<<8&0xff0000 | w<<24
	}
	for _, tc := range []struct {
		name string
		read func() (*binary.Module, error)
		big  bool
	}{
		{"little-endian bytes", func() (*binary.Module, error) { return binary.Read(le) }, false},
		{"big-endian bytes", func() (*binary.Module, error) { return binary.Read(be) }, true},
		{"host words", func() (*binary.Module, error) { return binary.ReadWords(words) }, false},
		{"swapped words", func() (*binary.Module, error) { return binary.ReadWords(swapped) }, true},
	} {
		m, err := tc.read()
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if m.Header.BigEndian != tc.big || m.Header.Magic != spv.MagicNumber || m.Header.Version != 0x10500 {
			t.Errorf("%s: header %+v", tc.name, m.Header)
		}
		last := m.Insts[len(m.Insts)-1]
		if last.Op != spv.OpName || last.String(1) != "xyz" {
			t.Errorf("%s: last instruction %v %q", tc.name, last.Op, last.String(1))
		}
	}
}

func TestReadErrors(t *testing.T) {
	// Offsets are module word offsets; the prelude's 11 instructions take
	// these words after the 5-word header.
	base := len(withPrelude())
	tests := []struct {
		name   string
		words  []uint32
		offset int
		msg    string
	}{
		{"empty", nil, 0, "incomplete header: only 0 words"},
		{"short header", []uint32{spv.MagicNumber, 0x10000}, 0, "incomplete header: only 2 words"},
		{"bad magic", []uint32{0x12345678, 0x10000, 0, 1, 0}, 0, "invalid magic number 0x12345678"},
		{"version 2.0", []uint32{spv.MagicNumber, 0x20000, 0, 1, 0}, 1, "unsupported version word 0x00020000"},
		{"version 1.7", []uint32{spv.MagicNumber, 0x10700, 0, 1, 0}, 1, "unsupported version"},
		{"version low byte", []uint32{spv.MagicNumber, 0x10001, 0, 1, 0}, 1, "unsupported version"},
		{"word count 0", withPrelude([]uint32{uint32(spv.OpNop)}), base, "word count 0"},
		{"unknown opcode", withPrelude([]uint32{1<<16 | 0xfffe}), base, "invalid opcode 65534"},
		{"instruction past the end", withPrelude([]uint32{9<<16 | uint32(spv.OpTypeInt), 100, 32}), base + 3,
			"end of input reached while decoding OpTypeInt starting at word " + strconv.Itoa(base)},
		{"too many words", withPrelude(Inst(spv.OpTypeVoid, 100, 7)), base + 2, "expected no more operands after 2 words, but its word count is 3"},
		{"too few words", withPrelude(Inst(spv.OpTypeInt, 100, 32)), base + 3, "expected more operands after its 3 words (missing LiteralInteger)"},
		{"result id 0", withPrelude(Inst(spv.OpTypeVoid, 0)), base + 1, "result id is 0"},
		{"type id 0", withPrelude(Inst(spv.OpUndef, 0, 100)), base + 1, "result type id is 0"},
		{"id 0", withPrelude(Inst(spv.OpName, Cat([]uint32{0}, String("x"))...)), base + 1, "OpName: id is 0"},
		{"scope id 0", withPrelude(Inst(spv.OpMemoryBarrier, 0, 1)), base + 1, "IdScope is 0"},
		{"id defined twice", withPrelude(Inst(spv.OpTypeVoid, idFloat)), base + 1, "id 2 is defined more than once"},
		{"ext inst of a non-import", withPrelude(Inst(spv.OpExtInst, idFloat, 100, idFloat, 1)), base + 3, "set id 2 is not the result of an OpExtInstImport"},
		{"unknown GLSL instruction", withPrelude(Inst(spv.OpExtInst, idFloat, 100, idGLSL, 9999)), base + 4, "GLSL.std.450 has no instruction 9999"},
		{"spec constant op of OpLoad", withPrelude(Inst(spv.OpSpecConstantOp, idFloat, 100, uint32(spv.OpLoad), idVar)), base + 3, "opcode 61 is not allowed"},
		{"spec constant op past 16 bits", withPrelude(Inst(spv.OpSpecConstantOp, idFloat, 100, 0x10080)), base + 3, "is not allowed"},
		{"invalid storage class", withPrelude(Inst(spv.OpTypePointer, 100, 999, idFloat)), base + 2, "invalid StorageClass operand 999"},
		{"invalid mask bit", withPrelude(Inst(spv.OpLoad, idFloat, 100, idVar, 0x80000000)), base + 4, "invalid MemoryAccess operand 0x80000000: unknown bit 0x80000000"},
		{"missing enumerant parameter", withPrelude(Inst(spv.OpDecorate, idVar, uint32(spv.DecorationLocation))), base + 3, "missing LiteralInteger"},
		{"unterminated string", withPrelude([]uint32{2<<16 | uint32(spv.OpSourceExtension), 0x41414141}), base + 2, "unterminated literal string"},
		{"string longer than its instruction", withPrelude(
			[]uint32{2<<16 | uint32(spv.OpSourceExtension), 0x41414141}, Inst(spv.OpTypeVoid, 100)), base, "says it has 2 words, but its literal string runs to word " + strconv.Itoa(base+3)},
		{"constant of a non-numeric type", withPrelude(Inst(spv.OpConstant, idV4, 100, 0)), base + 3, "type id 7 is not a scalar numeric type"},
		{"constant of an undefined type", withPrelude(Inst(spv.OpConstant, 77, 100, 0)), base + 3, "type id 77 is not a type"},
		{"constant of a value", withPrelude(Inst(spv.OpConstant, idVar, 100, 0)), base + 3, "type id 9 is not a type"},
		{"switch on an undefined selector", withPrelude(Inst(spv.OpSwitch, 77, 78, 1, 79)), base + 3, "selector id 77 has no type"},
		{"switch on a type", withPrelude(Inst(spv.OpSwitch, idInt, 78, 1, 79)), base + 3, "selector id 3 is a type, not a value"},
		{"switch on a float", withPrelude(Inst(spv.OpConstant, idFloat, 100, 0), Inst(spv.OpSwitch, 100, 78, 1, 79)), base + 7, "selector id 100 is not a scalar integer"},
		{"switch with a dangling literal", withPrelude(Inst(spv.OpConstant, idInt, 100, 0), Inst(spv.OpSwitch, 100, 78, 1)), base + 8, "missing IdRef"},
		{"64-bit constant cut short", withPrelude([]uint32{4<<16 | uint32(spv.OpConstant), idLong, 100, 1}), base + 4,
			"truncated LiteralContextDependentNumber operand"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m, err := binary.ReadWords(tt.words)
			if err == nil {
				t.Fatalf("read %d instructions, want an error", len(m.Insts))
			}
			var e *binary.Error
			if !errors.As(err, &e) {
				t.Fatalf("error %T %v is not a *binary.Error", err, err)
			}
			if e.Offset != tt.offset || !strings.Contains(e.Msg, tt.msg) {
				t.Errorf("got word %d: %s\nwant word %d: …%s…", e.Offset, e.Msg, tt.offset, tt.msg)
			}
			if !strings.HasPrefix(err.Error(), "invalid SPIR-V at word ") {
				t.Errorf("message %q lacks the position prefix", err)
			}
		})
	}
}

func TestReadBytesErrors(t *testing.T) {
	if _, err := binary.Read([]byte{3, 2, 0x23, 7, 0}); err == nil || !strings.Contains(err.Error(), "not a multiple of 4") {
		t.Errorf("5 bytes: %v", err)
	}
	if _, err := binary.Read([]byte{1, 2, 3, 4}); err == nil || !strings.Contains(err.Error(), "invalid magic number 0x04030201") {
		t.Errorf("bad magic: %v", err)
	}
}

// TestSyntheticModule reads the benchmark module and checks its shape.
func TestSyntheticModule(t *testing.T) {
	words := Synthetic(20000)
	m, err := binary.ReadWords(words)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for i, in := range m.Insts {
		if in.Offset != 5+n {
			t.Fatalf("instruction %d at word %d, want %d", i, in.Offset, 5+n)
		}
		n += len(in.Words)
	}
	if 5+n != len(words) {
		t.Errorf("instructions cover %d of %d words", 5+n, len(words))
	}
}

// TestExtInstOperandCount: a GLSL.std.450 instruction takes exactly the
// operands its table lists (the grammar's trailing "Operand 1, ..." of
// OpExtInst does not apply to a set with a table).
func TestExtInstOperandCount(t *testing.T) {
	_, err := binary.ReadWords(withPrelude(Inst(spv.OpExtInst, idFloat, 100, idGLSL, 31 /* Sqrt */, idVar, idVar)))
	if err == nil || !strings.Contains(err.Error(), "expected no more operands") {
		t.Errorf("Sqrt with two operands: %v", err)
	}
}

func TestLiteral(t *testing.T) {
	m, err := binary.ReadWords(withPrelude(
		Inst(spv.OpConstant, idLong, 100, 0x89abcdef, 0x01234567),
		Inst(spv.OpConstant, idInt, 101, 0xfffffffe),
	))
	if err != nil {
		t.Fatal(err)
	}
	n := len(m.Insts)
	if got := m.Insts[n-2].Literal(2); got != 0x0123456789abcdef {
		t.Errorf("64-bit literal = %#x", got)
	}
	if got := m.Insts[n-1].Literal(2); got != 0xfffffffe {
		t.Errorf("32-bit literal = %#x", got)
	}
}

// TestReaderReuse reads modules one after another with one Reader: each
// must read as ReadWords reads it alone, whatever the Reader read before
// (ids defined by an earlier module are unknown to the next; a module
// larger than the last grows the Reader's memory; an error leaves it
// usable).
func TestReaderReuse(t *testing.T) {
	modules := [][]uint32{
		withPrelude(Inst(spv.OpTypeInt, 100, 64, 0), Inst(spv.OpConstant, 100, 101, 1, 2)),
		// 100 is not a type here: the last module's id table must be gone.
		withPrelude(Inst(spv.OpConstant, 100, 101, 1)),
		Synthetic(2000),
		withPrelude(Inst(spv.OpConstant, idLong, 100, 1, 2), Inst(spv.OpSwitch, 100, 200, 1, 0, 201)),
		withPrelude(Inst(spv.OpDecorate, idVar, uint32(spv.DecorationBuiltIn), uint32(spv.BuiltInPosition))),
		Synthetic(300),
	}
	var r binary.Reader
	for round := 0; round < 2; round++ {
		for i, words := range modules {
			want, wantErr := binary.ReadWords(words)
			got, err := r.ReadWords(words)
			if (err == nil) != (wantErr == nil) || err != nil && err.Error() != wantErr.Error() {
				t.Fatalf("round %d, module %d: error %v, want %v", round, i, err, wantErr)
			}
			if err != nil {
				continue
			}
			if !reflect.DeepEqual(got, want) {
				t.Fatalf("round %d, module %d: the Reader read\n%+v\nwant\n%+v", round, i, got.Insts, want.Insts)
			}
		}
	}
	if _, err := r.ReadWords(modules[1]); err == nil {
		t.Errorf("module 1 read after module 0: no error for a constant of an id that is not a type")
	}
}
