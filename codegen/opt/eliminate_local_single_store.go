package opt

import (
	"github.com/hlsl2spirv/hlsl2spirv/builder"
	"github.com/hlsl2spirv/hlsl2spirv/builder/spv"
)

// localSingleStore is --eliminate-local-single-store: a function variable
// written exactly once — by one whole store, or by its initializer — and
// never through an access chain has that value wherever the write
// dominates a load, so those loads are replaced by the stored value. Loads
// the write does not dominate are left (they read an undefined or an
// earlier value; ssa-rewrite handles them). When every load went and the
// variable has a DebugDeclare and a scalar or vector type, the
// declaration becomes a DebugValue of the stored value. Functions the entry
// points and exported functions do not reach are left alone.
type localSingleStore struct{}

func (localSingleStore) Name() string { return "eliminate-local-single-store" }

func (localSingleStore) Run(c *Context) (bool, error) {
	if !hasEntryVariables(c.M) || c.M.HasCapability(spv.CapabilityAddresses) || !extensionsAllowed(c, allowSingleStore) {
		return false, nil
	}
	p := newMemPass(c)
	changed := false
	for _, f := range reachableFunctions(c) {
		if len(f.Blocks) == 0 {
			continue
		}
		order := newInstOrder()
		edits := newPendingInserts()
		for _, in := range f.Blocks[0].Insts {
			if in.Op != spv.OpVariable {
				break
			}
			changed = p.singleStore(in, order, edits) || changed
		}
		edits.flush(c, f)
	}
	return changed, nil
}

// singleStore rewrites the loads of one variable.
func (p *memPass) singleStore(v *builder.Inst, order *instOrder, edits *pendingInserts) bool {
	p.uses = p.usesThroughCopies(v.Result, p.uses[:0])
	uses := p.uses
	store := p.onlyStore(v, uses)
	if store == nil {
		return false
	}
	value := store.Operands[1].ID() // the stored value, or the initializer
	f := v.Block.Func
	dom := f.Dominators()
	cfg := f.CFG()
	changed, all := false, true
	for _, u := range uses {
		if u.Op == spv.OpStore || p.isDebugRef(u) {
			continue
		}
		if u.Op == spv.OpLoad && order.dominates(cfg, dom, store, u) {
			p.c.DU.KillNamesAndDecorations(u.Result)
			p.c.DU.ReplaceAllUses(u.Result, value)
			p.c.Kill(u)
			changed = true
		} else {
			all = false
		}
	}
	if all && p.debugDeclared(v.Result) {
		// Every read now has the value: the declaration becomes a
		// DebugValue after the store (not for composites, whose parts a
		// debugger reads from memory).
		_, pointee, _ := p.c.B.Pointee(v.Type)
		if op := p.c.B.TypeOp(pointee); op != spv.OpTypeStruct && op != spv.OpTypeArray {
			if vals := p.debugValuesFor(v.Result, value, store); len(vals) > 0 {
				edits.insertBefore(p.c, afterDefinitions(store, order), vals...)
			}
			changed = p.killDebugDeclaresOf(v.Result) || changed
		}
	}
	return changed
}

// usesThroughCopies appends the users of id to out, and after each
// OpCopyObject among them the copy's own users.
func (p *memPass) usesThroughCopies(id builder.ID, out []*builder.Inst) []*builder.Inst {
	// (The recursion reads other ids' lists only: the view stays valid.)
	for _, u := range p.c.DU.UsersView(id) {
		out = append(out, u)
		if u.Op == spv.OpCopyObject {
			out = p.usesThroughCopies(u.Result, out)
		}
	}
	return out
}

// onlyStore returns the one write of the variable (its OpStore, or the
// variable itself when it has an initializer), or nil when there are
// several, a partial one, or a use that might write it.
func (p *memPass) onlyStore(v *builder.Inst, uses []*builder.Inst) *builder.Inst {
	var store *builder.Inst
	if len(v.Operands) > 1 {
		store = v
	}
	for _, u := range uses {
		switch u.Op {
		case spv.OpStore:
			if store != nil {
				return nil
			}
			store = u
		case spv.OpAccessChain, spv.OpInBoundsAccessChain:
			if p.feedsStore(u) {
				return nil
			}
		case spv.OpLoad, spv.OpImageTexelPointer, spv.OpName, spv.OpCopyObject:
		case spv.OpExtInst:
			if !p.isDebugRef(u) {
				return nil
			}
		default:
			if !isDecoration(u.Op) {
				return nil
			}
		}
	}
	return store
}

// feedsStore reports whether a pointer made from the variable may be
// written through: stored to, or passed to anything but loads, texel
// pointers, names and decorations.
func (p *memPass) feedsStore(ptr *builder.Inst) bool {
	// (Read only: the view, not a copy. The recursion compacts other ids'
	// lists only: the view stays valid.)
	for _, u := range p.c.DU.UsersView(ptr.Result) {
		switch u.Op {
		case spv.OpStore:
			return true
		case spv.OpAccessChain, spv.OpInBoundsAccessChain, spv.OpCopyObject:
			if p.feedsStore(u) {
				return true
			}
		case spv.OpLoad, spv.OpImageTexelPointer, spv.OpName:
		default:
			if !isDecoration(u.Op) {
				return true
			}
		}
	}
	return false
}

func isDecoration(op spv.Op) bool {
	switch op {
	case spv.OpDecorate, spv.OpDecorateId, spv.OpMemberDecorate, spv.OpGroupDecorate, spv.OpGroupMemberDecorate,
		spv.OpDecorateString, spv.OpMemberDecorateString:
		return true
	}
	return false
}

// instOrder answers whether one instruction comes before another in their
// block, numbering each block's instructions once when first asked.
type instOrder struct {
	pos      map[*builder.Inst]int32
	numbered map[*builder.Block]bool
}

func newInstOrder() *instOrder {
	return &instOrder{pos: map[*builder.Inst]int32{}, numbered: map[*builder.Block]bool{}}
}

func (o *instOrder) index(in *builder.Inst) int32 {
	if b := in.Block; !o.numbered[b] {
		o.numbered[b] = true
		for i, x := range b.Insts {
			o.pos[x] = int32(i)
		}
	}
	return o.pos[in]
}

// dominates reports whether instruction a dominates instruction b: a comes
// first in their common block, or a's block dominates b's.
func (o *instOrder) dominates(cfg *builder.CFG, dom *builder.DomTree, a, b *builder.Inst) bool {
	if a == b {
		return true
	}
	if a.Block == b.Block {
		return o.index(a) < o.index(b)
	}
	return dom.Dominates(cfg.Index(a.Block.Label), cfg.Index(b.Block.Label))
}
