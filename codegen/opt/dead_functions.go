package opt

import (
	"slices"

	"github.com/hlsl2spirv/hlsl2spirv/builder"
	"github.com/hlsl2spirv/hlsl2spirv/builder/spv"
)

// deadFunctions is --eliminate-dead-functions: it deletes the functions
// that no entry point and no exported function (Linkage Export) calls,
// directly or through other functions, with their names and decorations.
type deadFunctions struct{}

func (deadFunctions) Name() string { return "eliminate-dead-functions" }

func (deadFunctions) Run(c *Context) (bool, error) { return eliminateDeadFunctions(c), nil }

// eliminateDeadFunctions deletes the functions no entry point or exported
// function reaches (aggressive DCE starts with it too).
func eliminateDeadFunctions(c *Context) bool {
	if len(c.M.Functions) == 1 && slices.Contains(callTreeRoots(c), c.M.Functions[0].Def.Result) {
		// The entry point alone (after inlining, most often): nothing
		// dies, no table of the live ones to make.
		return false
	}
	live := liveFunctions(c)
	kept := c.M.Functions[:0]
	var annotated idSet // the dead ids names or decorations may target
	changed := false
	for _, f := range c.M.Functions {
		if live[f.Def.Result] {
			kept = append(kept, f)
			continue
		}
		changed = true
		deleteFunction(c, f, &annotated)
		// (its analysis would keep its code alive until the pipeline ends)
		delete(c.structured, f)
	}
	clear(c.M.Functions[len(kept):])
	c.M.Functions = kept
	if len(annotated) > 0 {
		killAnnotationsOf(c, annotated)
	}
	return changed
}

// liveFunctions returns the functions reachable through calls from the
// entry points and the exported functions.
func liveFunctions(c *Context) map[builder.ID]bool {
	live := map[builder.ID]bool{}
	for _, f := range c.M.Reachable(callTreeRoots(c)...) {
		live[f.Def.Result] = true
	}
	return live
}

// deleteFunction deletes every instruction of f (dropped: the caller
// takes f out of the module, so Module.Compact has nothing to sweep) and
// adds its ids that names or decorations may target to annotated, for
// killAnnotationsOf. After inlining most of a module's functions die at
// once: one sweep over the names and decorations then beats looking
// through the users of each of their ids.
func deleteFunction(c *Context, f *builder.Function, annotated *idSet) {
	note := func(id builder.ID) {
		if c.DU.MayBeAnnotated(id) {
			if *annotated == nil {
				*annotated = newIDSet(c.M.Bound)
			}
			annotated.add(id)
		}
	}
	drop := func(in *builder.Inst) {
		if in.Result != 0 {
			note(in.Result)
		}
		c.DU.Drop(in)
	}
	killDebugOperands(c, f.Def)
	drop(f.Def)
	for _, p := range f.Params {
		drop(p)
	}
	for _, in := range f.Prologue {
		drop(in)
	}
	for _, b := range f.Blocks {
		note(b.Label)
		c.DU.ForgetBlock(b)
		for _, in := range b.Insts {
			drop(in)
		}
	}
}

// killAnnotationsOf deletes the names and decorations targeting the ids in
// ids (those Context.Kill would delete with each id's definition).
func killAnnotationsOf(c *Context, ids idSet) {
	for _, section := range [][]*builder.Inst{c.M.Names, c.M.Annotations} {
		for _, in := range section {
			if in.Op != spv.OpGroupDecorate && in.Op != spv.OpGroupMemberDecorate && len(in.Operands) > 0 &&
				ids.has(in.Operands[0].ID()) {
				c.DU.Kill(in)
			}
		}
	}
}
