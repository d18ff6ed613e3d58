package layout

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/hlsl2spirv/hlsl2spirv/builder"
	"github.com/hlsl2spirv/hlsl2spirv/builder/disasm"
	"github.com/hlsl2spirv/hlsl2spirv/builder/spv"
	"github.com/hlsl2spirv/hlsl2spirv/sema/types"
	"github.com/hlsl2spirv/hlsl2spirv/test/tool"
)

// testModule is a compute shader module whose entry point lists every
// variable the test declares, so spirv-val checks each one's layout.
type testModule struct {
	tb      testing.TB
	b       *builder.ModuleBuilder
	l       *Lowerer
	vars    []builder.ID
	binding uint32
	data    []byte
}

func newTestModule(tb testing.TB, v spv.Version, calc *Calculator, rules Rules) *testModule {
	b := builder.New(v)
	b.Capability(spv.CapabilityShader)
	b.MemoryModel(spv.AddressingModelLogical, spv.MemoryModelGLSL450)
	return &testModule{tb: tb, b: b, l: NewLowerer(b, calc, rules)}
}

// variable declares a variable of type typ in sc, with a binding for buffers.
func (m *testModule) variable(typ builder.ID, sc spv.StorageClass, name string) builder.ID {
	v := m.b.GlobalVariable(m.b.TypePointer(sc, typ), sc, name, 0)
	if sc == spv.StorageClassUniform || sc == spv.StorageClassStorageBuffer {
		m.b.Decorate(v, spv.DecorationDescriptorSet, builder.Lit(0))
		m.b.Decorate(v, spv.DecorationBinding, builder.Lit(m.binding))
		m.binding++
	}
	m.vars = append(m.vars, v)
	return v
}

func (m *testModule) bytes() []byte {
	m.tb.Helper()
	if m.data != nil {
		return m.data
	}
	f := m.b.Function("main", m.b.TypeVoid(), spv.FunctionControlNone)
	f.StartBlock(f.NewBlock("bb.entry"))
	f.Return()
	f.End()
	var iface []builder.ID
	if m.b.M.Version >= spv.Version1_4 {
		// From SPIR-V 1.4 the interface lists every global the entry point
		// uses; before, only inputs and outputs.
		iface = m.vars
	}
	m.b.EntryPoint(spv.ExecutionModelGLCompute, f.ID(), "main", iface...)
	m.b.ExecutionMode(f.ID(), spv.ExecutionModeLocalSize, 1, 1, 1)
	if m.l.Calc.Enable16BitTypes {
		m.b.Capability(spv.CapabilityStorageBuffer16BitAccess)
		m.b.Capability(spv.CapabilityUniformAndStorageBuffer16BitAccess)
		m.b.Capability(spv.CapabilityStoragePushConstant16)
		if m.b.M.Version < spv.Version1_3 {
			m.b.Extension("SPV_KHR_16bit_storage")
		}
	}
	builder.InferCapabilities(m.b.M)
	data, err := m.b.Bytes()
	if err != nil {
		m.tb.Fatalf("serialise: %v", err)
	}
	m.data = data
	return data
}

func (m *testModule) text() string {
	m.tb.Helper()
	s, err := disasm.DisassembleBytes(m.bytes())
	if err != nil {
		m.tb.Fatal(err)
	}
	return s
}

func (m *testModule) lower(t *types.Type, r Rule) builder.ID {
	m.tb.Helper()
	id, err := m.l.Type(t, r)
	if err != nil {
		m.tb.Fatalf("lower %s under %s: %v", t, r, err)
	}
	return id
}

// wantLines checks that every line of want appears in text, in order
// (dxc's CHECK lines, as spirv-dis prints them).
func wantLines(t *testing.T, text string, want ...string) {
	t.Helper()
	lines := strings.Split(text, "\n")
	at := 0
	for _, w := range want {
		i := slices.IndexFunc(lines[at:], func(l string) bool { return strings.TrimSpace(l) == w })
		if i < 0 {
			t.Errorf("missing (in order) %q in:\n%s", w, text)
			return
		}
		at += i + 1
	}
}

func noLine(t *testing.T, text, substr string) {
	t.Helper()
	if strings.Contains(text, substr) {
		t.Errorf("unexpected %q in:\n%s", substr, text)
	}
}

