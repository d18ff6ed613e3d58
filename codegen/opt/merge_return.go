package opt

import (
	"container/list"
	"fmt"

	"github.com/hlsl2spirv/hlsl2spirv/builder"
	"github.com/hlsl2spirv/hlsl2spirv/builder/spv"
)

// mergeReturn is --merge-return: every function the entry points reach
// ends up with one return, in its last block, so that inlining can splice
// it in as straight-line structured code.
//
// In shaders (structured control flow) it works as spirv-opt's
// MergeReturnPass does: the body goes into a one-case switch whose merge
// block is the new, only return block; every return (and every
// OpUnreachable) becomes a store of true to a "returned" flag (and of the
// value to a return-value variable) and a branch to the merge block of the
// innermost loop or switch holding it. Code after that merge is then
// predicated: a block reached from a former return is split, and its head
// branches on the flag to the next enclosing merge or into the rest of
// the block, up to the switch. Values whose definitions no longer dominate
// their uses get phis (or, for pointers, a copy of the defining
// instruction). A function whose only return ends it, outside any
// construct, is left alone.
//
// Without structured control flow, the return blocks simply branch to a
// new return block (with a phi for the value).
type mergeReturn struct{}

func (mergeReturn) Name() string { return "merge-return" }

func (p mergeReturn) Run(c *Context) (bool, error) {
	shader := c.M.HasCapability(spv.CapabilityShader)
	// The questions about a function all come before it changes.
	sc := newFunctionStructCFG(c)
	u := newUndefs(c)
	var err error
	changed := forEachReachableFunction(c, func(f *builder.Function) bool {
		if err != nil || len(f.Blocks) == 0 {
			return false
		}
		returns := returnBlocks(f)
		if len(returns) <= 1 {
			if !shader || len(returns) == 0 {
				return false
			}
			if returns[0] == f.Blocks[len(f.Blocks)-1] && (!hasMerges(f) || sc.ContainingConstruct(returns[0].Label) == 0) {
				// (without a merge instruction there is no construct: no
				// structured analysis to make, for the most common
				// function, a block or a few)
				return false
			}
		}
		mr := &returnMerger{c: c, f: f, sc: sc, undef: u}
		if shader {
			err = mr.processStructured(returns)
		} else {
			mr.mergeReturnBlocks(returns)
		}
		f.InvalidateCFG()
		return true
	})
	if err != nil {
		return changed, errorf(p, "%v", err)
	}
	return changed, nil
}

// hasMerges reports whether a block of f has a merge instruction (heads
// a construct).
func hasMerges(f *builder.Function) bool {
	for _, b := range f.Blocks {
		if b.Merge() != nil {
			return true
		}
	}
	return false
}

// returnBlocks returns f's blocks ending in OpReturn or OpReturnValue.
func returnBlocks(f *builder.Function) []*builder.Block {
	var out []*builder.Block
	for _, b := range f.Blocks {
		if t := b.Terminator(); t != nil && (t.Op == spv.OpReturn || t.Op == spv.OpReturnValue) {
			out = append(out, b)
		}
	}
	return out
}

// returnMerger is merge-return's work on one function.
type returnMerger struct {
	c     *Context
	f     *builder.Function
	sc    *structCFG
	g     *predLists
	undef *undefs

	flag, value *builder.Inst // the "returned" flag and the return-value variable
	final       *builder.Block

	// origIdom maps each block to the terminator of its immediate dominator
	// before the pass (the terminator follows the code it ends when blocks
	// are split); newEdges the blocks that now branch to a block because a
	// return was redirected or a block predicated.
	origIdom map[*builder.Block]*builder.Inst
	newEdges map[*builder.Block]map[builder.ID]bool
	state    []controlState
}

// controlState is the construct nesting at a point of the structured walk:
// the merge instruction of the construct a return there must break to (the
// innermost loop, or switch outside loops) and of the innermost construct.
type controlState struct{ breakMerge, current *builder.Inst }

func (s controlState) breakMergeID() builder.ID {
	if s.breakMerge == nil {
		return 0
	}
	return s.breakMerge.Operands[0].ID()
}

func (s controlState) currentMergeID() builder.ID {
	if s.current == nil {
		return 0
	}
	return s.current.Operands[0].ID()
}

func (mr *returnMerger) top() controlState { return mr.state[len(mr.state)-1] }

