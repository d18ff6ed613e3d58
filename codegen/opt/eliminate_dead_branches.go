package opt

import (
	"github.com/hlsl2spirv/hlsl2spirv/builder"
	"github.com/hlsl2spirv/hlsl2spirv/builder/spv"
)

// deadBranches is --eliminate-dead-branches: a conditional branch on a
// constant and a switch on a constant become unconditional branches, and
// the blocks no longer reachable go. What structured control flow needs is
// kept as spirv-opt keeps it:
//
//   - a selection merge still needed by a break out of the live branch
//     moves to that break's header block; a switch a nested construct
//     breaks out of keeps its OpSwitch with the live target only;
//   - a back edge is never folded unless its live target is the loop
//     header (a loop keeps its one back edge);
//   - an unreachable merge block is left as a bare OpUnreachable, an
//     unreachable continue target as a bare branch to its header, so the
//     merge instructions naming them stay valid;
//   - OpPhi operands from removed edges go (a phi left with one value is
//     replaced by it), and a header's phi gets OpUndef from an unreachable
//     continue target.
//
// Conditions recognised: OpConstantTrue/False/Null and OpLogicalNot of
// one; switch selectors: 32-bit integer OpConstant and OpConstantNull.
// Afterwards the blocks of every function reached from an entry point are
// put in structured order.
type deadBranches struct{}

func (deadBranches) Name() string { return "eliminate-dead-branches" }

func (p deadBranches) Run(c *Context) (bool, error) {
	for _, a := range c.M.Annotations {
		if a.Op == spv.OpGroupDecorate {
			return false, nil
		}
	}
	d := &deadBranchElim{c: c, sc: newStructCFG(c), undef: newUndefs(c)}
	changed := forEachReachableFunction(c, d.function)
	if changed {
		fixBlockOrder(c)
	}
	return changed, nil
}

type deadBranchElim struct {
	c     *Context
	sc    *structCFG
	undef *undefs
}

// constCondition returns the value of a boolean condition known at compile
// time.
func (d *deadBranchElim) constCondition(id builder.ID) (val, ok bool) {
	in := d.c.Def(id)
	if in == nil {
		return false, false
	}
	switch in.Op {
	case spv.OpConstantTrue:
		return true, true
	case spv.OpConstantFalse, spv.OpConstantNull:
		return false, true
	case spv.OpLogicalNot:
		v, ok := d.constCondition(in.Operands[0].ID())
		return !v, ok
	}
	return false, false
}

// constSelector returns the value of a 32-bit integer switch selector known
// at compile time.
func (d *deadBranchElim) constSelector(id builder.ID) (uint32, bool) {
	in := d.c.Def(id)
	if in == nil || d.c.B.TypeOp(in.Type) != spv.OpTypeInt || d.c.B.ScalarWidth(in.Type) != 32 {
		return 0, false
	}
	switch in.Op {
	case spv.OpConstant:
		return in.Operands[0].Word, true
	case spv.OpConstantNull:
		return 0, true
	}
	return 0, false
}

// liveTarget returns the only successor a block's terminator can take, 0
// if it is not known.
func (d *deadBranchElim) liveTarget(t *builder.Inst) builder.ID {
	switch t.Op {
	case spv.OpBranchConditional:
		if v, ok := d.constCondition(t.Operands[0].ID()); ok {
			if v {
				return t.Operands[1].ID()
			}
			return t.Operands[2].ID()
		}
	case spv.OpSwitch:
		if v, ok := d.constSelector(t.Operands[0].ID()); ok {
			for _, o := range t.Operands[2:] {
				if o.Params()[0].Word == v {
					return o.Params()[1].ID()
				}
			}
			return t.Operands[1].ID()
		}
	}
	return 0
}

