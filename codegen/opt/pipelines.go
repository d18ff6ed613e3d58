package opt

import (
	"fmt"
	"slices"
	"strings"
	"sync"
)

// The pipelines, as pass flag names. They follow SPIRV-Tools'
// Optimizer::RegisterLegalizationPasses and RegisterPerformancePasses, the
// lists DXC runs (SpirvEmitter's spirvToolsLegalize and
// spirvToolsOptimize).

// LegalizationFlags is --legalize-hlsl: what makes DXC-shaped HLSL code
// valid SPIR-V (inline everything, turn memory into SSA values, resolve
// resources to their variables, drop dead code).
var LegalizationFlags = []string{
	"wrap-opkill", "eliminate-dead-branches", "merge-return", "inline-entry-points-exhaustive",
	"eliminate-dead-functions", "private-to-local", "fix-storage-class", "eliminate-local-single-block",
	"eliminate-local-single-store", "eliminate-dead-code-aggressive", "scalar-replacement=0",
	"eliminate-local-single-block", "eliminate-local-single-store", "eliminate-dead-code-aggressive",
	"eliminate-local-multi-store", "combine-access-chains", "eliminate-dead-code-aggressive",
	"legalize-multidim-array", "ccp", "loop-unroll", "eliminate-dead-branches", "simplify-instructions",
	"eliminate-dead-code-aggressive", "copy-propagate-arrays", "vector-dce", "eliminate-dead-inserts",
	"reduce-load-size", "eliminate-dead-code-aggressive", "remove-unused-interface-variables",
	"interpolate-fixup", "invocation-interlock-placement", "fix-opextinst-opcodes",
}

// LegalizeOptions are what DXC's SpirvEmitter::spirvToolsLegalize adds to
// the legalization passes.
type LegalizeOptions struct {
	// SignaturePacking (-pack-optimized) splits stage variables of array
	// and matrix type first (interface-variable-scalar-replacement).
	SignaturePacking bool
	// FlattenResourceArrays (-fspv-flatten-resource-arrays) makes a
	// variable per element of every array of resources.
	FlattenResourceArrays bool
	// FlattenCompositeResources (the module has structs holding
	// resources) makes a variable per member of such structs.
	FlattenCompositeResources bool
	// CombinedImageSamplers are the descriptor set and binding pairs of
	// the [[vk::combinedImageSampler]] textures and samplers, combined by
	// convert-to-sampled-image.
	CombinedImageSamplers [][2]uint32
	// ReduceLoadSize is -fspv-reduce-load-size.
	ReduceLoadSize bool
	// FixFuncCallArguments (-fspv-fix-func-call-arguments) passes the
	// access chains calls take through variables, last
	// (fix-func-call-param).
	FixFuncCallArguments bool
}

// SignaturePackingFlag splits the stage variables -pack-optimized packed:
// DXC runs it first when it packs signatures.
const SignaturePackingFlag = "interface-variable-scalar-replacement"

// LegalizationPipelineFlags is DXC's whole legalization run as flag names,
// in spirvToolsLegalize's order: the options' additions around
// --legalize-hlsl, then compact-ids and spread-volatile-semantics (and
// fix-func-call-param after them).
func LegalizationPipelineFlags(o LegalizeOptions) []string {
	var out []string
	if o.SignaturePacking {
		out = append(out, SignaturePackingFlag)
	}
	out = append(out, LegalizationFlags...)
	if o.FlattenResourceArrays {
		out = append(out, "replace-desc-array-access-using-var-index", "eliminate-dead-code-aggressive",
			"descriptor-array-scalar-replacement", "eliminate-dead-code-aggressive")
	}
	if o.FlattenCompositeResources {
		// (Dead-code elimination deletes the struct types holding
		// resources, which are not valid.)
		out = append(out, "descriptor-composite-scalar-replacement", "eliminate-dead-code-aggressive")
	}
	if len(o.CombinedImageSamplers) > 0 {
		// (Dead-code elimination deletes the samplers combined.)
		out = append(out, CombinedImageSamplerFlag(o.CombinedImageSamplers), "eliminate-dead-code-aggressive")
	}
	if o.ReduceLoadSize {
		out = append(out, "reduce-load-size=1.1", "eliminate-dead-code-aggressive")
	}
	out = append(out, "compact-ids", "spread-volatile-semantics")
	if o.FixFuncCallArguments {
		out = append(out, "fix-func-call-param")
	}
	return out
}

