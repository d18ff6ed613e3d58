package opt

import (
	"github.com/hlsl2spirv/hlsl2spirv/builder"
	"github.com/hlsl2spirv/hlsl2spirv/builder/spv"
)

// interlockPlacement is --invocation-interlock-placement
// (SPV_EXT_fragment_shader_interlock): a fragment entry point may execute
// OpBeginInvocationInterlockEXT and OpEndInvocationInterlockEXT once each,
// in that order, while DXC brackets every access to a rasterizer-ordered
// view with the pair. The pass makes one critical section of them, as
// spirv-opt's InvocationInterlockPlacementPass does:
//
//   - functions other than entry points lose their begins and ends, and a
//     call to one that held (or reached) a begin gets a begin before it, one
//     that held an end an end after it;
//   - in the entry function, the section runs from the blocks holding a
//     begin to everything they reach, and back from the blocks holding an
//     end to everything reaching them. Inside the section only a block no
//     section block flows into keeps a begin (its first), and only a block
//     flowing into no section block keeps an end (its last);
//   - an edge entering the section from a block outside gets a begin, an
//     edge leaving it toward a block outside gets an end: at the end of the
//     block it leaves when that block has only this successor, at the start
//     of the block it enters when that block has only this predecessor,
//     else in a new block splitting the edge.
//
// Where spirv-opt would make an invalid module the pass keeps it valid: a
// begin at the end of a loop header goes before its OpLoopMerge, an end
// at the start of a block after its phis, and the phis of a block whose
// incoming edge is split take the new block as their predecessor. An edge
// that both enters and leaves the section (the else of an if whose then
// holds the accesses) gets one new block holding a begin and an end, where
// spirv-opt splits it twice and leaves the end in an unreachable block.
type interlockPlacement struct{}

func (interlockPlacement) Name() string { return "invocation-interlock-placement" }

// interlockUse records whether a function, or one it calls, holds a begin
// or an end.
type interlockUse struct{ begin, end bool }

func (interlockPlacement) Run(c *Context) (bool, error) {
	if !interlockEnabled(c.M) {
		return false, nil
	}
	entries := map[*builder.Function]bool{}
	for _, f := range c.EntryPoints() {
		entries[f] = true
	}
	byID := functionsByID(c.M)
	uses := map[*builder.Function]interlockUse{}
	// use summarizes f before any function loses its instructions: a
	// function is summarized before its own turn to be cleared below, and
	// its callees are summarized with it.
	var use func(f *builder.Function) interlockUse
	use = func(f *builder.Function) interlockUse {
		if u, ok := uses[f]; ok {
			return u
		}
		uses[f] = interlockUse{} // a recursive call (invalid) adds nothing
		var u interlockUse
		for in := range f.Insts() {
			switch in.Op {
			case spv.OpBeginInvocationInterlockEXT:
				u.begin = true
			case spv.OpEndInvocationInterlockEXT:
				u.end = true
			case spv.OpFunctionCall:
				if callee := byID[in.Operands[0].ID()]; callee != nil {
					cu := use(callee)
					u.begin = u.begin || cu.begin
					u.end = u.end || cu.end
				}
			}
		}
		uses[f] = u
		return u
	}
	changed := false
	for _, f := range c.M.Functions {
		use(f)
		if entries[f] {
			continue
		}
		for in := range f.Insts() {
			if isInterlockOp(in.Op) {
				c.Kill(in)
				changed = true
			}
		}
	}
	for _, ep := range c.M.EntryPoints {
		if spv.ExecutionModel(ep.Operands[0].Word) != spv.ExecutionModelFragment {
			continue
		}
		if f := byID[ep.Operands[1].ID()]; f != nil {
			p := &interlockPlacer{c: c, f: f, byID: byID, uses: uses}
			if p.run() {
				changed = true
			}
		}
	}
	return changed, nil
}

// interlockEnabled reports whether the module declares the extension and
// one of its fragment interlock capabilities.
func interlockEnabled(m *builder.Module) bool {
	if !m.HasExtension("SPV_EXT_fragment_shader_interlock") {
		return false
	}
	return m.HasCapability(spv.CapabilityFragmentShaderSampleInterlockEXT) ||
		m.HasCapability(spv.CapabilityFragmentShaderPixelInterlockEXT) ||
		m.HasCapability(spv.CapabilityFragmentShaderShadingRateInterlockEXT)
}

