package opt

import (
	"slices"

	"github.com/hlsl2spirv/hlsl2spirv/builder"
	"github.com/hlsl2spirv/hlsl2spirv/builder/spv"
)

// The structured view of a function's control flow that spirv-opt's passes
// share (its CFG::ComputeStructuredOrder and StructuredCFGAnalysis). It
// differs from builder's construct tree on purpose: passes that must
// produce spirv-opt's shapes need spirv-opt's notion of which construct a
// block is in, which follows the structured order (a block belongs to the
// innermost header seen before it whose merge block has not been reached
// yet) rather than dominance.

// structuredOrder returns the blocks reachable from the entry block in
// structured order: reverse post-order of a depth-first walk whose
// successors of a header are its merge block first, then its continue
// target, then its branch targets. A construct's blocks come before its
// merge block.
func structuredOrder(f *builder.Function) []*builder.Block {
	if len(f.Blocks) == 0 {
		return nil
	}
	return structuredOrderFrom(f, f.Blocks[0], nil)
}

// structuredOrderFrom is structuredOrder from root, the walk not going
// past end (nil for none): spirv-opt's ComputeStructuredOrder with a
// terminal block.
func structuredOrderFrom(f *builder.Function, root, end *builder.Block) []*builder.Block {
	g := f.CFG()
	// A frame walks its block's successors: the merge block and continue
	// target of a header first (head), then the CFG's successors.
	type frame struct {
		node  int32
		head  [2]int32
		nhead int8
		next  int32 // into head, then into g.Succs[node]
	}
	push := func(stack []frame, i int32) []frame {
		fr := frame{node: i}
		b := f.Blocks[i]
		if b == end {
			fr.next = -1
		} else if m := b.Merge(); m != nil {
			fr.head[0], fr.nhead = g.Index(m.Operands[0].ID()), 1
			if m.Op == spv.OpLoopMerge {
				fr.head[1], fr.nhead = g.Index(m.Operands[1].ID()), 2
			}
		}
		return append(stack, fr)
	}
	n := len(f.Blocks)
	visited := make([]bool, n)
	post := make([]*builder.Block, 0, n)
	start := g.Index(root.Label)
	if start < 0 {
		return nil
	}
	stack := push(nil, start)
	visited[start] = true
	for len(stack) > 0 {
		top := &stack[len(stack)-1]
		s := int32(-1)
		switch k := top.next; {
		case k < 0:
		case k < int32(top.nhead):
			s = top.head[k]
		case int(k-int32(top.nhead)) < len(g.Succs[top.node]):
			s = g.Succs[top.node][k-int32(top.nhead)]
		default:
			top.next = -1
		}
		if top.next >= 0 {
			top.next++
			if s >= 0 && !visited[s] {
				visited[s] = true
				stack = push(stack, s)
			}
			continue
		}
		post = append(post, f.Blocks[top.node])
		stack = stack[:len(stack)-1]
	}
	slices.Reverse(post)
	return post
}

// constructInfo is where a block sits in the structured control flow.
type constructInfo struct {
	construct builder.ID // the header of the innermost construct holding the block (0: none)
	loop      builder.ID // the header of the innermost loop holding it
	swtch     builder.ID // the header of the innermost switch holding it, inside that loop
	// inContinue: the block is in the continue construct of its innermost
	// loop.
	inContinue bool
	ordered    bool // the block is in the structured order (reachable)
}

// structuredCFG answers spirv-opt's StructuredCFGAnalysis questions for
// one function. A header is not inside its own construct (its containing
// construct is the enclosing one), except that a loop header that is its
// own continue target is in its continue construct.
//
// Blocks are numbered as the function's CFG numbers them: the answers are
// slices by block index, not maps by label.
type structuredCFG struct {
	f      *builder.Function
	g      *builder.CFG
	order  []*builder.Block
	blocks []*builder.Block // the function's blocks when analysed
	info   []constructInfo  // by block index
	merges []bool           // by block index: some header's merge block
}

