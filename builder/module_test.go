package builder

import (
	"bytes"
	"encoding/binary"
	"slices"
	"strings"
	"testing"

	"github.com/hlsl2spirv/hlsl2spirv/builder/spv"
	"github.com/hlsl2spirv/hlsl2spirv/test/tool"
)

// buildFragment builds a fragment shader using most of the builder:
// stage I/O, a uniform block with layout, a texture and sampler, a helper
// function, if/else, a for loop with break and continue, a switch, an
// extended instruction, function variables declared mid-function.
func buildFragment(t testing.TB) *ModuleBuilder {
	b := New(spv.Version1_0)
	b.MemoryModel(spv.AddressingModelLogical, spv.MemoryModelGLSL450)
	f32 := b.TypeFloat(32)
	i32 := b.TypeInt(32, true)
	u32 := b.TypeInt(32, false)
	boolT := b.TypeBool()
	v2 := b.TypeVector(f32, 2)
	v4 := b.TypeVector(f32, 4)
	void := b.TypeVoid()

	in := b.GlobalVariable(b.TypePointer(spv.StorageClassInput, v2), spv.StorageClassInput, "in.var.TEXCOORD0", 0)
	b.Decorate(in, spv.DecorationLocation, Lit(0))
	out := b.GlobalVariable(b.TypePointer(spv.StorageClassOutput, v4), spv.StorageClassOutput, "out.var.SV_Target", 0)
	b.Decorate(out, spv.DecorationLocation, Lit(0))

	arr := b.TypeArrayN(f32, 4, 16)
	globalsT := b.TypeStruct(StructType{
		Name: "type.$Globals",
		Members: []StructMember{
			{Type: f32, Name: "scale", Decorations: []Decoration{Deco(spv.DecorationOffset, Lit(0))}},
			{Type: v4, Name: "color", Decorations: []Decoration{Deco(spv.DecorationOffset, Lit(16))}},
			{Type: arr, Name: "weights", Decorations: []Decoration{Deco(spv.DecorationOffset, Lit(32))}},
		},
		Decorations: []Decoration{Deco(spv.DecorationBlock)},
	})
	globals := b.GlobalVariable(b.TypePointer(spv.StorageClassUniform, globalsT), spv.StorageClassUniform, "$Globals", 0)
	b.Decorate(globals, spv.DecorationDescriptorSet, Lit(0))
	b.Decorate(globals, spv.DecorationBinding, Lit(0))

	img := b.TypeImage(ImageType{SampledType: f32, Dim: spv.Dim2D, Sampled: 1, Format: spv.ImageFormatUnknown})
	b.Name(img, "type.2d.image")
	tex := b.GlobalVariable(b.TypePointer(spv.StorageClassUniformConstant, img), spv.StorageClassUniformConstant, "tex", 0)
	b.Decorate(tex, spv.DecorationDescriptorSet, Lit(0))
	b.Decorate(tex, spv.DecorationBinding, Lit(1))
	smp := b.GlobalVariable(b.TypePointer(spv.StorageClassUniformConstant, b.TypeSampler()), spv.StorageClassUniformConstant, "smp", 0)
	b.Decorate(smp, spv.DecorationDescriptorSet, Lit(0))
	b.Decorate(smp, spv.DecorationBinding, Lit(2))

	// float helper(float a) { return sqrt(a) * $Globals.scale; }
	helper := b.Function("helper", f32, spv.FunctionControlNone, f32)
	b.Name(helper.Param(0), "a")
	helper.StartBlock(helper.NewBlock("bb.entry"))
	sq := helper.ExtInst(f32, "GLSL.std.450", spv.GLSLstd450Sqrt, helper.Param(0))
	scale := helper.Load(f32, helper.AccessChain(b.TypePointer(spv.StorageClassUniform, f32), globals, b.ConstInt32(0)))
	helper.ReturnValue(helper.Emit(spv.OpFMul, f32, Ref(sq), Ref(scale)))
	helper.End()

	f := b.Function("main", void, spv.FunctionControlNone)
	f.StartBlock(f.NewBlock("bb.entry"))
	color := f.Variable(b.TypePointer(spv.StorageClassFunction, v4), "color", 0)
	uv := f.Load(v2, in)
	u := f.CompositeExtract(f32, uv, 0)
	cond := f.Emit(spv.OpFOrdGreaterThan, boolT, Ref(u), Ref(b.ConstFloat32(0.5)))
	f.If(cond, func() {
		si := f.Emit(spv.OpSampledImage, b.TypeSampledImage(img), Ref(f.Load(img, tex)), Ref(f.Load(b.TypeSampler(), smp)))
		f.Store(color, f.Emit(spv.OpImageSampleImplicitLod, v4, Ref(si), Ref(uv)))
	}, func() {
		f.Store(color, f.Load(v4, f.AccessChain(b.TypePointer(spv.StorageClassUniform, v4), globals, b.ConstInt32(1))))
	})

	// for (int i = 0; i < 4; i++) { if (i == 3) break; acc += helper(weights[i]); }
	acc := f.Variable(b.TypePointer(spv.StorageClassFunction, f32), "acc", b.ConstFloat32(0))
	iv := f.Variable(b.TypePointer(spv.StorageClassFunction, i32), "i", b.ConstInt32(0))
	l := f.BeginLoop("for", spv.LoopControlNone)
	i := f.Load(i32, iv)
	f.LoopTest(l, f.Emit(spv.OpSLessThan, boolT, Ref(i), Ref(b.ConstInt32(4))))
	isLast := f.Emit(spv.OpIEqual, boolT, Ref(f.Load(i32, iv)), Ref(b.ConstInt32(3)))
	f.If(isLast, func() { f.Break(l) }, nil)
	w := f.Load(f32, f.AccessChain(b.TypePointer(spv.StorageClassUniform, f32), globals, b.ConstInt32(2), f.Load(i32, iv)))
	h := f.Call(f32, helper.ID(), w)
	f.Store(acc, f.Emit(spv.OpFAdd, f32, Ref(f.Load(f32, acc)), Ref(h)))
	f.BeginContinue(l)
	f.Store(iv, f.Emit(spv.OpIAdd, i32, Ref(f.Load(i32, iv)), Ref(b.ConstInt32(1))))
	f.EndLoop(l)

	// switch (i) { case 0: acc *= 2; break; case 1: /* falls through */ default: acc = 1; }
	s := f.BeginSwitch(f.Load(i32, iv), []int64{0, -1}, true, spv.SelectionControlNone)
	f.StartBlock(s.Cases[0])
	f.Store(acc, f.Emit(spv.OpFMul, f32, Ref(f.Load(f32, acc)), Ref(b.ConstFloat32(2))))
	f.Branch(s.Merge)
	f.StartBlock(s.Cases[1])
	f.Branch(s.Default)
	f.StartBlock(s.Default)
	f.Store(acc, b.ConstFloat32(1))
	f.EndSwitch(s)

	a := f.Load(f32, acc)
	c := f.Load(v4, color)
	f.Store(out, f.Emit(spv.OpVectorTimesScalar, v4, Ref(c), Ref(a)))
	f.Return()
	f.End()
	_ = u32
	b.EntryPoint(spv.ExecutionModelFragment, f.ID(), "main", in, out)
	b.ExecutionMode(f.ID(), spv.ExecutionModeOriginUpperLeft)
	b.Source(spv.SourceLanguageHLSL, 600, 0, "")
	InferCapabilities(b.M)
	if err := b.Err(); err != nil {
		t.Fatal(err)
	}
	return b
}

