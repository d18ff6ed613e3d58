package opt

import (
	"strings"
	"testing"
)

// forwardRefModule has rich debug information where the member function's
// type names the struct declared after it; opcodes and extensions are as
// given.
func forwardRefModule(ext, fnTypeOp, intOp string) string {
	return `OpCapability Shader
OpExtension "SPV_KHR_non_semantic_info"
` + ext + `%dbg = OpExtInstImport "NonSemantic.Shader.DebugInfo.100"
OpMemoryModel Logical GLSL450
OpEntryPoint Fragment %main "main"
OpExecutionMode %main OriginUpperLeft
%file = OpString "a.hlsl"
%sname = OpString "S"
%fname = OpString "f"
%iname = OpString "int"
%void = OpTypeVoid
%fn = OpTypeFunction %void
%uint = OpTypeInt 32 0
%uint_0 = OpConstant %uint 0
%uint_1 = OpConstant %uint 1
%uint_3 = OpConstant %uint 3
%uint_4 = OpConstant %uint 4
%uint_5 = OpConstant %uint 5
%uint_32 = OpConstant %uint 32
%src = OpExtInst %void %dbg DebugSource %file
%cu = OpExtInst %void %dbg DebugCompilationUnit %uint_1 %uint_4 %src %uint_5
%int = ` + intOp + ` %void %dbg DebugTypeBasic %iname %uint_32 %uint_4 %uint_0
%ftype = ` + fnTypeOp + ` %void %dbg DebugTypeFunction %uint_3 %void %struct
%f = ` + fnTypeOp + ` %void %dbg DebugFunction %fname %ftype %src %uint_1 %uint_1 %struct %fname %uint_3 %uint_1
%struct = OpExtInst %void %dbg DebugTypeComposite %sname %uint_1 %src %uint_1 %uint_1 %cu %sname %uint_0 %uint_3 %f
%main = OpFunction %void None %fn
%entry = OpLabel
OpReturn
OpFunctionEnd
`
}

// openCLForwardRefModule is forwardRefModule's forward references in
// OpenCL.DebugInfo.100 (-fspv-debug=rich).
const openCLForwardRefModule = `OpCapability Shader
%dbg = OpExtInstImport "OpenCL.DebugInfo.100"
OpMemoryModel Logical GLSL450
OpEntryPoint Fragment %main "main"
OpExecutionMode %main OriginUpperLeft
%file = OpString "a.hlsl"
%sname = OpString "S"
%fname = OpString "f"
%void = OpTypeVoid
%fn = OpTypeFunction %void
%uint = OpTypeInt 32 0
%uint_0 = OpConstant %uint 0
%src = OpExtInst %void %dbg DebugSource %file
%cu = OpExtInst %void %dbg DebugCompilationUnit 2 4 %src HLSL
%ftype = OpExtInst %void %dbg DebugTypeFunction FlagIsPublic %void %struct
%f = OpExtInst %void %dbg DebugFunction %fname %ftype %src 1 1 %struct %fname FlagIsPublic 1 %main
%struct = OpExtInst %void %dbg DebugTypeComposite %sname Structure %src 1 1 %cu %sname %uint_0 FlagIsPublic %f
%main = OpFunction %void None %fn
%entry = OpLabel
OpReturn
OpFunctionEnd
`

func TestFixOpExtInstOpcodes(t *testing.T) {
	const pass = "fix-opextinst-opcodes"
	// The function type and the function name the struct declared later:
	// they take the forward-reference opcode and the module the extension.
	check(t, forwardRefModule("", "OpExtInst", "OpExtInst"), lines(
		`CHECK: OpExtension "SPV_KHR_relaxed_extended_instruction"`,
		"CHECK: DebugTypeBasic",
		"CHECK: OpExtInstWithForwardRefsKHR %void {{%[0-9]+}} DebugTypeFunction",
		"CHECK: OpExtInstWithForwardRefsKHR %void {{%[0-9]+}} DebugFunction",
		"CHECK: OpExtInst %void {{%[0-9]+}} DebugTypeComposite",
	), pass)
	// The forward-reference opcode where nothing is named ahead goes back
	// to OpExtInst; right where it is needed, it stays.
	check(t, forwardRefModule(`OpExtension "SPV_KHR_relaxed_extended_instruction"`+"\n", "OpExtInstWithForwardRefsKHR", "OpExtInstWithForwardRefsKHR"), lines(
		"CHECK: OpExtInst %void {{%[0-9]+}} DebugTypeBasic",
		"CHECK: OpExtInstWithForwardRefsKHR %void {{%[0-9]+}} DebugTypeFunction",
	), pass)
	// OpenCL.DebugInfo.100 is not a non-semantic set: its instructions
	// stay OpExtInst, and the module needs no extension.
	check(t, openCLForwardRefModule, lines(
		"CHECK-NOT: SPV_KHR_relaxed_extended_instruction",
		"CHECK-NOT: OpExtInstWithForwardRefsKHR",
		"CHECK: OpExtInst %void {{%[0-9]+}} DebugTypeFunction",
	), pass)
	// With no forward reference at all, the extension goes.
	noForward := strings.Replace(forwardRefModule(`OpExtension "SPV_KHR_relaxed_extended_instruction"`+"\n", "OpExtInst", "OpExtInstWithForwardRefsKHR"),
		"%ftype = OpExtInst %void %dbg DebugTypeFunction %uint_3 %void %struct", "%ftype = OpExtInst %void %dbg DebugTypeFunction %uint_3 %void %int", 1)
	noForward = strings.Replace(noForward, "%f = OpExtInst %void %dbg DebugFunction %fname %ftype %src %uint_1 %uint_1 %struct %fname %uint_3 %uint_1\n", "", 1)
	noForward = strings.Replace(noForward, "%uint_0 %uint_3 %f\n", "%uint_0 %uint_3\n", 1)
	check(t, noForward, lines(
		"CHECK-NOT: SPV_KHR_relaxed_extended_instruction",
		"CHECK-NOT: OpExtInstWithForwardRefsKHR",
	), pass)
}

func BenchmarkFixOpExtInstOpcodes(b *testing.B) { benchPass(b, "fix-opextinst-opcodes") }
