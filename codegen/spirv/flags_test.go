package spirv

import (
	"testing"

	"github.com/hlsl2spirv/hlsl2spirv/builder"
	"github.com/hlsl2spirv/hlsl2spirv/builder/spv"
)

// namedID is the id OpName gives name in m.
func namedID(t *testing.T, m *builder.Module, name string) builder.ID {
	t.Helper()
	for _, n := range m.Names {
		if n.Op == spv.OpName && n.Operands[1].Str() == name {
			return n.Operands[0].ID()
		}
	}
	t.Fatalf("no OpName %q", name)
	return 0
}

const flagsModule = `OpCapability Shader
OpMemoryModel Logical GLSL450
OpEntryPoint GLCompute %main "main"
OpExecutionMode %main LocalSize 1 1 1
OpName %main "main"
OpName %low "low"
OpName %plain "plain"
OpName %exact "exact"
OpName %lowLoad "lowLoad"
OpName %lowSum "lowSum"
OpName %mixed "mixed"
OpName %plainLoad "plainLoad"
OpName %diff "diff"
OpName %square "square"
%void = OpTypeVoid
%fn = OpTypeFunction %void
%float = OpTypeFloat 32
%float_1 = OpConstant %float 1
%_ptr_Function_float = OpTypePointer Function %float
%main = OpFunction %void None %fn
%entry = OpLabel
%low = OpVariable %_ptr_Function_float Function
%plain = OpVariable %_ptr_Function_float Function
%exact = OpVariable %_ptr_Function_float Function
%lowLoad = OpLoad %float %low
%lowSum = OpFAdd %float %lowLoad %lowLoad
%mixed = OpFMul %float %lowSum %float_1
%plainLoad = OpLoad %float %plain
%diff = OpFSub %float %plainLoad %plainLoad
%square = OpFMul %float %diff %diff
OpStore %exact %square
OpReturn
OpFunctionEnd
`

// RelaxedPrecision spreads forward from a min-precision variable through
// loads and arithmetic whose operands are all relaxed; NoContraction
// spreads backwards from a store into a precise variable through the
// arithmetic that computed the value. The decorations are returned for
// finish to order.
func TestDecorateFlags(t *testing.T) {
	checkPass(t, flagsModule, func(b *builder.ModuleBuilder) {
		fl := &instFlags{relaxed: map[builder.ID]bool{namedID(t, b.M, "low"): true},
			precise: map[builder.ID]bool{namedID(t, b.M, "exact"): true}}
		added := decorateFlags(b.M, fl)
		if len(added) != 5 || len(b.M.Annotations) != 5 {
			t.Errorf("%d decorations returned, %d in the module; want 5", len(added), len(b.M.Annotations))
		}
	}, `
CHECK: OpDecorate %low RelaxedPrecision
CHECK-NEXT: OpDecorate %lowLoad RelaxedPrecision
CHECK-NEXT: OpDecorate %lowSum RelaxedPrecision
CHECK-NEXT: OpDecorate %diff NoContraction
CHECK-NEXT: OpDecorate %square NoContraction
CHECK-NEXT: %void = OpTypeVoid
`)
}

// Under -Gis every arithmetic instruction is NoContraction.
func TestDecorateFlagsIEEEStrict(t *testing.T) {
	checkPass(t, flagsModule, func(b *builder.ModuleBuilder) {
		decorateFlags(b.M, &instFlags{ieeeStrict: true})
	}, `
CHECK: OpDecorate %lowSum NoContraction
CHECK-NEXT: OpDecorate %mixed NoContraction
CHECK-NEXT: OpDecorate %diff NoContraction
CHECK-NEXT: OpDecorate %square NoContraction
CHECK-NEXT: %void = OpTypeVoid
`)
}