func moduleBytes(t testing.TB, b *ModuleBuilder) []byte {
	t.Helper()
	data, err := b.Bytes()
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// roundTrip disassembles data with raw ids and reassembles it; the words
// must be identical but for the generator word.
func roundTrip(t *testing.T, data []byte, env string) string {
	t.Helper()
	dis := tool.Require(t, tool.SpirvDis)
	as := tool.Require(t, tool.SpirvAs)
	text, errOut, err := tool.Run(dis, data, "--raw-id", "-o", "-", "-")
	if err != nil {
		t.Fatalf("spirv-dis: %v\n%s", err, errOut)
	}
	back, errOut, err := tool.Run(as, text, "--preserve-numeric-ids", "--target-env", env, "-o", "-", "-")
	if err != nil {
		t.Fatalf("spirv-as: %v\n%s\n%s", err, errOut, text)
	}
	if len(back) != len(data) {
		t.Fatalf("round trip: %d bytes, want %d\n%s", len(back), len(data), text)
	}
	for i := 0; i < len(data); i += 4 {
		if i == 8 {
			continue // generator
		}
		if binary.LittleEndian.Uint32(data[i:]) != binary.LittleEndian.Uint32(back[i:]) {
			t.Fatalf("round trip differs at word %d: %#x vs %#x\n%s", i/4,
				binary.LittleEndian.Uint32(data[i:]), binary.LittleEndian.Uint32(back[i:]), text)
		}
	}
	friendly, _, err := tool.Run(dis, data, "-o", "-", "-")
	if err != nil {
		t.Fatal(err)
	}
	return string(friendly)
}

func TestFragmentModuleValidates(t *testing.T) {
	b := buildFragment(t)
	if got := b.M.Capabilities; len(got) != 1 || got[0] != spv.CapabilityShader {
		t.Errorf("inferred capabilities %v, want [Shader]", got)
	}
	if len(b.M.Extensions) != 0 {
		t.Errorf("inferred extensions %v, want none", b.M.Extensions)
	}
	data := moduleBytes(t, b)
	if err := tool.Validate(t, data, "vulkan1.0"); err != nil {
		t.Fatal(err)
	}
	text := roundTrip(t, data, "vulkan1.0")
	for _, want := range []string{
		"OpCapability Shader\n",
		`= OpExtInstImport "GLSL.std.450"`,
		`OpEntryPoint Fragment %main "main" %in_var_TEXCOORD0 %out_var_SV_Target`,
		"OpExecutionMode %main OriginUpperLeft",
		`OpName %type__Globals "type.$Globals"`,
		`OpMemberName %type__Globals 2 "weights"`,
		"OpDecorate %_arr_float_uint_4 ArrayStride 16",
		"OpMemberDecorate %type__Globals 1 Offset 16",
		"OpDecorate %type__Globals Block",
		"OpSelectionMerge %if_merge None",
		"OpLoopMerge %for_merge %for_continue None",
		"OpSwitch %",
		"%color = OpVariable %_ptr_Function_v4float Function",
		"%acc = OpVariable %_ptr_Function_float Function %float_0",
		" Sqrt %a\n",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("disassembly lacks %q:\n%s", want, text)
		}
	}
	// Function variables are at the top of the entry block although
	// declared after other instructions.
	main := b.M.Functions[1]
	for i, in := range main.Blocks[0].Insts[:3] {
		if in.Op != spv.OpVariable {
			t.Errorf("entry instruction %d is %s, want OpVariable", i, in.Op)
		}
	}
}

