package opt

import (
	"fmt"
	"strings"
	"testing"

	"github.com/hlsl2spirv/hlsl2spirv/builder"
	"github.com/hlsl2spirv/hlsl2spirv/test/tool"
)

// memWorkload generates one fragment shader function of n units, each with
// the memory traffic the memory passes work on: a struct and an array
// variable written through access chains and read whole, a scalar
// variable written in an if and read after it, a Private variable, a
// uniform read through a chain of access chains, a uniform array copied
// into a local and indexed, and a counting loop. All
// units are in one function (the worst case for per-function work) and
// chained through their results.
func memWorkload(n int) string {
	var b strings.Builder
	b.WriteString(strings.Replace(memHeader, `%out`, `%out %in`, 1) + `OpDecorate %in Location 0
OpDecorate %in Flat
OpDecorate %_arr_v4float_uint_4 ArrayStride 16
OpMemberDecorate %UBO 0 Offset 0
OpDecorate %UBO Block
OpDecorate %ubo DescriptorSet 0
OpDecorate %ubo Binding 0
` + memTypes + `%_arr_v4float_uint_4 = OpTypeArray %v4float %uint_4
%UBO = OpTypeStruct %_arr_v4float_uint_4
%_ptr_Uniform_UBO = OpTypePointer Uniform %UBO
%_ptr_Uniform_arr = OpTypePointer Uniform %_arr_v4float_uint_4
%_ptr_Uniform_v4float = OpTypePointer Uniform %v4float
%_ptr_Uniform_float = OpTypePointer Uniform %float
%ubo = OpVariable %_ptr_Uniform_UBO Uniform
%_arr_v4float_f = OpTypeArray %v4float %uint_4
%_ptr_Function_arr_f = OpTypePointer Function %_arr_v4float_f
%_ptr_Function_v4float_f = OpTypePointer Function %v4float
%_ptr_Input_int = OpTypePointer Input %int
%in = OpVariable %_ptr_Input_int Input
%int_3 = OpConstant %int 3
%_ptr_Private_float = OpTypePointer Private %float
`)
	for i := range n {
		fmt.Fprintf(&b, "%%g%d = OpVariable %%_ptr_Private_float Private\n", i)
	}
	b.WriteString(`%main = OpFunction %void None %fn
%entry = OpLabel
`)
	for i := range n {
		fmt.Fprintf(&b, "%%s%d = OpVariable %%_ptr_Function_S Function\n", i)
		fmt.Fprintf(&b, "%%a%d = OpVariable %%_ptr_Function_arr Function\n", i)
		fmt.Fprintf(&b, "%%v%d = OpVariable %%_ptr_Function_float Function\n", i)
		fmt.Fprintf(&b, "%%i%d = OpVariable %%_ptr_Function_int Function\n", i)
		fmt.Fprintf(&b, "%%cv%d = OpVariable %%_ptr_Function_arr_f Function\n", i)
	}
	b.WriteString("%lim = OpLoad %int %in\n%x_start = OpCopyObject %float %float_0\nOpBranch %u0\n")
	prev := "%x_start"
	for i := range n {
		r := strings.NewReplacer("#", fmt.Sprint(i), "$prev", prev, "$next", fmt.Sprintf("%%u%d", i+1)).Replace
		b.WriteString(r(`%u# = OpLabel
%p# = OpAccessChain %_ptr_Function_float %s# %int_0
OpStore %p# $prev
%q# = OpAccessChain %_ptr_Function_float %s# %int_1
OpStore %q# %float_1
%r# = OpAccessChain %_ptr_Function_float %a# %int_2
OpStore %r# $prev
OpStore %g# $prev
OpStore %v# $prev
OpStore %i# %int_0
%c# = OpFOrdLessThan %bool $prev %float_2
OpSelectionMerge %m# None
OpBranchConditional %c# %t# %m#
%t# = OpLabel
%l# = OpLoad %float %v#
%l2_# = OpFAdd %float %l# %float_1
OpStore %v# %l2_#
OpBranch %m#
%m# = OpLabel
OpBranch %h#
%h# = OpLabel
OpLoopMerge %lm# %lc# None
OpBranch %lb#
%lb# = OpLabel
%iv# = OpLoad %int %i#
%lt# = OpSLessThan %bool %iv# %lim
OpBranchConditional %lt# %body# %lm#
%body# = OpLabel
%bv# = OpLoad %float %v#
%bv2_# = OpFMul %float %bv# %float_2
OpStore %v# %bv2_#
OpBranch %lc#
%lc# = OpLabel
%iv2_# = OpLoad %int %i#
%inc# = OpIAdd %int %iv2_# %int_1
OpStore %i# %inc#
OpBranch %h#
%lm# = OpLabel
%w# = OpLoad %S %s#
%e# = OpCompositeExtract %float %w# 1
%ra0_# = OpLoad %float %r#
%gl# = OpLoad %float %g#
%ra# = OpFAdd %float %ra0_# %gl#
%fv# = OpLoad %float %v#
%ua# = OpAccessChain %_ptr_Uniform_arr %ubo %int_0
%uw# = OpLoad %_arr_v4float_uint_4 %ua#
%uw0_# = OpCompositeExtract %v4float %uw# 0
%uw1_# = OpCompositeExtract %v4float %uw# 1
%uw2_# = OpCompositeExtract %v4float %uw# 2
%uw3_# = OpCompositeExtract %v4float %uw# 3
%ucp# = OpCompositeConstruct %_arr_v4float_f %uw0_# %uw1_# %uw2_# %uw3_#
OpStore %cv# %ucp#
%cpi# = OpAccessChain %_ptr_Function_v4float_f %cv# %lim
%cpv# = OpLoad %v4float %cpi#
%cpx# = OpCompositeExtract %float %cpv# 0
%ue# = OpAccessChain %_ptr_Uniform_v4float %ua# %int_1
%uf# = OpAccessChain %_ptr_Uniform_float %ue# %int_2
%ul# = OpLoad %float %uf#
%x0_# = OpFAdd %float %e# %ul#
%x1a_# = OpFAdd %float %x0_# %ra#
%x1_# = OpFAdd %float %x1a_# %cpx#
%x# = OpFAdd %float %x1_# %fv#
OpBranch $next
`))
		prev = fmt.Sprintf("%%x%d", i)
	}
	fmt.Fprintf(&b, "%%u%d = OpLabel\nOpStore %%out %s\nOpReturn\nOpFunctionEnd\n", n, prev)
	return b.String()
}

