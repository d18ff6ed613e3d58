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
// -fspv-flatten-resource-arrays, structs of resources and
// -fspv-reduce-load-size ask for) for a module the emitter says needs them
// (spirv.Legalization) or under -fspv-reduce-load-size, or none.
func (o *Options) legalizationPasses(legal spirv.Legalization) ([]opt.Pass, error) {
	if o.CodeGenOnly || !(legal.Needed || o.ReduceLoadSize) {
		return nil, nil
	}
	return opt.Pipeline(opt.LegalizationPipelineFlags(opt.LegalizeOptions{
		FlattenResourceArrays:     o.FlattenResourceArrays,
		FlattenCompositeResources: legal.CompositeResources,
		ReduceLoadSize:            o.ReduceLoadSize,
	}), false)
}

// optimize runs the optimizer over the emitted module, as DXC's emitter
// does: legalization when the module needs it, then the -O passes.
// It returns the words and the optimized IR (nil when no pass ran).
// Failures are DXC's "failed to legalize SPIR-V" and "failed to optimize
// SPIR-V" errors.
func (r *Result) optimize(opts *Options, words []uint32) ([]uint32, *builder.Module) {
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
		return words, nil
	}
	m, err := builder.Load(words)
	if err != nil {
		return fail("optimize", "internal error: "+err.Error())
	}
	run := opt.RunOptions{
		Options:    opt.Options{PreserveInterface: opts.PreserveInterface, PreserveBindings: opts.PreserveBindings},
		PrintAll:   opts.PrintAll,
		TimeReport: opts.TimeReport,
	}
	if err := opt.Run(m, legalize, run); err != nil {
		return fail("legalize", err.Error())
	}
	if err := opt.Run(m, passes, run); err != nil {
		return fail("optimize", err.Error())
	}
	if msg := derivativesOutOfStage(m); msg != "" && !opts.DisableValidation {
		r.Diags.Add(diag.Diagnostic{Severity: diag.Error, Code: diag.CodegenBase, Msg: "generated SPIR-V is invalid:\n" + msg})
		return nil, nil
	}
	if what := pointerValuesLeft(m); what != "" {
		r.Diags.Add(diag.Diagnostic{Severity: diag.Error, Code: diag.CodegenBase,
			Msg: "a SPIR-V pointer is still held in " + what + " after optimization, which needs the VariablePointers capability ([[vk::ext_capability(4442)]] on the entry point)"})
		return nil, nil
	}
	var out builder.WordSlice
	if err := builder.Serialize(m, &out); err != nil {
		return fail("optimize", "internal error: "+err.Error())
	}
	return out.Words, m
}

// pointerValuesLeft reports a logical pointer the optimizer left held in a
// Function variable, a phi or a select: inline SPIR-V's
// pointer types (vk::WorkgroupSpirvPointer and the like) may pass through
// locals and parameters when the optimizer removes them afterwards, as
// DXC's legalization does, but what remains needs the VariablePointers
// capability the module does not declare. It returns "" when there is
// nothing of the kind.
func pointerValuesLeft(m *builder.Module) string {
	for _, c := range m.Capabilities {
		if c == spv.CapabilityVariablePointers || c == spv.CapabilityVariablePointersStorageBuffer {
			return ""
		}
	}
	types := map[builder.ID]*builder.Inst{}
	for _, g := range m.Globals {
		if g.Result != 0 {
			types[g.Result] = g
		}
	}
	logical := func(t builder.ID) bool {
		p := types[t]
		return p != nil && p.Op == spv.OpTypePointer && spv.StorageClass(p.Operands[0].Word) != spv.StorageClassPhysicalStorageBuffer
	}
	for _, f := range m.Functions {
		for _, b := range f.Blocks {
			for _, in := range b.Insts {
				switch in.Op {
				case spv.OpVariable:
					if pt := types[in.Type]; pt != nil && logical(pt.Operands[1].ID()) {
						return "a local variable"
					}
				case spv.OpPhi, spv.OpSelect:
					if logical(in.Type) {
						return "a value chosen at run time (a phi or a select)"
					}
				}
			}
		}
	}
	return ""
}

// derivativesOutOfStage reports, in the validator's words, a derivative
// instruction the optimized code of an entry point still runs where its
// execution model has no derivatives (a vertex shader's ddx in a branch
// not folded away), which DXC's validator refuses; "" when there is none.
func derivativesOutOfStage(m *builder.Module) string {
	funcs := map[builder.ID]*builder.Function{}
	for _, f := range m.Functions {
		funcs[f.Def.Result] = f
	}
	for _, ep := range m.EntryPoints {
		switch spv.ExecutionModel(ep.Operands[0].Word) {
		case spv.ExecutionModelFragment, spv.ExecutionModelGLCompute, spv.ExecutionModelMeshEXT, spv.ExecutionModelTaskEXT,
			spv.ExecutionModelMeshNV, spv.ExecutionModelTaskNV:
			continue
		}
		seen := map[builder.ID]bool{}
		work := []builder.ID{ep.Operands[1].ID()}
		for len(work) > 0 {
			id := work[len(work)-1]
			work = work[:len(work)-1]
			f := funcs[id]
			if f == nil || seen[id] {
				continue
			}
			seen[id] = true
			for _, b := range f.Blocks {
				for _, in := range b.Insts {
					if in.Op == spv.OpFunctionCall {
						work = append(work, in.Operands[0].ID())
					}
					if info := spv.InstructionInfo(in.Op); info != nil && info.Class == "Derivative" {
						return "Derivative instructions require Fragment, GLCompute, MeshEXT or TaskEXT execution model: " + strings.TrimPrefix(info.Name, "Op")
					}
				}
			}
		}
	}
	return ""
}