// pushState opens the construct headed by b, if it heads one.
func (mr *returnMerger) pushState(b *builder.Block) {
	mi := b.Merge()
	if mi == nil {
		return
	}
	last := mr.top().breakMerge
	switch {
	case mi.Op == spv.OpLoopMerge:
		mr.state = append(mr.state, controlState{mi, mi})
	case b.Terminator().Op == spv.OpSwitch:
		// A switch inside a loop breaks to the loop's merge.
		if last != nil && last.Op == spv.OpLoopMerge {
			mr.state = append(mr.state, controlState{last, mi})
		} else {
			mr.state = append(mr.state, controlState{mi, mi})
		}
	default:
		mr.state = append(mr.state, controlState{last, mi})
	}
}

func (mr *returnMerger) processStructured(returns []*builder.Block) error {
	if mr.hasNontrivialUnreachableBlocks() {
		return fmt.Errorf("Module contains unreachable blocks during merge return.  Run dead branch elimination before merge return.")
	}
	mr.g = newPredLists(mr.c, mr.f)
	mr.recordImmediateDominators()
	mr.newEdges = map[*builder.Block]map[builder.ID]bool{}
	mr.addSingleCaseSwitch()

	order := list.New()
	for _, b := range structuredOrder(mr.f) {
		order.PushBack(b)
	}
	mr.state = []controlState{{}}
	for e := order.Front(); e != nil; e = e.Next() {
		b := e.Value.(*builder.Block)
		if b == mr.final {
			continue
		}
		if b.Label == mr.top().currentMergeID() {
			mr.state = mr.state[:len(mr.state)-1]
		}
		mr.processStructuredBlock(b)
		mr.pushState(b)
	}

	isReturn := make(map[*builder.Block]bool, len(returns))
	for _, b := range returns {
		isReturn[b] = true
	}
	mr.state = []controlState{{}}
	predicated := map[*builder.Block]bool{}
	for e := order.Front(); e != nil; e = e.Next() {
		b := e.Value.(*builder.Block)
		if b.Label == mr.top().currentMergeID() {
			mr.state = mr.state[:len(mr.state)-1]
		}
		if isReturn[b] {
			mr.predicateBlocks(b, predicated, order)
		}
		mr.pushState(b)
	}
	mr.f.InvalidateCFG()
	mr.addNewPhiNodes()
	return nil
}

// hasNontrivialUnreachableBlocks reports an unreachable block other than a
// bare continue target branching to its header or a bare OpUnreachable
// merge block (what dead-branch elimination leaves).
func (mr *returnMerger) hasNontrivialUnreachableBlocks() bool {
	g := mr.f.CFG()
	for i, b := range mr.f.Blocks {
		if g.Reachable(int32(i)) {
			continue
		}
		first := b.Insts[0]
		switch {
		case mr.sc.LoopContinueBlock(b.Label) == b.Label:
			if first.Op != spv.OpBranch || first.Operands[0].ID() != mr.sc.ContainingLoop(b.Label) {
				return true
			}
		case mr.sc.IsMergeBlock(b.Label):
			if first.Op != spv.OpUnreachable {
				return true
			}
		default:
			return true
		}
	}
	return false
}

func (mr *returnMerger) recordImmediateDominators() {
	g := mr.f.CFG()
	dom := mr.f.Dominators()
	mr.origIdom = make(map[*builder.Block]*builder.Inst, len(mr.f.Blocks))
	for i, b := range mr.f.Blocks {
		if d := dom.Idom(int32(i)); d >= 0 {
			mr.origIdom[b] = g.Blocks[d].Terminator()
		}
	}
}

// addSingleCaseSwitch puts the function's code (after the entry block's
// variables) in a one-case switch whose merge block is the new return
// block, at the end of the function.
func (mr *returnMerger) addSingleCaseSwitch() {
	c, f := mr.c, mr.f
	mr.final = newBlock(c, f)
	f.Blocks = append(f.Blocks, mr.final)
	mr.createReturn(mr.final)
	mr.g.register(mr.final)

	entry := f.Blocks[0]
	at := 0
	for at < len(entry.Insts) && entry.Insts[at].Op == spv.OpVariable {
		at++
	}
	body := splitBlock(c, f, entry, at)
	// The debug description of the function's definition stays in the
	// entry block.
	for _, in := range body.Insts {
		if isDebugFunctionDefinition(c, in) {
			body.Remove(in)
			entry.Append(in)
			break
		}
	}
	zero := c.B.ConstUint32(0)
	entry.Append(
		c.NewInst(spv.OpSelectionMerge, 0, builder.Ref(mr.final.Label), builder.Enum(spv.SelectionControlNone)),
		c.NewInst(spv.OpSwitch, 0, builder.Ref(zero), builder.Ref(body.Label)))
	mr.g.register(body)
	mr.g.register(entry)
	f.InvalidateCFG()
}

