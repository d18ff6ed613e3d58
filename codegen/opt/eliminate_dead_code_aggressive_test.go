package opt

import (
	"strings"
	"testing"
)

const adceFlag = "eliminate-dead-code-aggressive"

// fragTypes are the declarations most ADCE tests share: a fragment shader
// reading a color input and writing a color output.
const fragTypes = `OpCapability Shader
%glsl = OpExtInstImport "GLSL.std.450"
OpMemoryModel Logical GLSL450
OpEntryPoint Fragment %main "main" %in %out
OpExecutionMode %main OriginUpperLeft
OpName %main "main"
OpName %in "in"
OpName %out "out"
OpDecorate %in Location 0
OpDecorate %out Location 0
%void = OpTypeVoid
%fn = OpTypeFunction %void
%bool = OpTypeBool
%true = OpConstantTrue %bool
%float = OpTypeFloat 32
%v4float = OpTypeVector %float 4
%int = OpTypeInt 32 1
%int_0 = OpConstant %int 0
%int_1 = OpConstant %int 1
%int_10 = OpConstant %int 10
%float_0 = OpConstant %float 0
%float_1 = OpConstant %float 1
%float_2 = OpConstant %float 2
%_ptr_Input_v4float = OpTypePointer Input %v4float
%_ptr_Output_v4float = OpTypePointer Output %v4float
%_ptr_Function_v4float = OpTypePointer Function %v4float
%_ptr_Function_int = OpTypePointer Function %int
%_ptr_Private_v4float = OpTypePointer Private %v4float
%in = OpVariable %_ptr_Input_v4float Input
%out = OpVariable %_ptr_Output_v4float Output
`

func TestADCEDeadArithmeticAndLocalStores(t *testing.T) {
	src := fragTypes + `%main = OpFunction %void None %fn
%entry = OpLabel
%v = OpVariable %_ptr_Function_v4float Function
%dead = OpVariable %_ptr_Function_v4float Function
%x = OpLoad %v4float %in
%y = OpFAdd %v4float %x %x
%unused = OpFMul %v4float %y %y
%frexp = OpExtInst %v4float %glsl Sqrt %x
OpStore %dead %y
OpStore %v %x
%l = OpLoad %v4float %v
OpStore %out %l
OpReturn
OpFunctionEnd
`
	checkValid(t, src, lines(
		"CHECK: OpEntryPoint Fragment %main \"main\" %in %out",
		"CHECK: %entry = OpLabel",
		"CHECK-NEXT: %v = OpVariable",
		"CHECK-NEXT: %x = OpLoad %v4float %in",
		"CHECK-NEXT: OpStore %v %x",
		"CHECK-NEXT: %l = OpLoad %v4float %v",
		"CHECK-NEXT: OpStore %out %l",
		"CHECK-NEXT: OpReturn",
	), adceFlag)
	out := check(t, src, "CHECK: OpFunctionEnd\n", adceFlag)
	for _, gone := range []string{"%dead", "OpFAdd", "OpFMul", "Sqrt"} {
		if strings.Contains(out, gone) {
			t.Errorf("%s should be gone:\n%s", gone, out)
		}
	}
}

func TestADCEKeepsFrexpAndCalls(t *testing.T) {
	// Frexp writes through its pointer; a call may have effects.
	src := fragTypes + `%_ptr_Function_int_ = OpTypePointer Function %int
%v4int = OpTypeVector %int 4
%_ptr_Function_v4int = OpTypePointer Function %v4int
%main = OpFunction %void None %fn
%entry = OpLabel
%e = OpVariable %_ptr_Function_v4int Function
%x = OpLoad %v4float %in
%m = OpExtInst %v4float %glsl Frexp %x %e
%c = OpFunctionCall %void %f
OpReturn
OpFunctionEnd
%f = OpFunction %void None %fn
%fe = OpLabel
OpReturn
OpFunctionEnd
`
	check(t, src, lines(
		"CHECK: Frexp",
		"CHECK: OpFunctionCall %void %f",
	), adceFlag)
}

