package disasm

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"github.com/hlsl2spirv/hlsl2spirv/builder/binary"
	bt "github.com/hlsl2spirv/hlsl2spirv/builder/binary/binarytest"
	"github.com/hlsl2spirv/hlsl2spirv/builder/spv"
)

// TestHeaderMatchesSpirvDis covers the header comments: every registered
// generator, unknown ones, the tool version, every SPIR-V version, schema
// and bound values.
func TestHeaderMatchesSpirvDis(t *testing.T) {
	type header struct{ version, generator, bound, schema uint32 }
	var headers []header
	for tool := uint32(0); tool < uint32(len(generatorNames))+3; tool++ {
		headers = append(headers, header{0x10000, tool<<16 | tool*7, 1, 0})
	}
	for minor := uint32(0); minor <= 6; minor++ {
		headers = append(headers, header{1<<16 | minor<<8, 8 << 16, 100, 0})
	}
	headers = append(headers,
		header{0x10300, 0xffffffff, 0xffffffff, 0xffffffff},
		header{0x10300, 0x00100000, 0, 12345},
		header{0x10300, 1000 << 16, 4194303, 1},
	)
	for _, h := range headers {
		bin := bt.Bytes([]uint32{spv.MagicNumber, h.version, h.generator, h.bound, h.schema})
		want, err := spirvDis(t, bin)
		if err != nil {
			t.Fatal(err)
		}
		got, err := disassemble2023(bin)
		if err != nil {
			t.Fatalf("%+v: %v", h, err)
		}
		if d := firstDiff(want, got); d != "" {
			t.Errorf("header %+v:\n%s", h, d)
		}
	}
}

// TestSyntheticMatchesSpirvDis compares a 1 MB module, the benchmark's.
func TestSyntheticMatchesSpirvDis(t *testing.T) {
	if testing.Short() {
		t.Skip("1 MB module")
	}
	requireSameText(t, bt.Bytes(bt.Synthetic(256<<10)), Options{})
}

// TestNamesByHand pins friendly-name rules with expected text, so they are
// checked even where spirv-dis is not installed.
func TestNamesByHand(t *testing.T) {
	words := bt.Module(
		bt.Inst(spv.OpName, bt.Cat([]uint32{9}, bt.String("x y"))...),
		bt.Inst(spv.OpName, bt.Cat([]uint32{10}, bt.String("x y"))...),
		bt.Inst(spv.OpName, bt.Cat([]uint32{11}, bt.String(""))...),
		bt.Inst(spv.OpDecorate, 12, uint32(spv.DecorationBuiltIn), uint32(spv.BuiltInGlobalInvocationId)),
		bt.Inst(spv.OpTypeFloat, 1, 32),
		bt.Inst(spv.OpTypeInt, 2, 64, 0),
		bt.Inst(spv.OpTypeVector, 3, 1, 3),
		bt.Inst(spv.OpConstant, 1, 4, 0xbf000000),
		bt.Inst(spv.OpConstant, 2, 5, 0xffffffff, 0xffffffff),
		bt.Inst(spv.OpTypeArray, 6, 3, 5),
		bt.Inst(spv.OpTypePointer, 7, uint32(spv.StorageClassRayPayloadKHR), 6),
		bt.Inst(spv.OpConstant, 1, 8, 0x7f800000),
		bt.Inst(spv.OpTypeStruct, 9, 1),
		bt.Inst(spv.OpTypeStruct, 10, 1),
		bt.Inst(spv.OpTypeStruct, 11, 1),
		bt.Inst(spv.OpVariable, 7, 12, uint32(spv.StorageClassRayPayloadKHR)),
	)
	got, err := Disassemble(words)
	if err != nil {
		t.Fatal(err)
	}
	want := `; SPIR-V
; Version: 1.5
; Generator: Khronos SPIR-V Tools Assembler; 0
; Bound: 1000
; Schema: 0
               OpName %x_y "x y"
               OpName %x_y_0 "x y"
               OpName %_ ""
               OpDecorate %gl_GlobalInvocationID BuiltIn GlobalInvocationId
      %float = OpTypeFloat 32
      %ulong = OpTypeInt 64 0
    %v3float = OpTypeVector %float 3
 %float_n0_5 = OpConstant %float -0.5
%ulong_18446744073709551615 = OpConstant %ulong 18446744073709551615
%_arr_v3float_ulong_18446744073709551615 = OpTypeArray %v3float %ulong_18446744073709551615
%_ptr_RayPayloadKHR__arr_v3float_ulong_18446744073709551615 = OpTypePointer RayPayloadKHR %_arr_v3float_ulong_18446744073709551615
%float_0x1p_128 = OpConstant %float 0x1p+128
        %x_y = OpTypeStruct %float
      %x_y_0 = OpTypeStruct %float
          %_ = OpTypeStruct %float
%gl_GlobalInvocationID = OpVariable %_ptr_RayPayloadKHR__arr_v3float_ulong_18446744073709551615 RayPayloadKHR
`
	if d := firstDiff(want, got); d != "" {
		t.Error(d)
	}
}

