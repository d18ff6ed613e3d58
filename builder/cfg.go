package builder

import (
	"slices"

	"github.com/hlsl2spirv/hlsl2spirv/builder/spv"
)

// A CFG is a function's control-flow graph over its blocks, by index in
// Function.Blocks (flat slices indexed by small ints, not a pointer graph).
// It is a snapshot: a pass that adds, removes or retargets blocks builds a
// new one (Function.CFG caches it until InvalidateCFG).
type CFG struct {
	Func   *Function
	Blocks []*Block
	// index finds a block by label: dense over the labels' range when it
	// is compact; otherwise (labels spread among many other ids) the
	// def-use chains' block table and each block's index answer in O(1)
	// without building anything, and the map is built only for the
	// lookups they cannot answer (see Index).
	index blockIndex
	Succs [][]int32 // successors in terminator operand order, duplicates removed
	Preds [][]int32 // predecessors in block order
	// RPO is the reachable blocks in reverse post-order from the entry;
	// rpoIndex[b] is b's position there, -1 for an unreachable block.
	RPO      []int32
	rpoIndex []int32
	// shape is what the graph and the analyses built on it were made from,
	// block by block, and succLabels[succStart[i]:succStart[i+1]] block
	// i's successor labels as its terminator lists them: current compares
	// them with the function.
	shape      []blockShape
	succLabels []ID
	succStart  []int32
}

// blockShape is what a block contributes to the CFG and the structured
// analyses: its label, terminator opcode and merge instruction.
type blockShape struct {
	block              *Block
	label, merge, cont ID
	term, mergeOp      spv.Op
}

func shapeOf(b *Block) blockShape {
	s := blockShape{block: b, label: b.Label}
	if t := b.Terminator(); t != nil {
		s.term = t.Op
	}
	if m := b.Merge(); m != nil {
		s.mergeOp = m.Op
		if len(m.Operands) > 0 {
			s.merge = m.Operands[0].ID()
		}
		if m.Op == spv.OpLoopMerge && len(m.Operands) > 1 {
			s.cont = m.Operands[1].ID()
		}
	}
	return s
}

// CFG returns the function's control-flow graph, built on first use and
// kept until InvalidateCFG.
func (f *Function) CFG() *CFG {
	f.checkCFG()
	if f.cfg == nil {
		f.cfg = NewCFG(f)
	}
	return f.cfg
}

// InvalidateCFG drops the function's cached CFG and the analyses built on
// it (dominators, constructs, loops): call it after changing its blocks or
// branches.
func (f *Function) InvalidateCFG() {
	f.cfg, f.dom, f.pdom, f.constructs, f.loops = nil, nil, nil, nil, nil
	f.recheck = false
}

// KeepCFGIfCurrent drops the cached CFG and the analyses built on it
// unless the function's blocks, labels, terminators' targets and merge
// instructions are still those they were built from: a pass that left a
// function's control flow alone (most of them, on most functions) keeps
// its dominators and constructs for the next one. It costs a walk over the
// blocks' last two instructions, no allocation.
func (f *Function) KeepCFGIfCurrent() {
	if f.cfg != nil && !f.cfg.current() {
		f.InvalidateCFG()
	}
	f.recheck = false
}

// CheckCFGOnNextUse is KeepCFGIfCurrent done lazily, the next time the CFG
// or an analysis built on it is asked for: a pass manager calls it on every
// function after a pass that changed the module, and the functions no
// later pass asks about cost nothing.
func (f *Function) CheckCFGOnNextUse() {
	if f.cfg != nil {
		f.recheck = true
	}
}

func (f *Function) checkCFG() {
	if f.recheck {
		f.KeepCFGIfCurrent()
	}
}

