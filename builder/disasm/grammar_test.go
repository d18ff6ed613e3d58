package disasm

import (
	"fmt"
	"strings"
	"sync"
	"testing"

	bt "github.com/hlsl2spirv/hlsl2spirv/builder/binary/binarytest"
	"github.com/hlsl2spirv/hlsl2spirv/builder/spv"
)

// The grammar-wide tests build one instruction per opcode and per enumerant
// of the kinds that can stand alone in a simple instruction, and compare
// our text with spirv-dis's. Opcodes and enumerants newer than spirv-dis
// v2023.1 make it fail; those are skipped (and counted), so the tests check
// exactly the names and operand layouts that spirv-dis knows.

// Ids the filler instructions can use: a 32-bit int type and a constant.
const (
	fillType  = 1
	fillValue = 2
	fillFirst = 10
)

func fillPrelude() []uint32 {
	return bt.Cat(bt.Inst(spv.OpTypeInt, fillType, 32, 0), bt.Inst(spv.OpConstant, fillType, fillValue, 5))
}

// filler makes operand words for an instruction or enumerant parameters:
// one of each required operand, nothing for optional and variadic ones.
// It reports false for operands it cannot make up.
type filler struct{ next uint32 }

func (f *filler) operands(ops []spv.OperandInfo, asRequired bool) ([]uint32, bool) {
	var words []uint32
	for _, o := range ops {
		if o.Quant != spv.One && !asRequired {
			continue
		}
		w, ok := f.operand(o.Kind)
		if !ok {
			return nil, false
		}
		words = append(words, w...)
	}
	return words, true
}

func (f *filler) operand(k spv.OperandKind) ([]uint32, bool) {
	switch k {
	case spv.KindIdResultType:
		return []uint32{fillType}, true
	case spv.KindIdResult:
		f.next++
		return []uint32{f.next}, true
	case spv.KindIdRef, spv.KindIdScope, spv.KindIdMemorySemantics:
		return []uint32{fillValue}, true
	case spv.KindLiteralInteger, spv.KindLiteralContextDependentNumber:
		return []uint32{3}, true
	case spv.KindLiteralString:
		return bt.String("s"), true
	}
	ki := spv.KindInfoOf(k)
	if ki == nil || len(ki.Enumerants()) == 0 {
		return nil, false
	}
	switch ki.Category {
	case spv.CategoryValueEnum, spv.CategoryBitEnum:
		// The lowest enumerant: the oldest, so spirv-dis knows it.
		e := ki.Enumerants()[0]
		params, ok := f.operands(e.Parameters(), true)
		if !ok {
			return nil, false
		}
		return append([]uint32{e.Value}, params...), true
	}
	return nil, false
}

// checkEach disassembles each item (an instruction after fillPrelude) with
// us and with spirv-dis, in chunks; a chunk spirv-dis rejects is split in
// halves until the items it rejects alone are found and skipped. It returns
// how many items were compared.
func checkEach(t *testing.T, items [][]uint32, labels []string) int {
	t.Helper()
	const chunk = 64
	compared := 0
	var mu sync.Mutex
	var wg sync.WaitGroup
	sem := make(chan struct{}, 4)
	for lo := 0; lo < len(items); lo += chunk {
		hi := min(lo+chunk, len(items))
		wg.Add(1)
		sem <- struct{}{}
		go func(lo, hi int) {
			defer func() { <-sem; wg.Done() }()
			n := compareItems(t, items[lo:hi], labels[lo:hi])
			mu.Lock()
			compared += n
			mu.Unlock()
		}(lo, hi)
	}
	wg.Wait()
	return compared
}

// compareItems compares the module of items; when spirv-dis rejects one,
// its message ("error: 7: Invalid opcode: 4456") gives the instruction's
// number, and the rest are compared without it.
func compareItems(t *testing.T, items [][]uint32, labels []string) int {
	for len(items) > 0 {
		words := bt.Cat(append([][]uint32{bt.Header(6, 1<<20), fillPrelude()}, items...)...)
		bin := bt.Bytes(words)
		want, err := spirvDis(t, bin)
		if err != nil {
			var n int
			if _, scan := fmt.Sscanf(err.Error()[strings.Index(err.Error(), "error: "):], "error: %d:", &n); scan != nil || n < 3 || n-3 >= len(items) {
				t.Fatalf("%s: cannot tell which instruction spirv-dis rejects: %v", strings.Join(labels, ", "), err)
			}
			// Instructions count from 1; the prelude has two.
			bad := n - 3
			items = append(items[:bad:bad], items[bad+1:]...)
			labels = append(labels[:bad:bad], labels[bad+1:]...)
			continue
		}
		got, err := disassemble2023(bin)
		if err != nil {
			t.Errorf("%s: we reject what spirv-dis accepts: %v", strings.Join(labels, ", "), err)
			return 0
		}
		if d := firstDiff(want, got); d != "" {
			t.Errorf("%s:\n%s", strings.Join(labels, ", "), d)
		}
		return len(items)
	}
	return 0
}

