package builder

import (
	"encoding/binary"
	"errors"
	"strings"
	"testing"

	"github.com/hlsl2spirv/hlsl2spirv/builder/spv"
	"github.com/hlsl2spirv/hlsl2spirv/test/tool"
)

// assemble runs spirv-as on text, keeping numeric ids, and returns the
// words after the header.
func assemble(t *testing.T, text string) []uint32 {
	t.Helper()
	as := tool.Require(t, tool.SpirvAs)
	out, errOut, err := tool.Run(as, []byte(text), "--preserve-numeric-ids", "--target-env", "spv1.5", "-o", "-", "-")
	if err != nil {
		t.Fatalf("spirv-as: %v\n%s\n%s", err, errOut, text)
	}
	words := make([]uint32, len(out)/4)
	for i := range words {
		words[i] = binary.LittleEndian.Uint32(out[4*i:])
	}
	return words[5:]
}

type encodeCase struct {
	asm string
	op  spv.Op
	ops []Operand
}

func encodeCases() []encodeCase {
	id := func(n ID) Operand { return Ref(n) }
	return []encodeCase{
		{`OpCapability Shader`, spv.OpCapability, []Operand{Enum(spv.CapabilityShader)}},
		{`OpExtension "SPV_KHR_storage_buffer_storage_class"`, spv.OpExtension, []Operand{Str("SPV_KHR_storage_buffer_storage_class")}},
		{`%1 = OpExtInstImport "GLSL.std.450"`, spv.OpExtInstImport, []Operand{id(1), Str("GLSL.std.450")}},
		{`OpMemoryModel Logical GLSL450`, spv.OpMemoryModel, []Operand{Enum(spv.AddressingModelLogical), Enum(spv.MemoryModelGLSL450)}},
		{`OpEntryPoint Fragment %4 "main" %10 %11`, spv.OpEntryPoint, []Operand{Enum(spv.ExecutionModelFragment), id(4), Str("main"), id(10), id(11)}},
		{`OpExecutionMode %4 OriginUpperLeft`, spv.OpExecutionMode, []Operand{id(4), Enum(spv.ExecutionModeOriginUpperLeft)}},
		{`OpExecutionMode %4 LocalSize 8 4 1`, spv.OpExecutionMode, []Operand{id(4), Enum(spv.ExecutionModeLocalSize, Lits(8, 4, 1)...)}},
		{`OpSourceExtension ""`, spv.OpSourceExtension, []Operand{Str("")}},
		{`%40 = OpString "a.hlsl"`, spv.OpString, []Operand{id(40), Str("a.hlsl")}},
		{`OpSource HLSL 600 %40 "float4 main() : SV_Target { return 0; }"`, spv.OpSource, []Operand{Enum(spv.SourceLanguageHLSL), Lit(600), id(40), Str("float4 main() : SV_Target { return 0; }")}},
		{`OpName %4 "main"`, spv.OpName, []Operand{id(4), Str("main")}},
		{`OpMemberName %13 1 "abc"`, spv.OpMemberName, []Operand{id(13), Lit(1), Str("abc")}},
		{`OpDecorate %10 Location 0`, spv.OpDecorate, []Operand{id(10), Enum(spv.DecorationLocation, Lit(0))}},
		{`OpDecorate %12 BuiltIn FragCoord`, spv.OpDecorate, []Operand{id(12), Enum(spv.DecorationBuiltIn, Enum(spv.BuiltInFragCoord))}},
		{`OpDecorate %13 Block`, spv.OpDecorate, []Operand{id(13), Enum(spv.DecorationBlock)}},
		{`OpMemberDecorate %13 1 Offset 16`, spv.OpMemberDecorate, []Operand{id(13), Lit(1), Enum(spv.DecorationOffset, Lit(16))}},
		{`OpDecorateString %10 UserSemantic "TEXCOORD0"`, spv.OpDecorateString, []Operand{id(10), Enum(spv.DecorationUserSemantic, Str("TEXCOORD0"))}},
		{`%2 = OpTypeInt 32 1`, spv.OpTypeInt, []Operand{id(2), Lit(32), Lit(1)}},
		{`%3 = OpTypeInt 64 0`, spv.OpTypeInt, []Operand{id(3), Lit(64), Lit(0)}},
		{`%20 = OpTypeFloat 32`, spv.OpTypeFloat, []Operand{id(20), Lit(32)}},
		{`%27 = OpTypeFloat 64`, spv.OpTypeFloat, []Operand{id(27), Lit(64)}},
		{`%5 = OpConstant %2 -7`, spv.OpConstant, []Operand{id(2), id(5), Lit(uint32(0xfffffff9))}},
		{`%6 = OpConstant %3 4294967298`, spv.OpConstant, []Operand{id(3), id(6), Lit64(0x100000002)}},
		{`%28 = OpConstant %20 1.5`, spv.OpConstant, []Operand{id(20), id(28), F32(1.5)}},
		{`%29 = OpConstant %27 -0.25`, spv.OpConstant, []Operand{id(27), id(29), F64(-0.25)}},
		{`%7 = OpTypeImage %20 2D 0 0 0 1 Unknown`, spv.OpTypeImage, []Operand{id(7), id(20), Enum(spv.Dim2D), Lit(0), Lit(0), Lit(0), Lit(1), Enum(spv.ImageFormatUnknown)}},
		{`%14 = OpTypePointer Uniform %13`, spv.OpTypePointer, []Operand{id(14), Enum(spv.StorageClassUniform), id(13)}},
		{`%8 = OpLoad %20 %9 Aligned 4`, spv.OpLoad, []Operand{id(20), id(8), id(9), Enum(spv.MemoryAccessAligned, Lit(4))}},
		{`OpStore %9 %8 Volatile|Aligned 16`, spv.OpStore, []Operand{id(9), id(8), Enum(spv.MemoryAccessVolatile|spv.MemoryAccessAligned, Lit(16))}},
		{`%21 = OpImageSampleExplicitLod %22 %23 %24 Lod|ConstOffset %25 %26`, spv.OpImageSampleExplicitLod,
			[]Operand{id(22), id(21), id(23), id(24), Enum(spv.ImageOperandsLod|spv.ImageOperandsConstOffset, id(25), id(26))}},
		{`OpSelectionMerge %52 None`, spv.OpSelectionMerge, []Operand{id(52), Enum(spv.SelectionControlNone)}},
		{`OpLoopMerge %50 %51 Unroll`, spv.OpLoopMerge, []Operand{id(50), id(51), Enum(spv.LoopControlUnroll)}},
		{`OpLoopMerge %50 %51 DependencyLength 4`, spv.OpLoopMerge, []Operand{id(50), id(51), Enum(spv.LoopControlDependencyLength, Lit(4))}},
		{`OpSwitch %5 %30 1 %31 -2 %32`, spv.OpSwitch, []Operand{id(5), id(30), Pair(Lit(1), id(31)), Pair(Lit(0xfffffffe), id(32))}},
		{`OpSwitch %6 %30 4294967298 %31`, spv.OpSwitch, []Operand{id(6), id(30), Pair(Lit64(0x100000002), id(31))}},
		{`%33 = OpPhi %2 %5 %30 %34 %31`, spv.OpPhi, []Operand{id(2), id(33), Pair(id(5), id(30)), Pair(id(34), id(31))}},
		{`%35 = OpExtInst %20 %1 Sqrt %36`, spv.OpExtInst, []Operand{id(20), id(35), id(1), Lit(spv.GLSLstd450Sqrt), id(36)}},
		{`%41 = OpSpecConstantOp %2 IAdd %5 %5`, spv.OpSpecConstantOp, []Operand{id(2), id(41), Lit(uint32(spv.OpIAdd)), id(5), id(5)}},
		{`%42 = OpSpecConstantOp %2 CompositeExtract %43 1 2`, spv.OpSpecConstantOp, []Operand{id(2), id(42), Lit(uint32(spv.OpCompositeExtract)), id(43), Lit(1), Lit(2)}},
		{`%60 = OpFunction %2 Inline|Const %62`, spv.OpFunction, []Operand{id(2), id(60), Enum(spv.FunctionControlInline | spv.FunctionControlConst), id(62)}},
		{`OpReturn`, spv.OpReturn, nil},
		{`%70 = OpGroupNonUniformBallot %71 %72 %73`, spv.OpGroupNonUniformBallot, []Operand{id(71), id(70), id(72), id(73)}},
		{`OpControlBarrier %80 %80 %81`, spv.OpControlBarrier, []Operand{id(80), id(80), id(81)}},
	}
}

