package opt

import (
	"slices"

	"github.com/hlsl2spirv/hlsl2spirv/builder"
	"github.com/hlsl2spirv/hlsl2spirv/builder/spv"
)

// loopUnroll is --loop-unroll: every loop whose OpLoopMerge asks for
// Unroll and whose trip count is known (loopDesc.tripCount) is replaced by
// that many copies of its body, as spirv-opt's LoopUnroller fully unrolls
// (the pass DXC's legalization and -O pipelines run). Inner loops go
// first; a loop with a nested loop is unrolled only once its nested loops
// were. Each copy's uses of the header's phis become the previous copy's
// values (the first copy's, the values from before the loop), the
// condition branches fold to their true target, the last copy leaves to
// the merge block, and uses of the phis after the loop take their final
// values. Loops with a break, a continue, a return or a kill, or without a
// preheader, are left alone.
type loopUnroll struct{}

func (loopUnroll) Name() string { return "loop-unroll" }

func (loopUnroll) Run(c *Context) (bool, error) {
	changed := false
	for _, f := range c.M.Functions {
		if !hasUnrollLoop(f) {
			continue // no loop analysis for nothing to unroll
		}
		// Each loop's copies go before its merge block, all at once when
		// the function is done: placing them loop by loop would copy the
		// block list once per loop. Nothing below reads block positions
		// (predecessors come from the def-use chains, a loop's order from
		// its branches).
		before := map[*builder.Block][]*builder.Block{}
		for _, l := range findLoops(c, f) {
			if !l.hasLoopControl(spv.LoopControlUnroll) {
				continue
			}
			u := newLoopUnroller(c, f, l)
			if u == nil {
				continue
			}
			u.fullyUnroll()
			before[l.merge] = u.added
			changed = true
		}
		if len(before) > 0 {
			placeBefore(f, before)
			f.InvalidateCFG()
		}
	}
	return changed, nil
}

// placeBefore puts each list of new blocks before the block it is listed
// for, in one pass over f's blocks.
func placeBefore(f *builder.Function, before map[*builder.Block][]*builder.Block) {
	n := len(f.Blocks)
	for _, l := range before {
		n += len(l)
	}
	out := make([]*builder.Block, 0, n)
	for _, b := range f.Blocks {
		out = append(out, before[b]...)
		out = append(out, b)
	}
	f.Blocks = out
}

// hasUnrollLoop reports whether a block of f is the header of a loop
// marked Unroll.
func hasUnrollLoop(f *builder.Function) bool {
	for _, b := range f.Blocks {
		if m := b.Merge(); m != nil && m.Op == spv.OpLoopMerge && spv.LoopControl(m.Operands[2].Word)&spv.LoopControlUnroll != 0 {
			return true
		}
	}
	return false
}

// loopUnroller unrolls one loop.
type loopUnroller struct {
	c                   *Context
	f                   *builder.Function
	l                   *loopDesc
	cond                *builder.Block // the block deciding whether to leave
	ind                 *builder.Inst  // the induction variable it tests
	trip                loopTrip
	order               []*builder.Block // the loop's blocks in structured order
	phis                []*builder.Inst  // the header's phis
	added               []*builder.Block // the copies, in order
	dead                []*builder.Inst  // instructions to delete at the end
	prevPhis            []*builder.Inst
	prevLatch, prevCond *builder.Block
	// m maps a copied id to its copy's (for the copy being made): the
	// Context's idMap.
	m *idTable[builder.ID]
	// headerCopies are the copies of the header's phis (for the copy
	// being made): the copies of u.phis are looked up there, not in a
	// table of every copied instruction by result.
	headerCopies []*builder.Inst
}

// newLoopUnroller returns the unroller of l, or nil when spirv-opt would
// not unroll it (LoopUtils::CanPerformUnroll), or it has no preheader.
func newLoopUnroller(c *Context, f *builder.Function, l *loopDesc) *loopUnroller {
	if l.header.Merge() == nil || l.latch == nil || l.preheader == nil || l.merge == nil || l.cont == nil {
		return nil
	}
	cond := l.conditionBlock(c)
	if cond == nil {
		return nil
	}
	ind := l.conditionVariable(c, cond)
	if ind == nil {
		return nil
	}
	trip, ok := l.tripCount(c, ind, cond.Terminator())
	if !ok {
		return nil
	}
	if t := l.latch.Terminator(); t == nil || t.Op != spv.OpBranch || t.Operands[0].ID() != l.header.Label {
		return nil
	}
	// No breaks, no continues.
	if !oneEdgeTo(c, l.merge.Label) || !oneEdgeTo(c, l.cont.Label) {
		return nil
	}
	for b := range l.blocks {
		if t := b.Terminator(); t != nil {
			switch t.Op {
			case spv.OpKill, spv.OpReturn, spv.OpReturnValue, spv.OpTerminateInvocation:
				return nil
			}
		}
	}
	if !l.allChildrenRemoved() {
		return nil
	}
	u := &loopUnroller{c: c, f: f, l: l, cond: cond, ind: ind, trip: trip, m: &c.idMap}
	for _, b := range structuredOrderByLabels(c, l.header, l.merge) {
		if b == l.merge {
			break
		}
		u.order = append(u.order, b)
	}
	u.phis = slices.Clone(l.inductionVariables())
	return u
}

