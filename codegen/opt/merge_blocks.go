package opt

import (
	"github.com/hlsl2spirv/hlsl2spirv/builder"
	"github.com/hlsl2spirv/hlsl2spirv/builder/spv"
)

// mergeBlocks is --merge-blocks: a block ending in an unconditional branch
// to a block that has no other predecessor absorbs that block, unless
// structured control flow needs the two apart (see canMergeWithSuccessor).
// Each reachable block, in order, absorbs its successors as long as it
// can.
type mergeBlocks struct{}

func (mergeBlocks) Name() string { return "merge-blocks" }

func (mergeBlocks) Run(c *Context) (bool, error) {
	bm := &blockMerger{c: c, sc: newStructCFG(c)}
	return forEachReachableFunction(c, bm.function), nil
}

// blockMerger merges blocks with their successors in one pass's run.
type blockMerger struct {
	c  *Context
	sc *structCFG
	// removed holds the blocks absorbed by their predecessor, taken out of
	// their function at the end of the function's processing.
	removed map[*builder.Block]bool
}

func (bm *blockMerger) function(f *builder.Function) bool {
	if len(f.Blocks) == 0 {
		return false
	}
	g := f.CFG() // of f.Blocks as they are: the merges below come after
	bm.removed = map[*builder.Block]bool{}
	changed := false
	for i, b := range f.Blocks {
		if bm.removed[b] || !g.Reachable(int32(i)) {
			continue
		}
		for bm.canMergeWithSuccessor(b) {
			bm.mergeWithSuccessor(b)
			changed = true
		}
	}
	if changed {
		removeBlocks(f, func(b *builder.Block) bool { return bm.removed[b] })
	}
	return changed
}

// isMergeBlock reports whether a merge instruction names label as its
// merge block.
func isMergeBlock(c *Context, label builder.ID) bool {
	for _, u := range c.DU.UsersView(label) {
		if (u.Op == spv.OpSelectionMerge || u.Op == spv.OpLoopMerge) && u.Operands[0].ID() == label {
			return true
		}
	}
	return false
}

// isContinueTarget reports whether an OpLoopMerge names label as its
// continue target.
func isContinueTarget(c *Context, label builder.ID) bool {
	for _, u := range c.DU.UsersView(label) {
		if u.Op == spv.OpLoopMerge && u.Operands[1].ID() == label {
			return true
		}
	}
	return false
}

// canMergeWithSuccessor reports whether b ends in an OpBranch to a block
// it can absorb: b is that block's only predecessor, and merging keeps
// every construct well formed (two merge blocks, a merge block and a
// continue target, or two headers never become one block; a loop header
// absorbs only a block ending in a branch; a case target never absorbs a
// merge block or continue target).
func (bm *blockMerger) canMergeWithSuccessor(b *builder.Block) bool {
	c := bm.c
	br := b.Terminator()
	if br == nil || br.Op != spv.OpBranch {
		return false
	}
	succ := br.Operands[0].ID()
	if !hasOnePredecessor(c, succ) {
		return false
	}
	sb := c.DU.Block(succ)
	if sb == nil || sb == b {
		return false
	}
	predIsMerge, succIsMerge := isMergeBlock(c, b.Label), isMergeBlock(c, succ)
	if predIsMerge && succIsMerge {
		return false
	}
	// Under maximal reconvergence a break block's code must stay apart from
	// the loop body's.
	if succIsMerge && c.M.HasExtension("SPV_KHR_maximal_reconvergence") {
		return false
	}
	succIsContinue := isContinueTarget(c, succ)
	if predIsMerge && succIsContinue {
		return false
	}
	if mi := b.Merge(); mi != nil && succ != mi.Operands[0].ID() {
		if sb.Merge() != nil {
			return false
		}
		// Only a loop header ends in an unconditional branch: what follows
		// its OpLoopMerge must still be a branch.
		if t := sb.Terminator(); t == nil || (t.Op != spv.OpBranch && t.Op != spv.OpBranchConditional) {
			return false
		}
	}
	if mi := b.Merge(); mi != nil && mi.Op == spv.OpLoopMerge && succ == mi.Operands[0].ID() {
		// A loop header merged into its merge block leaves its continue
		// target, if no branch reaches it, branching to the merged block;
		// when that block later merges into an outer loop's continue
		// target, the dead block branches to it from outside the outer
		// loop, which spirv-val rejects (spirv-opt 2023.1 merges anyway):
		// such a loop stays a loop.
		if ct := mi.Operands[1].ID(); ct != b.Label && len(predecessors(c, ct)) == 0 {
			return false
		}
	}
	if succIsMerge || succIsContinue {
		if sw := bm.sc.ContainingSwitch(b.Label); sw != 0 {
			swMerge := bm.sc.SwitchMergeBlock(sw)
			if hb := c.DU.Block(sw); hb != nil && hb.Terminator() != nil && hb.Terminator().Op == spv.OpSwitch {
				for _, target := range switchTargets(hb.Terminator()) {
					if target == b.Label && target != swMerge {
						return false
					}
				}
			}
		}
	}
	return true
}

// mergeWithSuccessor moves b's successor's instructions into b (its
// OpPhis replaced by their one value) and deletes the successor, whose
// label's uses (phis of its successors, names) become b's. b's merge
// instruction goes when the successor was its merge block, and otherwise
// moves to just before the new terminator.
func (bm *blockMerger) mergeWithSuccessor(b *builder.Block) {
	c := bm.c
	br := b.Terminator()
	succ := br.Operands[0].ID()
	sb := c.DU.Block(succ)
	mi := b.Merge()
	predIsHeader := mi != nil

	if t := sb.Terminator(); t != nil && t.Op == spv.OpSwitch && sb.Merge() != nil {
		bm.sc.invalidate()
	}
	b.Remove(br)
	br.Line = nil
	c.DU.Kill(br)
	for _, in := range sb.Insts {
		if in.Op == spv.OpPhi {
			c.ReplaceWith(in, in.Operands[0].Params()[0].ID())
			continue
		}
		b.Append(in)
	}
	sb.Insts = nil
	if mi != nil {
		if predIsHeader && succ == mi.Operands[0].ID() {
			c.Kill(mi)
		} else {
			t := b.Terminator()
			if t.Line != nil {
				mi.Line = t.Line
				t.Line = nil
			}
			b.Remove(mi)
			b.InsertBefore(t, mi)
		}
	}
	c.DU.ReplaceAllUses(succ, b.Label)
	c.DU.KillNamesAndDecorations(succ)
	c.DU.ForgetBlock(sb)
	bm.removed[sb] = true
}