// buildCompute builds a compute shader over a storage buffer of 64-bit
// integers with a do-while loop, for the given SPIR-V version.
func buildCompute(t testing.TB, version spv.Version) *ModuleBuilder {
	b := New(version)
	b.MemoryModel(spv.AddressingModelLogical, spv.MemoryModelGLSL450)
	u32 := b.TypeInt(32, false)
	u64 := b.TypeInt(64, false)
	boolT := b.TypeBool()
	v3u := b.TypeVector(u32, 3)
	rt := b.TypeRuntimeArray(u64, 8)
	bufT := b.TypeStruct(StructType{
		Name:        "type.RWStructuredBuffer.ulong",
		Members:     []StructMember{{Type: rt, Decorations: []Decoration{Deco(spv.DecorationOffset, Lit(0))}}},
		Decorations: []Decoration{Deco(spv.DecorationBlock)},
	})
	buf := b.GlobalVariable(b.TypePointer(spv.StorageClassStorageBuffer, bufT), spv.StorageClassStorageBuffer, "buf", 0)
	b.Decorate(buf, spv.DecorationDescriptorSet, Lit(0))
	b.Decorate(buf, spv.DecorationBinding, Lit(0))
	gid := b.GlobalVariable(b.TypePointer(spv.StorageClassInput, v3u), spv.StorageClassInput, "gl_GlobalInvocationID", 0)
	b.Decorate(gid, spv.DecorationBuiltIn, Enum(spv.BuiltInGlobalInvocationId))

	f := b.Function("main", b.TypeVoid(), spv.FunctionControlNone)
	f.StartBlock(f.NewBlock("bb.entry"))
	n := f.Variable(b.TypePointer(spv.StorageClassFunction, u64), "n", b.ConstUint64(0))
	x := f.CompositeExtract(u32, f.Load(v3u, gid), 0)
	elem := f.AccessChain(b.TypePointer(spv.StorageClassStorageBuffer, u64), buf, b.ConstInt32Unsigned(0), x)
	// do { n += 3; if (n > 1<<40) break; } while (n < 100);
	l := f.BeginDoWhile(spv.LoopControlDontUnroll)
	f.Store(n, f.Emit(spv.OpIAdd, u64, Ref(f.Load(u64, n)), Ref(b.ConstUint64(3))))
	f.If(f.Emit(spv.OpUGreaterThan, boolT, Ref(f.Load(u64, n)), Ref(b.ConstUint64(1<<40))), func() { f.Break(l) }, nil)
	f.BeginContinue(l)
	f.EndLoopIf(l, f.Emit(spv.OpULessThan, boolT, Ref(f.Load(u64, n)), Ref(b.ConstUint64(100))))
	// switch on a 64-bit selector takes 64-bit case literals.
	s := f.BeginSwitch(f.Load(u64, n), []int64{1 << 33}, false, spv.SelectionControlDontFlatten)
	f.StartBlock(s.Cases[0])
	f.Store(n, b.ConstUint64(7))
	f.EndSwitch(s)
	f.Store(elem, f.Load(u64, n))
	f.Return()
	f.End()
	b.EntryPoint(spv.ExecutionModelGLCompute, f.ID(), "main", gid)
	b.ExecutionMode(f.ID(), spv.ExecutionModeLocalSize, 64, 1, 1)
	InferCapabilities(b.M)
	if err := b.Err(); err != nil {
		t.Fatal(err)
	}
	return b
}