// TestSpellings: by default the grammar's current names, as DXC prints
// them; with SpirvDis2023 the names spirv-dis v2023.1 prints.
func TestSpellings(t *testing.T) {
	words := bt.Module(
		bt.Inst(spv.OpCapability, uint32(spv.CapabilityComputeDerivativeGroupQuadsKHR)),
		bt.Inst(spv.OpExecutionMode, 1, uint32(spv.ExecutionModeDerivativeGroupQuadsKHR)),
		bt.Inst(spv.OpDecorate, 2, uint32(spv.DecorationBuiltIn), uint32(spv.BuiltInLaunchIdKHR)),
		bt.Inst(spv.OpTypeInt, 3, 32, 0),
		bt.Inst(spv.OpTypePointer, 4, uint32(spv.StorageClassShaderRecordBufferKHR), 3),
	)
	for _, tc := range []struct {
		opts Options
		want string
	}{
		{Options{NoHeader: true, NoIndent: true}, `OpCapability ComputeDerivativeGroupQuadsKHR
OpExecutionMode %1 DerivativeGroupQuadsKHR
OpDecorate %2 BuiltIn LaunchIdKHR
%uint = OpTypeInt 32 0
%_ptr_ShaderRecordBufferKHR_uint = OpTypePointer ShaderRecordBufferKHR %uint
`},
		{Options{NoHeader: true, NoIndent: true, SpirvDis2023: true}, `OpCapability ComputeDerivativeGroupQuadsNV
OpExecutionMode %1 DerivativeGroupQuadsNV
OpDecorate %2 BuiltIn LaunchIdNV
%uint = OpTypeInt 32 0
%_ptr_ShaderRecordBufferNV_uint = OpTypePointer ShaderRecordBufferNV %uint
`},
	} {
		var b bytes.Buffer
		if err := Write(&b, bt.Bytes(words), tc.opts); err != nil {
			t.Fatal(err)
		}
		if d := firstDiff(tc.want, b.String()); d != "" {
			t.Errorf("%+v:\n%s", tc.opts, d)
		}
	}
}

func TestOptions(t *testing.T) {
	words := bt.Module(bt.Inst(spv.OpTypeFloat, 1, 32), bt.Inst(spv.OpCapability, uint32(spv.CapabilityShader)))
	var b bytes.Buffer
	if err := Write(&b, bt.Bytes(words), Options{NoIndent: true, NoHeader: true, RawIDs: true}); err != nil {
		t.Fatal(err)
	}
	if want := "%1 = OpTypeFloat 32\nOpCapability Shader\n"; b.String() != want {
		t.Errorf("got %q, want %q", b.String(), want)
	}
}

func TestDisassembleErrors(t *testing.T) {
	for _, words := range [][]uint32{
		nil,
		{0x12345678, 0x10000, 0, 1, 0},
		bt.Module(bt.Inst(spv.OpTypeInt, 1, 32)),
		bt.Module([]uint32{3<<16 | uint32(spv.OpTypeVoid)}),
	} {
		_, err := Disassemble(words)
		var e *binary.Error
		if !errors.As(err, &e) {
			t.Errorf("%x: got %v, want a *binary.Error", words, err)
		}
	}
	if _, err := DisassembleBytes([]byte{1, 2, 3}); err == nil || !strings.Contains(err.Error(), "word 0") {
		t.Errorf("3 bytes: %v", err)
	}
}

// TestDisassemblerReuse disassembles modules one after another with one
// Disassembler: each must print as Disassemble prints it alone, whatever
// came before (names taken in one module are free in the next; a larger
// module grows the memory; a module that does not read leaves it usable).
func TestDisassemblerReuse(t *testing.T) {
	named := bt.Module(
		bt.Inst(spv.OpName, bt.Cat([]uint32{2}, bt.String("x y"))...),
		bt.Inst(spv.OpName, bt.Cat([]uint32{3}, bt.String("x y"))...),
		bt.Inst(spv.OpTypeFloat, 1, 32),
		bt.Inst(spv.OpTypeStruct, 2, 1),
		bt.Inst(spv.OpTypeStruct, 3, 1),
	)
	swapped := bt.Synthetic(200)
	for i, w := range swapped {
		swapped[i] = w>>24 | w>>8&0xff00 | w<<8&0xff0000 | w<<24
	}
	modules := [][]uint32{
		named, named, bt.Synthetic(300), bt.Synthetic(3000), named,
		bt.Module(bt.Inst(spv.OpTypeInt, 1, 32)), // malformed
		swapped, bt.Synthetic(100), named,
	}
	var d Disassembler
	for i, words := range modules {
		want, wantErr := Disassemble(words)
		got, err := d.Text(words)
		if (err == nil) != (wantErr == nil) || err != nil && err.Error() != wantErr.Error() {
			t.Fatalf("module %d: error %v, want %v", i, err, wantErr)
		}
		if diff := firstDiff(want, string(got)); diff != "" {
			t.Errorf("module %d:\n%s", i, diff)
		}
	}
}