func (d *deadBranchElim) function(f *builder.Function) bool {
	if len(f.Blocks) == 0 {
		return false
	}
	if d.nothingToFold(f) {
		// Every block is live and stays: only phis naming a block that
		// is no predecessor can change.
		all := func(*builder.Block) bool { return true }
		if d.fixPhis(f, all, nil) {
			f.InvalidateCFG()
			return true
		}
		return false
	}
	liveSet, changed := d.markLive(f)
	live := func(b *builder.Block) bool { return liveSet[b] }
	merges := map[*builder.Block]bool{}
	continues := map[*builder.Block]*builder.Block{} // unreachable continue target -> its header
	for _, b := range f.Blocks {
		if !live(b) {
			continue
		}
		if m := mergeTarget(b); m != 0 {
			if mb := d.c.DU.Block(m); mb != nil && !live(mb) {
				merges[mb] = true
			}
			if k := continueTarget(b); k != 0 {
				if kb := d.c.DU.Block(k); kb != nil && !live(kb) {
					continues[kb] = b
				}
			}
		}
	}
	if d.fixPhis(f, live, continues) {
		changed = true
	}
	if d.eraseDead(f, liveSet, merges, continues) {
		changed = true
	}
	if changed {
		f.InvalidateCFG()
	}
	return changed
}

// nothingToFold reports whether no terminator of f has a known live
// target (but switches left with their live target only, which simplify
// keeps) and every block is reachable from the entry: then markLive would
// find every block live and fold nothing.
func (d *deadBranchElim) nothingToFold(f *builder.Function) bool {
	var g *builder.CFG // the function's CFG, made current when first needed
	cfg := func() *builder.CFG {
		if g == nil {
			f.KeepCFGIfCurrent()
			g = f.CFG()
		}
		return g
	}
	for _, b := range f.Blocks {
		if t := b.Terminator(); t != nil && d.liveTarget(t) != 0 && !d.foldedSwitch(b, t, cfg) {
			return false
		}
	}
	// (the entry reaches itself: no CFG to make for a single block)
	return len(f.Blocks) == 1 || len(cfg().RPO) == len(f.Blocks)
}

// foldedSwitch reports whether t, b's terminator, is a switch simplify
// already made: its one target left, kept because a nested construct
// breaks out of it. The function is as the pass found it, and cfg
// returns its current CFG.
func (d *deadBranchElim) foldedSwitch(b *builder.Block, t *builder.Inst, cfg func() *builder.CFG) bool {
	if t.Op != spv.OpSwitch || len(t.Operands) != 2 {
		return false
	}
	mi := b.Merge()
	if mi == nil || mi.Op != spv.OpSelectionMerge {
		return false
	}
	if nested, ok := d.switchHasNestedBreakLocally(b, cfg()); ok {
		return nested
	}
	return d.switchHasNestedBreak(b)
}

// markLive finds the blocks reachable from the entry when constant
// branches take only their live target, and folds those branches
// (innermost first: in the reverse of the order they were found).
func (d *deadBranchElim) markLive(f *builder.Function) (map[*builder.Block]bool, bool) {
	type fold struct {
		b    *builder.Block
		live builder.ID
	}
	var folds []fold
	live := map[*builder.Block]bool{}
	backEdges := map[*builder.Block]bool{}
	stack := []*builder.Block{f.Blocks[0]}
	for len(stack) > 0 {
		b := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if b == nil || live[b] {
			continue
		}
		live[b] = true
		if k := continueTarget(b); k != 0 {
			d.markBackEdgeBlocks(k, b.Label, mergeTarget(b), backEdges)
		}
		t := b.Terminator()
		target := builder.ID(0)
		if t != nil {
			target = d.liveTarget(t)
		}
		simplify := target != 0 && (!backEdges[b] || target == d.sc.ContainingLoop(b.Label))
		if simplify {
			folds = append(folds, fold{b, target})
			stack = append(stack, d.c.DU.Block(target))
			continue
		}
		for _, s := range b.Successors() {
			stack = append(stack, d.c.DU.Block(s))
		}
	}
	changed := false
	for i := len(folds) - 1; i >= 0; i-- {
		if d.simplify(folds[i].b, folds[i].live) {
			changed = true
		}
	}
	return live, changed
}