// PerformanceFlags is -O: the performance passes.
var PerformanceFlags = []string{
	"wrap-opkill", "eliminate-dead-branches", "merge-return", "inline-entry-points-exhaustive",
	"eliminate-dead-functions", "eliminate-dead-code-aggressive", "private-to-local",
	"eliminate-local-single-block", "eliminate-local-single-store", "eliminate-dead-code-aggressive",
	"scalar-replacement=0", "convert-local-access-chains", "eliminate-local-single-block",
	"eliminate-local-single-store", "eliminate-dead-code-aggressive", "eliminate-local-multi-store",
	"eliminate-dead-code-aggressive", "ccp", "eliminate-dead-code-aggressive", "loop-unroll",
	"eliminate-dead-branches", "redundancy-elimination", "combine-access-chains",
	"simplify-instructions", "scalar-replacement=0", "convert-local-access-chains",
	"eliminate-local-single-block", "eliminate-local-single-store", "eliminate-dead-code-aggressive",
	"ssa-rewrite", "eliminate-dead-code-aggressive", "vector-dce", "eliminate-dead-inserts",
	"eliminate-dead-branches", "simplify-instructions", "if-conversion", "copy-propagate-arrays",
	"reduce-load-size", "eliminate-dead-code-aggressive", "merge-blocks", "redundancy-elimination",
	"eliminate-dead-branches", "merge-blocks", "simplify-instructions",
}

// SizeFlags is -Os (not a DXC pipeline; accepted in -Oconfig as spirv-opt
// accepts it).
var SizeFlags = PerformanceFlags

// ConfigPasses makes the passes of an -Oconfig list (spirv-opt flags:
// "--ccp", "--scalar-replacement=100", "-O", "-Os", "--legalize-hlsl").
// A pass named explicitly must be implemented; the pipelines run as far
// as the optimizer goes today (see Pipeline). Errors use spirv-opt's
// wording, which DXC prefixes with "failed to optimize SPIR-V: ".
func ConfigPasses(config []string) ([]Pass, error) {
	var out []Pass
	add := func(flags []string, strict bool) error {
		ps, err := Pipeline(flags, strict)
		out = append(out, ps...)
		return err
	}
	for _, f := range config {
		f = strings.TrimSpace(f)
		var err error
		switch f {
		case "":
		case "-O":
			err = add(PerformanceFlags, false)
		case "-Os":
			err = add(SizeFlags, false)
		case "--legalize-hlsl":
			err = add(LegalizationFlags, false)
		default:
			name, ok := strings.CutPrefix(f, "--")
			if !ok {
				return nil, fmt.Errorf("Unknown flag '%s'", f)
			}
			err = add([]string{name}, true)
		}
		if err != nil {
			return nil, err
		}
	}
	return out, nil
}

// Passes makes the passes of a list of flag names.
func Passes(flags []string) ([]Pass, error) {
	passes := make([]Pass, 0, len(flags))
	for _, f := range flags {
		p, err := NewPass(f)
		if err != nil {
			return nil, err
		}
		passes = append(passes, p)
	}
	return passes, nil
}

// Pipeline makes the passes of a pipeline. With strict, every flag must
// name an implemented pass (an -Oconfig list the user wrote); otherwise the
// passes not implemented yet are left out, so DXC's pipelines run as far
// as the optimizer goes today.
func Pipeline(flags []string, strict bool) ([]Pass, error) {
	if strict {
		return Passes(flags)
	}
	var out []Pass
	for _, f := range flags {
		name, _, _ := strings.Cut(f, "=")
		if _, ok := registry[name]; !ok {
			continue
		}
		p, err := NewPass(f)
		if err != nil {
			return nil, err
		}
		out = append(out, p)
	}
	return out, nil
}

// PipelineFor returns the passes DXC runs after its legalization at an
// optimization level (0 to 3), or for an -Oconfig list when config is not
// empty: nothing at -O0; the performance passes, spread-volatile-semantics
// and compact-ids at -O1 and up. Trim-capabilities, which DXC runs at
// every level, is the caller's (see TrimFlags).
func PipelineFor(level int, config []string) ([]Pass, error) {
	if len(config) > 0 {
		return ConfigPasses(config)
	}
	if level == 0 {
		return nil, nil
	}
	ps := optimizePipeline()
	// (capacity = length: a caller appending copies, never writes into
	// the shared array)
	return ps[:len(ps):len(ps)], nil
}

// FinalPasses are the passes DXC runs on every module it writes, whatever
// the optimization level: trim-capabilities.
func FinalPasses() []Pass {
	ps := finalPipeline()
	return ps[:len(ps):len(ps)]
}

// The default pipelines are made once and shared by every compile (a
// batch runs them concurrently): making -O3's hundred passes from their
// flag names cost a small shader's compile about as much as its
// inlining. Sharing is safe because a pass value is immutable
// configuration: every pass type's Run and Name have value receivers and
// the types in these pipelines hold no pointers, maps or slices, so a run
// cannot change the pass; what a run keeps, it keeps in its Context.
var (
	optimizePipeline = sync.OnceValue(func() []Pass {
		ps, err := Pipeline(slices.Concat(PerformanceFlags, []string{"spread-volatile-semantics", "compact-ids"}), false)
		if err != nil {
			panic(err)
		}
		return ps
	})
	finalPipeline = sync.OnceValue(func() []Pass {
		ps, _ := Pipeline([]string{"trim-capabilities"}, false)
		return ps
	})
)
