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
			ops = append(ops, Operand{Kind: k, Word: word, Params: params})
		case 7:
			if depth < 2 {
				ops = append(ops, Pair(Ref(ID(v)), Lit(uint32(v))), Pair(Lit(uint32(v)), Ref(ID(v))))
			}
		}
	}
	return ops
}