// Shapes: what each HLSL type becomes with and without a layout.
func TestLowerShapes(t *testing.T) {
	e := newEnv(t, types.Config{})
	e.declare("S", "float1 a; float1x1 b; float1x3 c; float3x1 d; float2x3 e; row_major int2x3 f; bool g; bool3 h; uint8_t4_packed i; row_major bool2x2 j")
	m := newTestModule(t, spv.Version1_0, NewCalculator(Options{}), RulesFor(Flags{}))
	m.variable(m.lower(e.structs["S"], Void), spv.StorageClassPrivate, "local")
	// Laid-out types only in buffers: newer spirv-val rejects Offset and
	// ArrayStride on types of Private and Function variables.
	blk, err := m.l.Block(BlockSpec{Name: "type.B", Members: []Member{{Name: "s", Type: e.structs["S"]}}, Rule: VkStd430, Interface: StorageBlock})
	if err != nil {
		t.Fatal(err)
	}
	m.variable(blk, spv.StorageClassUniform, "laid")
	text := m.text()
	wantLines(t, text,
		// dxc lowers arrays in buffers with a stride, the same arrays elsewhere without
		"OpDecorate %_arr_v3int_uint_2_0 ArrayStride 16",
		"OpDecorate %_arr_v2uint_uint_2 ArrayStride 8",
		"OpMemberDecorate %S_0 3 Offset 32",
		"OpMemberDecorate %S_0 4 Offset 48",
		"OpMemberDecorate %S_0 4 MatrixStride 8",
		"OpMemberDecorate %S_0 4 RowMajor",
		"%mat2v3float = OpTypeMatrix %v3float 2",
		"%_arr_v3int_uint_2 = OpTypeArray %v3int %uint_2",
		"%_arr_v2bool_uint_2 = OpTypeArray %v2bool %uint_2",
		"%S = OpTypeStruct %float %float %v3float %v3float %mat2v3float %_arr_v3int_uint_2 %bool %v3bool %uint %_arr_v2bool_uint_2",
		"%S_0 = OpTypeStruct %float %float %v3float %v3float %mat2v3float %_arr_v3int_uint_2_0 %uint %v3uint %uint %_arr_v2uint_uint_2",
	)
	noLine(t, text, "OpMemberDecorate %S ")
	if t.Failed() {
		return
	}
	if err := tool.Validate(t, m.bytes(), "vulkan1.0", VkStd430.ValidatorFlags(true)...); err != nil {
		t.Error(err)
	}
}

func TestLowerScalars(t *testing.T) {
	for _, tc := range []struct {
		s         types.Scalar
		r         Rule
		want, w16 string
	}{
		{types.Bool, Void, "%bool = OpTypeBool", "%bool = OpTypeBool"},
		{types.Bool, VkStd140, "%uint = OpTypeInt 32 0", "%uint = OpTypeInt 32 0"},
		{types.Min16Float, Void, "%float = OpTypeFloat 32", "%half = OpTypeFloat 16"},
		{types.Min10Float, Void, "%float = OpTypeFloat 32", "%half = OpTypeFloat 16"},
		{types.Min12Int, Void, "%int = OpTypeInt 32 1", "%short = OpTypeInt 16 1"},
		{types.Min16Uint, Void, "%uint = OpTypeInt 32 0", "%ushort = OpTypeInt 16 0"},
		{types.HalfPP, Void, "%float = OpTypeFloat 32", "%float = OpTypeFloat 32"},
		{types.Float16, Void, "%half = OpTypeFloat 16", "%half = OpTypeFloat 16"},
		{types.Int64, Void, "%long = OpTypeInt 64 1", "%long = OpTypeInt 64 1"},
		{types.Uint64, Void, "%ulong = OpTypeInt 64 0", "%ulong = OpTypeInt 64 0"},
		{types.Double, Void, "%double = OpTypeFloat 64", "%double = OpTypeFloat 64"},
		{types.Int8_4Packed, Void, "%uint = OpTypeInt 32 0", "%uint = OpTypeInt 32 0"},
		{types.LiteralInt, Void, "%int = OpTypeInt 32 1", "%int = OpTypeInt 32 1"},
		{types.LiteralFloat, Void, "%float = OpTypeFloat 32", "%float = OpTypeFloat 32"},
	} {
		for i, want := range []string{tc.want, tc.w16} {
			m := newTestModule(t, spv.Version1_0, NewCalculator(Options{Enable16BitTypes: i == 1}), Rules{})
			m.lower(types.ScalarType(tc.s), tc.r)
			if text := m.text(); !strings.Contains(text, want) {
				t.Errorf("%s under %s (16-bit %v): want %q in\n%s", tc.s, tc.r, i == 1, want, text)
			}
		}
	}
	u := types.NewUniverse(types.Config{})
	m := newTestModule(t, spv.Version1_0, NewCalculator(Options{}), Rules{})
	if id := m.lower(u.NewEnum("E", types.Uint, true), Void); id != m.b.TypeInt(32, true) {
		t.Error("enums lower to int, as dxc does")
	}
}

// Min-precision members are RelaxedPrecision when they stay 32-bit.
func TestLowerRelaxedPrecision(t *testing.T) {
	for _, use16 := range []bool{false, true} {
		e := newEnv(t, types.Config{Enable16BitTypes: use16})
		e.declare("S", "int a; min12int b; min16int c; min16float d; min10float e; float f; min16float2 g[2]")
		m := newTestModule(t, spv.Version1_0, NewCalculator(Options{Enable16BitTypes: use16}), Rules{})
		m.variable(m.lower(e.structs["S"], Void), spv.StorageClassPrivate, "s")
		text := m.text()
		if !use16 {
			wantLines(t, text,
				"OpMemberDecorate %S 1 RelaxedPrecision", "OpMemberDecorate %S 2 RelaxedPrecision",
				"OpMemberDecorate %S 3 RelaxedPrecision", "OpMemberDecorate %S 4 RelaxedPrecision",
				"OpMemberDecorate %S 6 RelaxedPrecision",
				"%S = OpTypeStruct %int %int %int %float %float %float %_arr_v2float_uint_2")
			noLine(t, text, "OpMemberDecorate %S 0 RelaxedPrecision")
			noLine(t, text, "OpMemberDecorate %S 5 RelaxedPrecision")
		} else {
			noLine(t, text, "RelaxedPrecision")
			wantLines(t, text, "%S = OpTypeStruct %int %short %short %half %half %float %_arr_v2half_uint_2")
		}
	}
}

