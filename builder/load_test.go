package builder_test

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/hlsl2spirv/hlsl2spirv/builder"
	"github.com/hlsl2spirv/hlsl2spirv/builder/asm"
	"github.com/hlsl2spirv/hlsl2spirv/builder/spv"
)

// roundTrip loads words and serialises the module again: the words must
// come back unchanged.
func roundTrip(t *testing.T, words []uint32) *builder.Module {
	t.Helper()
	m, err := builder.Load(words)
	if err != nil {
		t.Fatalf("Load: %v", err)
	}
	var out builder.WordSlice
	if err := builder.Serialize(m, &out); err != nil {
		t.Fatalf("Serialize: %v", err)
	}
	if !slices.Equal(out.Words, words) {
		for i := range min(len(out.Words), len(words)) {
			if out.Words[i] != words[i] {
				t.Fatalf("round trip differs first at word %d: %#x, was %#x (%d words, was %d)", i, out.Words[i], words[i], len(out.Words), len(words))
			}
		}
		t.Fatalf("round trip gives %d words, was %d", len(out.Words), len(words))
	}
	return m
}

// TestLoadRoundTripsCorpus loads every assembly fixture of the SPIR-V
// corpus (every instruction class, debug lines, extended sets, spec
// constants, kernels) and writes it back word for word.
func TestLoadRoundTripsCorpus(t *testing.T) {
	files, _ := filepath.Glob("../test/corpus/spirv/*.spvasm")
	if len(files) == 0 {
		t.Fatal("no fixtures")
	}
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			src, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			opts := asm.Options{Version: spv.Version1_6}
			if strings.Contains(string(src), "--preserve-numeric-ids") {
				opts.PreserveNumericIDs = true
			}
			words, err := asm.Assemble(string(src), opts)
			if err != nil {
				t.Fatal(err)
			}
			if outOfOrder[filepath.Base(f)] {
				// Disassembler fixtures need not be valid: these break the
				// module layout order, which Load refuses.
				if _, err := builder.Load(words); err == nil || !strings.Contains(err.Error(), "layout order") {
					t.Fatalf("Load accepted an out-of-order module (or failed otherwise: %v)", err)
				}
				return
			}
			roundTrip(t, words)
		})
	}
}

var outOfOrder = map[string]bool{"raytracing.spvasm": true, "strings_escape.spvasm": true}

// TestLoadRebuildsInterning checks that a loaded module's Context hands out
// the types and constants the module already has instead of new ones.
func TestLoadRebuildsInterning(t *testing.T) {
	m, err := asm.Parse(`
OpCapability Shader
OpMemoryModel Logical GLSL450
OpName %7 "S"
OpMemberName %7 0 "a"
OpDecorate %6 ArrayStride 16
OpMemberDecorate %7 0 Offset 0
%1 = OpTypeFloat 32
%2 = OpTypeInt 32 1
%3 = OpTypeInt 32 0
%4 = OpTypeVector %1 4
%5 = OpConstant %3 4
%6 = OpTypeArray %4 %5
%7 = OpTypeStruct %6
%8 = OpTypePointer Uniform %7
%9 = OpConstant %1 1
%10 = OpConstantComposite %4 %9 %9 %9 %9
%11 = OpConstantNull %4
%13 = OpTypeBool
%12 = OpConstantTrue %13
`, asm.Options{PreserveNumericIDs: true})
	if err != nil {
		t.Fatal(err)
	}
	b := builder.Edit(m)
	float := b.TypeFloat(32)
	checks := []struct {
		name      string
		got, want builder.ID
	}{
		{"float", float, 1},
		{"int", b.TypeInt(32, true), 2},
		{"uint", b.TypeInt(32, false), 3},
		{"v4", b.TypeVector(float, 4), 4},
		{"uint 4", b.ConstUint32(4), 5},
		{"array", b.TypeArray(4, 5, 16), 6},
		{"struct", b.TypeStruct(builder.StructType{Name: "S", Members: []builder.StructMember{{Type: 6, Name: "a", Decorations: []builder.Decoration{builder.Deco(spv.DecorationOffset, builder.Lit(0))}}}}), 7},
		{"pointer", b.TypePointer(spv.StorageClassUniform, 7), 8},
		{"1.0", b.ConstFloat32(1), 9},
		{"composite", b.ConstComposite(4, 9, 9, 9, 9), 10},
		{"null", b.ConstNull(4), 11},
		{"true", b.ConstBool(true), 12},
		{"bool", b.TypeBool(), 13},
	}
	for _, c := range checks {
		if c.got != c.want {
			t.Errorf("%s: got %%%d, want the module's %%%d", c.name, c.got, c.want)
		}
	}
	if n := len(m.Globals); n != 13 {
		t.Errorf("interning added globals: %d, want 13", n)
	}
	if err := b.Err(); err != nil {
		t.Fatal(err)
	}
	// An array differing only in stride is a new type.
	if id := b.TypeArray(4, 5, 32); id <= 13 {
		t.Errorf("an array of another stride reused %%%d", id)
	}
}

