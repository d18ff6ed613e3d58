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

// TestDecorationsAgreeWithEncode gives every decoration, with the
// parameters its grammar lists and with too few, too many or the wrong
// kinds of them, to OpDecorate and OpMemberDecorate: EncodeInst's quick
// way with decorations and Check must agree with the grammar's walk, and
// the quick way must take the common decorations.
func TestDecorationsAgreeWithEncode(t *testing.T) {
	b := &InstBuilder{Bound: 100}
	quick := 0
	ki := spv.KindInfoOf(spv.KindDecoration)
	for _, en := range ki.Enumerants() {
		// parameters as the grammar lists them (a literal, or an
		// enumerant of the kind), then variants
		var good []Operand
		for _, g := range en.Parameters() {
			switch {
			case g.Kind.Category() == spv.CategoryValueEnum && len(spv.KindInfoOf(g.Kind).Enumerants()) > 0:
				good = append(good, Operand{Kind: g.Kind, Word: spv.KindInfoOf(g.Kind).Enumerants()[0].Value})
			case g.Kind.Category() == spv.CategoryId:
				good = append(good, Ref(5))
			case g.Kind == spv.KindLiteralString:
				good = append(good, Str("s"))
			default:
				good = append(good, Lit(7))
			}
		}
		variants := [][]Operand{good, nil, append(slices.Clone(good), Lit(1))}
		for i := range good {
			for _, bad := range []Operand{Lit64(1 << 40), Ref(9), Str("x"), {Kind: good[i].Kind, Word: 123456}, F32(2), Lit(3).WithParams([]Operand{Lit(1)}),
				good[i].WithParams([]Operand{Lit(1)})} {
				v := slices.Clone(good)
				v[i] = bad
				variants = append(variants, v)
			}
			variants = append(variants, good[:i])
		}
		for _, ps := range variants {
			deco := Operand{Kind: spv.KindDecoration, Word: en.Value}.WithParams(ps)
			for _, target := range []Operand{Ref(3), Ref(0), Ref(100), Lit(3)} {
				for _, in := range []*Inst{
					{Op: spv.OpDecorate, Operands: []Operand{target, deco}},
					{Op: spv.OpMemberDecorate, Operands: []Operand{target, Lit(2), deco}},
					{Op: spv.OpMemberDecorate, Operands: []Operand{target, Lit64(1 << 33), deco}},
					{Op: spv.OpMemberDecorate, Operands: []Operand{target, Ref(4), deco}},
					{Op: spv.OpDecorate, Operands: []Operand{target, deco, Lit(1)}},
					{Op: spv.OpDecorate, Result: 8, Operands: []Operand{target, deco}},
				} {
					sameCheck(t, b, in)
					if _, ok := b.encodeDecoration(in); ok {
						quick++
					}
				}
			}
		}
	}
	for _, d := range []Operand{Enum(spv.DecorationBlock), Enum(spv.DecorationLocation, Lit(1)), Enum(spv.DecorationOffset, Lit(16)),
		Enum(spv.DecorationBuiltIn, Enum(spv.BuiltInPosition)), Enum(spv.DecorationArrayStride, Lit(16))} {
		if _, ok := b.encodeDecoration(&Inst{Op: spv.OpDecorate, Operands: []Operand{Ref(3), d}}); !ok {
			t.Errorf("%v: no quick encoding", d)
		}
	}
	if quick == 0 {
		t.Error("the quick way took no decoration")
	}
}

// widthResolver answers LiteralWords for the constant types of
// TestFormsAgreeWithEncode: %7 is 32-bit, %6 64-bit, others unknown.
type widthResolver struct{}

func (widthResolver) LiteralWords(typ ID) int {
	switch typ {
	case 7:
		return 1
	case 6:
		return 2
	}
	return 0
}
func (widthResolver) TypeOf(ID) ID { return 0 }

// ExtInstSet: %9 imports GLSL.std.450, %10 a non-semantic set.
func (widthResolver) ExtInstSet(id ID) *spv.ExtInstSet {
	switch id {
	case 9:
		return spv.ExtInstSetByName("GLSL.std.450")
	case 10:
		return spv.ExtInstSetByName("NonSemantic.Shader.DebugInfo.100")
	}
	return nil
}