// The std140 cbuffer of dxc's gl-layout test: every member decoration.
func TestLowerCBufferDecorations(t *testing.T) {
	tc := layoutCases()["gl140/cbuffer"]
	e := newEnv(t, types.Config{})
	for _, d := range tc.decls {
		head, body, _ := strings.Cut(d, "{")
		e.declare(head, strings.TrimSuffix(strings.TrimSpace(body), "}"))
	}
	m := newTestModule(t, spv.Version1_0, e.calc(Options{}), RulesFor(Flags{UseGLLayout: true}))
	id, err := m.l.Block(BlockSpec{Name: "type.MyCBuffer", Members: e.members(strings.Trim(tc.root, "{} \t\n")), Rule: GLStd140, Interface: UniformBlock})
	if err != nil {
		t.Fatal(err)
	}
	m.variable(id, spv.StorageClassUniform, "MyCBuffer")
	text := m.text()
	wantLines(t, text,
		"OpDecorate %_arr_mat2v3float_uint_3 ArrayStride 32",
		"OpDecorate %_arr_mat2v2float_uint_4 ArrayStride 32",
		"OpMemberDecorate %R 0 Offset 0",
		"OpDecorate %_arr_R_uint_3 ArrayStride 16",
		"OpMemberDecorate %S 0 Offset 0", "OpMemberDecorate %S 1 Offset 16", "OpMemberDecorate %S 2 Offset 32", "OpMemberDecorate %S 3 Offset 44",
		"OpMemberDecorate %T 0 Offset 0", "OpMemberDecorate %T 1 Offset 16", "OpMemberDecorate %T 2 Offset 64",
		"OpMemberDecorate %T 2 MatrixStride 16", "OpMemberDecorate %T 2 RowMajor", "OpMemberDecorate %T 3 Offset 96",
		"OpMemberDecorate %T 4 Offset 144", "OpMemberDecorate %T 5 Offset 160",
		"OpMemberDecorate %type_MyCBuffer 0 Offset 0", "OpMemberDecorate %type_MyCBuffer 1 Offset 4",
		"OpMemberDecorate %type_MyCBuffer 2 Offset 16", "OpMemberDecorate %type_MyCBuffer 3 Offset 32",
		"OpMemberDecorate %type_MyCBuffer 3 MatrixStride 16", "OpMemberDecorate %type_MyCBuffer 3 ColMajor",
		"OpMemberDecorate %type_MyCBuffer 4 Offset 64", "OpMemberDecorate %type_MyCBuffer 4 MatrixStride 16",
		"OpMemberDecorate %type_MyCBuffer 4 RowMajor", "OpMemberDecorate %type_MyCBuffer 5 Offset 112",
		"OpMemberDecorate %type_MyCBuffer 6 Offset 128", "OpMemberDecorate %type_MyCBuffer 6 MatrixStride 16",
		"OpMemberDecorate %type_MyCBuffer 6 ColMajor", "OpMemberDecorate %type_MyCBuffer 7 Offset 224",
		"OpMemberDecorate %type_MyCBuffer 7 MatrixStride 16", "OpMemberDecorate %type_MyCBuffer 7 RowMajor",
		"OpMemberDecorate %type_MyCBuffer 8 Offset 352", "OpMemberDecorate %type_MyCBuffer 9 Offset 560",
		"OpMemberDecorate %type_MyCBuffer 10 Offset 592", "OpDecorate %type_MyCBuffer Block",
		"%type_MyCBuffer = OpTypeStruct %uint %uint %v3float %mat2v3float %mat2v3float %v2float %_arr_mat2v3float_uint_3 %_arr_mat2v2float_uint_4 %T %_arr_v3int_uint_2 %float",
	)
	wantLines(t, text, `OpMemberName %type_MyCBuffer 0 "a"`, `OpMemberName %type_MyCBuffer 10 "z"`)
	if err := tool.Validate(t, m.bytes(), "vulkan1.0"); err != nil {
		t.Error(err)
	}
}

