package opt

import (
	"github.com/hlsl2spirv/hlsl2spirv/builder"
	"github.com/hlsl2spirv/hlsl2spirv/builder/spv"
)

// callTreeRoots returns the functions callable from outside the module:
// the entry points, in OpEntryPoint order, then the exported functions
// (LinkageAttributes ... Export), in decoration order.
func callTreeRoots(c *Context) []builder.ID {
	var roots []builder.ID
	for _, ep := range c.M.EntryPoints {
		roots = append(roots, ep.Operands[1].ID())
	}
	for _, d := range c.M.Annotations {
		if d.Op != spv.OpDecorate || spv.Decoration(d.Operands[1].Word) != spv.DecorationLinkageAttributes {
			continue
		}
		if ps := d.Operands[1].Params(); len(ps) == 2 && spv.LinkageType(ps[1].Word) == spv.LinkageTypeExport {
			if c.Function(d.Operands[0].ID()) != nil {
				roots = append(roots, d.Operands[0].ID())
			}
		}
	}
	return roots
}

// functionsByID maps every function's result id to the function.
func functionsByID(m *builder.Module) map[builder.ID]*builder.Function {
	byID := make(map[builder.ID]*builder.Function, len(m.Functions))
	for _, f := range m.Functions {
		byID[f.Def.Result] = f
	}
	return byID
}

// calledFunctions appends the callees of f's calls, in the order they
// appear.
func calledFunctions(f *builder.Function, out []builder.ID) []builder.ID {
	for in := range f.Insts() {
		if in.Op == spv.OpFunctionCall {
			out = append(out, in.Operands[0].ID())
		}
	}
	return out
}

// forEachReachableFunction calls fn on every function reachable from the
// call tree's roots, breadth first from the roots in order (each function
// once), as spirv-opt's ProcessReachableCallTree visits them; a function's
// callees are read after fn has run on it. It reports whether any call
// returned true.
func forEachReachableFunction(c *Context, fn func(*builder.Function) bool) bool {
	return forEachFunctionFrom(c, callTreeRoots(c), fn)
}

// forEachFunctionFrom is forEachReachableFunction from the given roots
// (spirv-opt's ProcessCallTreeFromRoots).
func forEachFunctionFrom(c *Context, roots []builder.ID, fn func(*builder.Function) bool) bool {
	if len(c.M.Functions) == 1 {
		// After inlining, most often: the first root naming the function
		// is the whole walk (without the tables).
		f := c.M.Functions[0]
		for _, id := range roots {
			if id == f.Def.Result {
				return fn(f)
			}
		}
		return false
	}
	byID := functionsByID(c.M)
	queue := roots
	done := map[builder.ID]bool{}
	changed := false
	visited := 0
	for len(queue) > 0 {
		id := queue[0]
		queue = queue[1:]
		if done[id] {
			continue
		}
		done[id] = true
		f := byID[id]
		if f == nil {
			continue
		}
		if fn(f) {
			changed = true
		}
		if visited++; visited == len(byID) {
			// Every function is done: the callees need no walk (after
			// inlining, the entry point is the only function).
			break
		}
		queue = calledFunctions(f, queue)
	}
	return changed
}

// reachableFunctions returns the functions the entry points and exported
// functions reach through calls, in the order forEachReachableFunction
// visits them.
func reachableFunctions(c *Context) []*builder.Function {
	return c.M.Reachable(callTreeRoots(c)...)
}
