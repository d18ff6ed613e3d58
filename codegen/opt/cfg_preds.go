package opt

import (
	"slices"

	"github.com/hlsl2spirv/hlsl2spirv/builder"
	"github.com/hlsl2spirv/hlsl2spirv/builder/spv"
)

// predLists are predecessor lists that a pass edits as spirv-opt edits
// its CFG while it transforms a function: built in block order (a block
// with two edges to one successor is listed twice), then changed edge by
// edge. They are not recomputed from the branches, so where spirv-opt's
// lists go stale (a block split without telling the CFG) these do too,
// and the passes that read them (the operand order of the phis they
// make, the latch a loop header split finds) decide as spirv-opt does.
type predLists struct {
	c     *Context
	preds map[builder.ID][]builder.ID
}

func newPredLists(c *Context, f *builder.Function) *predLists {
	g := &predLists{c: c}
	g.rebuild(f)
	return g
}

// rebuild recomputes the lists from f's branches, in block order.
func (g *predLists) rebuild(f *builder.Function) {
	g.preds = make(map[builder.ID][]builder.ID, len(f.Blocks))
	for _, b := range f.Blocks {
		g.register(b)
	}
}

// register adds b's outgoing edges (spirv-opt's RegisterBlock/AddEdges).
func (g *predLists) register(b *builder.Block) {
	if _, ok := g.preds[b.Label]; !ok {
		g.preds[b.Label] = nil
	}
	var buf [8]builder.ID
	for _, s := range b.AppendSuccessors(buf[:0]) {
		g.addEdge(b.Label, s)
	}
}

func (g *predLists) addEdge(from, to builder.ID) { g.preds[to] = append(g.preds[to], from) }

// removeEdge drops the first from in to's list.
func (g *predLists) removeEdge(from, to builder.ID) {
	l := g.preds[to]
	if i := slices.Index(l, from); i >= 0 {
		g.preds[to] = slices.Delete(l, i, i+1)
	}
}

// removeSuccessorEdges drops b from the lists of its successors.
func (g *predLists) removeSuccessorEdges(b *builder.Block) {
	var buf [8]builder.ID
	for _, s := range b.AppendSuccessors(buf[:0]) {
		g.removeEdge(b.Label, s)
	}
}

// of returns label's predecessor list (the caller must not change it).
func (g *predLists) of(label builder.ID) []builder.ID { return g.preds[label] }

// splitLoopHeader splits a loop header after its phis, as spirv-opt's
// CFG::SplitLoopHeader does: the original block keeps the phis for the
// edges from outside the loop and becomes a preheader branching to a new
// header holding the rest (the merge instruction included); the back edge
// (from the first predecessor at or after the header in block order) goes
// to the new header, whose phis take the back-edge value and the
// preheader's (a new phi there when several edges enter from outside).
// New phis go first in their block, each before the ones made before it,
// as spirv-opt inserts them. It returns the new header.
func (g *predLists) splitLoopHeader(f *builder.Function, bb *builder.Block) *builder.Block {
	c := g.c
	preds := g.preds[bb.Label]
	var latch *builder.Block
	for i := blockIndex(f, bb); i >= 0 && i < len(f.Blocks); i++ {
		if slices.Contains(preds, f.Blocks[i].Label) {
			latch = f.Blocks[i]
			break
		}
	}
	g.removeSuccessorEdges(bb)
	phis := bb.FirstNonPhi()
	header := splitBlock(c, f, bb, phis)
	g.register(header)
	if latch == bb {
		if lm := header.Merge(); lm != nil && lm.Op == spv.OpLoopMerge && lm.Operands[1].ID() == bb.Label {
			lm.Operands[1] = builder.Ref(header.Label)
			c.DU.AnalyzeUses(lm)
		}
		latch = header
	}
	latchLabel := builder.ID(0)
	if latch != nil {
		latchLabel = latch.Label
	}
	oldPhis := slices.Clone(bb.Insts[:phis])
	for _, phi := range oldPhis {
		var inHeader, inPre []phiIncoming
		for _, p := range phiPairs(phi) {
			if p.pred == latchLabel {
				inHeader = append(inHeader, p)
			} else {
				inPre = append(inPre, p)
			}
		}
		if len(inPre) > 1 {
			np := c.NewInst(spv.OpPhi, phi.Type, phiOperands(inPre)...)
			bb.InsertAt(0, np)
			inHeader = append(inHeader, phiIncoming{np.Result, bb.Label})
		} else if len(inPre) == 1 {
			inHeader = append(inHeader, phiIncoming{inPre[0].value, bb.Label})
		}
		bb.Remove(phi)
		setPhiPairs(c, phi, inHeader)
		header.InsertAt(0, phi)
	}
	bb.Append(c.newBranch(header.Label))
	g.addEdge(bb.Label, header.Label)
	if latch != nil {
		forEachSuccessor(latch, func(id *builder.ID) {
			if *id == bb.Label {
				*id = header.Label
			}
		})
		c.DU.AnalyzeUses(latch.Terminator())
		g.addEdge(latchLabel, header.Label)
		g.removeEdge(latchLabel, bb.Label)
	}
	f.InvalidateCFG()
	return header
}

// splitBlock moves b's instructions from position at on into a new block
// placed right after b in f, and makes the phis of the moved terminator's
// successors name the new block instead of b (spirv-opt's
// SplitBasicBlock). b is left without a terminator.
func splitBlock(c *Context, f *builder.Function, b *builder.Block, at int) *builder.Block {
	nb := splitBlockDetached(c, f, b, at)
	insertBlocksAfter(f, b, nb)
	return nb
}

// splitBlockDetached is splitBlock leaving the new block out of f.Blocks,
// for a pass that places many blocks at once.
func splitBlockDetached(c *Context, f *builder.Function, b *builder.Block, at int) *builder.Block {
	nb := newBlock(c, f)
	moved := slices.Clone(b.Insts[at:])
	b.Insts = b.Insts[:at:at]
	nb.Append(moved...)
	for _, s := range nb.Successors() {
		sb := c.DU.Block(s)
		if sb == nil {
			continue
		}
		for _, phi := range sb.Insts {
			if phi.Op != spv.OpPhi {
				break
			}
			changed := false
			for i := range phi.Operands {
				if phi.Operands[i].Params()[1].ID() == b.Label {
					phi.Operands[i].Params()[1] = builder.Ref(nb.Label)
					changed = true
				}
			}
			if changed {
				c.DU.AnalyzeUses(phi)
			}
		}
	}
	return nb
}