// Buffer objects: their block structs, names and decorations.
func TestLowerBufferObjects(t *testing.T) {
	for _, v := range []spv.Version{spv.Version1_0, spv.Version1_5} {
		e := newEnv(t, types.Config{})
		e.declare("S", "float a; float3 b; float c[2]")
		e.declare("T", "S s")
		sb := e.u.NewObject(types.StructuredBuffer, e.structs["T"], 0)
		rw := e.u.NewObject(types.RWStructuredBuffer, e.structs["T"], 0)
		mat := e.u.NewObject(types.StructuredBuffer, e.ty("row_major float2x3"), 0)
		cb := e.u.NewObject(types.ConstantBuffer, e.structs["T"], 0)
		tb := e.u.NewObject(types.TextureBuffer, e.structs["T"], 0)
		bab := e.u.NewObject(types.ByteAddressBuffer, nil, 0)
		rwbab := e.u.NewObject(types.RWByteAddressBuffer, nil, 0)
		m := newTestModule(t, v, NewCalculator(Options{}), RulesFor(Flags{}))
		ssbo := spv.StorageClassUniform
		if v >= spv.Version1_4 {
			ssbo = spv.StorageClassStorageBuffer
		}
		m.variable(m.lower(sb, Void), ssbo, "MySBuffer")
		m.variable(m.lower(rw, VkStd430), ssbo, "MyRWSBuffer")
		m.variable(m.lower(mat, Void), ssbo, "MyMats")
		m.variable(m.lower(cb, Void), spv.StorageClassUniform, "MyCBuffer")
		m.variable(m.lower(tb, Void), ssbo, "MyTBuffer")
		m.variable(m.lower(bab, Void), ssbo, "MyBAB")
		m.variable(m.lower(rwbab, Void), ssbo, "MyRWBAB")
		m.variable(m.l.Counter(), ssbo, "counter.var.MyRWSBuffer")
		m.variable(m.lower(e.u.Array(cb, 3), Void), spv.StorageClassUniform, "MyCBuffers")
		text := m.text()
		storage := "BufferBlock"
		if v >= spv.Version1_4 {
			storage = "Block"
		}
		wantLines(t, text,
			"OpDecorate %_arr_float_uint_2 ArrayStride 4",
			"OpMemberDecorate %S 0 Offset 0", "OpMemberDecorate %S 1 Offset 4", "OpMemberDecorate %S 2 Offset 16",
			"OpMemberDecorate %T 0 Offset 0",
			"OpDecorate %_runtimearr_T ArrayStride 32",
			"OpMemberDecorate %type_StructuredBuffer_T 0 Offset 0",
			"OpMemberDecorate %type_StructuredBuffer_T 0 NonWritable",
			"OpDecorate %type_StructuredBuffer_T "+storage,
			"OpMemberDecorate %type_RWStructuredBuffer_T 0 Offset 0",
			"OpDecorate %type_RWStructuredBuffer_T "+storage,
			"OpDecorate %_runtimearr_mat2v3float ArrayStride 32",
			"OpMemberDecorate %type_StructuredBuffer_mat2v3float 0 Offset 0",
			"OpMemberDecorate %type_StructuredBuffer_mat2v3float 0 MatrixStride 16",
			"OpMemberDecorate %type_StructuredBuffer_mat2v3float 0 ColMajor",
			"OpMemberDecorate %type_StructuredBuffer_mat2v3float 0 NonWritable",
			"OpDecorate %_arr_float_uint_2_0 ArrayStride 16",
			"OpMemberDecorate %S_0 2 Offset 16",
			"OpMemberDecorate %type_ConstantBuffer_T 0 Offset 0",
			"OpDecorate %type_ConstantBuffer_T Block",
			"OpMemberDecorate %type_TextureBuffer_T 0 Offset 0",
			"OpMemberDecorate %type_TextureBuffer_T 0 NonWritable",
			"OpDecorate %type_TextureBuffer_T "+storage,
			"OpDecorate %_runtimearr_uint ArrayStride 4",
			"OpMemberDecorate %type_ByteAddressBuffer 0 Offset 0",
			"OpMemberDecorate %type_ByteAddressBuffer 0 NonWritable",
			"OpMemberDecorate %type_RWByteAddressBuffer 0 Offset 0",
			"OpMemberDecorate %type_ACSBuffer_counter 0 Offset 0",
			"%type_StructuredBuffer_T = OpTypeStruct %_runtimearr_T",
			"%type_ConstantBuffer_T = OpTypeStruct %S_0",
			"%_arr_type_ConstantBuffer_T_uint_3 = OpTypeArray %type_ConstantBuffer_T %uint_3",
		)
		// One HLSL struct, two rules: S (std430) and S_0 (std140).
		wantLines(t, text, "%S = OpTypeStruct %float %v3float %_arr_float_uint_2", "%S_0 = OpTypeStruct %float %v3float %_arr_float_uint_2_0")
		noLine(t, text, "OpMemberDecorate %type_RWStructuredBuffer_T 0 NonWritable")
		noLine(t, text, "OpDecorate %_arr_type_ConstantBuffer_T_uint_3 ArrayStride")
		noLine(t, text, "OpMemberDecorate %type_RWByteAddressBuffer 0 NonWritable")
		env := "vulkan1.0"
		if v >= spv.Version1_4 {
			env = "vulkan1.2"
		}
		if err := tool.Validate(t, m.bytes(), env, VkStd430.ValidatorFlags(env == "vulkan1.0")...); err != nil {
			t.Error(err)
		}
	}
}

