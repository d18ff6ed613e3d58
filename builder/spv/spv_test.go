package spv

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"testing"
)

func TestInstructionInfo(t *testing.T) {
	in := InstructionInfo(OpTypeInt)
	if in == nil || in.Name() != "OpTypeInt" || in.Class() != "Type-Declaration" || !in.HasResult || in.HasResultType {
		t.Fatalf("OpTypeInt info = %+v", in)
	}
	if len(in.Operands()) != 3 || in.Operands()[1].Kind != KindLiteralInteger || in.Operands()[1].Name() != "Width" {
		t.Errorf("OpTypeInt operands = %+v", in.Operands())
	}
	load := InstructionInfo(OpLoad)
	if !load.HasResult || !load.HasResultType || load.Operands()[3].Kind != KindMemoryAccess || load.Operands()[3].Quant != Optional {
		t.Errorf("OpLoad = %+v", load)
	}
	ext := InstructionInfo(OpExtInst)
	if ext.Operands()[3].Kind != KindLiteralExtInstInteger || ext.Operands()[4].Quant != Variadic {
		t.Errorf("OpExtInst = %+v", ext)
	}
	if InstructionInfo(9) != nil { // 9 is a hole in the opcode space
		t.Error("opcode 9 has info")
	}
	if InstructionInfo(0xffff) != nil {
		t.Error("opcode 0xffff has info")
	}
	if got := Op(9).String(); got != "Op(9)" {
		t.Errorf("Op(9).String() = %q", got)
	}
	// Aliases share the opcode and print as the canonical name.
	if OpSDotKHR != OpSDot || OpSDotKHR.String() != "OpSDot" {
		t.Errorf("OpSDotKHR = %d %s", OpSDotKHR, OpSDotKHR)
	}
	sdot := InstructionInfo(OpSDot)
	if sdot.Version != Version1_6 || len(sdot.Capabilities()) != 1 || sdot.Capabilities()[0] != CapabilityDotProduct {
		t.Errorf("OpSDot = %+v", sdot)
	}
	if InstructionInfo(OpDecorateString).Version != Version1_4 {
		t.Error("OpDecorateString version")
	}
	if in := InstructionInfo(OpTraceRayKHR); in.Version != VersionNone || len(in.Extensions()) == 0 {
		t.Errorf("OpTraceRayKHR = %+v", in)
	}
}

func TestEveryInstructionConsistent(t *testing.T) {
	n := 0
	for op := 0; op < 0x10000; op++ {
		in := InstructionInfo(Op(op))
		if in == nil {
			continue
		}
		n++
		if int(in.Op) != op {
			t.Errorf("InstructionInfo(%d).Op = %d", op, in.Op)
		}
		if got, ok := OpByName(in.Name()); !ok || got != in.Op {
			t.Errorf("OpByName(%q) = %d, %v", in.Name(), got, ok)
		}
		for _, a := range in.Aliases() {
			if got, _ := OpByName(a); got != in.Op {
				t.Errorf("OpByName(alias %q) = %d", a, got)
			}
		}
		for _, o := range in.Operands() {
			if KindInfoOf(o.Kind) == nil {
				t.Errorf("%s: operand of unknown kind %d", in.Name(), o.Kind)
			}
		}
		if in.HasResultType && in.Operands()[0].Kind != KindIdResultType {
			t.Errorf("%s: result type is not the first operand", in.Name())
		}
	}
	if n != len(instTable) || n < 700 {
		t.Errorf("found %d instructions, table has %d", n, len(instTable))
	}
	if _, ok := OpByName("OpNoSuchThing"); ok {
		t.Error("OpByName accepted an unknown name")
	}
}

