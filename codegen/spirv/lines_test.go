package spirv

import (
	"strings"
	"testing"

	"github.com/hlsl2spirv/hlsl2spirv/builder"
	"github.com/hlsl2spirv/hlsl2spirv/builder/spv"
	"github.com/hlsl2spirv/hlsl2spirv/frontend/diag"
)

// functionInsts are the instructions of the function named name, in
// layout order: its OpFunction, parameters and each block's instructions
// (no OpLabel: a block's label is not an instruction of the IR).
func functionInsts(t *testing.T, m *builder.Module, name string) []*builder.Inst {
	t.Helper()
	id := namedID(t, m, name) // flags_test.go
	for _, f := range m.Functions {
		if f.Def.Result == id {
			ins := append([]*builder.Inst{f.Def}, f.Params...)
			for _, b := range f.Blocks {
				ins = append(ins, b.Insts...)
			}
			return ins
		}
	}
	t.Fatalf("no function %q", name)
	return nil
}

// linesSource is the file the positions of the lines tests point into:
// line N, column C is at the offset of the C-th character of line N.
const linesSource = "void f() {\n  int a = 1 + 1;\n  if (c)\n  {}\n}\n[numthreads(1,1,1)]\n"

// at is the position of line, col in file.
func at(file *diag.File, line, col int) diag.Pos {
	off := 0
	for range line - 1 {
		off += strings.IndexByte(linesSource[off:], '\n') + 1
	}
	return file.Pos(off + col - 1)
}

const linesModule = `OpCapability Shader
OpMemoryModel Logical GLSL450
OpEntryPoint GLCompute %main "main"
OpExecutionMode %main LocalSize 1 1 1
OpName %main "main"
OpName %f "f"
%void = OpTypeVoid
%fn = OpTypeFunction %void
%int = OpTypeInt 32 1
%int_1 = OpConstant %int 1
%bool = OpTypeBool
%true = OpConstantTrue %bool
%main = OpFunction %void None %fn
%entry = OpLabel
%w = OpIAdd %int %int_1 %int_1
%call = OpFunctionCall %void %f
OpReturn
OpFunctionEnd
%f = OpFunction %void None %fn
%b0 = OpLabel
%a = OpIAdd %int %int_1 %int_1
%b = OpIMul %int %a %int_1
%c = OpISub %int %a %b
OpSelectionMerge %merge None
OpBranchConditional %true %then %merge
%then = OpLabel
OpBranch %merge
%merge = OpLabel
OpReturn
OpFunctionEnd
`

// DXC's line placement: a line when the position changes, an OpNoLine
// after a positioned instruction when one has none, nothing between a
// merge and its branch, a fresh line after each label and terminator, and
// only OpFunction and OpReturn of an entry wrapper.
func TestAttachLines(t *testing.T) {
	fs := diag.NewFileSet()
	file := fs.AddFile("a.hlsl", []byte(linesSource))
	checkPass(t, linesModule, func(b *builder.ModuleBuilder) {
		table := &lineTable{locs: map[*builder.Inst]diag.Pos{}, files: map[string]builder.ID{}}
		mainInsts := functionInsts(t, b.M, "main") // OpFunction, OpIAdd, OpFunctionCall, OpReturn
		for i, p := range []diag.Pos{at(file, 6, 1), at(file, 2, 3), at(file, 2, 3), at(file, 5, 1)} {
			table.locs[mainInsts[i]] = p
		}
		table.wrappers = map[builder.ID]bool{mainInsts[0].Result: true}
		fInsts := functionInsts(t, b.M, "f")
		// OpFunction, OpIAdd, OpIMul, OpISub (none), OpSelectionMerge,
		// OpBranchConditional, OpBranch, OpReturn (none)
		for i, p := range map[int]diag.Pos{0: at(file, 1, 1), 1: at(file, 2, 11), 2: at(file, 2, 11),
			4: at(file, 3, 3), 5: at(file, 3, 7), 6: at(file, 4, 3)} {
			table.locs[fInsts[i]] = p
		}
		attachLines(b, fs, table)
	}, `
CHECK: [[FILE:%[0-9]+]] = OpString "a.hlsl"
CHECK: OpLine [[FILE]] 6 1
CHECK-NEXT: %main = OpFunction
CHECK-NEXT: OpLabel
CHECK-NEXT: OpIAdd
CHECK-NEXT: OpFunctionCall
CHECK-NEXT: OpLine [[FILE]] 5 1
CHECK-NEXT: OpReturn
CHECK-NEXT: OpFunctionEnd
CHECK-NEXT: OpLine [[FILE]] 1 1
CHECK-NEXT: %f = OpFunction
CHECK-NEXT: OpLabel
CHECK-NEXT: OpLine [[FILE]] 2 11
CHECK-NEXT: OpIAdd
CHECK-NEXT: OpIMul
CHECK-NEXT: OpNoLine
CHECK-NEXT: OpISub
CHECK-NEXT: OpLine [[FILE]] 3 3
CHECK-NEXT: OpSelectionMerge
CHECK-NEXT: OpBranchConditional
CHECK-NEXT: OpLabel
CHECK-NEXT: OpLine [[FILE]] 4 3
CHECK-NEXT: OpBranch
CHECK-NEXT: OpLabel
CHECK-NEXT: OpReturn
`)
}