func TestEveryOpcodeMatchesSpirvDis(t *testing.T) {
	var items [][]uint32
	var labels []string
	f := &filler{next: fillFirst}
	for op := spv.Op(0); op < 0xffff; op++ {
		info := spv.InstructionInfo(op)
		if info == nil || op == spv.OpExtInst || op == spv.OpSpecConstantOp || op == spv.OpExtInstImport {
			continue
		}
		operands, ok := f.operands(info.Operands(), false)
		if !ok {
			continue
		}
		items = append(items, bt.Inst(op, operands...))
		labels = append(labels, info.Name())
	}
	n := checkEach(t, items, labels)
	t.Logf("%d of %d opcodes compared (the rest are unknown to spirv-dis v2023.1 or need operands the filler cannot make)", n, len(items))
	if n < 400 {
		t.Errorf("only %d opcodes compared", n)
	}
}

// enumContexts builds an instruction showing enumerant e of a kind.
var enumContexts = map[spv.OperandKind]func(e uint32, params []uint32) []uint32{
	spv.KindCapability: func(e uint32, p []uint32) []uint32 { return bt.Inst(spv.OpCapability, append([]uint32{e}, p...)...) },
	spv.KindSourceLanguage: func(e uint32, p []uint32) []uint32 {
		return bt.Inst(spv.OpSource, append([]uint32{e, 100}, p...)...)
	},
	spv.KindExecutionModel: func(e uint32, p []uint32) []uint32 {
		return bt.Inst(spv.OpEntryPoint, bt.Cat([]uint32{e, fillValue}, bt.String("main"), p)...)
	},
	spv.KindAddressingModel: func(e uint32, p []uint32) []uint32 {
		return bt.Inst(spv.OpMemoryModel, append([]uint32{e, uint32(spv.MemoryModelGLSL450)}, p...)...)
	},
	spv.KindMemoryModel: func(e uint32, p []uint32) []uint32 {
		return bt.Inst(spv.OpMemoryModel, append([]uint32{uint32(spv.AddressingModelLogical), e}, p...)...)
	},
	spv.KindExecutionMode: func(e uint32, p []uint32) []uint32 {
		return bt.Inst(spv.OpExecutionMode, append([]uint32{fillValue, e}, p...)...)
	},
	spv.KindDecoration: func(e uint32, p []uint32) []uint32 {
		return bt.Inst(spv.OpDecorate, append([]uint32{fillValue, e}, p...)...)
	},
	spv.KindBuiltIn: func(e uint32, p []uint32) []uint32 {
		return bt.Inst(spv.OpDecorate, append([]uint32{fillValue, uint32(spv.DecorationBuiltIn), e}, p...)...)
	},
	spv.KindFPRoundingMode: func(e uint32, p []uint32) []uint32 {
		return bt.Inst(spv.OpDecorate, append([]uint32{fillValue, uint32(spv.DecorationFPRoundingMode), e}, p...)...)
	},
	spv.KindFunctionParameterAttribute: func(e uint32, p []uint32) []uint32 {
		return bt.Inst(spv.OpDecorate, append([]uint32{fillValue, uint32(spv.DecorationFuncParamAttr), e}, p...)...)
	},
	spv.KindLinkageType: func(e uint32, p []uint32) []uint32 {
		return bt.Inst(spv.OpDecorate, bt.Cat([]uint32{fillValue, uint32(spv.DecorationLinkageAttributes)}, bt.String("f"), []uint32{e}, p)...)
	},
	spv.KindFPFastMathMode: func(e uint32, p []uint32) []uint32 {
		return bt.Inst(spv.OpDecorate, append([]uint32{fillValue, uint32(spv.DecorationFPFastMathMode), e}, p...)...)
	},
	spv.KindStorageClass: func(e uint32, p []uint32) []uint32 {
		return bt.Inst(spv.OpTypePointer, append([]uint32{0, e, fillType}, p...)...)
	},
	spv.KindDim: func(e uint32, p []uint32) []uint32 {
		return bt.Inst(spv.OpTypeImage, append([]uint32{0, fillType, e, 0, 0, 0, 1, 0}, p...)...)
	},
	spv.KindImageFormat: func(e uint32, p []uint32) []uint32 {
		return bt.Inst(spv.OpTypeImage, append([]uint32{0, fillType, 1, 0, 0, 0, 2, e}, p...)...)
	},
	spv.KindAccessQualifier: func(e uint32, p []uint32) []uint32 {
		return bt.Inst(spv.OpTypePipe, append([]uint32{0, e}, p...)...)
	},
	spv.KindSamplerAddressingMode: func(e uint32, p []uint32) []uint32 {
		return bt.Inst(spv.OpConstantSampler, append([]uint32{fillType, 0, e, 0, 0}, p...)...)
	},
	spv.KindSamplerFilterMode: func(e uint32, p []uint32) []uint32 {
		return bt.Inst(spv.OpConstantSampler, append([]uint32{fillType, 0, 0, 0, e}, p...)...)
	},
	spv.KindGroupOperation: func(e uint32, p []uint32) []uint32 {
		return bt.Inst(spv.OpGroupIAdd, append([]uint32{fillType, 0, fillValue, e, fillValue}, p...)...)
	},
	spv.KindSelectionControl: func(e uint32, p []uint32) []uint32 {
		return bt.Inst(spv.OpSelectionMerge, append([]uint32{fillValue, e}, p...)...)
	},
	spv.KindLoopControl: func(e uint32, p []uint32) []uint32 {
		return bt.Inst(spv.OpLoopMerge, append([]uint32{fillValue, fillValue, e}, p...)...)
	},
	spv.KindFunctionControl: func(e uint32, p []uint32) []uint32 {
		return bt.Inst(spv.OpFunction, append([]uint32{fillType, 0, e, fillValue}, p...)...)
	},
	spv.KindMemoryAccess: func(e uint32, p []uint32) []uint32 {
		return bt.Inst(spv.OpLoad, append([]uint32{fillType, 0, fillValue, e}, p...)...)
	},
	spv.KindImageOperands: func(e uint32, p []uint32) []uint32 {
		return bt.Inst(spv.OpImageFetch, append([]uint32{fillType, 0, fillValue, fillValue, e}, p...)...)
	},
}

