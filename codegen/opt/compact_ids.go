package opt

import (
	"github.com/hlsl2spirv/hlsl2spirv/builder"
)

// compactIDs is --compact-ids: it renumbers every id from 1 in the order
// the ids first appear in the module (result types, results and operands
// of each instruction in turn, debug line instructions before the
// instruction they describe, block labels where the blocks start), and
// lowers the bound to match. DXC runs it last, so its ids are dense and
// follow the text.
type compactIDs struct{}

func (compactIDs) Name() string { return "compact-ids" }

func (compactIDs) Run(c *Context) (bool, error) {
	m := c.M
	remap := newIDMap(m.Bound)
	changed := false
	use := func(id *builder.ID) {
		n := remap.get(*id)
		if n != *id {
			*id = n
			changed = true
		}
	}
	var visit func(in *builder.Inst)
	visit = func(in *builder.Inst) {
		if in == nil {
			return
		}
		visit(in.Line)
		if in.Type != 0 {
			use(&in.Type)
		}
		if in.Result != 0 {
			use(&in.Result)
		}
		forEachOperandID(in, use)
	}
	for _, s := range [][]*builder.Inst{m.ExtInstImports, {m.MemoryModel}, m.EntryPoints, m.ExecutionModes,
		m.DebugSources, m.Names, m.ModuleProcessed, m.Annotations, m.Globals} {
		for _, in := range s {
			visit(in)
		}
	}
	for _, f := range m.Functions {
		visit(f.Def)
		for _, p := range f.Params {
			visit(p)
		}
		for _, in := range f.Prologue {
			visit(in)
		}
		for _, b := range f.Blocks {
			visit(b.Line)
			use(&b.Label)
			for _, in := range b.Insts {
				visit(in)
			}
		}
	}
	if bound := remap.next; bound != m.Bound {
		m.Bound = bound
		changed = true
	}
	if changed {
		c.renumbered()
	}
	return changed, nil
}

// forEachOperandID calls fn for every id among the instruction's operands
// (not its result type or result).
func forEachOperandID(in *builder.Inst, fn func(*builder.ID)) {
	typ := in.Type
	in.Type = 0
	in.ForEachUse(fn)
	in.Type = typ
}

// idMap numbers ids in order of first request: a slice for dense ids, a
// map when the module's ids are sparse.
type idMap struct {
	dense  []builder.ID
	sparse map[builder.ID]builder.ID
	next   builder.ID
}

func newIDMap(bound builder.ID) *idMap {
	if bound > 1<<24 {
		return &idMap{sparse: map[builder.ID]builder.ID{}, next: 1}
	}
	return &idMap{dense: make([]builder.ID, bound), next: 1}
}

func (r *idMap) get(id builder.ID) builder.ID {
	if r.sparse == nil && int(id) < len(r.dense) {
		if n := r.dense[id]; n != 0 {
			return n
		}
		r.dense[id] = r.next
	} else {
		if r.sparse == nil {
			r.sparse = map[builder.ID]builder.ID{}
		}
		if n, ok := r.sparse[id]; ok {
			return n
		}
		r.sparse[id] = r.next
	}
	r.next++
	return r.next - 1
}