func TestADCEInterface(t *testing.T) {
	src := strings.Replace(fragTypes, `OpEntryPoint Fragment %main "main" %in %out`, `OpEntryPoint Fragment %main "main" %in %out %in2 %out2`, 1) +
		`%in2 = OpVariable %_ptr_Input_v4float Input
%out2 = OpVariable %_ptr_Output_v4float Output
%main = OpFunction %void None %fn
%entry = OpLabel
%x = OpLoad %v4float %in2
OpStore %out %x
OpReturn
OpFunctionEnd
`
	// The unread input goes from the interface and the module; outputs
	// stay even unwritten.
	out := check(t, src, lines(
		"CHECK: OpEntryPoint Fragment %main \"main\" %out %in2 %out2",
		"CHECK-NOT: OpName %in \"in\"",
		"CHECK-NOT: OpDecorate %in Location",
		"CHECK-NOT: %in = OpVariable",
	), adceFlag)
	if !strings.Contains(out, "%out2 = OpVariable") {
		t.Errorf("the unwritten output was deleted:\n%s", out)
	}
	// -fspv-preserve-interface keeps every interface variable.
	checkWith(t, src, lines(
		"CHECK: OpEntryPoint Fragment %main \"main\" %in %out %in2 %out2",
		"CHECK: %in = OpVariable %_ptr_Input_v4float Input",
	), Options{PreserveInterface: true}, adceFlag)
}

func TestADCEDeadGlobals(t *testing.T) {
	src := fragTypes + `OpName %S "S"
OpMemberName %S 0 "m"
OpDecorate %buf DescriptorSet 0
OpDecorate %buf Binding 3
OpDecorate %S Block
OpMemberDecorate %S 0 Offset 0
%S = OpTypeStruct %v4float
%_ptr_Uniform_S = OpTypePointer Uniform %S
%buf = OpVariable %_ptr_Uniform_S Uniform
%unusedc = OpConstantComposite %v4float %float_1 %float_1 %float_1 %float_1
%priv = OpVariable %_ptr_Private_v4float Private
%main = OpFunction %void None %fn
%entry = OpLabel
OpStore %priv %unusedc
OpReturn
OpFunctionEnd
`
	// Decorations out of order are fine for the parser; put them where
	// they belong first.
	src = moveAnnotations(src)
	out := check(t, src, "CHECK: OpReturn\n", adceFlag)
	for _, gone := range []string{"%buf", "%S", "OpMemberName", "%unusedc", "%priv", "Private", "%_ptr_Uniform_S", "%int_10", "%float_2", "%_ptr_Function_int"} {
		if strings.Contains(out, gone) {
			t.Errorf("%s should be gone:\n%s", gone, out)
		}
	}
	// -fspv-preserve-bindings keeps the resource, its type and decorations.
	checkWith(t, src, lines(
		"CHECK: OpName %S \"S\"",
		"CHECK: OpMemberName %S 0 \"m\"",
		"CHECK: OpDecorate %buf DescriptorSet 0",
		"CHECK: OpDecorate %buf Binding 3",
		"CHECK: OpDecorate %S Block",
		"CHECK: %buf = OpVariable %_ptr_Uniform_S Uniform",
	), Options{PreserveBindings: true}, adceFlag)
}

// moveAnnotations moves the OpDecorate/OpMemberDecorate/OpMemberName lines
// of a test module to their sections (tests append them at the end of the
// shared declarations for brevity).
func moveAnnotations(src string) string {
	var names, decos, rest []string
	for _, l := range strings.Split(strings.TrimRight(src, "\n"), "\n") {
		switch {
		case strings.HasPrefix(l, "OpMemberName"), strings.HasPrefix(l, "OpName %S"):
			names = append(names, l)
		case strings.HasPrefix(l, "OpDecorate"), strings.HasPrefix(l, "OpMemberDecorate"):
			decos = append(decos, l)
		default:
			rest = append(rest, l)
		}
	}
	var out []string
	for _, l := range rest {
		out = append(out, l)
		if l == `OpName %out "out"` {
			out = append(out, names...)
			out = append(out, decos...)
		}
	}
	return strings.Join(out, "\n") + "\n"
}