// TestEncodeMatchesSpirvAs encodes instructions of every operand shape and
// compares the words with spirv-as's for the same text.
func TestEncodeMatchesSpirvAs(t *testing.T) {
	var text strings.Builder
	var got []uint32
	var b InstBuilder
	for _, c := range encodeCases() {
		text.WriteString(c.asm + "\n")
		words, err := b.Encode(c.op, c.ops...)
		if err != nil {
			t.Fatalf("%s: %v", c.asm, err)
		}
		got = append(got, words...)
	}
	want := assemble(t, text.String())
	if len(got) != len(want) {
		t.Fatalf("got %d words, spirv-as %d", len(got), len(want))
	}
	// Compare instruction by instruction for a readable failure.
	for i, c := range encodeCases() {
		n := int(want[0] >> 16)
		if n == 0 || n > len(want) || n > len(got) || !equalWords(got[:n], want[:n]) {
			t.Fatalf("case %d %q:\n got %#x\nwant %#x", i, c.asm, got[:min(n, len(got))], want[:min(max(n, 1), len(want))])
		}
		got, want = got[n:], want[n:]
	}
}

func equalWords(a, b []uint32) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func TestEncodeString(t *testing.T) {
	cases := map[string][]uint32{
		"":      {0},
		"a":     {0x61},
		"abc":   {0x00636261},
		"abcd":  {0x64636261, 0},
		"abcde": {0x64636261, 0x65},
	}
	for s, want := range cases {
		if got := appendString(nil, s); !equalWords(got, want) {
			t.Errorf("appendString(%q) = %#x, want %#x", s, got, want)
		}
	}
}