// structuredFor returns f's structured analysis, reusing the one made for
// f's current CFG: the pass manager drops a function's CFG when a pass
// changes its control flow, so an analysis of the same CFG is of the same
// blocks and merges, at the start of a pass. (Within a pass, a caller that
// edited branches must build a new one.)
func (c *Context) structuredFor(f *builder.Function) *structuredCFG {
	if g := f.CFG(); len(g.Blocks) != len(f.Blocks) {
		f.InvalidateCFG() // blocks added or removed since: a stale graph
	}
	g := f.CFG()
	if s := c.structured[f]; s != nil && s.g == g {
		return s
	}
	if c.structured == nil {
		c.structured = map[*builder.Function]*structuredCFG{}
	}
	s := newStructuredCFG(f)
	c.structured[f] = s
	return s
}

func newStructuredCFG(f *builder.Function) *structuredCFG {
	if g := f.CFG(); len(g.Blocks) != len(f.Blocks) {
		f.InvalidateCFG() // blocks added or removed since: a stale graph
	}
	g := f.CFG()
	n := len(g.Blocks)
	s := &structuredCFG{f: f, g: g, order: structuredOrder(f), blocks: slices.Clone(g.Blocks),
		info: make([]constructInfo, n), merges: make([]bool, n)}
	type state struct {
		info        constructInfo
		merge, cont builder.ID
	}
	stack := []state{{}}
	for _, b := range s.order {
		if b.Label == stack[len(stack)-1].merge {
			stack = stack[:len(stack)-1]
		}
		top := &stack[len(stack)-1]
		if b.Label == top.cont {
			top.info.inContinue = true
		}
		bi := g.Index(b.Label)
		s.info[bi] = top.info
		s.info[bi].ordered = true
		m := b.Merge()
		if m == nil {
			continue
		}
		next := state{merge: m.Operands[0].ID()}
		next.info.construct = b.Label
		if m.Op == spv.OpLoopMerge {
			next.info.loop = b.Label
			next.cont = m.Operands[1].ID()
			if next.cont == b.Label {
				next.info.inContinue = true
				s.info[bi].inContinue = true
			}
		} else {
			next.info.loop = top.info.loop
			next.info.inContinue = top.info.inContinue
			next.cont = top.cont
			next.info.swtch = top.info.swtch
			if t := b.Terminator(); t != nil && t.Op == spv.OpSwitch {
				next.info.swtch = b.Label
			}
		}
		stack = append(stack, next)
		if i := g.Index(next.merge); i >= 0 {
			s.merges[i] = true
		}
	}
	return s
}

// Block returns the block labelled id (nil if there is none).
func (s *structuredCFG) Block(id builder.ID) *builder.Block {
	if i := s.g.Index(id); i >= 0 {
		return s.blocks[i]
	}
	return nil
}

// at returns what the analysis found of the block labelled id (nothing
// for a block it did not see).
func (s *structuredCFG) at(id builder.ID) constructInfo {
	if i := s.g.Index(id); i >= 0 {
		return s.info[i]
	}
	return constructInfo{}
}

// ask answers a question about the block id from the analysis of its
// function: 0 when there is none (not a shader, or no such block).
func (s *structCFG) ask(id builder.ID, question func(*structuredCFG, builder.ID) builder.ID) builder.ID {
	if a := s.of(id); a != nil {
		return question(a, id)
	}
	return 0
}

// ContainingConstruct returns the header of the innermost construct
// holding the block labelled id, 0 if none.
func (s *structuredCFG) ContainingConstruct(id builder.ID) builder.ID { return s.at(id).construct }

// ContainingLoop returns the header of the innermost loop holding the block.
func (s *structuredCFG) ContainingLoop(id builder.ID) builder.ID { return s.at(id).loop }

// ContainingSwitch returns the header of the innermost switch holding the
// block (within its innermost loop).
func (s *structuredCFG) ContainingSwitch(id builder.ID) builder.ID { return s.at(id).swtch }