func TestLowerErrors(t *testing.T) {
	e := newEnv(t, types.Config{})
	e.declare("S", "int2x3 m")
	m := newTestModule(t, spv.Version1_0, NewCalculator(Options{}), RulesFor(Flags{}))
	_, err := m.l.Type(e.structs["S"], VkStd140)
	var le *LowerError
	if !errors.As(err, &le) || le.Msg != ErrNonFloatColumnMajor {
		t.Errorf("column-major int matrix in a buffer: %v", err)
	}
	if _, err := m.l.Type(e.structs["S"], Void); err != nil {
		t.Errorf("column-major int matrix outside buffers: %v", err)
	}
	cb := e.u.NewObject(types.ConstantBuffer, types.Vec(types.Float, 4), 0)
	if _, err := m.l.Type(cb, Void); err == nil || !strings.Contains(err.Error(), "must be a struct") {
		t.Errorf("ConstantBuffer<float4>: %v", err)
	}
	tex := e.u.NewObject(types.Texture2D, nil, 0)
	if _, err := m.l.Type(tex, Void); err == nil {
		t.Error("Texture2D lowered without an Object hook")
	}
	called := false
	m.l.Object = func(t *types.Type, r Rule) (builder.ID, error) {
		called = true
		return m.b.TypeSampler(), nil
	}
	if id, err := m.l.Type(e.u.Array(tex, 2), VkStd430); err != nil || !called || id == 0 {
		t.Errorf("Object hook: %v %v", id, err)
	}
	if _, err := m.l.Type(types.VoidType(), Void); err == nil {
		t.Error("void lowered")
	}

	// DirectXShaderCompiler#2639: a float2 at offset 4 of a struct aligned
	// to 8 straddles once the struct sits at offset 8. dxc emits it and
	// fails validation; we refuse it with a message.
	e.declare("BadStruct", "float one; float2 two")
	e.declare("NestingStruct", "float a_float; BadStruct bad[2]")
	e.declare("Fine", "float4 a_float4; BadStruct bad[2]")
	if _, err := m.l.Type(e.u.NewObject(types.StructuredBuffer, e.structs["NestingStruct"], 0), Void); err == nil ||
		!strings.Contains(err.Error(), "puts element 0.bad[0].two at byte 12 of its buffer") {
		t.Errorf("StructuredBuffer<NestingStruct>: %v", err)
	}
	for _, ok := range []string{"BadStruct", "Fine"} {
		if _, err := m.l.Type(e.u.NewObject(types.StructuredBuffer, e.structs[ok], 0), Void); err != nil {
			t.Errorf("StructuredBuffer<%s>: %v", ok, err)
		}
	}
	// std140 aligns structs to 16: no straddle there.
	if _, err := m.l.Type(e.u.NewObject(types.ConstantBuffer, e.structs["NestingStruct"], 0), Void); err != nil {
		t.Errorf("ConstantBuffer<NestingStruct>: %v", err)
	}
}

// Every case of the layout table, lowered as a block under every rule and
// placed in the storage class that rule is for, passes spirv-val with the
// options that rule needs.
func TestLowerValidates(t *testing.T) {
	tool.Require(t, tool.SpirvVal)
	cases := layoutCases()
	names := make([]string, 0, len(cases))
	for n, tc := range cases {
		if len(tc.diags) == 0 {
			names = append(names, n)
		}
	}
	slices.Sort(names)
	rules := []Rule{VkStd140, VkStd430, GLStd140, GLStd430, DXCBuffer, DXSBuffer, Scalar}
	for _, n := range names {
		tc := cases[n]
		for _, r := range rules {
			if testing.Short() && r != tc.rule {
				continue // -short: each case under its own rule only
			}
			for _, p := range placementsFor(r) {
				t.Run(fmt.Sprintf("%s/%s/%s/%x", n, r, p.sc, uint32(p.v)), func(t *testing.T) {
					t.Parallel()
					validateCase(t, tc, r, p.sc, p.v)
				})
			}
		}
	}
}

type placement struct {
	sc spv.StorageClass
	v  spv.Version
}

// placementsFor lists where blocks of rule r live: uniform-buffer rules in
// Uniform; storage rules in Uniform with BufferBlock (SPIR-V 1.0), in
// StorageBuffer with Block (1.5) and in push constants.
func placementsFor(r Rule) []placement {
	if r.std140Like() {
		return []placement{{spv.StorageClassUniform, spv.Version1_0}}
	}
	return []placement{
		{spv.StorageClassUniform, spv.Version1_0},
		{spv.StorageClassStorageBuffer, spv.Version1_5},
		{spv.StorageClassPushConstant, spv.Version1_0},
	}
}

func validateCase(t *testing.T, tc layoutCase, r Rule, sc spv.StorageClass, v spv.Version) {
	e := newEnv(t, tc.cfg)
	for _, d := range tc.decls {
		head, body, _ := strings.Cut(d, "{")
		e.declare(head, strings.TrimSuffix(strings.TrimSpace(body), "}"))
	}
	m := newTestModule(t, v, e.calc(tc.opts), RulesFor(Flags{}))
	var members []Member
	if body, ok := strings.CutPrefix(tc.root, "{"); ok {
		members = e.members(strings.TrimSuffix(body, "}"))
	} else {
		members = []Member{{Name: "root", Type: e.structs[tc.root]}}
	}
	iface := UniformBlock
	if sc == spv.StorageClassUniform && !r.std140Like() || sc == spv.StorageClassStorageBuffer {
		iface = StorageBlock
	}
	id, err := m.l.Block(BlockSpec{Name: "type.Block", Members: members, Rule: r, Interface: iface})
	if slices.Contains(tc.straddle, r) {
		if err == nil || !strings.Contains(err.Error(), "16-byte boundary") {
			t.Errorf("want the straddle refused, got %v", err)
		}
		return
	}
	if err != nil {
		t.Fatal(err)
	}
	m.variable(id, sc, "block")
	// The same members, unlaid, in a private variable.
	local, err := m.l.Block(BlockSpec{Name: "Local", Members: members, Rule: Void})
	if err != nil {
		t.Fatal(err)
	}
	m.variable(local, spv.StorageClassPrivate, "local")
	env := "vulkan1.0"
	if v >= spv.Version1_5 {
		env = "vulkan1.2"
	}
	if err := tool.Validate(t, m.bytes(), env, r.ValidatorFlags(env == "vulkan1.0")...); err != nil {
		t.Error(err)
	}
}