// current reports whether g still describes its function: the same
// blocks with the same labels, terminators, merges and successor labels.
// (Comparing labels, not the indices they map to, spares a lookup per
// edge; a terminator that lists the same targets differently, which
// would give the same graph, only costs a rebuild.)
func (g *CFG) current() bool {
	f := g.Func
	if len(f.Blocks) != len(g.Blocks) || len(g.shape) != len(g.Blocks) {
		return false
	}
	var buf [8]ID
	for i, b := range f.Blocks {
		if shapeOf(b) != g.shape[i] {
			return false
		}
		if !slices.Equal(b.AppendSuccessors(buf[:0]), g.succLabels[g.succStart[i]:g.succStart[i+1]]) {
			return false
		}
	}
	return true
}

// NewCFG builds the control-flow graph of f.
func NewCFG(f *Function) *CFG {
	n := len(f.Blocks)
	g := &CFG{Func: f, Blocks: f.Blocks, index: newBlockIndex(f.Blocks), Succs: make([][]int32, n), Preds: make([][]int32, n),
		shape: make([]blockShape, n)}
	for i, b := range f.Blocks {
		g.shape[i] = shapeOf(b)
		b.index = int32(i)
	}
	// The edges go into two flat arrays (successors by source, then
	// predecessors by target), which the per-block slices share: two
	// allocations instead of two per block.
	succs := make([]int32, 0, 2*n)
	start := make([]int32, n+1)
	npreds := make([]int32, n)
	g.succLabels, g.succStart = make([]ID, 0, 2*n), make([]int32, n+1)
	for i, b := range f.Blocks {
		start[i] = int32(len(succs))
		at := len(g.succLabels)
		g.succLabels = b.AppendSuccessors(g.succLabels)
		g.succStart[i+1] = int32(len(g.succLabels))
		for _, l := range g.succLabels[at:] {
			j := g.Index(l)
			if j < 0 || contains(succs[start[i]:], j) {
				continue
			}
			succs = append(succs, j)
			npreds[j]++
		}
	}
	start[n] = int32(len(succs))
	preds := make([]int32, len(succs))
	at := int32(0)
	for j := range n {
		g.Preds[j] = preds[at : at : at+npreds[j]]
		at += npreds[j]
	}
	for i := range n {
		g.Succs[i] = succs[start[i]:start[i+1]:start[i+1]]
		for _, j := range g.Succs[i] {
			g.Preds[j] = append(g.Preds[j], int32(i))
		}
	}
	g.RPO, g.rpoIndex = reversePostOrder(n, 0, g.Succs)
	return g
}

// A blockIndex maps labels to block indices: dense over the labels'
// range, or (for spread-out labels) a map built on first use.
type blockIndex struct {
	lo     ID
	dense  []int32 // by label - lo: the index + 1, 0 for none
	sparse map[ID]int32
	lazy   bool // sparse is to be built on first use (CFG.Index)
	zero   bool // some block's label is 0 (no valid one is)
}

// newBlockIndex indexes blocks: densely if their labels are compact, else
// lazily (see CFG.Index).
func newBlockIndex(blocks []*Block) blockIndex {
	if len(blocks) == 0 {
		return blockIndex{}
	}
	lo, hi := blocks[0].Label, blocks[0].Label
	for _, b := range blocks {
		lo, hi = min(lo, b.Label), max(hi, b.Label)
	}
	if lo == 0 {
		return blockIndex{lazy: true, zero: true}
	}
	var x blockIndex
	if span := uint64(hi - lo); span < 8*uint64(len(blocks))+64 {
		x.lo, x.dense = lo, make([]int32, span+1)
		// A label given twice (invalid) finds its last block, in both forms.
		for i, b := range blocks {
			x.dense[b.Label-lo] = int32(i) + 1
		}
		return x
	}
	return blockIndex{lazy: true}
}

// get returns the index of the block labelled label, or -1.
func (x *blockIndex) get(label ID) int32 {
	if x.sparse != nil {
		if i, ok := x.sparse[label]; ok {
			return i
		}
		return -1
	}
	if label < x.lo || uint64(label-x.lo) >= uint64(len(x.dense)) {
		return -1
	}
	return x.dense[label-x.lo] - 1
}