// MergeBlock returns the merge block of the innermost construct holding
// the block, 0 if none.
func (s *structuredCFG) MergeBlock(id builder.ID) builder.ID {
	return s.mergeOf(s.ContainingConstruct(id), 0)
}

// LoopMergeBlock returns the merge block of the innermost loop holding the
// block.
func (s *structuredCFG) LoopMergeBlock(id builder.ID) builder.ID {
	return s.mergeOf(s.ContainingLoop(id), 0)
}

// LoopContinueBlock returns the continue target of the innermost loop
// holding the block.
func (s *structuredCFG) LoopContinueBlock(id builder.ID) builder.ID {
	return s.mergeOf(s.ContainingLoop(id), 1)
}

// SwitchMergeBlock returns the merge block of the innermost switch holding
// the block.
func (s *structuredCFG) SwitchMergeBlock(id builder.ID) builder.ID {
	return s.mergeOf(s.ContainingSwitch(id), 0)
}

func (s *structuredCFG) mergeOf(header builder.ID, operand int) builder.ID {
	if header == 0 {
		return 0
	}
	b := s.Block(header)
	if b == nil {
		return 0
	}
	m := b.Merge()
	if m == nil || operand >= len(m.Operands) {
		return 0
	}
	return m.Operands[operand].ID()
}

// IsMergeBlock reports whether the block is some header's merge block.
func (s *structuredCFG) IsMergeBlock(id builder.ID) bool {
	i := s.g.Index(id)
	return i >= 0 && s.merges[i]
}

// IsInContinueConstruct reports whether the block is in the continue
// construct of any loop holding it.
func (s *structuredCFG) IsInContinueConstruct(id builder.ID) bool {
	for id != 0 {
		info := s.at(id)
		if !info.ordered {
			return false
		}
		if info.inContinue {
			return true
		}
		id = info.loop
	}
	return false
}

// hasLoop reports whether f has a loop header.
func hasLoop(f *builder.Function) bool {
	return slices.ContainsFunc(f.Blocks, isLoopHeader)
}

// loopsMayHold reports whether a block of f for which has holds may be in
// one of f's loops, or (with continues) in a loop's continue construct,
// as the structured analysis places blocks: false is sure, true is for
// the analysis to confirm. In structured order, a loop's blocks are
// reached from its header without passing its merge block, which the
// header dominates in a valid module (it is walked first), and those of
// its continue construct from its continue target without passing the
// header either. Walking those paths costs far less than building the
// analysis, and most functions' loops hold no call or return: wrap-opkill
// and the inliner ask about every function, before inlining makes most
// of them dead.
func loopsMayHold(c *Context, f *builder.Function, continues bool, has func(*builder.Block) bool) bool {
	if !hasLoop(f) {
		return false
	}
	budget := 4 * len(f.Blocks) // past it, the walks would cost as much as the analysis
	at := c.blockIndex(f)
	seen := make([]bool, len(f.Blocks))
	var stack []int
	var succs []builder.ID
	for _, h := range f.Blocks {
		m := h.Merge()
		if m == nil || m.Op != spv.OpLoopMerge || len(m.Operands) < 2 {
			continue
		}
		merge, start := m.Operands[0].ID(), h.Label
		if continues {
			start = m.Operands[1].ID()
		}
		clear(seen)
		stack = stack[:0]
		visit := func(l builder.ID) bool {
			i := at(l)
			if i < 0 {
				return false // a branch to no block of f
			}
			if !seen[i] {
				seen[i] = true
				stack = append(stack, i)
			}
			return true
		}
		if !visit(start) {
			return true
		}
		for len(stack) > 0 {
			b := f.Blocks[stack[len(stack)-1]]
			stack = stack[:len(stack)-1]
			if budget--; budget < 0 || has(b) {
				return true
			}
			succs = b.AppendSuccessors(succs[:0])
			for _, l := range succs {
				if l != merge && !(continues && l == h.Label) && !visit(l) {
					return true
				}
			}
		}
	}
	return false
}

