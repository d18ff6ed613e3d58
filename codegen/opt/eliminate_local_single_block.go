package opt

import (
	"github.com/hlsl2spirv/hlsl2spirv/builder"
	"github.com/hlsl2spirv/hlsl2spirv/builder/spv"
)

// localSingleBlock is --eliminate-local-single-block: within each block, a
// load of a whole function variable takes the value of the block's last
// store to it or of its last load (store-to-load and load-to-load
// forwarding), a store overwritten later in the block before any partial
// read is deleted, and a store of the value just loaded from the same
// variable is deleted. A function call ends what the block knows, since
// the callee may write the variables through pointers. Only target
// variables (see memPass.isTargetVar) whose every use is a load, a store
// or an access chain leading to them are touched. Functions the entry
// points and exported functions do not reach are left alone.
type localSingleBlock struct{}

func (localSingleBlock) Name() string { return "eliminate-local-single-block" }

func (localSingleBlock) Run(c *Context) (bool, error) {
	if !hasVariables(c.M) || c.M.HasCapability(spv.CapabilityAddresses) || hasGroupDecorations(c.M) ||
		!extensionsAllowed(c, allowSingleBlock) {
		return false, nil
	}
	p := newMemPass(c)
	changed := false
	for _, f := range reachableFunctions(c) {
		changed = p.singleBlockElim(f) || changed
	}
	return changed, nil
}

func (p *memPass) singleBlockElim(f *builder.Function) bool {
	changed := false
	var dead []*builder.Inst
	saved := map[*builder.Inst]bool{} // whole stores a partial load reads
	last := &p.c.mem.last
	last.at = &p.c.varIndex
	last.reset()
	last.fit(p.c.M.Bound)
	defer last.reset()
	for _, b := range f.Blocks {
		last.reset()
		for _, in := range b.Insts {
			switch in.Op {
			case spv.OpStore:
				ptr, v := p.accessed(in)
				if !p.supportedTarget(v) {
					continue
				}
				if ptr.Op != spv.OpVariable {
					// A partial store: forget what is known of the variable.
					last.set(v, access{})
					continue
				}
				if prev := last.of(v).store; prev != nil && !saved[prev] && !p.debugDeclared(v) {
					dead = append(dead, prev)
					changed = true
				}
				if l := last.of(v).load; l != nil && in.Operands[1].ID() == l.Result {
					// Storing back the value just loaded: nothing changes.
					dead = append(dead, in)
					changed = true
					continue
				}
				last.set(v, access{store: in})
			case spv.OpLoad:
				ptr, v := p.accessed(in)
				if !p.supportedTarget(v) {
					continue
				}
				if ptr.Op != spv.OpVariable {
					// A partial load reads the last whole store: keep it.
					if s := last.of(v).store; s != nil {
						saved[s] = true
					}
					continue
				}
				var repl builder.ID
				if a := last.of(v); a.store != nil {
					repl = a.store.Operands[1].ID()
				} else if a.load != nil {
					repl = a.load.Result
				}
				if repl == 0 {
					last.set(v, access{load: in})
					continue
				}
				p.c.DU.KillNamesAndDecorations(in.Result)
				p.c.DU.ReplaceAllUses(in.Result, repl)
				dead = append(dead, in)
				changed = true
			case spv.OpFunctionCall:
				last.reset()
			}
		}
	}
	for _, in := range dead {
		p.c.Kill(in)
	}
	return changed
}

// blockAccesses is what a walk of a block knows of each variable: its
// last whole store and its last load. Emptying it (at every block) costs
// what the block set: clearing a map costs its size, which the block with
// the most variables sets. The table by id holds indexes (no pointers for
// the collector to scan), the accesses are a list of the block's.
type blockAccesses struct {
	at       *idTable[int32] // variable -> 1 + its index in list (the Context's varIndex)
	accesses []access
}

type access struct{ store, load *builder.Inst }

func (a *blockAccesses) fit(bound builder.ID) { a.at.fit(bound) }

func (a *blockAccesses) of(v builder.ID) access {
	if i := a.at.at(v); i > 0 {
		return a.accesses[i-1]
	}
	return access{}
}

func (a *blockAccesses) set(v builder.ID, x access) {
	if i := a.at.at(v); i > 0 {
		a.accesses[i-1] = x
		return
	}
	a.accesses = append(a.accesses, x)
	a.at.put(v, int32(len(a.accesses)))
}

// reset empties the table (keeping no instruction alive).
func (a *blockAccesses) reset() {
	a.at.reset()
	clear(a.accesses)
	a.accesses = a.accesses[:0]
}

// supportedTarget reports whether v is a target variable whose every use
// is supported (onlySupportedUses). One that is not is excluded for the
// rest of the run, so that its uses are not walked again at each of its
// loads and stores: the pass only deletes loads and stores and moves the
// uses of loaded values, which cannot take away an unsupported use.
func (p *memPass) supportedTarget(v builder.ID) bool {
	if !p.isTargetVar(v) {
		return false
	}
	if !p.onlySupportedUses(v) {
		p.excludeVar(v)
		return false
	}
	return true
}

// debugDeclared reports whether a DebugDeclare describes the variable
// (then its stores are left for ssa-rewrite, which turns them into
// DebugValues).
func (p *memPass) debugDeclared(varID builder.ID) bool {
	if !p.debugInfo {
		return false
	}
	if d, ok := p.declared[varID]; ok {
		return d
	}
	d := false
	for _, u := range p.c.DU.Users(varID) {
		if p.c.debugOp(u) == spv.OpenCLDebugInfo100DebugDeclare {
			d = true
		}
	}
	if p.declared == nil {
		p.declared = map[builder.ID]bool{}
	}
	p.declared[varID] = d
	return d
}
