package opt

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/hlsl2spirv/hlsl2spirv/builder"
	"github.com/hlsl2spirv/hlsl2spirv/builder/asm"
)

// Pass benchmarks run one pass over a generated fragment shader at 1x, 4x
// and 16x size: the time per unit of size must stay flat (no pass may grow
// faster than n log n). A unit is a chunk of typical optimizer input: local
// variables stored and loaded, arithmetic on vectors and scalars (some of
// it dead, some of it constant), composite construction and extraction, an
// if/else and a counted loop.

// benchModuleText returns the assembly of the benchmark module with n units
// in one function.
func benchModuleText(n int) string {
	var b strings.Builder
	b.WriteString(`OpCapability Shader
%glsl = OpExtInstImport "GLSL.std.450"
OpMemoryModel Logical GLSL450
OpEntryPoint Fragment %main "main" %in %out
OpExecutionMode %main OriginUpperLeft
OpDecorate %in Location 0
OpDecorate %out Location 0
%void = OpTypeVoid
%fn = OpTypeFunction %void
%bool = OpTypeBool
%float = OpTypeFloat 32
%v4float = OpTypeVector %float 4
%int = OpTypeInt 32 1
%int_0 = OpConstant %int 0
%int_1 = OpConstant %int 1
%int_4 = OpConstant %int 4
%float_0 = OpConstant %float 0
%float_1 = OpConstant %float 1
%float_2 = OpConstant %float 2
%c4 = OpConstantComposite %v4float %float_1 %float_2 %float_0 %float_1
%_ptr_Input_v4float = OpTypePointer Input %v4float
%_ptr_Output_v4float = OpTypePointer Output %v4float
%_ptr_Function_v4float = OpTypePointer Function %v4float
%_ptr_Function_float = OpTypePointer Function %float
%_ptr_Function_int = OpTypePointer Function %int
%in = OpVariable %_ptr_Input_v4float Input
%out = OpVariable %_ptr_Output_v4float Output
%main = OpFunction %void None %fn
%entry = OpLabel
`)
	for i := 0; i < n; i++ {
		fmt.Fprintf(&b, "%%acc_%d = OpVariable %%_ptr_Function_v4float Function\n%%i_%d = OpVariable %%_ptr_Function_int Function\n%%dead_%d = OpVariable %%_ptr_Function_float Function\n", i, i, i)
	}
	b.WriteString("%x = OpLoad %v4float %in\nOpStore %out %x\nOpBranch %u_0\n")
	for i := 0; i < n; i++ {
		r := strings.NewReplacer("@", fmt.Sprint("_", i), "#", fmt.Sprint("_", i+1))
		b.WriteString(r.Replace(`%u@ = OpLabel
%prev@ = OpLoad %v4float %out
%k@ = OpFAdd %v4float %c4 %c4
%s@ = OpFMul %v4float %prev@ %k@
OpStore %acc@ %s@
%e@ = OpCompositeExtract %float %s@ 0
%dd@ = OpFMul %float %e@ %float_2
OpStore %dead@ %dd@
%cond@ = OpFOrdLessThan %bool %e@ %float_1
OpSelectionMerge %m@ None
OpBranchConditional %cond@ %t@ %f@
%t@ = OpLabel
%a@ = OpLoad %v4float %acc@
%ins@ = OpCompositeInsert %v4float %float_0 %a@ 1
%sh@ = OpVectorShuffle %v4float %ins@ %ins@ 1 0 3 2
OpStore %acc@ %sh@
OpBranch %m@
%f@ = OpLabel
%sq@ = OpExtInst %v4float %glsl Sqrt %prev@
OpStore %acc@ %sq@
OpBranch %m@
%m@ = OpLabel
OpStore %i@ %int_0
OpBranch %h@
%h@ = OpLabel
OpLoopMerge %lm@ %lc@ None
OpBranch %lb@
%lb@ = OpLabel
%iv@ = OpLoad %int %i@
%lt@ = OpSLessThan %bool %iv@ %int_4
OpBranchConditional %lt@ %body@ %lm@
%body@ = OpLabel
%a2@ = OpLoad %v4float %acc@
%a3@ = OpFAdd %v4float %a2@ %x
%unused@ = OpFSub %v4float %a3@ %x
OpStore %acc@ %a3@
OpBranch %lc@
%lc@ = OpLabel
%iv2@ = OpLoad %int %i@
%inc@ = OpIAdd %int %iv2@ %int_1
OpStore %i@ %inc@
OpBranch %h@
%lm@ = OpLabel
%r@ = OpLoad %v4float %acc@
OpStore %out %r@
OpBranch %u#
`))
	}
	fmt.Fprintf(&b, "%%u_%d = OpLabel\nOpReturn\nOpFunctionEnd\n", n)
	return b.String()
}

