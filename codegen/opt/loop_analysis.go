package opt

import (
	"github.com/hlsl2spirv/hlsl2spirv/builder"
	"github.com/hlsl2spirv/hlsl2spirv/builder/spv"
)

// Loop analysis over SSA, as spirv-opt's LoopDescriptor and Loop answer
// it: a function's structured loops, their latch and preheader, the block
// deciding whether to leave, the induction variable that block tests, and
// the trip count when the induction starts at a constant, steps by a
// constant and is compared with a constant.

// loopDesc is one structured loop of a function.
type loopDesc struct {
	header, cont, merge *builder.Block
	// latch is the block branching back to the header (the predecessor of
	// the header the continue target dominates); preheader the one block
	// outside the loop that enters it, when it branches nowhere else (nil
	// otherwise).
	latch, preheader *builder.Block
	// blocks are the blocks dominated by the header and not by the merge
	// block (nested loops included).
	blocks   map[*builder.Block]bool
	parent   *loopDesc
	children []*loopDesc
	// removed marks a loop a transformation did away with (fully unrolled).
	removed bool
}

// contains reports whether b is in the loop.
func (l *loopDesc) contains(b *builder.Block) bool { return l.blocks[b] }

// containsID reports whether the block labelled id is in the loop.
func (l *loopDesc) containsID(c *Context, id builder.ID) bool {
	b := c.DU.Block(id)
	return b != nil && l.blocks[b]
}

// allChildrenRemoved reports whether every nested loop was done away with.
func (l *loopDesc) allChildrenRemoved() bool {
	for _, ch := range l.children {
		if !ch.removed {
			return false
		}
	}
	return true
}

// hasLoopControl reports whether the header's OpLoopMerge has the bit.
func (l *loopDesc) hasLoopControl(bit spv.LoopControl) bool {
	m := l.header.Merge()
	return m != nil && m.Op == spv.OpLoopMerge && spv.LoopControl(m.Operands[2].Word)&bit != 0
}

// findLoops returns the loops of f, each nested loop before the loop
// holding it (spirv-opt's post-order of the loop tree). A header none of
// whose back edges is reachable is not a loop.
func findLoops(c *Context, f *builder.Function) []*loopDesc {
	if len(f.Blocks) == 0 {
		return nil
	}
	g := f.CFG()
	dom := f.Dominators()
	// Headers in a post-order of the dominator tree: inner loops first.
	var loops []*loopDesc
	var post []int32
	stack := []struct{ b, next int32 }{{0, 0}}
	for len(stack) > 0 {
		top := &stack[len(stack)-1]
		if ch := dom.Children(top.b); int(top.next) < len(ch) {
			next := ch[top.next]
			top.next++
			stack = append(stack, struct{ b, next int32 }{next, 0})
			continue
		}
		post = append(post, top.b)
		stack = stack[:len(stack)-1]
	}
	// loopAt is the loop headed by each block found so far (by block
	// index), for finding a loop's children while listing its blocks.
	loopAt := make([]*loopDesc, len(g.Blocks))
	var walk []int32
	for _, hi := range post {
		h := g.Blocks[hi]
		mi := h.Merge()
		if mi == nil || mi.Op != spv.OpLoopMerge {
			continue
		}
		back := false
		for _, p := range g.Preds[hi] {
			if g.Reachable(p) && dom.Dominates(hi, p) {
				back = true
			}
		}
		if !back {
			continue
		}
		l := &loopDesc{header: h, merge: c.DU.Block(mi.Operands[0].ID()), cont: c.DU.Block(mi.Operands[1].ID()),
			blocks: map[*builder.Block]bool{}}
		mergeIdx := int32(-1)
		if l.merge != nil {
			mergeIdx = g.Index(l.merge.Label)
		}
		// The loop's blocks are the header's subtree of the dominator
		// tree, less the merge block's (what the merge block dominates
		// is a subtree): a walk of the loop, not of the function, so
		// that finding every loop is linear in the code (times the
		// nesting depth). Loops found before whose header is among them
		// and that are not yet placed are its children.
		walk = append(walk[:0], hi)
		for len(walk) > 0 {
			i := walk[len(walk)-1]
			walk = walk[:len(walk)-1]
			if mergeIdx >= 0 && dom.Dominates(mergeIdx, i) {
				continue
			}
			l.blocks[g.Blocks[i]] = true
			if inner := loopAt[i]; inner != nil && inner.parent == nil && i != hi {
				inner.parent = l
				l.children = append(l.children, inner)
			}
			walk = append(walk, dom.Children(i)...)
		}
		for _, p := range g.Preds[hi] {
			if l.cont != nil && dom.Dominates(g.Index(l.cont.Label), p) {
				l.latch = g.Blocks[p]
				break
			}
		}
		l.preheader = findPreheader(g, dom, hi)
		loopAt[hi] = l
		loops = append(loops, l)
	}
	return loops
}

