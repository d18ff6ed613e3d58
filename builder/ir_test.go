package builder

import (
	"bytes"
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/hlsl2spirv/hlsl2spirv/builder/spv"
	"github.com/hlsl2spirv/hlsl2spirv/test/tool"
)

func TestDefsUsesRewriteDelete(t *testing.T) {
	b := buildFragment(t)
	m := b.M
	defs := m.Defs()
	f32 := b.TypeFloat(32)
	if d := defs[f32]; d == nil || d.Op != spv.OpTypeFloat {
		t.Fatalf("Defs()[float] = %v", d)
	}
	uses := m.Uses()
	helper := m.Functions[0].Def.Result
	if len(uses[helper]) != 2 { // OpName and OpFunctionCall
		t.Errorf("helper used by %d instructions, want 2 (OpName, OpFunctionCall)", len(uses[helper]))
	}
	// Replace every use of the constant 1.0 by 2.0, then delete the
	// unused constant: the module must still validate.
	one, two := b.ConstFloat32(1), b.ConstFloat32(2)
	for in := range m.All() {
		in.ForEachUse(func(id *ID) {
			if *id == one {
				*id = two
			}
		})
	}
	if len(m.Uses()[one]) != 0 {
		t.Fatal("uses of 1.0 remain after rewrite")
	}
	m.DeleteIf(func(in *Inst) bool { return in.Result == one })
	if m.Defs()[one] != nil {
		t.Fatal("1.0 not deleted")
	}
	var ws WordSlice
	if err := Serialize(m, &ws); err != nil {
		t.Fatal(err)
	}
	if err := tool.Validate(t, tool.Words2Bytes(ws.Words), "vulkan1.0"); err != nil {
		t.Fatal(err)
	}
	// Pairs and enumerant parameters are walked too.
	in := &Inst{Op: spv.OpPhi, Type: 1, Result: 2, Operands: []Operand{Pair(Ref(3), Ref(4))}}
	dec := &Inst{Op: spv.OpDecorateId, Operands: []Operand{Ref(5), Enum(spv.DecorationUniformId, Ref(6))}}
	var got []ID
	for _, x := range []*Inst{in, dec} {
		x.ForEachUse(func(id *ID) { got = append(got, *id) })
	}
	if len(got) != 5 || got[0] != 1 || got[1] != 3 || got[2] != 4 || got[3] != 5 || got[4] != 6 {
		t.Errorf("uses %v, want [1 3 4 5 6]", got)
	}
}

