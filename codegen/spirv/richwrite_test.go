package spirv

import (
	"testing"

	"github.com/hlsl2spirv/hlsl2spirv/builder"
	"github.com/hlsl2spirv/hlsl2spirv/builder/spv"
)

const richModule = `OpCapability Shader
%set = OpExtInstImport "OpenCL.DebugInfo.100"
OpMemoryModel Logical GLSL450
OpEntryPoint GLCompute %main "main"
OpExecutionMode %main LocalSize 1 1 1
OpName %main "main"
%void = OpTypeVoid
%fn = OpTypeFunction %void
%uint = OpTypeInt 32 0
%uint_32 = OpConstant %uint 32
%_ptr_Function_uint = OpTypePointer Function %uint
%main = OpFunction %void None %fn
%entry = OpLabel
%x = OpVariable %_ptr_Function_uint Function
OpStore %x %uint_32
OpBranch %next
%next = OpLabel
OpReturn
OpFunctionEnd
`

// richTestGraph is a small graph over richModule: a source, the
// compilation unit, a lexical block in it (main's scope, and its first
// block's), and a basic type nothing refers to, made last.
func richTestGraph(b *builder.ModuleBuilder) *richGraph {
	g := newRichGraph(false)
	g.set = b.M.ExtInstImports[0].Result
	node := func(inst uint32, ops []dop, visit ...*dnode) *dnode {
		n := &dnode{inst: inst, id: b.NewID(), ops: ops, visit: visit}
		g.nodes = append(g.nodes, n)
		return n
	}
	var uint32ID builder.ID
	for _, in := range b.M.Globals {
		if in.Op == spv.OpConstant {
			uint32ID = in.Result
		}
	}
	src := node(spv.OpenCLDebugInfo100DebugSource, []dop{strOp("a.hlsl")})
	cu := node(spv.OpenCLDebugInfo100DebugCompilationUnit, []dop{litOp(1), litOp(4), nodeOp(src), litOp(dbgLangHLSL)}, src)
	block := node(spv.OpenCLDebugInfo100DebugLexicalBlock, []dop{nodeOp(src), litOp(2), litOp(1), nodeOp(cu)}, cu, src)
	node(spv.OpenCLDebugInfo100DebugTypeBasic, []dop{strOp("uint"), idOp(uint32ID), litOp(dbgEncUnsigned)})
	f := b.M.Functions[0]
	g.fnScope[f.Def.Result] = block
	g.blocks[f.Blocks[0].Label] = block
	g.blocks[f.Blocks[1].Label] = cu
	return &g
}

// The nodes are written after the globals in DXC's order — a post-order
// from the nodes nothing refers to, the last made first, so operands come
// before their users; their strings become OpStrings in that order — and
// each block opens with its DebugScope, after its variables.
func TestWriteRichDebug(t *testing.T) {
	var placed map[*builder.Inst]bool
	checkPass(t, richModule, func(b *builder.ModuleBuilder) {
		placed = map[*builder.Inst]bool{}
		writeRichDebug(b, richTestGraph(b), false, placed)
	}, `
CHECK: [[SET:%[0-9]+]] = OpExtInstImport "OpenCL.DebugInfo.100"
CHECK: [[UINT:%[0-9]+]] = OpString "uint"
CHECK-NEXT: [[FILE:%[0-9]+]] = OpString "a.hlsl"
CHECK: %uint_32 = OpConstant %uint 32
CHECK-NEXT: %_ptr_Function_uint = OpTypePointer Function %uint
CHECK-NEXT: {{%[0-9]+}} = OpExtInst %void [[SET]] DebugTypeBasic [[UINT]] %uint_32 Unsigned
CHECK-NEXT: [[SRC:%[0-9]+]] = OpExtInst %void [[SET]] DebugSource [[FILE]]
CHECK-NEXT: [[CU:%[0-9]+]] = OpExtInst %void [[SET]] DebugCompilationUnit 1 4 [[SRC]] HLSL
CHECK-NEXT: [[BLOCK:%[0-9]+]] = OpExtInst %void [[SET]] DebugLexicalBlock [[SRC]] 2 1 [[CU]]
CHECK-NEXT: %main = OpFunction
CHECK-NEXT: OpLabel
CHECK-NEXT: OpVariable %_ptr_Function_uint
CHECK-NEXT: DebugScope [[BLOCK]]
CHECK-NEXT: DebugScope [[BLOCK]]
CHECK-NEXT: OpStore
CHECK-NEXT: OpBranch
CHECK-NEXT: OpLabel
CHECK-NEXT: DebugScope [[CU]]
CHECK-NEXT: OpReturn
`)
	if len(placed) != 3 {
		t.Errorf("%d DebugScopes recorded for the lines pass, want 3", len(placed))
	}
}

// Under -fcgl the scopes go where DXC writes them: the function's after
// OpFunction, a block's before its first variable.
func TestWriteRichDebugCodeGenOnly(t *testing.T) {
	checkPass(t, richModule, func(b *builder.ModuleBuilder) {
		writeRichDebug(b, richTestGraph(b), true, map[*builder.Inst]bool{})
	}, `
CHECK: [[CU:%[0-9]+]] = OpExtInst %void {{%[0-9]+}} DebugCompilationUnit
CHECK-NEXT: [[BLOCK:%[0-9]+]] = OpExtInst %void {{%[0-9]+}} DebugLexicalBlock
CHECK-NEXT: %main = OpFunction
CHECK-NEXT: DebugScope [[BLOCK]]
CHECK-NEXT: OpLabel
CHECK-NEXT: DebugScope [[BLOCK]]
CHECK-NEXT: OpVariable %_ptr_Function_uint
CHECK-NEXT: OpStore
CHECK-NEXT: OpBranch
CHECK-NEXT: OpLabel
CHECK-NEXT: DebugScope [[CU]]
CHECK-NEXT: OpReturn
`)
}