func TestADCEDeadIfAndSwitch(t *testing.T) {
	src := fragTypes + `%main = OpFunction %void None %fn
%entry = OpLabel
%v = OpVariable %_ptr_Function_v4float Function
%x = OpLoad %v4float %in
%c = OpCompositeExtract %float %x 0
%cond = OpFOrdLessThan %bool %c %float_0
OpSelectionMerge %merge None
OpBranchConditional %cond %then %else
%then = OpLabel
OpStore %v %x
OpBranch %merge
%else = OpLabel
%y = OpFAdd %v4float %x %x
OpStore %v %y
OpBranch %merge
%merge = OpLabel
%sel = OpConvertFToS %int %c
OpSelectionMerge %smerge None
OpSwitch %sel %smerge 1 %case1 2 %case2
%case1 = OpLabel
OpBranch %smerge
%case2 = OpLabel
OpBranch %smerge
%smerge = OpLabel
OpStore %out %x
OpReturn
OpFunctionEnd
`
	// Nothing reads %v: both constructs go, their headers branch to the
	// merge blocks, and the blocks in between are deleted.
	checkValid(t, src, lines(
		"CHECK: %entry = OpLabel",
		"CHECK-NEXT: %x = OpLoad %v4float %in",
		"CHECK-NEXT: OpBranch %merge",
		"CHECK-NEXT: %merge = OpLabel",
		"CHECK-NEXT: OpBranch %smerge",
		"CHECK-NEXT: %smerge = OpLabel",
		"CHECK-NEXT: OpStore %out %x",
		"CHECK-NEXT: OpReturn",
		"CHECK-NEXT: OpFunctionEnd",
	), adceFlag)
}

func TestADCELiveIfWithPhi(t *testing.T) {
	src := fragTypes + `%main = OpFunction %void None %fn
%entry = OpLabel
%x = OpLoad %v4float %in
%c = OpCompositeExtract %float %x 0
%cond = OpFOrdLessThan %bool %c %float_0
%deadcond = OpFOrdGreaterThan %bool %c %float_0
OpSelectionMerge %merge None
OpBranchConditional %cond %then %merge
%then = OpLabel
%y = OpFAdd %v4float %x %x
%z = OpFMul %v4float %x %x
OpSelectionMerge %inner None
OpBranchConditional %deadcond %t2 %inner
%t2 = OpLabel
OpBranch %inner
%inner = OpLabel
OpBranch %merge
%merge = OpLabel
%p = OpPhi %v4float %x %entry %y %inner
OpStore %out %p
OpReturn
OpFunctionEnd
`
	checkValid(t, src, lines(
		"CHECK: OpSelectionMerge %merge None",
		"CHECK-NEXT: OpBranchConditional %cond %then %merge",
		"CHECK: %then = OpLabel",
		"CHECK-NEXT: %y = OpFAdd %v4float %x %x",
		"CHECK-NEXT: OpBranch %inner",
		"CHECK-NEXT: %inner = OpLabel",
		"CHECK-NEXT: OpBranch %merge",
		"CHECK: %p = OpPhi %v4float %x %entry %y %inner",
	), adceFlag)
}

