package spirv

import (
	"sort"

	"github.com/hlsl2spirv/hlsl2spirv/builder"
	"github.com/hlsl2spirv/hlsl2spirv/builder/spv"
	"github.com/hlsl2spirv/hlsl2spirv/sema/stage"
)

// Finishing an entry point once every function is emitted: the stage
// variables get their locations, the entry point its interface list, and a
// compute-like one that takes derivatives its derivative group. The
// emitter gathers the facts its walk recorded (the stage variables, the
// built-ins in the order made, the options that choose the order); the
// work is done by plain functions of the module and those facts
// (assignLocations, entryInterface, usesDerivatives), tested SPIR-V in,
// SPIR-V out (entryfinish_test.go).

// finishEntryPoint adds what the whole module decides: the mesh stages'
// late variables and the derivative group execution mode, the stage
// variables' locations, and the interface list.
func (e *emitter) finishEntryPoint() {
	e.io.stageVars = append(e.io.stageVars, e.meshLateVars()...) // mesh.go
	e.computeDerivatives()
	for _, in := range []bool{true, false} {
		vars := userStageVars(e.io.stageVars, in)
		assignLocations(e.b, vars, e.locationOrder(in, vars))
	}
	for _, sv := range e.io.stageVars {
		if sv.perVertex {
			e.b.Decorate(sv.id, spv.DecorationPerVertexKHR)
		}
	}
	f := interfaceFacts{
		entry:          e.entry.id,
		reachedGlobals: e.opts.Version >= spv.Version1_4 || e.stage().IsRayTracing(),
		extBuiltins:    e.io.extBuiltinOrder,
		bodyBuiltins:   e.io.bodyBuiltins,
	}
	for _, sv := range e.io.stageVars {
		f.stageVars = append(f.stageVars, sv.id)
	}
	if e.io.rt != nil {
		for _, id := range e.io.rt.builtins {
			f.everyEntry = append(f.everyEntry, id) // a set: listed in the module's order
		}
	}
	e.b.AddInterface(e.entry.id, entryInterface(e.b.M, f)...)
}

// computeDerivatives gives a compute shader that uses derivatives
// (implicit-LOD sampling, ddx...) the derivative group execution mode of
// SPV_{NV,KHR}_compute_shader_derivatives: quads when the group's x and y
// sizes are even, else linear, as DXC chooses.
func (e *emitter) computeDerivatives() {
	if e.stage() != stage.Compute && !e.isMeshStage() {
		return
	}
	if !usesDerivatives(e.b.M, e.entry.id) {
		return
	}
	if e.isMeshStage() {
		e.meshDerivatives() // mesh.go
		return
	}
	ext := "SPV_NV_compute_shader_derivatives"
	for _, x := range e.opts.Extensions {
		if x == "SPV_KHR_compute_shader_derivatives" {
			ext = x
		}
	}
	e.b.Extension(ext)
	if e.entry.numThreads[0]%2 == 0 && e.entry.numThreads[1]%2 == 0 {
		e.b.Capability(spv.CapabilityComputeDerivativeGroupQuadsKHR)
		e.b.ExecutionMode(e.entry.id, spv.ExecutionModeDerivativeGroupQuadsKHR)
	} else {
		e.b.Capability(spv.CapabilityComputeDerivativeGroupLinearKHR)
		e.b.ExecutionMode(e.entry.id, spv.ExecutionModeDerivativeGroupLinearKHR)
	}
}

// usesDerivatives reports whether a function the entry point reaches takes
// derivatives: implicit-LOD sampling, a LOD query, ddx and its kin.
func usesDerivatives(m *builder.Module, entry builder.ID) bool {
	for _, f := range m.Reachable(entry) {
		for _, b := range f.Blocks {
			for _, in := range b.Insts {
				switch in.Op {
				case spv.OpImageSampleImplicitLod, spv.OpImageSampleDrefImplicitLod, spv.OpImageSparseSampleImplicitLod,
					spv.OpImageSparseSampleDrefImplicitLod, spv.OpImageQueryLod, spv.OpDPdx, spv.OpDPdy, spv.OpFwidth,
					spv.OpDPdxFine, spv.OpDPdyFine, spv.OpFwidthFine, spv.OpDPdxCoarse, spv.OpDPdyCoarse, spv.OpFwidthCoarse:
					return true
				}
			}
		}
	}
	return false
}

// userStageVars are the stage variables of one direction that take a
// location (not the built-ins).
func userStageVars(all []*stageVar, in bool) []*stageVar {
	var vars []*stageVar
	for _, sv := range all {
		if sv.in == in && !sv.builtin {
			vars = append(vars, sv)
		}
	}
	return vars
}

// locationOrder is the order in which stage variables without an explicit
// location get one.
type locationOrder int

const (
	byDeclaration locationOrder = iota // the order the entry point declares them
	bySemantic                         // by semantic name
	packed                             // -pack-optimized (packio.go)
)