// isDebugFunctionDefinition reports whether in is a
// NonSemantic.Shader.DebugInfo DebugFunctionDefinition.
func isDebugFunctionDefinition(c *Context, in *builder.Inst) bool {
	return c.shaderDebugOp(in) == spv.NonSemanticShaderDebugInfo100DebugFunctionDefinition
}

// createReturn ends b with the function's return: OpReturn, or a load of
// the return-value variable and OpReturnValue.
func (mr *returnMerger) createReturn(b *builder.Block) {
	c := mr.c
	mr.addReturnValue()
	if mr.value == nil {
		b.Append(c.NewInst(spv.OpReturn, 0))
		return
	}
	load := c.NewInst(spv.OpLoad, mr.f.Def.Type, builder.Ref(mr.value.Result))
	b.Append(load)
	cloneRelaxedPrecision(c, mr.value.Result, load.Result)
	b.Append(c.NewInst(spv.OpReturnValue, 0, builder.Ref(load.Result)))
}

// cloneRelaxedPrecision decorates to RelaxedPrecision when from is.
func cloneRelaxedPrecision(c *Context, from, to builder.ID) {
	for _, u := range c.DU.Users(from) {
		if u.Op == spv.OpDecorate && u.Operands[0].ID() == from && spv.Decoration(u.Operands[1].Word) == spv.DecorationRelaxedPrecision {
			c.B.Decorate(to, spv.DecorationRelaxedPrecision)
			return
		}
	}
}

// addReturnValue makes the variable holding the value returned, first in
// the entry block (none for a void function).
func (mr *returnMerger) addReturnValue() {
	c := mr.c
	if mr.value != nil || c.B.TypeOp(mr.f.Def.Type) == spv.OpTypeVoid {
		return
	}
	ptr := c.B.TypePointer(spv.StorageClassFunction, mr.f.Def.Type)
	mr.value = c.NewInst(spv.OpVariable, ptr, builder.Enum(spv.StorageClassFunction))
	mr.f.Blocks[0].InsertAt(0, mr.value)
	cloneRelaxedPrecision(c, mr.f.Def.Result, mr.value.Result)
}

// addReturnFlag makes the "returned" flag, false at first, first in the
// entry block.
func (mr *returnMerger) addReturnFlag() {
	c := mr.c
	if mr.flag != nil {
		return
	}
	boolType := c.B.TypeBool()
	f := c.B.ConstBool(false)
	ptr := c.B.TypePointer(spv.StorageClassFunction, boolType)
	mr.flag = c.NewInst(spv.OpVariable, ptr, builder.Enum(spv.StorageClassFunction), builder.Ref(f))
	mr.f.Blocks[0].InsertAt(0, mr.flag)
}

// processStructuredBlock turns a return or OpUnreachable into a branch to
// the current break target.
func (mr *returnMerger) processStructuredBlock(b *builder.Block) {
	t := b.Terminator()
	if t == nil {
		return
	}
	switch t.Op {
	case spv.OpReturn, spv.OpReturnValue:
		mr.addReturnFlag()
	case spv.OpUnreachable:
	default:
		return
	}
	mr.branchToBlock(b, mr.top().breakMergeID())
}

// branchToBlock replaces b's terminator (a return records that it
// returned, and its value) by a branch to target.
func (mr *returnMerger) branchToBlock(b *builder.Block, target builder.ID) {
	c := mr.c
	t := b.Terminator()
	if t.Op == spv.OpReturn || t.Op == spv.OpReturnValue {
		b.InsertBefore(t, c.NewInst(spv.OpStore, 0, builder.Ref(mr.flag.Result), builder.Ref(c.B.ConstBool(true))))
		if t.Op == spv.OpReturnValue {
			b.InsertBefore(t, c.NewInst(spv.OpStore, 0, builder.Ref(mr.value.Result), t.Operands[0]))
		}
	}
	tb := c.DU.Block(target)
	if mi := tb.Merge(); mi != nil && mi.Op == spv.OpLoopMerge {
		mr.g.splitLoopHeader(mr.f, tb)
	}
	mr.addUndefPhiOperands(b, tb)
	t.Op = spv.OpBranch
	t.Operands = []builder.Operand{builder.Ref(target)}
	c.DU.AnalyzeUses(t)
	mr.addNewEdge(tb, b.Label)
	mr.g.addEdge(b.Label, target)
	mr.f.InvalidateCFG()
}

