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
	r := newIDMap(m.Bound)
	for _, s := range [][]*builder.Inst{m.ExtInstImports, {m.MemoryModel}, m.EntryPoints, m.ExecutionModes,
		m.DebugSources, m.Names, m.ModuleProcessed, m.Annotations, m.Globals} {
		for _, in := range s {
			r.renumber(in)
		}
	}
	for _, f := range m.Functions {
		r.renumber(f.Def)
		for _, p := range f.Params {
			r.renumber(p)
		}
		for _, in := range f.Prologue {
			r.renumber(in)
		}
		for _, b := range f.Blocks {
			r.renumber(b.Line)
			r.use(&b.Label)
			for _, in := range b.Insts {
				r.renumber(in)
			}
		}
	}
	if bound := r.next; bound != m.Bound {
		m.Bound = bound
		r.changed = true
	}
	if r.changed {
		c.renumbered()
	}
	return r.changed, nil
}

// renumber gives in's ids their new numbers: those of its debug line
// chain first, then its result type, result and operands (Inst.ForEachUse's
// order, walked without a call per id: the pass visits every id of the
// module).
func (r *idMap) renumber(in *builder.Inst) {
	if in == nil {
		return
	}
	r.renumber(in.Line)
	if in.Type != 0 {
		r.use(&in.Type)
	}
	if in.Result != 0 {
		r.use(&in.Result)
	}
	r.renumberOperands(in.Operands)
}

func (r *idMap) renumberOperands(ops []builder.Operand) {
	for i := range ops {
		o := &ops[i]
		if o.IsID() {
			if n := r.get(builder.ID(o.Word)); n != builder.ID(o.Word) {
				o.Word = uint32(n)
				r.changed = true
			}
		} else if ps := o.Params(); len(ps) > 0 {
			r.renumberOperands(ps)
		}
	}
}

// use gives *id its new number.
func (r *idMap) use(id *builder.ID) {
	if n := r.get(*id); n != *id {
		*id = n
		r.changed = true
	}
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
	// changed: renumber gave some id another number.
	changed bool
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