func (u *loopUnroller) fullyUnroll() {
	c, l := u.c, u.l
	lm := l.header.Merge()
	lm.Operands[2].Word = uint32(spv.LoopControlDontUnroll)
	u.prevPhis, u.prevLatch, u.prevCond = u.phis, l.latch, u.cond
	u.reserveCopies(int(u.trip.iterations - 1))
	for i := int64(0); i < u.trip.iterations-1; i++ {
		u.copyBody()
	}
	u.foldCondition(u.cond)
	// Close the loop: no merge instruction, the last copy leaves to the
	// merge block, and the first iteration's uses of the phis take the
	// values from before the loop.
	u.dead = append(u.dead, lm)
	t := u.prevLatch.Terminator()
	t.Operands[0] = builder.Ref(l.merge.Label)
	c.DU.AnalyzeUses(t)
	m := u.m
	m.reset()
	for _, phi := range u.phis {
		m.put(phi.Result, phiValueFrom(phi, l.preheader.Label))
	}
	for _, b := range u.order {
		u.remapBlock(b, m)
	}
	for _, b := range u.added {
		u.remapBlock(b, m)
	}
	for _, phi := range u.prevPhis {
		u.remap(phi, m)
	}
	l.removed = true
	for p := l.parent; p != nil; p = p.parent {
		for _, b := range u.added {
			p.blocks[b] = true
		}
	}
	// After the loop, the phis' values are their last values.
	for i, phi := range u.phis {
		c.DU.KillNamesAndDecorations(u.prevPhis[i].Result)
		c.DU.KillNamesAndDecorations(phi.Result)
		c.DU.ReplaceAllUses(phi.Result, phiValueFrom(u.prevPhis[i], u.prevLatch.Label))
		u.dead = append(u.dead, phi)
	}
	for _, in := range u.dead {
		dropLines(in)
		c.Kill(in)
	}
}

// reserveCopies makes room in the arena for the instructions and operands
// of n copies of the loop's blocks (one chunk of the size needed, not
// chunks of the arena's default size).
func (u *loopUnroller) reserveCopies(n int) {
	insts, ops := 0, 0
	for _, b := range u.order {
		insts += len(b.Insts)
		for _, in := range b.Insts {
			ops += len(in.Operands)
			for i := range in.Operands {
				ops += len(in.Operands[i].Params())
			}
		}
	}
	u.c.arena.reserve(n*insts, n*ops)
}

// phiValueFrom returns the value phi takes from the block labelled pred.
func phiValueFrom(phi *builder.Inst, pred builder.ID) builder.ID {
	for _, p := range phiPairs(phi) {
		if p.pred == pred {
			return p.value
		}
	}
	return 0
}