// ConstInt32Unsigned is a test shorthand for a uint index.
func (c *Context) ConstInt32Unsigned(v uint32) ID { return c.ConstUint32(v) }

func TestComputeModuleValidates(t *testing.T) {
	for _, c := range []struct {
		version spv.Version
		env     string
		exts    []string
	}{
		{spv.Version1_0, "vulkan1.0", []string{"SPV_KHR_storage_buffer_storage_class"}},
		{spv.Version1_3, "vulkan1.1", nil},
	} {
		t.Run(c.env, func(t *testing.T) {
			b := buildCompute(t, c.version)
			caps := b.M.Capabilities
			if len(caps) != 2 || !b.M.HasCapability(spv.CapabilityShader) || !b.M.HasCapability(spv.CapabilityInt64) {
				t.Errorf("inferred capabilities %v, want Shader and Int64", caps)
			}
			if strings.Join(b.M.Extensions, ",") != strings.Join(c.exts, ",") {
				t.Errorf("inferred extensions %v, want %v", b.M.Extensions, c.exts)
			}
			data := moduleBytes(t, b)
			if err := tool.Validate(t, data, c.env); err != nil {
				t.Fatal(err)
			}
			text := roundTrip(t, data, c.env)
			if !strings.Contains(text, "OpSwitch %") || !strings.Contains(text, " 8589934592 %switch_8589934592") {
				t.Errorf("64-bit switch missing:\n%s", text)
			}
		})
	}
}

func TestHeader(t *testing.T) {
	b := buildFragment(t)
	b.M.Generator = 0x000e0001
	words, err := b.Words()
	if err != nil {
		t.Fatal(err)
	}
	if words[0] != spv.MagicNumber || words[1] != 0x00010000 || words[2] != 0x000e0001 || words[3] != uint32(b.M.Bound) || words[4] != 0 {
		t.Errorf("header %#x", words[:5])
	}
	max := ID(0)
	for in := range b.M.All() {
		max = maxID(max, in.Result)
	}
	for _, f := range b.M.Functions {
		for _, bl := range f.Blocks {
			max = maxID(max, bl.Label)
		}
	}
	if b.M.Bound != max+1 {
		t.Errorf("bound %d, largest id %d", b.M.Bound, max)
	}
	// The io.Writer sink writes the same words little-endian.
	var buf bytes.Buffer
	ww := NewWordWriter(&buf)
	if err := b.Serialize(ww); err != nil {
		t.Fatal(err)
	}
	if err := ww.Flush(); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(buf.Bytes(), tool.Words2Bytes(words)) {
		t.Error("WordWriter bytes differ from WordSlice words")
	}
}