func (mr *returnMerger) addNewEdge(to *builder.Block, from builder.ID) bool {
	s := mr.newEdges[to]
	if s == nil {
		s = map[builder.ID]bool{}
		mr.newEdges[to] = s
	}
	if s[from] {
		return false
	}
	s[from] = true
	return true
}

// addUndefPhiOperands gives every phi of target an undef value from the
// new predecessor from.
func (mr *returnMerger) addUndefPhiOperands(from, target *builder.Block) {
	c := mr.c
	for _, phi := range target.Insts {
		if phi.Op != spv.OpPhi {
			break
		}
		phi.Operands = append(phi.Operands, builder.Pair(builder.Ref(mr.undef.get(phi.Type)), builder.Ref(from.Label)))
		c.DU.AnalyzeUses(phi)
	}
}

// predicateBlocks makes the code after a former return block skip to the
// enclosing break targets when the function has returned.
func (mr *returnMerger) predicateBlocks(ret *builder.Block, predicated map[*builder.Block]bool, order *list.List) {
	if predicated[ret] {
		return
	}
	succs := ret.Successors()
	if len(succs) == 0 {
		return
	}
	block := mr.c.DU.Block(succs[len(succs)-1])
	si := len(mr.state) - 1
	if block.Label == mr.state[si].currentMergeID() {
		si--
	} else if block.Label == mr.state[si].breakMergeID() {
		for si >= 0 && mr.state[si].breakMergeID() == block.Label {
			si--
		}
	}
	for block != nil && block != mr.final && si >= 0 {
		if predicated[block] {
			break
		}
		predicated[block] = true
		brk := mr.state[si].breakMerge
		if brk == nil {
			break // outside every construct (cannot happen inside the switch)
		}
		merge := brk.Operands[0].ID()
		for si >= 0 && mr.state[si].breakMergeID() == merge {
			si--
		}
		mr.breakFromConstruct(block, predicated, order, brk)
		block = mr.c.DU.Block(merge)
	}
}

// breakFromConstruct splits block after its phis: the head loads the flag
// and branches to the merge block of brk when it is set, else to the rest
// of the block.
func (mr *returnMerger) breakFromConstruct(block *builder.Block, predicated map[*builder.Block]bool, order *list.List, brk *builder.Inst) {
	c, f := mr.c, mr.f
	mr.g.rebuild(f)
	mr.sc.invalidate()
	if mi := block.Merge(); mi != nil && mi.Op == spv.OpLoopMerge {
		mr.g.splitLoopHeader(f, block)
	}
	merge := brk.Operands[0].ID()
	mb := c.DU.Block(merge)
	if mi := mb.Merge(); mi != nil && mi.Op == spv.OpLoopMerge {
		mr.g.splitLoopHeader(f, mb)
	}
	mr.g.removeSuccessorEdges(block)
	body := splitBlock(c, f, block, block.FirstNonPhi())
	predicated[body] = true
	if brk.Op == spv.OpLoopMerge && brk.Operands[1].ID() == block.Label {
		brk.Operands[1] = builder.Ref(body.Label)
		c.DU.AnalyzeUses(brk)
	}
	for e := order.Front(); e != nil; e = e.Next() {
		if e.Value.(*builder.Block) == block {
			order.InsertAfter(body, e)
			break
		}
	}
	load := c.NewInst(spv.OpLoad, c.B.TypeBool(), builder.Ref(mr.flag.Result))
	block.Append(load,
		c.NewInst(spv.OpSelectionMerge, 0, builder.Ref(body.Label), builder.Enum(spv.SelectionControlNone)),
		c.NewInst(spv.OpBranchConditional, 0, builder.Ref(load.Result), builder.Ref(mb.Label), builder.Ref(body.Label)))
	if !mr.addNewEdge(mb, block.Label) {
		mr.addNewEdge(mb, body.Label)
	}
	mr.addUndefPhiOperands(block, mb)
	mr.g.register(block)
	mr.g.register(body)
	f.InvalidateCFG()
}

