package binary_test

import (
	"testing"

	"github.com/hlsl2spirv/hlsl2spirv/builder/binary"
	. "github.com/hlsl2spirv/hlsl2spirv/builder/binary/binarytest"
	"github.com/hlsl2spirv/hlsl2spirv/builder/spv"
)

// FuzzRead feeds arbitrary bytes to the reader: it must return a module or
// an *Error, never panic or hang, and a module it returns must be
// consistent (instructions tile the words, operands tile each instruction).
func FuzzRead(f *testing.F) {
	f.Add(Bytes(Synthetic(600)))
	f.Add(Bytes(withPrelude(
		Inst(spv.OpConstant, idLong, 100, 1, 2),
		Inst(spv.OpSwitch, 100, 200, 1, 0, 201),
		Inst(spv.OpSpecConstantOp, idFloat, 101, uint32(spv.OpCompositeExtract), 50, 1, 2),
		Inst(spv.OpImageSampleImplicitLod, idV4, 102, 50, 51, uint32(spv.ImageOperandsBias|spv.ImageOperandsConstOffsets), 52, 53),
		Inst(spv.OpDecorate, idVar, uint32(spv.DecorationBuiltIn), uint32(spv.BuiltInPosition)),
		Inst(spv.OpExtInstImport, Cat([]uint32{103}, String("NonSemantic.X"))...),
		Inst(spv.OpExtInst, idVoid, 104, 103, 5, 1, 2),
	)))
	f.Add([]byte{3, 2, 0x23, 7, 0, 6, 1, 0})
	f.Fuzz(func(t *testing.T, data []byte) {
		m, err := binary.Read(data)
		if err != nil {
			if _, ok := err.(*binary.Error); !ok {
				t.Fatalf("error of type %T: %v", err, err)
			}
			return
		}
		at := binary.HeaderWords
		for _, in := range m.Insts {
			if in.Offset != at || len(in.Words) != int(in.Words[0]>>16) {
				t.Fatalf("instruction at %d (want %d) with %d words (count %d)", in.Offset, at, len(in.Words), in.Words[0]>>16)
			}
			next := 1
			for _, o := range in.Operands {
				if int(o.Start) != next || int(o.Start)+int(o.Len) > len(in.Words) {
					t.Fatalf("%v at %d: operand %+v out of place (want start %d)", in.Op, in.Offset, o, next)
				}
				next += int(o.Len)
			}
			if next != len(in.Words) {
				t.Fatalf("%v at %d: operands cover %d of %d words", in.Op, in.Offset, next, len(in.Words))
			}
			at += len(in.Words)
		}
		if at != len(m.Words) {
			t.Fatalf("instructions cover %d of %d words", at, len(m.Words))
		}
	})
}

// BenchmarkRead reads a 1 MB module.
func BenchmarkRead(b *testing.B) {
	data := Bytes(Synthetic(256 << 10))
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := binary.Read(data); err != nil {
			b.Fatal(err)
		}
	}
}