func TestEveryEnumerantMatchesSpirvDis(t *testing.T) {
	var items [][]uint32
	var labels []string
	f := &filler{next: fillFirst}
	for kind, build := range enumContexts {
		for _, e := range spv.KindInfoOf(kind).Enumerants() {
			params, ok := f.operands(e.Parameters(), true)
			if !ok {
				continue
			}
			item := build(e.Value, params)
			// Fresh result ids where a context has one (written as 0).
			switch spv.Op(item[0] & 0xffff) {
			case spv.OpTypePointer, spv.OpTypeImage, spv.OpTypePipe:
				f.next++
				item[1] = f.next
			case spv.OpConstantSampler, spv.OpGroupIAdd, spv.OpFunction, spv.OpLoad, spv.OpImageFetch:
				f.next++
				item[2] = f.next
			}
			items = append(items, item)
			labels = append(labels, fmt.Sprintf("%v %s", kind, e.Name()))
		}
	}
	n := checkEach(t, items, labels)
	t.Logf("%d of %d enumerants compared", n, len(items))
	if n < 600 {
		t.Errorf("only %d enumerants compared", n)
	}
}

// TestSpellingsAreAliases keeps the v2023.1 spelling tables honest: every
// old spelling must still be a name of the same opcode or enumerant.
func TestSpellingsAreAliases(t *testing.T) {
	for op, name := range opSpelling2023() {
		info := spv.InstructionInfo(op)
		if info == nil {
			t.Errorf("%s: opcode %d is not in the grammar", name, op)
			continue
		}
		if got, ok := spv.OpByName(name); !ok || got != op {
			t.Errorf("%s is not a name of %s", name, info.Name())
		}
	}
	for k, name := range enumSpelling2023() {
		e := k.kind.Enumerant(k.value)
		if e == nil {
			t.Errorf("%v %s: value %d is not in the grammar", k.kind, name, k.value)
			continue
		}
		if got := k.kind.EnumerantByName(name); (got == nil || got.Value != k.value) && !renamedWithoutAlias[name] {
			t.Errorf("%v %s is not a name of %s", k.kind, name, e.Name())
		}
	}
}

// renamedWithoutAlias are old spellings the grammar dropped outright; the
// enumerant test above checks them against spirv-dis.
var renamedWithoutAlias = map[string]bool{
	"LongConstantCompositeINTEL": true, // now LongCompositesINTEL
}

// TestEveryExtInstMatchesSpirvDis builds one OpExtInst per instruction of
// every extended set package spv has a table for.
func TestEveryExtInstMatchesSpirvDis(t *testing.T) {
	for _, set := range spv.ExtInstSets() {
		t.Run(set.Name, func(t *testing.T) {
			const setID = 9
			f := &filler{next: fillFirst}
			var items [][]uint32
			var labels []string
			for _, ei := range set.Insts {
				operands, ok := f.operands(ei.Operands(), false)
				if !ok {
					continue
				}
				f.next++
				items = append(items, bt.Inst(spv.OpExtInst, bt.Cat([]uint32{fillType, f.next, setID, ei.Opcode}, operands)...))
				labels = append(labels, ei.Name())
			}
			// The import goes first; compareItems counts it as an item.
			imp := bt.Inst(spv.OpExtInstImport, bt.Cat([]uint32{setID}, bt.String(set.Name))...)
			items = append([][]uint32{imp}, items...)
			labels = append([]string{"import"}, labels...)
			n := compareItems(t, items, labels)
			t.Logf("%d of %d instructions compared", n-1, len(set.Insts))
			if n-1 < len(set.Insts)*3/4 {
				t.Errorf("only %d of %d instructions compared", n-1, len(set.Insts))
			}
		})
	}
}