func isInterlockOp(op spv.Op) bool {
	return op == spv.OpBeginInvocationInterlockEXT || op == spv.OpEndInvocationInterlockEXT
}

// interlockPlacer places the critical section of one fragment entry
// function.
type interlockPlacer struct {
	c    *Context
	f    *builder.Function
	byID map[builder.ID]*builder.Function
	uses map[*builder.Function]interlockUse

	blocks map[builder.ID]*builder.Block
	preds  *predLists // as the function was before any edge was split
	// afterBegin: the blocks holding a begin and those they reach;
	// beforeEnd: the blocks holding an end and those reaching them.
	// enteredFromBegin: the blocks with a predecessor in afterBegin;
	// leavingToEnd: the blocks with a successor in beforeEnd.
	afterBegin, beforeEnd, enteredFromBegin, leavingToEnd map[builder.ID]bool
	// added are the blocks splitting edges, to go right after the block
	// an edge leaves (the newest first).
	added map[*builder.Block][]*builder.Block
}

func (p *interlockPlacer) run() bool {
	c, f := p.c, p.f
	changed := p.extractFromCalls()
	p.blocks = make(map[builder.ID]*builder.Block, len(f.Blocks))
	var begins, ends []builder.ID
	for _, b := range f.Blocks {
		p.blocks[b.Label] = b
		hasBegin, hasEnd := false, false
		for _, in := range b.Insts {
			hasBegin = hasBegin || in.Op == spv.OpBeginInvocationInterlockEXT
			hasEnd = hasEnd || in.Op == spv.OpEndInvocationInterlockEXT
		}
		if hasBegin {
			begins = append(begins, b.Label)
		}
		if hasEnd {
			ends = append(ends, b.Label)
		}
	}
	p.preds = newPredLists(c, f)
	p.afterBegin, p.enteredFromBegin = reachFrom(begins, func(id builder.ID) []builder.ID {
		if b := p.blocks[id]; b != nil {
			return b.Successors()
		}
		return nil
	})
	p.beforeEnd, p.leavingToEnd = reachFrom(ends, p.preds.of)

	p.added = map[*builder.Block][]*builder.Block{}
	original := append([]*builder.Block(nil), f.Blocks...)
	for _, b := range original {
		if p.removeUnneeded(b) {
			changed = true
		}
		if p.placeOnEdges(b) {
			changed = true
		}
	}
	if len(p.added) > 0 {
		out := make([]*builder.Block, 0, len(f.Blocks)+len(p.added))
		for _, b := range f.Blocks {
			out = append(out, b)
			out = append(out, p.added[b]...)
		}
		f.Blocks = out
		f.InvalidateCFG()
	}
	return changed
}

// extractFromCalls puts a begin before each call of a function that held
// one and an end after each call of one that held an end.
func (p *interlockPlacer) extractFromCalls() bool {
	c := p.c
	changed := false
	for _, b := range p.f.Blocks {
		needed := false
		for _, in := range b.Insts {
			if in.Op == spv.OpFunctionCall {
				u := p.uses[p.byID[in.Operands[0].ID()]]
				needed = needed || u.begin || u.end
			}
		}
		if !needed {
			continue
		}
		changed = true
		rebuildBlock(c, b, func(in *builder.Inst, emit func(...*builder.Inst)) {
			var u interlockUse
			if in.Op == spv.OpFunctionCall {
				u = p.uses[p.byID[in.Operands[0].ID()]]
			}
			if u.begin {
				emit(c.NewInst(spv.OpBeginInvocationInterlockEXT, 0))
			}
			emit(in)
			if u.end {
				emit(c.NewInst(spv.OpEndInvocationInterlockEXT, 0))
			}
		})
	}
	return changed
}