// addNewPhiNodes adds phis where the predication broke dominance: for each
// block in structured order, the values defined in the blocks from its
// original immediate dominator up to (not including) its new one.
func (mr *returnMerger) addNewPhiNodes() {
	f := mr.f
	g := f.CFG()
	dom := f.Dominators()
	for _, bb := range structuredOrder(f) {
		bi := g.Index(bb.Label)
		d := dom.Idom(bi)
		if d < 0 {
			continue
		}
		dominator := g.Blocks[d]
		var cur *builder.Block
		if t := mr.origIdom[bb]; t != nil {
			cur = t.Block
		}
		for cur != nil && cur != dominator {
			for i := 0; i < len(cur.Insts); i++ {
				mr.createPhiNodesForInst(bb, cur.Insts[i], g, dom)
			}
			ci := dom.Idom(g.Index(cur.Label))
			cur = nil
			if ci >= 0 {
				cur = g.Blocks[ci]
			}
		}
	}
}

// createPhiNodesForInst gives the uses of in's result that it no longer
// dominates a phi in merge (undef from the new edges), or, for a pointer
// that cannot go through a phi, a copy of in there.
func (mr *returnMerger) createPhiNodesForInst(merge *builder.Block, in *builder.Inst, g *builder.CFG, dom *builder.DomTree) {
	c := mr.c
	if in.Result == 0 || in.Block == nil {
		return
	}
	inIdx := g.Index(in.Block.Label)
	var users []*builder.Inst
	for _, u := range c.DU.Users(in.Result) {
		var ub *builder.Block
		if u.Op == spv.OpPhi {
			for _, p := range phiPairs(u) {
				if p.value == in.Result {
					ub = c.DU.Block(p.pred)
					break
				}
			}
		} else {
			ub = u.Block
		}
		if ub == nil || ub.Func != mr.f {
			continue
		}
		if !dom.Dominates(inIdx, g.Index(ub.Label)) {
			users = append(users, u)
		}
	}
	if len(users) == 0 {
		return
	}
	undef := mr.undef.get(in.Type)
	var pairs []phiIncoming
	for _, p := range mr.g.of(merge.Label) {
		v := in.Result
		if mr.newEdges[merge][p] {
			v = undef
		}
		pairs = append(pairs, phiIncoming{v, p})
	}
	regenerate := false
	if sc, _, ok := c.B.Pointee(in.Type); ok {
		if !c.M.HasCapability(spv.CapabilityVariablePointers) ||
			(sc != spv.StorageClassWorkgroup && sc != spv.StorageClassStorageBuffer) {
			regenerate = true
		}
	}
	var repl *builder.Inst
	if regenerate {
		repl = c.NewInst(in.Op, in.Type, cloneOperands(in.Operands)...)
		merge.InsertAt(merge.FirstNonPhi(), repl)
		mIdx := g.Index(merge.Label)
		repl.ForEachUse(func(id *builder.ID) {
			if id == &repl.Type {
				return
			}
			d := c.Def(*id)
			if d == nil || d.Block == nil {
				return
			}
			if !dom.Dominates(g.Index(d.Block.Label), mIdx) {
				mr.createPhiNodesForInst(merge, d, g, dom)
			}
		})
	} else {
		repl = c.NewInst(spv.OpPhi, in.Type, phiOperands(pairs)...)
		merge.InsertAt(0, repl)
	}
	for _, u := range users {
		u.ForEachUse(func(id *builder.ID) {
			if id != &u.Type && *id == in.Result {
				*id = repl.Result
			}
		})
		c.DU.AnalyzeUses(u)
	}
}

// mergeReturnBlocks is the unstructured case: every return block branches
// to a new last block that returns (the value through a phi).
func (mr *returnMerger) mergeReturnBlocks(returns []*builder.Block) {
	c, f := mr.c, mr.f
	if len(returns) <= 1 {
		return
	}
	ret := newBlock(c, f)
	f.Blocks = append(f.Blocks, ret)
	var pairs []phiIncoming
	for _, b := range returns {
		if t := b.Terminator(); t.Op == spv.OpReturnValue {
			pairs = append(pairs, phiIncoming{t.Operands[0].ID(), b.Label})
		}
	}
	if len(pairs) > 0 {
		phi := c.NewInst(spv.OpPhi, f.Def.Type, phiOperands(pairs)...)
		ret.Append(phi, c.NewInst(spv.OpReturnValue, 0, builder.Ref(phi.Result)))
	} else {
		ret.Append(c.NewInst(spv.OpReturn, 0))
	}
	for _, b := range returns {
		t := b.Terminator()
		t.Op = spv.OpBranch
		t.Operands = []builder.Operand{builder.Ref(ret.Label)}
		c.DU.AnalyzeUses(t)
	}
}
