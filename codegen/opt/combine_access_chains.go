package opt

import (
	"github.com/hlsl2spirv/hlsl2spirv/builder"
	"github.com/hlsl2spirv/hlsl2spirv/builder/spv"
)

// combineAccessChains is --combine-access-chains: an access chain whose
// base is another access chain takes that chain's base and indexes
// followed by its own, so a pointer is one chain from its variable. An
// OpPtrAccessChain's element operand is added to the feeding chain's last
// index (as a new constant when both are constants, with an OpIAdd
// otherwise, unless the last index selects a struct member). A chain
// without indexes becomes an OpCopyObject of its base. Chains with 64-bit
// indexes, and chains through pointers whose type has an ArrayStride, are
// left as they are. Blocks are visited in reverse post-order, so a chain
// of chains collapses in one run.
type combineAccessChains struct{}

func (combineAccessChains) Name() string { return "combine-access-chains" }

func (combineAccessChains) Run(c *Context) (bool, error) {
	p := newMemPass(c)
	changed := false
	for _, f := range c.M.Functions {
		if len(f.Blocks) == 0 {
			continue
		}
		edits := newPendingInserts()
		g := f.CFG()
		for _, bi := range g.RPO {
			for _, in := range g.Blocks[bi].Insts {
				switch in.Op {
				case spv.OpAccessChain, spv.OpInBoundsAccessChain, spv.OpPtrAccessChain, spv.OpInBoundsPtrAccessChain:
					changed = p.combineChain(in, edits) || changed
				}
			}
		}
		edits.flush(c, f)
	}
	return changed, nil
}

func isPtrAccessChain(op spv.Op) bool {
	return op == spv.OpPtrAccessChain || op == spv.OpInBoundsPtrAccessChain
}

// combineChain folds the access chain feeding in into it.
func (p *memPass) combineChain(in *builder.Inst, edits *pendingInserts) bool {
	feed := p.c.DU.Def(in.Operands[0].ID())
	if feed == nil {
		return false
	}
	switch feed.Op {
	case spv.OpAccessChain, spv.OpInBoundsAccessChain, spv.OpPtrAccessChain, spv.OpInBoundsPtrAccessChain:
	default:
		return false
	}
	if p.has64BitIndexes(in) || p.has64BitIndexes(feed) || p.arrayStride(feed.Type) != 0 {
		return false
	}
	switch {
	case len(feed.Operands) == 1:
		// The feeding chain is its base.
		in.Operands[0] = feed.Operands[0]
	case len(in.Operands) == 1:
		// in is its base: a copy (simplification removes it).
		in.Op = spv.OpCopyObject
	default:
		ops := cloneOperands(feed.Operands[:len(feed.Operands)-1])
		last := feed.Operands[len(feed.Operands)-1]
		rest := in.Operands[1:]
		if isPtrAccessChain(in.Op) {
			sum, ok := p.addIndexes(feed, in, edits)
			if !ok {
				return false
			}
			last = builder.Ref(sum)
			rest = in.Operands[2:]
		}
		ops = append(append(ops, last), cloneOperands(rest)...)
		in.Op = combinedChainOp(in.Op, feed.Op)
		in.Operands = ops
	}
	p.c.DU.AnalyzeUses(in)
	return true
}

// addIndexes combines the feeding chain's last index with the element
// operand of the pointer chain in: a constant when both are constants,
// else an OpIAdd before in (not when the index selects a struct member,
// which must stay a constant; ok is false then).
func (p *memPass) addIndexes(feed, in *builder.Inst, edits *pendingInserts) (sum builder.ID, ok bool) {
	lastID := feed.Operands[len(feed.Operands)-1].ID()
	elemID := in.Operands[1].ID()
	last, lastConst := p.index32(lastID)
	elem, elemConst := p.index32(elemID)
	if lastConst && elemConst {
		return p.c.B.Constant(p.c.DU.TypeOf(lastID), uint64(last+elem)), true
	}
	combiningElements := isPtrAccessChain(feed.Op) && len(feed.Operands) == 2
	if p.c.B.TypeOp(p.chainPointee(feed)) == spv.OpTypeStruct && !combiningElements {
		return 0, false
	}
	add := p.c.NewInst(spv.OpIAdd, p.c.DU.TypeOf(lastID), builder.Ref(lastID), builder.Ref(elemID))
	edits.insertBefore(p.c, in, add)
	return add.Result, true
}

// index32 returns the value of a 32-bit integer constant index as spirv-opt
// reads it (signed ones sign-extended, then truncated).
func (p *memPass) index32(id builder.ID) (uint32, bool) {
	v, ok := intConstant(p.c, id)
	return uint32(v.sext), ok
}

// chainPointee returns the type a chain's result points to.
func (p *memPass) chainPointee(chain *builder.Inst) builder.ID {
	_, t, _ := p.c.B.Pointee(chain.Type)
	return t
}

// has64BitIndexes reports whether an index of the chain is not a 32-bit
// integer.
func (p *memPass) has64BitIndexes(chain *builder.Inst) bool {
	for _, o := range chain.Operands[1:] {
		t := p.c.DU.TypeOf(o.ID())
		if p.c.B.TypeOp(t) != spv.OpTypeInt || p.c.B.ScalarWidth(t) != 32 {
			return true
		}
	}
	return false
}

// arrayStride returns the ArrayStride decorating a (pointer) type, 0 if
// none.
func (p *memPass) arrayStride(typ builder.ID) uint32 {
	for _, d := range p.decorationsOf(typ) {
		if d.Op == spv.OpDecorate && spv.Decoration(d.Operands[1].Word) == spv.DecorationArrayStride {
			return d.Operands[1].Params()[0].Word
		}
	}
	return 0
}

// combinedChainOp is the opcode of a chain made from feed's and base's
// indexes: feed's kind, in bounds only if both are.
func combinedChainOp(base, feed spv.Op) spv.Op {
	inBounds := base == spv.OpInBoundsAccessChain || base == spv.OpInBoundsPtrAccessChain
	switch {
	case feed == spv.OpInBoundsPtrAccessChain && !inBounds:
		return spv.OpPtrAccessChain
	case feed == spv.OpInBoundsAccessChain && !inBounds:
		return spv.OpAccessChain
	}
	return feed
}