// markBackEdgeBlocks adds the blocks of the loop headed by header that
// branch back to it, searching from the continue target without going
// through the header or the merge block.
func (d *deadBranchElim) markBackEdgeBlocks(cont, header, merge builder.ID, out map[*builder.Block]bool) {
	visited := map[builder.ID]bool{cont: true, header: true, merge: true}
	work := []builder.ID{cont}
	for len(work) > 0 {
		id := work[len(work)-1]
		work = work[:len(work)-1]
		b := d.c.DU.Block(id)
		if b == nil {
			continue
		}
		back := false
		for _, s := range b.Successors() {
			if !visited[s] {
				visited[s] = true
				work = append(work, s)
			}
			if s == header {
				back = true
			}
		}
		if back {
			out[b] = true
		}
	}
}

// simplify makes b branch to its live target only.
func (d *deadBranchElim) simplify(b *builder.Block, target builder.ID) bool {
	mi := b.Merge()
	t := b.Terminator()
	if mi != nil && mi.Op == spv.OpSelectionMerge {
		if t.Op == spv.OpSwitch && d.switchHasNestedBreak(b) {
			if len(t.Operands) == 2 {
				return false // already a single target
			}
			t.Operands = []builder.Operand{t.Operands[0], builder.Ref(target)}
			d.c.DU.AnalyzeUses(t)
			return true
		}
		// A break out of the live branch to the selection's merge still
		// needs a header: the merge instruction moves to the first one.
		brk := d.firstExit(target, mi.Operands[0].ID(), d.sc.LoopMergeBlock(target),
			d.sc.LoopContinueBlock(target), d.sc.SwitchMergeBlock(target))
		setTerminator(d.c, b, d.c.newBranch(target))
		if brk == nil {
			d.c.Kill(mi)
		} else {
			b.Remove(mi)
			brk.Block.InsertBefore(brk, mi)
		}
		return true
	}
	setTerminator(d.c, b, d.c.newBranch(target))
	return true
}

// firstExit follows the control flow from start, stepping over nested
// constructs, to the first conditional branch or switch that may leave
// the selection ending at merge (breaks to the enclosing loop's merge or
// continue target, or the enclosing switch's merge, do not count). nil if
// there is none.
func (d *deadBranchElim) firstExit(start, merge, loopMerge, loopCont, switchMerge builder.ID) *builder.Inst {
	for start != merge && start != loopMerge && start != loopCont {
		b := d.c.DU.Block(start)
		if b == nil {
			return nil
		}
		t := b.Terminator()
		next := builder.ID(0)
		switch t.Op {
		case spv.OpBranchConditional:
			next = mergeTarget(b)
			if next != 0 {
				break
			}
			for i := 1; i < 3; i++ {
				target, other := t.Operands[i].ID(), t.Operands[3-i].ID()
				if (target == loopMerge && loopMerge != merge) ||
					(target == loopCont && loopCont != merge) ||
					(target == switchMerge && switchMerge != merge) {
					next = other
					break
				}
			}
			if next == 0 {
				return t
			}
		case spv.OpSwitch:
			next = mergeTarget(b)
			if next != 0 {
				break
			}
			breaks := false
			for _, s := range switchTargets(t) {
				if s == merge {
					breaks = true
				} else if s != loopMerge && s != loopCont {
					next = s
				}
			}
			if next == 0 {
				return nil
			}
			if breaks {
				return t
			}
		case spv.OpBranch:
			next = mergeTarget(b)
			if next == 0 {
				next = t.Operands[0].ID()
			}
		default:
			return nil
		}
		start = next
	}
	return nil
}