// TestFormsAgreeWithEncode gives the opcodes EncodeInst writes without the
// grammar's walk (names, constants, pointers, variables, merges) every
// list of up to three operands from a pool of ids, literals, strings and
// enumerants, with and without a result type and id: EncodeInst and Check
// must agree with the walk, and the quick way must take the common forms.
func TestFormsAgreeWithEncode(t *testing.T) {
	pool := []Operand{Ref(3), Ref(0), Ref(100), Lit(2), Lit64(1 << 40), F32(1), Str("name"), Str("a\x00b"),
		Enum(spv.StorageClassFunction), {Kind: spv.KindStorageClass, Word: 99999}, Enum(spv.StorageClassFunction).WithParams([]Operand{Lit(1)}),
		{Kind: spv.KindSelectionControl}, {Kind: spv.KindSelectionControl, Word: 1}, {Kind: spv.KindSelectionControl, Word: 1 << 30},
		{Kind: spv.KindLoopControl}, {Kind: spv.KindLoopControl, Word: 8},
		{Kind: spv.KindLoopControl, Word: 1}, Operand{Kind: spv.KindLoopControl}.WithParams([]Operand{Lit(1)}),
		{Kind: spv.KindLiteralContextDependentNumber, Word: 5}, Lit(4).WithParams([]Operand{Lit(1)}),
		Ref(9), Ref(10), Lit(31), Lit(9999)}
	ops := []spv.Op{spv.OpName, spv.OpMemberName, spv.OpConstant, spv.OpTypePointer, spv.OpVariable, spv.OpSelectionMerge, spv.OpLoopMerge,
		spv.OpExtInst}
	for _, res := range []Resolver{nil, widthResolver{}} {
		b := &InstBuilder{Bound: 100, Resolver: res}
		for _, op := range ops {
			for _, typ := range []ID{0, 7, 6, 5, 100} {
				for _, result := range []ID{0, 8} {
					var try func(list []Operand)
					try = func(list []Operand) {
						sameCheck(t, b, &Inst{Op: op, Type: typ, Result: result, Operands: slices.Clone(list)})
						if len(list) == 3 {
							return
						}
						for _, o := range pool {
							try(append(list, o))
						}
					}
					try(nil)
				}
			}
		}
	}
	b := &InstBuilder{Bound: 100, Resolver: widthResolver{}}
	for _, in := range []*Inst{
		{Op: spv.OpName, Operands: []Operand{Ref(3), Str("main")}},
		{Op: spv.OpMemberName, Operands: []Operand{Ref(3), Lit(1), Str("x")}},
		{Op: spv.OpConstant, Type: 7, Result: 8, Operands: []Operand{Lit(1)}},
		{Op: spv.OpConstant, Type: 6, Result: 8, Operands: []Operand{Lit64(1 << 40)}},
		{Op: spv.OpTypePointer, Result: 8, Operands: []Operand{Enum(spv.StorageClassFunction), Ref(3)}},
		{Op: spv.OpVariable, Type: 7, Result: 8, Operands: []Operand{Enum(spv.StorageClassFunction)}},
		{Op: spv.OpSelectionMerge, Operands: []Operand{Ref(3), {Kind: spv.KindSelectionControl}}},
		{Op: spv.OpLoopMerge, Operands: []Operand{Ref(3), Ref(4), {Kind: spv.KindLoopControl}}},
		{Op: spv.OpExtInst, Type: 7, Result: 8, Operands: []Operand{Ref(9), Lit(uint32(spv.GLSLstd450FMix)), Ref(3), Ref(4), Ref(5)}},
		{Op: spv.OpExtInst, Type: 7, Result: 8, Operands: []Operand{Ref(10), Lit(9999), Ref(3), Ref(4)}},
		{Op: spv.OpExtInst, Type: 7, Result: 8, Operands: []Operand{Ref(11), Lit(2), Ref(3), Ref(4), Ref(5), Ref(6)}},
	} {
		sameCheck(t, b, in)
		for i := 2; i < len(in.Operands); i++ { // a literal, an id 0 or past the bound in each place
			for _, bad := range []Operand{Lit(1), Ref(0), Ref(100)} {
				cp := *in
				cp.Operands = slices.Clone(in.Operands)
				cp.Operands[i] = bad
				sameCheck(t, b, &cp)
			}
		}
		if in.Op == spv.OpExtInst { // one operand fewer, one more
			sameCheck(t, b, &Inst{Op: in.Op, Type: in.Type, Result: in.Result, Operands: in.Operands[:len(in.Operands)-1]})
			sameCheck(t, b, &Inst{Op: in.Op, Type: in.Type, Result: in.Result, Operands: append(slices.Clone(in.Operands), Ref(3))})
		}
		if _, ok := b.encodeQuick(in); !ok {
			t.Errorf("%s: no quick encoding", in.Op)
		}
	}
	// DebugTypeEnum's last operands are pairs: ids there are refused.
	sameCheck(t, b, &Inst{Op: spv.OpExtInst, Type: 7, Result: 8, Operands: append([]Operand{Ref(10), Lit(9)}, Refs(3, 3, 3, 3, 3, 3, 3, 3, 3)...)})
}
