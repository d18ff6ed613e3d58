package opt

import (
	"fmt"
	"strings"
	"testing"
)

const ivsroa = "interface-variable-scalar-replacement"

// A vertex shader's packed outputs: a float[2] at location 1, component 2,
// written whole and through a constant index, and a 2x2 matrix at
// location 3, written whole; an output without a Location stays.
const ivsroaVertex = `OpCapability Shader
OpMemoryModel Logical GLSL450
OpEntryPoint Vertex %main "main" %arr %mat %pos
OpName %arr "out.var.A"
OpName %mat "out.var.M"
OpDecorate %arr Location 1
OpDecorate %arr Component 2
OpDecorate %mat Location 3
OpDecorate %mat Component 0
OpDecorate %pos BuiltIn Position
%void = OpTypeVoid
%fn = OpTypeFunction %void
%float = OpTypeFloat 32
%v2float = OpTypeVector %float 2
%v4float = OpTypeVector %float 4
%mat2v2float = OpTypeMatrix %v2float 2
%uint = OpTypeInt 32 0
%uint_1 = OpConstant %uint 1
%uint_2 = OpConstant %uint 2
%float_1 = OpConstant %float 1
%float_2 = OpConstant %float 2
%arr_t = OpTypeArray %float %uint_2
%ptr_arr = OpTypePointer Output %arr_t
%ptr_float = OpTypePointer Output %float
%ptr_mat = OpTypePointer Output %mat2v2float
%ptr_v4 = OpTypePointer Output %v4float
%arr = OpVariable %ptr_arr Output
%mat = OpVariable %ptr_mat Output
%pos = OpVariable %ptr_v4 Output
%c_arr = OpConstantComposite %arr_t %float_1 %float_2
%col = OpConstantComposite %v2float %float_1 %float_2
%c_mat = OpConstantComposite %mat2v2float %col %col
%c_pos = OpConstantComposite %v4float %float_1 %float_1 %float_1 %float_1
%main = OpFunction %void None %fn
%entry = OpLabel
OpStore %arr %c_arr
%e1 = OpAccessChain %ptr_float %arr %uint_1
OpStore %e1 %float_2
OpStore %mat %c_mat
OpStore %pos %c_pos
OpReturn
OpFunctionEnd
`

func TestInterfaceVarSROAVertexOutputs(t *testing.T) {
	checkValid(t, ivsroaVertex, lines(
		// the parts replace the variables on the interface, in location order
		`CHECK: OpEntryPoint Vertex %main "main" [[A0:%[a-zA-Z0-9_]+]] [[A1:%[a-zA-Z0-9_]+]] [[M0:%[a-zA-Z0-9_]+]] [[M1:%[a-zA-Z0-9_]+]] %pos{{$}}`,
		`CHECK-DAG: OpName [[A0]] "out.var.A"`,
		`CHECK-DAG: OpName [[A1]] "out.var.A"`,
		`CHECK-DAG: OpName [[M0]] "out.var.M"`,
		`CHECK-DAG: OpDecorate [[A0]] Location 1`,
		`CHECK-DAG: OpDecorate [[A0]] Component 2`,
		`CHECK-DAG: OpDecorate [[A1]] Location 2`,
		`CHECK-DAG: OpDecorate [[A1]] Component 2`,
		`CHECK-DAG: OpDecorate [[M0]] Location 3`,
		`CHECK-DAG: OpDecorate [[M1]] Location 4`,
		`CHECK-DAG: OpDecorate [[M1]] Component 0`,
		// (the names' other decorations only: no RelaxedPrecision)
		`CHECK-NOT: RelaxedPrecision`,
		`CHECK: [[CARR:%[0-9]+]] = OpConstantComposite %_arr_float_uint_2 %float_1 %float_2`,
		`CHECK: [[CMAT:%[0-9]+]] = OpConstantComposite %mat2v2float`,
		`CHECK-DAG: [[A0]] = OpVariable %_ptr_Output_float Output`,
		`CHECK-DAG: [[M1]] = OpVariable %_ptr_Output_v2float Output`,
		// the whole array is stored element by element
		`CHECK: [[X0:%[0-9]+]] = OpCompositeExtract %float [[CARR]] 0`,
		`CHECK: OpStore [[A0]] [[X0]]`,
		`CHECK: [[X1:%[0-9]+]] = OpCompositeExtract %float [[CARR]] 1`,
		`CHECK: OpStore [[A1]] [[X1]]`,
		// the constant index picks the part
		`CHECK: OpStore [[A1]] %float_2`,
		`CHECK: [[C0:%[0-9]+]] = OpCompositeExtract %v2float [[CMAT]] 0`,
		`CHECK: OpStore [[M0]] [[C0]]`,
		`CHECK: OpStore %pos`,
	), ivsroa)
}

