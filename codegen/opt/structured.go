package opt

import (
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
	g := f.CFG()
	succs := func(b *builder.Block) []int32 {
		var out []int32
		if m := b.Merge(); m != nil {
			out = append(out, g.Index(m.Operands[0].ID()))
			if m.Op == spv.OpLoopMerge {
				out = append(out, g.Index(m.Operands[1].ID()))
			}
		}
		for _, l := range b.Successors() {
			out = append(out, g.Index(l))
		}
		return out
	}
	n := len(f.Blocks)
	visited := make([]bool, n)
	type frame struct {
		node  int32
		succs []int32
	}
	post := make([]*builder.Block, 0, n)
	stack := []frame{{0, succs(f.Blocks[0])}}
	visited[0] = true
	for len(stack) > 0 {
		top := &stack[len(stack)-1]
		if len(top.succs) > 0 {
			s := top.succs[0]
			top.succs = top.succs[1:]
			if s >= 0 && !visited[s] {
				visited[s] = true
				stack = append(stack, frame{s, succs(f.Blocks[s])})
			}
			continue
		}
		post = append(post, f.Blocks[top.node])
		stack = stack[:len(stack)-1]
	}
	for i, j := 0, len(post)-1; i < j; i, j = i+1, j-1 {
		post[i], post[j] = post[j], post[i]
	}
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
}

// structuredCFG answers spirv-opt's StructuredCFGAnalysis questions for
// one function. A header is not inside its own construct (its containing
// construct is the enclosing one), except that a loop header that is its
// own continue target is in its continue construct.
type structuredCFG struct {
	f      *builder.Function
	order  []*builder.Block
	info   map[builder.ID]constructInfo
	merges map[builder.ID]bool
	blocks map[builder.ID]*builder.Block
}

func newStructuredCFG(f *builder.Function) *structuredCFG {
	s := &structuredCFG{f: f, order: structuredOrder(f), info: map[builder.ID]constructInfo{},
		merges: map[builder.ID]bool{}, blocks: make(map[builder.ID]*builder.Block, len(f.Blocks))}
	for _, b := range f.Blocks {
		s.blocks[b.Label] = b
	}
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
		s.info[b.Label] = top.info
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
				bi := s.info[b.Label]
				bi.inContinue = true
				s.info[b.Label] = bi
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
		s.merges[next.merge] = true
	}
	return s
}

// Block returns the block labelled id (nil if there is none).
func (s *structuredCFG) Block(id builder.ID) *builder.Block { return s.blocks[id] }

// ContainingConstruct returns the header of the innermost construct
// holding the block labelled id, 0 if none.
func (s *structuredCFG) ContainingConstruct(id builder.ID) builder.ID { return s.info[id].construct }

// ContainingLoop returns the header of the innermost loop holding the block.
func (s *structuredCFG) ContainingLoop(id builder.ID) builder.ID { return s.info[id].loop }

// ContainingSwitch returns the header of the innermost switch holding the
// block (within its innermost loop).
func (s *structuredCFG) ContainingSwitch(id builder.ID) builder.ID { return s.info[id].swtch }

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
	b := s.blocks[header]
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
func (s *structuredCFG) IsMergeBlock(id builder.ID) bool { return s.merges[id] }

// IsInContinueConstruct reports whether the block is in the continue
// construct of any loop holding it.
func (s *structuredCFG) IsInContinueConstruct(id builder.ID) bool {
	for id != 0 {
		info, ok := s.info[id]
		if !ok {
			return false
		}
		if info.inContinue {
			return true
		}
		id = info.loop
	}
	return false
}

// isLoopHeader reports whether b declares a loop.
func isLoopHeader(b *builder.Block) bool {
	m := b.Merge()
	return m != nil && m.Op == spv.OpLoopMerge
}