// TestEditInternsNames checks that naming through a Context Edit made
// reuses the module's names (interned on first use) and adds new ones
// once.
func TestEditInternsNames(t *testing.T) {
	m, err := asm.Parse(`
OpCapability Shader
OpMemoryModel Logical GLSL450
OpName %1 "f"
OpName %1 "f"
OpMemberName %2 0 "a"
%1 = OpTypeFloat 32
%2 = OpTypeStruct %1
`, asm.Options{PreserveNumericIDs: true})
	if err != nil {
		t.Fatal(err)
	}
	b := builder.Edit(m)
	b.Name(1, "f")
	b.MemberName(2, 0, "a")
	if n := len(m.Names); n != 3 {
		t.Fatalf("naming again what the module names added names: %d, want 3", n)
	}
	b.Name(1, "g")
	b.Name(1, "g")
	b.MemberName(2, 0, "b")
	if n := len(m.Names); n != 5 {
		t.Errorf("new names: %d names, want 5", n)
	}
	if err := b.Err(); err != nil {
		t.Fatal(err)
	}
}

func TestLoadRejectsMalformed(t *testing.T) {
	for name, text := range map[string]string{
		"no memory model":        "OpCapability Shader",
		"name after decorations": "OpCapability Shader\nOpMemoryModel Logical GLSL450\nOpDecorate %x Flat\nOpName %x \"x\"\n%f = OpTypeFloat 32\n%x = OpVariable %p Private",
		"label outside function": "OpCapability Shader\nOpMemoryModel Logical GLSL450\n%l = OpLabel",
		"unterminated block":     "OpCapability Shader\nOpMemoryModel Logical GLSL450\n%v = OpTypeVoid\n%fn = OpTypeFunction %v\n%f = OpFunction %v None %fn\n%l = OpLabel\nOpFunctionEnd",
		"missing function end":   "OpCapability Shader\nOpMemoryModel Logical GLSL450\n%v = OpTypeVoid\n%fn = OpTypeFunction %v\n%f = OpFunction %v None %fn\n%l = OpLabel\nOpReturn",
		"decoration in function": "OpCapability Shader\nOpMemoryModel Logical GLSL450\n%v = OpTypeVoid\n%fn = OpTypeFunction %v\n%f = OpFunction %v None %fn\n%l = OpLabel\nOpDecorate %f Flat\nOpReturn\nOpFunctionEnd",
	} {
		words, err := asm.Assemble(text, asm.Options{})
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if _, err := builder.Load(words); err == nil {
			t.Errorf("%s: loaded without an error", name)
		}
	}
}

// TestLoadKeepsDebugLineBeforeFunctionEnd: a debug line instruction after
// a function's last terminator (glslang's -gVS -Os writes DebugNoScope
// there) stays with the function, in place.
func TestLoadKeepsDebugLineBeforeFunctionEnd(t *testing.T) {
	words, err := asm.Assemble(`OpCapability Shader
OpExtension "SPV_KHR_non_semantic_info"
%dbg = OpExtInstImport "NonSemantic.Shader.DebugInfo.100"
OpMemoryModel Logical GLSL450
OpEntryPoint GLCompute %f "f"
OpExecutionMode %f LocalSize 1 1 1
%v = OpTypeVoid
%fn = OpTypeFunction %v
%f = OpFunction %v None %fn
%l = OpLabel
OpReturn
%n1 = OpExtInst %v %dbg DebugNoScope
OpFunctionEnd
%g = OpFunction %v None %fn
%l2 = OpLabel
OpReturn
%n2 = OpExtInst %v %dbg DebugNoScope
OpFunctionEnd
`, asm.Options{})
	if err != nil {
		t.Fatal(err)
	}
	m := roundTrip(t, words)
	for _, f := range m.Functions {
		if f.EndLine == nil || f.EndLine.Op != spv.OpExtInst {
			t.Errorf("function %%%d: EndLine = %v, want the DebugNoScope", f.Def.Result, f.EndLine)
		}
	}
}