// isLoopHeader reports whether b declares a loop.
func isLoopHeader(b *builder.Block) bool {
	m := b.Merge()
	return m != nil && m.Op == spv.OpLoopMerge
}

// mergeTarget returns the merge block of a block's merge instruction, 0
// when it has none.
func mergeTarget(b *builder.Block) builder.ID {
	if m := b.Merge(); m != nil {
		return m.Operands[0].ID()
	}
	return 0
}

// continueTarget returns the continue target of a loop header, 0 for other
// blocks.
func continueTarget(b *builder.Block) builder.ID {
	if m := b.Merge(); m != nil && m.Op == spv.OpLoopMerge {
		return m.Operands[1].ID()
	}
	return 0
}

// structCFG answers the structured-CFG questions about any block of the
// module, as a pass run sees them: spirv-opt builds its
// StructuredCFGAnalysis for the whole module at the first question and
// keeps it while the pass edits (until the pass invalidates it), so the
// answers describe the functions as they were then. newStructCFG does
// the same (each function analysed as it was at the first question after
// the last invalidation).
//
// A pass whose questions about a function all come before it changes that
// function can use newFunctionStructCFG instead, which analyses a
// function only when asked about it: the answers are the same, without
// analysing the whole module again after each invalidation.
type structCFG struct {
	c           *Context
	perFunction bool
	built       bool
	funcs       map[*builder.Function]*structuredCFG
}

func newStructCFG(c *Context) *structCFG { return &structCFG{c: c} }

func newFunctionStructCFG(c *Context) *structCFG { return &structCFG{c: c, perFunction: true} }

// invalidate makes the next question analyse the functions as they are
// then.
func (s *structCFG) invalidate() { s.built = false }

// of returns the analysis of the function holding the block labelled id
// (nil for a label of no block, or without structured control flow).
func (s *structCFG) of(id builder.ID) *structuredCFG {
	if !s.built {
		s.built = true
		s.funcs = map[*builder.Function]*structuredCFG{}
		if !s.c.M.HasCapability(spv.CapabilityShader) {
			return nil
		}
		if !s.perFunction {
			for _, f := range s.c.M.Functions {
				s.analyse(f)
			}
		}
	}
	b := s.c.DU.Block(id)
	if b == nil || b.Func == nil || !s.c.M.HasCapability(spv.CapabilityShader) {
		return nil
	}
	if a, ok := s.funcs[b.Func]; ok || !s.perFunction {
		return a
	}
	return s.analyse(b.Func)
}

func (s *structCFG) analyse(f *builder.Function) *structuredCFG {
	if len(f.Blocks) == 0 {
		return nil
	}
	// Passes edit blocks without telling the CFG: compare it with the
	// function now (the analysis of an unchanged CFG is reused).
	f.KeepCFGIfCurrent()
	a := s.c.structuredFor(f)
	s.funcs[f] = a
	return a
}

// ContainingConstruct returns the header of the innermost construct
// holding the block (0 for none).
func (s *structCFG) ContainingConstruct(id builder.ID) builder.ID {
	return s.ask(id, (*structuredCFG).ContainingConstruct)
}

// ContainingLoop returns the header of the innermost loop holding the
// block.
func (s *structCFG) ContainingLoop(id builder.ID) builder.ID {
	return s.ask(id, (*structuredCFG).ContainingLoop)
}

// ContainingSwitch returns the header of the innermost switch holding the
// block, inside its innermost loop.
func (s *structCFG) ContainingSwitch(id builder.ID) builder.ID {
	return s.ask(id, (*structuredCFG).ContainingSwitch)
}

// LoopMergeBlock returns the merge block of the innermost loop holding the
// block.
func (s *structCFG) LoopMergeBlock(id builder.ID) builder.ID {
	return s.ask(id, (*structuredCFG).LoopMergeBlock)
}

// LoopContinueBlock returns the continue target of the innermost loop
// holding the block.
func (s *structCFG) LoopContinueBlock(id builder.ID) builder.ID {
	return s.ask(id, (*structuredCFG).LoopContinueBlock)
}