// A tessellation control shader's input: per control point, a float[2]
// at location 0, read whole for all three points and for one point, and
// one component through a constant index.
const ivsroaHull = `OpCapability Tessellation
OpMemoryModel Logical GLSL450
OpEntryPoint TessellationControl %main "main" %in %out
OpExecutionMode %main OutputVertices 3
OpName %in "in.var.A"
OpDecorate %in Location 0
OpDecorate %in Component 1
OpDecorate %out Location 0
%void = OpTypeVoid
%fn = OpTypeFunction %void
%float = OpTypeFloat 32
%uint = OpTypeInt 32 0
%uint_0 = OpConstant %uint 0
%uint_1 = OpConstant %uint 1
%uint_2 = OpConstant %uint 2
%uint_3 = OpConstant %uint 3
%elem_t = OpTypeArray %float %uint_2
%in_t = OpTypeArray %elem_t %uint_3
%out_t = OpTypeArray %float %uint_3
%ptr_in = OpTypePointer Input %in_t
%ptr_elem = OpTypePointer Input %elem_t
%ptr_float = OpTypePointer Input %float
%ptr_out = OpTypePointer Output %out_t
%ptr_out_float = OpTypePointer Output %float
%in = OpVariable %ptr_in Input
%out = OpVariable %ptr_out Output
%main = OpFunction %void None %fn
%entry = OpLabel
%all = OpLoad %in_t %in
%p1 = OpAccessChain %ptr_elem %in %uint_1
%one = OpLoad %elem_t %p1
%c = OpAccessChain %ptr_float %in %uint_2 %uint_1
%x = OpLoad %float %c
%o = OpAccessChain %ptr_out_float %out %uint_0
OpStore %o %x
OpReturn
OpFunctionEnd
`

func TestInterfaceVarSROAPerVertexInputs(t *testing.T) {
	checkValid(t, ivsroaHull, lines(
		`CHECK: OpEntryPoint TessellationControl %main "main" [[P0:%[a-zA-Z0-9_]+]] [[P1:%[a-zA-Z0-9_]+]] %out{{$}}`,
		`CHECK-DAG: OpDecorate [[P0]] Location 0`,
		`CHECK-DAG: OpDecorate [[P1]] Location 1`,
		`CHECK-DAG: OpDecorate [[P1]] Component 1`,
		// each part keeps the per-vertex array
		`CHECK-DAG: [[P0]] = OpVariable %_ptr_Input__arr_float_uint_3 Input`,
		// the whole input: each vertex's element assembled from the parts
		`CHECK: [[V0E0P:%[a-zA-Z0-9_]+]] = OpAccessChain %_ptr_Input_float [[P0]] %uint_0`,
		`CHECK: [[V0E0:%[a-zA-Z0-9_]+]] = OpLoad %float [[V0E0P]]`,
		`CHECK: [[V0:%[a-zA-Z0-9_]+]] = OpCompositeConstruct %_arr_float_uint_2 [[V0E0]] {{%[a-zA-Z0-9_]+}}`,
		`CHECK: OpCompositeConstruct %_arr__arr_float_uint_2_uint_3 [[V0]] {{%[a-zA-Z0-9_]+}} {{%[a-zA-Z0-9_]+}}`,
		// one vertex's element
		`CHECK: OpAccessChain %_ptr_Input_float [[P0]] %uint_1`,
		`CHECK: OpAccessChain %_ptr_Input_float [[P1]] %uint_1`,
		`CHECK: OpCompositeConstruct %_arr_float_uint_2`,
		// one component of vertex 2: part 1 at vertex 2
		`CHECK: [[C:%[a-zA-Z0-9_]+]] = OpAccessChain %_ptr_Input_float [[P1]] %uint_2`,
		`CHECK: [[X:%[a-zA-Z0-9_]+]] = OpLoad %float [[C]]`,
		`CHECK: OpStore {{%[a-zA-Z0-9_]+|%o}} [[X]]`,
	), ivsroa)
}