// With positionsOnly every positioned instruction carries its raw
// position as the line, wherever it is.
func TestAttachLinesPositionsOnly(t *testing.T) {
	fs := diag.NewFileSet()
	file := fs.AddFile("a.hlsl", []byte(linesSource))
	checkPass(t, linesModule, func(b *builder.ModuleBuilder) {
		table := &lineTable{locs: map[*builder.Inst]diag.Pos{}, files: map[string]builder.ID{}, positionsOnly: true}
		ins := functionInsts(t, b.M, "f")
		table.locs[ins[1]] = file.Pos(3)
		table.locs[ins[2]] = file.Pos(3)
		attachLines(b, fs, table)
	}, `
CHECK: [[FILE:%[0-9]+]] = OpString ""
CHECK: OpLine [[FILE]] [[#POS:]] 0
CHECK-NEXT: OpIAdd
CHECK-NEXT: OpLine [[FILE]] [[#POS]] 0
CHECK-NEXT: OpIMul
CHECK-NEXT: OpISub
`)
}

// NonSemantic.Shader.DebugInfo.100 lines are DebugLine instructions
// naming the file's DebugSource, with the expression's source range; a
// DebugScope ends the current line without a DebugNoLine; OpFunction
// takes no line.
func TestAttachLinesNonSemantic(t *testing.T) {
	fs := diag.NewFileSet()
	file := fs.AddFile("a.hlsl", []byte(linesSource))
	src := strings.Replace(linesModule, "OpMemoryModel Logical GLSL450\n",
		"OpExtension \"SPV_KHR_non_semantic_info\"\n%set = OpExtInstImport \"NonSemantic.Shader.DebugInfo.100\"\nOpMemoryModel Logical GLSL450\n", 1)
	src = strings.Replace(src, "OpName %main", "%name = OpString \"a.hlsl\"\nOpName %main", 1)
	src = strings.Replace(src, "%true = OpConstantTrue %bool\n",
		"%true = OpConstantTrue %bool\n%src = OpExtInst %void %set DebugSource %name\n", 1)
	checkPass(t, src, func(b *builder.ModuleBuilder) {
		// the emitter's DebugScope, first in f's body (the loader would
		// have folded one written in the text into the next instruction)
		set := b.M.ExtInstImports[0].Result
		source := b.M.Globals[len(b.M.Globals)-1].Result
		scope := &builder.Inst{Op: spv.OpExtInst, Type: b.TypeVoid(), Result: b.NewID(),
			Operands: []builder.Operand{builder.Ref(set), builder.Lit(spv.OpenCLDebugInfo100DebugScope), builder.Ref(source)}}
		body := b.M.Functions[1].Blocks[0]
		body.Insts = append([]*builder.Inst{scope}, body.Insts...)
		ins := functionInsts(t, b.M, "f") // OpFunction, DebugScope, OpIAdd, OpIMul, OpISub, ...
		table := &lineTable{locs: map[*builder.Inst]diag.Pos{}, ranges: map[*builder.Inst][2]diag.Pos{},
			files: map[string]builder.ID{}, scopes: map[*builder.Inst]bool{scope: true}, richLines: true, set: set, source: source}
		table.locs[ins[0]] = at(file, 1, 1)
		for _, in := range ins[2:4] {
			table.locs[in] = at(file, 2, 11)
			table.ranges[in] = [2]diag.Pos{at(file, 2, 11), at(file, 2, 15)}
		}
		attachLines(b, fs, table)
	}, `
CHECK: [[SET:%[0-9]+]] = OpExtInstImport
CHECK: [[SRC:%[0-9]+]] = OpExtInst %void [[SET]] DebugSource
CHECK: %f = OpFunction
CHECK-NEXT: OpLabel
CHECK-NEXT: DebugScope
CHECK-NEXT: OpExtInst %void [[SET]] DebugLine [[SRC]] %uint_2 %uint_2 %uint_11 %uint_15
CHECK-NEXT: OpIAdd
CHECK-NEXT: OpIMul
CHECK-NEXT: OpExtInst %void [[SET]] DebugNoLine
CHECK-NEXT: OpISub
`)
}