// locationOrder is how the entry point's variables of one direction are
// located.
func (e *emitter) locationOrder(in bool, vars []*stageVar) locationOrder {
	switch {
	case e.packs(in, vars): // packio.go
		return packed
	// DXC orders hull shader outputs and domain shader inputs by semantic
	// always, so the two stages agree whatever order each declares them in.
	case e.opts.StageIOOrder == "alpha" || (!in && e.stage() == stage.Hull) || (in && e.stage() == stage.Domain):
		return bySemantic
	}
	return byDeclaration
}

// assignLocations gives the stage variables vars (of one direction, none
// a built-in) their Location decorations, and Component and Index where
// they have them: explicit locations are kept, the rest take the lowest
// free slots in the given order.
func assignLocations(b *builder.ModuleBuilder, vars []*stageVar, order locationOrder) {
	used := map[int]bool{}
	for _, sv := range vars {
		if sv.location >= 0 {
			for k := 0; k < max(sv.slots, 1); k++ {
				used[sv.location+k] = true
			}
		}
	}
	ordered := vars
	switch order {
	case bySemantic:
		ordered = append([]*stageVar(nil), vars...)
		sort.SliceStable(ordered, func(i, j int) bool { return ordered[i].semantic < ordered[j].semantic })
	case packed:
		ordered = packLocations(vars) // packio.go
	}
	next := 0
	for _, sv := range ordered {
		if sv.location >= 0 {
			continue
		}
		for !slotsFree(used, next, max(sv.slots, 1)) {
			next++
		}
		sv.location = next
		for k := 0; k < max(sv.slots, 1); k++ {
			used[next+k] = true
		}
		next += max(sv.slots, 1)
	}
	for _, sv := range ordered {
		b.Decorate(sv.id, spv.DecorationLocation, builder.Lit(uint32(sv.location)))
		if sv.component >= 0 {
			b.Decorate(sv.id, spv.DecorationComponent, builder.Lit(uint32(sv.component)))
		}
		if sv.index > 0 {
			// dual-source blending: the blend equation input it feeds
			b.Decorate(sv.id, spv.DecorationIndex, builder.Lit(uint32(sv.index-1)))
		}
	}
}

// slotsFree reports whether the n locations from first are all unused.
func slotsFree(used map[int]bool, first, n int) bool {
	for k := range n {
		if used[first+k] {
			return false
		}
	}
	return true
}

// interfaceFacts are what an entry point's interface list is made of.
type interfaceFacts struct {
	entry builder.ID
	// reachedGlobals: the list holds every global variable the entry
	// point reaches (SPIR-V 1.4 and later; and the ray tracing stages,
	// which read their built-ins in any function); otherwise the stage
	// variables and the vk::ext_builtin_* variables.
	reachedGlobals bool
	extBuiltins    []builder.ID // vk::ext_builtin_* variables, as declared
	stageVars      []builder.ID // the entry's stage variables, as made
	bodyBuiltins   []builder.ID // built-ins the intrinsics made, as made
	// everyEntry are built-ins DXC lists in every entry point first, in
	// the module's order (the ray tracing built-ins the intrinsics make
	// belong to no entry point; the legalization, which reading them asks
	// for, rebuilds each list from what its entry point uses).
	everyEntry []builder.ID
}

// entryInterface is an entry point's interface list in DXC's order: the
// vk::ext_builtin_* variables (declared before the stage variables), the
// stage variables, the built-ins the intrinsics made, then the other
// globals reached.
func entryInterface(m *builder.Module, f interfaceFacts) []builder.ID {
	if !f.reachedGlobals {
		listed := map[builder.ID]bool{}
		for _, id := range f.stageVars {
			listed[id] = true
		}
		var iface []builder.ID
		for _, id := range f.extBuiltins {
			if !listed[id] {
				iface = append(iface, id)
			}
		}
		return append(iface, f.stageVars...)
	}
	reached := builder.InterfaceVariables(m, f.entry)
	isReached := map[builder.ID]bool{}
	for _, id := range reached {
		isReached[id] = true
	}
	listed := map[builder.ID]bool{}
	var ordered []builder.ID
	add := func(ids []builder.ID, onlyReached bool) {
		for _, id := range ids {
			if !listed[id] && (!onlyReached || isReached[id]) {
				ordered = append(ordered, id)
				listed[id] = true
			}
		}
	}
	add(f.extBuiltins, true)
	add(f.stageVars, false)
	add(f.bodyBuiltins, true)
	add(reached, false)
	if len(f.everyEntry) == 0 {
		return ordered
	}
	common := map[builder.ID]bool{}
	for _, id := range f.everyEntry {
		common[id] = true
	}
	var out []builder.ID
	for _, in := range m.Globals {
		if in.Op == spv.OpVariable && common[in.Result] {
			out = append(out, in.Result)
		}
	}
	for _, id := range ordered {
		if !common[id] {
			out = append(out, id)
		}
	}
	return out
}