// findPreheader returns the one block outside the loop headed by h that
// branches to h, if it branches nowhere else.
func findPreheader(g *builder.CFG, dom *builder.DomTree, h int32) *builder.Block {
	pre := int32(-1)
	for _, p := range g.Preds[h] {
		if !dom.InTree(p) || dom.Dominates(h, p) {
			continue
		}
		if pre >= 0 && pre != p {
			return nil
		}
		pre = p
	}
	if pre < 0 {
		return nil
	}
	for _, s := range g.Blocks[pre].Successors() {
		if s != g.Blocks[h].Label {
			return nil
		}
	}
	return g.Blocks[pre]
}

// inductionVariables returns the header's phis.
func (l *loopDesc) inductionVariables() []*builder.Inst {
	return l.header.Insts[:l.header.FirstNonPhi()]
}

// conditionBlock returns the block deciding whether to leave the loop: the
// merge block's only predecessor inside the loop, when it ends in a
// conditional branch one of whose targets is the merge block. (A block
// with two edges to the merge block counts twice, as in spirv-opt's
// predecessor lists.)
func (l *loopDesc) conditionBlock(c *Context) *builder.Block {
	if l.merge == nil {
		return nil
	}
	var in *builder.Block
	for _, u := range c.DU.UsersView(l.merge.Label) {
		if !isBranchOp(u.Op) || u.Block == nil || u.Block.Terminator() != u || !l.blocks[u.Block] {
			continue
		}
		if in != nil || edgesTo(u.Block, l.merge.Label) > 1 {
			return nil
		}
		in = u.Block
	}
	if in == nil {
		return nil
	}
	t := in.Terminator()
	if t == nil || t.Op != spv.OpBranchConditional {
		return nil
	}
	if t.Operands[1].ID() != l.merge.Label && t.Operands[2].ID() != l.merge.Label {
		return nil
	}
	return in
}

// edgesTo returns how many of b's branch targets are label.
func edgesTo(b *builder.Block, label builder.ID) int {
	var buf [8]builder.ID
	n := 0
	for _, s := range b.AppendSuccessors(buf[:0]) {
		if s == label {
			n++
		}
	}
	return n
}

// oneEdgeTo reports whether exactly one branch (counting each target of
// each terminator) goes to label: the block's predecessor list, as
// spirv-opt keeps it, has one entry. The branches are the label's users,
// so this costs them, not the function.
func oneEdgeTo(c *Context, label builder.ID) bool {
	n := 0
	for _, u := range c.DU.UsersView(label) {
		if isBranchOp(u.Op) && u.Block != nil && u.Block.Terminator() == u {
			if n += edgesTo(u.Block, label); n > 1 {
				return false
			}
		}
	}
	return n == 1
}

// isLoopCompare reports whether op is a comparison the trip count can be
// worked out from.
func isLoopCompare(op spv.Op) bool {
	switch op {
	case spv.OpULessThan, spv.OpSLessThan, spv.OpUGreaterThan, spv.OpSGreaterThan,
		spv.OpSGreaterThanEqual, spv.OpUGreaterThanEqual, spv.OpSLessThanEqual, spv.OpULessThanEqual:
		return true
	}
	return false
}

// conditionVariable returns the induction variable the condition block's
// branch tests: a header phi with one value from outside the loop and one
// from the latch, compared with a constant, whose trip count is known.
func (l *loopDesc) conditionVariable(c *Context, cond *builder.Block) *builder.Inst {
	t := cond.Terminator()
	if t == nil || t.Op != spv.OpBranchConditional {
		return nil
	}
	cmp := c.Def(t.Operands[0].ID())
	if cmp == nil || !isLoopCompare(cmp.Op) {
		return nil
	}
	phi := c.Def(cmp.Operands[0].ID())
	if phi == nil || phi.Op != spv.OpPhi || len(phi.Operands) != 2 {
		return nil
	}
	ps := phiPairs(phi)
	if l.containsID(c, ps[0].pred) && l.containsID(c, ps[1].pred) {
		return nil
	}
	if l.latch == nil || (ps[0].pred != l.latch.Label && ps[1].pred != l.latch.Label) {
		return nil
	}
	if _, ok := l.tripCount(c, phi, t); !ok {
		return nil
	}
	return phi
}

