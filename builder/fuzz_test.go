package builder

import (
	"testing"

	"github.com/hlsl2spirv/hlsl2spirv/builder/spv"
)

// FuzzEncode feeds the InstBuilder arbitrary opcodes and operand lists:
// it must return words or an error, never panic, and words must carry
// their own length.
func FuzzEncode(f *testing.F) {
	f.Add([]byte{71, 0, 1, 1, 2, 30, 0})
	f.Add([]byte{61, 0, 1, 2, 1, 3, 1, 4, 3, 2})
	f.Add([]byte{12, 0, 1, 2, 1, 3, 1, 1, 2, 31, 1, 5})
	f.Add([]byte{52, 0, 1, 2, 1, 3, 2, 128, 1, 5, 1, 5})
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) < 2 {
			return
		}
		op := spv.Op(uint16(data[0]) | uint16(data[1]&0x1f)<<8)
		ops := decodeOperands(data[2:], 0)
		res := fakeResolver{widths: map[ID]int{2: 1, 3: 2}, types: map[ID]ID{5: 2, 6: 3}, sets: map[ID]string{1: "GLSL.std.450", 4: "NonSemantic.Shader.DebugInfo.100"}}
		b := InstBuilder{Resolver: res, Bound: 200}
		words, err := b.Encode(op, ops...)
		if err == nil && (len(words) == 0 || int(words[0]>>16) != len(words) || spv.Op(words[0]&0xffff) != op) {
			t.Fatalf("bad words %#x for %s", words, op)
		}
	})
}

// decodeOperands turns bytes into operands: a tag byte picks the shape,
// the next byte the value.
func decodeOperands(data []byte, depth int) []Operand {
	var ops []Operand
	for len(data) >= 2 && len(ops) < 32 {
		tag, v := data[0], data[1]
		data = data[2:]
		switch tag % 8 {
		case 0, 1:
			ops = append(ops, Ref(ID(v)))
		case 2:
			ops = append(ops, Lit(uint32(v)))
		case 3:
			ops = append(ops, Lit64(uint64(v)<<32|uint64(v)))
		case 4:
			ops = append(ops, Str(string(data[:min(int(v)%8, len(data))])))
		case 5, 6:
			k := spv.OperandKind(v%90 + 1)
			var params []Operand
			if depth < 2 && len(data) > 0 {
				n := min(int(data[0])%6*2, len(data)-1)
				params = decodeOperands(data[1:1+n], depth+1)
				data = data[1+n:]
			}
			word := uint32(tag) >> 3
			if tag&0x80 != 0 {
				word = 1 << (tag & 31)
			}
			ops = append(ops, Operand{Kind: k, Word: word}.WithParams(params))
		case 7:
			if depth < 2 {
				ops = append(ops, Pair(Ref(ID(v)), Lit(uint32(v))), Pair(Lit(uint32(v)), Ref(ID(v))))
			}
		}
	}
	return ops
}

// FuzzBuilder drives the ModuleBuilder API with arbitrary call sequences
// (types, constants, instructions with random operands, control flow begun
// and ended in any order, deletions, inference): it must never panic, and
// what it serialises must carry a valid header.
func FuzzBuilder(f *testing.F) {
	f.Add([]byte{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15})
	f.Add([]byte{4, 9, 10, 11, 12, 9, 13, 14, 15, 3, 3, 3})
	f.Fuzz(func(t *testing.T, data []byte) {
		b := New(spv.Version1_3)
		b.MemoryModel(spv.AddressingModelLogical, spv.MemoryModelGLSL450)
		var ids []ID
		pick := func(i int) ID {
			if len(ids) == 0 {
				return ID(i)
			}
			return ids[i%len(ids)]
		}
		var fb *FunctionBuilder
		var sels []Selection
		var loops []Loop
		for i := 0; i+1 < len(data); i += 2 {
			op, arg := data[i], int(data[i+1])
			switch op % 16 {
			case 0:
				ids = append(ids, b.TypeInt(uint32(8<<(arg%4)), arg&1 == 1))
			case 1:
				ids = append(ids, b.TypeVector(pick(arg), uint32(arg%5)))
			case 2:
				ids = append(ids, b.TypeStruct(StructType{Name: "s", Members: []StructMember{{Type: pick(arg)}}}))
			case 3:
				ids = append(ids, b.Constant(pick(arg), uint64(arg)))
			case 4:
				fb = b.Function("f", b.TypeVoid(), spv.FunctionControlNone)
				fb.StartBlock(fb.NewBlock("bb.entry"))
			case 5:
				ids = append(ids, b.TypePointer(spv.StorageClass(arg%16), pick(arg)))
			case 6:
				ids = append(ids, b.GlobalVariable(pick(arg), spv.StorageClass(arg%16), "g", 0))
			case 7:
				if fb != nil {
					ids = append(ids, fb.Emit(spv.Op(arg*3), pick(arg), Ref(pick(arg+1)), Lit(uint32(arg))))
				}
			case 8:
				if fb != nil {
					ids = append(ids, fb.Variable(pick(arg), "v", 0))
				}
			case 9:
				if fb != nil {
					sels = append(sels, fb.BeginIf(pick(arg), arg&1 == 1, spv.SelectionControlNone))
				}
			case 10:
				if fb != nil && len(sels) > 0 {
					fb.Else(sels[len(sels)-1])
				}
			case 11:
				if fb != nil && len(sels) > 0 {
					fb.EndIf(sels[len(sels)-1])
					sels = sels[:len(sels)-1]
				}
			case 12:
				if fb != nil {
					l := fb.BeginLoop("for", spv.LoopControlNone)
					fb.LoopTest(l, pick(arg))
					loops = append(loops, l)
				}
			case 13:
				if fb != nil && len(loops) > 0 {
					l := loops[len(loops)-1]
					loops = loops[:len(loops)-1]
					fb.BeginContinue(l)
					fb.EndLoop(l)
				}
			case 14:
				if fb != nil {
					fb.Return()
				}
			case 15:
				b.DeleteIf(func(in *Inst) bool { return in.Result == pick(arg) })
			}
		}
		if fb != nil {
			fb.End()
		}
		InferCapabilities(b.M)
		MinVersion(b.M)
		Verify(b.M)
		words, err := b.Words()
		if err == nil && (len(words) < 5 || words[0] != spv.MagicNumber) {
			t.Fatalf("bad header %v", words[:min(5, len(words))])
		}
	})
}
