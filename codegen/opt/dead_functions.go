package opt

import (
	"github.com/hlsl2spirv/hlsl2spirv/builder"
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
	live := liveFunctions(c)
	kept := c.M.Functions[:0]
	changed := false
	for _, f := range c.M.Functions {
		if live[f.Def.Result] {
			kept = append(kept, f)
			continue
		}
		changed = true
		deleteFunction(c, f)
	}
	clear(c.M.Functions[len(kept):])
	c.M.Functions = kept
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

// deleteFunction kills every instruction of f, and the names and
// decorations of its ids (the caller takes f out of the module).
func deleteFunction(c *Context, f *builder.Function) {
	killDebugOperands(c, f.Def)
	c.Kill(f.Def)
	for _, p := range f.Params {
		c.Kill(p)
	}
	for _, in := range f.Prologue {
		c.Kill(in)
	}
	for _, b := range f.Blocks {
		c.DU.KillNamesAndDecorations(b.Label)
		c.DU.ForgetBlock(b)
		for _, in := range b.Insts {
			c.Kill(in)
		}
	}
}