// inductionStep returns the instruction giving the phi its value from
// inside the loop when it adds or subtracts a constant to the phi.
func (l *loopDesc) inductionStep(c *Context, phi *builder.Inst) *builder.Inst {
	var step *builder.Inst
	for _, p := range phiPairs(phi) {
		if l.containsID(c, p.pred) {
			step = c.Def(p.value)
			break
		}
	}
	if step == nil || (step.Op != spv.OpIAdd && step.Op != spv.OpISub) {
		return nil
	}
	lhs, rhs := step.Operands[0].ID(), step.Operands[1].ID()
	if lhs != phi.Result && rhs != phi.Result {
		return nil
	}
	if d, e := c.Def(lhs), c.Def(rhs); (d == nil || d.Op != spv.OpConstant) && (e == nil || e.Op != spv.OpConstant) {
		return nil
	}
	return step
}

// loopTrip is a counted loop's iteration count, step and start.
type loopTrip struct{ iterations, step, init int64 }

// tripCount works out how many times the loop runs when phi starts at a
// constant, steps by a constant, and the branch's comparison tests it
// against a constant (spirv-opt's Loop::FindNumberOfIterations). ok is
// false when it cannot tell or the body never runs.
func (l *loopDesc) tripCount(c *Context, phi, branch *builder.Inst) (loopTrip, bool) {
	cmp := c.Def(branch.Operands[0].ID())
	if cmp == nil || !isLoopCompare(cmp.Op) {
		return loopTrip{}, false
	}
	boundValue, ok := intConstant(c, cmp.Operands[1].ID())
	bound := boundValue.sext
	if !ok || c.B.ScalarWidth(c.DU.TypeOf(cmp.Operands[1].ID())) > 64 {
		return loopTrip{}, false
	}
	step := l.inductionStep(c, phi)
	if step == nil {
		return loopTrip{}, false
	}
	sd := c.Def(step.Operands[1].ID())
	if sd == nil || (sd.Op != spv.OpConstant && sd.Op != spv.OpConstantNull) || c.B.TypeOp(sd.Type) != spv.OpTypeInt {
		return loopTrip{}, false
	}
	// The step is read as a 32-bit value.
	var stepValue int64
	bits := uint32(0)
	if sd.Op == spv.OpConstant {
		bits = sd.Operands[0].Word
	}
	if c.B.IsSigned(sd.Type) {
		stepValue = int64(int32(bits))
	} else {
		stepValue = int64(bits)
	}
	if step.Op == spv.OpISub {
		stepValue = -stepValue
	}
	init, ok := l.inductionInit(c, phi)
	if !ok {
		return loopTrip{}, false
	}
	n := loopIterations(cmp.Op, bound, init, stepValue)
	if n <= 0 {
		return loopTrip{}, false
	}
	return loopTrip{n, stepValue, init}, true
}

// inductionInit returns the constant the phi takes from outside the loop
// (the last such pair's).
func (l *loopDesc) inductionInit(c *Context, phi *builder.Inst) (int64, bool) {
	var init builder.ID
	for _, p := range phiPairs(phi) {
		if !l.containsID(c, p.pred) {
			init = p.value
		}
	}
	if init == 0 {
		return 0, false
	}
	v, ok := intConstant(c, init)
	return v.sext, ok
}

// loopIterations is spirv-opt's Loop::GetIterations: the distance from the
// start to the bound divided by the step, rounded up; 0 when the
// comparison fails at once or the step never reaches the bound.
func loopIterations(op spv.Op, bound, init, step int64) int64 {
	if step == 0 {
		return 0
	}
	var diff int64
	switch op {
	case spv.OpSLessThan, spv.OpULessThan:
		if !(init < bound) {
			return 0
		}
		diff = bound - init
		if (diff < 0 && step > 0) || (diff > 0 && step < 0) {
			return 0
		}
	case spv.OpSGreaterThan, spv.OpUGreaterThan:
		if !(init > bound) {
			return 0
		}
		diff = init - bound
		if (diff < 0 && step < 0) || (diff > 0 && step > 0) {
			return 0
		}
	case spv.OpSGreaterThanEqual, spv.OpUGreaterThanEqual:
		if !(init >= bound) {
			return 0
		}
		diff = init - (bound - 1)
		if (diff > 0 && step > 0) || (diff < 0 && step < 0) {
			return 0
		}
	case spv.OpSLessThanEqual, spv.OpULessThanEqual:
		if !(init <= bound) {
			return 0
		}
		diff = (bound + 1) - init
		if (diff < 0 && step > 0) || (diff > 0 && step < 0) {
			return 0
		}
	default:
		return 0
	}
	if step < 0 {
		step = -step
	}
	if diff < 0 {
		diff = -diff
	}
	n := diff / step
	if diff%step != 0 {
		n++
	}
	return n
}
