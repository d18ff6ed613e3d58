package opt

import "testing"

// memTypes declares what the memory pass tests use: float and int
// scalars, a vec4, a struct of two floats, an array of four floats, and
// function pointers to each, plus a fragment output.
const memTypes = `OpDecorate %out Location 0
%void = OpTypeVoid
%fn = OpTypeFunction %void
%float = OpTypeFloat 32
%int = OpTypeInt 32 1
%uint = OpTypeInt 32 0
%bool = OpTypeBool
%v4float = OpTypeVector %float 4
%S = OpTypeStruct %float %float
%uint_4 = OpConstant %uint 4
%arr = OpTypeArray %float %uint_4
%int_0 = OpConstant %int 0
%int_1 = OpConstant %int 1
%int_2 = OpConstant %int 2
%float_0 = OpConstant %float 0
%float_1 = OpConstant %float 1
%float_2 = OpConstant %float 2
%true = OpConstantTrue %bool
%_ptr_Function_float = OpTypePointer Function %float
%_ptr_Function_int = OpTypePointer Function %int
%_ptr_Function_v4float = OpTypePointer Function %v4float
%_ptr_Function_S = OpTypePointer Function %S
%_ptr_Function_arr = OpTypePointer Function %arr
%_ptr_Output_float = OpTypePointer Output %float
%out = OpVariable %_ptr_Output_float Output
`

// memHeader is header with the output variable on the entry point.
const memHeader = `OpCapability Shader
OpMemoryModel Logical GLSL450
OpEntryPoint Fragment %main "main" %out
OpExecutionMode %main OriginUpperLeft
OpName %main "main"
OpName %out "out"
OpName %S "S"
OpName %arr "arr"
`

func TestLocalSingleBlockStoreLoad(t *testing.T) {
	src := memHeader + `OpName %f "f"
OpName %l "l"
` + memTypes + `%main = OpFunction %void None %fn
%entry = OpLabel
%f = OpVariable %_ptr_Function_float Function
OpStore %f %float_1
%l = OpLoad %float %f
OpStore %out %l
OpReturn
OpFunctionEnd
`
	checkValid(t, src, lines(
		"CHECK-NOT: OpName %l",
		"CHECK: %f = OpVariable",
		"CHECK-NEXT: OpStore %f %float_1",
		"CHECK-NEXT: OpStore %out %float_1",
		"CHECK-NEXT: OpReturn",
	), "eliminate-local-single-block")
}

func TestLocalSingleBlockLoadLoad(t *testing.T) {
	// No store in the block: the second load takes the first's value; the
	// next block starts knowing nothing.
	src := memHeader + `OpName %f "f"
` + memTypes + `%main = OpFunction %void None %fn
%entry = OpLabel
%f = OpVariable %_ptr_Function_float Function
OpStore %f %float_1
OpBranch %next
%next = OpLabel
%a = OpLoad %float %f
%b = OpLoad %float %f
%s = OpFAdd %float %a %b
OpStore %out %s
OpReturn
OpFunctionEnd
`
	checkValid(t, src, lines(
		"CHECK: OpLabel",
		"CHECK: %a = OpLoad %float %f",
		"CHECK-NEXT: %s = OpFAdd %float %a %a",
	), "eliminate-local-single-block")
}

func TestLocalSingleBlockStoreStore(t *testing.T) {
	// The first store is overwritten before anything reads it.
	src := memHeader + `OpName %f "f"
` + memTypes + `%main = OpFunction %void None %fn
%entry = OpLabel
%f = OpVariable %_ptr_Function_float Function
OpStore %f %float_1
OpStore %f %float_2
%l = OpLoad %float %f
OpStore %out %l
OpReturn
OpFunctionEnd
`
	checkValid(t, src, lines(
		"CHECK-NOT: OpStore %f %float_1",
		"CHECK: OpStore %f %float_2",
		"CHECK-NEXT: OpStore %out %float_2",
	), "eliminate-local-single-block")
}