// switchTargets returns an OpSwitch's default and case targets in operand
// order.
func switchTargets(t *builder.Inst) []builder.ID {
	out := []builder.ID{t.Operands[1].ID()}
	for _, o := range t.Operands[2:] {
		out = append(out, o.Params()[1].ID())
	}
	return out
}

// switchHasNestedBreak reports whether a block inside a nested construct of
// the switch headed by b, or a nested header, branches to its merge.
func (d *deadBranchElim) switchHasNestedBreak(b *builder.Block) bool {
	merge := mergeTarget(b)
	for _, u := range d.c.DU.Users(merge) {
		if !isBranchOp(u.Op) || u.Block == nil || u.Block == b {
			continue
		}
		if d.sc.ContainingConstruct(u.Block.Label) != b.Label || u.Block.Merge() != nil {
			return true
		}
	}
	return false
}

// switchHasNestedBreakLocally is switchHasNestedBreak answered from the
// switch's own blocks, without the whole function's structured analysis,
// for a function the pass has not edited (whose analysis describes it as
// it is) and g its current CFG. It walks the switch's blocks in structured order, stopping at its
// merge block, and tracks the constructs as the analysis would. ok is
// false, and the caller asks the analysis, when the walk cannot prove it
// saw exactly what the whole function's walk would see between the
// header and its merge block: a walked block with a predecessor outside
// the walk (the walk left the construct, or the construct is entered
// elsewhere), or a nested construct still open at the merge block.
func (d *deadBranchElim) switchHasNestedBreakLocally(b *builder.Block, g *builder.CFG) (nested, ok bool) {
	f := b.Func
	mb := d.c.DU.Block(mergeTarget(b))
	if f == nil || mb == nil || mb.Func != f || !d.c.M.HasCapability(spv.CapabilityShader) {
		return false, false
	}
	if g.Func != f || len(g.Blocks) != len(f.Blocks) {
		return false, false
	}
	order := structuredOrderFrom(f, b, mb)
	if len(order) == 0 || order[0] != b || order[len(order)-1] != mb {
		return false, false
	}
	inner := order[1 : len(order)-1]
	// By block index: whether the walk met the block, and the header of
	// the innermost construct holding it (slices, not maps: the pass asks
	// this of a folded switch in every run).
	walked := make([]bool, len(g.Blocks))
	if i := g.Index(b.Label); i >= 0 {
		walked[i] = true
	}
	for _, x := range inner {
		if i := g.Index(x.Label); i >= 0 {
			walked[i] = true
		}
	}
	// Every walked block is reached from the header only: the whole
	// function's walk meets none of them before the header or after the
	// merge block, so it orders them as this walk does.
	for _, x := range inner {
		i := g.Index(x.Label)
		if i <= 0 {
			return false, false
		}
		for _, p := range g.Preds[i] {
			if !walked[p] {
				return false, false
			}
		}
	}
	type frame struct{ header, merge builder.ID }
	stack := []frame{{b.Label, mb.Label}}
	construct := make([]builder.ID, len(g.Blocks))
	for _, x := range inner {
		if x.Label == stack[len(stack)-1].merge {
			stack = stack[:len(stack)-1]
		}
		construct[g.Index(x.Label)] = stack[len(stack)-1].header
		if m := mergeTarget(x); m != 0 {
			stack = append(stack, frame{x.Label, m})
		}
	}
	if len(stack) != 1 {
		return false, false // the switch's construct does not end at its merge
	}
	for _, u := range d.c.DU.UsersView(mb.Label) { // (read only)
		if !isBranchOp(u.Op) || u.Block == nil || u.Block == b {
			continue
		}
		// A block outside the walk is outside the switch's construct.
		var h builder.ID
		if i := g.Index(u.Block.Label); i >= 0 {
			h = construct[i]
		}
		if h == 0 || h != b.Label || u.Block.Merge() != nil {
			return true, true
		}
	}
	return false, true
}