// copyBody appends a copy of the loop's blocks after the previous one: the
// previous latch branches to the copy's header, the copy's latch back to
// the loop's header, the copy's condition folds, and the copy's uses of
// the header phis become the values the previous copy gives them.
func (u *loopUnroller) copyBody() {
	c, l := u.c, u.l
	// The table is the unroller's, emptied for each copy.
	m := u.m
	m.reset()
	m.fit(c.M.Bound)
	u.headerCopies = u.headerCopies[:0]
	var blocks []*builder.Block
	var newHeader, newLatch, newCond *builder.Block
	for _, b := range u.order {
		nb := newBlock(c, u.f)
		nb.Line = copyChain(c, b.Line)
		nb.Insts = make([]*builder.Inst, 0, len(b.Insts))
		m.put(b.Label, nb.Label)
		for _, in := range b.Insts {
			if c.debugOp(in) == spv.OpenCLDebugInfo100DebugDeclare || in.Op == spv.OpNop {
				continue // declared once; deleted earlier in the pass
			}
			if b == l.header && in.Op == spv.OpLoopMerge {
				continue // the copies are not loops
			}
			cp := c.arena.clone(in) // the copies are many: from the arena
			cp.Line = copyChain(c, in.Line)
			if in.Result != 0 {
				cp.Result = c.M.NewID()
				if c.DU.MayBeAnnotated(in.Result) {
					cloneDecorations(c, in.Result, cp.Result)
				}
				m.put(in.Result, cp.Result)
				if b == l.header && in.Op == spv.OpPhi {
					u.headerCopies = append(u.headerCopies, cp)
				}
			}
			nb.Insts = append(nb.Insts, cp)
			cp.Block = nb
		}
		if b == l.cont {
			// The loop's continue target follows the copies (it is deleted
			// with the loop merge at the end).
			lm := l.header.Merge()
			lm.Operands[1] = builder.Ref(nb.Label)
			c.DU.AnalyzeUses(lm)
		}
		if b == l.header {
			newHeader = nb
		}
		if b == l.latch {
			newLatch = nb
		}
		if b == u.cond {
			newCond = nb
		}
		blocks = append(blocks, nb)
	}
	t := u.prevLatch.Terminator()
	t.Operands[0] = builder.Ref(newHeader.Label)
	c.DU.AnalyzeUses(t)
	nt := newLatch.Terminator()
	nt.Operands[0] = builder.Ref(l.header.Label)
	var newPhis []*builder.Inst
	for i, phi := range u.phis {
		newPhis = append(newPhis, u.headerCopy(m.at(phi.Result)))
		m.put(phi.Result, phiValueFrom(u.prevPhis[i], u.prevLatch.Label))
	}
	if newCond != u.cond {
		u.foldCondition(newCond)
	}
	m.put(l.header.Label, l.header.Label)
	for _, nb := range blocks {
		for _, in := range nb.Insts {
			in.ForEachUse(func(id *builder.ID) {
				if id == &in.Type {
					return
				}
				if n := m.at(*id); n != 0 {
					*id = n
				}
			})
			c.DU.Define(in)
		}
	}
	u.dead = append(u.dead, newPhis...)
	u.added = append(u.added, blocks...)
	u.prevPhis, u.prevLatch, u.prevCond = newPhis, newLatch, newCond
}

// headerCopy returns the copy of a header phi whose result is id (nil if
// none).
func (u *loopUnroller) headerCopy(id builder.ID) *builder.Inst {
	for _, cp := range u.headerCopies {
		if cp.Result == id {
			return cp
		}
	}
	return nil
}

// foldCondition replaces the condition block's conditional branch by a
// branch to its true target, keeping the branch's scope and last line.
func (u *loopUnroller) foldCondition(b *builder.Block) {
	c := u.c
	old := b.Terminator()
	br := c.newBranch(old.Operands[1].ID())
	var chain []*builder.Inst
	var line *builder.Inst
	for _, l := range lineChain(old) {
		if c.isLineInst(l) {
			line = l
		} else {
			chain = append(chain, l)
		}
	}
	if line != nil {
		chain = append(chain, line)
	}
	b.Replace(old, br)
	setLineChain(br, chain)
	c.DU.Kill(old)
}

// remapBlock rewrites the ids m maps in b's instructions.
func (u *loopUnroller) remapBlock(b *builder.Block, m *idTable[builder.ID]) {
	for _, in := range b.Insts {
		u.remap(in, m)
	}
}

func (u *loopUnroller) remap(in *builder.Inst, m *idTable[builder.ID]) {
	changed := false
	in.ForEachUse(func(id *builder.ID) {
		if id == &in.Type {
			return
		}
		if n := m.at(*id); n != 0 {
			*id = n
			changed = true
		}
	})
	if changed {
		u.c.DU.AnalyzeUses(in)
	}
}

// structuredOrderByLabels is structuredOrderFrom(f, root, end) walked
// through the branches' labels rather than the function's CFG: it costs
// the blocks it reaches (a loop's), not a CFG of the whole function
// rebuilt after every unrolled loop.
func structuredOrderByLabels(c *Context, root, end *builder.Block) []*builder.Block {
	type frame struct {
		b     *builder.Block
		succs []builder.ID // merge block and continue target first, then the branch targets
		next  int
	}
	var buf []builder.ID
	push := func(stack []frame, b *builder.Block) []frame {
		fr := frame{b: b}
		if b != end {
			start := len(buf)
			if m := b.Merge(); m != nil {
				buf = append(buf, m.Operands[0].ID())
				if m.Op == spv.OpLoopMerge {
					buf = append(buf, m.Operands[1].ID())
				}
			}
			buf = b.AppendSuccessors(buf)
			fr.succs = buf[start:len(buf):len(buf)]
		}
		return append(stack, fr)
	}
	visited := map[*builder.Block]bool{root: true}
	var post []*builder.Block
	stack := push(nil, root)
	for len(stack) > 0 {
		top := &stack[len(stack)-1]
		if top.next < len(top.succs) {
			s := c.DU.Block(top.succs[top.next])
			top.next++
			if s != nil && s.Func == root.Func && !visited[s] {
				visited[s] = true
				stack = push(stack, s)
			}
			continue
		}
		post = append(post, top.b)
		stack = stack[:len(stack)-1]
	}
	slices.Reverse(post)
	return post
}
