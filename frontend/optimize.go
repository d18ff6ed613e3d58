package frontend

import (
	"fmt"
	"strings"

	"github.com/hlsl2spirv/hlsl2spirv/builder"
	"github.com/hlsl2spirv/hlsl2spirv/builder/spv"
	"github.com/hlsl2spirv/hlsl2spirv/codegen/opt"
	"github.com/hlsl2spirv/hlsl2spirv/codegen/spirv"
	"github.com/hlsl2spirv/hlsl2spirv/frontend/diag"
)

// optimizerPasses returns the -O passes a compile runs after code
// generation (and after legalization, when the module needs it: see
// legalizationPasses), as DXC chooses them: none under -fcgl; the -Oconfig
// list when given; otherwise DXC's performance passes at -O1..-O3 (the
// default) followed by spread-volatile-semantics and compact-ids, and
// nothing at -O0. With rich debug information fix-opextinst-opcodes
// follows; trim-capabilities, which DXC always runs, comes last.
func (o *Options) optimizerPasses() ([]opt.Pass, error) {
	if o.CodeGenOnly {
		return nil, nil
	}
	level := 3
	if o.NoOptimize {
		level = 0
	}
	passes, err := opt.PipelineFor(level, o.OptConfig)
	if err != nil {
		return nil, err
	}
	if o.Debug.Rich {
		// DXC fixes the debug instructions' opcodes after optimizing: one
		// naming a later one must be OpExtInstWithForwardRefsKHR.
		fix, err := opt.Passes([]string{"fix-opextinst-opcodes"})
		if err != nil {
			return nil, err
		}
		passes = append(passes, fix...)
	}
	return append(passes, opt.FinalPasses()...), nil
}

// CheckOptimizerOptions reports an -Oconfig list that names an unknown or
// unimplemented pass, with DXC's wording.
func (o *Options) CheckOptimizerOptions() error {
	_, err := o.optimizerPasses()
	if err != nil {
		return fmt.Errorf("failed to optimize SPIR-V: %v", err)
	}
	return nil
}

// legalizationPasses are DXC's legalization passes (with the additions
// -fspv-flatten-resource-arrays, structs of resources,
// [[vk::combinedImageSampler]] pairs and -fspv-reduce-load-size ask for) for a module the emitter says needs them
// (spirv.Legalization) or under -fspv-reduce-load-size, or none.
func (o *Options) legalizationPasses(legal spirv.Legalization) ([]opt.Pass, error) {
	if o.CodeGenOnly {
		return nil, nil
	}
	if !(legal.Needed || o.ReduceLoadSize) {
		if o.PackOptimized {
			// the packed stage variables' arrays and matrices still
			// become a variable per location, as DXC's legalization
			// begins
			return opt.Pipeline([]string{opt.SignaturePackingFlag}, false)
		}
		return nil, nil
	}
	return opt.Pipeline(opt.LegalizationPipelineFlags(opt.LegalizeOptions{
		SignaturePacking:          o.PackOptimized,
		FlattenResourceArrays:     o.FlattenResourceArrays,
		FlattenCompositeResources: legal.CompositeResources,
		CombinedImageSamplers:     legal.CombinedImageSamplers,
		ReduceLoadSize:            o.ReduceLoadSize,
		FixFuncCallArguments:      o.FixFuncCallArguments,
	}), false)
}

// optimize runs the optimizer over the emitted module, as DXC's emitter
// does: legalization when the module needs it, then the -O passes. It
// returns the module's words and the module, optimized in place.
// Failures are DXC's "failed to legalize SPIR-V" and "failed to optimize
// SPIR-V" errors.
func (r *Result) optimize(opts *Options, m *builder.Module) ([]uint32, *builder.Module) {
	fail := func(what, msg string) ([]uint32, *builder.Module) {
		r.Diags.Add(diag.Diagnostic{Severity: diag.Fatal, Code: diag.BadOption, Msg: "failed to " + what + " SPIR-V: " + msg})
		return nil, nil
	}
	legalize, err := opts.legalizationPasses(r.legal)
	if err != nil {
		return fail("legalize", err.Error())
	}
	passes, err := opts.optimizerPasses()
	if err != nil {
		return fail("optimize", err.Error())
	}
	if len(legalize) == 0 && len(passes) == 0 {
		var out builder.WordSlice
		if err := builder.Serialize(m, &out); err != nil {
			return fail("optimize", "internal error: "+err.Error())
		}
		return out.Words, m
	}
	run := opt.RunOptions{
		Options:    opt.Options{PreserveInterface: opts.PreserveInterface, PreserveBindings: opts.PreserveBindings},
		PrintAll:   opts.PrintAll,
		TimeReport: opts.TimeReport,
	}
	// (an empty list only prints, under -ftime-report, an empty report)
	if len(legalize) > 0 || opts.TimeReport != nil {
		if err := opt.Run(m, legalize, run); err != nil {
			return fail("legalize", err.Error())
		}
	}
	if len(legalize) > 0 {
		// a local texture or sampler every path set to the same resource
		opt.ReloadJoinedHandles(m)
	}
	if err := opt.Run(m, passes, run); err != nil {
		return fail("optimize", err.Error())
	}
	if msg := derivativesOutOfStage(m); msg != "" && !opts.DisableValidation {
		r.Diags.Add(diag.Diagnostic{Severity: diag.Error, Code: diag.CodegenBase, Msg: "generated SPIR-V is invalid:\n" + msg})
		return nil, nil
	}
	if p := opt.CheckPointers(m); p != nil {
		r.reportIllegalPointer(opts, p, len(legalize) > 0)
		return nil, nil
	}
	var out builder.WordSlice
	if err := builder.Serialize(m, &out); err != nil {
		return fail("optimize", "internal error: "+err.Error())
	}
	return out.Words, m
}