// The memory passes run alone over memWorkload (and over the common
// benchmark module, whose locals are scalars and vectors).
const memBase = 40

func BenchmarkLocalSingleBlock(b *testing.B) {
	benchPassOver(b, memWorkload, memBase, "eliminate-local-single-block")
}
func BenchmarkLocalSingleStore(b *testing.B) {
	benchPassOver(b, memWorkload, memBase, "eliminate-local-single-store")
}
func BenchmarkScalarReplacement(b *testing.B) {
	benchPassOver(b, memWorkload, memBase, "scalar-replacement")
}
func BenchmarkLocalAccessChains(b *testing.B) {
	benchPassOver(b, memWorkload, memBase, "convert-local-access-chains")
}
func BenchmarkSSARewrite(b *testing.B) { benchPassOver(b, memWorkload, memBase, "ssa-rewrite") }
func BenchmarkPrivateToLocal(b *testing.B) {
	benchPassOver(b, memWorkload, memBase, "private-to-local")
}
func BenchmarkCopyPropagateArrays(b *testing.B) {
	benchPassOver(b, memWorkload, memBase, "copy-propagate-arrays")
}
func BenchmarkReduceLoadSize(b *testing.B) {
	benchPassOver(b, memWorkload, memBase, "reduce-load-size=1.1")
}
func BenchmarkCombineAccessChains(b *testing.B) {
	benchPassOver(b, memWorkload, memBase, "combine-access-chains")
}

// TestMemWorkload checks the benchmark's module is valid and that the
// memory passes, in the order the legalization runs them, keep it so.
// (A second run is not a no-op: the test harness names the access chains,
// which keeps scalar-replacement off the structs until
// convert-local-access-chains has removed the chains.)
func TestMemWorkload(t *testing.T) {
	m, _ := runFlags(t, memWorkload(3), "eliminate-local-single-block", "eliminate-local-single-store",
		"scalar-replacement", "convert-local-access-chains", "eliminate-local-single-block", "eliminate-local-single-store",
		"ssa-rewrite")
	var w builder.WordSlice
	if err := builder.Serialize(m, &w); err != nil {
		t.Fatal(err)
	}
	if err := tool.Validate(t, tool.Words2Bytes(w.Words), "vulkan1.0"); err != nil {
		t.Error(err)
	}
}