// FuzzDisassemble: any module the reader accepts disassembles without a
// panic, one line per instruction (plus the newlines inside strings).
func FuzzDisassemble(f *testing.F) {
	f.Add(bt.Bytes(bt.Synthetic(500)))
	f.Add(bt.Bytes(bt.Module(
		bt.Inst(spv.OpTypeFloat, 1, 16),
		bt.Inst(spv.OpConstant, 1, 2, 0x7c01),
		bt.Inst(spv.OpTypeInt, 3, 64, 1),
		bt.Inst(spv.OpConstant, 3, 4, 1, 0x80000000),
		bt.Inst(spv.OpSwitch, 4, 5, 1, 0, 6),
		bt.Inst(spv.OpName, bt.Cat([]uint32{4}, bt.String("a\nb\"c"))...),
		bt.Inst(spv.OpTypeInt, 7, 200, 0),
	)))
	f.Fuzz(func(t *testing.T, data []byte) {
		m, err := binary.Read(data)
		if err != nil {
			return
		}
		text := string(Module(m, Options{}))
		lines := strings.Count(text, "\n")
		if lines < 5+len(m.Insts) {
			t.Fatalf("%d lines for %d instructions", lines, len(m.Insts))
		}
	})
}

// BenchmarkDisassemble disassembles a 1 MB module (bytes in, text out).
func BenchmarkDisassemble(b *testing.B) {
	data := bt.Bytes(bt.Synthetic(256 << 10))
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := DisassembleBytes(data); err != nil {
			b.Fatal(err)
		}
	}
}

// TestUnknownSemanticSet: spirv-dis refuses an OpExtInstImport of a set it
// does not know unless its name starts with "NonSemantic."; we print such a
// set's instructions as spirv-dis prints unknown NonSemantic ones.
func TestUnknownSemanticSet(t *testing.T) {
	words := bt.Module(
		bt.Inst(spv.OpExtInstImport, bt.Cat([]uint32{1}, bt.String("Vendor.special.1"))...),
		bt.Inst(spv.OpTypeVoid, 2),
		bt.Inst(spv.OpExtInst, 2, 3, 1, 17, 2, 1),
	)
	got, err := Disassemble(words)
	if err != nil {
		t.Fatal(err)
	}
	want := "          %1 = OpExtInstImport \"Vendor.special.1\"\n" +
		"       %void = OpTypeVoid\n" +
		"          %3 = OpExtInst %void %1 17 %void %1\n"
	if !strings.HasSuffix(got, want) {
		t.Errorf("got\n%s\nwant it to end with\n%s", got, want)
	}
}

// TestNumericNames: a name that reads as an id's number (as spirv-dis
// prints numbers: no sign, no leading zero, 32 bits) is taken like any
// other, both ways: an id named by its number later gets a suffix, and a
// name matching an id already named by its number does.
func TestNumericNames(t *testing.T) {
	words := bt.Module(
		bt.Inst(spv.OpName, bt.Cat([]uint32{2}, bt.String("3"))...),
		bt.Inst(spv.OpName, bt.Cat([]uint32{4}, bt.String("4294967301"))...),
		bt.Inst(spv.OpName, bt.Cat([]uint32{6}, bt.String("07"))...),
		bt.Inst(spv.OpName, bt.Cat([]uint32{8}, bt.String("+9"))...),
		bt.Inst(spv.OpTypeFloat, 1, 32),
		bt.Inst(spv.OpUndef, 1, 2),
		bt.Inst(spv.OpUndef, 1, 3),
		bt.Inst(spv.OpUndef, 1, 4),
		bt.Inst(spv.OpUndef, 1, 5),
		bt.Inst(spv.OpUndef, 1, 6),
		bt.Inst(spv.OpUndef, 1, 7),
		bt.Inst(spv.OpUndef, 1, 8),
		bt.Inst(spv.OpUndef, 1, 9),
		bt.Inst(spv.OpUndef, 1, 12),
		bt.Inst(spv.OpName, bt.Cat([]uint32{20}, bt.String("12"))...),
		bt.Inst(spv.OpName, bt.Cat([]uint32{21}, bt.String("1x"))...),
		bt.Inst(spv.OpUndef, 1, 20),
		bt.Inst(spv.OpUndef, 1, 21),
	)
	got, err := Disassemble(words)
	if err != nil {
		t.Fatal(err)
	}
	want := `; SPIR-V
; Version: 1.5
; Generator: Khronos SPIR-V Tools Assembler; 0
; Bound: 1000
; Schema: 0
               OpName %3 "3"
               OpName %4294967301 "4294967301"
               OpName %07 "07"
               OpName %_9 "+9"
      %float = OpTypeFloat 32
          %3 = OpUndef %float
        %3_0 = OpUndef %float
 %4294967301 = OpUndef %float
          %5 = OpUndef %float
         %07 = OpUndef %float
          %7 = OpUndef %float
         %_9 = OpUndef %float
          %9 = OpUndef %float
         %12 = OpUndef %float
               OpName %12_0 "12"
               OpName %1x "1x"
       %12_0 = OpUndef %float
         %1x = OpUndef %float
`
	if d := firstDiff(want, got); d != "" {
		t.Error(d)
	}
}