func TestBuilderMisuse(t *testing.T) {
	cases := []struct {
		name  string
		build func(b *ModuleBuilder)
		want  string
	}{
		{"emit after terminator", func(b *ModuleBuilder) {
			f := b.Function("f", b.TypeVoid(), spv.FunctionControlNone)
			f.StartBlock(f.NewBlock(""))
			f.Return()
			f.Return()
		}, "OpReturn emitted after the terminator"},
		{"emit before first block", func(b *ModuleBuilder) {
			f := b.Function("f", b.TypeVoid(), spv.FunctionControlNone)
			f.Return()
		}, "before the first block"},
		{"block not terminated", func(b *ModuleBuilder) {
			f := b.Function("f", b.TypeVoid(), spv.FunctionControlNone)
			f.StartBlock(f.NewBlock(""))
			f.StartBlock(f.NewBlock(""))
		}, "was terminated"},
		{"end with open block", func(b *ModuleBuilder) {
			f := b.Function("f", b.TypeVoid(), spv.FunctionControlNone)
			f.StartBlock(f.NewBlock(""))
			f.End()
		}, "is not terminated"},
		{"else without else block", func(b *ModuleBuilder) {
			f := b.Function("f", b.TypeVoid(), spv.FunctionControlNone)
			f.StartBlock(f.NewBlock(""))
			s := f.BeginIf(b.ConstBool(true), false, spv.SelectionControlNone)
			f.Else(s)
		}, "Else on an if without an else block"},
		{"bad operand", func(b *ModuleBuilder) {
			f := b.Function("f", b.TypeVoid(), spv.FunctionControlNone)
			f.StartBlock(f.NewBlock(""))
			f.Emit(spv.OpStore, 0, Ref(1))
		}, "missing operand 'Object'"},
		{"unknown opcode", func(b *ModuleBuilder) {
			f := b.Function("f", b.TypeVoid(), spv.FunctionControlNone)
			f.StartBlock(f.NewBlock(""))
			f.Emit(spv.Op(9), 0)
		}, "unknown opcode"},
		{"result type on a typeless op", func(b *ModuleBuilder) {
			f := b.Function("f", b.TypeVoid(), spv.FunctionControlNone)
			f.StartBlock(f.NewBlock(""))
			f.Emit(spv.OpReturn, b.TypeVoid())
		}, "has no result type"},
		{"variable before entry block", func(b *ModuleBuilder) {
			f := b.Function("f", b.TypeVoid(), spv.FunctionControlNone)
			f.Variable(b.TypePointer(spv.StorageClassFunction, b.TypeFloat(32)), "x", 0)
		}, "before the entry block"},
		{"ext inst arity", func(b *ModuleBuilder) {
			f := b.Function("f", b.TypeVoid(), spv.FunctionControlNone)
			f.StartBlock(f.NewBlock(""))
			f.ExtInst(b.TypeFloat(32), "GLSL.std.450", spv.GLSLstd450FMix, b.ConstFloat32(1))
		}, "missing operand 'y'"},
		{"64-bit constant literal for 32-bit type", func(b *ModuleBuilder) {
			b.global(spv.OpConstant, b.TypeInt(32, true), Lit64(1))
		}, "literal of 2 words"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			b := New(spv.Version1_0)
			b.MemoryModel(spv.AddressingModelLogical, spv.MemoryModelGLSL450)
			c.build(b)
			if err := b.Err(); err == nil || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("Err() = %v, want %q", err, c.want)
			}
			if _, err := b.Words(); err == nil {
				t.Error("Words succeeded after an error")
			}
		})
	}
}

func TestSerializeErrors(t *testing.T) {
	m := &Module{Bound: 1}
	if err := Serialize(m, &WordSlice{}); err == nil || !strings.Contains(err.Error(), "OpMemoryModel") {
		t.Errorf("no memory model: %v", err)
	}
	m.MemoryModel = &Inst{Op: spv.OpMemoryModel, Operands: []Operand{Enum(spv.AddressingModelLogical), Enum(spv.MemoryModelGLSL450)}}
	m.Globals = append(m.Globals, &Inst{Op: spv.OpTypeVoid, Result: 5})
	if err := Serialize(m, &WordSlice{}); err == nil || !strings.Contains(err.Error(), "bound") {
		t.Errorf("id beyond bound: %v", err)
	}
	// A use beyond the bound too.
	m.Bound = 6
	m.Globals = append(m.Globals, &Inst{Op: spv.OpTypePointer, Result: 2, Operands: []Operand{Enum(spv.StorageClassPrivate), Ref(7)}})
	if err := Serialize(m, &WordSlice{}); err == nil || !strings.Contains(err.Error(), "id %7 is not below the bound 6") {
		t.Errorf("use beyond bound: %v", err)
	}
	m.Globals = m.Globals[:1]
	// A pass that breaks an instruction is caught at serialisation.
	m.Globals[0].Operands = Lits(1)
	if err := Serialize(m, &WordSlice{}); err == nil {
		t.Error("OpTypeVoid with an operand serialised")
	}
}

type failingWriter struct{ n int }

func (w *failingWriter) Write(p []byte) (int, error) {
	w.n++
	return 0, errors.New("disk full")
}

func TestWordWriter(t *testing.T) {
	var buf bytes.Buffer
	ww := NewWordWriter(&buf)
	words := []uint32{0x07230203, 0x00010000, 1, 0xdeadbeef}
	if err := ww.Consume(words[:2]); err != nil {
		t.Fatal(err)
	}
	if err := ww.Consume(words[2:]); err != nil {
		t.Fatal(err)
	}
	if err := ww.Flush(); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(buf.Bytes(), []byte{3, 2, 0x23, 7, 0, 0, 1, 0, 1, 0, 0, 0, 0xef, 0xbe, 0xad, 0xde}) {
		t.Errorf("bytes % x", buf.Bytes())
	}
	fw := &failingWriter{}
	ww = NewWordWriter(fw)
	big := make([]uint32, 10000) // more than the buffer: forces a write
	if err := ww.Consume(big); err == nil {
		t.Fatal("write error not reported")
	}
	if err := ww.Consume(words); err == nil || ww.Flush() == nil {
		t.Error("write error not sticky")
	}
	if fw.n != 1 {
		t.Errorf("%d writes after the error, want 1", fw.n)
	}
}

