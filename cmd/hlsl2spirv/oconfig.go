package main

import (
	"fmt"
	"strings"
)

// -Oconfig=<passes> gives dxc's optimizer a custom pass list. hlsl2spirv
// has no spirv-opt: what it always does is legalization (with DXC's
// unrolling of [unroll] loops), so --legalize-hlsl is the one recipe it
// can honour. Other spirv-opt passes are refused by name; anything else is
// the error spirv-opt gives for an unknown flag.

// legalizationPasses are the -Oconfig passes hlsl2spirv's own pipeline
// performs.
var legalizationPasses = map[string]bool{"--legalize-hlsl": true}

// spirvOptPasses are spirv-opt's other pass flags (and -O/-Os).
var spirvOptPasses = map[string]bool{
	"-O": true, "-Os": true, "--amd-ext-to-khr": true, "--ccp": true, "--cfg-cleanup": true,
	"--combine-access-chains": true, "--compact-ids": true, "--convert-local-access-chains": true,
	"--copy-propagate-arrays": true, "--descriptor-scalar-replacement": true,
	"--eliminate-dead-branches": true, "--eliminate-dead-code-aggressive": true, "--eliminate-dead-const": true,
	"--eliminate-dead-functions": true, "--eliminate-dead-inserts": true, "--eliminate-dead-members": true,
	"--eliminate-dead-variables": true, "--eliminate-local-multi-store": true, "--eliminate-local-single-block": true,
	"--eliminate-local-single-store": true, "--flatten-decorations": true, "--fold-spec-const-op-composite": true,
	"--freeze-spec-const": true, "--graphics-robust-access": true, "--if-conversion": true,
	"--inline-entry-points-exhaustive": true, "--interpolate-fixup": true, "--local-redundancy-elimination": true,
	"--loop-fission": true, "--loop-fusion": true, "--loop-invariant-code-motion": true, "--loop-peeling": true,
	"--loop-unroll": true, "--loop-unroll-partial": true, "--loop-unswitch": true, "--merge-blocks": true,
	"--merge-return": true, "--private-to-local": true, "--reduce-load-size": true, "--redundancy-elimination": true,
	"--relax-float-ops": true, "--remove-duplicates": true, "--replace-invalid-opcode": true, "--scalar-replacement": true,
	"--simplify-instructions": true, "--ssa-rewrite": true, "--strength-reduction": true, "--strip-debug": true,
	"--unify-const": true, "--upgrade-memory-model": true, "--vector-dce": true, "--workaround-1209": true,
	"--wrap-opkill": true,
}

// checkOconfig validates the -Oconfig options with dxc's messages.
func checkOconfig(values []string, optLevel bool) error {
	if len(values) == 0 {
		return nil
	}
	if len(values) > 1 {
		return fmt.Errorf("-Oconfig should not be specified more than once")
	}
	if optLevel {
		return fmt.Errorf("-Oconfig should not be used together with -O")
	}
	for _, p := range strings.Split(values[0], ",") {
		p = strings.TrimSpace(p)
		name, _, _ := strings.Cut(p, "=")
		switch {
		case legalizationPasses[name]:
		case spirvOptPasses[name]:
			return fmt.Errorf("the optimizer pass '%s' of -Oconfig is not supported yet by hlsl2spirv (it runs --legalize-hlsl only)", p)
		default:
			return fmt.Errorf("failed to optimize SPIR-V: Unknown flag '%s'", p)
		}
	}
	return nil
}