func contains(s []int32, x int32) bool {
	for _, y := range s {
		if y == x {
			return true
		}
	}
	return false
}

// reversePostOrder numbers the nodes reachable from entry in reverse
// post-order over succs (iteratively: deep CFGs must not overflow the
// stack). Unreachable nodes get -1.
func reversePostOrder(n int, entry int32, succs [][]int32) (order, index []int32) {
	index = make([]int32, n)
	for i := range index {
		index[i] = -1
	}
	if n == 0 {
		return nil, index
	}
	post := make([]int32, 0, n)
	visited := make([]bool, n)
	type frame struct{ node, next int32 }
	stack := []frame{{entry, 0}}
	visited[entry] = true
	for len(stack) > 0 {
		top := &stack[len(stack)-1]
		if int(top.next) < len(succs[top.node]) {
			s := succs[top.node][top.next]
			top.next++
			if !visited[s] {
				visited[s] = true
				stack = append(stack, frame{s, 0})
			}
			continue
		}
		post = append(post, top.node)
		stack = stack[:len(stack)-1]
	}
	order = make([]int32, len(post))
	for i, b := range post {
		order[len(post)-1-i] = b
		index[b] = int32(len(post) - 1 - i)
	}
	return order, index
}

// Index returns the index of the block labelled label, or -1.
func (g *CFG) Index(label ID) int32 {
	if g.index.dense == nil {
		// The block the def-use chains know by label, if it is at its
		// index in this graph under the same label, is the answer the
		// index would give (for a valid function, whose labels are
		// unique).
		if m := g.Func.module; m != nil && m.du != nil {
			if b := m.du.Block(label); b != nil {
				if i := b.index; uint(i) < uint(len(g.shape)) && g.shape[i].block == b && g.shape[i].label == label {
					return i
				}
			}
		}
		if label == 0 && !g.index.zero {
			return -1 // (ContainingConstruct's "none", asked often)
		}
		if g.index.lazy {
			// From the labels the graph was built from (g.Blocks shares
			// the function's slice, which passes may reorder).
			g.index.lazy = false
			g.index.sparse = make(map[ID]int32, len(g.shape))
			for i, s := range g.shape {
				g.index.sparse[s.label] = int32(i)
			}
		}
	}
	return g.index.get(label)
}

// Block returns the block labelled label, or nil.
func (g *CFG) Block(label ID) *Block {
	if i := g.Index(label); i >= 0 {
		return g.Blocks[i]
	}
	return nil
}

// Reachable reports whether block i is reachable from the entry.
func (g *CFG) Reachable(i int32) bool { return g.rpoIndex[i] >= 0 }

// RPOIndex returns block i's position in reverse post-order (-1 when
// unreachable).
func (g *CFG) RPOIndex(i int32) int32 { return g.rpoIndex[i] }

// IsBackEdge reports whether the edge from→to goes back to a block no later
// in reverse post-order (a loop's back edge, in a reducible CFG).
func (g *CFG) IsBackEdge(from, to int32) bool {
	return g.rpoIndex[from] >= 0 && g.rpoIndex[to] >= 0 && g.rpoIndex[to] <= g.rpoIndex[from]
}

// MergeOf returns the merge block's index of block i's OpSelectionMerge or
// OpLoopMerge, and for a loop header its continue target's; -1 for none.
func (g *CFG) MergeOf(i int32) (merge, cont int32) {
	m := g.Blocks[i].Merge()
	if m == nil {
		return -1, -1
	}
	merge, cont = g.Index(m.Operands[0].ID()), -1
	if m.Op == spv.OpLoopMerge && len(m.Operands) > 1 {
		cont = g.Index(m.Operands[1].ID())
	}
	return merge, cont
}
