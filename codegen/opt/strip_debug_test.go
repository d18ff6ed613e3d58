package opt

import (
	"strings"
	"testing"
)

// debugModule is a fragment shader with every kind of debug information:
// source, strings, names, a processed note, lines, and OpenCL.DebugInfo.100
// scopes, a local variable and its DebugDeclare.
const debugModule = `OpCapability Shader
%dbg = OpExtInstImport "OpenCL.DebugInfo.100"
OpMemoryModel Logical GLSL450
OpEntryPoint Fragment %main "main" %out
OpExecutionMode %main OriginUpperLeft
%file = OpString "a.hlsl"
%vname = OpString "v"
%fname = OpString "float"
%mname = OpString "main"
OpSource HLSL 600 %file "float4 main() { ... }"
OpName %main "main"
OpName %v "v"
OpModuleProcessed "dxc"
OpDecorate %out Location 0
%void = OpTypeVoid
%fn = OpTypeFunction %void
%float = OpTypeFloat 32
%float_1 = OpConstant %float 1
%_ptr_Output_float = OpTypePointer Output %float
%_ptr_Function_float = OpTypePointer Function %float
%out = OpVariable %_ptr_Output_float Output
%expr = OpExtInst %void %dbg DebugExpression
%src = OpExtInst %void %dbg DebugSource %file
%cu = OpExtInst %void %dbg DebugCompilationUnit 1 4 %src HLSL
%tfloat = OpExtInst %void %dbg DebugTypeBasic %fname %float_1 Float
%tfn = OpExtInst %void %dbg DebugTypeFunction FlagIsProtected|FlagIsPrivate %void
%dmain = OpExtInst %void %dbg DebugFunction %mname %tfn %src 1 1 %cu %mname FlagIsProtected|FlagIsPrivate 1 %main
%dv = OpExtInst %void %dbg DebugLocalVariable %vname %tfloat %src 2 1 %dmain FlagIsLocal
%main = OpFunction %void None %fn
%entry = OpLabel
%scope = OpExtInst %void %dbg DebugScope %dmain
OpLine %file 2 1
%v = OpVariable %_ptr_Function_float Function
%decl = OpExtInst %void %dbg DebugDeclare %dv %v %expr
OpLine %file 3 1
OpStore %v %float_1
%x = OpLoad %float %v
OpStore %out %x
OpReturn
OpFunctionEnd
`

func TestStripDebug(t *testing.T) {
	out := check(t, debugModule, lines(
		`CHECK: OpExtInstImport "OpenCL.DebugInfo.100"`,
		"CHECK-NOT: OpString",
		"CHECK-NOT: OpSource",
		"CHECK-NOT: OpName",
		"CHECK-NOT: OpModuleProcessed",
		"CHECK-NOT: OpExtInst %void",
		"CHECK-NOT: OpLine",
		"CHECK: OpStore {{%[0-9]+}} {{%[0-9]+}}",
	), "strip-debug")
	// The result is valid, and stripping again changes nothing.
	checkValid(t, out, "CHECK: OpFunctionEnd\n", "strip-debug")
}

func TestStripDebugKeepsNonSemanticStrings(t *testing.T) {
	// Under SPV_KHR_non_semantic_info a string a non-semantic instruction
	// uses stays (here a DebugPrintf format); the others go.
	src := `OpCapability Shader
OpExtension "SPV_KHR_non_semantic_info"
%printf = OpExtInstImport "NonSemantic.DebugPrintf"
OpMemoryModel Logical GLSL450
OpEntryPoint Fragment %main "main"
OpExecutionMode %main OriginUpperLeft
%file = OpString "a.hlsl"
%fmt = OpString "hello"
OpSource HLSL 600 %file
%void = OpTypeVoid
%fn = OpTypeFunction %void
%main = OpFunction %void None %fn
%entry = OpLabel
OpLine %file 2 1
%p = OpExtInst %void %printf 1 %fmt
OpReturn
OpFunctionEnd
`
	checkValid(t, src, lines(
		"CHECK-NOT: a.hlsl",
		`CHECK: OpString "hello"`,
		"CHECK-NOT: OpLine",
		"CHECK: OpExtInst %void {{%[0-9]+}} 1",
	), "strip-debug")
}

func TestStripNonSemantic(t *testing.T) {
	// NonSemantic.Shader.DebugInfo.100 goes: its import, its module-level
	// and function-level instructions, its scopes and lines among the debug
	// lines (OpLine stays); the HLSL reflection decorations (UserSemantic
	// is HlslSemanticGOOGLE's newer name) and their extensions go.
	src := `OpCapability Shader
OpExtension "SPV_KHR_non_semantic_info"
OpExtension "SPV_GOOGLE_hlsl_functionality1"
OpExtension "SPV_GOOGLE_user_type"
OpExtension "SPV_GOOGLE_decorate_string"
%dbg = OpExtInstImport "NonSemantic.Shader.DebugInfo.100"
OpMemoryModel Logical GLSL450
OpEntryPoint Fragment %main "main" %out
OpExecutionMode %main OriginUpperLeft
%file = OpString "a.hlsl"
%mname = OpString "main"
OpName %main "main"
OpDecorate %out Location 0
OpDecorateString %out UserSemantic "SV_Target"
OpDecorateString %out HlslSemanticGOOGLE "SV_Target"
OpDecorateString %out UserTypeGOOGLE "float"
%void = OpTypeVoid
%fn = OpTypeFunction %void
%float = OpTypeFloat 32
%uint = OpTypeInt 32 0
%uint_1 = OpConstant %uint 1
%uint_3 = OpConstant %uint 3
%uint_4 = OpConstant %uint 4
%uint_5 = OpConstant %uint 5
%float_1 = OpConstant %float 1
%_ptr_Output_float = OpTypePointer Output %float
%out = OpVariable %_ptr_Output_float Output
%src = OpExtInst %void %dbg DebugSource %file
%cu = OpExtInst %void %dbg DebugCompilationUnit %uint_1 %uint_4 %src %uint_5
%tfn = OpExtInst %void %dbg DebugTypeFunction %uint_3 %void
%dmain = OpExtInst %void %dbg DebugFunction %mname %tfn %src %uint_1 %uint_1 %cu %mname %uint_3 %uint_1
%main = OpFunction %void None %fn
%entry = OpLabel
%scope = OpExtInst %void %dbg DebugScope %dmain
%line = OpExtInst %void %dbg DebugLine %src %uint_1 %uint_1 %uint_1 %uint_1
OpLine %file 1 1
%def = OpExtInst %void %dbg DebugFunctionDefinition %dmain %main
OpStore %out %float_1
OpReturn
OpFunctionEnd
`
	checkValid(t, strings.Replace(src, "OpCapability Shader\n", "; Version: 1.3\nOpCapability Shader\n", 1), lines(
		"CHECK-NOT: SPV_KHR_non_semantic_info",
		"CHECK-NOT: SPV_GOOGLE_hlsl_functionality1",
		"CHECK-NOT: SPV_GOOGLE_user_type",
		"CHECK-NOT: SPV_GOOGLE_decorate_string",
		"CHECK-NOT: OpExtInstImport",
		`CHECK: OpString "a.hlsl"`,
		"CHECK-NOT: OpDecorateString",
		"CHECK-NOT: OpExtInst",
		"CHECK: OpLine",
		"CHECK-NEXT: OpStore %out",
	), "strip-nonsemantic")
}

func BenchmarkStripDebug(b *testing.B)       { benchPass(b, "strip-debug") }
func BenchmarkStripNonSemantic(b *testing.B) { benchPass(b, "strip-nonsemantic") }