func TestLocalSingleBlockPartialAccesses(t *testing.T) {
	// A store through an access chain makes the variable unknown; a load
	// through one keeps the whole store it may read.
	src := memHeader + `OpName %v "v"
OpName %w "w"
OpName %c "c"
OpName %d "d"
OpName %p "p"
OpName %l "l"
OpName %q "q"
OpName %x "x"
` + memTypes + `%main = OpFunction %void None %fn
%entry = OpLabel
%v = OpVariable %_ptr_Function_v4float Function
%w = OpVariable %_ptr_Function_v4float Function
%c = OpCompositeConstruct %v4float %float_1 %float_1 %float_1 %float_1
%d = OpCompositeConstruct %v4float %float_2 %float_2 %float_2 %float_2
OpStore %v %c
%p = OpAccessChain %_ptr_Function_float %v %int_1
OpStore %p %float_0
%l = OpLoad %v4float %v
OpStore %w %c
%q = OpAccessChain %_ptr_Function_float %w %int_2
%x = OpLoad %float %q
OpStore %w %d
%y = OpCompositeExtract %float %l 1
%s = OpFAdd %float %x %y
OpStore %out %s
OpReturn
OpFunctionEnd
`
	checkValid(t, src, lines(
		"CHECK: OpStore %v %c",
		"CHECK: %l = OpLoad %v4float %v",
		"CHECK: OpStore %w %c",
		"CHECK: %x = OpLoad %float %q",
		"CHECK: OpStore %w %d",
		"CHECK: OpCompositeExtract %float %l 1",
	), "eliminate-local-single-block")
}

func TestLocalSingleBlockCallForgets(t *testing.T) {
	src := memHeader + `OpName %g "g"
OpName %l "l"
` + memTypes + `%fnp = OpTypeFunction %void %_ptr_Function_float
%main = OpFunction %void None %fn
%entry = OpLabel
%f = OpVariable %_ptr_Function_float Function
%g = OpVariable %_ptr_Function_float Function
OpStore %g %float_1
%r = OpFunctionCall %void %callee %f
%l = OpLoad %float %g
OpStore %out %l
OpReturn
OpFunctionEnd
%callee = OpFunction %void None %fnp
%pp = OpFunctionParameter %_ptr_Function_float
%ce = OpLabel
OpStore %pp %float_2
OpReturn
OpFunctionEnd
`
	checkValid(t, src, lines(
		"CHECK: OpStore %g %float_1",
		"CHECK: %l = OpLoad %float %g",
		"CHECK: OpStore %out %l",
	), "eliminate-local-single-block")
}

func TestLocalSingleBlockRedundantStore(t *testing.T) {
	// Storing back what was just loaded changes nothing.
	src := memHeader + `OpName %f "f"
OpName %l "l"
` + memTypes + `%main = OpFunction %void None %fn
%entry = OpLabel
%f = OpVariable %_ptr_Function_float Function
OpStore %f %float_1
OpBranch %next
%next = OpLabel
%l = OpLoad %float %f
OpStore %f %l
OpStore %out %l
OpReturn
OpFunctionEnd
`
	checkValid(t, src, lines(
		"CHECK: %l = OpLoad %float %f",
		"CHECK-NOT: OpStore %f %l",
		"CHECK: OpStore %out %l",
	), "eliminate-local-single-block")
}

