// Command spirv2wgsl translates a Vulkan SPIR-V module to WGSL.
//
//	spirv2wgsl in.spv [-o out.wgsl] [--entry NAME] [--push-constants free|none|uniform|immediate] [--push-binding GROUP,BINDING] [--strict-bindings]
//	           [--target-env ENV] [--scalar-block-layout] [--no-validate]
//
// The input is validated first (package builder/validate, the rules of the
// Vulkan environment ENV, by default that of the module's SPIR-V version,
// with relaxed block layout, or scalar with --scalar-block-layout): an
// invalid module is refused, naming the broken rule and its source line
// when the module has line information.
//
// Without -o the WGSL goes to stdout. Input WGSL cannot express is refused
// with a message naming the construct (and its source line when the module
// has line information); the exit status is then 1. Resources the
// translation binds elsewhere than the SPIR-V says (two at one binding,
// descriptor array elements, samplers of combined image samplers, texel
// buffers as storage buffers) are listed as notes on stderr and in the
// WGSL's header; --strict-bindings refuses shared bindings instead.
package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"runtime/debug"

	"github.com/spf13/pflag"

	"github.com/hlsl2spirv/hlsl2spirv/builder"
	"github.com/hlsl2spirv/hlsl2spirv/builder/validate"
	"github.com/hlsl2spirv/hlsl2spirv/codegen/wgsl"
)

func main() {
	// One translation is a short process: collecting garbage at the
	// default pace costs more than it saves (a 1 MB module allocates
	// about 80 MB, nearly all garbage by the end).
	debug.SetGCPercent(400)
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

func run(args []string, stdout, stderr io.Writer) int {
	fs := pflag.NewFlagSet("spirv2wgsl", pflag.ContinueOnError)
	fs.SetOutput(stderr)
	out := fs.StringP("output", "o", "", "write the WGSL to this file (default stdout)")
	entry := fs.String("entry", "", "translate only this entry point")
	push := fs.String("push-constants", "free", "where push constants go: free (a uniform buffer at a free binding of group 0), none (an error), uniform (a uniform buffer at --push-binding) or immediate (var<immediate>)")
	pushBinding := fs.String("push-binding", "0,0", "GROUP,BINDING of the uniform buffer holding push constants")
	strict := fs.Bool("strict-bindings", false, "refuse two resources at one binding instead of moving one to a free binding")
	targetEnv := fs.String("target-env", "", "validate the input for this environment (vulkan1.0..vulkan1.3, spv1.0..spv1.6; default: the Vulkan environment of the module's version)")
	scalar := fs.Bool("scalar-block-layout", false, "validate buffer layouts with the scalar rules (VK_EXT_scalar_block_layout) instead of the relaxed ones")
	noValidate := fs.Bool("no-validate", false, "translate without validating the input first")
	fs.Usage = func() {
		fmt.Fprintf(stderr, "usage: spirv2wgsl <module.spv> [-o out.wgsl] [options]\n")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() != 1 {
		fs.Usage()
		return 2
	}
	mode, err := wgsl.ParsePushConstantMode(*push)
	if err != nil {
		fmt.Fprintf(stderr, "spirv2wgsl: error: %v\n", err)
		return 2
	}
	opts := wgsl.Options{EntryPoint: *entry, PushConstants: mode, StrictBindings: *strict}
	if _, err := fmt.Sscanf(*pushBinding, "%d,%d", &opts.PushGroup, &opts.PushBinding); err != nil {
		fmt.Fprintf(stderr, "spirv2wgsl: error: --push-binding wants GROUP,BINDING, got %q\n", *pushBinding)
		return 2
	}
	in := fs.Arg(0)
	data, err := os.ReadFile(in)
	if err != nil {
		fmt.Fprintf(stderr, "spirv2wgsl: error: %v\n", err)
		return 1
	}
	m, err := builder.LoadBytes(data)
	if err != nil {
		fmt.Fprintf(stderr, "%s: invalid SPIR-V: %v\n", in, err)
		return 1
	}
	if !*noValidate {
		vo := validate.Options{RelaxBlockLayout: true, ScalarBlockLayout: *scalar}
		if *targetEnv != "" {
			if vo.Env, err = validate.ParseEnv(*targetEnv); err != nil {
				fmt.Fprintf(stderr, "spirv2wgsl: error: --target-env: %v\n", err)
				return 2
			}
		}
		if err := validate.Module(m, vo); err != nil {
			var ve *validate.Error
			if errors.As(err, &ve) {
				fmt.Fprintf(stderr, "%s: %s\n", in, ve.Report(m))
			} else {
				fmt.Fprintf(stderr, "%s: %v\n", in, err)
			}
			return 1
		}
	}
	res, err := wgsl.Translate(m, opts)
	if err != nil {
		fmt.Fprintf(stderr, "%s: %v\n", in, err)
		return 1
	}
	for _, n := range res.BindingNotes() {
		fmt.Fprintf(stderr, "%s: note: %s\n", in, n)
	}
	if *out == "" {
		io.WriteString(stdout, res.WGSL)
		return 0
	}
	if err := os.WriteFile(*out, []byte(res.WGSL), 0o644); err != nil {
		fmt.Fprintf(stderr, "spirv2wgsl: error: %v\n", err)
		return 1
	}
	return 0
}