// fxc cbuffer matrices: float1x2 and row_major float3x1 become arrays of
// one-float registers (ArrayStride 16), as in dxc's dx-layout majorness test.
func TestLowerDXCBufferMatrices(t *testing.T) {
	e := newEnv(t, types.Config{})
	m := newTestModule(t, spv.Version1_0, e.calc(Options{}), RulesFor(Flags{UseDXLayout: true}))
	id, err := m.l.Block(BlockSpec{Name: "type.buffer0", Rule: DXCBuffer, Interface: UniformBlock,
		Members: e.members("float dummy0; float1x2 foo; float2x3 bar[7]; row_major float3x1 zar[5]; float1x3 x[5]; float end")})
	if err != nil {
		t.Fatal(err)
	}
	m.variable(id, spv.StorageClassUniform, "buffer0")
	text := m.text()
	wantLines(t, text,
		"OpDecorate %_arr_float_uint_2 ArrayStride 16",
		"OpDecorate %_arr_mat2v3float_uint_7 ArrayStride 48",
		"OpDecorate %_arr_float_uint_3 ArrayStride 16",
		"OpDecorate %_arr__arr_float_uint_3_uint_5 ArrayStride 48",
		"OpMemberDecorate %type_buffer0 0 Offset 0",
		"OpMemberDecorate %type_buffer0 1 Offset 16",
		"OpMemberDecorate %type_buffer0 2 Offset 48",
		"OpMemberDecorate %type_buffer0 2 MatrixStride 16",
		"OpMemberDecorate %type_buffer0 2 RowMajor",
		"OpMemberDecorate %type_buffer0 3 Offset 384",
		"OpMemberDecorate %type_buffer0 4 Offset 624",
		"OpMemberDecorate %type_buffer0 5 Offset 852",
		"%_arr_float_uint_2 = OpTypeArray %float %uint_2",
		"%type_buffer0 = OpTypeStruct %float %_arr_float_uint_2 %_arr_mat2v3float_uint_7 %_arr__arr_float_uint_3_uint_5 %_arr__arr_float_uint_3_uint_5 %float",
	)
	if err := tool.Validate(t, m.bytes(), "vulkan1.0", DXCBuffer.ValidatorFlags(true)...); err != nil {
		t.Error(err)
	}
}

// packoffset in a cbuffer, as dxc's packoffset test places it.
func TestLowerPackOffset(t *testing.T) {
	e := newEnv(t, types.Config{})
	e.declare("S", "float4 f")
	m := newTestModule(t, spv.Version1_0, e.calc(Options{}), RulesFor(Flags{}))
	id, err := m.l.Block(BlockSpec{Name: "type.MyCBuffer", Rule: VkStd140, Interface: UniformBlock,
		Members: e.members(`float4 data1 : c0; float4 data2 : c2; float data3 : c3.y; float data4 : c3.z;
			float data5 : c3.w; float4 data6 : c100; float2x3 data7 : c110; S data8 : c150`)})
	if err != nil {
		t.Fatal(err)
	}
	m.variable(id, spv.StorageClassUniform, "MyCBuffer")
	var want []string
	for i, off := range []int{0, 32, 52, 56, 60, 1600, 1760, 2400} {
		want = append(want, fmt.Sprintf("OpMemberDecorate %%type_MyCBuffer %d Offset %d", i, off))
	}
	wantLines(t, m.text(), want...)
	if err := tool.Validate(t, m.bytes(), "vulkan1.1"); err != nil {
		t.Error(err)
	}
}

