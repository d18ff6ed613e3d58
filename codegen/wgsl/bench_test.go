package wgsl_test

import (
	"flag"
	"fmt"
	"os"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/hlsl2spirv/hlsl2spirv/builder/asm"
	"github.com/hlsl2spirv/hlsl2spirv/codegen/wgsl"
)

var writeLarge = flag.String("write-large-module", "", "write the benchmark's large module to this .spv file (for side-by-side timings with naga)")

// largeModule is a compute shader of n loops, each with phis, a branch,
// buffer loads and stores and GLSL.std.450 calls: about 40 instructions
// and 6 blocks per loop.
func largeModule(n int) string {
	var b strings.Builder
	b.WriteString(computeHeader)
	b.WriteString(`%ptr_f = OpTypePointer Uniform %float
%float_1 = OpConstant %float 1
%float_half = OpConstant %float 0.5
%main = OpFunction %void None %fn
%entry = OpLabel
%id = OpLoad %v3uint %gid
%x = OpCompositeExtract %uint %id 0
OpBranch %h0
`)
	for i := 0; i < n; i++ {
		next := fmt.Sprintf("%%h%d", i+1)
		fmt.Fprintf(&b, `%%h%[1]d = OpLabel
%%i%[1]d = OpPhi %%uint %%uint_0 %%%[2]s %%n%[1]d %%l%[1]d
%%a%[1]d = OpPhi %%uint %%x %%%[2]s %%c%[1]d %%l%[1]d
OpLoopMerge %%m%[1]d %%l%[1]d None
OpBranch %%b%[1]d
%%b%[1]d = OpLabel
%%p%[1]d = OpAccessChain %%ptr_uint %%buf %%int_0 %%i%[1]d
%%v%[1]d = OpLoad %%uint %%p%[1]d
%%odd%[1]d = OpBitwiseAnd %%uint %%v%[1]d %%uint_1
%%isodd%[1]d = OpIEqual %%bool %%odd%[1]d %%uint_1
OpSelectionMerge %%j%[1]d None
OpBranchConditional %%isodd%[1]d %%t%[1]d %%j%[1]d
%%t%[1]d = OpLabel
%%f%[1]d = OpConvertUToF %%float %%v%[1]d
%%s%[1]d = OpExtInst %%float %%glsl Sqrt %%f%[1]d
%%g%[1]d = OpFMul %%float %%s%[1]d %%float_half
%%u%[1]d = OpConvertFToU %%uint %%g%[1]d
OpStore %%p%[1]d %%u%[1]d
OpBranch %%j%[1]d
%%j%[1]d = OpLabel
%%w%[1]d = OpPhi %%uint %%v%[1]d %%b%[1]d %%u%[1]d %%t%[1]d
%%c%[1]d = OpIAdd %%uint %%a%[1]d %%w%[1]d
OpBranch %%l%[1]d
%%l%[1]d = OpLabel
%%n%[1]d = OpIAdd %%uint %%i%[1]d %%uint_1
%%done%[1]d = OpUGreaterThanEqual %%bool %%n%[1]d %%uint_10
OpBranchConditional %%done%[1]d %%m%[1]d %%h%[1]d
%%m%[1]d = OpLabel
%%q%[1]d = OpAccessChain %%ptr_uint %%buf %%int_0 %%x
OpStore %%q%[1]d %%c%[1]d
OpBranch %[3]s
`, i, prevLabel(i), next)
	}
	fmt.Fprintf(&b, "%%h%d = OpLabel\nOpReturn\nOpFunctionEnd\n", n)
	return b.String()
}

func prevLabel(i int) string {
	if i == 0 {
		return "entry"
	}
	return fmt.Sprintf("m%d", i-1)
}

// BenchmarkTranslate translates a 2,000-loop module (about 80,000 SPIR-V
// instructions' worth of words) from its binary: load, analyses, WGSL.
func BenchmarkTranslate(b *testing.B) {
	words, err := asm.Assemble(largeModule(2000), asm.Options{})
	if err != nil {
		b.Fatal(err)
	}
	data := wordsToBytes(words)
	if *writeLarge != "" {
		if err := os.WriteFile(*writeLarge, data, 0o644); err != nil {
			b.Fatal(err)
		}
	}
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	start := cpuTime()
	for b.Loop() {
		if _, err := wgsl.TranslateBytes(data, wgsl.Options{}); err != nil {
			b.Fatal(err)
		}
	}
	// CPU time as well as wall time: on a loaded machine only the first
	// compares with the CPU time of a naga process.
	b.ReportMetric(float64(cpuTime()-start)/float64(b.N)/1e6, "cpu-ms/op")
}

// cpuTime is the process's user and system CPU time so far.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// TestLargeModuleIsValid keeps the benchmark honest: its WGSL is valid.
func TestLargeModuleIsValid(t *testing.T) {
	check(t, largeModule(20), `loop \{`)
}