// fakeResolver answers from fixed tables.
type fakeResolver struct {
	widths map[ID]int
	types  map[ID]ID
	sets   map[ID]string
}

func (r fakeResolver) LiteralWords(t ID) int { return r.widths[t] }
func (r fakeResolver) TypeOf(v ID) ID        { return r.types[v] }
func (r fakeResolver) ExtInstSet(id ID) *spv.ExtInstSet {
	if n, ok := r.sets[id]; ok {
		return spv.ExtInstSetByName(n)
	}
	return nil
}

func TestEncodeErrors(t *testing.T) {
	res := fakeResolver{
		widths: map[ID]int{2: 1, 3: 2},
		types:  map[ID]ID{5: 2, 6: 3},
		sets:   map[ID]string{1: "GLSL.std.450"},
	}
	cases := []struct {
		name    string
		op      spv.Op
		ops     []Operand
		operand int
		want    string
	}{
		{"unknown opcode", spv.Op(9), nil, -1, "unknown opcode"},
		{"wrong enum kind", spv.OpDecorate, []Operand{Ref(1), Enum(spv.StorageClassUniform)}, 1, "must be Decoration, not StorageClass"},
		{"missing operand", spv.OpLoad, []Operand{Ref(1), Ref(2)}, 2, "missing operand 'Pointer'"},
		{"missing result id", spv.OpLoad, []Operand{Ref(1)}, 1, "expected the result id"},
		{"too many operands", spv.OpReturn, []Operand{Ref(3)}, 0, "unexpected id %3"},
		{"id for literal", spv.OpTypeInt, []Operand{Ref(2), Ref(32), Lit(1)}, 1, "'Width' (LiteralInteger) must be LiteralInteger, not id %32"},
		{"string for id", spv.OpName, []Operand{Str("x"), Str("y")}, 0, "must be IdRef"},
		{"unknown enumerant", spv.OpTypePointer, []Operand{Ref(1), Enum(spv.StorageClass(999)), Ref(2)}, 1, "999 is not a StorageClass"},
		{"missing enum parameter", spv.OpDecorate, []Operand{Ref(1), Enum(spv.DecorationLocation)}, 1, "missing operand 'Location'"},
		{"extra enum parameter", spv.OpDecorate, []Operand{Ref(1), Enum(spv.DecorationBlock, Lit(1))}, 1, "Decoration Block takes 0 parameters, got 1"},
		{"wrong enum parameter", spv.OpDecorate, []Operand{Ref(1), Enum(spv.DecorationBuiltIn, Lit(0))}, 1, "must be BuiltIn"},
		{"unknown mask bit", spv.OpLoad, []Operand{Ref(1), Ref(2), Ref(3), Enum(spv.MemoryAccess(0x80000000))}, 3, "bit 0x80000000 is not a MemoryAccess"},
		{"mask parameter missing", spv.OpLoad, []Operand{Ref(1), Ref(2), Ref(3), Enum(spv.MemoryAccessAligned)}, 3, "missing operand LiteralInteger"},
		{"wide non-context literal", spv.OpTypeInt, []Operand{Ref(2), Lit64(32), Lit(1)}, 1, "single word"},
		{"narrow literal for 64-bit type", spv.OpConstant, []Operand{Ref(3), Ref(4), Lit(1)}, 2, "literal of 1 words for a type of 2-word literals"},
		{"wide literal for 32-bit type", spv.OpConstant, []Operand{Ref(2), Ref(4), Lit64(1)}, 2, "literal of 2 words"},
		{"narrow case for 64-bit selector", spv.OpSwitch, []Operand{Ref(6), Ref(7), Pair(Lit(1), Ref(8))}, 2, "case literal of 1 words"},
		{"NUL in string", spv.OpName, []Operand{Ref(1), Str("a\x00b")}, 1, "NUL"},
		{"id zero", spv.OpName, []Operand{Ref(0), Str("x")}, 0, "id 0"},
		{"wrong pair", spv.OpPhi, []Operand{Ref(2), Ref(4), Pair(Lit(1), Ref(8))}, 2, "unexpected PairLiteralIntegerIdRef"},
		{"ext inst arity", spv.OpExtInst, []Operand{Ref(2), Ref(4), Ref(1), Lit(spv.GLSLstd450Sqrt), Ref(5), Ref(5)}, 5, "unexpected id %5"},
		{"ext inst unknown", spv.OpExtInst, []Operand{Ref(2), Ref(4), Ref(1), Lit(999)}, 3, "GLSL.std.450 has no instruction 999"},
		{"ext inst missing operand", spv.OpExtInst, []Operand{Ref(2), Ref(4), Ref(1), Lit(spv.GLSLstd450FMix), Ref(5)}, 5, "missing operand 'y'"},
		{"spec constant op unknown", spv.OpSpecConstantOp, []Operand{Ref(2), Ref(4), Lit(9)}, 2, "unknown opcode 9"},
		{"too many words", spv.OpName, []Operand{Ref(1), Str(strings.Repeat("x", 4*70000))}, -1, "more than an instruction can hold"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			b := InstBuilder{Resolver: res}
			words, err := b.Encode(c.op, c.ops...)
			if err == nil {
				t.Fatalf("no error; words %#x", words)
			}
			var ee *EncodeError
			if !errors.As(err, &ee) {
				t.Fatalf("error %T %v is not an *EncodeError", err, err)
			}
			if !strings.Contains(err.Error(), c.want) || ee.Operand != c.operand {
				t.Errorf("error %q (operand %d), want %q (operand %d)", err, ee.Operand, c.want, c.operand)
			}
		})
	}
}