// [[vk::offset]] on a nested struct's fields applies wherever the struct is
// used, each rule laying out the other fields its own way (dxc's
// vk.layout.attr.offset test, under -fvk-use-dx-layout).
func TestLowerVkOffset(t *testing.T) {
	e := newEnv(t, types.Config{})
	e.declare("S", "float a; @32 float2 b; @64 float3 c; float d[2]")
	e.declare("T", "@4 float a; S s; float b")
	m := newTestModule(t, spv.Version1_0, e.calc(Options{}), RulesFor(Flags{UseDXLayout: true}))
	m.variable(m.lower(e.u.NewObject(types.ConstantBuffer, e.structs["T"], 0), Void), spv.StorageClassUniform, "MyCBuffer")
	m.variable(m.lower(e.u.NewObject(types.StructuredBuffer, e.structs["T"], 0), Void), spv.StorageClassUniform, "MySBuffer")
	wantLines(t, m.text(),
		"OpMemberDecorate %S 0 Offset 0", "OpMemberDecorate %S 1 Offset 32", "OpMemberDecorate %S 2 Offset 64", "OpMemberDecorate %S 3 Offset 80",
		"OpMemberDecorate %type_ConstantBuffer_T 0 Offset 4", "OpMemberDecorate %type_ConstantBuffer_T 1 Offset 16", "OpMemberDecorate %type_ConstantBuffer_T 2 Offset 116",
		"OpMemberDecorate %S_0 0 Offset 0", "OpMemberDecorate %S_0 1 Offset 32", "OpMemberDecorate %S_0 2 Offset 64", "OpMemberDecorate %S_0 3 Offset 76",
		"OpMemberDecorate %T 0 Offset 4", "OpMemberDecorate %T 1 Offset 8", "OpMemberDecorate %T 2 Offset 92",
		"%type_ConstantBuffer_T = OpTypeStruct %float %S %float",
		"%T = OpTypeStruct %float %S_0 %float",
	)
	if err := tool.Validate(t, m.bytes(), "vulkan1.0", DXSBuffer.ValidatorFlags(true)...); err != nil {
		t.Error(err)
	}
}

// Unsized arrays are runtime arrays; their stride, as any array's, only
// under a layout rule.
func TestLowerRuntimeArray(t *testing.T) {
	e := newEnv(t, types.Config{})
	m := newTestModule(t, spv.Version1_0, e.calc(Options{}), RulesFor(Flags{}))
	m.lower(e.ty("float3[]"), Void)
	m.lower(e.ty("float3[]"), VkStd430)
	m.lower(e.ty("float3[]"), GLStd140)
	text := m.text()
	wantLines(t, text, "OpDecorate %_runtimearr_v3float_0 ArrayStride 16",
		"%_runtimearr_v3float = OpTypeRuntimeArray %v3float", "%_runtimearr_v3float_0 = OpTypeRuntimeArray %v3float")
	if strings.Count(text, "ArrayStride") != 1 {
		t.Errorf("std430 and std140 float3[] share stride 16, and the unlaid one has none:\n%s", text)
	}
}

func TestLowerEmptyArrayElement(t *testing.T) {
	e := newEnv(t, types.Config{})
	e.declare("E", "")
	m := newTestModule(t, spv.Version1_0, e.calc(Options{}), RulesFor(Flags{}))
	if _, err := m.l.Type(e.ty("E[4]"), VkStd430); err == nil || !strings.Contains(err.Error(), "zero-sized") {
		t.Errorf("array of empty structs under std430: %v", err)
	}
	// std140 pads empty elements to 16 bytes.
	if _, err := m.l.Type(e.ty("E[4]"), VkStd140); err != nil {
		t.Errorf("array of empty structs under std140: %v", err)
	}
	if _, err := m.l.Type(e.ty("E[4]"), Void); err != nil {
		t.Errorf("array of empty structs without layout: %v", err)
	}
}

// dxc names a structured buffer's block after the buffer kind and its element.
func TestLowerStructuredBufferNames(t *testing.T) {
	e := newEnv(t, types.Config{})
	e.declare("Item", "float4 v")
	m := newTestModule(t, spv.Version1_0, e.calc(Options{}), RulesFor(Flags{}))
	for _, tc := range []struct {
		o    types.Object
		elem string
		want string
	}{
		{types.StructuredBuffer, "float4", "type.StructuredBuffer.v4float"},
		{types.RWStructuredBuffer, "uint", "type.RWStructuredBuffer.uint"},
		{types.RWStructuredBuffer, "uint64_t", "type.RWStructuredBuffer.uint64"},
		{types.AppendStructuredBuffer, "row_major float4x3", "type.AppendStructuredBuffer.mat4v3float"},
		{types.ConsumeStructuredBuffer, "float3x4", "type.ConsumeStructuredBuffer.mat3v4float"},
		{types.StructuredBuffer, "uint3", "type.StructuredBuffer.v3uint"},
		{types.StructuredBuffer, "int1", "type.StructuredBuffer.int"},
		{types.StructuredBuffer, "float1x3", "type.StructuredBuffer.v3float"},
		{types.StructuredBuffer, "float[4]", "type.StructuredBuffer."},
		{types.RasterizerOrderedStructuredBuffer, "Item", "type.RasterizerOrderedStructuredBuffer.Item"},
		{types.StructuredBuffer, "min16float2", "type.StructuredBuffer.v2min16float"},
		{types.StructuredBuffer, "half", "type.StructuredBuffer.half"},
		{types.StructuredBuffer, "int16_t", "type.StructuredBuffer.short"},
		{types.StructuredBuffer, "double", "type.StructuredBuffer.double"},
		{types.StructuredBuffer, "bool", "type.StructuredBuffer.bool"},
	} {
		id := m.lower(e.u.NewObject(tc.o, e.ty(tc.elem), 0), VkStd430)
		found := false
		for _, in := range m.b.M.Names {
			if in.Op == spv.OpName && in.Operands[0].ID() == id {
				found = in.Operands[1].Str() == tc.want
				if !found {
					t.Errorf("%s<%s> named %q, want %q", tc.o, tc.elem, in.Operands[1].Str(), tc.want)
				}
			}
		}
		if !found && !t.Failed() {
			t.Errorf("%s<%s>: no name", tc.o, tc.elem)
		}
	}
}