// reachFrom returns the blocks reached from start through next (start
// included) and the blocks next gives for any of those.
func reachFrom(start []builder.ID, next func(builder.ID) []builder.ID) (inside, nextOfInside map[builder.ID]bool) {
	inside, nextOfInside = map[builder.ID]bool{}, map[builder.ID]bool{}
	work := append([]builder.ID(nil), start...)
	for _, id := range start {
		inside[id] = true
	}
	for len(work) > 0 {
		id := work[0]
		work = work[1:]
		for _, n := range next(id) {
			nextOfInside[n] = true
			if !inside[n] {
				inside[n] = true
				work = append(work, n)
			}
		}
	}
	return inside, nextOfInside
}

// removeUnneeded deletes the begins and ends b does not need: all of them
// when the section reaches b from another block (or leaves it for
// another), else all but its first begin and its last end.
func (p *interlockPlacer) removeUnneeded(b *builder.Block) bool {
	changed := false
	keepBegin := p.afterBegin[b.Label] && !p.enteredFromBegin[b.Label]
	if keepBegin || p.enteredFromBegin[b.Label] {
		for _, in := range b.Insts {
			if in.Op != spv.OpBeginInvocationInterlockEXT {
				continue
			}
			if keepBegin {
				keepBegin = false
				continue
			}
			p.c.Kill(in)
			changed = true
		}
	}
	keepEnd := p.beforeEnd[b.Label] && !p.leavingToEnd[b.Label]
	if keepEnd || p.leavingToEnd[b.Label] {
		for i := len(b.Insts) - 1; i >= 0; i-- {
			in := b.Insts[i]
			if in.Op != spv.OpEndInvocationInterlockEXT {
				continue
			}
			if keepEnd {
				keepEnd = false
				continue
			}
			p.c.Kill(in)
			changed = true
		}
	}
	return changed
}

// placeOnEdges puts a begin on each edge from b entering the section and
// an end on each edge from b leaving it.
func (p *interlockPlacer) placeOnEdges(b *builder.Block) bool {
	changed := false
	for _, s := range b.Successors() {
		succ := p.blocks[s]
		if succ == nil {
			continue
		}
		var split *builder.Block // the block splitting this edge, if any
		if p.enteredFromBegin[s] && !p.afterBegin[b.Label] {
			changed = true
			begin := p.c.NewInst(spv.OpBeginInvocationInterlockEXT, 0)
			if t := b.Terminator(); t.Op == spv.OpBranch {
				i := len(b.Insts) - 1
				if b.Merge() != nil {
					i--
				}
				b.InsertAt(i, begin)
			} else if split = p.splitEdge(b, s); split != nil {
				split.InsertAt(0, begin)
			}
		}
		if p.leavingToEnd[b.Label] && !p.beforeEnd[s] {
			changed = true
			end := p.c.NewInst(spv.OpEndInvocationInterlockEXT, 0)
			if len(p.preds.of(s)) == 1 {
				succ.InsertAt(succ.FirstNonPhi(), end)
			} else {
				if split == nil {
					split = p.splitEdge(b, s)
				}
				if split != nil {
					split.InsertAt(len(split.Insts)-1, end)
				}
			}
		}
	}
	return changed
}

// splitEdge sends b's first remaining edge to s through a new block
// branching to s, placed after b, and returns it (nil when b no longer
// branches to s: that edge was split already).
func (p *interlockPlacer) splitEdge(b *builder.Block, s builder.ID) *builder.Block {
	c := p.c
	if !isSuccessor(b, s) {
		return nil
	}
	n := newBlock(c, p.f)
	done, remaining := false, false
	forEachSuccessor(b, func(id *builder.ID) {
		switch {
		case *id != s:
		case !done:
			*id, done = n.Label, true
		default:
			remaining = true
		}
	})
	c.DU.AnalyzeUses(b.Terminator())
	n.Append(c.newBranch(s))
	p.added[b] = append([]*builder.Block{n}, p.added[b]...)
	// The phis of s now see n where they saw b (and both when b keeps
	// another edge to s).
	for _, phi := range p.blocks[s].Insts {
		if phi.Op != spv.OpPhi {
			break
		}
		pairs := phiPairs(phi)
		for i, pr := range pairs {
			if pr.pred != b.Label {
				continue
			}
			if remaining {
				pairs = append(pairs, phiIncoming{value: pr.value, pred: n.Label})
			} else {
				pairs[i].pred = n.Label
			}
			break
		}
		setPhiPairs(c, phi, pairs)
	}
	return n
}