func TestADCELoops(t *testing.T) {
	// A loop computing nothing used goes entirely; a loop whose result is
	// stored to the output stays, with its break and continue.
	loop := func(store string) string {
		return fragTypes + `%main = OpFunction %void None %fn
%entry = OpLabel
%i = OpVariable %_ptr_Function_int Function
%acc = OpVariable %_ptr_Function_v4float Function
%x = OpLoad %v4float %in
OpStore %i %int_0
OpStore %acc %x
OpBranch %header
%header = OpLabel
OpLoopMerge %merge %continue None
OpBranch %check
%check = OpLabel
%iv = OpLoad %int %i
%lt = OpSLessThan %bool %iv %int_10
OpBranchConditional %lt %body %merge
%body = OpLabel
%a = OpLoad %v4float %acc
%a2 = OpFAdd %v4float %a %x
OpStore %acc %a2
OpBranch %continue
%continue = OpLabel
%iv2 = OpLoad %int %i
%inc = OpIAdd %int %iv2 %int_1
OpStore %i %inc
OpBranch %header
%merge = OpLabel
` + store + `OpReturn
OpFunctionEnd
`
	}
	checkValid(t, loop(""), lines(
		"CHECK: %entry = OpLabel",
		"CHECK-NEXT: OpBranch %header",
		"CHECK-NEXT: %header = OpLabel",
		"CHECK-NEXT: OpBranch %merge",
		"CHECK-NEXT: %merge = OpLabel",
		"CHECK-NEXT: OpReturn",
		"CHECK-NOT: OpLoopMerge",
	), adceFlag)
	checkValid(t, loop("%r = OpLoad %v4float %acc\nOpStore %out %r\n"), lines(
		"CHECK: %header = OpLabel",
		"CHECK-NEXT: OpLoopMerge %merge %continue None",
		"CHECK: OpBranchConditional %lt %body %merge",
		"CHECK: OpStore %acc %a2",
		"CHECK: %continue = OpLabel",
		"CHECK: OpStore %i %inc",
		"CHECK-NEXT: OpBranch %header",
		"CHECK: OpStore %out %r",
	), adceFlag)
}

func TestADCEPrivateVariables(t *testing.T) {
	// In an entry point without calls a Private variable is as local as a
	// Function one: stores nobody reads go. With a call they stay.
	body := func(call string) string {
		return fragTypes + `%priv = OpVariable %_ptr_Private_v4float Private
%main = OpFunction %void None %fn
%entry = OpLabel
%x = OpLoad %v4float %in
OpStore %priv %x
` + call + `OpStore %out %x
OpReturn
OpFunctionEnd
%f = OpFunction %void None %fn
%fe = OpLabel
OpReturn
OpFunctionEnd
`
	}
	out := check(t, body(""), "CHECK-NOT: OpStore %priv\n", adceFlag)
	if strings.Contains(out, "%priv") {
		t.Errorf("the private variable should be gone:\n%s", out)
	}
	check(t, body("%c = OpFunctionCall %void %f\n"), "CHECK: OpStore %priv %x\n", adceFlag)
}

func TestADCEUnreachableMergeReturns(t *testing.T) {
	// A dead loop whose merge block was unreachable: the header now
	// branches to the merge block, which returns.
	src := fragTypes + `%main = OpFunction %void None %fn
%entry = OpLabel
OpStore %out %float_0v
OpBranch %header
%header = OpLabel
OpLoopMerge %merge %header None
OpBranch %header
%merge = OpLabel
OpUnreachable
OpFunctionEnd
`
	src = strings.Replace(src, "%_ptr_Input_v4float = ", "%float_0v = OpConstantComposite %v4float %float_0 %float_0 %float_0 %float_0\n%_ptr_Input_v4float = ", 1)
	checkValid(t, src, lines(
		"CHECK: OpStore %out %{{[0-9]+}}",
		"CHECK-NEXT: OpBranch %header",
		"CHECK-NEXT: %header = OpLabel",
		"CHECK-NEXT: OpBranch %merge",
		"CHECK-NEXT: %merge = OpLabel",
		"CHECK-NEXT: OpReturn",
	), adceFlag)
}