func TestLocalSingleBlockCopyObjectAndReach(t *testing.T) {
	// Accesses through OpCopyObject count; a function no entry point calls
	// is left as it is, an exported one is processed.
	src := `OpCapability Shader
OpCapability Linkage
OpMemoryModel Logical GLSL450
OpEntryPoint Fragment %main "main" %out
OpExecutionMode %main OriginUpperLeft
OpName %out "out"
OpName %unused "unused"
OpName %u "u"
OpName %ul "ul"
OpName %exported "exported"
OpDecorate %exported LinkageAttributes "exported" Export
` + memTypes + `%main = OpFunction %void None %fn
%entry = OpLabel
%f = OpVariable %_ptr_Function_float Function
%cp = OpCopyObject %_ptr_Function_float %f
OpStore %cp %float_1
%l = OpLoad %float %f
OpStore %out %l
OpReturn
OpFunctionEnd
%unused = OpFunction %void None %fn
%ue = OpLabel
%u = OpVariable %_ptr_Function_float Function
OpStore %u %float_1
%ul = OpLoad %float %u
OpStore %out %ul
OpReturn
OpFunctionEnd
%exported = OpFunction %void None %fn
%ee = OpLabel
%e = OpVariable %_ptr_Function_float Function
OpStore %e %float_2
%el = OpLoad %float %e
OpStore %out %el
OpReturn
OpFunctionEnd
`
	check(t, src, lines(
		"CHECK: OpStore %out %float_1",
		"CHECK: %unused = OpFunction",
		"CHECK: %ul = OpLoad %float %u",
		"CHECK: OpStore %out %ul",
		"CHECK: %exported = OpFunction",
		"CHECK: OpStore %out %float_2",
	), "eliminate-local-single-block")
}

func TestLocalSingleBlockSkips(t *testing.T) {
	body := memTypes + `%main = OpFunction %void None %fn
%entry = OpLabel
%f = OpVariable %_ptr_Function_float Function
OpStore %f %float_1
%l = OpLoad %float %f
OpStore %out %l
OpReturn
OpFunctionEnd
`
	// An extension the pass does not know might touch memory.
	check(t, `OpCapability Shader
OpExtension "SPV_KHR_unknown_to_the_pass"
OpMemoryModel Logical GLSL450
OpEntryPoint Fragment %main "main" %out
OpExecutionMode %main OriginUpperLeft
OpName %out "out"
OpName %l "l"
`+body, "CHECK: OpStore %out %l\n", "eliminate-local-single-block")
	// So might a non-semantic instruction set other than debug information.
	check(t, `OpCapability Shader
OpExtension "SPV_KHR_non_semantic_info"
%ns = OpExtInstImport "NonSemantic.Something"
OpMemoryModel Logical GLSL450
OpEntryPoint Fragment %main "main" %out
OpExecutionMode %main OriginUpperLeft
OpName %out "out"
OpName %l "l"
`+body, "CHECK: OpStore %out %l\n", "eliminate-local-single-block")
	// A known extension is fine.
	check(t, `OpCapability Shader
OpExtension "SPV_KHR_storage_buffer_storage_class"
OpMemoryModel Logical GLSL450
OpEntryPoint Fragment %main "main" %out
OpExecutionMode %main OriginUpperLeft
OpName %out "out"
OpName %l "l"
`+body, "CHECK: OpStore %out %float_1\n", "eliminate-local-single-block")
}

func TestLocalSingleBlockNonTargets(t *testing.T) {
	// A variable whose pointer escapes to a call, and a private variable,
	// are not touched.
	src := memHeader + `OpName %f "f"
OpName %l "l"
OpName %pl "pl"
OpName %priv "priv"
` + memTypes + `%fnp = OpTypeFunction %void %_ptr_Function_float
%_ptr_Private_float = OpTypePointer Private %float
%priv = OpVariable %_ptr_Private_float Private
%main = OpFunction %void None %fn
%entry = OpLabel
%f = OpVariable %_ptr_Function_float Function
OpStore %f %float_1
%l = OpLoad %float %f
OpStore %priv %float_2
%pl = OpLoad %float %priv
%s = OpFAdd %float %l %pl
OpStore %out %s
%r = OpFunctionCall %void %callee %f
OpReturn
OpFunctionEnd
%callee = OpFunction %void None %fnp
%pp = OpFunctionParameter %_ptr_Function_float
%ce = OpLabel
OpReturn
OpFunctionEnd
`
	checkValid(t, src, lines(
		"CHECK: %l = OpLoad %float %f",
		"CHECK: %pl = OpLoad %float %priv",
		"CHECK: OpFAdd %float %l %pl",
	), "eliminate-local-single-block")
}
