package opt

import (
	"github.com/hlsl2spirv/hlsl2spirv/builder"
	"github.com/hlsl2spirv/hlsl2spirv/builder/spv"
)

// Block-level helpers the control-flow passes share. Predecessors come
// from the def-use chains (the branches using a label), so they stay true
// while a pass rewrites branches, without rebuilding a CFG.

// predecessors returns the blocks whose terminator branches to label, each
// once, in the order the def-use chains registered them.
func predecessors(c *Context, label builder.ID) []*builder.Block {
	var out []*builder.Block
	for _, u := range c.DU.UsersView(label) {
		if !isBranchOp(u.Op) || u.Block == nil || u.Block.Terminator() != u {
			continue
		}
		dup := false
		for _, p := range out {
			dup = dup || p == u.Block
		}
		if !dup {
			out = append(out, u.Block)
		}
	}
	return out
}

// hasOnePredecessor reports whether predecessors(c, label) would list
// exactly one block (without making the list).
func hasOnePredecessor(c *Context, label builder.ID) bool {
	var pred *builder.Block
	for _, u := range c.DU.UsersView(label) {
		if !isBranchOp(u.Op) || u.Block == nil || u.Block.Terminator() != u {
			continue
		}
		if pred != nil && pred != u.Block {
			return false
		}
		pred = u.Block
	}
	return pred != nil
}

// isSuccessor reports whether b's terminator branches to label.
func isSuccessor(b *builder.Block, label builder.ID) bool {
	var buf [8]builder.ID
	for _, s := range b.AppendSuccessors(buf[:0]) {
		if s == label {
			return true
		}
	}
	return false
}

// forEachSuccessor calls fn with a pointer to every label b's terminator
// names (OpSwitch's default and case targets included), to read or
// rewrite (call DU.AnalyzeUses on the terminator after rewriting).
func forEachSuccessor(b *builder.Block, fn func(*builder.ID)) {
	t := b.Terminator()
	if t == nil {
		return
	}
	ref := func(o *builder.Operand) {
		id := o.ID()
		fn(&id)
		o.Word = uint32(id)
	}
	switch t.Op {
	case spv.OpBranch:
		ref(&t.Operands[0])
	case spv.OpBranchConditional:
		ref(&t.Operands[1])
		ref(&t.Operands[2])
	case spv.OpSwitch:
		ref(&t.Operands[1])
		for i := 2; i < len(t.Operands); i++ {
			ref(&t.Operands[i].Params()[1])
		}
	}
}

// phiIncoming is one (value, predecessor) pair of an OpPhi.
type phiIncoming struct{ value, pred builder.ID }

// phiPairs returns an OpPhi's incoming pairs.
func phiPairs(phi *builder.Inst) []phiIncoming {
	out := make([]phiIncoming, 0, len(phi.Operands))
	for _, o := range phi.Operands {
		out = append(out, phiIncoming{o.Params()[0].ID(), o.Params()[1].ID()})
	}
	return out
}

// phiOperands makes OpPhi operands from pairs.
func phiOperands(pairs []phiIncoming) []builder.Operand {
	out := make([]builder.Operand, len(pairs))
	for i, p := range pairs {
		out[i] = builder.Pair(builder.Ref(p.value), builder.Ref(p.pred))
	}
	return out
}

// setPhiPairs rewrites an OpPhi's incoming pairs and registers the uses.
func setPhiPairs(c *Context, phi *builder.Inst, pairs []phiIncoming) {
	phi.Operands = phiOperands(pairs)
	c.DU.AnalyzeUses(phi)
}

// newBranch makes an OpBranch to target.
func (c *Context) newBranch(target builder.ID) *builder.Inst {
	return c.NewInst(spv.OpBranch, 0, builder.Ref(target))
}

// setTerminator replaces b's terminator with t (the old one is deleted).
func setTerminator(c *Context, b *builder.Block, t *builder.Inst) {
	old := b.Terminator()
	if old == nil {
		b.Append(t)
		return
	}
	b.Replace(old, t)
	t.Line = nil
	c.DU.Kill(old)
}

// killBlockInsts deletes every instruction of b (with the names and
// decorations of their results), leaving b empty, its label kept.
func killBlockInsts(c *Context, b *builder.Block) {
	for _, in := range b.Insts {
		c.Kill(in)
	}
	b.Insts = nil
}

// newBlock makes an empty block of f with a fresh label, registered with
// the def-use chains; the caller places it in f.Blocks.
func newBlock(c *Context, f *builder.Function) *builder.Block {
	b := &builder.Block{Label: c.M.NewID(), Func: f}
	c.DU.DefineBlock(b)
	return b
}

// insertBlocksAfter places blocks right after at in f.Blocks.
func insertBlocksAfter(f *builder.Function, at *builder.Block, blocks ...*builder.Block) {
	i := blockIndex(f, at)
	out := make([]*builder.Block, 0, len(f.Blocks)+len(blocks))
	out = append(out, f.Blocks[:i+1]...)
	out = append(out, blocks...)
	out = append(out, f.Blocks[i+1:]...)
	f.Blocks = out
	for _, b := range blocks {
		b.Func = f
	}
	f.InvalidateCFG()
}

// blockIndex returns b's position in f.Blocks, -1 if absent.
func blockIndex(f *builder.Function, b *builder.Block) int {
	for i, x := range f.Blocks {
		if x == b {
			return i
		}
	}
	return -1
}

// removeBlocks takes the blocks for which drop is true out of f.
func removeBlocks(f *builder.Function, drop func(*builder.Block) bool) {
	out := f.Blocks[:0]
	for _, b := range f.Blocks {
		if !drop(b) {
			out = append(out, b)
		}
	}
	clear(f.Blocks[len(out):])
	f.Blocks = out
	f.InvalidateCFG()
}

// isTerminatorOp reports whether op ends a block.
func isTerminatorOp(op spv.Op) bool {
	switch op {
	case spv.OpBranch, spv.OpBranchConditional, spv.OpSwitch, spv.OpReturn, spv.OpReturnValue,
		spv.OpKill, spv.OpUnreachable, spv.OpTerminateInvocation, spv.OpIgnoreIntersectionKHR,
		spv.OpTerminateRayKHR, spv.OpEmitMeshTasksEXT, spv.OpAbortKHR:
		return true
	}
	return false
}