func maxID(a, b ID) ID {
	if a > b {
		return a
	}
	return b
}

func BenchmarkBuildAndSerialize(b *testing.B) {
	for b.Loop() {
		mb := buildLarge(b, 200)
		var ws WordSlice
		if err := mb.Serialize(&ws); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkSerialize(b *testing.B) {
	mb := buildLarge(b, 200)
	var ws WordSlice
	if err := mb.Serialize(&ws); err != nil {
		b.Fatal(err)
	}
	b.ReportMetric(float64(len(ws.Words)), "words")
	b.ResetTimer()
	for b.Loop() {
		ws.Words = ws.Words[:0]
		if err := mb.Serialize(&ws); err != nil {
			b.Fatal(err)
		}
	}
}

// buildLarge builds a module of n functions of about 100 instructions each.
func buildLarge(tb testing.TB, n int) *ModuleBuilder {
	b := New(spv.Version1_0)
	b.Capability(spv.CapabilityShader)
	b.MemoryModel(spv.AddressingModelLogical, spv.MemoryModelGLSL450)
	f32 := b.TypeFloat(32)
	v4 := b.TypeVector(f32, 4)
	boolT := b.TypeBool()
	var last ID
	for i := 0; i < n; i++ {
		f := b.Function("", v4, spv.FunctionControlNone, v4)
		f.StartBlock(f.NewBlock("bb.entry"))
		tmp := f.Variable(b.TypePointer(spv.StorageClassFunction, v4), "", 0)
		f.Store(tmp, f.Param(0))
		for j := 0; j < 10; j++ {
			x := f.Load(v4, tmp)
			y := f.Emit(spv.OpVectorTimesScalar, v4, Ref(x), Ref(b.ConstFloat32(float32(j))))
			c := f.Emit(spv.OpFOrdLessThan, boolT, Ref(f.CompositeExtract(f32, y, 0)), Ref(b.ConstFloat32(1)))
			f.If(c, func() {
				f.Store(tmp, f.Emit(spv.OpFAdd, v4, Ref(x), Ref(y)))
			}, nil)
		}
		if last != 0 {
			f.Store(tmp, f.Call(v4, last, f.Load(v4, tmp)))
		}
		f.ReturnValue(f.Load(v4, tmp))
		f.End()
		last = f.ID()
	}
	if err := b.Err(); err != nil {
		tb.Fatal(err)
	}
	return b
}

func BenchmarkBuild(b *testing.B) {
	insts := 0
	for b.Loop() {
		mb := buildLarge(b, 200)
		if insts == 0 {
			for range mb.M.All() {
				insts++
			}
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(insts), "ns/inst")
}

// TestLoadCountsUses checks that the uses the loader counts for the
// def-use chains' first build are those a walk over the module counts.
func TestLoadCountsUses(t *testing.T) {
	m, err := LoadBytes(moduleBytes(t, buildFragment(t)))
	if err != nil {
		t.Fatal(err)
	}
	if len(m.useCounts) != int(m.Bound) {
		t.Fatalf("the loader counted %d ids' uses, want %d", len(m.useCounts), m.Bound)
	}
	want := make([]int32, m.Bound)
	for in := range m.All() {
		if in.Type != 0 {
			want[in.Type]++
		}
		countUses(in.Operands, want)
	}
	if !slices.Equal(m.useCounts, want) {
		t.Errorf("the loader's counts of uses by id\n%v\ndiffer from a walk's\n%v", m.useCounts, want)
	}
	m.DefUse()
	if m.useCounts != nil {
		t.Error("the def-use chains' build left the loader's counts in the module")
	}
}