func TestADCEDecorations(t *testing.T) {
	src := `OpCapability Shader
OpExtension "SPV_GOOGLE_hlsl_functionality1"
OpMemoryModel Logical GLSL450
OpEntryPoint GLCompute %main "main"
OpExecutionMode %main LocalSize 1 1 1
OpDecorate %wg BuiltIn WorkgroupSize
OpDecorateId %buf HlslCounterBufferGOOGLE %counter
OpDecorate %buf DescriptorSet 0
OpDecorate %buf Binding 0
OpDecorate %counter DescriptorSet 0
OpDecorate %counter Binding 1
OpDecorate %S Block
OpMemberDecorate %S 0 Offset 0
%void = OpTypeVoid
%fn = OpTypeFunction %void
%uint = OpTypeInt 32 0
%uint_1 = OpConstant %uint 1
%uint_0 = OpConstant %uint 0
%v3uint = OpTypeVector %uint 3
%wg = OpConstantComposite %v3uint %uint_1 %uint_1 %uint_1
%S = OpTypeStruct %uint
%_ptr_StorageBuffer_S = OpTypePointer StorageBuffer %S
%_ptr_StorageBuffer_uint = OpTypePointer StorageBuffer %uint
%buf = OpVariable %_ptr_StorageBuffer_S StorageBuffer
%counter = OpVariable %_ptr_StorageBuffer_S StorageBuffer
%main = OpFunction %void None %fn
%entry = OpLabel
%p = OpAccessChain %_ptr_StorageBuffer_uint %buf %uint_0
OpStore %p %uint_1
OpReturn
OpFunctionEnd
`
	// The workgroup size stays though nothing uses it; the counter buffer
	// nobody uses goes, and the decoration pointing at it with it.
	out := check(t, src, lines(
		"CHECK: OpDecorate %gl_WorkGroupSize BuiltIn WorkgroupSize",
		"CHECK-NOT: HlslCounterBufferGOOGLE",
		"CHECK: %gl_WorkGroupSize = OpConstantComposite",
	), adceFlag)
	if strings.Contains(out, "%counter") {
		t.Errorf("the counter should be gone:\n%s", out)
	}
}

func TestADCELeavesUnsupportedModules(t *testing.T) {
	src := strings.Replace(fragTypes, "OpCapability Shader\n", "OpCapability Shader\nOpCapability VariablePointersStorageBuffer\nOpExtension \"SPV_KHR_variable_pointers\"\n", 1) +
		`%main = OpFunction %void None %fn
%entry = OpLabel
%x = OpLoad %v4float %in
%y = OpFAdd %v4float %x %x
OpReturn
OpFunctionEnd
`
	check(t, src, "CHECK: %y = OpFAdd\n", adceFlag)
}

func TestADCEStoreThroughParameterStays(t *testing.T) {
	src := fragTypes + `%fnp = OpTypeFunction %void %_ptr_Function_v4float
%main = OpFunction %void None %fn
%entry = OpLabel
%v = OpVariable %_ptr_Function_v4float Function
%c = OpFunctionCall %void %f %v
%l = OpLoad %v4float %v
OpStore %out %l
OpReturn
OpFunctionEnd
%f = OpFunction %void None %fnp
%p = OpFunctionParameter %_ptr_Function_v4float
%fe = OpLabel
%x = OpLoad %v4float %in
OpStore %p %x
OpReturn
OpFunctionEnd
`
	checkValid(t, src, lines(
		"CHECK: %p = OpFunctionParameter",
		"CHECK: OpStore %p %x",
	), adceFlag)
}

func TestADCEDeadFunctionAndNames(t *testing.T) {
	src := strings.Replace(fragTypes, `OpName %out "out"`, `OpName %out "out"
OpName %unused "unused"
OpName %entry "entry"
OpName %deadv "deadv"`, 1) + `%main = OpFunction %void None %fn
%entry = OpLabel
%deadv = OpVariable %_ptr_Function_v4float Function
OpReturn
OpFunctionEnd
%unused = OpFunction %void None %fn
%ue = OpLabel
OpReturn
OpFunctionEnd
`
	check(t, src, lines(
		"CHECK-NOT: OpName %unused",
		"CHECK: OpName %entry \"entry\"",
		"CHECK-NOT: OpName %deadv",
		"CHECK-NOT: %unused = OpFunction",
	), adceFlag)
}

