package builder

import (
	"fmt"
	"slices"
	"testing"

	"github.com/hlsl2spirv/hlsl2spirv/builder/spv"
)

// sameCheck fails unless Check and EncodeInst agree with the grammar's
// walk (encodeInst) on in: all accept, EncodeInst with the same words, or
// all refuse with the same error.
func sameCheck(t *testing.T, b *InstBuilder, in *Inst) {
	t.Helper()
	words, want := b.encodeInst(in)
	words = slices.Clone(words)
	got := b.Check(in)
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Fatalf("%s type %d result %d operands %v: Check = %v, the grammar's walk = %v", in.Op, in.Type, in.Result, in.Operands, got, want)
	}
	enc, err := b.EncodeInst(in)
	if fmt.Sprint(err) != fmt.Sprint(want) || !slices.Equal(enc, words) {
		t.Fatalf("%s type %d result %d operands %v: EncodeInst = %v, %v; the grammar's walk = %v, %v", in.Op, in.Type, in.Result, in.Operands, enc, err, words, want)
	}
}

// TestCheckAgreesWithEncode runs every opcode of the grammar with and
// without a result type and id, over operand lists of ids of every length
// up to a few past its fixed ids (with an id 0, an id past the bound, or a
// literal in each place): the quick check must never accept what the
// encoder refuses, nor refuse what it accepts.
func TestCheckAgreesWithEncode(t *testing.T) {
	b := &InstBuilder{Bound: 100}
	accepted := 0
	for _, info := range spv.Instructions() {
		s := idShapeOf(info.Op)
		for mask := 0; mask < 4; mask++ {
			var typ, res ID
			if mask&1 != 0 {
				typ = 7
			}
			if mask&2 != 0 {
				res = 8
			}
			for n := 0; n <= int(s.fixed)+3; n++ {
				ops := make([]Operand, n)
				for i := range ops {
					ops[i] = Ref(ID(10 + i))
				}
				in := &Inst{Op: info.Op, Type: typ, Result: res, Operands: ops}
				sameCheck(t, b, in)
				if b.Check(in) == nil && s.accepts(in, b.Bound) {
					accepted++
				}
				for i := range ops {
					for _, bad := range []Operand{Ref(0), Ref(100), Lit(3)} {
						keep := ops[i]
						ops[i] = bad
						sameCheck(t, b, in)
						ops[i] = keep
					}
				}
				// the fixed ids, then literals (a list of indices or
				// components), with a wide literal or an id among them
				for i := int(s.fixed); i < n; i++ {
					ops[i] = Lit(uint32(i))
				}
				sameCheck(t, b, in)
				for i := int(s.fixed); i < n; i++ {
					for _, bad := range []Operand{Lit64(1 << 40), Ref(10)} {
						keep := ops[i]
						ops[i] = bad
						sameCheck(t, b, in)
						ops[i] = keep
					}
				}
			}
			sameCheck(t, b, &Inst{Op: info.Op, Type: 100, Result: res, Operands: nil})
			sameCheck(t, b, &Inst{Op: info.Op, Type: typ, Result: 100, Operands: nil})
		}
	}
	// The quick path must take the common instructions, or it saves
	// nothing.
	if accepted < 300 {
		t.Errorf("the quick check accepted %d instructions, want most id-only forms", accepted)
	}
	for _, op := range []spv.Op{spv.OpFAdd, spv.OpAccessChain, spv.OpFunctionCall, spv.OpCompositeConstruct, spv.OpStore, spv.OpBranch, spv.OpReturnValue} {
		if s := idShapeOf(op); !s.known || (s.fixed == 0 && !s.moreIDs) {
			t.Errorf("%s: no quick shape", op)
		}
	}
	for _, op := range []spv.Op{spv.OpCompositeExtract, spv.OpCompositeInsert, spv.OpVectorShuffle} {
		if s := idShapeOf(op); !s.moreLiterals {
			t.Errorf("%s: no quick shape for its literals", op)
		}
	}
}

// FuzzCheck gives Check, EncodeInst and the grammar's walk the same
// arbitrary instructions: they must agree.
func FuzzCheck(f *testing.F) {
	f.Add([]byte{129, 0, 7, 8, 1, 3, 1, 4})
	f.Add([]byte{61, 0, 7, 8, 1, 3, 2, 2})
	f.Add([]byte{65, 0, 7, 8, 1, 3, 1, 4, 1, 5, 1, 0})
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) < 4 {
			return
		}
		op := spv.Op(uint16(data[0]) | uint16(data[1]&0x1f)<<8)
		in := &Inst{Op: op, Type: ID(data[2] % 8), Result: ID(data[3] % 16), Operands: decodeOperands(data[4:], 0)}
		b := &InstBuilder{Bound: 200}
		sameCheck(t, b, in)
		sameCheck(t, &InstBuilder{}, in)
	})
}