// benchPass benchmarks the passes named by flags over the generated module
// at 1x, 4x and 16x size (a unit is 12 blocks, about 50 instructions).
func benchPass(b *testing.B, flags ...string) { benchPassOver(b, benchModuleText, 64, flags...) }

// benchPassOver benchmarks the passes named by flags over the modules gen
// makes with base, 4*base and 16*base units.
func benchPassOver(b *testing.B, gen func(units int) string, base int, flags ...string) {
	benchPassOverFlags(b, gen, base, func(int) []string { return flags })
}

// benchPassOverFlags is benchPassOver with flags that depend on the
// module's size (a pass argument naming every resource).
func benchPassOverFlags(b *testing.B, gen func(units int) string, base int, flagsFor func(units int) []string) {
	for _, scale := range []int{1, 4, 16} {
		n := base * scale
		words, err := asm.Assemble(gen(n), asm.Options{})
		if err != nil {
			b.Fatal(err)
		}
		flags := flagsFor(n)
		b.Run(fmt.Sprintf("%dx", scale), func(b *testing.B) {
			passes, err := Passes(flags)
			if err != nil {
				b.Fatal(err)
			}
			b.ReportAllocs()
			var cpu time.Duration
			for i := 0; i < b.N; i++ {
				b.StopTimer()
				m, err := builder.Load(words)
				if err != nil {
					b.Fatal(err)
				}
				start := cpuTime()
				b.StartTimer()
				if err := Run(m, passes, RunOptions{}); err != nil {
					b.Fatal(err)
				}
				b.StopTimer()
				cpu += cpuTime() - start
				b.StartTimer()
			}
			// CPU time per unit: on a shared machine wall time says little.
			b.ReportMetric(float64(cpu.Nanoseconds())/float64(b.N)/float64(n), "cpu-ns/unit")
		})
	}
}

func BenchmarkADCE(b *testing.B) { benchPass(b, "eliminate-dead-code-aggressive") }

// trivialShader is what code generation makes of a one-line pixel shader
// (float4 main() : SV_Target { return 1; }): the entry point's wrapper
// calling src.main.
const trivialShader = `
               OpCapability Shader
               OpMemoryModel Logical GLSL450
               OpEntryPoint Fragment %main "main" %out_var_SV_Target
               OpExecutionMode %main OriginUpperLeft
               OpSource HLSL 600
               OpName %out_var_SV_Target "out.var.SV_Target"
               OpName %main "main"
               OpName %src_main "src.main"
               OpName %bb_entry "bb.entry"
               OpDecorate %out_var_SV_Target Location 0
      %float = OpTypeFloat 32
    %float_1 = OpConstant %float 1
    %v4float = OpTypeVector %float 4
         %14 = OpConstantComposite %v4float %float_1 %float_1 %float_1 %float_1
%_ptr_Output_v4float = OpTypePointer Output %v4float
       %void = OpTypeVoid
          %8 = OpTypeFunction %void
         %11 = OpTypeFunction %v4float
%out_var_SV_Target = OpVariable %_ptr_Output_v4float Output
       %main = OpFunction %void None %8
          %9 = OpLabel
         %10 = OpFunctionCall %v4float %src_main
               OpStore %out_var_SV_Target %10
               OpReturn
               OpFunctionEnd
   %src_main = OpFunction %v4float None %11
   %bb_entry = OpLabel
               OpReturnValue %14
               OpFunctionEnd
`

// BenchmarkTrivialShader times what a compile of the smallest shader
// spends in the optimizer, as the compiler runs it (the -O3 pipeline and
// trim-capabilities, asked for afresh): its fixed cost per compile, which
// dominates batch mode's many small jobs. Loading the module is not timed.
func BenchmarkTrivialShader(b *testing.B) {
	words, err := asm.Assemble(trivialShader, asm.Options{})
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	var cpu time.Duration
	for range b.N {
		b.StopTimer()
		m, err := builder.Load(words)
		if err != nil {
			b.Fatal(err)
		}
		start := cpuTime()
		b.StartTimer()
		passes, err := PipelineFor(3, nil)
		if err != nil {
			b.Fatal(err)
		}
		if err := Run(m, append(passes, FinalPasses()...), RunOptions{}); err != nil {
			b.Fatal(err)
		}
		b.StopTimer()
		cpu += cpuTime() - start
		b.StartTimer()
	}
	b.ReportMetric(float64(cpu.Microseconds())/float64(b.N), "cpu-us/op")
}