func TestADCEDebugInfo(t *testing.T) {
	// OpenCL.DebugInfo.100: the DebugGlobalVariable of a variable that
	// goes stays, naming DebugInfoNone; a scope attached to an
	// instruction but overridden before it takes effect does not keep its
	// lexical block; a deleted instruction's scope passes to the next one.
	src := `OpCapability Shader
%dbg = OpExtInstImport "OpenCL.DebugInfo.100"
OpMemoryModel Logical GLSL450
OpEntryPoint Fragment %main "main" %out
OpExecutionMode %main OriginUpperLeft
%file = OpString "a.hlsl"
%name = OpString "main"
%gname = OpString "g"
OpName %main "main"
OpName %g "g"
OpName %out "out"
OpDecorate %out Location 0
%void = OpTypeVoid
%fn = OpTypeFunction %void
%float = OpTypeFloat 32
%float_1 = OpConstant %float 1
%_ptr_Private_float = OpTypePointer Private %float
%_ptr_Output_float = OpTypePointer Output %float
%g = OpVariable %_ptr_Private_float Private
%out = OpVariable %_ptr_Output_float Output
%src = OpExtInst %void %dbg DebugSource %file
%cu = OpExtInst %void %dbg DebugCompilationUnit 1 4 %src HLSL
%ft = OpExtInst %void %dbg DebugTypeFunction FlagIsPublic %void
%tf = OpExtInst %void %dbg DebugTypeBasic %gname %float_1 Float
%df = OpExtInst %void %dbg DebugFunction %name %ft %src 1 1 %cu %name FlagIsPublic 1 %main
%lb = OpExtInst %void %dbg DebugLexicalBlock %src 2 1 %df
%gv = OpExtInst %void %dbg DebugGlobalVariable %gname %tf %src 1 1 %cu %gname %g FlagIsDefinition
%main = OpFunction %void None %fn
%entry = OpLabel
%s1 = OpExtInst %void %dbg DebugScope %df
%dead = OpFAdd %float %float_1 %float_1
%s2 = OpExtInst %void %dbg DebugScope %lb
%s3 = OpExtInst %void %dbg DebugScope %df
OpStore %out %float_1
OpReturn
OpFunctionEnd
`
	checkValid(t, src, lines(
		"CHECK-NOT: OpName %g",
		"CHECK: [[none:%[0-9]+]] = OpExtInst %void {{%[0-9]+}} DebugInfoNone",
		"CHECK: [[df:%[0-9]+]] = OpExtInst %void {{%[0-9]+}} DebugFunction",
		"CHECK-NOT: DebugLexicalBlock",
		"CHECK: DebugGlobalVariable {{.*}} [[none]] FlagIsDefinition",
		"CHECK: %entry = OpLabel",
		"CHECK-NEXT: DebugScope [[df]]",
		"CHECK-NEXT: OpStore %out %float_1",
		"CHECK-NEXT: OpReturn",
	), adceFlag)
}