func TestEncodeInstResultChecks(t *testing.T) {
	var b InstBuilder
	cases := []struct {
		in   Inst
		want string
	}{
		{Inst{Op: spv.OpLoad, Result: 3, Operands: []Operand{Ref(4)}}, "missing result type"},
		{Inst{Op: spv.OpLoad, Type: 2, Operands: []Operand{Ref(4)}}, "missing result id"},
		{Inst{Op: spv.OpStore, Type: 2, Operands: []Operand{Ref(4), Ref(5)}}, "has no result type"},
		{Inst{Op: spv.OpStore, Result: 2, Operands: []Operand{Ref(4), Ref(5)}}, "has no result id"},
	}
	for _, c := range cases {
		if _, err := b.EncodeInst(&c.in); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want %q", c.in.Op, err, c.want)
		}
	}
	words, err := b.EncodeInst(&Inst{Op: spv.OpLoad, Type: 2, Result: 3, Operands: []Operand{Ref(4)}})
	if err != nil || !equalWords(words, []uint32{4<<16 | uint32(spv.OpLoad), 2, 3, 4}) {
		t.Errorf("OpLoad = %#x, %v", words, err)
	}
}

func BenchmarkEncode(b *testing.B) {
	var ib InstBuilder
	ops := []Operand{Ref(22), Ref(21), Ref(23), Ref(24), Enum(spv.ImageOperandsLod|spv.ImageOperandsConstOffset, Ref(25), Ref(26))}
	for b.Loop() {
		if _, err := ib.Encode(spv.OpImageSampleExplicitLod, ops...); err != nil {
			b.Fatal(err)
		}
	}
}