func TestGlobalExtInstDebugInfo(t *testing.T) {
	b := New(spv.Version1_0)
	b.MemoryModel(spv.AddressingModelLogical, spv.MemoryModelGLSL450)
	void := b.TypeVoid()
	file := b.DebugString("a.hlsl")
	src := b.GlobalExtInst(void, "NonSemantic.Shader.DebugInfo.100", spv.NonSemanticShaderDebugInfo100DebugSource, Ref(file))
	if src == 0 {
		t.Fatal(b.Err())
	}
	f := b.Function("main", void, spv.FunctionControlNone)
	f.StartBlock(f.NewBlock("bb.entry"))
	f.Return()
	f.End()
	b.EntryPoint(spv.ExecutionModelGLCompute, f.ID(), "main")
	b.ExecutionMode(f.ID(), spv.ExecutionModeLocalSize, 1, 1, 1)
	InferCapabilities(b.M)
	if !b.M.HasExtension("SPV_KHR_non_semantic_info") {
		t.Errorf("extensions %v lack SPV_KHR_non_semantic_info", b.M.Extensions)
	}
	data := moduleBytes(t, b)
	if err := tool.Validate(t, data, "vulkan1.0"); err != nil {
		t.Fatal(err)
	}
	roundTrip(t, data, "vulkan1.0")
	// A wrong operand count for a known extended instruction is caught.
	b.GlobalExtInst(void, "NonSemantic.Shader.DebugInfo.100", spv.NonSemanticShaderDebugInfo100DebugSource)
	if b.Err() == nil {
		t.Error("DebugSource without its file accepted")
	}
}

func TestLongSourceIsContinued(t *testing.T) {
	b, f := minimalShader(spv.Version1_0)
	f.Return()
	f.End()
	text := strings.Repeat("float4 é = 0; // ü\n", 200000/20) // 200,000 bytes
	file := b.DebugString("long.hlsl")
	b.Source(spv.SourceLanguageHLSL, 600, file, text)
	InferCapabilities(b.M)
	// DXC's chopping: 0xFFFA bytes, then chunks of 0xFFFD.
	var sizes []int
	var joined strings.Builder
	for _, in := range b.M.DebugSources {
		switch in.Op {
		case spv.OpSource:
			sizes = append(sizes, len(in.Operands[3].Str()))
			joined.WriteString(in.Operands[3].Str())
		case spv.OpSourceContinued:
			sizes = append(sizes, len(in.Operands[0].Str()))
			joined.WriteString(in.Operands[0].Str())
		}
	}
	want := []int{0xFFFA, 0xFFFD, 0xFFFD, len(text) - 0xFFFA - 2*0xFFFD}
	if !slices.Equal(sizes, want) {
		t.Errorf("chunk sizes %v, want %v", sizes, want)
	}
	if joined.String() != text {
		t.Error("source text not preserved across OpSourceContinued")
	}
	data := moduleBytes(t, b)
	if err := tool.Validate(t, data, "vulkan1.0"); err != nil {
		t.Fatal(err)
	}
}

func TestSetBlockAndInterface(t *testing.T) {
	b, f := minimalShader(spv.Version1_0)
	f32 := b.TypeFloat(32)
	entry := f.Block()
	next := f.NewBlock("next")
	f.Branch(next)
	f.StartBlock(next)
	f.SetBlock(entry) // terminated: an error
	if b.Err() == nil {
		t.Fatal("SetBlock on a terminated block accepted")
	}
	b, f = minimalShader(spv.Version1_0)
	entry = f.Block()
	v := b.GlobalVariable(b.TypePointer(spv.StorageClassPrivate, f32), spv.StorageClassPrivate, "p", 0)
	f.Return()
	f.End()
	b.AddInterface(f.ID(), v)
	if ops := b.M.EntryPoints[0].Operands; ops[len(ops)-1].ID() != v {
		t.Errorf("interface not extended: %v", ops)
	}
	if b.M.Functions[0].Block(entry) == nil || b.M.Functions[0].Block(999) != nil {
		t.Error("Function.Block lookup")
	}
	b.AddInterface(12345, v)
	if b.Err() == nil {
		t.Error("AddInterface on a non-entry point accepted")
	}
}