func TestADCEDebugScopeOfDeadConstruct(t *testing.T) {
	// A selection construct that goes is replaced by a branch to its merge
	// block; the branch takes the scope in effect at the construct's
	// header, here an inlined function's, whose DebugInlinedAt must stay.
	src := `OpCapability Shader
%dbg = OpExtInstImport "OpenCL.DebugInfo.100"
OpMemoryModel Logical GLSL450
OpEntryPoint Fragment %main "main" %out
OpExecutionMode %main OriginUpperLeft
%file = OpString "a.hlsl"
%name = OpString "main"
%cname = OpString "callee"
OpName %main "main"
OpName %out "out"
OpDecorate %out Location 0
%void = OpTypeVoid
%fn = OpTypeFunction %void
%bool = OpTypeBool
%true = OpConstantTrue %bool
%float = OpTypeFloat 32
%float_1 = OpConstant %float 1
%_ptr_Output_float = OpTypePointer Output %float
%out = OpVariable %_ptr_Output_float Output
%src = OpExtInst %void %dbg DebugSource %file
%cu = OpExtInst %void %dbg DebugCompilationUnit 1 4 %src HLSL
%ft = OpExtInst %void %dbg DebugTypeFunction FlagIsPublic %void
%df = OpExtInst %void %dbg DebugFunction %name %ft %src 1 1 %cu %name FlagIsPublic 1 %main
%none = OpExtInst %void %dbg DebugInfoNone
%dc = OpExtInst %void %dbg DebugFunction %cname %ft %src 5 1 %cu %cname FlagIsPublic 5 %none
%at = OpExtInst %void %dbg DebugInlinedAt 2 %df
%main = OpFunction %void None %fn
%entry = OpLabel
%s0 = OpExtInst %void %dbg DebugScope %df
OpStore %out %float_1
%s1 = OpExtInst %void %dbg DebugScope %dc %at
OpSelectionMerge %merge None
OpBranchConditional %true %then %merge
%then = OpLabel
%dead = OpFAdd %float %float_1 %float_1
OpBranch %merge
%merge = OpLabel
%s2 = OpExtInst %void %dbg DebugScope %df
OpReturn
OpFunctionEnd
`
	checkValid(t, src, lines(
		"CHECK: [[dc:%[0-9]+]] = OpExtInst %void {{%[0-9]+}} DebugFunction {{%[0-9]+}} {{.*}} 5",
		"CHECK: [[at:%[0-9]+]] = OpExtInst %void {{%[0-9]+}} DebugInlinedAt 2",
		"CHECK: OpStore %out %float_1",
		"CHECK-NEXT: DebugScope [[dc]] [[at]]",
		"CHECK-NEXT: OpBranch %merge",
	), adceFlag)
}

func TestADCEDebugValueOfDeadValue(t *testing.T) {
	// NonSemantic.Shader.DebugInfo.100: a DebugValue of a deleted value
	// stays, describing an OpUndef.
	src := `OpCapability Shader
OpExtension "SPV_KHR_non_semantic_info"
%dbg = OpExtInstImport "NonSemantic.Shader.DebugInfo.100"
OpMemoryModel Logical GLSL450
OpEntryPoint Fragment %main "main" %out
OpExecutionMode %main OriginUpperLeft
%file = OpString "a.hlsl"
%vname = OpString "v"
OpName %main "main"
OpName %out "out"
OpDecorate %out Location 0
%void = OpTypeVoid
%fn = OpTypeFunction %void
%float = OpTypeFloat 32
%uint = OpTypeInt 32 0
%uint_1 = OpConstant %uint 1
%uint_3 = OpConstant %uint 3
%uint_32 = OpConstant %uint 32
%float_1 = OpConstant %float 1
%_ptr_Output_float = OpTypePointer Output %float
%out = OpVariable %_ptr_Output_float Output
%src = OpExtInst %void %dbg DebugSource %file
%cu = OpExtInst %void %dbg DebugCompilationUnit %uint_1 %uint_1 %src %uint_3
%tf = OpExtInst %void %dbg DebugTypeBasic %vname %uint_32 %uint_3 %uint_1
%lv = OpExtInst %void %dbg DebugLocalVariable %vname %tf %src %uint_1 %uint_1 %cu %uint_1
%expr = OpExtInst %void %dbg DebugExpression
%main = OpFunction %void None %fn
%entry = OpLabel
%dead = OpFAdd %float %float_1 %float_1
%dv = OpExtInst %void %dbg DebugValue %lv %dead %expr
OpStore %out %float_1
OpReturn
OpFunctionEnd
`
	check(t, src, lines(
		"CHECK: [[undef:%[0-9]+]] = OpUndef %float",
		"CHECK: %entry = OpLabel",
		"CHECK-NEXT: DebugValue {{%[0-9]+}} [[undef]] {{%[0-9]+}}",
		"CHECK-NEXT: OpStore %out %float_1",
	), adceFlag)
}