// TextureBuffer<T> under -fvk-use-gl-layout: strict std430, every member of
// the block NonWritable, as in dxc's texture-buffer test.
func TestLowerTextureBufferGL(t *testing.T) {
	e := newEnv(t, types.Config{})
	e.declare("S", "float a[2]; float3 b[2]; row_major float2x3 c[2]; column_major float2x3 d[2]; float2x3 e[2]; row_major int2x3 f[2]; int g")
	e.declare("T", "S s[2]; uint t")
	rules := RulesFor(Flags{UseGLLayout: true})
	m := newTestModule(t, spv.Version1_0, e.calc(Options{}), rules)
	m.variable(m.lower(e.u.NewObject(types.TextureBuffer, e.structs["T"], 0), Void), spv.StorageClassUniform, "buffer2")
	wantLines(t, m.text(),
		"OpDecorate %_arr_float_uint_2 ArrayStride 4",
		"OpDecorate %_arr_v3float_uint_2 ArrayStride 16",
		"OpDecorate %_arr_mat2v3float_uint_2 ArrayStride 32",
		"OpDecorate %_arr_mat2v3float_uint_2_0 ArrayStride 24",
		"OpDecorate %_arr_v3int_uint_2 ArrayStride 16",
		"OpDecorate %_arr__arr_v3int_uint_2_uint_2 ArrayStride 32",
		"OpMemberDecorate %S 0 Offset 0", "OpMemberDecorate %S 1 Offset 16",
		"OpMemberDecorate %S 2 Offset 48", "OpMemberDecorate %S 2 MatrixStride 16", "OpMemberDecorate %S 2 ColMajor",
		"OpMemberDecorate %S 3 Offset 112", "OpMemberDecorate %S 3 MatrixStride 8", "OpMemberDecorate %S 3 RowMajor",
		"OpMemberDecorate %S 4 Offset 160", "OpMemberDecorate %S 4 MatrixStride 8", "OpMemberDecorate %S 4 RowMajor",
		"OpMemberDecorate %S 5 Offset 208", "OpMemberDecorate %S 6 Offset 272",
		"OpDecorate %_arr_S_uint_2 ArrayStride 288",
		"OpMemberDecorate %type_TextureBuffer_T 0 Offset 0", "OpMemberDecorate %type_TextureBuffer_T 0 NonWritable",
		"OpMemberDecorate %type_TextureBuffer_T 1 Offset 576", "OpMemberDecorate %type_TextureBuffer_T 1 NonWritable",
		"OpDecorate %type_TextureBuffer_T BufferBlock",
	)
	if err := tool.Validate(t, m.bytes(), "vulkan1.0"); err != nil {
		t.Error(err)
	}
}

func TestMemberIndex(t *testing.T) {
	e := newEnv(t, types.Config{})
	base := e.declare("B", "float4 x")
	d := e.declare("D : B", "float a; float b")
	alias := e.u.NewAlias("DD", d)
	for _, tc := range []struct {
		st    *types.Type
		field int
		want  uint32
	}{{base, 0, 0}, {d, 0, 1}, {d, 1, 2}, {alias, 1, 2}} {
		if g := NewCalculator(Options{}).MemberIndex(tc.st, tc.field); g != tc.want {
			t.Errorf("MemberIndex(%s, %d) = %d, want %d", tc.st, tc.field, g, tc.want)
		}
	}
}

// Packed bitfields are one SPIR-V member, named after the first.
func TestLowerBitfields(t *testing.T) {
	e := newEnv(t, types.Config{})
	e.declare("S7", "uint f1; uint f2 : 1; uint f3 : 1; uint f4")
	e.declare("S10", "uint f2 : 1; int f1 : 1; uint f3 : 1; int f4 : 1")
	m := newTestModule(t, spv.Version1_0, e.calc(Options{}), RulesFor(Flags{}))
	m.variable(m.lower(e.structs["S7"], Void), spv.StorageClassPrivate, "a")
	m.variable(m.lower(e.structs["S10"], Void), spv.StorageClassPrivate, "b")
	id, err := m.l.Block(BlockSpec{Name: "type.buff", Rule: VkStd140, Interface: UniformBlock,
		Members: []Member{{Name: "s7", Type: e.structs["S7"]}, {Name: "s10", Type: e.structs["S10"]}}})
	if err != nil {
		t.Fatal(err)
	}
	m.variable(id, spv.StorageClassUniform, "buff")
	text := m.text()
	wantLines(t, text,
		`OpMemberName %S7 0 "f1"`, `OpMemberName %S7 1 "f2"`, `OpMemberName %S7 2 "f4"`,
		"OpMemberDecorate %S7_0 0 Offset 0", "OpMemberDecorate %S7_0 1 Offset 4", "OpMemberDecorate %S7_0 2 Offset 8",
		"%S7 = OpTypeStruct %uint %uint %uint",
		"%S10 = OpTypeStruct %uint %int %uint %int",
	)
	noLine(t, text, "OpMemberDecorate %S7_0 3")
	if err := tool.Validate(t, m.bytes(), "vulkan1.1"); err != nil {
		t.Error(err)
	}
}