// A dynamic index into the elements cannot be split: the variable stays.
func TestInterfaceVarSROADynamicIndexStays(t *testing.T) {
	src := strings.Replace(ivsroaVertex, "%e1 = OpAccessChain %ptr_float %arr %uint_1",
		"%i = OpLoad %uint %idx\n%e1 = OpAccessChain %ptr_float %arr %i", 1)
	src = strings.Replace(src, "%arr = OpVariable %ptr_arr Output",
		"%arr = OpVariable %ptr_arr Output\n%ptr_priv_uint = OpTypePointer Private %uint\n%idx = OpVariable %ptr_priv_uint Private", 1)
	checkValid(t, src, lines(
		`CHECK: OpEntryPoint Vertex %main "main" %out_var_A [[M0:%[a-zA-Z0-9_]+]] [[M1:%[a-zA-Z0-9_]+]] %pos{{$}}`,
		`CHECK: OpDecorate %out_var_A Location 1`,
		`CHECK: %out_var_A = OpVariable %_ptr_Output__arr_float_uint_2 Output`,
		`CHECK: OpStore %out_var_A {{%[0-9]+}}`,
		`CHECK: OpAccessChain %_ptr_Output_float %out_var_A %i`,
	), ivsroa)
}

// Nothing to split: the pass changes nothing.
func TestInterfaceVarSROANoCandidates(t *testing.T) {
	src := interfaceModule("1.0", "%a %b %out")
	_, out := runFlags(t, src, ivsroa)
	_, before := runFlags(t, src)
	if normalizeIDs(out) != normalizeIDs(before) {
		t.Errorf("the module changed:\n%s", lineDiff(normalizeIDs(before), normalizeIDs(out)))
	}
}

// ivsroaBenchModule is a vertex shader with n packed float[2] outputs,
// each stored whole and through a constant index.
func ivsroaBenchModule(n int) string {
	var sb strings.Builder
	sb.WriteString("OpCapability Shader\nOpMemoryModel Logical GLSL450\nOpEntryPoint Vertex %main \"main\"")
	for i := range n {
		fmt.Fprintf(&sb, " %%o%d", i)
	}
	sb.WriteString("\n")
	for i := range n {
		fmt.Fprintf(&sb, "OpDecorate %%o%d Location %d\nOpDecorate %%o%d Component 0\n", i, 2*i, i)
	}
	sb.WriteString(`%void = OpTypeVoid
%fn = OpTypeFunction %void
%float = OpTypeFloat 32
%uint = OpTypeInt 32 0
%uint_1 = OpConstant %uint 1
%uint_2 = OpConstant %uint 2
%float_1 = OpConstant %float 1
%arr_t = OpTypeArray %float %uint_2
%ptr_arr = OpTypePointer Output %arr_t
%ptr_float = OpTypePointer Output %float
%c_arr = OpConstantComposite %arr_t %float_1 %float_1
`)
	for i := range n {
		fmt.Fprintf(&sb, "%%o%d = OpVariable %%ptr_arr Output\n", i)
	}
	sb.WriteString("%main = OpFunction %void None %fn\n%entry = OpLabel\n")
	for i := range n {
		fmt.Fprintf(&sb, "OpStore %%o%d %%c_arr\n%%e%d = OpAccessChain %%ptr_float %%o%d %%uint_1\nOpStore %%e%d %%float_1\n", i, i, i, i)
	}
	sb.WriteString("OpReturn\nOpFunctionEnd\n")
	return sb.String()
}

func BenchmarkInterfaceVarSROA(b *testing.B) {
	benchPassOver(b, ivsroaBenchModule, 16, ivsroa)
}
