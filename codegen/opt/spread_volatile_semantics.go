package opt

import (
	"github.com/hlsl2spirv/hlsl2spirv/builder"
	"github.com/hlsl2spirv/hlsl2spirv/builder/spv"
)

// spreadVolatileSemantics is --spread-volatile-semantics (spirv-opt's
// SpreadVolatileSemantics), which DXC runs last at -O1 and up: the
// built-ins Vulkan requires to be read with Volatile semantics get it. They
// are, for the ray-tracing stages, the subgroup built-ins (SubgroupSize,
// SubgroupLocalInvocationId, the Subgroup*Mask ones, SMIDNV, WarpIDNV) and,
// in intersection shaders, RayTmaxKHR; for fragment shaders from SPIR-V 1.6,
// HelperInvocation. Under the Vulkan memory model the loads of such a
// variable (through access chains and copies) in the entry points' call
// trees get the Volatile memory operand; otherwise the variable is
// decorated Volatile. spirv-opt refuses the module (and DXC fails with
// "failed to optimize SPIR-V") when another entry point, for which the
// variable is no such built-in, loads it too, as a library of ray-tracing
// entry points sharing RayTmaxKHR between its intersection and hit
// shaders does; here the decoration serves both: a volatile read is
// correct in every stage.
type spreadVolatileSemantics struct{}

func (spreadVolatileSemantics) Name() string { return "spread-volatile-semantics" }

func (spreadVolatileSemantics) Run(c *Context) (bool, error) {
	if len(c.M.EntryPoints) == 0 && c.M.HasCapability(spv.CapabilityLinkage) {
		return false, nil
	}
	vmm := c.M.HasCapability(spv.CapabilityVulkanMemoryModel)
	s := &volatileSpread{c: c, builtIns: map[builder.ID][]spv.BuiltIn{}, volatile: map[builder.ID]bool{},
		entries: map[builder.ID][]builder.ID{}}
	for _, d := range c.M.Annotations {
		if d.Op != spv.OpDecorate {
			continue
		}
		switch spv.Decoration(d.Operands[1].Word) {
		case spv.DecorationBuiltIn:
			t := d.Operands[0].ID()
			s.builtIns[t] = append(s.builtIns[t], spv.BuiltIn(d.Operands[1].Params()[0].Word))
		case spv.DecorationVolatile:
			s.volatile[d.Operands[0].ID()] = true
		}
	}
	// The variables to make volatile, with the entry points needing it.
	for _, ep := range c.M.EntryPoints {
		model := spv.ExecutionModel(ep.Operands[0].Word)
		for _, o := range ep.Operands[3:] {
			v := o.ID()
			if s.isTarget(v, model) && (vmm || s.loadedNonVolatile(v, ep)) {
				s.mark(v, ep.Operands[1].ID())
			}
		}
	}
	changed := false
	for _, g := range c.M.Globals {
		fns := s.entries[g.Result]
		if g.Result == 0 || len(fns) == 0 {
			continue
		}
		changed = true
		if !vmm {
			if !s.volatile[g.Result] {
				c.B.Decorate(g.Result, spv.DecorationVolatile)
				s.volatile[g.Result] = true
			}
			continue
		}
		for _, fn := range fns {
			s.visitLoads(g.Result, fn, func(load *builder.Inst) bool {
				if len(load.Operands) < 2 {
					load.Operands = append(load.Operands, builder.Enum(spv.MemoryAccessVolatile))
				} else {
					load.Operands[1].Word |= uint32(spv.MemoryAccessVolatile)
				}
				return true
			})
		}
	}
	return changed, nil
}

// volatileSpread is one run's state.
type volatileSpread struct {
	c        *Context
	builtIns map[builder.ID][]spv.BuiltIn // a variable's BuiltIn decorations
	volatile map[builder.ID]bool          // decorated Volatile
	// entries maps a variable to the entry-point functions for which it
	// needs Volatile semantics, in OpEntryPoint order.
	entries map[builder.ID][]builder.ID
}

func (s *volatileSpread) mark(v, fn builder.ID) {
	for _, f := range s.entries[v] {
		if f == fn {
			return
		}
	}
	s.entries[v] = append(s.entries[v], fn)
}

func (s *volatileSpread) hasBuiltIn(v builder.ID, pred func(spv.BuiltIn) bool) bool {
	for _, b := range s.builtIns[v] {
		if pred(b) {
			return true
		}
	}
	return false
}

// isTarget reports whether v is a built-in variable Vulkan requires
// Volatile reads of in an entry point of the given model.
func (s *volatileSpread) isTarget(v builder.ID, model spv.ExecutionModel) bool {
	switch model {
	case spv.ExecutionModelFragment:
		return s.c.M.Version >= 0x10600 && s.hasBuiltIn(v, func(b spv.BuiltIn) bool { return b == spv.BuiltInHelperInvocation })
	case spv.ExecutionModelIntersectionKHR:
		if s.hasBuiltIn(v, func(b spv.BuiltIn) bool { return b == spv.BuiltInRayTmaxKHR }) {
			return true
		}
	}
	switch model {
	case spv.ExecutionModelRayGenerationKHR, spv.ExecutionModelClosestHitKHR, spv.ExecutionModelMissKHR,
		spv.ExecutionModelCallableKHR, spv.ExecutionModelIntersectionKHR:
		return s.hasBuiltIn(v, isRayTracingVolatileBuiltIn)
	}
	return false
}

func isRayTracingVolatileBuiltIn(b spv.BuiltIn) bool {
	switch b {
	case spv.BuiltInSMIDNV, spv.BuiltInWarpIDNV, spv.BuiltInSubgroupSize, spv.BuiltInSubgroupLocalInvocationId,
		spv.BuiltInSubgroupEqMask, spv.BuiltInSubgroupGeMask, spv.BuiltInSubgroupGtMask, spv.BuiltInSubgroupLeMask,
		spv.BuiltInSubgroupLtMask:
		return true
	}
	return false
}

// loadedNonVolatile reports whether the call tree of the entry point loads
// v without the Volatile memory operand.
func (s *volatileSpread) loadedNonVolatile(v builder.ID, ep *builder.Inst) bool {
	return !s.visitLoads(v, ep.Operands[1].ID(), func(load *builder.Inst) bool {
		return len(load.Operands) >= 2 && load.Operands[1].Word&uint32(spv.MemoryAccessVolatile) != 0
	})
}

// visitLoads calls fn on the loads of v, through access chains and copies,
// in the call tree of the function entry, until fn returns false; it
// reports whether fn never did.
func (s *volatileSpread) visitLoads(v, entry builder.ID, fn func(*builder.Inst) bool) bool {
	funcs := map[*builder.Function]bool{}
	forEachFunctionFrom(s.c, []builder.ID{entry}, func(f *builder.Function) bool {
		funcs[f] = true
		return false
	})
	work := []builder.ID{v}
	for len(work) > 0 {
		ptr := work[len(work)-1]
		work = work[:len(work)-1]
		for _, u := range s.c.DU.Users(ptr) {
			if u.Block == nil || !funcs[u.Block.Func] {
				continue
			}
			switch u.Op {
			case spv.OpAccessChain, spv.OpInBoundsAccessChain, spv.OpPtrAccessChain, spv.OpInBoundsPtrAccessChain,
				spv.OpCopyObject:
				if u.Operands[0].ID() == ptr {
					work = append(work, u.Result)
				}
			case spv.OpLoad:
				if !fn(u) {
					return false
				}
			}
		}
	}
	return true
}