// SwitchMergeBlock returns the merge block of the innermost switch holding
// the block.
func (s *structCFG) SwitchMergeBlock(id builder.ID) builder.ID {
	return s.ask(id, (*structuredCFG).SwitchMergeBlock)
}

// IsMergeBlock reports whether the block is some construct's merge block.
func (s *structCFG) IsMergeBlock(id builder.ID) bool {
	a := s.of(id)
	return a != nil && a.IsMergeBlock(id)
}

// FuncsCalledFromContinue returns the functions called, directly or
// through other calls, from a block in a loop's continue construct, in
// the order they are found (functions in module order, their calls in
// order, then breadth first).
func (s *structCFG) FuncsCalledFromContinue() []builder.ID {
	var queue []builder.ID
	for _, f := range s.c.M.Functions {
		if !loopsMayHold(s.c, f, true, callsFunction) {
			continue // no call in a continue construct: nothing to analyse
		}
		for _, b := range f.Blocks {
			a := s.of(b.Label)
			if a == nil || !a.at(b.Label).inContinue {
				continue
			}
			for _, in := range b.Insts {
				if in.Op == spv.OpFunctionCall {
					queue = append(queue, in.Operands[0].ID())
				}
			}
		}
	}
	byID := functionsByID(s.c.M)
	seen := map[builder.ID]bool{}
	var out []builder.ID
	for len(queue) > 0 {
		id := queue[0]
		queue = queue[1:]
		if seen[id] {
			continue
		}
		seen[id] = true
		out = append(out, id)
		if f := byID[id]; f != nil {
			queue = calledFunctions(f, queue)
		}
	}
	return out
}

// reorderStructured puts f's blocks in structured order from its entry;
// blocks the order does not reach (unreachable ones) stay after it, in
// their current order.
func reorderStructured(f *builder.Function) {
	if len(f.Blocks) == 0 {
		return
	}
	f.InvalidateCFG()
	order := structuredOrder(f)
	if len(order) < len(f.Blocks) {
		in := make(map[*builder.Block]bool, len(order))
		for _, b := range order {
			in[b] = true
		}
		for _, b := range f.Blocks {
			if !in[b] {
				order = append(order, b)
			}
		}
	}
	if !slices.Equal(order, f.Blocks) {
		f.Blocks = order
		f.InvalidateCFG()
	}
}

// reorderByDominators puts f's blocks in a depth-first preorder of its
// dominator tree (how spirv-opt orders blocks of modules without
// structured control flow).
func reorderByDominators(f *builder.Function) {
	if len(f.Blocks) == 0 {
		return
	}
	f.InvalidateCFG()
	g := f.CFG()
	dom := f.Dominators()
	order := make([]*builder.Block, 0, len(f.Blocks))
	stack := []int32{0}
	for len(stack) > 0 {
		b := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		order = append(order, g.Blocks[b])
		ch := dom.Children(b)
		for i := len(ch) - 1; i >= 0; i-- {
			stack = append(stack, ch[i])
		}
	}
	seen := make(map[*builder.Block]bool, len(order))
	for _, b := range order {
		seen[b] = true
	}
	for _, b := range f.Blocks {
		if !seen[b] {
			order = append(order, b)
		}
	}
	f.Blocks = order
	f.InvalidateCFG()
}

// fixBlockOrder reorders the blocks of every function the entry points
// reach: structured order in shaders, dominator order otherwise (what
// spirv-opt does after removing blocks).
func fixBlockOrder(c *Context) {
	shader := c.M.HasCapability(spv.CapabilityShader)
	forEachReachableFunction(c, func(f *builder.Function) bool {
		if shader {
			reorderStructured(f)
		} else {
			reorderByDominators(f)
		}
		return false
	})
}

// callsFunction reports whether b holds an OpFunctionCall.
func callsFunction(b *builder.Block) bool {
	return slices.ContainsFunc(b.Insts, func(in *builder.Inst) bool { return in.Op == spv.OpFunctionCall })
}