func TestKinds(t *testing.T) {
	cases := []struct {
		k    OperandKind
		name string
		cat  Category
	}{
		{KindIdResultType, "IdResultType", CategoryId},
		{KindIdRef, "IdRef", CategoryId},
		{KindLiteralInteger, "LiteralInteger", CategoryLiteral},
		{KindLiteralString, "LiteralString", CategoryLiteral},
		{KindLiteralContextDependentNumber, "LiteralContextDependentNumber", CategoryLiteral},
		{KindLiteralExtInstInteger, "LiteralExtInstInteger", CategoryLiteral},
		{KindLiteralSpecConstantOpInteger, "LiteralSpecConstantOpInteger", CategoryLiteral},
		{KindPairLiteralIntegerIdRef, "PairLiteralIntegerIdRef", CategoryComposite},
		{KindDecoration, "Decoration", CategoryValueEnum},
		{KindImageOperands, "ImageOperands", CategoryBitEnum},
		{KindNonSemanticShaderDebugInfo100DebugInfoFlags, "DebugInfoFlags", CategoryBitEnum},
	}
	for _, c := range cases {
		ki := KindInfoOf(c.k)
		if ki == nil || ki.Kind != c.k || ki.Name() != c.name || ki.Category != c.cat || c.k.Category() != c.cat || c.k.String() != c.name {
			t.Errorf("KindInfoOf(%s) = %+v", c.name, ki)
		}
	}
	if b := KindInfoOf(KindPairIdRefLiteralInteger).Bases(); len(b) != 2 || b[0] != KindIdRef || b[1] != KindLiteralInteger {
		t.Errorf("PairIdRefLiteralInteger bases = %v", b)
	}
	if KindInfoOf(0) != nil || KindInfoOf(255) != nil {
		t.Error("invalid kinds have info")
	}
	if k, ok := KindByName("StorageClass"); !ok || k != KindStorageClass {
		t.Errorf("KindByName(StorageClass) = %v %v", k, ok)
	}
	if k, _ := KindByName("DebugInfoFlags"); k != KindNonSemanticShaderDebugInfo100DebugInfoFlags && k != KindOpenCLDebugInfo100DebugInfoFlags {
		t.Errorf("KindByName(DebugInfoFlags) = %v", k)
	}
}

func TestEnumerants(t *testing.T) {
	e := KindDecoration.Enumerant(uint32(DecorationBuiltIn))
	if e == nil || e.Name() != "BuiltIn" || len(e.Parameters()) != 1 || e.Parameters()[0].Kind != KindBuiltIn {
		t.Fatalf("Decoration BuiltIn = %+v", e)
	}
	if e := KindCapability.Enumerant(uint32(CapabilityShader)); e == nil || e.Name() != "Shader" || len(e.Capabilities()) != 1 || e.Capabilities()[0] != CapabilityMatrix {
		t.Errorf("Capability Shader = %+v", e)
	}
	if e := KindStorageClass.Enumerant(uint32(StorageClassStorageBuffer)); e.Version != Version1_3 || len(e.Extensions()) == 0 {
		t.Errorf("StorageBuffer = %+v", e)
	}
	if KindStorageClass.Enumerant(999) != nil {
		t.Error("StorageClass 999 exists")
	}
	if e := KindImageOperands.Enumerant(uint32(ImageOperandsLod)); e == nil || e.Name() != "Lod" || len(e.Parameters()) != 1 {
		t.Errorf("ImageOperands Lod = %+v", e)
	}
	if e := KindExecutionMode.EnumerantByName("LocalSize"); e == nil || e.Value != uint32(ExecutionModeLocalSize) || len(e.Parameters()) != 3 {
		t.Errorf("LocalSize = %+v", e)
	}
	if e := KindExecutionModel.EnumerantByName("RayGenerationNV"); e == nil || e.Name() != "RayGenerationKHR" {
		t.Errorf("alias RayGenerationNV = %+v", e)
	}
	if KindDim.EnumerantByName("4D") != nil {
		t.Error("Dim 4D exists")
	}
	// Every enumerant of every kind is found by value and by name.
	for i := range kindTable {
		ki := &kindTable[i]
		for j := range ki.Enumerants() {
			e := &ki.Enumerants()[j]
			if got := ki.Kind.Enumerant(e.Value); got != e {
				t.Errorf("%s.Enumerant(%d) = %v, want %s", ki.Name(), e.Value, got, e.Name())
			}
			if got := ki.Kind.EnumerantByName(e.Name()); got != e {
				t.Errorf("%s.EnumerantByName(%s) = %v", ki.Name(), e.Name(), got)
			}
			// DebugInfoFlags's FlagIsPublic is the two access bits together.
			if ki.Category == CategoryBitEnum && e.Value&(e.Value-1) != 0 && ki.Name() != "DebugInfoFlags" {
				t.Errorf("%s.%s = %#x is not a single bit", ki.Name(), e.Name(), e.Value)
			}
		}
	}
}