// fixPhis drops OpPhi operands of edges that no longer exist.
func (d *deadBranchElim) fixPhis(f *builder.Function, live func(*builder.Block) bool, continues map[*builder.Block]*builder.Block) bool {
	changed := false
	for _, b := range f.Blocks {
		if !live(b) {
			continue
		}
		for _, phi := range b.Insts {
			if phi.Op != spv.OpPhi {
				break
			}
			if d.phiKeepsAll(phi, b, live, continues) {
				continue // (most phis: no list to make)
			}
			pairs := phiPairs(phi)
			kept := make([]phiIncoming, 0, len(pairs))
			modified, backEdgeAdded := false, false
			for _, p := range pairs {
				inc := d.c.DU.Block(p.pred)
				if hdr, ok := continues[inc]; ok && hdr == b && len(pairs) > 2 {
					// The unreachable continue target stays the back
					// edge of this header: its value is undefined.
					backEdgeAdded = true
					if v := d.c.Def(p.value); v != nil && v.Op == spv.OpUndef {
						kept = append(kept, p)
						continue
					}
					kept = append(kept, phiIncoming{d.undef.get(phi.Type), p.pred})
					modified = true
				} else if inc != nil && live(inc) && isSuccessor(inc, b.Label) {
					kept = append(kept, p)
				} else {
					modified = true
				}
			}
			if !modified {
				continue
			}
			changed = true
			if k := continueTarget(b); !backEdgeAdded && k != 0 && len(kept) > 1 {
				if kb := d.c.DU.Block(k); kb != nil {
					if _, ok := continues[kb]; ok {
						// The back edge now comes from the continue target
						// itself.
						kept = append(kept, phiIncoming{d.undef.get(phi.Type), k})
					}
				}
			}
			if len(kept) == 1 {
				d.c.DU.KillNamesAndDecorations(phi.Result)
				d.c.ReplaceWith(phi, kept[0].value)
				continue
			}
			setPhiPairs(d.c, phi, kept)
		}
	}
	return changed
}

// phiKeepsAll reports whether fixPhis keeps every operand pair of phi, in
// block b, as it is: each comes from a live predecessor still branching to
// b, none from an unreachable continue target.
func (d *deadBranchElim) phiKeepsAll(phi *builder.Inst, b *builder.Block, live func(*builder.Block) bool, continues map[*builder.Block]*builder.Block) bool {
	for i := range phi.Operands {
		inc := d.c.DU.Block(phi.Operands[i].Params()[1].ID())
		if _, ok := continues[inc]; ok {
			return false
		}
		if inc == nil || !live(inc) || !isSuccessor(inc, b.Label) {
			return false
		}
	}
	return true
}

// eraseDead deletes the unreachable blocks, leaving unreachable merge
// blocks and continue targets as bare blocks.
func (d *deadBranchElim) eraseDead(f *builder.Function, live, merges map[*builder.Block]bool, continues map[*builder.Block]*builder.Block) bool {
	changed := false
	dead := map[*builder.Block]bool{}
	for _, b := range f.Blocks {
		switch hdr, isCont := continues[b]; {
		case isCont:
			if t := b.Terminator(); len(b.Insts) != 1 || t == nil || t.Op != spv.OpBranch || t.Operands[0].ID() != hdr.Label {
				killBlockInsts(d.c, b)
				b.Append(d.c.newBranch(hdr.Label))
				changed = true
			}
		case merges[b]:
			if t := b.Terminator(); len(b.Insts) != 1 || t == nil || t.Op != spv.OpUnreachable {
				killBlockInsts(d.c, b)
				b.Append(d.c.NewInst(spv.OpUnreachable, 0))
				changed = true
			}
		case !live[b]:
			deleteBlock(d.c, b)
			dead[b] = true
			changed = true
		}
	}
	if len(dead) > 0 {
		removeBlocks(f, func(b *builder.Block) bool { return dead[b] })
	}
	return changed
}