func TestDebugStringInterned(t *testing.T) {
	b := New(spv.Version1_0)
	a, a2, c := b.DebugString("a.hlsl"), b.DebugString("a.hlsl"), b.DebugString("b.hlsl")
	if a != a2 || a == c || countOp(b.M.DebugSources, spv.OpString) != 2 {
		t.Errorf("OpString ids %d %d %d, %d strings", a, a2, c, countOp(b.M.DebugSources, spv.OpString))
	}
	b.DeleteIf(func(in *Inst) bool { return in.Result == a })
	if b.DebugString("a.hlsl") == a {
		t.Error("deleted OpString handed out again")
	}
}

func TestVariableStorageClassChecks(t *testing.T) {
	cases := []struct {
		name  string
		build func(b *ModuleBuilder, f *FunctionBuilder)
		want  string
	}{
		{"global of a non-pointer", func(b *ModuleBuilder, f *FunctionBuilder) {
			b.GlobalVariable(b.TypeFloat(32), spv.StorageClassPrivate, "x", 0)
		}, "is not a pointer type"},
		{"global class mismatch", func(b *ModuleBuilder, f *FunctionBuilder) {
			b.GlobalVariable(b.TypePointer(spv.StorageClassUniform, b.TypeFloat(32)), spv.StorageClassPrivate, "x", 0)
		}, "storage class Private, but the pointer type's is Uniform"},
		{"global in Function", func(b *ModuleBuilder, f *FunctionBuilder) {
			b.GlobalVariable(b.TypePointer(spv.StorageClassFunction, b.TypeFloat(32)), spv.StorageClassFunction, "x", 0)
		}, "use FunctionBuilder.Variable"},
		{"local of a Private pointer", func(b *ModuleBuilder, f *FunctionBuilder) {
			f.Variable(b.TypePointer(spv.StorageClassPrivate, b.TypeFloat(32)), "x", 0)
		}, "is not a Function pointer type"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			b, f := minimalShader(spv.Version1_0)
			c.build(b, f)
			if err := b.Err(); err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("Err() = %v, want %q", err, c.want)
			}
		})
	}
}

func TestInstString(t *testing.T) {
	cases := []struct {
		in   Inst
		want string
	}{
		{Inst{Op: spv.OpLoad, Type: 3, Result: 5, Operands: []Operand{Ref(4), Enum(spv.MemoryAccessVolatile|spv.MemoryAccessAligned, Lit(4))}}, "%5 = OpLoad %3 %4 Volatile|Aligned 4"},
		{Inst{Op: spv.OpDecorate, Operands: []Operand{Ref(1), Enum(spv.DecorationBuiltIn, Enum(spv.BuiltInPosition))}}, "OpDecorate %1 BuiltIn Position"},
		{Inst{Op: spv.OpName, Operands: []Operand{Ref(1), Str(`a"b`)}}, `OpName %1 "a\"b"`},
		{Inst{Op: spv.OpConstant, Type: 2, Result: 3, Operands: []Operand{F32(1.5)}}, "%3 = OpConstant %2 1.5"},
		{Inst{Op: spv.OpConstant, Type: 2, Result: 3, Operands: []Operand{Lit64(1 << 40)}}, "%3 = OpConstant %2 1099511627776"},
		{Inst{Op: spv.OpPhi, Type: 2, Result: 3, Operands: []Operand{Pair(Ref(4), Ref(5))}}, "%3 = OpPhi %2 %4 %5"},
		{Inst{Op: spv.OpSelectionMerge, Operands: []Operand{Ref(9), Enum(spv.SelectionControlNone)}}, "OpSelectionMerge %9 None"},
	}
	for _, c := range cases {
		if got := c.in.String(); got != c.want {
			t.Errorf("got %q, want %q", got, c.want)
		}
	}
	b, f := minimalShader(spv.Version1_0)
	if f.Param(0) != 0 || b.Err() == nil {
		t.Error("Param out of range accepted")
	}
}