func TestEnumStrings(t *testing.T) {
	cases := []struct {
		got, want string
	}{
		{CapabilityShader.String(), "Shader"},
		{StorageClassUniformConstant.String(), "UniformConstant"},
		{Dim2D.String(), "2D"},
		{BuiltInFragCoord.String(), "FragCoord"},
		{BuiltInSubgroupEqMaskKHR.String(), "SubgroupEqMask"},
		{StorageClass(12345).String(), "StorageClass(12345)"},
		{(ImageOperandsBias | ImageOperandsLod).String(), "Bias|Lod"},
		{ImageOperandsNone.String(), "None"},
		{MemoryAccess(0x80000000).String(), "0x80000000"},
		{(MemorySemanticsAcquireRelease | MemorySemanticsUniformMemory).String(), "AcquireRelease|UniformMemory"},
		{FunctionControlInline.String(), "Inline"},
		{SelectionControlNone.String(), "None"},
		{Version1_3.String(), "1.3"},
		{VersionNone.String(), "None"},
		{MakeVersion(1, 5).String(), "1.5"},
	}
	for _, c := range cases {
		if c.got != c.want {
			t.Errorf("got %q, want %q", c.got, c.want)
		}
	}
	if uint32(MakeVersion(1, 3)) != 0x00010300 {
		t.Error("MakeVersion(1,3)")
	}
	if GrammarVersion != Version1_6 || MagicNumber != 0x07230203 {
		t.Error("header constants")
	}
}

func TestExtInstSets(t *testing.T) {
	for _, name := range []string{"GLSL.std.450", "NonSemantic.Shader.DebugInfo.100", "OpenCL.DebugInfo.100", "NonSemantic.DebugPrintf"} {
		s := ExtInstSetByName(name)
		if s == nil || s.Name != name || len(s.Insts) == 0 {
			t.Errorf("ExtInstSetByName(%q) = %v", name, s)
			continue
		}
		for i := range s.Insts {
			if got := s.Inst(s.Insts[i].Opcode); got != &s.Insts[i] {
				t.Errorf("%s: Inst(%d) = %v", name, s.Insts[i].Opcode, got)
			}
			if got := s.InstByName(s.Insts[i].Name()); got != &s.Insts[i] {
				t.Errorf("%s: InstByName(%s) = %v", name, s.Insts[i].Name(), got)
			}
		}
	}
	if ExtInstSetByName("GLSL.std.451") != nil {
		t.Error("unknown set found")
	}
	glsl := ExtInstSetByName("GLSL.std.450")
	sqrt := glsl.Inst(GLSLstd450Sqrt)
	if GLSLstd450Sqrt != 31 || sqrt.Name() != "Sqrt" || len(sqrt.Operands()) != 1 || sqrt.Operands()[0].Kind != KindIdRef {
		t.Errorf("Sqrt = %+v", sqrt)
	}
	if glsl.Inst(0) != nil || glsl.Inst(1000) != nil {
		t.Error("GLSL opcode 0/1000 exists")
	}
	di := ExtInstSetByName("NonSemantic.Shader.DebugInfo.100")
	src := di.Inst(NonSemanticShaderDebugInfo100DebugSource)
	if src == nil || src.Name() != "DebugSource" || len(di.Kinds) == 0 {
		t.Errorf("DebugSource = %+v", src)
	}
	pf := ExtInstSetByName("NonSemantic.DebugPrintf").Inst(NonSemanticDebugPrintfDebugPrintf)
	if pf == nil || pf.Operands()[1].Quant != Variadic {
		t.Errorf("DebugPrintf = %+v", pf)
	}
	// OpenCL.DebugInfo.100 operands resolve to its own kinds, not the
	// Shader set's kinds of the same name.
	ocl := ExtInstSetByName("OpenCL.DebugInfo.100")
	basic := ocl.InstByName("DebugTypeBasic")
	if basic == nil || basic.Operands()[2].Kind != KindOpenCLDebugInfo100DebugBaseTypeAttributeEncoding {
		t.Errorf("OpenCL DebugTypeBasic = %+v", basic)
	}
}