// derivativesOutOfStage reports, in the validator's words, a derivative
// instruction the optimized code of an entry point still runs where its
// execution model has no derivatives (a vertex shader's ddx in a branch
// not folded away), which DXC's validator refuses; "" when there is none.
func derivativesOutOfStage(m *builder.Module) string {
	for _, ep := range m.EntryPoints {
		switch spv.ExecutionModel(ep.Operands[0].Word) {
		case spv.ExecutionModelFragment, spv.ExecutionModelGLCompute, spv.ExecutionModelMeshEXT, spv.ExecutionModelTaskEXT,
			spv.ExecutionModelMeshNV, spv.ExecutionModelTaskNV:
			continue
		}
		for _, f := range m.Reachable(ep.Operands[1].ID()) {
			for in := range f.Insts() {
				if info := spv.InstructionInfo(in.Op); info != nil && info.Class() == "Derivative" {
					return "Derivative instructions require Fragment, GLCompute, MeshEXT or TaskEXT execution model: " + strings.TrimPrefix(info.Name(), "Op")
				}
			}
		}
	}
	return ""
}

// reportIllegalPointer reports a pointer optimization left where logical
// addressing forbids it. After legalization it is DXC's "failed to
// legalize SPIR-V" with the validator's words, at the source that chose
// the resource (choicePos); otherwise (inline SPIR-V pointer types) it
// names the capability the shader can declare.
func (r *Result) reportIllegalPointer(opts *Options, p *opt.IllegalPointer, legalized bool) {
	if legalized || p.Handle {
		r.Diags.Add(diag.Diagnostic{Severity: diag.Error, Code: diag.CodegenBase, Pos: r.choicePos(opts),
			Msg: "failed to legalize SPIR-V: " + p.Validator})
		return
	}
	r.Diags.Add(diag.Diagnostic{Severity: diag.Error, Code: diag.CodegenBase,
		Msg: "a SPIR-V pointer is still held in " + p.Held + " after optimization, which needs the VariablePointers capability ([[vk::ext_capability(4442)]] on the entry point)"})
}

// choicePos is where the source chose the pointer legalization could not
// resolve. Only on this failure path, the module is generated again with
// every instruction's source position attached (spirv.DebugOptions
// Positions, carried by the passes as debug lines) and optimized the same
// way; the position is the one of the instruction that made the choice
// (opt.IllegalPointer.Chooser). It falls back to the construct that asked
// for legalization.
func (r *Result) choicePos(opts *Options) diag.Pos {
	cg := opts.codegenOptions(r.profile)
	cg.Debug = spirv.DebugOptions{Positions: true}
	m, legal := spirv.GenerateModule(r.Files, diag.NewList(r.Files, diag.Options{}), r.AST, r.Info, cg)
	legalize, err1 := opts.legalizationPasses(legal)
	passes, err2 := opts.optimizerPasses()
	if m == nil || err1 != nil || err2 != nil ||
		opt.Run(m, legalize, opt.RunOptions{}) != nil {
		return r.legal.Pos
	}
	if len(legalize) > 0 {
		opt.ReloadJoinedHandles(m)
	}
	if opt.Run(m, passes, opt.RunOptions{}) != nil {
		return r.legal.Pos
	}
	p := opt.CheckPointers(m)
	if p == nil {
		return r.legal.Pos
	}
	for l := p.Chooser(m.DefUse()).Line; l != nil; l = l.Line {
		if l.Op == spv.OpLine && len(l.Operands) == 3 {
			return diag.Pos(l.Operands[1].Word)
		}
	}
	return r.legal.Pos
}