func TestBlockCFGHelpers(t *testing.T) {
	b, f := minimalShader(spv.Version1_0)
	i32 := b.TypeInt(32, true)
	sel := f.Load(i32, f.Variable(b.TypePointer(spv.StorageClassFunction, i32), "a", b.ConstInt32(2)))
	entry := f.Block()
	s := f.BeginSwitch(sel, []int64{1, 2}, true, spv.SelectionControlNone)
	for _, c := range s.Cases {
		f.StartBlock(c)
		f.Branch(s.Merge)
	}
	f.StartBlock(s.Default)
	l := f.BeginLoop("while", spv.LoopControlNone)
	f.LoopTest(l, b.ConstBool(true))
	f.BeginContinue(l)
	f.EndLoop(l)
	f.Return()
	f.End()
	fn := b.M.Functions[0]
	eb := fn.Block(entry)
	if got := eb.Successors(); !slices.Equal(got, []ID{s.Default, s.Cases[0], s.Cases[1]}) {
		t.Errorf("switch successors %v", got)
	}
	if m := eb.Merge(); m == nil || m.Op != spv.OpSelectionMerge || m.Operands[0].ID() != s.Merge {
		t.Errorf("switch merge %v", m)
	}
	hb := fn.Block(l.Header)
	if got := hb.Successors(); !slices.Equal(got, []ID{l.Body, l.Merge}) {
		t.Errorf("loop header successors %v", got)
	}
	if m := hb.Merge(); m == nil || m.Op != spv.OpLoopMerge || m.Operands[1].ID() != l.Continue {
		t.Errorf("loop merge %v", m)
	}
	if got := fn.Block(l.Continue).Successors(); !slices.Equal(got, []ID{l.Header}) {
		t.Errorf("back edge %v", got)
	}
	last := fn.Blocks[len(fn.Blocks)-1]
	if last.Successors() != nil || last.Terminator().Op != spv.OpReturn || last.Merge() != nil {
		t.Errorf("return block: %v %v", last.Successors(), last.Terminator())
	}
}

// The id-kind table agrees with the grammar's categories for every kind.
func TestIDKindTable(t *testing.T) {
	for i := range len(idKinds) {
		k := spv.OperandKind(i)
		if got, want := isID(Operand{Kind: k}), k.Category() == spv.CategoryId; got != want {
			t.Errorf("kind %d (%v): isID %v, category says %v", k, k, got, want)
		}
	}
}

// FunctionInsts walks the functions alone (prologues included), in layout
// order, and is the tail of All; BlockInsts walks their blocks alone; both
// stop when asked.
func TestFunctionInsts(t *testing.T) {
	m := buildFragment(t).M
	m.Functions[0].Prologue = []*Inst{{Op: spv.OpNop}} // as a DebugScope would stand
	var want, blocks []*Inst
	for _, f := range m.Functions {
		want = append(want, f.Def)
		want = append(want, f.Params...)
		want = append(want, f.Prologue...)
		for _, b := range f.Blocks {
			want = append(want, b.Insts...)
			blocks = append(blocks, b.Insts...)
		}
	}
	got := slices.Collect(m.FunctionInsts())
	if !slices.Equal(got, want) {
		t.Fatalf("FunctionInsts yielded %d instructions, want %d in layout order", len(got), len(want))
	}
	if got := slices.Collect(m.BlockInsts()); !slices.Equal(got, blocks) {
		t.Fatalf("BlockInsts yielded %d instructions, want the blocks' %d in layout order", len(got), len(blocks))
	}
	all := slices.Collect(m.All())
	if !slices.Equal(all[len(all)-len(want):], want) {
		t.Error("All does not end with the functions' instructions")
	}
	n := 0
	for range m.FunctionInsts() {
		n++
		if n == 2 {
			break
		}
	}
	if n != 2 {
		t.Errorf("stopped after %d, want 2", n)
	}
	n = 0
	for range m.BlockInsts() {
		n++
		if n == 2 {
			break
		}
	}
	if n != 2 {
		t.Errorf("BlockInsts stopped after %d, want 2", n)
	}
	m.DeleteIf(func(in *Inst) bool { return in.Op == spv.OpNop })
	if len(m.Functions[0].Prologue) != 0 {
		t.Error("DeleteIf left the prologue's instruction")
	}
}