// TestInitCost checks that importing the package costs (next to) nothing
// at process start: the tables are static data, not built by init code.
func TestInitCost(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a program")
	}
	goTool := filepath.Join(runtimeGOROOT(), "bin", "go")
	bin := filepath.Join(t.TempDir(), "initcost")
	if out, err := exec.Command(goTool, "build", "-o", bin, "./testdata/initcost").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	cmd := exec.Command(bin)
	cmd.Env = append(os.Environ(), "GODEBUG=inittrace=1")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if !regexp.MustCompile(`OpLoad Shader Sqrt`).Match(out) {
		t.Fatalf("unexpected output:\n%s", out)
	}
	// inittrace lines: "init <pkg> @x ms, y ms clock, z bytes, n allocs".
	m := regexp.MustCompile(`init \S+/builder/spv @\S+ ms, \S+ ms clock, (\d+) bytes, (\d+) allocs`).FindSubmatch(out)
	if m == nil {
		return // no init work at all
	}
	if bytes, _ := strconv.Atoi(string(m[1])); bytes > 4096 {
		t.Errorf("builder/spv init allocates %d bytes:\n%s", bytes, out)
	}
}

func BenchmarkInstructionInfo(b *testing.B) {
	ops := []Op{OpLoad, OpStore, OpAccessChain, OpFAdd, OpTypeVector, OpImageSampleImplicitLod, OpSDot}
	for i := 0; b.Loop(); i++ {
		if InstructionInfo(ops[i%len(ops)]) == nil {
			b.Fatal("missing")
		}
	}
}

func BenchmarkEnumerant(b *testing.B) {
	for b.Loop() {
		if KindCapability.Enumerant(uint32(CapabilityRayTracingKHR)) == nil {
			b.Fatal("missing")
		}
	}
}

func runtimeGOROOT() string {
	if r := os.Getenv("GOROOT"); r != "" {
		return r
	}
	out, err := exec.Command("go", "env", "GOROOT").Output()
	if err != nil {
		return "/usr/local/go"
	}
	return string(regexp.MustCompile(`\s+$`).ReplaceAll(out, nil))
}

func kindOf[E Enum](v E) OperandKind { return v.Kind() }

func TestEnumKinds(t *testing.T) {
	if kindOf(StorageClassUniform) != KindStorageClass || kindOf(ImageOperandsLod) != KindImageOperands || kindOf(CapabilityShader) != KindCapability {
		t.Error("Kind() of typed enums")
	}
}

func TestValueString(t *testing.T) {
	cases := []struct{ got, want string }{
		{KindStorageClass.ValueString(2), "Uniform"},
		{KindStorageClass.ValueString(4242), "StorageClass(4242)"},
		{KindMemoryAccess.ValueString(3), "Volatile|Aligned"},
		{KindMemoryAccess.ValueString(0), "None"},
		{KindIdRef.ValueString(7), "7"},
	}
	for _, c := range cases {
		if c.got != c.want {
			t.Errorf("got %q, want %q", c.got, c.want)
		}
	}
}

// BenchmarkEnumerantDense looks up an enumerant whose value is its index
// (most storage classes, decorations, built-ins).
func BenchmarkEnumerantDense(b *testing.B) {
	for b.Loop() {
		if KindStorageClass.Enumerant(uint32(StorageClassFunction)) == nil {
			b.Fatal("missing")
		}
	}
}
